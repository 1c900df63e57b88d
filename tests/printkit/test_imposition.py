"""Imposition geometry on made-up pieces: fits, no overlaps, order, crop marks, errors."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.errors import DataError
from printkit.pieces.contract import Piece
from printkit.sheets.imposition import PAPERS_MM, LayoutOptions, layout, render
from printkit.sheets.packing import outer_band

TOL = 1e-6


def _blank(canvas, piece) -> None:
    canvas.rect(0, 0, 1, 1)


def make(component: str, n: int, w: float, h: float) -> list[Piece]:
    return [Piece(component, f"{component} #{i + 1}", (w, h), _blank) for i in range(n)]


def overlaps(a, b) -> bool:
    return a.x < b.right - TOL and b.x < a.right - TOL and a.y < b.top - TOL and b.y < a.top - TOL


def check_sheets(sheets, pieces, opts: LayoutOptions) -> None:
    page_w, page_h = opts.page_mm
    m = opts.margin
    outer = outer_band(m)
    placed = [p for s in sheets for p in s.placements]
    assert sorted(p.index for p in placed) == list(range(len(pieces)))
    for sheet in sheets:
        assert sheet.size_mm == (page_w, page_h)
        boxes = [p.bleed_box for p in sheet.placements]
        for p in sheet.placements:
            w, h = pieces[p.index].size_mm
            assert (p.trim.w, p.trim.h) == ((w, h) if p.turn == 0 else (h, w))
            assert p.piece.bleed_mm == opts.bleed
            box = p.bleed_box
            assert box.x >= m - TOL and box.y >= m - TOL
            assert box.right <= page_w - m + TOL and box.top <= page_h - m + TOL
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert not overlaps(a.grow(opts.gap / 2 - TOL), b.grow(opts.gap / 2 - TOL))
        for mark in sheet.marks:
            for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
                assert outer - TOL <= x <= page_w - outer + TOL
                assert outer - TOL <= y <= page_h - outer + TOL
            lo_x, hi_x = sorted((mark.x1, mark.x2))
            lo_y, hi_y = sorted((mark.y1, mark.y2))
            for box in boxes:
                assert hi_x < box.x or lo_x > box.right or hi_y < box.y or lo_y > box.top


@settings(max_examples=60, deadline=None)
@given(
    runs=st.lists(
        st.tuples(
            st.integers(1, 30),
            st.floats(5, 150, allow_nan=False),
            st.floats(5, 200, allow_nan=False),
        ),
        min_size=1,
        max_size=4,
    ),
    paper=st.sampled_from(sorted(PAPERS_MM)),
    margin=st.floats(0, 20),
    gap=st.floats(0, 8),
    bleed=st.floats(0, 5),
    crop_marks=st.booleans(),
)
def test_layout_keeps_every_piece_inside_the_printable_area_and_apart(
    runs, paper, margin, gap, bleed, crop_marks
):
    pieces = [p for i, (n, w, h) in enumerate(runs) for p in make(f"c{i}", n, w, h)]
    opts = LayoutOptions(paper=paper, margin=margin, gap=gap, bleed=bleed, crop_marks=crop_marks)
    sheets = layout(pieces, opts)
    check_sheets(sheets, pieces, opts)
    if not crop_marks:
        assert not any(s.marks for s in sheets)


@pytest.mark.parametrize("gap,bleed", [(0, 0), (4, 0), (0, 3), (2, 1.5)])
def test_every_cut_line_has_a_crop_mark_on_it(gap, bleed):
    opts = LayoutOptions(gap=gap, bleed=bleed)
    pieces = make("tile", 11, 27, 27) + make("card", 5, 63, 88)
    for sheet in layout(pieces, opts):
        for block in sheet.blocks:
            xs, ys = block.cut_lines()
            for x in xs:
                assert any(m.x1 == m.x2 == x for m in sheet.marks), x
            for y in ys:
                assert any(m.y1 == m.y2 == y for m in sheet.marks), y


def test_a_block_alone_has_marks_at_both_ends_of_every_cut_line():
    sheet = layout(make("card", 9, 63, 88), LayoutOptions(bleed=1))[0]
    (block,) = sheet.blocks
    box = block.box
    xs, ys = block.cut_lines()
    for x in xs:
        verticals = [m for m in sheet.marks if m.x1 == m.x2 == x]
        assert any(min(m.y1, m.y2) >= box.top for m in verticals)
        assert any(max(m.y1, m.y2) <= box.y for m in verticals)
    for y in ys:
        horizontals = [m for m in sheet.marks if m.y1 == m.y2 == y]
        assert any(min(m.x1, m.x2) >= box.right for m in horizontals)
        assert any(max(m.x1, m.x2) <= box.x for m in horizontals)


def test_blocks_side_by_side_share_the_cut_line_between_them():
    # 27 mm panels over a 135 mm board: 270 mm of 277 only fits with no gutter between the blocks
    sheets = layout(make("tile", 30, 27, 27) + make("board", 1, 135, 135), LayoutOptions())
    assert len(sheets) == 1
    tiles, board = sheets[0].blocks
    assert tiles.box.y == pytest.approx(board.box.top)
    marks = sheets[0].marks
    top, bottom = board.box.top - TOL, tiles.box.y + TOL
    gutter = [m for m in marks if m.x1 == m.x2 and top <= min(m.y1, m.y2) <= bottom]
    assert not gutter
    shared = board.box.top
    assert any(m.y1 == m.y2 == pytest.approx(shared) and max(m.x1, m.x2) <= tiles.box.x for m in marks)


def test_earlier_sheets_are_filled_before_a_new_one():
    # a chart leaves a 190 x 93 mm strip: 18 tiles fill it before a second sheet starts
    sheets = layout(make("chart", 2, 166, 184) + make("tile", 36, 30, 30), LayoutOptions())
    assert len(sheets) == 2
    assert [sum(p.piece.component == "tile" for p in s.placements) for s in sheets] == [18, 18]


def test_pieces_turn_only_where_that_saves_a_sheet():
    strip = make("chart", 1, 166, 184) + make("card", 3, 85, 55)
    sheets = layout(strip, LayoutOptions())
    assert len(sheets) == 1 and {p.turn for p in sheets[0].placements if p.piece.component == "card"} == {90}
    assert {p.turn for s in layout(make("card", 10, 85, 55), LayoutOptions()) for p in s.placements} == {0}
    assert len(layout(strip, LayoutOptions(rotate=False))) == 2


def test_grid_uses_the_pitch_of_size_bleed_and_gap():
    opts = LayoutOptions(paper="a4", margin=10, gap=2, bleed=1)
    sheets = layout(make("tile", 9, 27, 27), opts)
    trims = [p.trim for p in sheets[0].placements]
    per_row = int((190 + 2) // (27 + 2 + 2))
    assert trims[1].x - trims[0].x == pytest.approx(27 + 2 * 1 + 2)
    assert trims[per_row].y - trims[0].y == pytest.approx(-(27 + 2 * 1 + 2))
    assert trims[per_row].x == pytest.approx(trims[0].x)


def test_runs_of_other_sizes_share_a_sheet_when_they_fit_and_overflow_to_the_next():
    opts = LayoutOptions()
    sheets = layout(make("tile", 24, 27, 27) + make("board", 1, 135, 135), opts)
    assert len(sheets) == 1
    sheets = layout(make("tile", 24, 27, 27) + make("board", 2, 135, 135), opts)
    assert sorted(len(s.placements) for s in sheets) == [1, 25]


def test_letter_and_a4_fit_different_numbers_of_pieces():
    a4 = layout(make("card", 9, 63, 88), LayoutOptions(paper="a4"))
    letter = layout(make("card", 9, 63, 88), LayoutOptions(paper="letter"))
    assert len(a4[0].placements) == 9  # 3 x 3 in 190 x 277 mm
    assert letter[0].size_mm == (215.9, 279.4)
    assert len(letter[0].placements) == 6  # 3 x 2 in 195.9 x 259.4 mm


def test_a_piece_larger_than_the_printable_area_is_an_error_naming_it():
    with pytest.raises(DataError) as err:
        layout(make("board", 1, 189, 189), LayoutOptions(paper="a4", bleed=3))
    msg = str(err.value)
    assert "components.board" in msg and "189 x 189 mm" in msg and "195 x 195 mm" in msg
    assert "a4" in msg and "190 x 277 mm" in msg
    layout(make("board", 1, 189, 189), LayoutOptions(paper="letter", bleed=3))


@pytest.mark.parametrize(
    "kwargs,words",
    [
        ({"paper": "a5"}, "a4, a3, letter or WxH"),
        ({"paper": "20x300"}, "WxH in mm"),
        ({"bleed": -1}, "bleed"),
        ({"margin": -0.5}, "margin"),
        ({"gap": float("nan")}, "gap"),
        ({"margin": 120}, "margin"),
    ],
)
def test_bad_options_are_errors(kwargs, words):
    with pytest.raises(DataError, match=words):
        LayoutOptions(**kwargs)


def test_paper_name_is_case_insensitive_and_custom_sizes_are_w_x_h_mm():
    assert LayoutOptions(paper="Letter").page_mm == (215.9, 279.4)
    assert LayoutOptions(paper="A3").page_mm == (297.0, 420.0)
    assert LayoutOptions(paper="300x450.5").page_mm == (300.0, 450.5)


def test_no_pieces_is_an_error():
    with pytest.raises(DataError, match="nothing to print"):
        layout([], LayoutOptions())


def test_render_is_deterministic_and_escapes_component_names():
    pieces = make("odd name/1", 3, 40, 40)
    sheets = layout(pieces, LayoutOptions())
    first = render(sheets, "t")
    assert first == render(layout(pieces, LayoutOptions()), "t")
    assert b"/odd#20name#2F1" in _uncompressed(first)


def _uncompressed(pdf: bytes) -> bytes:
    return b"".join(p.get_contents().get_data() for p in PdfReader(io.BytesIO(pdf)).pages)
