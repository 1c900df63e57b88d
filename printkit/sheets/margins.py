"""What a home sheet says about itself in its margin: a header line and a 50 mm scale bar.

The header names the game, the sheet ("sheet 2 of 5"), the side (front or
back), the paper, and how to print (at 100 %, double- or single-sided); the
scale bar is 50 mm long with a tick every 10 mm, so a printed sheet can be
checked with a ruler. Both sit in the outer band of the page margin that crop
marks leave free (`printkit.sheets.packing.outer_band`), the header along the top
edge and the bar along the bottom edge, and are drawn as the page is seen (a
back sheet's header reads normally on the back). They are tagged
`/PrintkitHeader` and `/PrintkitScaleBar` marked content so tests and tools
can find them. A margin narrower than `MIN_MARGIN_MM` has no room for them.

The words come from `WORDS` in the build's language.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.units import mm

from printkit.datafile.template import fill
from printkit.output.canvas import PrintCanvas
from printkit.sheets.geometry import Sheet
from printkit.sheets.packing import outer_band

MIN_MARGIN_MM = 7.0
SCALE_BAR_MM = 50.0
HEADER_PT = 6.5
BAR_LINE_PT = 0.5
GREY = (0.25, 0.25, 0.25)

WORDS = {
    "en": {
        "sheet": "sheet {n} of {total}",
        "front": "front",
        "back": "back",
        "scale": "print at 100% (actual size, no fit to page)",
        "duplex": "double-sided, flip on the long edge",
        "simplex": "single-sided",
        "bar": "50 mm",
        "papers": {"a4": "A4", "a3": "A3", "letter": "Letter"},
        "join": " · ",
    },
    "ja": {
        "sheet": "{total}枚中{n}枚目",
        "front": "表",
        "back": "裏",
        "scale": "100%（実際のサイズ）で印刷、ページに合わせない",
        "duplex": "両面印刷（長辺とじ）",
        "simplex": "片面印刷",
        "bar": "50 mm",
        "papers": {"a4": "A4", "a3": "A3", "letter": "レター"},
        "join": "・",
    },
}


@dataclass(frozen=True)
class SheetInfo:
    """What every sheet's header says besides its number and side."""

    title: str
    paper: str
    margin: float
    duplex: bool
    lang: str = "en"

    def words(self) -> dict:
        return WORDS.get(self.lang, WORDS["en"])

    def paper_label(self) -> str:
        papers = self.words()["papers"]
        return papers.get(self.paper, self.paper.replace("x", " × ") + " mm")

    def header(self, number: int, total: int, side: str) -> str:
        """The header line of sheet `number` of `total`, on its `side`."""
        w = self.words()
        parts = [
            self.title,
            fill(w["sheet"], {"n": number, "total": total}, "sheet"),
            w[side],
            self.paper_label(),
            w["scale"],
            w["duplex" if self.duplex else "simplex"],
        ]
        return w["join"].join(parts)


def sheet_numbers(sheets: list[Sheet]) -> list[int]:
    """Each sheet's number: fronts count up, a back has its front's number."""
    numbers, n = [], 0
    for sheet in sheets:
        n += sheet.side == "front"
        numbers.append(max(n, 1))
    return numbers


def draw_margin(canvas: PrintCanvas, sheet: Sheet, number: int, total: int, info: SheetInfo) -> None:
    """The header and the scale bar of one sheet, when its margin has room for them."""
    if info.margin < MIN_MARGIN_MM:
        return
    w, h = sheet.size_mm
    band = outer_band(info.margin)
    canvas.addLiteral("/PrintkitHeader BMC")
    canvas.saveState()
    canvas.setFillColorRGB(*GREY)
    canvas.setFont(canvas.family.regular, HEADER_PT)
    text = info.header(number, total, sheet.side)
    width = w - 2 * info.margin
    size = HEADER_PT * min(1.0, width * mm / canvas.stringWidth(text, canvas.family.regular, HEADER_PT))
    canvas.setFont(canvas.family.regular, size)
    canvas.drawString(info.margin * mm, (h - band + 0.9) * mm, text)
    canvas.restoreState()
    canvas.addLiteral("EMC")
    _scale_bar(canvas, info.margin, band, info.words()["bar"])


def _scale_bar(canvas: PrintCanvas, x0: float, band: float, label: str) -> None:
    y = band - 1.6
    canvas.addLiteral("/PrintkitScaleBar BMC")
    canvas.saveState()
    canvas.setStrokeColorRGB(*GREY)
    canvas.setFillColorRGB(*GREY)
    canvas.setLineWidth(BAR_LINE_PT)
    canvas.line(x0 * mm, y * mm, (x0 + SCALE_BAR_MM) * mm, y * mm)
    for k in range(int(SCALE_BAR_MM // 10) + 1):
        tick = 1.2 if k in (0, SCALE_BAR_MM // 10) else 0.7
        canvas.line((x0 + 10 * k) * mm, y * mm, (x0 + 10 * k) * mm, (y + tick) * mm)
    canvas.setFont(canvas.family.regular, HEADER_PT)
    canvas.drawString((x0 + SCALE_BAR_MM + 1.5) * mm, (y - 0.3) * mm, label)
    canvas.restoreState()
    canvas.addLiteral("EMC")
