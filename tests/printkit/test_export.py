"""Exports: one PNG per distinct face at the dpi asked, and a Tabletop Simulator saved object TTS loads.

The saved object is checked against the fields TTS requires of each object
kind, as the TTS Knowledge Base's save file format and the tts-types
declarations (Benjamin-Dobell/tts-types, tts/ObjectState.def.lua) state
them; its cards are counted against the data file and every image it names is
opened and measured against the grid its deck declares.
"""

from __future__ import annotations

import csv
import json
import math
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.build import build
from printkit.datafile.gamedata import available_games, load_game
from printkit.draw import has_drawing, pieces_for
from printkit.errors import DataError
from printkit.exports.export import cut_out, export
from printkit.exports.tts import (
    TTS_COLUMNS,
    TTS_MAX_PIXELS,
    TTS_ROWS,
    face_pixels,
    grid_of,
    sheet_dpi,
    tile_type,
)
from printkit.pieces.contract import Piece
from printkit.pieces.faces import distinct_faces
from tests.printkit.card_games import small_deck

DPI = 40
DATA = load_game("twinkle_twinkle")
GAMES = [g for g in available_games() if has_drawing(load_game(g))]

SAVE_FIELDS = {"SaveName", "GameMode", "Date", "Table", "Sky", "Note", "LuaScript", "XmlUI", "ObjectStates"}
OBJECT_FIELDS = {"GUID", "Name", "Transform", "Nickname", "Description", "ColorDiffuse", "Locked", "Grid"}
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
CUSTOM_DECK = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"}
KIND_FIELDS = {  # what each object kind needs beyond the common fields
    "Deck": {"DeckIDs", "CustomDeck", "ContainedObjects"},
    "Card": {"CardID", "CustomDeck"},
    "Bag": {"ContainedObjects"},
    "Custom_Tile": {"CustomImage"},
    "Custom_Token": {"CustomImage"},
    "Custom_Board": {"CustomImage"},
}
IMAGE_FIELDS = {"Custom_Tile": "CustomTile", "Custom_Token": "CustomToken", "Custom_Board": None}


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("export")
    return out, export("twinkle_twinkle", out, png=True, tts=True, dpi=DPI)


@pytest.fixture(scope="module")
def every_game(tmp_path_factory):
    out = tmp_path_factory.mktemp("tts")
    return {g: (out, export(g, out, tts=True, dpi=DPI)) for g in GAMES}


def test_one_png_per_distinct_face_at_the_dpi(exported):
    _, paths = exported
    faces = distinct_faces(pieces_for(DATA, DATA.resolve()))
    pngs = [p for p in paths if p.parent.name == "twinkle_twinkle-export" and p.suffix == ".png"]
    backs = [p for p in pngs if p.stem.endswith("-back")]
    assert len(pngs) - len(backs) == len(faces) == 95 + 4 + 1 + 5 + 4 + 1
    assert len(backs) == 95 + 5  # every tile's back (from the bag) and the five references' blue sides
    sizes = {p.stem: Image.open(p).size for p in pngs}
    assert sizes["tile-01"] == face_pixels((30, 30), DPI) == (47, 47)
    assert sizes["chart-01"] == face_pixels((166, 184), DPI)
    assert sizes["reference-03-back"] == face_pixels((85, 55), DPI)


def test_a_sheet_stays_within_4096_pixels_a_side():
    # ten 85 mm references across at 300 dpi would be 10,039 px; 4096 / (850 / 25.4) = 122.4 dpi
    assert sheet_dpi((85, 55), 10, 1, 300) == 122
    assert sheet_dpi((30, 30), 10, 7, 300) == 300  # 300 mm of tiles: 3543 px
    assert grid_of(95) == (10, 10) and grid_of(25) == (10, 3) and grid_of(5) == (5, 1)


def _walk(objects: list[dict]):
    for obj in objects:
        yield obj
        yield from _walk(obj.get("ContainedObjects", []))


def _file(url: str, folder: Path) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    path = Path(unquote(parsed.path))
    assert path.parent == folder.resolve(), "every image sits beside the saved object"
    return path


