"""The examples print with no Python of their own: home and shop builds, sizes measured off the page, rows."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader

from printkit.build import build
from printkit.layouts.richtext import MARKUP

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DATA_FILES = {
    "deck": EXAMPLES / "deck" / "deck.toml",
    "hex": EXAMPLES / "hex" / "hex.toml",
    "counters": EXAMPLES / "counters" / "counters.toml",
}
MM = 72 / 25.4


def test_the_examples_hold_no_python():
    # the layout examples; examples/pebble_pile is the add-a-game tutorial's game, with its engine
    assert not [p for path in DATA_FILES.values() for p in path.parent.rglob("*.py")]


@pytest.mark.parametrize("name", sorted(DATA_FILES))
@pytest.mark.parametrize("mode, lang", [("home", "en"), ("shop", "en"), ("home", "ja")])
def test_every_example_builds_in_home_and_shop_mode_and_in_japanese(tmp_path, name, mode, lang):
    result = build(str(DATA_FILES[name]), tmp_path, mode=mode, lang=lang)
    counts = {c: v["count"] for c, v in result.summary["components"].items()}
    stated = {c: v["data_count"] for c, v in result.summary["components"].items() if v["data_count"]}
    assert all(counts[c] == n for c, n in stated.items()), (counts, stated)
    pages = len(PdfReader(result.path).pages)
    assert pages == result.pages
    if mode == "shop":  # one page per face, front then back, each with its trim box
        faces = sum(counts.values())
        assert pages == 2 * faces


def test_the_same_rows_give_the_same_bytes(tmp_path):
    one = build(str(DATA_FILES["hex"]), tmp_path / "one").path.read_bytes()
    two = build(str(DATA_FILES["hex"]), tmp_path / "two").path.read_bytes()
    assert one == two


def _dark_runs(values: list[int]) -> list[float]:
    """The centres of the runs of dark pixels in a line of grey values."""
    centres, start = [], None
    for k, value in enumerate([*values, 255]):
        if value < 128 and start is None:
            start = k
        elif value >= 128 and start is not None:
            centres.append((start + k - 1) / 2)
            start = None
    return centres


def test_a_card_measures_63_by_88_mm_on_the_rendered_sheet(tmp_path):
    """The crop marks of the first sheet, found in its margin, stand a card's size apart (3 mm bleed)."""
    result = build(str(DATA_FILES["deck"]), tmp_path)
    dpi = 600
    doc = pypdfium2.PdfDocument(str(result.path))
    try:
        image = doc[0].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        doc.close()
    px = 25.4 / dpi
    # the crop marks above the block: a row of pixels 2.5 mm above its bleed (marks start 1 mm out, 4 long)
    trims = _trims()
    top = max(t["y"] + t["h"] for t in trims)
    row = round((297 - top - 3 - 2.5) / px)
    xs = [x * px for x in _dark_runs([image.getpixel((x, row)) for x in range(image.width)])]
    col = round((min(t["x"] for t in trims) - 3 - 2.5) / px)  # and a column of them left of it
    ys = [y * px for y in _dark_runs([image.getpixel((col, y)) for y in range(image.height)])]
    widths = sorted({round(b - a, 1) for a, b in zip(xs, xs[1:], strict=False) if b - a > 10})
    heights = sorted({round(b - a, 1) for a, b in zip(ys, ys[1:], strict=False) if b - a > 10})
    # the cards are turned a quarter on this sheet (8 fit instead of 4): 88 across, 63 down
    assert widths and all(abs(w - 88) <= 0.2 for w in widths), widths
    assert heights and all(abs(h - 63) <= 0.2 for h in heights), heights


def _trims() -> list[dict]:
    """The trim rectangles of the first sheet's pieces as the packing places them (mm, y up)."""
    from printkit.datafile.gamedata import load_game
    from printkit.draw import pieces_for
    from printkit.sheets.geometry import LayoutOptions
    from printkit.sheets.packing import layout

    data = load_game(str(DATA_FILES["deck"]))
    sheet = layout(pieces_for(data, data.resolve()), LayoutOptions(bleed=3.0))[0]
    return [{"x": p.trim.x, "y": p.trim.y, "w": p.trim.w, "h": p.trim.h} for p in sheet.placements]


def _plain(markup: str) -> str:
    """A row's text as it reads on the card: markup and icons gone, no spaces."""
    return re.sub(r"\s+", "", MARKUP.sub("", markup))


def test_each_row_of_the_csv_is_printed_on_its_own_card(tmp_path):
    """One page per distinct card (shop --unique), in the CSV's order: each shows its row's words."""
    rows = list(csv.DictReader((EXAMPLES / "deck" / "cards.csv").open(encoding="utf-8")))
    result = build(str(DATA_FILES["deck"]), tmp_path, mode="shop", unique=True)
    reader = PdfReader(result.path)
    fronts = [re.sub(r"\s+", "", page.extract_text()) for page in reader.pages[::2]]
    assert len(fronts) == len(rows)
    assert [f["quantity"] for f in result.summary["faces"]] == [int(r["count"]) for r in rows]
    for row, text in zip(rows, fronts, strict=True):
        for word in (row["suit"], row["number"], _plain(row["text"])):
            assert word in text, (row["name"], word, text)
