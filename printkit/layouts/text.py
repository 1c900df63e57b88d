"""Lay out and draw a layout's text: wrapped lines, columns, tables, shrink-to-fit, alignment.

A `text` element fills its box with its blocks (`printkit/layouts/richtext.py`)
at the largest type size from `size` down to `min_size` (by quarter points,
tried from the top over up to 10 pt, found by halving over a wider range)
at which everything fits; with `wrap = false` each paragraph stays one line
and the type shrinks exactly as far as the widest needs. A box wider than
twice `column_min` (plus `column_gap`) flows into as many columns as fit,
filled one after another. Lines stand `leading` times the type size apart
(1.3 unless said), paragraphs `paragraph_gap` times it more (0.45); a line's
baseline sits so that capitals are centred in it. `align` is left, center or
right; `valign` top, middle or bottom. Text that does not fit at `min_size`
is an error naming the piece, never a clipped card.

Tables (inside text, right under the paragraph before them unless they say `gap`, or a
`table` element) put the first column on the left at
its widest cell and share the rest equally, centred; each cell shrinks to fit
its column (a row's last cell spans the columns the row leaves out, so a row
of one cell spans the table). `lines = "rules"` draws a line under every row, `"grid"` boxes the
rows after the head; `repeat` adds copies of its rows, numbered `{n}` (or
`repeat_as`), as long as they fit (a score sheet's games).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.units import mm

from printkit.layouts.icons import Icons
from printkit.layouts.richtext import Block, Para, Run, Table, runs, widths
from printkit.output.fonts import Typeface, break_points, wrap_measured

STEP_PT = 0.25
LINEAR_TRIALS = (
    40  # up to 10 pt between `size` and `min_size` each quarter point is tried; over more, halving
)
FAUX_ITALIC_DEG = 12.0
CAP_MIDDLE = 0.35  # of the type size: from the baseline up to the middle of a capital


@dataclass(frozen=True)
class Style:
    """How a text element sets its blocks."""

    fonts: Typeface
    colour: Color
    align: str = "left"
    valign: str = "top"
    leading: float = 1.3
    paragraph_gap: float = 0.45
    icon_scale: float = 1.0
    wrap: bool = True
    column_min: float = 0.0  # points; 0: one column
    column_gap: float = 5 * mm
    rule: Color | None = None
    lines: str = "rules"
    widths: Sequence[float] = ()


@dataclass
class Line:
    runs: list[Run]
    width: float


Item = tuple[str, Any, float]  # ("line" | "table" | "space", content, height in points)


@dataclass
class _Measured:
    """A paragraph's break points and character widths at 1 pt (type widths grow with the size)."""

    tokens: list[str]
    unit: list[float]


def _measured(para: Para, style: Style, icons: Icons) -> _Measured:
    cache = para.measured  # the same paragraph is tried at many sizes
    key = (style.fonts, style.icon_scale)
    if key not in cache:
        cache[key] = _Measured(
            break_points(para.text), widths(para, style.fonts, 1.0, style.icon_scale, icons)
        )
    return cache[key]


def _lines(para: Para, style: Style, size: float, width: float, icons: Icons) -> list[Line]:
    measured = _measured(para, style, icons)
    char_w = [w * size for w in measured.unit]
    prefix = [0.0]
    for w in char_w:
        prefix.append(prefix[-1] + w)
    if style.wrap:
        spans = wrap_measured(para.text, lambda a, b: prefix[b] - prefix[a], width, measured.tokens)
    else:
        spans = [(0, len(para.text.rstrip(" ")))]
    return [Line(runs(para, a, b, style.fonts, char_w), prefix[b] - prefix[a]) for a, b in spans] or [
        Line([], 0.0)
    ]


def _flow(blocks: Sequence[Block], style: Style, size: float, width: float, icons: Icons) -> list[Item]:
    leading = size * style.leading
    items: list[Item] = []
    for block in blocks:
        if isinstance(block, Table):
            if items and items[-1][0] == "space" and not block.looks.get("gap"):
                items.pop()  # a table follows the paragraph that introduces it, unless it says gap
            look, table_size, row_h = table_look(block, style, size)
            extra = size * 0.6 if look.lines == "rules" else 0.0
            items.append(("table", block, len(block.rows) * row_h + extra))
            items.append(("space", None, size * style.paragraph_gap))
            continue
        items += [("line", line, leading) for line in _lines(block, style, size, width, icons)]
        if block.gap:
            items.append(("space", None, size * style.paragraph_gap))
    while items and items[-1][0] == "space":
        items.pop()
    return items


def columns_for(style: Style, width: float) -> int:
    if style.column_min <= 0:
        return 1
    return max(1, int((width + style.column_gap) / (style.column_min + style.column_gap)))


