"""Render sheets of pieces of any game as a PDF: pieces, crop marks, sheet headers, print-dialog hints.

Two steps, so that other outputs can reuse the first:

- `layout(pieces, options) -> list[Sheet]` (`printkit/sheets/packing.py`) is pure
  geometry in millimetres on `Sheet`s (`printkit/sheets/geometry.py`);
- `render(sheets, title, fonts, colours, info, duplex, ink_saver) -> bytes`
  draws the sheets on a `PrintCanvas` (embedded fonts; `colours` maps every
  colour, e.g. to CMYK through a profile; `printkit/output/canvas.py`; `ink_saver`
  prints pieces on dark grounds as outlined tints, `printkit/output/ink_saver.py`).
  Each piece is drawn by its own `draw_front` (`draw_back` on a back sheet)
  with the canvas moved to its trim corner (and turned a quarter turn for a
  turned placement) and clipped to its bleed box (see `printkit/pieces/contract.py`).
  A sheet that carries a trim box and bleed box (shop mode) gets them as the
  page's TrimBox and BleedBox. With `info`, every sheet gets its header and
  scale bar (`printkit/sheets/margins.py`); with `corner_guides`, a rounded
  piece's corners on a front sheet get a faint quarter circle at its radius,
  where scissors round them off (the corner is otherwise a square's, as the
  crop marks say). The document's `/ViewerPreferences` ask
  the print dialog for `/PrintScaling /None` (100 %) and, when `duplex` is
  given, `/Duplex /DuplexFlipLongEdge` or `/Simplex`. The output is
  deterministic: the same input gives the same bytes.

Other outputs build on the same pieces and sheets: shop mode
(`printkit/sheets/shop.py`) gives one sheet per piece face; duplex backs
(`printkit/sheets/backs.py`) are back sheets whose placements mirror the fronts';
cut files (`printkit/sheets/cutfile.py`), exports and the summary
(`printkit/sheets/summary.py`) read the placements.

Options use the words of Squib's `save_pdf`: `margin` (the band around the
page that holds no piece), `gap` (the gutter between neighbouring bleed
boxes), `bleed` (artwork past the trim on every side), `crop_marks`.

Every piece is wrapped in a marked-content sequence
`/PrintkitPiece <</Component /name /Index n /Side /front>> BDC ... EMC`, the crop
marks in `/PrintkitCropMarks BMC ... EMC` and registration marks for cutting
machines in `/PrintkitRegistration BMC ... EMC`, so that tools and tests can find them in the content stream.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib.units import mm

from printkit.output.canvas import PrintCanvas
from printkit.output.fonts import Family, family
from printkit.output.ink_saver import OUTLINE_PT, InkSaver
from printkit.pieces.outlines import outline
from printkit.sheets.geometry import PAPERS_MM, LayoutOptions, Placement, Rect, Sheet, Side
from printkit.sheets.margins import SheetInfo, draw_margin, sheet_numbers
from printkit.sheets.packing import MARK_LINE_PT, layout

__all__ = ["PAPERS_MM", "LayoutOptions", "Sheet", "layout", "render"]


def _pdf_name(text: str) -> str:
    """`text` as a PDF name object, irregular characters escaped as #xx."""
    return "/" + re.sub(r"[^A-Za-z0-9_.\-]", lambda c: "".join(f"#{b:02X}" for b in c[0].encode()), text)


CORNER_GUIDE_PT = 0.3
CORNER_GUIDE_GREY = 0.62  # faint on any ground: a guide, not art


