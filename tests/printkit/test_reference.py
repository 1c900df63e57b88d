"""The data file reference is written from the schema and the rule sets: every key they declare is on it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.datafile import reference, schema
from printkit.datafile.gamedata import available_games, load_game
from printkit.datafile.rulesets import ruleset
from printkit.datafile.shapes import COMPENSATION, Between, OneOf, PerPlayers

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def page() -> str:
    return reference.render()


def test_every_schema_key_is_listed(page):
    tables = [schema.GAME_FIELDS, schema.COMPONENT_FIELDS, schema.OPTION_FIELDS, schema.VARIANT_FIELDS]
    tables += list(schema.KIND_FIELDS.values())
    tables += [
        f.records for t in (schema.GAME_FIELDS, schema.COMPONENT_FIELDS) for f in t.values() if f.records
    ]
    for fields in tables:
        for name, field in fields.items():
            assert f"| `{name}` | {'yes' if field.required else ''} | {field.expected} |" in page


def test_every_game_rule_variant_and_own_field_is_listed(page):
    for name in available_games():
        data = load_game(name)
        assert f"### {data.title} (`{name}`)" in page
        for rule, default in data.rules.items():
            assert f"| `{rule}` | {reference.cell(schema.show(default))} |" in page
        for variant in data.variants:
            assert f"| `{variant}` |" in page
        for field in getattr(ruleset(data.engine), "FIELDS", {}):
            assert f"| `{field}` |" in page


def test_the_page_follows_the_schema_and_the_data(monkeypatch, tmp_path):
    """A field added to the schema and a variant added to a data file appear without touching the page."""
    monkeypatch.setitem(schema.GAME_FIELDS, "box_art", schema.Field("a picture of the box", lambda v: True))
    shutil.copy(ROOT / "data" / "united_square" / "united_square.toml", tmp_path / "united_square.toml")
    with open(tmp_path / "united_square.toml", "a") as out:
        out.write('\n[variants.huge_board]\ndoc = "A board of seven."\nset = { board = 7 }\n')
    monkeypatch.setenv("PRINTKIT_DATA", str(tmp_path))
    page = reference.render()
    assert "| `box_art` |  | a picture of the box |" in page
    assert "| `huge_board` | board=7 | A board of seven. |" in page


def test_a_cell_keeps_the_table_whole():
    assert reference.cell("a | b\nc") == "a \\| b c"


def test_the_site_generates_the_page_at_build_time():
    """mkdocs.yml's hooks add the rendered page when the site builds (it is never a stored file)."""
    pytest.importorskip("mkdocs")
    from mkdocs.config import load_config
    from mkdocs.structure.files import Files

    config = load_config(str(ROOT / "mkdocs.yml"))
    files = config.plugins.on_files(Files([]), config=config)
    generated = files.get_file_from_path("reference/data-file.md")
    assert generated is not None and generated.content_string == reference.render()
    assert not (ROOT / "docs" / "reference" / "data-file.md").exists()


LIMITS_GUIDE = ROOT / "docs" / "guides" / "data-file-limits.md"
LIMITS_HEADER = "| Game | Players | Rules and the values implemented |"


@pytest.fixture(scope="module")
def titles() -> dict[str, str]:
    """`{engine: title}` of the shipped games with a rule set of `RULES`."""
    games = [load_game(name) for name in available_games()]
    return {data.engine: data.title for data in games if getattr(ruleset(data.engine), "RULES", None)}


def limits_drift(guide: str, titles: dict[str, str]) -> list[str]:
    """How the guide's limits table differs from the rule sets: a game with no row (a row names the game by
    its title or the start of it) or a row that is not the one its rule set renders."""
    lines = guide.split("\n")
    rows = {}
    for line in lines[lines.index(LIMITS_HEADER) + 2 :]:
        if not line.startswith("| "):
            break
        rows[line.split(" | ")[0][2:]] = line
    drift = []
    for engine, title in titles.items():
        label = next((label for label in rows if title.startswith(label)), None)
        if label is None:
            drift.append(f"{engine}: no row in {LIMITS_GUIDE.name}'s limits table for {title!r}")
        elif rows[label] != (expected := reference.limits_row(engine, label)):
            drift.append(f"{engine}: its row in {LIMITS_GUIDE.name} should read\n{expected}")
    return drift


def test_the_limits_guide_lists_every_rule_each_game_implements(titles):
    drift = limits_drift(LIMITS_GUIDE.read_text(encoding="utf-8"), titles)
    assert not drift, "\n".join(drift)


def test_a_rule_added_without_its_row_in_the_limits_guide_is_found(titles, monkeypatch):
    shapes = ruleset("tiddly_wink").RULES
    monkeypatch.setitem(shapes, "blitz", shapes["draw"])
    monkeypatch.setitem(shapes, "speed", {"fast": shapes["hand"], "slow": shapes["hand"]})
    drift = limits_drift(LIMITS_GUIDE.read_text(encoding="utf-8"), titles)
    assert len(drift) == 1 and drift[0].startswith(
        "tiddly_wink: its row in data-file-limits.md should read\n"
    )
    assert drift[0].endswith(", `draw` true/false, `blitz` true/false, `speed.*` 1 to 27 |")
    assert limits_drift(LIMITS_GUIDE.read_text(encoding="utf-8"), {**titles, "new_game": "New Game"}) == [
        drift[0],
        "new_game: no row in data-file-limits.md's limits table for 'New Game'",
    ]


def test_the_limits_row_writes_every_shape_in_words():
    shapes = {
        "a": COMPENSATION,
        "b": Between(1, 100_000),
        "c": OneOf("x", "y", 3, True),
        "d": "",
        "e": True,
        "f": [Between(0, 9)],
        "g": PerPlayers([Between(1, 8), Between(0, 8)]),
        "h": {"rows": Between(2, 8), "points": [Between(0, 9)], "deep": {"k": 0.0}},
    }
    assert reference.rules_text(shapes) == (
        "`a` any number from -1,000 to 1,000, `b` 1 to 100,000, `c` x/y/3/true, `d` text, `e` true/false, "
        "`f` a list of values 0 to 9, `g.<players>` a list of 2: 1 to 8 and 0 to 8, `h.rows` 2 to 8, "
        "`h.points` a list of values 0 to 9, `h.deep.k` a number"
    )