def _check_fields(obj: dict) -> None:
    name = obj["Name"]
    assert name in KIND_FIELDS, name
    missing = (OBJECT_FIELDS | KIND_FIELDS[name]) - obj.keys()
    assert not missing, f"{name} lacks {missing}"
    assert set(obj["Transform"]) == TRANSFORM
    assert len(obj["GUID"]) == 6 and int(obj["GUID"], 16) >= 0
    for entry in obj.get("CustomDeck", {}).values():
        assert CUSTOM_DECK <= entry.keys()
        assert 1 <= entry["NumWidth"] <= TTS_COLUMNS and 1 <= entry["NumHeight"] <= TTS_ROWS
    if name in IMAGE_FIELDS:
        image = obj["CustomImage"]
        assert image["ImageURL"]
        if IMAGE_FIELDS[name]:
            assert IMAGE_FIELDS[name] in image
        if name == "Custom_Tile":
            assert image["CustomTile"]["Type"] in (0, 1, 2, 3)


@pytest.mark.parametrize("game", GAMES)
def test_the_tts_object_has_what_tts_requires_and_the_games_pieces(every_game, game):
    out, paths = every_game[game]
    data = load_game(game)
    folder = out / f"{game}-export" / "tts"
    saved = folder / f"{game}.json"
    assert saved in paths and (folder / f"{game}.png").exists()  # the thumbnail TTS shows beside it
    state = json.loads(saved.read_text(encoding="utf-8"))
    assert SAVE_FIELDS <= state.keys()
    objects = list(_walk(state["ObjectStates"]))
    for obj in objects:
        _check_fields(obj)
    guids = [o["GUID"] for o in objects]
    assert len(guids) == len(set(guids))
    pieces = pieces_for(data, data.resolve())
    faces = distinct_faces(pieces)
    counted: dict[str, int] = {}
    for obj in objects:
        if obj["Name"] in ("Card", *IMAGE_FIELDS):
            label = obj["Nickname"]
            component = next(p.component for p in pieces if p.label == label)
            counted[component] = counted.get(component, 0) + 1
    expected = {c: sum(p.component == c for p in pieces) for c in dict.fromkeys(p.component for p in pieces)}
    assert counted == expected
    for name, spec in data.components.items():
        if "count" in spec and name in counted:
            assert counted[name] == spec["count"], name
    sizes = {f.piece.component: f.piece.size_mm for f in faces}
    members = {c: sum(f.piece.component == c for f in faces) for c in sizes}
    for obj in objects:
        if obj["Name"] == "Deck":
            component = next(p.component for p in pieces if p.label == obj["ContainedObjects"][0]["Nickname"])
            _check_deck(obj, folder, component, sizes, members)
        elif obj["Name"] in IMAGE_FIELDS:
            component = next(p.component for p in pieces if p.label == obj["Nickname"])
            _check_image(obj["CustomImage"], folder, sizes[component])


def _check_deck(deck: dict, folder: Path, component: str, sizes: dict, members: dict) -> None:
    cards = deck["ContainedObjects"]
    assert deck["DeckIDs"] == [c["CardID"] for c in cards]
    for card in cards:
        sheet_id, place = divmod(card["CardID"], 100)
        entry = deck["CustomDeck"][str(sheet_id)]
        assert card["CustomDeck"] == {str(sheet_id): entry}
        assert place < entry["NumWidth"] * entry["NumHeight"]
    size_mm = sizes[component]
    first_cols, first_rows = grid_of(min(members[component], TTS_COLUMNS * TTS_ROWS))
    w, h = face_pixels(size_mm, sheet_dpi(size_mm, first_cols, first_rows, DPI))
    for entry in deck["CustomDeck"].values():
        face = Image.open(_file(entry["FaceURL"], folder))
        assert face.size == (entry["NumWidth"] * w, entry["NumHeight"] * h)
        assert max(face.size) <= TTS_MAX_PIXELS
        back = Image.open(_file(entry["BackURL"], folder))
        one_back = not entry["UniqueBack"] and entry["BackURL"] != entry["FaceURL"]
        assert back.size == ((w, h) if one_back else face.size)


def _check_image(image: dict, folder: Path, size_mm: tuple[float, float]) -> None:
    expected = face_pixels(size_mm, sheet_dpi(size_mm, 1, 1, DPI))
    assert Image.open(_file(image["ImageURL"], folder)).size == expected
    if image["ImageSecondaryURL"]:
        assert Image.open(_file(image["ImageSecondaryURL"], folder)).size == expected


