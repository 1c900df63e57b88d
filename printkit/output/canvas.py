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

from collections.abc import Callable
from typing import IO, Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from printkit.output.fonts import FAUX_BOLD, Family, substitute
from printkit.output.ink_saver import InkSaver

FAUX_BOLD_STROKE = 0.03  # outline stroke of a faux bold, as a fraction of the font size


class _TextObject(PDFTextObject):
    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        super().setFont(substitute(psfontname, self._canvas.family), size, leading)

    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:
        saver = self._canvas.ink_saver
        super().setFillColor(saver.colour("fill", aColor) if saver else aColor, alpha)

    def setStrokeColor(self, aColor: Any, alpha: float | None = None) -> None:
        saver = self._canvas.ink_saver
        super().setStrokeColor(saver.colour("stroke", aColor) if saver else aColor, alpha)


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

    def _painting(self, rect: tuple[float, float, float, float] | None = None) -> None:
        """Before the first shape of a piece: let the ink saver decide its ground, colours set again."""
        if self.ink_saver is not None:
            again = self.ink_saver.decide(rect)
            if "fill" in again:
                super().setFillColor(again["fill"])
            if "stroke" in again:
                super().setStrokeColor(again["stroke"])

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1, fill: int = 0) -> None:
        self._painting((x, y, width, height) if fill else None)
        super().rect(x, y, width, height, stroke, fill)

    def drawText(self, aTextObject: Any) -> None:
        self._painting()
        super().drawText(aTextObject)

    def _strokeAndFill(self, *args: Any, **kwargs: Any) -> None:  # paths, circles, ellipses, wedges, arcs
        self._painting()
        super()._strokeAndFill(*args, **kwargs)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._painting()
        super().line(x1, y1, x2, y2)

    def lines(self, linelist: Any) -> None:
        self._painting()
        super().lines(linelist)

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> PDFTextObject:
        return _TextObject(self, x, y, direction=direction)

    def _faux_bold(self) -> bool:
        return self._fontname in FAUX_BOLD

    def _stroked(self, draw: Any, x: float, y: float, text: str, mode: Any, kwargs: dict) -> None:
        self._painting()
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
        self._stroked(super().drawRightString, x, y, text, mode, kwargs)

    def drawCentredString(self, x: float, y: float, text: str, mode: Any = None, **kwargs: Any) -> None:
        self._stroked(super().drawCentredString, x, y, text, mode, kwargs)
