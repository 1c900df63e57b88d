"""Cut files for cutting machines: an SVG and/or a DXF per printed sheet, and Silhouette's registration marks.

Each file is the sheet at true size in millimetres, in page coordinates (the
SVG's y runs down from the top edge as SVG has it; the DXF's runs up, as the
PDF's does), with two layers:

- `cut`: the cut lines of every piece on the sheet (its trim rectangle, or
  the outline of its shape: `printkit/pieces/outlines.py`) as strokes in which a
  shared edge appears once (`printkit/sheets/cutpaths.py`), stroked hairline red
  and not filled in the SVG, on layer `CUT` as polylines in the DXF;
- `registration`: the outlines of the three registration marks printed on the
  sheet, only to line the file up with the marks in the cutting software; they
  are not to be cut (delete the layer, or set it to "No Cut").

The marks are Silhouette Studio's print-and-cut marks of style "Type 1" (a
filled square top left, L-shaped corners top right and bottom left), with the
values to set in Studio's Registration Marks panel: length `REG_ARM_MM`,
thickness `REG_LINE_MM`, inset `REG_INSET_MM` (the marks' outer edges from the
page edges). Their shape follows the inkscape-silhouette project's
`render_silhouette_regmarks.py` (square 5 mm, arms 20 mm, lines 0.3 mm).
`add_registration` prints the same marks on the front sheets of the PDF, so
print and cut file agree; the margin must keep pieces clear of the square
(`MIN_MARGIN_MM`), and crop marks are left out of the corners next to the
marks (`keepouts`), where the machine's sensor looks for them.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator, Sequence

from printkit.errors import DataError
from printkit.sheets.cutpaths import sheet_chains
from printkit.sheets.geometry import LayoutOptions, Rect, Segment, Sheet

REG_INSET_MM = 10.0  # from the page edge to the outer side of a mark
REG_SQUARE_MM = 5.0  # side of the square
REG_ARM_MM = 20.0  # length of an L's arms
REG_LINE_MM = 0.3  # width of an L's arms
REG_CLEARANCE_MM = 1.0  # between the square and the printable area
REG_KEEPOUT_MM = 2.0  # the sensor's corner zone reaches this far past the arms
MIN_MARGIN_MM = REG_INSET_MM + REG_SQUARE_MM + REG_CLEARANCE_MM
CUT_STROKE_MM = 0.1
FORMATS = ("svg", "dxf")


def registration_marks(page_mm: tuple[float, float]) -> list[Rect]:
    """The filled rectangles of the three corner marks of a page (Silhouette Studio, Type 1)."""
    w, h = page_mm
    i, s, a, t = REG_INSET_MM, REG_SQUARE_MM, REG_ARM_MM, REG_LINE_MM
    return [
        Rect(i, h - i - s, s, s),  # square, top left
        Rect(w - i - a, h - i - t, a, t),  # L, top right
        Rect(w - i - t, h - i - a, t, a),
        Rect(i, i, a, t),  # L, bottom left
        Rect(i, i, t, a),
    ]


def keepouts(page_mm: tuple[float, float]) -> list[Rect]:
    """The three corner zones around the marks, where nothing else is printed."""
    w, h = page_mm
    i, z = REG_INSET_MM, REG_ARM_MM + REG_KEEPOUT_MM
    return [Rect(i, h - i - z, z, z), Rect(w - i - z, h - i - z, z, z), Rect(i, i, z, z)]


def _crosses(segment: Segment, box: Rect) -> bool:
    xs, ys = sorted((segment.x1, segment.x2)), sorted((segment.y1, segment.y2))
    return xs[1] >= box.x and xs[0] <= box.right and ys[1] >= box.y and ys[0] <= box.top


def add_registration(sheets: Sequence[Sheet], options: LayoutOptions, flag: str = "--cut-svg") -> None:
    """Put the registration marks on every front sheet, clear the corners; the margin must leave room."""
    if options.margin < MIN_MARGIN_MM:
        raise DataError(
            f"{flag}: registration marks need a margin of at least {MIN_MARGIN_MM:g} mm, "
            f"got {options.margin:g} mm"
        )
    for sheet in sheets:
        if sheet.side == "front":
            sheet.registration = registration_marks(sheet.size_mm)
            zones = keepouts(sheet.size_mm)
            sheet.marks = [m for m in sheet.marks if not any(_crosses(m, z) for z in zones)]


def _n(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _svg_path(strokes: Sequence[Sequence[tuple[float, float]]], page_h: float) -> str:
    parts = []
    for stroke in strokes:
        closed = len(stroke) > 2 and stroke[0] == stroke[-1]
        points = stroke[:-1] if closed else stroke
        coords = " L".join(f"{_n(x)} {_n(page_h - y)}" for x, y in points)
        parts.append(f"M{coords}{' Z' if closed else ''}")
    return " ".join(parts)


def _svg_rect(r: Rect, page_h: float) -> str:
    y = page_h - r.top  # SVG's y runs down from the top edge
    return f'<rect x="{_n(r.x)}" y="{_n(y)}" width="{_n(r.w)}" height="{_n(r.h)}"/>'


def sheet_svg(sheet: Sheet, title: str) -> str:
    """The cut lines and registration marks of one front sheet as an SVG document at true size."""
    w, h = sheet.size_mm
    strokes = sheet_chains(sheet.placements)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w)}mm" height="{_n(h)}mm" '
        f'viewBox="0 0 {_n(w)} {_n(h)}">',
        f"<title>{_escape(title)}</title>",
        '<g id="registration" fill="none" stroke="#000000" stroke-width="0.05">',
        *(_svg_rect(r, h) for r in sheet.registration),
        "</g>",
        f'<g id="cut" fill="none" stroke="#ff0000" stroke-width="{_n(CUT_STROKE_MM)}">',
        f'<path d="{_svg_path(strokes, h)}"/>' if strokes else "",
        "</g>",
        "</svg>",
    ]
    return "\n".join(line for line in lines if line) + "\n"


@contextlib.contextmanager
def _fixed_metadata() -> Iterator[None]:
    """ezdxf's fixed dates and ids for the file's header, so the same sheet gives the same bytes."""
    import ezdxf  # here, not at the top: it costs a second of start-up that every other command would pay

    before = ezdxf.options.write_fixed_meta_data_for_testing
    ezdxf.options.write_fixed_meta_data_for_testing = True
    try:
        yield
    finally:
        ezdxf.options.write_fixed_meta_data_for_testing = before


def sheet_dxf(sheet: Sheet, title: str) -> str:
    """The same as `sheet_svg` as a DXF (R2000, millimetres, y up): layers CUT and REGISTRATION."""
    import ezdxf

    with _fixed_metadata():
        doc = ezdxf.new("R2000", units=4)  # 4: millimetres
        doc.header["$MEASUREMENT"] = 1  # metric
        w, h = sheet.size_mm
        doc.header["$EXTMIN"], doc.header["$EXTMAX"] = (0, 0, 0), (w, h, 0)  # the page, for importers
        doc.header["$LIMMIN"], doc.header["$LIMMAX"] = (0, 0), (w, h)
        doc.layers.add("CUT", color=1)  # red
        doc.layers.add("REGISTRATION", color=7)
        msp = doc.modelspace()
        for stroke in sheet_chains(sheet.placements):
            closed = len(stroke) > 2 and stroke[0] == stroke[-1]
            points = stroke[:-1] if closed else stroke
            msp.add_lwpolyline(points, close=closed, dxfattribs={"layer": "CUT"})
        for r in sheet.registration:
            corners = [(r.x, r.y), (r.right, r.y), (r.right, r.top), (r.x, r.top)]
            msp.add_lwpolyline(corners, close=True, dxfattribs={"layer": "REGISTRATION"})
        doc.ezdxf_metadata()["TITLE"] = title
        out = io.StringIO()
        doc.write(out)
    return out.getvalue()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
