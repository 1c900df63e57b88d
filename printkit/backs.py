"""Duplex backs for home printing: a back sheet after every front sheet, mirrored for a long-edge flip.

Printed double-sided and flipped on the long edge (the usual duplex setting
for portrait pages), the back of a sheet is its front turned over left to
right: a piece at `x` from the left edge of the front lies at `x` from the
right edge of the back. So each back sheet holds the same pieces as its front
sheet, at trim rectangles mirrored across the page's vertical centre line, and
draws their `draw_back`. The artwork itself is not mirrored: a back is drawn
as it should be seen.

Printers rarely register the two sides exactly; `offset` (mm, x to the right
and y up as the back page is seen) shifts every back piece to correct that.
`printkit calibrate` prints a grid that tells which offset a printer needs.

When any piece has a back, every front sheet is followed by a back sheet
(empty where none of its pieces has a back), so the whole file prints
double-sided in one go and no front lands on another front's back.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from printkit.errors import DataError
from printkit.imposition import Block, Placement, Rect, Sheet

Offset = tuple[float, float]


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
    return replace(placement, trim=Rect(page_w - t.right + offset[0], t.y + offset[1], t.w, t.h))


def back_sheet(front: Sheet, offset: Offset = (0.0, 0.0)) -> Sheet:
    """The back of a front sheet: its pieces that have a back, mirrored; no marks."""
    page_w = front.size_mm[0]
    blocks = []
    for block in front.blocks:
        backs = [mirror(p, page_w, offset) for p in block.placements if p.piece.draw_back is not None]
        if backs:
            blocks.append(Block(backs))
    return Sheet(front.size_mm, blocks, side="back")


def with_backs(fronts: Sequence[Sheet], offset: Offset = (0.0, 0.0)) -> list[Sheet]:
    """Front sheets each followed by its back sheet, when any piece has a back; else the fronts."""
    if not any(p.piece.draw_back is not None for s in fronts for p in s.placements):
        return list(fronts)
    return [sheet for front in fronts for sheet in (front, back_sheet(front, offset))]
