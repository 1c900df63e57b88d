"""The cut shape of a piece: rectangle, rounded rectangle, hexagon or circle, and its outline polygon.

A `Piece` (`printkit/pieces/contract.py`) carries a `Shape`; its `size_mm` is the
shape's bounding box. A hexagon is regular: pointy-top (corners up and down,
`hex_size_mm(d, "pointy")` is d wide and 2d/√3 tall for d across the flats)
or flat-top (the same turned a quarter). The imposition clips a piece's art to
its outline grown by the bleed, so that hexagons packed in a honeycomb
(`printkit/sheets/packing.py`), whose bounding boxes overlap, never paint over each
other; cut files and the printed cut lines of a honeycomb read the outline
polygons in sheet coordinates (`sheet_outline`).

Coordinates here are millimetres with the origin at the lower-left corner of
the piece's bounding box, y up, as the imposition draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SHAPES = ("rect", "rounded", "hex", "circle")
ORIENTATIONS = ("pointy", "flat")
ARC_STEPS = 8  # segments per quarter circle of a rounded corner
CIRCLE_STEPS = 72  # segments of a circle's outline

Point = tuple[float, float]


@dataclass(frozen=True)
class Shape:
    """How a piece is cut: `kind` one of `SHAPES`, a hexagon's `orientation`, a rounded corner's radius."""

    kind: str = "rect"
    orientation: str = "pointy"
    radius_mm: float = 0.0

    @property
    def is_hex(self) -> bool:
        return self.kind == "hex"

    def turned(self) -> Shape:
        """The shape after a quarter turn: a pointy hexagon becomes a flat one and back."""
        if not self.is_hex:
            return self
        return Shape("hex", "flat" if self.orientation == "pointy" else "pointy", self.radius_mm)


RECT = Shape()
ROOT3 = math.sqrt(3.0)


def hex_size_mm(across_flats: float, orientation: str) -> tuple[float, float]:
    """The bounding box (width, height) of a regular hexagon `across_flats` mm between opposite sides."""
    corners = across_flats * 2 / ROOT3
    return (across_flats, corners) if orientation == "pointy" else (corners, across_flats)


def outline(shape: Shape, w: float, h: float, grow: float = 0.0) -> list[Point]:
    """The outline of a w x h piece of `shape`, grown outward by `grow` mm, counter-clockwise."""
    if shape.kind == "hex":
        return _hexagon(w, h, shape.orientation, grow)
    if shape.kind == "circle":
        rx, ry = w / 2 + grow, h / 2 + grow
        return [
            (w / 2 + rx * math.cos(a), h / 2 + ry * math.sin(a))
            for a in (2 * math.pi * k / CIRCLE_STEPS for k in range(CIRCLE_STEPS))
        ]
    if shape.kind == "rounded" and shape.radius_mm > 0:
        return _rounded(w, h, min(shape.radius_mm, w / 2, h / 2), grow)
    return [(-grow, -grow), (w + grow, -grow), (w + grow, h + grow), (-grow, h + grow)]


def _hexagon(w: float, h: float, orientation: str, grow: float) -> list[Point]:
    """A hexagon inscribed in the w x h box; `grow` moves every side out by that distance."""
    cx, cy = w / 2, h / 2
    corner = grow * 2 / ROOT3  # a side moved out by `grow` moves its corners out by this
    if orientation == "pointy":
        rx, ry = w / 2 + grow, h / 2 + corner
        return [
            (cx, cy - ry),
            (cx + rx, cy - ry / 2),
            (cx + rx, cy + ry / 2),
            (cx, cy + ry),
            (cx - rx, cy + ry / 2),
            (cx - rx, cy - ry / 2),
        ]
    rx, ry = w / 2 + corner, h / 2 + grow
    return [
        (cx - rx, cy),
        (cx - rx / 2, cy - ry),
        (cx + rx / 2, cy - ry),
        (cx + rx, cy),
        (cx + rx / 2, cy + ry),
        (cx - rx / 2, cy + ry),
    ]


def _rounded(w: float, h: float, r: float, grow: float) -> list[Point]:
    points: list[Point] = []
    radius = r + grow
    for cx, cy, start in ((w - r, r, -90), (w - r, h - r, 0), (r, h - r, 90), (r, r, 180)):
        for k in range(ARC_STEPS + 1):
            a = math.radians(start + 90 * k / ARC_STEPS)
            points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return points


def area_mm2(shape: Shape, w: float, h: float) -> float:
    """The area a piece covers: its box, less what its shape leaves of it."""
    if shape.kind == "hex":
        return 0.75 * w * h  # a regular hexagon covers three quarters of its box
    if shape.kind == "circle":
        return math.pi / 4 * w * h
    if shape.kind == "rounded":
        r = min(shape.radius_mm, w / 2, h / 2)
        return w * h - (4 - math.pi) * r * r
    return w * h


def sheet_outline(shape: Shape, size: tuple[float, float], x: float, y: float, turn: int) -> list[Point]:
    """The outline in sheet coordinates of a piece whose (turned) bounding box has its corner at (x, y)."""
    w, h = size
    points = outline(shape, w, h)
    if turn == 90:  # a quarter turn counter-clockwise: (px, py) -> (h - py, px)
        return [(x + h - py, y + px) for px, py in points]
    if turn == -90:
        return [(x + py, y + w - px) for px, py in points]
    return [(x + px, y + py) for px, py in points]
