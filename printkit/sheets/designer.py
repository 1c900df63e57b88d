"""The designer's sheet: the options in force, their sources and changed values, for any game.

What a designer needs to know about a printed copy (which rule set it was
balanced for, which values differ from the data file's defaults, where each
rule comes from) does not belong on the players' cards. `printkit build GAME
--designer-sheet` writes it as `<stem>-designer.pdf`: a title with the
variant and player count, then one row per option (name, value in force, its
source, its documentation, and the default when the value differs, in red),
then who designed the game (`game.designer`) and its sources. The options'
docs come from the data file in the build's language; the sheet's own words
are `WORDS`.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.datafile.gamedata import GameData, Rules
from printkit.datafile.template import fill
from printkit.output.canvas import PrintCanvas
from printkit.output.fonts import Family, family, wrap
from printkit.sheets.geometry import paper_size
from printkit.sheets.sources import source_line

INK = HexColor("#222222")
FAINT = HexColor("#666666")
CHANGED = HexColor("#b3261e")
MARGIN_MM = 15.0
TEXT_PT = 8.5

WORDS = {
    "en": {
        "title": "{game}: designer sheet",
        "subtitle": "rules {variant}, {players} players",
        "published": " (published: {low}-{high})",
        "options": "Options in force",
        "legend": "red: changed from the data file's default  |  from: documents (listed below), "
        "published (the published game), house (this project's decision)",
        "default": "(default: {value})",
        "sources": "Sources",
        "designer": "Game design: {designer}",
        "values": {True: "yes", False: "no"},
        "source_names": {"documents": "documents", "published": "published", "house": "house"},
        "no_options": "This game's data file states no rules (it prints, and has no rules engine).",
    },
    "ja": {
        "title": "{game} デザイナー用シート",
        "subtitle": "ルール {variant}・{players}人",
        "published": "（本来のプレイ人数は{low}～{high}人）",
        "options": "採用中のオプション",
        "legend": "赤字：既定値から変更　｜　出典：資料＝元資料、公開＝公開情報、独自＝ハウスルール",
        "default": "（既定：{value}）",
        "sources": "出典",
        "designer": "ゲームデザイン：{designer}",
        "values": {True: "あり", False: "なし"},
        "source_names": {"documents": "資料", "published": "公開", "house": "独自"},
        "no_options": "このゲームのデータファイルにはルールの記述がない（印刷のみ）。",
    },
}


def _show(value: Any, words: Mapping[str, Any]) -> str:
    if isinstance(value, bool):
        return words["values"][value]
    return str(value)


def option_rows(data: GameData, rules: Rules) -> list[dict[str, Any]]:
    """Every option with its value in force, default, source, doc and whether it changed."""
    words = WORDS.get(data.lang, WORDS["en"])
    rows = []
    for name, option in data.options.items():
        default = _show(data.rules[name], words)
        changed = rules[name] != data.rules[name]
        rows.append(
            {
                "name": name,
                "value": _show(rules[name], words),
                "changed": changed,
                "source": words["source_names"][option["source"]],
                "doc": option["doc"]
                + (" " + fill(words["default"], {"value": default}, "default") if changed else ""),
            }
        )
    return rows


class _Writer:
    """Lines down an A4 page, a new page when the page is full."""

    def __init__(self, canvas: PrintCanvas, fonts: Family):
        self.canvas, self.fonts = canvas, fonts
        self.w, self.h = (v * mm for v in paper_size("a4"))
        self.y = self.h - MARGIN_MM * mm

    def need(self, height: float) -> None:
        if self.y - height < MARGIN_MM * mm:
            self.canvas.showPage()
            self.y = self.h - MARGIN_MM * mm

    def text(
        self, x: float, text: str, size: float, bold: bool = False, colour: Any = INK, fonts: Any = None
    ) -> None:
        fonts = fonts or self.fonts
        self.canvas.setFillColor(colour)
        self.canvas.setFont(fonts.bold if bold else fonts.regular, size)
        self.canvas.drawString(x, self.y, text)


def designer_pdf(data: GameData, rules: Rules, fonts: Family) -> bytes:
    """The designer's sheet of the rules in force as a PDF (see the module docstring)."""
    words = WORDS.get(data.lang, WORDS["en"])
    buf = io.BytesIO()
    canvas = PrintCanvas(buf, fonts)
    title = fill(words["title"], {"game": data.title}, "title")
    canvas.setTitle(title)
    canvas.setViewerPreference("PrintScaling", "None")
    out = _Writer(canvas, fonts)
    left, width = MARGIN_MM * mm, out.w - 2 * MARGIN_MM * mm
    out.y -= 14
    out.text(left, title, 15, bold=True)
    subtitle = fill(words["subtitle"], {"variant": rules.label, "players": rules.players}, "subtitle")
    published = data.game.get("published_players")
    if published and rules.players not in published:
        subtitle += fill(words["published"], {"low": min(published), "high": max(published)}, "published")
    out.y -= 14
    out.text(left, subtitle, 9, colour=FAINT)
    out.y -= 22
    out.text(left, words["options"], 12, bold=True)
    out.y -= 12
    out.text(left, words["legend"], 7.5, colour=FAINT)
    rows = option_rows(data, rules)
    if rows:
        _options(out, rows, left, width)
    else:
        out.y -= 14
        out.text(left, words["no_options"], TEXT_PT)
    out.y -= 18
    out.need(30)
    out.text(left, words["sources"], 10, bold=True)
    lines = [source_line(source, data.lang) for source in data.game.get("sources", [])]
    if "designer" in data.game:
        lines.insert(0, fill(words["designer"], {"designer": data.game["designer"]}, "designer"))
    for text in lines:
        # a source's title as published, often Japanese, prints in a font that has it whatever --lang is
        font = fonts if fonts.lang == "ja" or all(ord(ch) < 0x2E80 for ch in text) else family("ja")
        for line in wrap(text, font.regular, 7.5, width):
            out.y -= 9.5
            out.need(10)
            out.text(left, line, 7.5, colour=FAINT, fonts=font)
    canvas.showPage()
    canvas.save()
    return buf.getvalue()


def _options(out: _Writer, rows: list[dict[str, Any]], left: float, width: float) -> None:
    regular, bold = out.fonts.regular, out.fonts.bold
    size, leading = TEXT_PT, TEXT_PT * 1.25
    name_w = max(stringWidth(r["name"], bold, size) for r in rows) + 3 * mm
    value_w = min(max(stringWidth(r["value"], bold, size) for r in rows) + 3 * mm, 40 * mm)
    source_w = max(stringWidth(r["source"], regular, size) for r in rows) + 3 * mm
    doc_x = left + name_w + value_w + source_w
    out.y -= 4
    for row in rows:
        doc = wrap(row["doc"], regular, size, left + width - doc_x)
        value = wrap(row["value"], bold, size, value_w - 2 * mm)
        out.need(leading * max(len(doc), len(value)) + 6)
        out.canvas.setStrokeColor(FAINT)
        out.canvas.setLineWidth(0.4)
        out.canvas.line(left, out.y, left + width, out.y)
        out.y -= leading
        out.text(left, row["name"], size, bold=True)
        out.text(left + name_w + value_w, row["source"], size, colour=FAINT)
        top = out.y
        for k, line in enumerate(value):
            out.y = top - k * leading
            out.text(left + name_w, line, size, bold=True, colour=CHANGED if row["changed"] else INK)
        for k, line in enumerate(doc):
            out.y = top - k * leading
            out.text(doc_x, line, size)
        out.y = top - (max(len(doc), len(value)) - 1) * leading - 5
