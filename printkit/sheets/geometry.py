"""The geometry every print output shares: paper, layout options, rectangles, placements, sheets.

Lengths are millimetres with the origin at the page's lower-left corner.
`printkit/sheets/packing.py` fills sheets with placements, `printkit/sheets/imposition.py`
renders them, and backs, shop pages, cut files, exports and the summary read
them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Literal

from printkit.errors import DataError
from printkit.pieces.contract import Piece
from printkit.pieces.outlines import area_mm2

PAPERS_MM = {"a4": (210.0, 297.0), "a3": (297.0, 420.0), "letter": (215.9, 279.4)}
MODES = ("home", "shop")  # home: pieces packed on sheets; shop: one page per face, with boxes
CUSTOM_PAPER = re.compile(r"(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)")
CUSTOM_PAPER_RANGE_MM = (50.0, 1500.0)
EPS = 1e-9


def paper_size(name: str) -> tuple[float, float]:
    """A paper name (a4, a3, letter) or `WxH` in mm as (width, height); else a `DataError`."""
    key = name.lower()
    if key in PAPERS_MM:
        return PAPERS_MM[key]
    match = CUSTOM_PAPER.fullmatch(key)
    lo, hi = CUSTOM_PAPER_RANGE_MM
    if match:
        w, h = float(match[1]), float(match[2])
        if lo <= w <= hi and lo <= h <= hi:
            return (w, h)
    raise DataError(
        f"--paper: unknown paper {name!r}; expected one of {', '.join(PAPERS_MM)} "
        f"or WxH in mm, each {lo:g} to {hi:g} (e.g. 300x450)"
    )


# The most each length may be: past these a sheet holds one piece in a sea of paper, or none.
LIMITS_MM = {"margin": 100.0, "gap": 50.0, "bleed": 25.0}
LIMITS_WHY = {
    "margin": "10 mm suits home printers",
    "gap": "a few mm between pieces is plenty",
    "bleed": "print shops ask for 3 to 5 mm",
}


@dataclass(frozen=True)
class LayoutOptions:
    """How to lay pieces out; lengths in mm. Invalid values raise `DataError`.

    `rotate` lets the packer turn pieces a quarter turn where that saves a sheet.
    """

    paper: str = "a4"
    margin: float = 10.0
    gap: float = 0.0
    bleed: float = 0.0
    crop_marks: bool = True
    rotate: bool = True

    def __post_init__(self) -> None:
        paper = self.paper.lower()
        paper_size(paper)
        object.__setattr__(self, "paper", paper)
        for name in ("margin", "gap", "bleed"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not value >= 0:
                raise DataError(f"{name}: expected a length in mm >= 0, got {value!r}")
            if not math.isfinite(value):
                raise DataError(f"{name}: expected a finite length in mm, got {value!r}")
            if value > LIMITS_MM[name]:
                raise DataError(
                    f"{name}: {value:g} mm is more than the {LIMITS_MM[name]:g} mm a printed sheet can use "
                    f"({LIMITS_WHY[name]})"
                )
        w, h = self.page_mm
        if 2 * self.margin >= min(w, h):
            raise DataError(
                f"margin: {self.margin:g} mm on every side leaves nothing of {paper} paper ({w:g} x {h:g} mm)"
            )

    @property
    def page_mm(self) -> tuple[float, float]:
        return paper_size(self.paper)

    @property
    def printable_mm(self) -> tuple[float, float]:
        w, h = self.page_mm
        return (w - 2 * self.margin, h - 2 * self.margin)


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in mm: lower-left corner and size."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def area(self) -> float:
        return self.w * self.h

    def grow(self, d: float) -> Rect:
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)


@dataclass(frozen=True)
class Placement:
    """A piece (with the bleed it is drawn with) at its trim rectangle on a sheet.

    `turn` is 0, or +90 / -90 for a piece turned a quarter turn counter-clockwise
    / clockwise; `trim` is the rectangle it covers on the page either way.
    """

    piece: Piece
    index: int  # position in the list of pieces given to `layout`
    trim: Rect
    turn: int = 0

    @property
    def bleed_box(self) -> Rect:
        return self.trim.grow(self.piece.bleed_mm)


@dataclass(frozen=True)
class Segment:
    """A straight line in mm."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass
class Block:
    """A grid of same-size pieces on one sheet."""

    placements: list[Placement]

    @property
    def box(self) -> Rect:
        boxes = [p.bleed_box for p in self.placements]
        x, y = min(b.x for b in boxes), min(b.y for b in boxes)
        return Rect(x, y, max(b.right for b in boxes) - x, max(b.top for b in boxes) - y)

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """The x of every vertical and the y of every horizontal trim line, sorted, no repeats."""
        xs = {round(v, 9) for p in self.placements for v in (p.trim.x, p.trim.right)}
        ys = {round(v, 9) for p in self.placements for v in (p.trim.y, p.trim.top)}
        return sorted(xs), sorted(ys)


Side = Literal["front", "back"]


@dataclass
class Sheet:
    """One page: its size, which face of the pieces it shows, the pieces on it and its marks.

    `trim_box` and `bleed_box` (shop mode) become the page's TrimBox and
    BleedBox; `registration` holds the filled rectangles of the marks a cutting
    machine reads (`printkit/sheets/cutfile.py`).
    """

    size_mm: tuple[float, float]
    blocks: list[Block] = field(default_factory=list)
    marks: list[Segment] = field(default_factory=list)
    side: Side = "front"
    trim_box: Rect | None = None
    bleed_box: Rect | None = None
    registration: list[Rect] = field(default_factory=list)

    @property
    def placements(self) -> list[Placement]:
        return [p for b in self.blocks for p in b.placements]

    def used_mm2(self) -> float:
        """The area the pieces on the sheet cover (a hexagon or a circle less than its box)."""
        return sum(area_mm2(p.piece.shape, p.trim.w, p.trim.h) for p in self.placements)


def check_fits(piece: Piece, options: LayoutOptions) -> None:
    """Raise `DataError` if the piece with its bleed fits the printable area in neither orientation."""
    pw, ph = options.printable_mm
    w, h = piece.size_mm
    b = options.bleed
    fits = w + 2 * b <= pw + EPS and h + 2 * b <= ph + EPS
    turned = options.rotate and h + 2 * b <= pw + EPS and w + 2 * b <= ph + EPS
    if fits or turned:
        return
    with_bleed = f" ({w + 2 * b:g} x {h + 2 * b:g} mm with {b:g} mm bleed)" if b else ""
    raise DataError(
        f"components.{piece.component}: {piece.label} measures {w:g} x {h:g} mm{with_bleed}, "
        f"larger than the printable area of {options.paper} paper, {pw:g} x {ph:g} mm inside "
        f"{options.margin:g} mm margins; use other paper or a smaller margin or bleed"
    )
