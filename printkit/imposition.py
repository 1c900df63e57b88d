"""Place pieces of any game on A4 or US Letter pages, with bleed, gutters and crop marks.

Two steps, so that other outputs can reuse the first:

- `layout(pieces, options) -> list[Sheet]` is pure geometry in millimetres
  (origin at the page's lower-left corner): each run of consecutive pieces of
  the same size is packed in a grid block, row by row from the top, centred
  across the printable area; blocks of different sizes share a sheet while
  they fit, one below the other. Crop marks are short lines on the extension
  of every cut line, outside the block and inside the page margin.
- `render(sheets, title) -> bytes` draws the sheets with reportlab.
  Each piece is drawn by its own `draw_front` with the canvas translated to
  its trim corner and clipped to its bleed box (see `printkit/pieces.py`).
  The output is deterministic: the same input gives the same bytes.

Other outputs build on the same pieces and sheets: a shop mode is another
layout function giving one sheet per piece (render then sets TrimBox and
BleedBox from its placement); duplex backs are sheets whose placements mirror
the fronts' across the page and draw `draw_back`; cut files and a summary read
the placements.

Options use the words of Squib's `save_pdf`: `margin` (the band around the
page that holds no piece), `gap` (the gutter between neighbouring bleed
boxes), `bleed` (artwork past the trim on every side), `crop_marks`.

Every piece is wrapped in a marked-content sequence
`/PrintkitPiece <</Component /name /Index n>> BDC ... EMC` and the crop marks
in `/PrintkitCropMarks BMC ... EMC`, so that tools and tests can find them in
the content stream.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.atomic import write_bytes
from printkit.errors import DataError
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


@dataclass
class Sheet:
    """One page: its size, the pieces on it and the crop marks."""

    size_mm: tuple[float, float]
    blocks: list[Block] = field(default_factory=list)
    marks: list[Segment] = field(default_factory=list)

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


def layout(pieces: Sequence[Piece], options: LayoutOptions) -> list[Sheet]:
    """Pack the pieces onto sheets; see the module docstring."""
    if not pieces:
        raise DataError("nothing to print: the game has no pieces")
    for piece in pieces:
        check_fits(piece, options)
    page_w, page_h = options.page_mm
    printable_w = options.printable_mm[0]
    m, b, gap = options.margin, options.bleed, options.gap
    separation = max(gap, BLOCK_SEPARATION_MM) if options.crop_marks else gap
    sheets: list[Sheet] = []
    for run in _runs(pieces):
        w, h = run[0][1].size_mm
        cell_w, cell_h = w + 2 * b, h + 2 * b
        cols = int((printable_w + gap) / (cell_w + gap) + EPS)
        todo = list(run)
        while todo:
            if sheets and sheets[-1].blocks:
                top = sheets[-1].blocks[-1].box.y - separation
            else:
                top = page_h - m
            rows = int((top - m + gap) / (cell_h + gap) + EPS) if top > m else 0
            if rows < 1:
                sheets.append(Sheet((page_w, page_h)))
                continue
            if not sheets:
                sheets.append(Sheet((page_w, page_h)))
            take, todo = todo[: rows * cols], todo[rows * cols :]
            used = min(cols, len(take))
            x0 = m + (printable_w - (used * cell_w + (used - 1) * gap)) / 2
            placements = []
            for k, (index, piece) in enumerate(take):
                r, c = divmod(k, cols)
                x = x0 + c * (cell_w + gap) + b
                y = top - r * (cell_h + gap) - cell_h + b
                placements.append(Placement(piece.with_bleed(b), index, Rect(x, y, w, h)))
            sheets[-1].blocks.append(Block(placements))
    if options.crop_marks:
        for sheet in sheets:
            sheet.marks = _crop_marks(sheet, options, separation)
    return sheets


def _mark_span(room: float, reserve: float) -> tuple[float, float] | None:
    """Start and end of a mark, measured out from a bleed edge with `room` before an obstacle.

    The mark keeps `reserve` clear before the obstacle (the page edge, or the
    middle of the band between two blocks).
    """
    start = min(MARK_OFFSET_MM, room / 4)
    end = min(start + MARK_LENGTH_MM, room - reserve)
    return (start, end) if end - start >= MARK_MIN_MM else None


def _crop_marks(sheet: Sheet, options: LayoutOptions, separation: float) -> list[Segment]:
    page_w, page_h = sheet.size_mm
    edge_reserve = options.margin / 2
    marks: list[Segment] = []
    for i, block in enumerate(sheet.blocks):
        box = block.box
        xs, ys = block.cut_lines()
        if i == 0:
            above = _mark_span(page_h - box.top, edge_reserve)
        else:
            above = _mark_span(separation / 2, MARK_CLEARANCE_MM)
        if i == len(sheet.blocks) - 1:
            below = _mark_span(box.y, edge_reserve)
        else:
            below = _mark_span(separation / 2, MARK_CLEARANCE_MM)
        left = _mark_span(box.x, edge_reserve)
        right = _mark_span(page_w - box.right, edge_reserve)
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


def _draw_placement(canvas: Canvas, placement: Placement) -> None:
    piece = placement.piece
    canvas.addLiteral(
        f"/PrintkitPiece <</Component {_pdf_name(piece.component)} /Index {placement.index}>> BDC"
    )
    canvas.saveState()
    canvas.translate(placement.trim.x * mm, placement.trim.y * mm)
    b = piece.bleed_mm * mm
    clip = canvas.beginPath()
    clip.rect(-b, -b, piece.width_mm * mm + 2 * b, piece.height_mm * mm + 2 * b)
    canvas.clipPath(clip, stroke=0, fill=0)
    piece.draw_front(canvas, piece)
    canvas.restoreState()
    canvas.addLiteral("EMC")


def _draw_marks(canvas: Canvas, marks: Sequence[Segment]) -> None:
    canvas.addLiteral("/PrintkitCropMarks BMC")
    canvas.saveState()
    canvas.setLineWidth(MARK_LINE_PT)
    canvas.setStrokeColorRGB(0, 0, 0)
    for s in marks:
        canvas.line(s.x1 * mm, s.y1 * mm, s.x2 * mm, s.y2 * mm)
    canvas.restoreState()
    canvas.addLiteral("EMC")


def render(sheets: Sequence[Sheet], title: str) -> bytes:
    """The sheets as a PDF document; the same sheets give the same bytes."""
    buf = io.BytesIO()
    canvas = Canvas(buf, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("printkit")
    for sheet in sheets:
        w, h = sheet.size_mm
        canvas.setPageSize((w * mm, h * mm))
        for placement in sheet.placements:
            _draw_placement(canvas, placement)
        if sheet.marks:
            _draw_marks(canvas, sheet.marks)
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


def write_pdf(pieces: Sequence[Piece], path: Path, options: LayoutOptions, title: str) -> list[Sheet]:
    """Lay out and render the pieces, then write the PDF to `path` atomically."""
    sheets = layout(pieces, options)
    data = render(sheets, title)
    try:
        write_bytes(path, data)
    except OSError as exc:
        raise DataError(f"cannot write {path}: {exc.strerror or exc}") from None
    return sheets
