"""United Square's pieces are made from its data file and rules, and the registry finds them."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from printkit.datafile.gamedata import load_game
from printkit.draw import DRAWERS, drawing_module, has_drawing, pieces_for
from printkit.errors import DataError
from printkit.pieces.contract import Piece, bleed_rect, count_by_component

DATA = load_game("united_square")
COLOURS = {c["name"]: c for c in DATA.game["colours"]}


def record_of(items: list[Piece], component: str) -> dict:
    """The piece's record, or the fields its layout draws (the aid's and the score pad's)."""
    record = next(p.record for p in items if p.component == component)
    return record.get("fields", record)


def owners(aid: dict) -> dict[str, list[tuple[str, list[str]]]]:
    """The aid's "who owns which colour" rows by heading: (seat, colour names of its swatches)."""
    sections: dict[str, list[tuple[str, list[str]]]] = {}
    for row in aid["ownership"]:
        if isinstance(row, str):
            heading = re.sub(r"</?b>", "", row)
            sections[heading] = []
            continue
        for who, cell in zip(row[::2], row[1::2], strict=True):
            sections[heading].append((who, re.findall(r":(\w+):", cell)))
    return sections


def pad_colours(pad: dict) -> list[list[str]]:
    return [re.findall(r":(\w+):", cell) for cell in pad["seats"][1][1:]]


@pytest.mark.parametrize("spec", ["default", "board7", "teams", "fixed_start+deal=equal"])
def test_counts_and_sizes_follow_the_rules(spec):
    rules = DATA.resolve(spec)
    items = pieces_for(DATA, rules)
    per_type = rules["panels_per_type"]
    types = DATA.components["panel"]["types"]
    counts = count_by_component(items)
    starts = 1 if rules["start_panel"] == "fixed" else len(types)
    assert list(counts) == ["panel", "start_panel", "board", "aid", "score_pad"]
    assert counts == {
        "panel": len(types) * per_type,
        "start_panel": starts,
        "board": 1,
        "aid": 1,
        "score_pad": 1,
    }
    # The panels and one start panel fill the board.
    assert counts["panel"] + 1 == rules["board"] ** 2
    panel = tuple(DATA.components["panel"]["size_mm"])
    board = next(p for p in items if p.component == "board")
    assert board.size_mm == (rules["board"] * panel[0], rules["board"] * panel[1])
    assert next(p for p in items if p.component == "aid").size_mm == tuple(DATA.components["aid"]["size_mm"])


def test_panels_carry_their_type_colours_in_data_order():
    items = pieces_for(DATA, DATA.resolve())
    panels = [p for p in items if p.component == "panel"]
    per_type = DATA.rules["panels_per_type"]
    for i, piece in enumerate(panels):
        t = i // per_type
        assert piece.record["type"] == t + 1
        assert piece.record["sides"] == [COLOURS[n] for n in DATA.components["panel"]["types"][t]]
    assert len({p.label for p in panels}) == len(panels)
    again = pieces_for(DATA, DATA.resolve())
    assert [(p.label, p.record) for p in items] == [(p.label, p.record) for p in again]


@pytest.mark.parametrize("pairing", ["ry-bg", "rb-yg"])
def test_two_player_ownership_follows_the_pairing(pairing):
    rules = DATA.resolve(sets=[f"pairing_2p={pairing}"])
    items = pieces_for(DATA, rules)
    want = [[c for c in COLOURS.values() if c["letter"].lower() in group] for group in pairing.split("-")]
    want = [[c["name"] for c in seat] for seat in want]
    sections = owners(record_of(items, "aid"))
    assert list(sections)[0] == "2 players"
    assert [names for _, names in sections["2 players"]] == want
    assert pad_colours(record_of(items, "score_pad")) == want


def test_four_player_ownership_and_teams():
    items = pieces_for(DATA, DATA.resolve("teams"))
    sections = owners(record_of(items, "aid"))
    colours = list(COLOURS)
    assert [names for _, names in sections["4 players, one colour each"]] == [[c] for c in colours]
    assert [names for _, names in sections["4 players, teams"]] == [
        [colours[0], colours[2]],
        [colours[1], colours[3]],
    ]
    pad = record_of(items, "score_pad")
    assert len(pad["seats"][0]) == 5 and pad_colours(pad) == [[c] for c in colours]


def test_fixed_start_panel_is_printed_on_the_board():
    assert record_of(pieces_for(DATA, DATA.resolve()), "board")["start"] is None
    rules = DATA.resolve("fixed_start", sets=["start_type=3", "start_rotation=2"])
    start = record_of(pieces_for(DATA, rules), "board")["start"]
    assert start["type"] == 3 and start["rotation"] == 2
    assert start["sides"] == [COLOURS[n] for n in DATA.components["panel"]["types"][2]]


def test_summary_follows_deal_and_rounds():
    summary = record_of(pieces_for(DATA, DATA.resolve("two_rounds+equal_deal")), "aid")["summary"]
    assert "as many of each type" in summary and "at random" not in summary
    assert "Play 2 rounds" in summary
    summary = record_of(pieces_for(DATA, DATA.resolve()), "aid")["summary"]
    assert "at random" in summary and "rounds" not in summary