def test_twinkle_twinkle_becomes_a_bag_of_tiles_boards_and_two_decks(exported):
    out, paths = exported
    folder = out / "twinkle_twinkle-export" / "tts"
    assert {p.parent for p in paths if "tts" in p.parts} == {folder}
    state = json.loads((folder / "twinkle_twinkle.json").read_text(encoding="utf-8"))
    tops = [(o["Name"], o["Nickname"]) for o in state["ObjectStates"]]
    assert tops[0] == ("Bag", "Tile") and len(state["ObjectStates"][0]["ContainedObjects"]) == 95
    assert [n for n, _ in tops].count("Custom_Board") == 5  # four star charts and the observation board
    decks = {o["Nickname"]: o for o in state["ObjectStates"] if o["Name"] == "Deck"}
    refs = decks["Score reference"]
    (entry,) = refs["CustomDeck"].values()
    assert (entry["NumWidth"], entry["NumHeight"], entry["UniqueBack"]) == (5, 1, True)  # green / blue sides
    assert len(refs["ContainedObjects"]) == 25  # five of each of the five references
    tile = state["ObjectStates"][0]["ContainedObjects"][0]["CustomImage"]
    assert tile["ImageSecondaryURL"].endswith("/tile-back.png")  # one back for the whole bag


def test_image_urls_take_the_prefix_asked_for(tmp_path):
    paths = export("united_square", tmp_path, tts=True, dpi=DPI, tts_url="https://example.org/us")
    saved = next(p for p in paths if p.suffix == ".json")
    urls = [
        v
        for o in _walk(json.loads(saved.read_text(encoding="utf-8"))["ObjectStates"])
        for v in [
            *o.get("CustomImage", {}).values(),
            *(u for e in o.get("CustomDeck", {}).values() for u in e.values()),
        ]
        if isinstance(v, str) and v
    ]
    assert urls and all(u.startswith("https://example.org/us/") for u in urls)
    for url in urls:
        assert (saved.parent / url.rsplit("/", 1)[1]).exists()


def test_the_help_names_the_folder_the_files_go_to(run_tool, tmp_path):
    code, out, _ = run_tool("printkit", "export", "--help")
    assert code == 0 and "OUT/GAME-export/tts/GAME.json" in "".join(out.split())  # as click wraps it
    code, out, _ = run_tool(
        "printkit", "export", "tiddly_wink", "--tts", "--dpi", "30", "--out", str(tmp_path)
    )
    assert code == 0 and (tmp_path / "tiddly_wink-export" / "tts" / "tiddly_wink.json").exists()
    assert "Saved Objects" in out


def test_export_needs_a_format_and_a_sane_dpi(tmp_path):
    with pytest.raises(DataError, match="--png, --svg, --tts, --images and/or --pages"):
        export("twinkle_twinkle", tmp_path)
    with pytest.raises(DataError, match="--dpi"):
        export("twinkle_twinkle", tmp_path, png=True, dpi=5000)
    with pytest.raises(DataError, match="--tts-url"):
        export("twinkle_twinkle", tmp_path, tts=True, tts_url=" ")
    assert not any(tmp_path.iterdir())


def test_the_same_export_twice_gives_the_same_files(tmp_path):
    one = export("tiddly_wink", tmp_path, tts=True, dpi=DPI)
    two = export("tiddly_wink", tmp_path, tts=True, dpi=DPI)
    assert one == two
    first = {p: p.read_bytes() for p in one}
    export("tiddly_wink", tmp_path, tts=True, dpi=DPI)
    assert all(p.read_bytes() == b for p, b in first.items())


def test_pieces_with_a_cut_outline_keep_their_shape_in_tts():
    circle = tuple(
        (10 + 10 * math.cos(2 * math.pi * k / 32), 10 + 10 * math.sin(2 * math.pi * k / 32))
        for k in range(32)
    )
    hexagon = tuple(
        (10 + 10 * math.cos(math.pi / 3 * k), 10 + 10 * math.sin(math.pi / 3 * k)) for k in range(6)
    )
    assert (tile_type(None), tile_type(hexagon), tile_type(circle), tile_type(((0, 0), (1, 0), (0, 1)))) == (
        0,
        1,
        2,
        0,
    )
    token = Piece("token", "token", (20.0, 20.0), lambda c, p: None, outline=circle)
    shaped = cut_out(Image.new("RGB", (100, 100), "red"), token)
    assert shaped.mode == "RGBA"
    assert shaped.getpixel((0, 0))[3] == 0 and shaped.getpixel((99, 99))[3] == 0  # outside the circle
    assert shaped.getpixel((50, 50)) == (255, 0, 0, 255) and shaped.getpixel((50, 3))[3] == 255


# ------------------------------------------------------------------ print on demand (issue 36)
DECK = str(Path(__file__).resolve().parents[2] / "examples" / "deck" / "deck.toml")


def _manifest(folder: Path) -> list[dict[str, str]]:
    return list(csv.DictReader((folder / "manifest.csv").open(encoding="utf-8")))


