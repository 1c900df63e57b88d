"""The data loader: resolving variants and overrides, and one-line errors for bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.errors import DataError
from printkit.gamedata import load_game, parse_value

SHIPPED = Path(__file__).resolve().parents[2] / "data" / "united_square.toml"


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


def _broken(tmp_path, old, new):
    text = SHIPPED.read_text()
    assert old in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, 1))
    return str(path)


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("board = 5\n", 'board = "five"\n', 'rules.board: expected one of 5, 7, got "five"'),
        ("size_mm = [27, 27]", "size_mm = [27, -1]", "components.panel.size_mm: expected [width, height]"),
        ("players = [2, 4]", "players = 4", "game.players: expected a list, got 4"),
        ('kind = "tile"', 'kind = "tyle"', "components.panel.kind: expected one of"),
        ("[options.board]", "[options.bored]", "options.board: missing"),
        ('set = { deal = "equal" }', 'set = { deal = "fair" }', "variants.equal_deal.set.deal"),
        ('title = "United Square"', "title = [", "not valid TOML"),
    ],
)
def test_broken_data_files_name_the_file_and_key(tmp_path, old, new, message):
    path = _broken(tmp_path, old, new)
    with pytest.raises(DataError) as err:
        load_game(path)
    text = str(err.value)
    assert text.startswith(path)
    assert message in text
    assert "\n" not in text


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(DataError, match="unknown game 'chess': expected one of .*united_square"):
        load_game("chess")
    with pytest.raises(DataError, match="no such data file"):
        load_game("missing/file.toml")


def _with_lang(tmp_path, extra: str) -> str:
    """The shipped data file with `extra` TOML appended (more [lang.ja] tables)."""
    path = tmp_path / "lang.toml"
    path.write_text(SHIPPED.read_text(encoding="utf-8") + "\n" + extra, encoding="utf-8")
    return str(path)


def test_an_option_doc_is_laid_over_the_english_in_its_language_only(tmp_path):
    data = load_game(_with_lang(tmp_path, '[lang.ja.options.board]\ndoc = "ボードの大きさ。"\n'))
    english = data.options["board"]["doc"]
    ja = data.localized("ja")
    assert ja.options["board"]["doc"] == "ボードの大きさ。"
    assert ja.options["board"]["choices"] == [5, 7] and ja.options["deal"] == data.options["deal"]
    assert data.localized("en").options["board"]["doc"] == english == data.options["board"]["doc"]
    assert ja.resolve(sets=("board=7", "panels_per_type=8"))["board"] == 7  # the rules are untouched


@pytest.mark.parametrize(
    "extra, message",
    [
        ('[lang.ja.options.bored]\ndoc = "x"\n', "lang.ja.options.bored: no such key in the English text"),
        ('[lang.ja.options.board]\ndocs = "x"\n', "lang.ja.options.board.docs: no such key"),
        ('[lang.ja.options.board]\nsource = "x"\n', "lang.ja.options.board.source: expected only doc"),
        ("[lang.ja.options.board]\ndoc = 5\n", "lang.ja.options.board.doc: expected a string"),
        ('[lang.ja.rules]\nboard = "x"\n', "lang.ja.rules: expected only game, components, options"),
        ('[lang.ja.components.domino]\ntitle = "x"\n', "lang.ja.components.domino: no such key"),
    ],
)
def test_a_translation_naming_an_unknown_key_is_one_line_naming_it(tmp_path, extra, message):
    path = _with_lang(tmp_path, extra)
    with pytest.raises(DataError) as err:
        load_game(path)
    text = str(err.value)
    assert text.startswith(path) and message in text and "\n" not in text
