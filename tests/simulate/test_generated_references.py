"""The engine interface's and summary.json's reference pages: generated from the code, complete, built
with the site."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from simulate.engines import base
from simulate.engines import reference as engine_reference
from simulate.report import summary_fields

ROOT = Path(__file__).resolve().parents[2]


def test_every_hook_of_the_engine_interface_is_on_its_page_required_or_with_its_default():
    page = engine_reference.render()
    for cls in (base.GameBase, base.StateBase, base.AgentBase):
        own = [name for name in vars(cls) if not name.startswith("_")]  # its attributes and methods
        for name in own:
            entry = re.search(rf"(?m)^(### `{name}\b.*|\| `{name}` \|.*)$", page)
            assert entry is not None, f"{cls.__name__}.{name} is not on the page"
        for name in cls.__abstractmethods__:
            assert re.search(rf"(?ms)^### `{name}\(.*?\n\n\*\*required\*\*", page), name
    assert "| `name` | `str \\| None` | **required** |" in page
    assert "| `max_moves` | `int` | `100_000` |" in page
    for field in base.Result.__dataclass_fields__:
        assert f"| `{field}` |" in page
    for helper in engine_reference.HELPERS:
        signature = str(inspect.signature(getattr(base, helper))).split(" ->")[0]
        assert f"### `{helper}(" in page, signature


def test_a_hook_added_to_the_interface_reaches_the_page(monkeypatch, tmp_path):
    source = engine_reference.SOURCE.read_text()
    added = source.replace(
        "    @abstractmethod\n    def game_of(self) -> GameBase:",
        '    def pieces_left(self) -> int:\n        """Pieces not yet placed."""\n        return 0\n\n'
        "    @abstractmethod\n    def game_of(self) -> GameBase:",
    )
    (tmp_path / "base.py").write_text(added)
    monkeypatch.setattr(engine_reference, "SOURCE", tmp_path / "base.py")
    assert "### `pieces_left() -> int`\n\nhas a default. Pieces not yet placed." in engine_reference.render()


def test_a_summary_field_without_a_line_is_found():
    summary = {
        "game": "g",
        "arms": {"default": {"games": 3, "capped": {"k": 0, "n": 3, "p": 0, "lo": 0, "hi": 0.6}, "new": 1}},
        "comparisons": {"b vs a": {"tests": {"margin": {"p": 1}}, "margin_chnge": 2}},
        "config": {"arms": [{"label": "default", "rules": {"x": 1}, "odd": 1}]},
    }
    assert summary_fields.undocumented(summary) == [
        "arms.<arm>.new",
        "comparisons.<comparison>.margin_chnge",
        "config.arms[].odd",
    ]
    page = summary_fields.render()
    assert "| `arms.<arm>.capped` | share |" in page and "| `arms.<arm>.position_wins[]` | share |" in page


def test_the_site_generates_both_pages_at_build_time():
    pytest.importorskip("mkdocs")
    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    config = load_config(str(ROOT / "mkdocs.yml"))
    files = config.plugins.on_files(Files([]), config=config)
    for path, render in (
        ("reference/engine-interface.md", engine_reference.render),
        ("reference/summary-json.md", summary_fields.render),
    ):
        generated = files.get_file_from_path(path)
        assert generated is not None and generated.content_string == render()
        assert not (ROOT / "docs" / path).exists()