def test_images_at_a_preset_are_its_pixels_one_per_face_and_count_the_pieces(tmp_path):
    """At MakePlayingCards' poker size: 2.5 x 3.5 in and 0.12 in a side, 822 x 1122 pixels at 300 dpi."""
    export(small_deck(tmp_path), tmp_path / "out", images=True, preset="poker-0.12in")
    folder = tmp_path / "out" / "test-export" / "images"
    rows = _manifest(folder)
    pngs = sorted(p.name for p in folder.glob("*.png"))
    assert sorted(r["file"] for r in rows) == pngs and len(pngs) == 3
    for name in pngs:
        with Image.open(folder / name) as image:
            assert image.size == (822, 1122)
    assert sorted(int(r["count"]) for r in rows if r["side"] == "front") == [2, 3]
    assert [(r["file"], r["count"]) for r in rows if r["side"] == "back"] == [("card-back.png", "5")]


@pytest.mark.long  # 51 images of 825 x 1125 pixels, 19 s: the small deck above is the default test
def test_images_at_a_preset_are_its_pixels_one_per_distinct_face_and_count_the_deck(tmp_path):
    export(DECK, tmp_path, images=True, preset="poker-1/8in")
    folder = tmp_path / "deck-export" / "images"
    rows = _manifest(folder)
    pngs = sorted(p.name for p in folder.glob("*.png"))
    assert sorted(r["file"] for r in rows) == pngs and len(pngs) == 50 + 1  # 50 distinct fronts, one back
    for name in pngs:
        with Image.open(folder / name) as image:
            assert image.size == (825, 1125)  # 2.75 x 3.75 in at 300 dpi: 2.5 x 3.5 in and 1/8 in a side
    fronts = [r for r in rows if r["side"] == "front"]
    assert sum(int(r["count"]) for r in fronts) == 60
    assert [(r["file"], r["count"]) for r in rows if r["side"] == "back"] == [("card-back.png", "60")]
    assert {r["label"] for r in fronts if r["count"] == "6"} == {"Card Wild", "Card Market"}


def test_images_without_a_preset_are_each_face_with_its_bleed(tmp_path):
    export(small_deck(tmp_path), tmp_path / "out", images=True, bleed=2.0, dpi=100)
    folder = tmp_path / "out" / "test-export" / "images"
    w, h = round((63 + 4) / 25.4 * 100), round((88 + 4) / 25.4 * 100)
    with Image.open(folder / "card-01.png") as image:
        assert image.size == (w, h)
    rows = _manifest(folder)
    assert {(r["width_px"], r["height_px"], r["bleed_mm"]) for r in rows} == {(str(w), str(h), "2.00")}


@pytest.mark.parametrize(
    "options, said",
    [
        ({"images": True, "preset": "tarot-1/8in"}, "--preset: no piece is 69.8 x 120.6 mm"),
        ({"images": True, "preset": "poker"}, "--preset: no preset 'poker'; the presets are poker-1/8in"),
        ({"png": True, "preset": "poker-1/8in"}, "--preset: a print-on-demand size for --images"),
        ({"images": True, "bleed": -1.0}, "--bleed: expected 0 to 25 mm"),
        ({"pages": "pdf"}, "--pages: expected png or svg"),
    ],
)
def test_a_bad_image_option_is_one_line_and_writes_nothing(tmp_path, options, said):
    with pytest.raises(DataError, match="^" + re.escape(said)):
        export(DECK, tmp_path, **options)
    assert not any(tmp_path.rglob("*.png"))


def test_pages_as_png_are_the_home_sheets(tmp_path):
    deck = small_deck(tmp_path)
    paths = export(deck, tmp_path / "out", pages="png", dpi=30)
    pdf = build(deck, tmp_path / "pdf").path
    assert len(PdfReader(pdf).pages) == 2  # the fronts' sheet and the backs'
    assert [p.name for p in paths] == [f"page-{k:02d}.png" for k in range(1, len(PdfReader(pdf).pages) + 1)]
    with Image.open(paths[0]) as image:
        a4 = (210 / 25.4 * 30, 297 / 25.4 * 30)  # pdfium rounds a page's pixels up
        assert all(0 <= got - want < 1 for got, want in zip(image.size, a4, strict=True)), image.size


@pytest.mark.skipif(shutil.which("pdftocairo") is None, reason="needs pdftocairo (poppler-utils)")
def test_pages_as_svg_are_vector_sheets(tmp_path):
    paths = export(small_deck(tmp_path), tmp_path / "out", pages="svg", paper="letter")
    text = paths[0].read_text(encoding="utf-8")
    assert text.startswith("<?xml") and 'width="612pt" height="792pt"' in text  # US Letter
