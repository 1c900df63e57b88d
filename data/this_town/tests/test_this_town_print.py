"""This Town's print kit: the pieces drawn from the data file, in both languages; bad tiles refused."""

from __future__ import annotations

import tomllib

import pytest

from printkit.datafile.gamedata import check_game, find_data_file, load_game
from printkit.draw import pieces_for
from printkit.errors import DataError

DATA = load_game("this_town")


def test_the_kit_holds_the_start_tile_the_24_tiles_the_track_four_markers_and_the_reference():
    items = pieces_for(DATA, DATA.resolve("default"))
    kinds = [p.component for p in items]
    assert kinds == ["start_tile"] + ["tile"] * 24 + ["score_track"] + ["score_marker"] * 4 + ["reference"]
    start = items[0].record
    assert start["diagonals"] == [True] * 4 and start["edges"] == [False] * 4
    assert [b[0]["name"] for b in start["brands"].values()] == ["blue", "red", "green", "yellow"]
    # every tile and the start tile share one back, so the stack shows nothing
    assert all(p.draw_back is items[0].draw_back for p in items[:25])


def test_each_colour_has_its_own_brand_shape_and_a_repeated_shape_is_refused(tmp_path):
    items = pieces_for(DATA, DATA.resolve("default"))
    markers = [p.record["colour"] for p in items if p.component == "score_marker"]
    assert len({m["shape"] for m in markers}) == 4
    raw = tomllib.loads(find_data_file("this_town").read_text())
    raw["game"]["colours"][1]["shape"] = "circle"
    data = check_game(raw, tmp_path / "this_town.toml")
    with pytest.raises(DataError, match="every colour needs its own shape"):
        pieces_for(data, data.resolve("default"))


def test_the_reference_prints_the_seeds_example_and_the_npc_rule_only_with_npcs():
    ref = pieces_for(DATA, DATA.resolve("p2"))[-1].record["fields"]
    assert [(r["count"], r["points"], r["rank"]) for r in ref["example"]] == [
        (4, 2, "1"),
        (2, 1, "2"),
        (2, 1, "2"),
        (1, 0, "3"),
    ]
    setup = ref["sections"][0][1]
    assert "NPCs" in setup and "Green, Yellow" in setup
    setup4 = pieces_for(DATA, DATA.resolve("p4"))[-1].record["fields"]["sections"][0][1]
    assert "NPC" not in setup4


def test_the_reference_states_the_relocation_lock_in_force():
    def bars(spec):
        sections = dict(pieces_for(DATA, DATA.resolve(spec))[-1].record["fields"]["sections"])
        return sections["Silver bars"]

    spec = bars("default")
    assert "not a tile that is part of a completed town." in spec and "A town scores once" in spec
    assert "fences one in" not in spec
    strict = bars("fence_lock")
    assert "not a tile that is part of a completed town or fences one in." in strict
    assert "scores once" not in strict


def test_the_japanese_reference_uses_the_seeds_terms():
    ja = DATA.localized("ja")
    ref = pieces_for(ja, ja.resolve("p3"))[-1].record["fields"]
    text = "".join(body for _, body in ref["sections"])
    for term in ("町", "マーク", "銀の延べ棒", "再配置", "辺で接する", "山", "NPC"):
        assert term in text
    assert "区画" not in text and "街" not in text
    assert ref["title"] == "この町は2-4人のボクらにも狭すぎる"
    assert [r["rank"] for r in ref["example"]] == ["第1位", "第2位", "第2位", "第3位"]


def test_a_tile_with_an_unknown_fence_is_one_clear_line_and_nothing_is_written(tmp_path, run_tool):
    text = find_data_file("this_town").read_text()
    bad = tmp_path / "this_town.toml"
    bad.write_text(
        text.replace(
            'fences = ["NE", "SE", "SW", "NW"]\nbrands = { N = ["blue"]',
            'fences = ["NE", "XX"]\nbrands = { N = ["blue"]',
            1,
        )
    )
    out = tmp_path / "out"
    code, _, err = run_tool("printkit", "build", str(bad), "--out", str(out))
    assert code == 2
    assert err.count("\n") == 1 and "components.start_tile.fences" in err
    assert not out.exists() or not any(out.iterdir())


def test_the_tiles_printed_are_the_set_the_rules_choose():
    tuned = [p.record for p in pieces_for(DATA, DATA.resolve("default")) if p.component == "tile"]
    draft = [p.record for p in pieces_for(DATA, DATA.resolve("draft_tiles")) if p.component == "tile"]
    assert tuned != draft
    first = DATA.components["tile"]["sets"]["draft"][0]
    fenced = [f for f, on in zip(("N", "E", "S", "W"), draft[0]["edges"], strict=True) if on]
    fenced += [f for f, on in zip(("NE", "SE", "SW", "NW"), draft[0]["diagonals"], strict=True) if on]
    assert sorted(fenced) == sorted(first["fences"])
