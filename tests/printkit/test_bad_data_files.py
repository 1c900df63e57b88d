"""Every broken data file a new user made: one line naming the file and key path, exit 2, nothing written.

Each case runs `printkit build` and `simulate run` on the same broken file (or
the same rules), since both read games through the one loader.
"""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "data"


def _copy(tmp_path: Path, game: str, old: str, new: str, count: int = 1) -> str:
    """The shipped data file of `game` with `old` replaced by `new` (`count` times, -1: all), as a path."""
    text = (DATA / f"{game}.toml").read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / f"broken_{game}.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return str(path)


def _not_utf8(tmp_path: Path) -> str:
    path = tmp_path / "latin1.toml"
    path.write_bytes(
        (DATA / "united_square.toml").read_bytes().replace(b"# United", "# Unit\xe9d".encode("latin-1"))
    )
    return str(path)


def _deep(tmp_path: Path) -> str:
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    return str(path)


def _folder(tmp_path: Path) -> str:
    path = tmp_path / "folder.toml"
    path.mkdir()
    return str(path)


def _replace(game: str, old: str, new: str, count: int = 1):
    return lambda tmp_path: _copy(tmp_path, game, old, new, count)


PANEL_2 = '["red", "blue", "green", "yellow"],'
# (id, make the file, expected key path or words, extra arguments for both tools)
CASES = [
    ("not-utf8", _not_utf8, "not UTF-8 text (byte 0xe9", ()),
    ("nested-5000", _deep, "nested too deeply", ()),
    ("folder", _folder, "is a folder; expected a data file", ()),
    ("dev-null", lambda tmp_path: "/dev/null", "not a regular file", ()),
    (
        "min-as-text",
        _replace("united_square", "min = 1\n", 'min = "1"\n'),
        'options.panels_per_type.min: expected a number, got "1"',
        (),
    ),
    (
        "board-5.0",
        _replace("united_square", "board = 5\n", "board = 5.0\n"),
        "rules.board: expected one of 5, 7",
        (),
    ),
    (
        "no-panel",
        _replace("united_square", "[components.panel]", "[components.panels]"),
        'components.start_panel.like: no component "panel"',
        (),
    ),
    (
        "no-score-pad",
        _replace("united_square", "components.score_pad", "components.scorepad", -1),
        "components.score_pad: missing table",
        (),
    ),
    (
        "sizemm",
        _replace("united_square", "size_mm = [27, 27]", "sizemm = [27, 27]"),
        'components.panel.sizemm: unknown key; did you mean "size_mm"?',
        (),
    ),
    (
        "no-colours",
        _replace("twinkle_twinkle", "colours = { star", "# colours = { star"),
        "components.tile.colours: missing",
        (),
    ),
    (
        "purple",
        _replace("united_square", PANEL_2, '["red", "blue", "purple", "yellow"],'),
        "components.panel.types[1]: expected the 4 colours red, blue, yellow, green once each",
        (),
    ),
    (
        "duplicated-panel-type",
        _replace("united_square", PANEL_2, '["red", "blue", "yellow", "green"],'),
        "components.panel.types[1]: the panel of types[0] turned: a panel type is listed twice",
        (),
    ),
    (
        "empty-choices",
        _replace("united_square", "choices = [5, 7]", "choices = []"),
        "options.board.choices",
        (),
    ),
    (
        "choise",
        _replace("united_square", "choices = [5, 7]", "choise = [5, 7]"),
        'options.board.choise: unknown key; did you mean "choices"?',
        (),
    ),
    (
        "tile-key-typo",
        _replace(
            "twinkle_twinkle",
            'kind = "star", stars = [[2, 2]], new = [true]',
            'kind = "star", stras = [[2, 2]], new = [true]',
        ),
        'components.tile.tiles[0].stras: unknown key; did you mean "stars"?',
        (),
    ),
    (
        "tile-set-key-typo",
        _replace(
            "this_town",
            '[[components.tile.sets.tuned]]\nfences = ["N"]',
            '[[components.tile.sets.tuned]]\nfence = ["N"]',
        ),
        'components.tile.sets.tuned[0].fence: unknown key; did you mean "fences"?',
        (),
    ),
    (
        "teams-with-2",
        lambda tmp_path: str(DATA / "united_square.toml"),
        "rules.mode: teams needs 4 players, got 2",
        ("--set", "mode=teams"),
    ),
    (
        "hand-14-with-5",
        lambda tmp_path: str(DATA / "tiddly_wink.toml"),
        "rules.hand: 5 players x 14 tiles = 70, more than the 28 dominoes",
        ("--set", "hand=14"),
    ),
]
TOOLS = {
    "printkit": lambda path, out, extra: ("build", path, "--out", out, *extra),
    "simulate": lambda path, out, extra: (
        "run",
        path,
        "--games",
        "2",
        "--agents",
        "random",
        "--quiet",
        "--out",
        out,
        *extra,
    ),
}


@pytest.mark.parametrize("tool", sorted(TOOLS))
@pytest.mark.parametrize("make, expected, extra", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_broken_data_file_is_one_line_naming_file_and_key(run_tool, tmp_path, tool, make, expected, extra):
    path = make(tmp_path)
    out = tmp_path / "out"
    code, stdout, err = run_tool(tool, *TOOLS[tool](path, str(out), extra))
    assert code == 2, (stdout, err)
    assert err.startswith(f"error: {path}: ") and err.count("\n") == 1, err
    assert expected in err
    assert "Traceback" not in err
    assert not out.exists() or not [p for p in out.rglob("*") if p.is_file()]