def _draw_corner_guides(canvas: PrintCanvas, piece: Any) -> None:
    """Quarter circles at a rounded piece's corners, in the piece's own coordinates (points, y up)."""
    r = piece.shape.radius_mm * mm
    w, h = piece.width_mm * mm, piece.height_mm * mm
    canvas.saveState()
    canvas.setLineWidth(CORNER_GUIDE_PT)
    canvas.setStrokeColor((CORNER_GUIDE_GREY,) * 3)
    for cx, cy, start in ((r, r, 180), (w - r, r, 270), (w - r, h - r, 0), (r, h - r, 90)):
        path = canvas.beginPath()
        path.arc(cx - r, cy - r, cx + r, cy + r, startAng=start, extent=90)
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _draw_placement(
    canvas: PrintCanvas, placement: Placement, side: Side, corner_guides: bool = False
) -> None:
    piece = placement.piece
    draw = piece.draw_back if side == "back" else piece.draw_front
    if draw is None:
        return
    canvas.addLiteral(
        f"/PrintkitPiece <</Component {_pdf_name(piece.component)} /Index {placement.index} "
        f"/Side /{side}>> BDC"
    )
    canvas.saveState()
    t = placement.trim
    if placement.turn == 90:
        canvas.translate(t.right * mm, t.y * mm)
    elif placement.turn == -90:
        canvas.translate(t.x * mm, t.top * mm)
    else:
        canvas.translate(t.x * mm, t.y * mm)
    if placement.turn:
        canvas.rotate(placement.turn)
    clip = canvas.beginPath()
    if piece.shape.is_hex:  # hexagons in a honeycomb overlap in their boxes: clip to the outline
        points = outline(piece.shape, piece.width_mm, piece.height_mm, piece.bleed_mm)
        clip.moveTo(points[0][0] * mm, points[0][1] * mm)
        for x, y in points[1:]:
            clip.lineTo(x * mm, y * mm)
        clip.close()
    else:
        b = piece.bleed_mm * mm
        clip.rect(-b, -b, piece.width_mm * mm + 2 * b, piece.height_mm * mm + 2 * b)
    canvas.clipPath(clip, stroke=0, fill=0)
    saver = canvas.ink_saver
    if saver is not None:
        saver.begin((piece.width_mm * mm, piece.height_mm * mm))
    draw(canvas, piece)
    ground = saver.end() if saver is not None else None
    if ground is not None:  # an ink-saver tint: outlined in the ground it replaced
        canvas.setStrokeColor(ground)
        canvas.setLineWidth(OUTLINE_PT)
        canvas.rect(0, 0, piece.width_mm * mm, piece.height_mm * mm, stroke=1, fill=0)
    if corner_guides and side == "front" and piece.shape.kind == "rounded" and piece.shape.radius_mm > 0:
        _draw_corner_guides(canvas, piece)
    canvas.restoreState()
    canvas.addLiteral("EMC")


def _draw_marks(canvas: PrintCanvas, sheet: Sheet) -> None:
    if not sheet.marks:
        return
    canvas.addLiteral("/PrintkitCropMarks BMC")
    canvas.saveState()
    canvas.setLineWidth(MARK_LINE_PT)
    canvas.setStrokeColor((0, 0, 0))
    for s in sheet.marks:
        canvas.line(s.x1 * mm, s.y1 * mm, s.x2 * mm, s.y2 * mm)
    canvas.restoreState()
    canvas.addLiteral("EMC")


def _draw_registration(canvas: PrintCanvas, sheet: Sheet) -> None:
    if sheet.registration:
        canvas.addLiteral("/PrintkitRegistration BMC")
        canvas.saveState()
        canvas.setFillColor((0, 0, 0))
        for r in sheet.registration:
            canvas.rect(r.x * mm, r.y * mm, r.w * mm, r.h * mm, stroke=0, fill=1)
        canvas.restoreState()
        canvas.addLiteral("EMC")


def _pt_box(rect: Rect | None) -> tuple[float, float, float, float] | None:
    return None if rect is None else (rect.x * mm, rect.y * mm, rect.right * mm, rect.top * mm)


def render(
    sheets: Sequence[Sheet],
    title: str,
    fonts: Family | None = None,
    colours: Callable[[Any], Any] | None = None,
    info: SheetInfo | None = None,
    duplex: bool | None = None,
    ink_saver: bool = False,
    corner_guides: bool = False,
) -> bytes:
    """The sheets as a PDF document (see the module docstring); the same sheets give the same bytes."""
    buf = io.BytesIO()
    canvas = PrintCanvas(buf, fonts or family("en"), colours, InkSaver() if ink_saver else None)
    canvas.setTitle(title)
    canvas.setCreator("printkit")
    canvas.setViewerPreference("PrintScaling", "None")
    if duplex is not None:
        canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge" if duplex else "Simplex")
    numbers = sheet_numbers(list(sheets))
    total = max(numbers, default=0)
    for sheet, number in zip(sheets, numbers, strict=True):
        w, h = sheet.size_mm
        canvas.setPageSize((w * mm, h * mm))
        canvas.setTrimBox(_pt_box(sheet.trim_box))
        canvas.setBleedBox(_pt_box(sheet.bleed_box))
        for placement in sheet.placements:
            _draw_placement(canvas, placement, sheet.side, corner_guides)
        _draw_marks(canvas, sheet)
        _draw_registration(canvas, sheet)
        if info is not None:
            draw_margin(canvas, sheet, number, total, info)
        canvas.showPage()
    canvas.save()
    return buf.getvalue()
