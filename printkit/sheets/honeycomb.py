"""Hexagonal tiles packed in a honeycomb: neighbours share their sides, so each shared cut is made once.

A regular hexagon has six neighbours, each across one of its flat sides; in a
honeycomb the centres of neighbours stand `pitch` apart, the distance across
the flats plus twice the bleed plus the gap. With no bleed and no gap the
pieces' outlines meet along whole sides: one cut separates two tiles. With a
bleed, each tile's art runs on past its outline and the tiles stand apart by
twice the bleed, so a cut that drifts shows the tile's own colour.

Pointy-top hexagons go in rows, every other row shifted half a pitch (with
one tile fewer when that keeps the block narrow enough to hold more); flat-top
hexagons are the same turned a quarter, in columns. `fit` is pure geometry:
the trim boxes of the tiles of one block, from the top-left corner of the room.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

ROOT3 = math.sqrt(3.0)
EPS = 1e-9


@dataclass(frozen=True)
class Honeycomb:
    """A block of tiles: each trim box's lower-left corner (dx right, dy down from the room's top-left)."""

    corners: list[tuple[float, float]]
    width: float
    height: float


def _count(room: float, first: float, step: float) -> int:
    """How many items fit in `room` when the first takes `first` and each next one `step` more."""
    return int((room - first) / step + EPS) + 1 if room + EPS >= first else 0


def _rows_layout(
    room_w: float, room_h: float, w: float, h: float, bleed: float, gap: float, n: int
) -> Honeycomb | None:
    """Pointy-top tiles w x h (trim box) in rows; None when not one fits."""
    pitch = w + 2 * bleed + gap
    grown_w, grown_h = w + 2 * bleed, h + 4 * bleed / ROOT3
    row_step = pitch * ROOT3 / 2
    rows_fit = _count(room_h, grown_h, row_step)
    best: tuple[int, int, int, bool] | None = None  # (held, cols, rows, short odd rows)
    for short in (False, True):
        cols = _count(room_w - (0 if short or rows_fit == 1 else pitch / 2), grown_w, pitch)
        if cols == 0 or rows_fit == 0 or (short and cols < 2 and rows_fit > 1):
            continue
        held, rows = 0, 0
        while rows < rows_fit and held < n:
            held += cols - 1 if short and rows % 2 else cols
            rows += 1
        held = min(held, n)
        if best is None or held > best[0]:
            best = (held, cols, rows, short)
    if best is None:
        return None
    held, cols, rows, short = best
    corners = []
    corner_grow = 2 * bleed / ROOT3
    for r in range(rows):
        in_row = cols - 1 if short and r % 2 else cols
        shift = pitch / 2 if r % 2 else 0.0
        for c in range(in_row):
            if len(corners) == held:
                break
            x = c * pitch + shift + bleed
            top = r * row_step + corner_grow
            corners.append((x, top + h))
    width = max(x for x, _ in corners) + w + bleed
    height = max(dy for _, dy in corners) + corner_grow
    return Honeycomb(corners, width, height)


def fit(
    room: tuple[float, float],
    size: tuple[float, float],
    orientation: str,
    bleed: float,
    gap: float,
    n: int,
) -> Honeycomb | None:
    """Up to `n` hexagons with trim box `size` in a honeycomb that fits `room`; None if none fits."""
    room_w, room_h = room
    w, h = size
    if orientation == "pointy":
        return _rows_layout(room_w, room_h, w, h, bleed, gap, n)
    turned = _rows_layout(room_h, room_w, h, w, bleed, gap, n)  # flat-top: columns are turned rows
    if turned is None:
        return None
    # swapping the axes back: the turned frame's x is down the room, its way down is across it
    corners = [(dy - w, dx + h) for dx, dy in turned.corners]
    return Honeycomb(corners, turned.height, turned.width)
