"""Icons: small pictures by name, drawn inline in text (`:coin:`) or by an `icon` element.

An icon is one of three things:

- a picture file, `[icons.coin] path = "icons/coin.svg"` (PNG or SVG; an SVG's
  `currentColor` takes the colour of the text or element drawing it), or an
  SVG written in the data file, `svg = "<svg ...>...</svg>"`, so that the file
  holds all it needs;
- a shape, `[icons.red] shape = "square", fill = "#d7263d", text = "R"`: one
  of circle, square, triangle, diamond, hexagon or star, filled (in the
  drawing colour unless `fill` says otherwise), outlined if `stroke` says
  (`stroke_width` in points), with an optional letter or number in the middle
  (black or white by contrast unless `text_colour` says);
- a drawing of the game's own, given by its drawing module as a function
  (`Drawn`): a panel or a tile picture that a layout cannot describe.

`Icons.draw(canvas, name, box, colour)` draws one in a box (points, y up);
its width follows from the icon's aspect (`Icons.aspect`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.datafile.layout_values import colour as read_colour
from printkit.datafile.palette import NO_PALETTE, Palette
from printkit.datafile.schema import nearest
from printkit.errors import DataError
from printkit.layouts import images
from printkit.output.colours import ink_on

Box = tuple[float, float, float, float]  # x, y, w, h in points, y up


@dataclass(frozen=True)
class Drawn:
    """An icon a drawing module draws: `draw(canvas, box, colour)`, `aspect` its width over height."""

    draw: Callable[[Any, Box, Color], None]
    aspect: float = 1.0


def polygon(canvas: Any, points: list[tuple[float, float]], stroke: bool, fill: bool) -> None:
    """A closed polygon through `points` (points, y up) in the canvas's colours."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=int(stroke), fill=int(fill))


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The corners of a triangle, diamond, hexagon or star of radius `r` about (cx, cy)."""
    if shape == "triangle":
        return [(cx, cy + r), (cx - r * 0.95, cy - r * 0.7), (cx + r * 0.95, cy - r * 0.7)]
    if shape == "diamond":  # a little taller than its box, so it looks as big as the others
        return [(cx, cy + r * 1.15), (cx + r * 0.85, cy), (cx, cy - r * 1.15), (cx - r * 0.85, cy)]
    if shape == "hexagon":
        return [
            (cx + r * math.cos(a), cy + r * math.sin(a))
            for a in (math.pi / 6 + k * math.pi / 3 for k in range(6))
        ]
    points = []
    for k in range(10):  # a five-pointed star
        a = math.pi / 2 + k * math.pi / 5
        radius = r if k % 2 == 0 else r * 0.45
        points.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return points


@dataclass(frozen=True)
class Icons:
    """The icons a layout can name: the data file's `[icons]` and the drawing module's own."""

    declared: Mapping[str, Mapping[str, Any]]
    base: Path
    drawn: Mapping[str, Drawn] = field(default_factory=dict)
    palette: Palette = NO_PALETTE  # the data file's colour names, for icons and the layouts that draw them

    @property
    def names(self) -> list[str]:
        return sorted({*self.declared, *self.drawn})

    def known(self, name: str) -> bool:
        return name in self.declared or name in self.drawn

    def unknown(self, name: str) -> str:
        """The words for an icon name that is neither declared nor drawn."""
        listed = ", ".join(self.names) or "none declared"
        return f"unknown icon {name!r}{nearest(name, self.names)} (icons: {listed})"

    def picture(self, name: str) -> images.Picture | None:
        spec = self.declared.get(name, {})
        if "svg" in spec:
            return images.inline_svg(spec["svg"], f"icons.{name}.svg", self.base)
        if "path" not in spec:
            return None
        try:
            return images.load(images.resolve_path(self.base, spec["path"]))
        except ValueError as exc:
            raise DataError(f"icons.{name}.path: {exc}") from None

    def aspect(self, name: str) -> float:
        if name in self.drawn:
            return self.drawn[name].aspect
        picture = self.picture(name)
        return picture.aspect if picture is not None else 1.0

    def draw(self, canvas: Any, name: str, box: Box, colour: Color) -> None:
        """Icon `name` in `box`, `colour` being the colour of what draws it (text or element)."""
        if name in self.drawn:
            canvas.saveState()
            self.drawn[name].draw(canvas, box, colour)
            canvas.restoreState()
            return
        spec = self.declared[name]
        picture = self.picture(name)
        if picture is not None:
            images.draw(canvas, picture, box, "contain", _hex(colour))
            return
        _draw_shape(canvas, spec, box, colour, self.palette)


def _hex(colour: Color) -> str:
    r, g, b = (round(255 * c) for c in colour.rgb())
    return f"#{r:02x}{g:02x}{b:02x}"


def _draw_shape(canvas: Any, spec: Mapping[str, Any], box: Box, colour: Color, palette: Palette) -> None:
    x, y, w, h = box
    fill = read_colour(spec["fill"], palette) if "fill" in spec else colour
    stroke = read_colour(spec["stroke"], palette) if "stroke" in spec else None
    cx, cy, r = x + w / 2, y + h / 2, min(w, h) / 2
    canvas.saveState()
    if fill is not None:
        canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(float(spec.get("stroke_width", max(0.5, r * 0.14))))
    kind, paint = spec["shape"], {"stroke": int(stroke is not None), "fill": int(fill is not None)}
    if kind == "circle":
        canvas.circle(cx, cy, r, **paint)
    elif kind == "square":
        canvas.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, **paint)
    else:
        polygon(canvas, shape_points(kind, cx, cy, r), bool(paint["stroke"]), bool(paint["fill"]))
    text = spec.get("text")
    if text:
        ground = _hex(fill) if fill is not None else "#ffffff"
        ink = read_colour(spec["text_colour"], palette) if "text_colour" in spec else ink_on(ground)
        font = canvas.family.bold
        size = min(r * 1.2, r * 1.5 / max(stringWidth(text, font, 1.0), 1e-9))
        canvas.setFillColor(ink)
        canvas.setFont(font, size)
        canvas.drawCentredString(cx, cy - size * 0.36, text)
    canvas.restoreState()
