"""The data loader: resolving variants and overrides, and one-line errors for bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.build import build
from printkit.datafile.gamedata import load_game, parse_value
from printkit.datafile.games import shipped_games
from printkit.errors import DataError

DATA = Path(__file__).resolve().parents[2] / "data"
SHIPPED = DATA / "united_square" / "united_square.toml"


def test_defaults_variants_and_sets_resolve_in_order():
    data = load_game("united_square")
    rules = data.resolve("board7+deal=equal", sets=("rounds=1",))
    assert rules["board"] == 7 and rules["panels_per_type"] == 8 and rules["deal"] == "equal"
    assert rules.players == 2 and rules.label == "board7+deal=equal"
    assert data.resolve("teams").players == 4
    assert data.resolve("default", players=4).players == 4


def test_set_values_parse_as_toml_else_text():
    assert parse_value("7") == 7
    assert parse_value("true") is True
    assert parse_value("[1, 2]") == [1, 2]
    assert parse_value("equal") == "equal"


@pytest.mark.parametrize(
    "spec, sets, players, message",
    [
        ("nope", (), None, "unknown variant 'nope'"),
        ("default", ("board=9",), None, "rules.board: expected one of 5, 7, got 9"),
        ("default", ("board=seven",), None, 'rules.board: expected an integer, got "seven"'),
        ("default", ("colour=red",), None, "rules.colour: unknown option"),
        ("default", ("deal",), None, "expected key=value"),
        ("default", ("start_type=0",), None, "rules.start_type: expected a value >= 1, got 0"),
        ("default", (), 3, "players: United Square takes 2, 4 players, got 3"),
    ],
)
def test_bad_overrides_name_key_value_and_expectation(spec, sets, players, message):
    with pytest.raises(DataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_game("united_square").resolve(spec, sets, players)


def _game_copy(tmp_path, game: str, old: str, new: str) -> str:
    """The shipped data file of `game` with `old` replaced once by `new`, as a path."""
    text = (DATA / game / f"{game}.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / f"{game}.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


def _broken(tmp_path, old, new):
    return _game_copy(tmp_path, "united_square", old, new)


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(DataError, match="unknown game 'chess': expected one of .*united_square"):
        load_game("chess")
    with pytest.raises(DataError, match="no such data file"):
        load_game("missing/file.toml")


def _with_lang(tmp_path, extra: str) -> str:
    """The shipped data file with `extra` TOML appended (more [lang.ja] tables), its own Japanese doc of
    `board` left out so that `extra` may give one."""
    path = tmp_path / "lang.toml"
    shipped, dropped = re.subn(
        r"^\[lang\.ja\.options\.board\]\ndoc = .*\n", "", SHIPPED.read_text(encoding="utf-8"), flags=re.M
    )
    assert dropped == 1
    path.write_text(shipped + "\n" + extra, encoding="utf-8")
    return str(path)


def test_an_option_doc_is_laid_over_the_english_in_its_language_only(tmp_path):
    data = load_game(_with_lang(tmp_path, '[lang.ja.options.board]\ndoc = "ボードの大きさ。"\n'))
    english = data.options["board"]["doc"]
    ja = data.localized("ja")
    assert ja.options["board"]["doc"] == "ボードの大きさ。"
    assert ja.options["board"]["choices"] == [5, 7]
    assert {k: v for k, v in ja.options["deal"].items() if k != "doc"} == {
        k: v for k, v in data.options["deal"].items() if k != "doc"
    }  # the rules of a translated option are the English file's
    assert data.localized("en").options["board"]["doc"] == english == data.options["board"]["doc"]
    assert ja.resolve(sets=("board=7", "panels_per_type=8"))["board"] == 7  # the rules are untouched


def test_a_variant_doc_is_laid_over_the_english_and_its_settings_stay_rules():
    data = load_game("united_square")
    ja = data.localized("ja")
    assert ja.variants["board7"]["doc"] == "7×7ボード、各種類8枚のパネル。"
    assert data.variants["board7"]["doc"] == "7x7 board with 8 panels of each type."
    assert ja.variants["board7"]["set"] == data.variants["board7"]["set"]
    assert ja.resolve("board7")["board"] == 7


@pytest.mark.parametrize(
    "extra, message",
    [
        ('[lang.ja.options.bored]\ndoc = "x"\n', "lang.ja.options.bored: no such key in the English text"),
        ('[lang.ja.options.board]\ndocs = "x"\n', "lang.ja.options.board.docs: no such key"),
        ('[lang.ja.options.board]\nsource = "x"\n', "lang.ja.options.board.source: expected only doc"),
        ("[lang.ja.options.board]\ndoc = 5\n", "lang.ja.options.board.doc: expected a string"),
        (
            '[lang.ja.variants.equal_deal.set]\ndeal = "x"\n',
            "lang.ja.variants.equal_deal.set: expected only doc",
        ),
        (
            '[lang.ja.variants.board8]\ndoc = "x"\n',
            "lang.ja.variants.board8: no such key in the English text",
        ),
        (
            '[lang.ja.rules]\nboard = "x"\n',
            "lang.ja.rules: expected only game, components, options, variants",
        ),
        ('[lang.ja.components.domino]\ntitle = "x"\n', "lang.ja.components.domino: no such key"),
    ],
)
def test_a_translation_naming_an_unknown_key_is_one_line_naming_it(tmp_path, extra, message):
    path = _with_lang(tmp_path, extra)
    with pytest.raises(DataError) as err:
        load_game(path)
    text = str(err.value)
    assert text.startswith(path) and message in text and "\n" not in text


# ------------------------------------------------------------------ merging into tables
TWINKLE = DATA / "twinkle_twinkle" / "twinkle_twinkle.toml"
PLANETS_4 = {"green_each": 4, "blue_each": 2, "blue_most_bonus": 8}


def _twinkle_with(tmp_path, extra: str) -> str:
    path = tmp_path / "twinkle.toml"
    path.write_text(TWINKLE.read_text(encoding="utf-8") + "\n" + extra, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "set_line",
    [
        "set = { planets = { green_each = 4 } }",  # a table naming one leaf
        "set = { planets.green_each = 4 }",  # a dotted key
        'set = { "planets.green_each" = 4 }',  # a quoted dotted key
    ],
)
def test_a_variant_naming_one_leaf_changes_that_leaf_and_keeps_the_rest(tmp_path, set_line):
    data = load_game(_twinkle_with(tmp_path, f'[variants.green4]\ndoc = "4 per planet."\n{set_line}\n'))
    rules = data.resolve("green4")
    assert rules["planets"] == PLANETS_4
    assert {k: v for k, v in rules.values.items() if k != "planets"} == {
        k: v for k, v in data.rules.items() if k != "planets"
    }


def test_set_and_arm_parts_merge_over_the_variant_in_force():
    data = load_game("twinkle_twinkle")
    blue = data.resolve("blue", sets=["sides={ comets = 'green' }"])
    assert blue["sides"] == {**{k: "blue" for k in data.rules["sides"]}, "comets": "green"}
    seven = data.resolve("asteroids_7+asteroids.blue_fewest_penalty=3")
    assert seven["asteroids"] == {"points": [2, 5, 9, 14, 20, 27, 35], "blue_fewest_penalty": 3}
    assert data.resolve(sets=["planets={green_each=4}"])["planets"] == PLANETS_4
    assert data.rules["planets"]["green_each"] == 3  # the loaded defaults are never changed


@pytest.mark.parametrize(
    "extra, message",
    [
        (
            "set = { planets = { gren_each = 4 } }",
            'variants.v.set.planets.gren_each: unknown key; did you mean "green_each"?',
        ),
        (
            'set = { "planets.gren_each" = 4 }',
            'variants.v.set.planets.gren_each: unknown key; did you mean "green_each"?',
        ),
        (
            "set = { planet = { green_each = 4 } }",
            'variants.v.set.planet: unknown option; did you mean "planets"?',
        ),
        (
            'set = { planets = { green_each = "4" } }',
            'variants.v.set.planets.green_each: expected an integer, got "4"',
        ),
        ("set = { flip.x = 1 }", "variants.v.set.flip: expected true or false, got a table"),
    ],
)
def test_a_variant_naming_an_unknown_leaf_is_refused_with_the_nearest_key(tmp_path, extra, message):
    path = _twinkle_with(tmp_path, f'[variants.v]\ndoc = "x"\n{extra}\n')
    with pytest.raises(DataError) as err:
        load_game(path)
    assert str(err.value).startswith(path) and message in str(err.value)


def test_a_set_naming_an_unknown_leaf_is_refused_with_the_nearest_key():
    with pytest.raises(
        DataError,
        match='--set planets.gren_each=4: rules.planets.gren_each: unknown key; did you mean "green_each"',
    ):
        load_game("twinkle_twinkle").resolve(sets=["planets.gren_each=4"])


# ------------------------------------------------------------------ the schema of every table
@pytest.mark.parametrize(
    "old, new, message",
    [
        ("[rules]", "[rule]", 'rule: unknown table; did you mean "rules"?'),
        (
            'title = "United Square"',
            'titel = "United Square"',
            'game.titel: unknown key; did you mean "title"?',
        ),
        (
            'kind = "tile"',
            'kind = "tile"\ncuont = 3',
            'components.panel.cuont: unknown key; did you mean "count"?',
        ),
        ("choices = [5, 7]", "choise = [5, 7]", 'options.board.choise: unknown key; did you mean "choices"?'),
        (
            'source = "documents"\nchoices = [5, 7]',
            'sorce = "seed"\nchoices = [5, 7]',
            'options.board.sorce: unknown key; did you mean "source"?',
        ),
        ("set = { deal", "sets = { deal", 'variants.equal_deal.sets: unknown key; did you mean "set"?'),
        ('letter = "R"', 'leter = "R"', 'game.colours[0].leter: unknown key; did you mean "letter"?'),
        (
            'start = "初期パネル"',
            'strat = "初期パネル"',
            "lang.ja.components.board.text.strat: no such key in the English text",
        ),
        (
            "min = 1\nmax = 8",
            "min = 8\nmax = 1",
            "options.panels_per_type.max: expected a value >= min (8), got 1",
        ),
        (
            "choices = [5, 7]",
            'choices = [5, "7"]',
            'options.board.choices[1]: expected an integer like rules.board, got "7"',
        ),
        (
            'choices = ["random", "equal"]',
            'choices = ["random", "equal"]\nmin = 1',
            'rules.deal: options.deal.min bounds numbers, got "random"',
        ),
        (
            "choices = [5, 7]",
            "choices = []",
            "options.board.choices: expected a non-empty list of values, got []",
        ),
        (
            'back_rgb = "#2b2d42"',
            'back_rgb = "navy"',
            'components.start_panel.back_rgb: expected a colour "#rrggbb"',
        ),
        (
            'like = "panel"',
            'like = "panle"',
            'components.start_panel.like: no component "panle"; did you mean "panel"?',
        ),
        ("size_mm = [180, 120]", "size_mm = [180]", "components.aid.size_mm: expected [width, height] in mm"),
        (
            "players = 4\nset = { mode",
            "players = 3\nset = { mode",
            "variants.teams.players: expected one of game.players, got 3",
        ),
        (
            'headline = ["default", "equal_deal"]',
            'headline = ["default", "equal"]',
            'game.headline: no variant "equal"; did you mean "equal_deal"?',
        ),
        ("board = 5\n", 'board = "five"\n', 'rules.board: expected one of 5, 7, got "five"'),
        ("size_mm = [27, 27]", "size_mm = [27, -1]", "components.panel.size_mm: expected [width, height]"),
        ("players = [2, 4]", "players = 4", "game.players: expected a non-empty list of player counts"),
        ('kind = "tile"', 'kind = "tyle"', "components.panel.kind: expected one of"),
        ("[options.board]", "[options.bored]", "options.board: missing"),
        ('set = { deal = "equal" }', 'set = { deal = "fair" }', "variants.equal_deal.set.deal"),
        ('title = "United Square"', "title = [", "not valid TOML"),
    ],
)
def test_every_table_refuses_unknown_keys_and_bad_values(tmp_path, old, new, message):
    path = _broken(tmp_path, old, new)
    with pytest.raises(DataError) as err:
        load_game(path)
    text = str(err.value)
    assert text.startswith(path) and message in text and "\n" not in text


def test_a_component_field_of_a_declared_form_is_accepted_and_checked(tmp_path):
    data = load_game(
        _broken(tmp_path, 'kind = "board"\n', 'kind = "board"\nline_rgb = "#102030"\nmax_lines = 3\n')
    )
    assert data.components["board"]["line_rgb"] == "#102030"
    with pytest.raises(DataError, match='components.board.line_rgb: expected a colour "#rrggbb", got "grey"'):
        load_game(_broken(tmp_path, 'kind = "board"\n', 'kind = "board"\nline_rgb = "grey"\n'))


# ------------------------------------------------------------------ rule sets on resolved rules
@pytest.mark.parametrize(
    "game, spec, sets, players, message",
    [
        ("united_square", "default", ("mode=teams",), None, "rules.mode: teams needs 4 players, got 2"),
        ("united_square", "two_rounds", (), 4, "rules.rounds: 2 rounds is a 2-player rule, got 4 players"),
        (
            "united_square",
            "default",
            ("board=7",),
            None,
            "rules.panels_per_type: a 7x7 board needs 8 panels of each type",
        ),
        ("united_square", "board7+deal=equal", ("panels_per_type=8",), 4, None),
        (
            "tiddly_wink",
            "default",
            ("hand=14",),
            None,
            "rules.hand: 5 players x 14 tiles = 70, more than the 28 dominoes",
        ),
        ("tiddly_wink", "default", ("hand=14",), 2, None),
        (
            "tiddly_wink",
            "default",
            ("stake=0",),
            None,
            'rules.stake: 0 never puts anyone out, so match_end = "first_bust" never ends',
        ),
        (
            "twinkle_twinkle",
            "default",
            ("chart={rows=3}",),
            2,
            "rules.standees.2: 2 standees each cannot fill a chart of 15 spaces",
        ),
        (
            "twinkle_twinkle",
            "default",
            ("opening={4=[3, 4]}",),
            None,
            "rules.opening.4: round 1 starts with 3 tiles in the current row for 4 standees",
        ),
    ],
)
def test_a_rule_set_the_engine_cannot_play_is_refused_naming_the_file(game, spec, sets, players, message):
    data = load_game(game)
    if message is None:
        assert data.resolve(spec, sets, players).players == (players or data.game["default_players"])
        return
    with pytest.raises(DataError) as err:
        data.resolve(spec, sets, players)
    assert str(err.value).startswith(f"{data.path}: {message}")
    assert f'(variant "{spec}"' in str(err.value)


@pytest.mark.parametrize(
    "game", ["united_square", "tiddly_wink", "twinkle_twinkle", "this_town", "time_splicers"]
)
def test_every_shipped_variant_resolves(game):
    data = load_game(game)
    for name in data.variants:
        assert data.resolve(name).label == name


# ------------------------------------------------------------------ reading the file
def test_a_utf8_file_with_a_byte_order_mark_loads(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + SHIPPED.read_bytes())
    assert load_game(str(path)).title == "United Square"


def test_tables_nested_deeper_than_any_data_file_are_refused_before_checking(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text(SHIPPED.read_text(encoding="utf-8") + "\n[game.x]\ny = " + "[" * 40 + "]" * 40 + "\n")
    with pytest.raises(DataError, match="tables or lists nested 4[0-9] deep; expected at most 24"):
        load_game(str(path))


def test_a_one_leaf_variant_is_what_both_tools_play_and_print(run_tool, tmp_path):
    variant = '[variants.green4]\ndoc = "4 per planet."\nset = { planets.green_each = 4 }\n'
    path = _twinkle_with(tmp_path, variant)
    defaults = load_game(path).rules
    expected = {**defaults, "planets": PLANETS_4}

    code, _, err = run_tool(
        "simulate", "run", path, "--variant", "green4", "--games", "2", "--agents", "random",
        "--quiet", "--out", str(tmp_path / "sim"),
    )  # fmt: skip
    assert code == 0, err
    (run_json,) = (tmp_path / "sim").rglob("run.json")
    assert json.loads(run_json.read_text())["rules"] == expected

    result = build(path, tmp_path / "print", spec="green4")
    assert dict(result.rules.values) == expected
    text = "".join(page.extract_text() for page in PdfReader(result.path).pages)
    assert "4 points per planet." in text and "3 points per planet." not in text


# ------------------------------------------------------------------ the shape of the rules a game reads
@pytest.mark.parametrize(
    "game, old, new, message",
    [
        ("twinkle_twinkle", "3 = 1\n", "3 = []\n", "rules.standees.3: expected an integer, got []"),
        ("twinkle_twinkle", "3 = [4, 3]\n", "", "rules.opening.3: missing; one entry per player count"),
        (
            "twinkle_twinkle",
            "3 = [4, 3]\n",
            "3 = [4, 3]\n5 = [4, 3]\n",
            "rules.opening.5: unknown key (expected one of: 2, 3, 4)",
        ),
        (
            "twinkle_twinkle",
            "2 = [5, 4]\n",
            "2 = [5]\n",
            "rules.opening.2: expected a list of 2 items, got [5]",
        ),
        (
            "twinkle_twinkle",
            "cols = 5\n",
            "colls = 5\n",
            'rules.chart.colls: unknown key; did you mean "cols"?',
        ),
        ("twinkle_twinkle", "green_each = 3\n", "", "rules.planets.green_each: missing; the game reads it"),
        (
            "united_square",
            "start_type = 1\n",
            "start_type = 1.0\n",
            "rules.start_type: expected an integer, got 1.0",
        ),
        (
            "united_square",
            'pairing_2p = "ry-bg"\n',
            "pairing_2p = {}\n",
            "rules.pairing_2p: expected a string, got a table",
        ),
        ("tiddly_wink", "hand = 3\n", 'hand = "3"\n', 'rules.hand: options.hand.min bounds numbers, got "3"'),
        ("tiddly_wink", "draw = false\n", 'draw = "no"\n', 'rules.draw: expected true or false, got "no"'),
        (
            "time_splicers",
            "max_number = 13\n",
            "max_number = 2\n",
            "components.number_card.max_number: expected 3 to 20, got 2",
        ),
        (
            "this_town",
            "rotation = true\n",
            "rotation = {}\n",
            "rules.rotation: expected true or false, got a table",
        ),
    ],
)
def test_a_default_of_a_shape_the_game_cannot_read_is_refused(tmp_path, game, old, new, message):
    path = _game_copy(tmp_path, game, old, new)
    with pytest.raises(DataError) as err:
        load_game(path)
    assert str(err.value).startswith(f"{path}: {message}")


def test_a_hand_over_the_limit_is_refused_by_the_loader():
    with pytest.raises(
        DataError, match="time_splicers.toml: rules.hand_size: 8 is more than rules.hand_limit 7"
    ):
        load_game("time_splicers").resolve(sets=["hand_size=8"])


@pytest.mark.parametrize("name", shipped_games())
def test_every_shipped_game_has_japanese_for_each_option_variant_and_source(name):
    """A Japanese report says what an arm changes, and the designer's sheet what each option does and where
    the rules come from, in the data file's Japanese words: one it has none for prints its English there.
    A designer's own game may leave them out; the five shipped games do not."""
    data = load_game(name)
    japanese = data.translations["ja"]
    assert sorted(japanese.get("options", {})) == sorted(data.options)
    assert sorted(japanese.get("variants", {})) == sorted(data.variants)
    sources = japanese["game"].get("sources", [])
    assert len(sources) == len(data.game["sources"])
    assert all(set(source) >= {"where", "covers"} for source in sources)
