"""Imposition geometry on made-up pieces: fits, no overlaps, order, crop marks, errors."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.errors import DataError
from printkit.imposition import PAPERS_MM, LayoutOptions, layout, render
from printkit.pieces import Piece

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
    placed = [p for s in sheets for p in s.placements]
    assert [p.index for p in placed] == list(range(len(pieces)))
    for sheet in sheets:
        assert sheet.size_mm == (page_w, page_h)
        boxes = [p.bleed_box for p in sheet.placements]
        for p in sheet.placements:
            assert p.trim.w == pieces[p.index].size_mm[0] and p.trim.h == pieces[p.index].size_mm[1]
            assert p.piece.bleed_mm == opts.bleed
            box = p.bleed_box
            assert box.x >= m - TOL and box.y >= m - TOL
            assert box.right <= page_w - m + TOL and box.top <= page_h - m + TOL
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert not overlaps(a.grow(opts.gap / 2 - TOL), b.grow(opts.gap / 2 - TOL))
        for mark in sheet.marks:
            for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2)):
                assert m / 2 - TOL <= x <= page_w - m / 2 + TOL
                assert m / 2 - TOL <= y <= page_h - m / 2 + TOL
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
def test_layout_keeps_every_piece_inside_the_printable_area_apart_and_in_order(
    runs, paper, margin, gap, bleed, crop_marks
):
    pieces = [p for i, (n, w, h) in enumerate(runs) for p in make(f"c{i}", n, w, h)]
    opts = LayoutOptions(paper=paper, margin=margin, gap=gap, bleed=bleed, crop_marks=crop_marks)
    sheets = layout(pieces, opts)
    check_sheets(sheets, pieces, opts)
    if not crop_marks:
        assert not any(s.marks for s in sheets)


@pytest.mark.parametrize("gap,bleed", [(0, 0), (4, 0), (0, 3), (2, 1.5)])
def test_every_cut_line_has_a_crop_mark_at_both_ends(gap, bleed):
    opts = LayoutOptions(gap=gap, bleed=bleed)
    pieces = make("tile", 11, 27, 27) + make("card", 5, 63, 88)
    for sheet in layout(pieces, opts):
        for block in sheet.blocks:
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
    assert [len(s.placements) for s in sheets] == [25, 1]


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
        ({"paper": "a5"}, "a4, letter"),
        ({"bleed": -1}, "bleed"),
        ({"margin": -0.5}, "margin"),
        ({"gap": float("nan")}, "gap"),
        ({"margin": 120}, "margin"),
    ],
)
def test_bad_options_are_errors(kwargs, words):
    with pytest.raises(DataError, match=words):
        LayoutOptions(**kwargs)


def test_paper_name_is_case_insensitive():
    assert LayoutOptions(paper="Letter").page_mm == (215.9, 279.4)


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