@pytest.mark.parametrize(
    "edit,key",
    [
        (lambda g: g["colours"][1].update(rgb="blue"), "game.colours[1].rgb"),
        (lambda g: g["colours"][2].pop("letter"), "game.colours[2].letter"),
    ],
)
def test_bad_colours_are_errors_naming_the_key(edit, key):
    game = {**DATA.game, "colours": [dict(c) for c in DATA.game["colours"]]}
    edit(game)
    data = replace(DATA, game=game)
    with pytest.raises(DataError, match=key.replace("[", r"\[").replace("]", r"\]")):
        pieces_for(data, data.resolve())


def test_unknown_colour_in_a_panel_type_is_an_error():
    panel = {**DATA.components["panel"], "types": [["red", "blue", "yellow", "pink"]]}
    data = replace(DATA, components={**DATA.components, "panel": panel})
    with pytest.raises(DataError, match=r"components.panel.types\[0\]: unknown colour 'pink'"):
        pieces_for(data, DATA.resolve())  # the loader refuses such a file; the drawing checks it too


def test_bad_pairing_is_an_error_of_the_data_file_for_print_and_simulation_alike():
    # the pairing is read in one place (the rule set), so a choice that names a colour twice is refused
    options = {**DATA.options, "pairing_2p": {**DATA.options["pairing_2p"], "choices": ["ry-bg", "rr-bg"]}}
    data = replace(DATA, options=options)
    with pytest.raises(DataError, match=r"rules.pairing_2p: expected two groups of colour letters covering"):
        data.resolve("default", ["pairing_2p=rr-bg"])


def test_registry_is_lazy_and_rejects_unknown_engines():
    assert has_drawing(DATA) and DRAWERS[DATA.engine] == drawing_module(DATA).__name__
    other = replace(DATA, game={**DATA.game, "engine": "no_such_game"})
    assert not has_drawing(other)
    with pytest.raises(DataError, match="no drawing module for 'no_such_game'"):
        pieces_for(other, DATA.resolve())


def test_bleed_rect_grows_the_trim_box():
    piece = pieces_for(DATA, DATA.resolve())[0].with_bleed(2)
    x, y, w, h = bleed_rect(piece)
    mm = 72 / 25.4
    assert (x, y) == pytest.approx((-2 * mm, -2 * mm))
    assert (w, h) == pytest.approx(((piece.width_mm + 4) * mm, (piece.height_mm + 4) * mm))


def test_panels_that_do_not_fill_the_board_are_an_error():
    # one check, in the rule set, for printkit and simulate alike
    with pytest.raises(DataError, match="a 7x7 board needs 8 panels of each type"):
        DATA.resolve("default", ["board=7"])


def test_fixed_start_summary_names_the_colour_on_top():
    rules = DATA.resolve("fixed_start", sets=["start_type=1", "start_rotation=1"])
    summary = record_of(pieces_for(DATA, rules), "aid")["summary"]
    top = DATA.components["panel"]["types"][0][3]
    assert (
        f"Start: put the start panel (marked START, type 1) on the centre cell, {top} at the top"
        in summary.replace("\n", " ")
    )


@pytest.mark.parametrize("spec", ["default", "board7"])
def test_random_start_prints_one_start_panel_of_each_type_with_a_back(spec):
    items = pieces_for(DATA, DATA.resolve(spec))
    starts = [p for p in items if p.component == "start_panel"]
    types = DATA.components["panel"]["types"]
    assert [p.record["type"] for p in starts] == list(range(1, len(types) + 1))
    for piece in starts:
        assert piece.size_mm == tuple(DATA.components["panel"]["size_mm"])
        assert piece.record["sides"] == [COLOURS[n] for n in types[piece.record["type"] - 1]]
        assert piece.draw_back is not None
    assert all(p.draw_back is None for p in items if p.component != "start_panel")
    aid = record_of(items, "aid")
    assert f"plus {len(types)} start panels" in aid["counts"]
    assert f"shuffle the {len(types)} start panels (marked START) face down, draw one" in aid["summary"]


@pytest.mark.parametrize("start_type", [1, 4, 6])
def test_fixed_start_prints_the_one_start_panel_of_its_type(start_type):
    items = pieces_for(DATA, DATA.resolve("fixed_start", sets=[f"start_type={start_type}"]))
    starts = [p for p in items if p.component == "start_panel"]
    assert [p.record["type"] for p in starts] == [start_type]
    assert "plus the start panel" in record_of(items, "aid")["counts"]


def test_japanese_text_comes_from_the_data_file():
    data = DATA.localized("ja")
    items = pieces_for(data, data.resolve())
    aid = record_of(items, "aid")
    ja = DATA.translations["ja"]["components"]["aid"]["text"]
    assert aid["title"] == ja["title"].format(game=DATA.translations["ja"]["game"]["title"])
    assert aid["types_heading"] == ja["types"]
    assert any(
        ja["colours"]["red"] in cell for row in aid["ownership"] for cell in row if isinstance(row, list)
    )
    seat = DATA.translations["ja"]["components"]["score_pad"]["text"]["seat"].format(n=1)
    assert record_of(items, "score_pad")["seats"][0][1] == f"<b>{seat}</b>"
