"""The reportlab canvas every printkit PDF is drawn on: embedded fonts, optional CMYK, fixed bytes.

Drawing modules draw with plain reportlab calls; this canvas, made by the
render layer, adjusts what they ask for without their knowing:

- fonts: any PDF standard font (Helvetica, Times, Courier) is replaced by the
  embedded family of the build's language (`printkit/output/fonts.py`), in
  `setFont` and in text objects, and the page's initial font is that family's
  regular, so no page refers to a font the viewer must supply. A font with no
  real bold (`fonts.FAUX_BOLD`) has its bold drawn filled and stroked in the
  fill colour.
- colours: with `colours` (a function from a colour to a colour, e.g. the
  ICC conversion of `printkit/output/colour_profile.py`) every colour set through
  `setFillColor`, `setStrokeColor` and their RGB forms, in text objects too,
  is the function's answer, so a print shop gets DeviceCMYK throughout;
  with `ink_saver` (`printkit/output/ink_saver.py`) each colour is first mapped for
  the piece being drawn, fills and strokes told apart.
- bytes: reportlab's invariant mode (no dates, fixed document id), so the same
  drawing gives the same file.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator
from typing import IO, Any

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from printkit.output.fonts import FAUX_BOLD, Family, substitute
from printkit.output.ink_saver import OUTLINE_PT, InkSaver

FAUX_BOLD_STROKE = 0.03  # outline stroke of a faux bold, as a fraction of the font size


_OPERANDS = {"m": 2, "l": 2, "c": 6, "v": 4, "y": 4, "re": 4}


def _box(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def _points(code: str) -> list[tuple[float, float]] | None:
    """A path's points (curves by their control points), from its PDF operators, in order."""
    points: list[tuple[float, float]] = []
    numbers: list[float] = []
    for token in code.split():
        if token in _OPERANDS:
            values = numbers[-_OPERANDS[token] :]
            if token == "re" and len(values) == 4:
                points += _box(*values)
            else:
                points += list(zip(values[0::2], values[1::2], strict=False))
            numbers = []
        else:
            try:
                numbers.append(float(token))
            except ValueError:
                numbers = []
    return points or None


class _TextObject(PDFTextObject):
    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        super().setFont(substitute(psfontname, self._canvas.family), size, leading)

    def _at(self) -> tuple[float, float]:
        return self._canvas._page([(self._x0, self._y0)])[0]

    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:
        saver = self._canvas.ink_saver
        super().setFillColor(saver.colour("fill", aColor, self._at()) if saver else aColor, alpha)

    def setStrokeColor(self, aColor: Any, alpha: float | None = None) -> None:
        saver = self._canvas.ink_saver
        super().setStrokeColor(saver.colour("stroke", aColor, self._at()) if saver else aColor, alpha)


