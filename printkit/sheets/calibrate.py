"""The calibration sheet: 100 mm rulers to catch a scaled print, and a duplex registration grid.

Page 1 (front) has a horizontal and a vertical ruler, each one line of exactly
100 mm with millimetre ticks: if a ruler does not measure 100 mm on paper, the
printer or the viewer scaled the page ("fit to page"); print at 100 % / actual
size. It also has registration targets (a cross in a circle).

Page 2 (back) has, behind each target, a grid of 1 mm squares numbered in mm.
Printed double-sided with a long-edge flip, a pin pushed through the centre of
a front cross (or the sheet held against a light) comes out in one square of
the grid: its numbers X,Y are the `--back-offset X,Y` that lines this
printer's backs up with its fronts. The grid is placed exactly as the backs of
pieces are (`printkit/sheets/backs.py`: mirrored, then shifted by the offset), so a
sheet printed with `--back-offset` shows the correction still needed, to be
added to that offset.

The rulers, targets and grids are tagged `/PrintkitRuler <</Axis /x>>`,
`/PrintkitTarget` and `/PrintkitGrid` in the content stream.
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from printkit.atomic import write_output
from printkit.output.canvas import PrintCanvas
from printkit.output.fonts import family
from printkit.sheets.backs import Offset
from printkit.sheets.geometry import paper_size

RULER_MM = 100
GRID_REACH_MM = 5  # the grid reads offsets from -5 to +5 mm on each axis
TARGET_RADIUS_MM = 4.0
INK = HexColor("#222222")
GRID_LINE = HexColor("#999999")


def targets(page_mm: tuple[float, float]) -> list[tuple[float, float]]:
    """Centres of the registration targets on the front, in mm from the lower-left corner."""
    w, _ = page_mm
    return [(35.0, 40.0), (w / 2, 40.0), (w - 35.0, 40.0)]


def _ruler(canvas: PrintCanvas, x: float, y: float, axis: str) -> None:
    """A 100 mm ruler from (x, y) in points, along x or y, ticks on the side away from the page edge."""
    along = (mm, 0.0) if axis == "x" else (0.0, mm)
    across = (0.0, mm) if axis == "x" else (mm, 0.0)
    canvas.addLiteral(f"/PrintkitRuler <</Axis /{axis}>> BDC")
    canvas.setLineWidth(0.5)
    canvas.line(x, y, x + along[0] * RULER_MM, y + along[1] * RULER_MM)
    canvas.addLiteral("EMC")
    canvas.setLineWidth(0.25)
    for k in range(RULER_MM + 1):
        tick = 5.0 if k % 10 == 0 else 3.0 if k % 5 == 0 else 1.6
        px, py = x + along[0] * k, y + along[1] * k
        canvas.line(px, py, px + across[0] * tick, py + across[1] * tick)
        if k % 10 == 0:
            canvas.setFont("Helvetica", 6)
            if axis == "x":
                canvas.drawCentredString(px, py + 6.5 * mm, str(k))
            else:
                canvas.drawString(px + 6.5 * mm, py - 2, str(k))


def _target(canvas: PrintCanvas, cx: float, cy: float) -> None:
    r = TARGET_RADIUS_MM * mm
    canvas.addLiteral("/PrintkitTarget BMC")
    canvas.setLineWidth(0.3)
    canvas.circle(cx, cy, r, stroke=1, fill=0)
    canvas.line(cx - 1.5 * r, cy, cx + 1.5 * r, cy)
    canvas.line(cx, cy - 1.5 * r, cx, cy + 1.5 * r)
    canvas.addLiteral("EMC")


def _grid(canvas: PrintCanvas, cx: float, cy: float) -> None:
    """Squares of 1 mm from -GRID_REACH_MM to +GRID_REACH_MM around (cx, cy), numbered every mm."""
    n = GRID_REACH_MM
    canvas.addLiteral("/PrintkitGrid BMC")
    for k in range(-n, n + 1):
        strong = k == 0 or k % 5 == 0
        canvas.setStrokeColor(INK if strong else GRID_LINE)
        canvas.setLineWidth(0.5 if k == 0 else 0.2)
        canvas.line(cx + k * mm, cy - n * mm, cx + k * mm, cy + n * mm)
        canvas.line(cx - n * mm, cy + k * mm, cx + n * mm, cy + k * mm)
    canvas.addLiteral("EMC")
    canvas.setFillColor(INK)
    canvas.setFont("Helvetica", 4)
    for k in range(-n, n + 1):  # every line numbered by its distance in mm; the sign by the side
        canvas.drawCentredString(cx + k * mm, cy - (n + 2) * mm, str(abs(k)))
        canvas.drawRightString(cx - (n + 1) * mm, cy + k * mm - 1.4, str(abs(k)))
    canvas.setFont("Helvetica-Bold", 6)
    canvas.drawCentredString(cx - (n + 1) * mm, cy - (n + 5) * mm, "-X")
    canvas.drawCentredString(cx + (n + 1) * mm, cy - (n + 5) * mm, "+X")
    canvas.drawRightString(cx - (n + 3.5) * mm, cy + n * mm - 2, "+Y")
    canvas.drawRightString(cx - (n + 3.5) * mm, cy - n * mm - 2, "-Y")


def _text(canvas: PrintCanvas, x: float, y: float, lines: list[str], size: float = 9) -> None:
    canvas.setFillColor(INK)
    for i, line in enumerate(lines):
        canvas.setFont("Helvetica-Bold" if i == 0 else "Helvetica", size * (1.25 if i == 0 else 1))
        canvas.drawString(x, y - i * size * 1.5, line)


def calibration_pdf(paper: str, offset: Offset = (0.0, 0.0)) -> bytes:
    """The two-page calibration sheet for `paper`, its back shifted by `offset` like pieces' backs."""
    page = paper_size(paper)
    w, h = page
    buf = io.BytesIO()
    canvas = PrintCanvas(buf, family("en"))
    canvas.setTitle(f"printkit calibration ({paper.lower()})")
    canvas.setCreator("printkit")
    canvas.setPageSize((w * mm, h * mm))

    _text(
        canvas,
        20 * mm,
        (h - 20) * mm,
        [
            f"printkit calibration, {paper.lower()}",
            '1. Print this page at 100 % ("actual size"), never "fit to page".',
            f"2. Measure the two rulers: each must be exactly {RULER_MM} mm. If not, the page was scaled.",
            "3. For double-sided printing, print both pages duplex, flipping on the long edge,",
            "   then read the grids on the back (instructions there).",
        ],
    )
    _ruler(canvas, (w - RULER_MM) / 2 * mm, (h - 75) * mm, "x")
    _ruler(canvas, 25 * mm, (h - 95 - RULER_MM) * mm, "y")
    canvas.setFont("Helvetica", 8)
    canvas.drawCentredString(w / 2 * mm, (h - 82) * mm, f"{RULER_MM} mm")
    for tx, ty in targets(page):
        _target(canvas, tx * mm, ty * mm)
    canvas.drawCentredString(w / 2 * mm, 55 * mm, "Registration targets: their grids are on the back.")
    canvas.showPage()

    canvas.setPageSize((w * mm, h * mm))
    ox, oy = offset
    for tx, ty in targets(page):
        _grid(canvas, (w - tx + ox) * mm, (ty + oy) * mm)
    _text(
        canvas,
        20 * mm,
        (h - 20) * mm,
        [
            "Back: duplex registration",
            "Push a pin through the centre of each cross on the front (or hold the sheet against a light).",
            "The square where it comes out gives X and Y in mm; build with --back-offset X,Y",
            "(e.g. printkit build GAME --back-offset 0.5,-1). If the three grids disagree, the printer",
            "also turns or scales the back: use the middle one.",
            f"This page was printed with --back-offset {ox:g},{oy:g}: add that to what you read.",
        ],
    )
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def write_calibration(out_dir: Path | str, paper: str, offset: Offset = (0.0, 0.0)) -> Path:
    """Write `<out_dir>/calibrate-<paper>.pdf` and return its path."""
    data = calibration_pdf(paper, offset)
    path = Path(out_dir) / f"calibrate-{paper.lower()}.pdf"
    write_output(path, data)
    return path
