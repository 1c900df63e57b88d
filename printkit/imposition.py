"""Place pieces of any game on A4 or US Letter pages, with bleed, gutters and crop marks.

Two steps, so that other outputs can reuse the first:

- `layout(pieces, options) -> list[Sheet]` is pure geometry in millimetres
  (origin at the page's lower-left corner): each run of consecutive pieces of
  the same size is packed in grid blocks, row by row from the top. Blocks fill
  a sheet in bands from the top: a block goes beside the last one while it fits
  in that band's height and the width left, else in a new band below it, else on
  a new sheet; each band is centred across the printable area. So several sizes
  share a sheet (tokens beside tiles) and the order of the pieces is kept. Crop
  marks are short lines on the extension of every cut line, outside the block,
  at most `MARK_OFFSET_MM + MARK_LENGTH_MM` from it, and never in the outer half
  of the page margin; blocks stand far enough apart that no mark meets another
  block or its marks.
- `render(sheets, title, fonts, cmyk) -> bytes` draws the sheets on a
  `PrintCanvas` (embedded fonts, optional CMYK; `printkit/canvas.py`).
  Each piece is drawn by its own `draw_front` (`draw_back` on a back sheet)
  with the canvas translated to its trim corner and clipped to its bleed box
  (see `printkit/pieces.py`). A sheet that carries a trim box and bleed box
  (shop mode) gets them as the page's TrimBox and BleedBox. The output is
  deterministic: the same input gives the same bytes.

Other outputs build on the same pieces and sheets: shop mode
(`printkit/shop.py`) gives one sheet per piece face; duplex backs
(`printkit/backs.py`) are back sheets whose placements mirror the fronts';
cut files (`printkit/cutfile.py`) and the summary (`printkit/summary.py`) read
the placements.

Options use the words of Squib's `save_pdf`: `margin` (the band around the
page that holds no piece), `gap` (the gutter between neighbouring bleed
boxes), `bleed` (artwork past the trim on every side), `crop_marks`.

Every piece is wrapped in a marked-content sequence
`/PrintkitPiece <</Component /name /Index n /Side /front>> BDC ... EMC`, the crop
marks in `/PrintkitCropMarks BMC ... EMC` and registration marks for cutting
machines in `/PrintkitRegistration BMC ... EMC`, so that tools and tests can
find them in the content stream.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from reportlab.lib.units import mm

from printkit.canvas import PrintCanvas
from printkit.errors import DataError
from printkit.fonts import Family, family
from printkit.pieces import Piece

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

MARK_OFFSET_MM = 1.0  # space between a piece's bleed edge and its crop mark
MARK_LENGTH_MM = 4.0
MARK_MIN_MM = 0.25  # a mark shorter than this is left out
MARK_CLEARANCE_MM = 0.5  # between the marks of two blocks facing each other
MARK_LINE_PT = 0.25
# Between two blocks on one sheet: room for both blocks' marks and a clearance.
BLOCK_SEPARATION_MM = 2 * (MARK_OFFSET_MM + MARK_LENGTH_MM + MARK_CLEARANCE_MM)
EPS = 1e-9


@dataclass(frozen=True)
class LayoutOptions:
    """How to lay pieces out; lengths in mm. Invalid values raise `DataError`."""

    paper: str = "a4"
    margin: float = 10.0
    gap: float = 0.0
    bleed: float = 0.0
    crop_marks: bool = True

    def __post_init__(self) -> None:
        paper = self.paper.lower()
        if paper not in PAPERS_MM:
            raise DataError(f"paper: unknown paper {self.paper!r}; expected one of {', '.join(PAPERS_MM)}")
        object.__setattr__(self, "paper", paper)
        for name in ("margin", "gap", "bleed"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not value >= 0:
                raise DataError(f"{name}: expected a length in mm >= 0, got {value!r}")
            if not math.isfinite(value):
                raise DataError(f"{name}: expected a finite length in mm, got {value!r}")
        w, h = self.page_mm
        if 2 * self.margin >= min(w, h):
            raise DataError(
                f"margin: {self.margin:g} mm on every side leaves nothing of {paper} paper ({w:g} x {h:g} mm)"
            )

    @property
    def page_mm(self) -> tuple[float, float]:
        return PAPERS_MM[self.paper]

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

    def grow(self, d: float) -> Rect:
        return Rect(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)


@dataclass(frozen=True)
class Placement:
    """A piece (with the bleed it is drawn with) at its trim rectangle on a sheet."""

    piece: Piece
    index: int  # position in the list of pieces given to `layout`
    trim: Rect

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
    machine reads (`printkit/cutfile.py`).
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


# ------------------------------------------------------------------ layout
def check_fits(piece: Piece, options: LayoutOptions) -> None:
    """Raise `DataError` if the piece with its bleed is larger than the printable area."""
    pw, ph = options.printable_mm
    w, h = piece.size_mm
    b = options.bleed
    if w + 2 * b <= pw + EPS and h + 2 * b <= ph + EPS:
        return
    with_bleed = f" ({w + 2 * b:g} x {h + 2 * b:g} mm with {b:g} mm bleed)" if b else ""
    raise DataError(
        f"components.{piece.component}: {piece.label} measures {w:g} x {h:g} mm{with_bleed}, "
        f"larger than the printable area of {options.paper} paper, {pw:g} x {ph:g} mm inside "
        f"{options.margin:g} mm margins; use other paper or a smaller margin or bleed"
    )


def _runs(pieces: Sequence[Piece]) -> list[list[tuple[int, Piece]]]:
    """Consecutive pieces of the same size, with their indexes."""
    runs: list[list[tuple[int, Piece]]] = []
    for i, piece in enumerate(pieces):
        if runs and runs[-1][-1][1].size_mm == piece.size_mm:
            runs[-1].append((i, piece))
        else:
            runs.append([(i, piece)])
    return runs


@dataclass
class _Band:
    """A horizontal strip of a sheet holding blocks side by side, top-aligned."""

    top: float
    bottom: float
    right: float
    blocks: list[Block]


def _fit(room: float, cell: float, gap: float) -> int:
    """How many cells with gaps between them fit in `room`."""
    return int((room + gap) / (cell + gap) + EPS) if room > 0 else 0


def _spot(
    bands: list[_Band], cell: tuple[float, float], options: LayoutOptions, separation: float
) -> tuple[_Band | None, float, float, int, int] | None:
    """Where the next block of `cell`-sized pieces goes on a sheet with these bands.

    Beside the last block while the band has the height and the width left,
    else in a new band below. Returns (band or None for a new one, left, top,
    columns, rows), or None when the sheet is full.
    """
    page_w, page_h = options.page_mm
    m, gap = options.margin, options.gap
    if bands:
        last = bands[-1]
        left = last.right + separation
        cols = _fit(page_w - m - left, cell[0], gap)
        rows = _fit(last.top - last.bottom, cell[1], gap)
        if cols and rows:
            return last, left, last.top, cols, rows
    top = bands[-1].bottom - separation if bands else page_h - m
    cols = _fit(page_w - 2 * m, cell[0], gap)
    rows = _fit(top - m, cell[1], gap)
    return (None, m, top, cols, rows) if cols and rows else None


def layout(pieces: Sequence[Piece], options: LayoutOptions) -> list[Sheet]:
    """Pack the pieces onto sheets; see the module docstring."""
    if not pieces:
        raise DataError("nothing to print: the game has no pieces")
    for piece in pieces:
        check_fits(piece, options)
    b, gap = options.bleed, options.gap
    separation = max(gap, BLOCK_SEPARATION_MM) if options.crop_marks else gap
    sheets: list[Sheet] = []
    bands: list[list[_Band]] = []  # per sheet
    for run in _runs(pieces):
        w, h = run[0][1].size_mm
        cell = (w + 2 * b, h + 2 * b)
        todo = list(run)
        while todo:
            spot = _spot(bands[-1], cell, options, separation) if sheets else None
            if spot is None:
                sheets.append(Sheet(options.page_mm))
                bands.append([])
                continue
            band, left, top, cols, rows = spot
            take, todo = todo[: rows * cols], todo[rows * cols :]
            placements = []
            for k, (index, piece) in enumerate(take):
                r, c = divmod(k, cols)
                x = left + c * (cell[0] + gap) + b
                y = top - r * (cell[1] + gap) - cell[1] + b
                placements.append(Placement(piece.with_bleed(b), index, Rect(x, y, w, h)))
            block = Block(placements)
            sheets[-1].blocks.append(block)
            box = block.box
            if band is None:
                bands[-1].append(_Band(top, box.y, box.right, [block]))
            else:
                band.blocks.append(block)
                band.right = box.right
                band.bottom = min(band.bottom, box.y)
    for sheet_bands in bands:
        for band in sheet_bands:
            _centre(band, options)
    if options.crop_marks:
        for sheet in sheets:
            sheet.marks = _crop_marks(sheet, options)
    return sheets


def _centre(band: _Band, options: LayoutOptions) -> None:
    """Shift a band's blocks so that the band is centred across the printable area."""
    m = options.margin
    dx = (options.printable_mm[0] - (band.right - m)) / 2
    for block in band.blocks:
        block.placements = [replace(p, trim=replace(p.trim, x=p.trim.x + dx)) for p in block.placements]


