"""Exports: one PNG per distinct face at the dpi asked, and Tabletop Simulator deck sheets with counts."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from printkit.draw import pieces_for
from printkit.errors import DataError
from printkit.export import TTS_COLUMNS, TTS_ROWS, export
from printkit.faces import distinct_faces
from printkit.gamedata import load_game

DPI = 40
DATA = load_game("twinkle_twinkle")


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("export")
    return out, export("twinkle_twinkle", out, png=True, tts=True, dpi=DPI)


def _pixels(size_mm) -> tuple[int, int]:
    return (round(size_mm[0] / 25.4 * DPI), round(size_mm[1] / 25.4 * DPI))


def test_one_png_per_distinct_face_at_the_dpi(exported):
    _, paths = exported
    faces = distinct_faces(pieces_for(DATA, DATA.resolve()))
    pngs = [p for p in paths if p.parent.name == "twinkle_twinkle-export" and p.suffix == ".png"]
    backs = [p for p in pngs if p.stem.endswith("-back")]
    assert len(pngs) - len(backs) == len(faces) == 95 + 4 + 1 + 5 + 4 + 1
    assert len(backs) == 95 + 5  # every tile's back (from the bag) and the five references' blue sides
    sizes = {p.stem: Image.open(p).size for p in pngs}
    assert sizes["tile-01"] == _pixels((30, 30)) == (47, 47)
    assert sizes["chart-01"] == _pixels((166, 184))
    assert sizes["reference-03-back"] == _pixels((85, 55))


def test_tts_decks_are_grids_of_at_most_10_by_7_with_the_games_counts(exported):
    out, paths = exported
    listing = json.loads((out / "twinkle_twinkle-export" / "tts" / "tts.json").read_text(encoding="utf-8"))
    decks = {d["component"]: d for d in listing["decks"]}
    pieces = pieces_for(DATA, DATA.resolve())
    for component, deck in decks.items():
        assert deck["count"] == sum(p.component == component for p in pieces)
        w, h = deck["face_pixels"]
        for sheet in deck["sheets"]:
            assert sheet["columns"] <= TTS_COLUMNS and sheet["rows"] <= TTS_ROWS
            assert len(sheet["cards"]) <= sheet["columns"] * sheet["rows"]
            image = Image.open(out / "twinkle_twinkle-export" / "tts" / sheet["image"])
            assert image.size == (sheet["columns"] * w, sheet["rows"] * h)
    tiles = decks["tile"]
    assert [len(s["cards"]) for s in tiles["sheets"]] == [70, 25]  # 95 distinct tiles
    assert (tiles["sheets"][0]["columns"], tiles["sheets"][0]["rows"]) == (10, 7)
    assert tiles["back"] == "tile-back.png"  # one back for the whole bag
    assert decks["reference"]["count"] == 25 and "back" not in decks["reference"]
    refs = decks["reference"]["sheets"][0]
    back = Image.open(out / "twinkle_twinkle-export" / "tts" / refs["back_image"])
    assert back.size == (refs["columns"] * 134, refs["rows"] * 87)  # the blue sides, one per kind
    assert [c["count"] for c in decks["reference"]["sheets"][0]["cards"]] == [5] * 5


def test_export_needs_a_format_and_a_sane_dpi(tmp_path):
    with pytest.raises(DataError, match="--png, --svg and/or --tts"):
        export("twinkle_twinkle", tmp_path)
    with pytest.raises(DataError, match="--dpi"):
        export("twinkle_twinkle", tmp_path, png=True, dpi=5000)
    assert not any(tmp_path.iterdir())
