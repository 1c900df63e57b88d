"""Pack pieces of any game onto as few sheets as they fit, with crop marks that blocks share.

`layout(pieces, options) -> list[Sheet]` is pure geometry in millimetres.

- Pieces come in runs (consecutive pieces of one size); a run is placed as grid
  blocks. Each sheet keeps the free rectangles of its printable area; a block
  goes into the first free rectangle, on the earliest sheet, that holds at
  least one of its pieces (so earlier sheets are filled before a new one is
  started), and the rectangle is split in two by a straight cut across it (a
  guillotine split, so every sheet can be cut apart with straight cuts right
  across a part). Blocks stand `gap` apart, like the pieces in a block.
- Several packings are tried: pieces in the data file's order and largest
  first, each without and with quarter turns; the one with the fewest sheets
  wins, the first of those in that list on a tie. So a piece is turned only
  where turning saves a sheet, and a piece that fits the page only turned is
  turned.
- Hexagonal pieces go in honeycomb blocks instead of grids
  (`printkit/sheets/honeycomb.py`), never turned: neighbours share their sides, and
  the block's cut lines are the hexagons' sides, each shared side once
  (`hex_cut_lines`), printed in place of crop marks.
- Each sheet's pieces are centred across the printable area.
- Crop marks are short lines on the extension of every cut line, outside its
  block, at most `MARK_OFFSET_MM + MARK_LENGTH_MM` from it, never in the outer
  part of the page margin (where the sheet header and scale bar go) and never on
  or near another block: where blocks stand side by side they share the cut
  line between them, and its marks are those at the ends of the line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from printkit.errors import DataError
from printkit.pieces.contract import Piece
from printkit.pieces.outlines import sheet_outline
from printkit.sheets import honeycomb
from printkit.sheets.geometry import EPS, Block, LayoutOptions, Placement, Rect, Segment, Sheet, check_fits

MARK_OFFSET_MM = 1.0  # space between a piece's bleed edge and its crop mark
MARK_LENGTH_MM = 4.0
MARK_MIN_MM = 0.25  # a mark shorter than this is left out
MARK_CLEARANCE_MM = 0.5  # between a mark and another block
MARK_LINE_PT = 0.25
OUTER_MARGIN_MM = 6.0  # at most this much of the page edge is kept for the header and scale bar
OUTER_SHARE = 0.6  # of the margin, at most

Run = list[tuple[int, Piece]]


@dataclass
class _Sheet:
    """A sheet being packed: its blocks and free rectangles (top first, then left first)."""

    blocks: list[Block]
    free: list[Rect]


def _runs(pieces: Sequence[Piece]) -> list[Run]:
    """Consecutive pieces of the same size, with their indexes."""
    runs: list[Run] = []
    for i, piece in enumerate(pieces):
        if runs and runs[-1][-1][1].size_mm == piece.size_mm:
            runs[-1].append((i, piece))
        else:
            runs.append([(i, piece)])
    return runs


def _fit(room: float, cell: float, gap: float) -> int:
    """How many cells with gaps between them fit in `room`."""
    return int((room + gap) / (cell + gap) + EPS) if room > 0 else 0


def _grid(free: Rect, cell: tuple[float, float], gap: float, n: int) -> tuple[int, int]:
    """Columns and rows of a block of at most `n` cells in `free` (0, 0 if none fits)."""
    cols = min(_fit(free.w, cell[0], gap), n)
    rows = _fit(free.h, cell[1], gap)
    if not cols or not rows:
        return (0, 0)
    rows = min(rows, -(-n // cols))
    return (cols, rows)


def _split(free: Rect, w: float, h: float, gap: float) -> list[Rect]:
    """What is left of `free` after a w x h block at its top left, cut so the larger part is largest."""
    right_w, below_h = free.w - w - gap, free.h - h - gap
    beside = [Rect(free.right - right_w, free.top - h, right_w, h), Rect(free.x, free.y, free.w, below_h)]
    across = [Rect(free.right - right_w, free.y, right_w, free.h), Rect(free.x, free.y, w, below_h)]
    best = max((beside, across), key=lambda parts: max(r.area if r.w > 0 and r.h > 0 else 0 for r in parts))
    return [r for r in best if r.w > EPS and r.h > EPS]


def _orientations(piece: Piece, options: LayoutOptions, rotate: bool) -> list[int]:
    """The turns to try for a piece: upright, then a quarter turn when allowed or needed."""
    pw, ph = options.printable_mm
    w, h = (s + 2 * options.bleed for s in piece.size_mm)
    upright = w <= pw + EPS and h <= ph + EPS
    turned = options.rotate and w != h and h <= pw + EPS and w <= ph + EPS
    return ([0] if upright else []) + ([90] if turned and (rotate or not upright) else [])


def _place(run: Run, options: LayoutOptions, rotate: bool, sheets: list[_Sheet]) -> None:
    if run[0][1].shape.is_hex:
        _place_honeycomb(run, options, sheets)
        return
    b, gap = options.bleed, options.gap
    w, h = run[0][1].size_mm
    turns = _orientations(run[0][1], options, rotate)
    todo = list(run)
    while todo:
        spot = _first_spot(sheets, turns, (w + 2 * b, h + 2 * b), gap, len(todo))
        if spot is None:
            m = options.margin
            sheets.append(_Sheet([], [Rect(m, m, *options.printable_mm)]))
            continue
        sheet, free, turn, (cols, rows) = spot
        tw, th = (w, h) if turn == 0 else (h, w)
        cw, ch = tw + 2 * b, th + 2 * b
        take, todo = todo[: cols * rows], todo[cols * rows :]
        placements = []
        for k, (index, piece) in enumerate(take):
            r, c = divmod(k, cols)
            x = free.x + c * (cw + gap) + b
            y = free.top - r * (ch + gap) - ch + b
            placements.append(Placement(piece.with_bleed(b), index, Rect(x, y, tw, th), turn))
        sheet.blocks.append(Block(placements))
        used_w, used_h = cols * (cw + gap) - gap, rows * (ch + gap) - gap
        sheet.free.remove(free)
        sheet.free.extend(_split(free, used_w, used_h, gap))
        sheet.free.sort(key=lambda r: (-r.top, r.x))


def _place_honeycomb(run: Run, options: LayoutOptions, sheets: list[_Sheet]) -> None:
    """A run of hexagons as honeycomb blocks, each in the earliest free rectangle that holds one."""
    b, gap = options.bleed, options.gap
    piece0 = run[0][1]
    todo = list(run)
    while todo:
        spot = None
        for sheet in sheets:
            for free in sheet.free:
                comb = honeycomb.fit(
                    (free.w, free.h), piece0.size_mm, piece0.shape.orientation, b, gap, len(todo)
                )
                if comb is not None:
                    spot = (sheet, free, comb)
                    break
            if spot:
                break
        if spot is None:
            m = options.margin
            sheets.append(_Sheet([], [Rect(m, m, *options.printable_mm)]))
            continue
        sheet, free, comb = spot
        take, todo = todo[: len(comb.corners)], todo[len(comb.corners) :]
        w, h = piece0.size_mm
        placements = [
            Placement(piece.with_bleed(b), index, Rect(free.x + dx, free.top - dy, w, h))
            for (index, piece), (dx, dy) in zip(take, comb.corners, strict=True)
        ]
        sheet.blocks.append(Block(placements))
        sheet.free.remove(free)
        sheet.free.extend(_split(free, comb.width, comb.height, gap))
        sheet.free.sort(key=lambda r: (-r.top, r.x))


def _first_spot(
    sheets: list[_Sheet], turns: list[int], cell: tuple[float, float], gap: float, n: int
) -> tuple[_Sheet, Rect, int, tuple[int, int]] | None:
    """The earliest free rectangle that holds a piece, with the turn that holds most there."""
    for sheet in sheets:
        for free in sheet.free:
            best: tuple[int, int, tuple[int, int]] | None = None
            for turn in turns:
                size = cell if turn == 0 else (cell[1], cell[0])
                cols, rows = _grid(free, size, gap, n)
                held = min(cols * rows, n)
                if held and (best is None or held > best[0]):
                    best = (held, turn, (cols, rows))
            if best is not None:
                return sheet, free, best[1], best[2]
    return None


def _pack(runs: Sequence[Run], options: LayoutOptions, rotate: bool) -> list[_Sheet]:
    sheets: list[_Sheet] = []
    for run in runs:
        _place(run, options, rotate, sheets)
    return sheets


def layout(pieces: Sequence[Piece], options: LayoutOptions) -> list[Sheet]:
    """Pack the pieces onto as few sheets as the tried packings give; see the module docstring."""
    if not pieces:
        raise DataError("nothing to print: the game has no pieces")
    for piece in pieces:
        check_fits(piece, options)
    runs = _runs(pieces)
    largest_first = sorted(runs, key=lambda run: -run[0][1].width_mm * run[0][1].height_mm)
    tries = [(order, rotate) for order in (runs, largest_first) for rotate in (False, True)]
    packed = min((_pack(order, options, rotate) for order, rotate in tries), key=len)
    sheets = [Sheet(options.page_mm, _centred(s.blocks, options)) for s in packed]
    if options.crop_marks:
        for sheet in sheets:
            sheet.marks = crop_marks(sheet, options) + hex_cut_lines(sheet)
    return sheets


def _centred(blocks: list[Block], options: LayoutOptions) -> list[Block]:
    """The blocks shifted together so that they are centred across the printable area."""
    left = min(b.box.x for b in blocks)
    right = max(b.box.right for b in blocks)
    dx = (options.page_mm[0] - right - left) / 2
    moved = [[replace(p, trim=replace(p.trim, x=p.trim.x + dx)) for p in b.placements] for b in blocks]
    return [Block(placements) for placements in moved]


# ------------------------------------------------------------------ crop marks
def _room(
    start: float, direction: int, lo: float, hi: float, axis: str, others: list[Rect], edge: float
) -> float:
    """How far a mark may run from `start` (along `axis`, in `direction`) before another block or `edge`."""
    room = (edge - start) * direction
    for box in others:
        near, far = (box.x, box.right) if axis == "x" else (box.y, box.top)
        side_lo, side_hi = (box.y, box.top) if axis == "x" else (box.x, box.right)
        if side_hi + MARK_CLEARANCE_MM <= lo or side_lo - MARK_CLEARANCE_MM >= hi:
            continue
        closest, furthest = (near, far) if direction > 0 else (far, near)
        if (furthest - start) * direction <= EPS:
            continue  # behind the mark
        ahead = max(0.0, (closest - start) * direction)
        room = min(room, ahead - MARK_CLEARANCE_MM)
    return room


def _mark(start: float, direction: int, room: float) -> tuple[float, float] | None:
    begin = min(MARK_OFFSET_MM, room / 4)
    end = min(begin + MARK_LENGTH_MM, room)
    if end - begin < MARK_MIN_MM:
        return None
    return (start + direction * begin, start + direction * end)


def outer_band(margin: float) -> float:
    """The width of the band along the page edges that crop marks leave to the header and scale bar."""
    return min(OUTER_MARGIN_MM, OUTER_SHARE * margin)


def crop_marks(sheet: Sheet, options: LayoutOptions) -> list[Segment]:
    """The crop marks of a sheet's blocks (see the module docstring), each line once."""
    page_w, page_h = sheet.size_mm
    outer = outer_band(options.margin)
    boxes = [block.box for block in sheet.blocks]
    marks: set[Segment] = set()
    for block, box in zip(sheet.blocks, boxes, strict=True):
        if block.placements[0].piece.shape.is_hex:
            continue  # cut along its printed sides (hex_cut_lines), not straight across the sheet
        others = [o for o in boxes if o is not box]
        xs, ys = block.cut_lines()
        for x in xs:
            for start, direction, edge in ((box.top, 1, page_h - outer), (box.y, -1, outer)):
                span = _mark(start, direction, _room(start, direction, x, x, "y", others, edge))
                if span:
                    marks.add(Segment(x, span[0], x, span[1]))
        for y in ys:
            for start, direction, edge in ((box.right, 1, page_w - outer), (box.x, -1, outer)):
                span = _mark(start, direction, _room(start, direction, y, y, "x", others, edge))
                if span:
                    marks.add(Segment(span[0], y, span[1], y))
    return sorted(marks, key=lambda s: (s.x1, s.y1, s.x2, s.y2))


def hex_cut_lines(sheet: Sheet) -> list[Segment]:
    """The sides of the sheet's hexagonal pieces, a side that two pieces share once."""
    seen: dict[tuple, Segment] = {}
    for p in sheet.placements:
        if not p.piece.shape.is_hex:
            continue
        points = sheet_outline(p.piece.shape, p.piece.size_mm, p.trim.x, p.trim.y, p.turn)
        for a, b in zip(points, points[1:] + points[:1], strict=True):
            ends = tuple(sorted([(round(a[0], 3), round(a[1], 3)), (round(b[0], 3), round(b[1], 3))]))
            seen.setdefault(ends, Segment(a[0], a[1], b[0], b[1]))
    return [seen[k] for k in sorted(seen)]