def _mark_span(room: float, reserve: float) -> tuple[float, float] | None:
    """Start and end of a mark, measured out from a bleed edge with `room` before the page edge.

    The mark keeps `reserve` clear before the page edge and is at most
    `MARK_OFFSET_MM + MARK_LENGTH_MM` from the bleed edge, which is less than
    half the separation of two blocks.
    """
    start = min(MARK_OFFSET_MM, room / 4)
    end = min(start + MARK_LENGTH_MM, room - reserve)
    return (start, end) if end - start >= MARK_MIN_MM else None


def _crop_marks(sheet: Sheet, options: LayoutOptions) -> list[Segment]:
    page_w, page_h = sheet.size_mm
    reserve = options.margin / 2
    marks: list[Segment] = []
    for block in sheet.blocks:
        box = block.box
        xs, ys = block.cut_lines()
        above = _mark_span(page_h - box.top, reserve)
        below = _mark_span(box.y, reserve)
        left = _mark_span(box.x, reserve)
        right = _mark_span(page_w - box.right, reserve)
        for x in xs:
            if above:
                marks.append(Segment(x, box.top + above[0], x, box.top + above[1]))
            if below:
                marks.append(Segment(x, box.y - below[0], x, box.y - below[1]))
        for y in ys:
            if left:
                marks.append(Segment(box.x - left[0], y, box.x - left[1], y))
            if right:
                marks.append(Segment(box.right + right[0], y, box.right + right[1], y))
    return marks