def _columns(items: list[Item], height: float, count: int) -> list[list[Item]] | None:
    """The items in at most `count` columns of `height`, each filled before the next; None if too many."""
    columns: list[list[Item]] = [[]]
    used = 0.0
    for item in items:
        if used + item[2] > height + 1e-6 and item[0] != "space" and columns[-1]:
            columns.append([])
            used = 0.0
        if item[0] == "space" and not columns[-1]:
            continue
        columns[-1].append(item)
        used += item[2]
    if len(columns) > count or any(sum(i[2] for i in c) > height + 1e-6 for c in columns):
        return None
    return columns


@dataclass
class Fitted:
    size: float
    columns: list[list[Item]]
    col_w: float


def fit(
    blocks: Sequence[Block],
    style: Style,
    size: float,
    min_size: float,
    box: tuple[float, float],
    icons: Icons,
) -> Fitted | None:
    """The largest type size at which the blocks fit the box (w, h in points), and their columns."""
    width, height = box
    count = columns_for(style, width)
    col_w = (width - (count - 1) * style.column_gap) / count
    if not style.wrap:
        widest = max(
            (
                line.width
                for b in blocks
                if isinstance(b, Para)
                for line in _lines(b, style, size, col_w, icons)
            ),
            default=0.0,
        )
        lines = sum(1 for b in blocks if isinstance(b, Para))
        scale = min(1.0, col_w / widest if widest else 1.0, height / max(lines * size * style.leading, 1e-9))
        size = max(size * scale, 0.1)
        if size < min_size - 1e-9:
            return None
        cols = _columns(_flow(blocks, style, size, col_w, icons), height * 1.0001 + 1e-6, count)
        return (
            Fitted(size, cols, col_w)
            if cols
            else Fitted(size, [_flow(blocks, style, size, col_w, icons)], col_w)
        )

    def attempt(trial: float) -> Fitted | None:
        cols = _columns(_flow(blocks, style, trial, col_w, icons), height, count)
        return Fitted(trial, cols, col_w) if cols is not None else None

    sizes = [size - k * STEP_PT for k in range(int((size - min_size) / STEP_PT + 1e-9) + 1)]
    if len(sizes) <= LINEAR_TRIALS:  # the largest that fits, tried from the top
        return next((f for f in map(attempt, sizes) if f is not None), None)
    low, high, best = 0, len(sizes) - 1, None  # a wide range: halved, smaller type fitting at least as well
    while low <= high:
        middle = (low + high) // 2
        found = attempt(sizes[middle])
        if found is not None:
            best, high = found, middle - 1
        else:
            low = middle + 1
    return best


def shrink_step(size: float, min_size: float) -> float:
    """A quarter point, or as much more as keeps the sizes a table tries to `LINEAR_TRIALS`."""
    return max(STEP_PT, (size - min_size) / LINEAR_TRIALS)


def draw(
    canvas: Any, fitted: Fitted, style: Style, box: tuple[float, float, float, float], icons: Icons
) -> None:
    """Draw fitted text in `box` (x, y, w, h in points, y up)."""
    x0, y0, width, height = box
    size = fitted.size
    tallest = max((sum(i[2] for i in c) for c in fitted.columns), default=0.0)
    offset = {"top": 0.0, "middle": (height - tallest) / 2, "bottom": height - tallest}[style.valign]
    for c, column in enumerate(fitted.columns):
        x = x0 + c * (fitted.col_w + style.column_gap)
        y = y0 + height - offset
        for kind, content, h in column:
            if kind == "line":
                _line(canvas, content, x, y - h / 2 - CAP_MIDDLE * size, fitted.col_w, size, style, icons)
            elif kind == "table":
                look, table_size, row_h = table_look(content, style, size)
                width = fitted.col_w * float(content.looks.get("width", 1.0))
                draw_table(canvas, content, x, y, width, table_size, look, icons, row_h)
            y -= h


def _line(
    canvas: Any, line: Line, x: float, baseline: float, width: float, size: float, style: Style, icons: Icons
) -> None:
    if style.align == "center":
        x += (width - line.width) / 2
    elif style.align == "right":
        x += width - line.width
    draw_runs(canvas, line.runs, x, baseline, size, style.colour, style.icon_scale, icons)


