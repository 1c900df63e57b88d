"""Draw a layout's elements for one row: each element's keys resolved, then painted on the piece.

Positions are millimetres from the top-left corner of the piece's trim (y
down, as a designer measures a card); `x`, `y` is the point of the box that
`anchor` names (top-left unless said), `w` and `h` its size (the whole piece
unless said), `rotate` turns it clockwise about that point, in degrees.

- `rect` (`radius` rounds its corners), `circle` (the ellipse in its box),
  `hexagon` (`orientation` pointy or flat), `polygon` (`points`, [x, y] in mm
  or shares from the box's top-left corner) and `line` (from x, y to x2, y2):
  `fill`, `stroke`, `stroke_width` (mm, 0.3 unless said), `dash` ([on, off]
  mm). A shape with no `fill` is outlined in black unless `stroke` says.
- `text`: see `printkit/layouts/text.py`; `icon`: the icon `icon` in its box;
  `image`: the picture at `path` (relative to the data file), `fit` contain,
  cover or stretch; `pips`: `count` pips in a domino's pattern (up to 9) or a
  `line`; `table`: `rows` (a field holding rows), see `text.py`.

Art that reaches the trim runs on into the bleed: a shape, line or picture
whose box touches an edge of the trim is drawn out to the bleed's edge on that
side, and a hexagon or circle that fills the whole piece grows by the bleed,
so a cut that drifts shows no paper. (Turned elements are drawn as written.)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from reportlab.lib.colors import black
from reportlab.lib.units import mm

from printkit.datafile import layout_values as v
from printkit.datafile import template
from printkit.datafile.layout_spec import COMMON, ELEMENT_KEYS, Element, Layout
from printkit.errors import DataError
from printkit.layouts import images, richtext, text
from printkit.layouts.icons import Icons, polygon
from printkit.layouts.typefaces import Fonts
from printkit.output.fonts import Typeface
from printkit.pieces.outlines import Shape, outline

EDGE_MM = 0.01
ANCHOR_SHARES = {
    "top-left": (0, 0),
    "top": (0.5, 0),
    "top-right": (1, 0),
    "left": (0, 0.5),
    "center": (0.5, 0.5),
    "right": (1, 0.5),
    "bottom-left": (0, 1),
    "bottom": (0.5, 1),
    "bottom-right": (1, 1),
}
# Pip positions on a 3 x 3 grid (column, row from the top), as dominoes and dice show them.
GRID = {
    "tl": (0, 0),
    "tc": (1, 0),
    "tr": (2, 0),
    "ml": (0, 1),
    "mc": (1, 1),
    "mr": (2, 1),
    "bl": (0, 2),
    "bc": (1, 2),
    "br": (2, 2),
}
PIPS = {
    0: (),
    1: ("mc",),
    2: ("tr", "bl"),
    3: ("tr", "mc", "bl"),
    4: ("tl", "tr", "bl", "br"),
    5: ("tl", "tr", "mc", "bl", "br"),
    6: ("tl", "tr", "ml", "mr", "bl", "br"),
    7: ("tl", "tr", "ml", "mc", "mr", "bl", "br"),
    8: ("tl", "tc", "tr", "ml", "mr", "bl", "bc", "br"),
    9: tuple(GRID),
}


@dataclass(frozen=True)
class Context:
    """What a layout is drawn with: the piece's size and bleed (mm), fonts, icons, folder, the row's fields.

    `blame(element, key, message)` makes the `DataError` for a bad value,
    naming the row's file, row and column.
    """

    size: tuple[float, float]
    bleed: float
    fonts: Fonts
    icons: Icons
    base: Path
    fields: Mapping[str, Any]
    blame: Callable[..., DataError]  # (element, key, message, column=None)


class Resolved:
    """An element's keys for one row, read as they are asked for (so an unused key costs nothing)."""

    def __init__(self, element: Element, ctx: Context) -> None:
        self.element, self.ctx = element, ctx
        self.kinds = {**COMMON, **ELEMENT_KEYS[element.kind]}

    def __call__(self, key: str, default: Any = None) -> Any:
        raw = self.element.keys.get(key)
        if raw is None:
            return default
        return v.resolve(
            self.kinds[key],
            raw,
            self.ctx.fields,
            self.ctx.size,
            lambda m: self.ctx.blame(self.element, key, m),
            self.ctx.icons.palette,
        )

    def box(self) -> tuple[float, float, float, float]:
        """(left, top, width, height) in mm from the trim's top-left corner, y down."""
        w = self("w", self.ctx.size[0])
        h = self("h", self.ctx.size[1])
        ax, ay = ANCHOR_SHARES[self("anchor", "top-left")]
        return self("x", 0.0) - ax * w, self("y", 0.0) - ay * h, w, h

    def anchor_point(self) -> tuple[float, float]:
        return self("x", 0.0), self("y", 0.0)