# ------------------------------------------------------------------ render
def _pdf_name(text: str) -> str:
    """`text` as a PDF name object, irregular characters escaped as #xx."""
    return "/" + re.sub(r"[^A-Za-z0-9_.\-]", lambda c: "".join(f"#{b:02X}" for b in c[0].encode()), text)


def _draw_placement(canvas: PrintCanvas, placement: Placement, side: Side) -> None:
    piece = placement.piece
    draw = piece.draw_back if side == "back" else piece.draw_front
    if draw is None:
        return
    canvas.addLiteral(
        f"/PrintkitPiece <</Component {_pdf_name(piece.component)} /Index {placement.index} "
        f"/Side /{side}>> BDC"
    )
    canvas.saveState()
    canvas.translate(placement.trim.x * mm, placement.trim.y * mm)
    b = piece.bleed_mm * mm
    clip = canvas.beginPath()
    clip.rect(-b, -b, piece.width_mm * mm + 2 * b, piece.height_mm * mm + 2 * b)
    canvas.clipPath(clip, stroke=0, fill=0)
    draw(canvas, piece)
    canvas.restoreState()
    canvas.addLiteral("EMC")


def _draw_marks(canvas: PrintCanvas, sheet: Sheet) -> None:
    if sheet.marks:
        canvas.addLiteral("/PrintkitCropMarks BMC")
        canvas.saveState()
        canvas.setLineWidth(MARK_LINE_PT)
        canvas.setStrokeColor((0, 0, 0))
        for s in sheet.marks:
            canvas.line(s.x1 * mm, s.y1 * mm, s.x2 * mm, s.y2 * mm)
        canvas.restoreState()
        canvas.addLiteral("EMC")
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


def render(sheets: Sequence[Sheet], title: str, fonts: Family | None = None, cmyk: bool = False) -> bytes:
    """The sheets as a PDF document (English fonts unless `fonts`); the same sheets give the same bytes."""
    buf = io.BytesIO()
    canvas = PrintCanvas(buf, fonts or family("en"), cmyk=cmyk)
    canvas.setTitle(title)
    canvas.setCreator("printkit")
    for sheet in sheets:
        w, h = sheet.size_mm
        canvas.setPageSize((w * mm, h * mm))
        canvas.setTrimBox(_pt_box(sheet.trim_box))
        canvas.setBleedBox(_pt_box(sheet.bleed_box))
        for placement in sheet.placements:
            _draw_placement(canvas, placement, sheet.side)
        _draw_marks(canvas, sheet)
        canvas.showPage()
    canvas.save()
    return buf.getvalue()