def draw_runs(
    canvas: Any,
    line_runs: Sequence[Run],
    x: float,
    baseline: float,
    size: float,
    colour: Color,
    icon_scale: float,
    icons: Icons,
) -> None:
    """A line's runs from (x, baseline): text in its fonts, faux italics slanted, icons in line."""
    for run in line_runs:
        if run.icon is not None:
            icon_h = size * icon_scale
            bottom = baseline + CAP_MIDDLE * size - icon_h / 2
            icons.draw(canvas, run.icon, (x, bottom, run.width, icon_h), colour)
        elif run.text:
            canvas.setFillColor(colour)
            canvas.setFont(run.font, size)
            if run.slant:
                canvas.saveState()
                canvas.translate(x, baseline)
                canvas.skew(0, FAUX_ITALIC_DEG)
                canvas.drawString(0, 0, run.text)
                canvas.restoreState()
            else:
                canvas.drawString(x, baseline, run.text)
        x += run.width


# ------------------------------------------------------------------ tables
def table_look(table: Table, style: Style, size: float) -> tuple[Style, float, float]:
    """A table's style in a text (its own looks over the text's), its type size and its row height."""
    looks = table.looks
    look = replace(
        style,
        lines=str(looks.get("lines", style.lines)),
        widths=tuple(float(w) for w in looks.get("widths", style.widths)),
        align=str(looks.get("align", "center")),
    )
    table_size = size * float(looks.get("scale", 1.0))
    return look, table_size, table_size * float(looks.get("row_height", style.leading))


def _cell_width(cell: Para, style: Style, size: float, icons: Icons) -> float:
    return sum(widths(cell, style.fonts, size, size * style.icon_scale, icons))


def column_widths(table: Table, style: Style, size: float, width: float, icons: Icons) -> list[float]:
    """Column widths: `style.widths` as shares, else the first at its widest cell + 3 mm, the rest equal."""
    count = max(len(row) for row in table.rows)
    if style.widths:
        shares = list(style.widths)[:count]
        if len(shares) < count:
            rest = max(0.0, 1.0 - sum(shares)) / (count - len(shares)) if sum(shares) < 1 else 1.0
            shares += [rest] * (count - len(shares))
        total = sum(shares) or 1.0
        return [width * s / total for s in shares]
    first = (
        max((_cell_width(row[0], style, size, icons) for row in table.rows if len(row) > 1), default=0.0)
        + 3 * mm
    )
    if count == 1:
        return [width]
    first = min(first, width * 0.6)
    return [first] + [(width - first) / (count - 1)] * (count - 1)


def draw_table(
    canvas: Any,
    table: Table,
    x: float,
    top: float,
    width: float,
    size: float,
    style: Style,
    icons: Icons,
    row_h: float | None = None,
) -> float:
    """Draw a table from `top` down in `width`; returns its height. Rows are `row_h` (or leading) apart."""
    leading = row_h or size * style.leading
    cols = column_widths(table, style, size, width, icons)
    canvas.saveState()
    if style.rule is not None:
        canvas.setStrokeColor(style.rule)
    canvas.setLineWidth(0.4 if style.lines == "rules" else 0.5)
    y = top - (size * 0.3 if style.lines == "rules" else 0.0)
    grid_top = None
    for r, row in enumerate(table.rows):
        base = y - leading / 2 - CAP_MIDDLE * size if style.lines != "rules" else y - leading + size * 0.35
        lefts = [x + sum(cols[:k]) for k in range(len(cols))]
        spanning = len(row) == 1 and len(cols) > 1
        for k, cell in enumerate(row):
            last = k == len(row) - 1  # a row's last cell spans the columns it leaves empty
            room = (sum(cols[k:]) if last else cols[k]) - 1.5 * mm
            natural = _cell_width(cell, style, size, icons)
            fitted = min(size, size * room / max(natural, 1.0))
            char_w = widths(cell, style.fonts, fitted, fitted * style.icon_scale, icons)
            cell_runs = runs(cell, 0, len(cell.text), style.fonts, char_w)
            used = sum(char_w)
            pad = 0.8 * mm if style.lines == "grid" else 0.0
            if k == 0 or spanning or style.align == "left":
                cx = lefts[k] + pad
            elif style.align == "right":
                cx = lefts[k] + cols[k] - used - pad
            else:
                cx = lefts[k] + (cols[k] - used) / 2
            draw_runs(canvas, cell_runs, cx, base, fitted, style.colour, style.icon_scale, icons)
        if style.lines == "grid" and r == table.head:
            grid_top = y
        y -= leading
        if style.lines == "rules" and style.rule is not None:
            canvas.line(x, y, x + width, y)
        elif style.lines == "grid" and style.rule is not None and r >= table.head:
            canvas.line(x, y, x + width, y)
    if style.lines == "grid" and style.rule is not None and grid_top is not None:
        canvas.line(x, grid_top, x + width, grid_top)
        edge = x
        for w in [0.0, *cols]:
            edge += w
            canvas.line(edge, grid_top, edge, y)
    canvas.restoreState()
    return top - y