def _pt(ctx: Context, x: float, y: float) -> tuple[float, float]:
    """A point in mm from the trim's top-left (y down) in canvas points (y up)."""
    return x * mm, (ctx.size[1] - y) * mm


def _bled(ctx: Context, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """The box run out to the bleed's edge on each side where it touches the trim."""
    x, y, w, h = box
    W, H, b = ctx.size[0], ctx.size[1], ctx.bleed
    left = x - b if x <= EDGE_MM else x
    top = y - b if y <= EDGE_MM else y
    right = x + w + b if x + w >= W - EDGE_MM else x + w
    bottom = y + h + b if y + h >= H - EDGE_MM else y + h
    return left, top, right - left, bottom - top


def _out(ctx: Context, px: float, py: float) -> tuple[float, float]:
    """A point (mm, y down) on an edge of the trim moved out to the bleed's edge."""
    W, H, b = ctx.size[0], ctx.size[1], ctx.bleed
    px = px - b if px <= EDGE_MM else px + b if px >= W - EDGE_MM else px
    py = py - b if py <= EDGE_MM else py + b if py >= H - EDGE_MM else py
    return px, py


def _paint(canvas: Any, r: Resolved, default_stroke: bool = True) -> tuple[bool, bool]:
    """Set the fill and stroke of a shape; returns (stroke, fill)."""
    fill = r("fill")
    stroke = r("stroke", black if fill is None and default_stroke and "fill" not in r.element.keys else None)
    if fill is not None:
        canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(r("stroke_width", 0.3) * mm)
        dash = r("dash")
        if dash:
            canvas.setDash([d * mm for d in dash])
    return stroke is not None, fill is not None


def _rect(canvas: Any, r: Resolved, ctx: Context, turned: bool) -> None:
    box = r.box() if turned else _bled(ctx, r.box())
    stroke, fill = _paint(canvas, r)
    x, y, w, h = box
    left, bottom = _pt(ctx, x, y + h)
    radius = r("radius", 0.0)
    if radius > 0:
        canvas.roundRect(left, bottom, w * mm, h * mm, radius * mm, stroke=int(stroke), fill=int(fill))
    else:
        canvas.rect(left, bottom, w * mm, h * mm, stroke=int(stroke), fill=int(fill))


def _fills_piece(ctx: Context, box: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    return (
        abs(x) <= EDGE_MM
        and abs(y) <= EDGE_MM
        and abs(w - ctx.size[0]) <= EDGE_MM
        and abs(h - ctx.size[1]) <= EDGE_MM
    )


def _circle(canvas: Any, r: Resolved, ctx: Context, turned: bool) -> None:
    x, y, w, h = r.box()
    grow = ctx.bleed if not turned and _fills_piece(ctx, (x, y, w, h)) else 0.0
    stroke, fill = _paint(canvas, r)
    left, bottom = _pt(ctx, x - grow, y + h + grow)
    canvas.ellipse(
        left,
        bottom,
        left + (w + 2 * grow) * mm,
        bottom + (h + 2 * grow) * mm,
        stroke=int(stroke),
        fill=int(fill),
    )


def _hexagon(canvas: Any, r: Resolved, ctx: Context, turned: bool) -> None:
    x, y, w, h = r.box()
    grow = ctx.bleed if not turned and _fills_piece(ctx, (x, y, w, h)) else 0.0
    stroke, fill = _paint(canvas, r)
    points = outline(Shape("hex", r("orientation", "pointy")), w, h, grow)
    left, bottom = _pt(ctx, x, y + h)
    polygon(canvas, [(left + px * mm, bottom + py * mm) for px, py in points], stroke, fill)


def _polygon(canvas: Any, r: Resolved, ctx: Context, turned: bool) -> None:
    x, y, w, h = r.box()
    blame = lambda m: ctx.blame(r.element, "points", m)  # noqa: E731
    points = []
    for px, py in r.element.keys["points"]:
        dx = v.resolve(v.LENGTH_X, px, ctx.fields, (w, h), blame)
        dy = v.resolve(v.LENGTH_Y, py, ctx.fields, (w, h), blame)
        point = (x + dx, y + dy)
        points.append(point if turned else _out(ctx, *point))
    stroke, fill = _paint(canvas, r)
    polygon(canvas, [_pt(ctx, px, py) for px, py in points], stroke, fill)


def _line(canvas: Any, r: Resolved, ctx: Context, turned: bool) -> None:
    a = (r("x", 0.0), r("y", 0.0))
    b = (r("x2", a[0]), r("y2", a[1]))
    if not turned:
        a, b = _out(ctx, *a), _out(ctx, *b)
    canvas.setStrokeColor(r("stroke", black) or black)
    canvas.setLineWidth(r("stroke_width", 0.3) * mm)
    dash = r("dash")
    if dash:
        canvas.setDash([d * mm for d in dash])
    canvas.line(*_pt(ctx, *a), *_pt(ctx, *b))


def _points_box(ctx: Context, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x, y, w, h = box
    left, bottom = _pt(ctx, x, y + h)
    return left, bottom, w * mm, h * mm


def typeface(r: Resolved, ctx: Context) -> Typeface:
    """The fonts the element's text is set in: its `font`, then the fallbacks."""
    try:
        return ctx.fonts.typeface(r("font"))
    except DataError as exc:
        raise ctx.blame(r.element, "font", str(exc)) from None


def text_style(r: Resolved, ctx: Context, box_w: float) -> text.Style:
    return text.Style(
        fonts=typeface(r, ctx),
        colour=r("colour", black) or black,
        align=r("align", "left"),
        valign=r("valign", "top"),
        leading=r("leading", 1.3),
        paragraph_gap=r("paragraph_gap", 0.45),
        icon_scale=r("icon_scale", 1.0),
        wrap=r("wrap", True),
        column_min=r("column_min", 0.0) * mm,
        column_gap=r("column_gap", 5.0) * mm,
        rule=r("rule", None),
        lines=r("lines", "rules"),
        widths=r("widths", ()),
    )


def text_blocks(r: Resolved, ctx: Context, key: str = "text") -> list[richtext.Block]:
    raw = r.element.keys.get(key, "")
    blame = lambda m: ctx.blame(r.element, key, m)  # noqa: E731
    try:
        parts = richtext.parts(raw, ctx.fields) if isinstance(raw, str) else [(raw, True)]
    except template.TemplateError as exc:  # an expression that fails for this row
        raise blame(str(exc)) from None
    if isinstance(raw, str):
        for name in template.fields_of(raw, ""):  # an unknown icon is named with the column it is in
            value = ctx.fields.get(name)
            for icon in richtext.icon_names(value) if isinstance(value, str) else ():
                if not ctx.icons.known(icon):
                    raise ctx.blame(r.element, key, f"{ctx.icons.unknown(icon)} in {value[:60]!r}", name)
    blocks = richtext.parse(parts, ctx.icons, blame, bold=r("bold", False), italic=r("italic", False))
    fonts = typeface(r, ctx)
    for block in blocks:
        for para in [block] if isinstance(block, richtext.Para) else [c for row in block.rows for c in row]:
            ch = richtext.missing(para, fonts)
            if ch is not None:
                raise blame(
                    f"no font has {ch!r} (U+{ord(ch):04X}) in {para.text[:60]!r}; name a font file that "
                    "has it in the data file's [fonts]"
                )
    return blocks


def _text(canvas: Any, r: Resolved, ctx: Context, turned: bool) -> None:
    box = _points_box(ctx, r.box())
    style = text_style(r, ctx, box[2])
    size = r("size", 10.0)
    min_size = min(r("min_size", size), size)
    fitted = text.fit(text_blocks(r, ctx), style, size, min_size, (box[2], box[3]), ctx.icons)
    if fitted is None:
        w, h = r.box()[2:]
        raise ctx.blame(
            r.element,
            "text",
            f"does not fit its {w:g} x {h:g} mm box at {min_size:g} pt; "
            "shorten it, enlarge the box or lower min_size",
        )
    text.draw(canvas, fitted, style, box, ctx.icons)


def _icon(canvas: Any, r: Resolved, ctx: Context, turned: bool) -> None:
    name = r("icon", "")
    if not ctx.icons.known(name):
        raise ctx.blame(r.element, "icon", ctx.icons.unknown(name))
    left, bottom, w, h = _points_box(ctx, r.box())
    aspect = ctx.icons.aspect(name)
    dw, dh = (w, w / aspect) if w / h < aspect else (h * aspect, h)
    ctx.icons.draw(
        canvas, name, (left + (w - dw) / 2, bottom + (h - dh) / 2, dw, dh), r("colour", black) or black
    )


def picture_path(r: Resolved, ctx: Context) -> Path:
    try:
        return images.resolve_path(ctx.base, r("path", ""))
    except ValueError as exc:
        raise ctx.blame(r.element, "path", str(exc)) from None


def _image(canvas: Any, r: Resolved, ctx: Context, turned: bool) -> None:
    picture = images.load(picture_path(r, ctx))
    box = r.box() if turned else _bled(ctx, r.box())
    images.draw(canvas, picture, _points_box(ctx, box), r("fit", "contain"), "#000000")


def _pips(canvas: Any, r: Resolved, ctx: Context, turned: bool) -> None:
    left, bottom, w, h = _points_box(ctx, r.box())
    count = r("count", 0)
    canvas.setFillColor(r("colour", black) or black)
    if r("pattern", "domino") == "line":
        if count:
            d = min(h, w / count) * r("radius", 0.35) * 2
            step = w / count
            for k in range(count):
                canvas.circle(left + step * (k + 0.5), bottom + h / 2, d / 2, stroke=0, fill=1)
        return
    if count > 9:
        raise ctx.blame(r.element, "count", f"a domino's pattern holds at most 9 pips, got {count}")
    side = min(w, h)
    x, y = left + (w - side) / 2, bottom + (h - side) / 2
    radius = side * r("radius", 0.08)
    for spot in PIPS[count]:
        col, row = GRID[spot]
        canvas.circle(
            x + side * (0.25 + 0.25 * col), y + side * (0.75 - 0.25 * row), radius, stroke=0, fill=1
        )


def _table(canvas: Any, r: Resolved, ctx: Context, turned: bool) -> None:
    left, bottom, w, h = _points_box(ctx, r.box())
    style = replace(text_style(r, ctx, w), align=r("align", "center"))
    size = r("size", 10.0)
    row_h = r("row_height", 0.0) * mm or None
    table = table_of(r, ctx)
    repeat = repeat_rows(r, ctx)
    if repeat:
        leading = row_h or size * style.leading
        room = int((h - len(table.rows) * leading) / (len(repeat) * leading) + 1e-9)
        room = min(room, richtext.MAX_TABLE_ROWS // len(repeat))  # a bounded sheet, however small its rows
        name = r("repeat_as", "n")
        for n in range(1, max(room, 0) + 1):
            try:
                rows = [[template.fill(str(cell), {name: n}, f"row {n}") for cell in row] for row in repeat]
            except template.TemplateError as exc:  # a repeated row is a template of {n} alone
                raise ctx.blame(r.element, "repeat", str(exc)) from None
            table.rows += richtext.table(
                rows, ctx.icons, lambda m: ctx.blame(r.element, "repeat", m), head=0
            ).rows
    min_size = min(r("min_size", size), size)
    step = text.shrink_step(size, min_size)
    while True:
        leading = row_h or size * style.leading
        if len(table.rows) * leading <= h + 1e-6 or size - step < min_size - 1e-9:
            break
        size -= step
    if len(table.rows) * (row_h or size * style.leading) > h + 1e-6:
        raise ctx.blame(
            r.element,
            "rows",
            f"{len(table.rows)} rows do not fit the {r.box()[3]:g} mm box at {min_size:g} pt",
        )
    text.draw_table(canvas, table, left, bottom + h, w, size, style, ctx.icons, row_h)


def table_of(r: Resolved, ctx: Context) -> richtext.Table:
    raw = r.element.keys.get("rows", [])
    value = _field_value(raw, ctx, r, "rows")
    blame = lambda m: ctx.blame(r.element, "rows", m)  # noqa: E731
    if not isinstance(value, (list, Mapping)):
        raise blame(f"expected rows (a list of lists of cells), got {value!r:.60}")
    return richtext.table(value, ctx.icons, blame, head=r("head", None))


def repeat_rows(r: Resolved, ctx: Context) -> list[list[Any]]:
    raw = r.element.keys.get("repeat")
    if raw is None:
        return []
    value = _field_value(raw, ctx, r, "repeat")
    if not isinstance(value, list) or not all(isinstance(row, list) for row in value) or not value:
        raise ctx.blame(r.element, "repeat", f"expected a list of rows to repeat, got {value!r:.60}")
    return value


def _field_value(raw: Any, ctx: Context, r: Resolved, key: str) -> Any:
    """A key that names one field (`"{rows}"`) gives that field's value as it is; a literal is itself."""
    if isinstance(raw, str):
        parts = richtext.parts(raw, ctx.fields)
        if len(parts) == 1 and parts[0][1]:
            return parts[0][0]
        raise ctx.blame(r.element, key, f'expected one field, e.g. "{{rows}}", got {raw!r}')
    return raw


PAINTERS: dict[str, Callable[[Any, Resolved, Context, bool], None]] = {
    "rect": _rect,
    "circle": _circle,
    "hexagon": _hexagon,
    "polygon": _polygon,
    "line": _line,
    "text": _text,
    "icon": _icon,
    "image": _image,
    "pips": _pips,
    "table": _table,
}


def draw_layout(canvas: Any, layout: Layout, ctx: Context) -> None:
    """Every visible element of `layout`, in order, for the row in `ctx`."""
    for element in layout.elements:
        r = Resolved(element, ctx)
        if not r("visible", True):
            continue
        angle = r("rotate", 0.0)
        canvas.saveState()
        if angle:
            px, py = _pt(ctx, *r.anchor_point())
            canvas.translate(px, py)
            canvas.rotate(-angle)
            canvas.translate(-px, -py)
        PAINTERS[element.kind](canvas, r, ctx, bool(angle) and not math.isclose(angle % 360, 0.0))
        canvas.restoreState()


def check_layout(layout: Layout, ctx: Context) -> None:
    """Resolve every key of every element for the row in `ctx` without drawing: bad values raise first."""
    for element in layout.elements:
        r = Resolved(element, ctx)
        for key in element.keys:
            if key not in ("points", "rows", "repeat", "text"):
                r(key)
        if not r("visible", True):
            continue
        if element.kind == "text":
            text_blocks(r, ctx)
        elif element.kind == "icon" and not ctx.icons.known(r("icon", "")):
            raise ctx.blame(element, "icon", ctx.icons.unknown(r("icon", "")))
        elif element.kind == "image":
            images.load(picture_path(r, ctx))
        elif element.kind == "table":
            table_of(r, ctx)
            repeat_rows(r, ctx)
