"""Backs for home printing: duplex back sheets mirrored for a long-edge flip, or single-sided.

Printed double-sided and flipped on the long edge (the usual duplex setting
for portrait pages), the back of a sheet is its front turned over left to
right: a piece at `x` from the left edge of the front lies at `x` from the
right edge of the back. So each back sheet holds the same pieces as its front
sheet, at trim rectangles mirrored across the page's vertical centre line, and
draws their `draw_back`; a piece turned a quarter turn one way on the front is
turned the other way on the back, so its back stands the same way up as its
front. The artwork itself is not mirrored: a back is drawn as it should be
seen.

Printers rarely register the two sides exactly; `offset` (mm, x to the right
and y up as the back page is seen) shifts every back piece to correct that.
`printkit calibrate` prints a grid that tells which offset a printer needs.

Duplex: every front sheet is followed by its back sheet (empty where none of
its pieces has a back, yet the same physical sheet), so the whole file prints
double-sided in one go and no front lands on another front's back. Simplex
(single-sided): only the back sheets that hold something, each after its
front, to be printed on their own sheets and glued behind; no blank page.
The other single-sided way is `fold_pairs`: each piece with a back becomes one
piece twice as wide, front and back side by side with a dashed fold line
between them, to be cut out, folded and glued (as nanDECK and protograf offer).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import DataError
from printkit.pieces.contract import Piece
from printkit.pieces.outlines import RECT, outline
from printkit.sheets.geometry import Block, Placement, Rect, Sheet

Offset = tuple[float, float]
FOLD_DASH_PT = (2.0, 2.0)
FOLD_LINE_PT = 0.4


def parse_offset(text: str) -> Offset:
    """`"X,Y"` in mm (e.g. `"0.5,-1"`) as a pair of numbers."""
    parts = text.split(",")
    try:
        x, y = (float(p) for p in parts) if len(parts) == 2 else (math.nan, math.nan)
    except ValueError:
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > 20:
        raise DataError(f"--back-offset: expected X,Y in mm (each within 20 mm), e.g. 0.5,-1; got {text!r}")
    return (x, y)


def mirror(placement: Placement, page_w: float, offset: Offset = (0.0, 0.0)) -> Placement:
    """The placement of a piece's back behind its front, shifted by `offset`."""
    t = placement.trim
    trim = Rect(page_w - t.right + offset[0], t.y + offset[1], t.w, t.h)
    return replace(placement, trim=trim, turn=-placement.turn)


def back_sheet(front: Sheet, offset: Offset = (0.0, 0.0)) -> Sheet:
    """The back of a front sheet: its pieces that have a back, mirrored; no marks."""
    page_w = front.size_mm[0]
    blocks = []
    for block in front.blocks:
        backs = [mirror(p, page_w, offset) for p in block.placements if p.piece.draw_back is not None]
        if backs:
            blocks.append(Block(backs))
    return Sheet(front.size_mm, blocks, side="back")


def with_backs(fronts: Sequence[Sheet], offset: Offset = (0.0, 0.0), duplex: bool = True) -> list[Sheet]:
    """Front sheets each followed by its back sheet (duplex) or by its back only when it holds a piece."""
    every = duplex and has_backs(fronts)
    sheets: list[Sheet] = []
    for front in fronts:
        back = back_sheet(front, offset)
        sheets.append(front)
        if back.blocks or every:
            sheets.append(back)
    return sheets


def has_backs(sheets: Sequence[Sheet]) -> bool:
    """Whether any piece on these sheets has a back."""
    return any(p.piece.draw_back is not None for s in sheets for p in s.placements)


def fold_pairs(pieces: Sequence[Piece]) -> list[Piece]:
    """Each piece with a back as one piece holding front and back side by side, with a fold line."""
    return [_fold_pair(p) if p.draw_back is not None else p for p in pieces]


def _fold_pair(piece: Piece) -> Piece:
    w, h = piece.size_mm

    def draw(canvas: Canvas, pair: Piece) -> None:
        single = replace(piece, bleed_mm=pair.bleed_mm)
        b = pair.bleed_mm * mm
        for x0, clip_x, clip_w, draw_face in (
            (0.0, -b, w * mm + b, piece.draw_front),
            (w * mm, w * mm, w * mm + b, piece.draw_back),
        ):
            canvas.saveState()
            path = canvas.beginPath()
            path.rect(clip_x, -b, clip_w, h * mm + 2 * b)
            canvas.clipPath(path, stroke=0, fill=0)
            if piece.shape.is_hex:  # each face within its own hexagon, the two sharing a side
                hexagon = canvas.beginPath()
                points = outline(piece.shape, w, h, pair.bleed_mm)
                hexagon.moveTo(x0 + points[0][0] * mm, points[0][1] * mm)
                for px, py in points[1:]:
                    hexagon.lineTo(x0 + px * mm, py * mm)
                hexagon.close()
                canvas.clipPath(hexagon, stroke=0, fill=0)
            canvas.translate(x0, 0)
            draw_face(canvas, single)
            canvas.restoreState()
        canvas.saveState()
        canvas.setDash(list(FOLD_DASH_PT))
        canvas.setLineWidth(FOLD_LINE_PT)
        canvas.setStrokeColorRGB(0.5, 0.5, 0.5)
        low, high = (
            (h / 4, 3 * h / 4) if piece.shape.is_hex and piece.shape.orientation == "pointy" else (0, h)
        )
        canvas.line(
            w * mm, low * mm, w * mm, high * mm
        )  # a pointy hexagon's pair shares a quarter-to-quarter side
        canvas.restoreState()

    return replace(
        piece, size_mm=(2 * w, h), draw_front=draw, draw_back=None, label=piece.label + " (fold)", shape=RECT
    )