class PrintCanvas(Canvas):
    """A reportlab canvas with embedded fonts for `family` and, if asked, colours mapped by `colours`."""

    def __init__(
        self,
        out: IO[bytes],
        family: Family,
        colours: Callable[[Any], Any] | None = None,
        ink_saver: InkSaver | None = None,
    ) -> None:
        self.family = family
        self.ink_saver = ink_saver
        super().__init__(
            out,
            invariant=1,
            pageCompression=1,
            initialFontName=family.regular,
            enforceColorSpace=colours,
        )

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        super().setFont(substitute(psfontname, self.family), size, leading)

    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:
        super().setFillColor(self.ink_saver.colour("fill", aColor) if self.ink_saver else aColor, alpha)

    def setStrokeColor(self, aColor: Any, alpha: float | None = None) -> None:
        super().setStrokeColor(self.ink_saver.colour("stroke", aColor) if self.ink_saver else aColor, alpha)

    def _page(self, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        """Points of user space on the page (through the current transformation)."""
        a, b, c, d, e, f = self._currentMatrix
        return [(a * x + c * y + e, b * x + d * y + f) for x, y in points]

    def _painting(self, points: list[tuple[float, float]] | None = None, fill: int = 0) -> Any:
        """Before a shape or text is painted: the ink saver's colours for it, set again, and the colour
        of the hairline it asks to be drawn round the shape, if any.

        `points` outline it in user space (None when unknown); how much of the piece it covers and
        what lies under its middle decide its colours.
        """
        if self.ink_saver is None:
            return None
        outline = self._page(points) if points else None
        colours = self.ink_saver.painting(outline, bool(fill))
        for role, colour in colours.items():
            if role != "outline":
                (super().setFillColor if role == "fill" else super().setStrokeColor)(colour)
        return colours.get("outline")

    @contextlib.contextmanager
    def _shape(self, points: list[tuple[float, float]] | None, fill: int, stroke: int = 1) -> Iterator[int]:
        """Paint one shape outlined by `points` (filled: may be an area; text never is): the ink saver sees
        it once, not again as its path. Yields the stroke flag to draw it with: set when the ink saver
        asks for a hairline round an unstroked shape, drawn in its colour until the shape is painted."""
        outline = self._painting(points, fill)
        self._painted = True
        ringed = outline is not None and not stroke
        if ringed:
            self.saveState()
            super().setStrokeColor(outline)
            self.setLineWidth(OUTLINE_PT)
        try:
            yield 1 if ringed else stroke
        finally:
            self._painted = False
            if ringed:
                self.restoreState()

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1, fill: int = 0) -> None:
        with self._shape(_box(x, y, width, height), fill, stroke) as stroke:
            super().rect(x, y, width, height, stroke, fill)

    def roundRect(
        self, x: float, y: float, width: float, height: float, radius: float, stroke: int = 1, fill: int = 0
    ) -> None:
        with self._shape(_box(x, y, width, height), fill, stroke) as stroke:
            super().roundRect(x, y, width, height, radius, stroke, fill)

    def ellipse(self, x1: float, y1: float, x2: float, y2: float, stroke: int = 1, fill: int = 0) -> None:
        cx, cy, rx, ry = (x1 + x2) / 2, (y1 + y2) / 2, (x2 - x1) / 2, (y2 - y1) / 2
        points = [
            (cx + rx * math.cos(k * math.pi / 8), cy + ry * math.sin(k * math.pi / 8)) for k in range(16)
        ]
        with self._shape(points, fill, stroke) as stroke:  # circles are drawn as ellipses too
            super().ellipse(x1, y1, x2, y2, stroke, fill)

    def drawPath(self, aPath: Any, stroke: int = 1, fill: int = 0, fillMode: Any = None) -> None:
        with self._shape(_points(aPath.getCode()), fill, stroke) as stroke:
            super().drawPath(aPath, stroke, fill, fillMode)

    def drawText(self, aTextObject: Any) -> None:
        if not getattr(self, "_painted", False):
            self._painting([(aTextObject._x0, aTextObject._y0)])
        super().drawText(aTextObject)

    def _strokeAndFill(self, *args: Any, **kwargs: Any) -> None:  # a path not drawn by drawPath
        if not getattr(self, "_painted", False):
            self._painting()
        super()._strokeAndFill(*args, **kwargs)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._painting([(x1, y1), (x2, y2)])
        super().line(x1, y1, x2, y2)

    def lines(self, linelist: Any) -> None:
        self._painting([point for line in linelist for point in (line[:2], line[2:4])])
        super().lines(linelist)

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> PDFTextObject:
        return _TextObject(self, x, y, direction=direction)

    def _faux_bold(self) -> bool:
        return self._fontname in FAUX_BOLD

    def _stroked(
        self, draw: Any, x: float, y: float, text: str, mode: Any, kwargs: dict, anchor: float = 0.0
    ) -> None:
        width = stringWidth(text, self._fontname, self._fontsize)
        with self._shape(_box(x - anchor * width, y, width, 0.7 * self._fontsize), 0):
            if mode is not None or not self._faux_bold():
                draw(x, y, text, mode=mode, **kwargs)
                return
            self.saveState()
            self.setStrokeColor(self._fillColorObj)
            self.setLineJoin(1)
            self.setLineWidth(self._fontsize * FAUX_BOLD_STROKE)
            draw(x, y, text, mode=2, **kwargs)
            self.restoreState()

    def drawString(self, x: float, y: float, text: str, mode: Any = None, **kwargs: Any) -> None:
        self._stroked(super().drawString, x, y, text, mode, kwargs)

    def drawRightString(self, x: float, y: float, text: str, mode: Any = None, **kwargs: Any) -> None:
        self._stroked(super().drawRightString, x, y, text, mode, kwargs, 1.0)

    def drawCentredString(self, x: float, y: float, text: str, mode: Any = None, **kwargs: Any) -> None:
        self._stroked(super().drawCentredString, x, y, text, mode, kwargs, 0.5)
