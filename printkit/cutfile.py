"""Cut files for cutting machines (Cricut, Silhouette and the like): one SVG per printed sheet.

Each SVG is the sheet at true size (width and height in mm, one user unit =
1 mm, y down as SVG has it) with two groups:

- `cut`: one outline per piece, stroked hairline red and not filled, the way
  cutting software tells a cut line: its trim rectangle, or for a piece of
  another shape (`printkit/outlines.py`: hexagon, circle, rounded rectangle)
  its outline polygon in sheet coordinates, from `sheet_outline`;
- `registration`: the black marks printed in three corners of the sheet (a
  square top left, L-shaped corners top right and bottom left), which a
  machine's optical sensor, or the user, lines up with the print.

`add_registration` puts the same marks on the front sheets of the PDF, so the
print and the cut file agree. The marks sit in the page margin, between
`REG_INSET_MM` and `REG_INSET_MM + REG_SIZE_MM` from the edges, where neither
pieces nor crop marks go.
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit.errors import DataError
from printkit.outlines import sheet_outline
from printkit.sheets import LayoutOptions, Placement, Rect, Sheet

REG_INSET_MM = 4.0  # from the page edge to the outer side of a mark
REG_SIZE_MM = 5.0  # side of the square and length of an L's arms
REG_LINE_MM = 0.5  # width of an L's arms
REG_CLEARANCE_MM = 1.0  # between the marks and the printable area
MIN_MARGIN_MM = REG_INSET_MM + REG_SIZE_MM + REG_CLEARANCE_MM
CUT_STROKE_MM = 0.1


def registration_marks(page_mm: tuple[float, float]) -> list[Rect]:
    """The filled rectangles of the three corner marks of a page."""
    w, h = page_mm
    i, s, t = REG_INSET_MM, REG_SIZE_MM, REG_LINE_MM
    return [
        Rect(i, h - i - s, s, s),  # square, top left
        Rect(w - i - s, h - i - t, s, t),  # L, top right
        Rect(w - i - t, h - i - s, t, s),
        Rect(i, i, s, t),  # L, bottom left
        Rect(i, i, t, s),
    ]


def add_registration(sheets: Sequence[Sheet], options: LayoutOptions) -> None:
    """Put the registration marks on every front sheet; the margin must leave room for them."""
    if options.margin < MIN_MARGIN_MM:
        raise DataError(
            f"--cut-svg: registration marks need a margin of at least {MIN_MARGIN_MM:g} mm, "
            f"got {options.margin:g} mm"
        )
    for sheet in sheets:
        if sheet.side == "front":
            sheet.registration = registration_marks(sheet.size_mm)


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _rect(r: Rect, page_h: float, extra: str = "") -> str:
    y = page_h - r.top  # SVG's y runs down from the top edge
    return f'<rect x="{_n(r.x)}" y="{_n(y)}" width="{_n(r.w)}" height="{_n(r.h)}"{extra}/>'


def sheet_svg(sheet: Sheet, title: str) -> str:
    """The cut lines and registration marks of one front sheet as an SVG document at true size."""
    w, h = sheet.size_mm
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w)}mm" height="{_n(h)}mm" '
        f'viewBox="0 0 {_n(w)} {_n(h)}">',
        f"<title>{_escape(title)}</title>",
        '<g id="registration" fill="#000000" stroke="none">',
        *(_rect(r, h) for r in sheet.registration),
        "</g>",
        f'<g id="cut" fill="none" stroke="#ff0000" stroke-width="{_n(CUT_STROKE_MM)}">',
        *(_cut(p, h) for p in sheet.placements),
        "</g>",
        "</svg>",
    ]
    return "\n".join(lines) + "\n"


def _cut(p: Placement, page_h: float) -> str:
    """One piece's cut line: its trim rectangle, or its outline polygon when it is not a rectangle."""
    extra = f' data-component="{_escape(p.piece.component)}" data-index="{p.index}"'
    shape = p.piece.shape
    if shape.kind == "rect":
        return _rect(p.trim, page_h, extra)
    points = sheet_outline(shape, p.piece.size_mm, p.trim.x, p.trim.y, p.turn)
    listed = " ".join(f"{_n(x)},{_n(page_h - y)}" for x, y in points)
    return f'<polygon points="{listed}"{extra}/>'


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
