"""Sheet counts against the summary, print-dialog hints, sheet headers, scale bar, simplex and fold."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from printkit.build import build
from printkit.datafile.gamedata import load_game
from printkit.draw import pieces_for
from printkit.sheets.margins import SCALE_BAR_MM

MM = 72 / 25.4


def _pieces_by_page(reader: PdfReader, shapes_of) -> dict[int, set[str]]:
    """The sides of the pieces drawn on each page."""
    out: dict[int, set[str]] = {n: set() for n in range(len(reader.pages))}
    for n, page in enumerate(reader.pages):
        for shape in shapes_of(page):
            props = shape.tag("/PrintkitPiece")
            if props is not None:
                out[n].add(str(props["/Side"])[1:])
    return out


def _header(reader: PdfReader, texts_of, n: int) -> str:
    return "".join(text for text, tags in texts_of(reader.pages[n]) if ("/PrintkitHeader", {}) in tags)


@pytest.mark.parametrize("game,paper,most", [("united_square", "a4", 2), ("twinkle_twinkle", "a4", 9)])
def test_sheets_in_the_pdf_are_those_of_the_summary_and_few(tmp_path, shapes_of, game, paper, most):
    result = build(game, tmp_path, paper=paper)
    reader = PdfReader(result.path)
    sides = _pieces_by_page(reader, shapes_of)
    fronts = [n for n, s in sides.items() if "front" in s]
    assert result.summary["sheets"] == len(fronts) <= most
    assert result.summary["pages"] == len(reader.pages) == 2 * len(fronts)  # duplex: a back after each front
    covered = sum(w * h for w, h in (p.size_mm for p in pieces_for(load_game(game), result.rules)))
    assert result.summary["paper_use"] == pytest.approx(covered / (len(fronts) * 210 * 297), abs=1e-3)
    assert len(result.summary["sheet_use"]) == len(fronts)


def test_united_square_on_a4_is_two_sheets_as_the_issue_measured(tmp_path):
    assert build("united_square", tmp_path).summary["sheets"] == 2
    assert build("united_square", tmp_path, rotate=False, paper="letter").summary["sheets"] >= 2


def test_viewer_preferences_ask_for_100_percent_and_the_duplex_mode(tmp_path):
    duplex = PdfReader(build("twinkle_twinkle", tmp_path / "d").path).trailer["/Root"]["/ViewerPreferences"]
    assert duplex["/PrintScaling"] == "/None" and duplex["/Duplex"] == "/DuplexFlipLongEdge"
    without_backs = build("tiddly_wink", tmp_path / "s", backs=False)
    simplex = PdfReader(without_backs.path).trailer["/Root"]["/ViewerPreferences"]
    assert simplex["/PrintScaling"] == "/None" and simplex["/Duplex"] == "/Simplex"
    forced = PdfReader(build("twinkle_twinkle", tmp_path / "f", duplex=False).path)
    assert forced.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"


def test_every_sheet_has_a_header_saying_what_it_is(tmp_path, texts_of):
    result = build("united_square", tmp_path, paper="letter")
    reader = PdfReader(result.path)
    total = result.summary["sheets"]
    for n in range(len(reader.pages)):
        header = _header(reader, texts_of, n)
        side = "front" if n % 2 == 0 else "back"
        assert header.startswith("United Square")
        assert f"sheet {n // 2 + 1} of {total}" in header
        assert f" {side} " in header and "Letter" in header and "print at 100%" in header
        assert "double-sided" in header


def test_every_sheet_has_a_50_mm_scale_bar_in_its_margin(tmp_path, shapes_of):
    reader = PdfReader(build("tiddly_wink", tmp_path).path)
    for page in reader.pages:
        bars = [s for s in shapes_of(page) if s.tag("/PrintkitScaleBar") is not None]
        lengths = [s.bbox[2] - s.bbox[0] for s in bars]
        assert max(lengths) == pytest.approx(SCALE_BAR_MM * MM, abs=0.01)
        assert all(s.bbox[3] < 10 * MM for s in bars)  # in the bottom margin


@pytest.mark.parametrize("game", ["united_square", "twinkle_twinkle"])
def test_simplex_has_no_blank_page_and_keeps_every_back(tmp_path, shapes_of, game):
    duplex = build(game, tmp_path / "d")
    simplex = build(game, tmp_path / "s", duplex=False)
    reader = PdfReader(simplex.path)
    sides = _pieces_by_page(reader, shapes_of)
    assert all(sides.values())  # no page without a piece
    backs = sum("back" in s for s in sides.values())
    assert backs == sum("back" in s for s in _pieces_by_page(PdfReader(duplex.path), shapes_of).values())
    assert len(reader.pages) == len(sides) <= len(PdfReader(duplex.path).pages)
    if game == "united_square":  # start panels on one of the two sheets: one back page, not two
        assert len(reader.pages) == 3
    assert not simplex.summary["double_sided"]


def test_fold_puts_front_and_back_side_by_side_on_single_sided_sheets(tmp_path, shapes_of):
    result = build("twinkle_twinkle", tmp_path, fold=True)
    reader = PdfReader(result.path)
    sides = _pieces_by_page(reader, shapes_of)
    assert all(s == {"front"} for s in sides.values())
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    refs: dict[tuple[int, int], list[float]] = {}
    for n, page in enumerate(reader.pages):
        for shape in shapes_of(page):
            props = shape.tag("/PrintkitPiece")
            if props is not None and shape.op == "W n" and str(props["/Component"]) == "/reference":
                x0, y0, x1, y1 = shape.bbox
                refs.setdefault((n, int(props["/Index"])), sorted(((x1 - x0) / MM, (y1 - y0) / MM)))
    assert len(refs) == 25 and all(r == pytest.approx([55, 170], abs=0.01) for r in refs.values())
