"""Player aids: cards of rules in players' words, drawn alike for every game from its data file.

A game's data file declares an aid as a component (`kind = "reference"`,
`size_mm`, `count`, optional `colours = { band, band_text, ink, rule }`) whose
`text` holds a `title` and `sections`, a list of `{ head = "...", text = "..." }`
in players' words, with `{name}` fields that the game's drawing module
fills from the rules in force (`read_sections`, `printkit.texts`); a section may also name a
`table` that the drawing module supplies (e.g. opening rows per player count).
The Japanese (`[lang.ja.components.<aid>.text]`) mirrors the same list.

`aid_record` builds the plain record and `aid_pieces` the pieces; `draw_aid`
lays a card out: a title band, then each section as "head: text" with the head
in bold, flowing down one column (two on a card wider than `TWO_COLUMNS_MM`),
tables under their section, in the largest type from `MAX_PT` down to
`MIN_PT` that fits (7 pt is the smallest a player reads comfortably).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import DataError
from printkit.fonts import family, wrap
from printkit.gamedata import GameData
from printkit.pieces import Piece, fill_bleed
from printkit.texts import fill_text

MAX_PT = 10.0
MIN_PT = 7.0
TWO_COLUMNS_MM = 130.0
PAD_MM = 5.0
BAND_MM = 10.0
DEFAULT_COLOURS = {
    "band": "#1b2340",
    "band_text": "#ffffff",
    "ink": "#1a1a1a",
    "rule": "#8a8fa3",
    "paper": "#ffffff",
}
RGB = re.compile(r"#[0-9a-fA-F]{6}")

Table = Mapping[str, Any]  # {"head": [...], "rows": [[...], ...]}


def read_sections(data: GameData, component: str, values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The aid's sections with their placeholders filled: [{"head", "text", "table"?}]."""
    key = f"components.{component}.text.sections"
    raw = data.components.get(component, {}).get("text", {}).get("sections")
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{data.where()}: {key}: expected a list of {{ head, text }} tables, got {raw!r}")
    sections = []
    for i, section in enumerate(raw):
        where = f"{key}[{i}]"
        if not isinstance(section, Mapping) or not all(
            isinstance(section.get(k), str) for k in ("head", "text")
        ):
            raise DataError(
                f'{data.where()}: {where}: expected {{ head = "...", text = "..." }}, got {section!r}'
            )
        out = {"head": section["head"], "text": fill_text(data, f"{where}.text", section["text"], values)}
        if "table" in section:
            out["table"] = section["table"]
        sections.append(out)
    return sections


def aid_record(
    data: GameData,
    component: str,
    values: Mapping[str, Any],
    tables: Mapping[str, Table] | None = None,
) -> dict[str, Any]:
    """The plain record an aid is drawn from: title, sections (tables in place), colours, fonts.

    The title and every section may use the fields of `values` and `{game}`, the game's title.
    """
    values = {"game": data.title, **values}
    comp = data.components.get(component, {})
    text = comp.get("text", {})
    if not isinstance(text.get("title"), str):
        raise DataError(f"{data.where()}: components.{component}.text.title: expected a string")
    sections = read_sections(data, component, values)
    for i, section in enumerate(sections):
        name = section.pop("table", None)
        if name is not None:
            if not tables or name not in tables:
                known = ", ".join(sorted(tables or {})) or "none"
                raise DataError(
                    f"{data.where()}: components.{component}.text.sections[{i}].table: "
                    f"unknown table {name!r}; expected one of {known}"
                )
            section["table"] = tables[name]
    colours = {**DEFAULT_COLOURS, **comp.get("colours", {})}
    for name, rgb in colours.items():
        if not isinstance(rgb, str) or not RGB.fullmatch(rgb):
            raise DataError(
                f'{data.where()}: components.{component}.colours.{name}: expected "#rrggbb", got {rgb!r}'
            )
    fam = family(data.lang)
    return {
        "title": fill_text(data, f"components.{component}.text.title", text["title"], values),
        "sections": sections,
        "colours": colours,
        "fonts": [fam.regular, fam.bold],
        "colon": text.get("colon", ": "),
    }


def aid_pieces(data: GameData, component: str, record: Mapping[str, Any]) -> list[Piece]:
    """`components.<component>.count` copies (1 if it names none) of the aid at its `size_mm`."""
    comp = data.components.get(component, {})
    size = comp.get("size_mm")
    if not size:
        raise DataError(f"{data.where()}: components.{component}.size_mm: an aid needs its size")
    count = comp.get("count", 1)
    label = comp.get("title", component)
    return [
        Piece(component, f"{label} #{n + 1}", (float(size[0]), float(size[1])), draw_aid, record=dict(record))
        for n in range(count)
    ]


# ------------------------------------------------------------------ drawing
def _flow(rec: Mapping[str, Any], size: float, width: float) -> list[tuple[str, Any, float]]:
    """The card's body as drawable items (kind, content, height in pt) at type `size` in `width`."""
    font, bold = rec["fonts"]
    leading = size * 1.3
    items: list[tuple[str, Any, float]] = []
    for section in rec["sections"]:
        head = section["head"] + rec["colon"] if section["head"] else ""
        extra = stringWidth(head, bold, size) - stringWidth(head, font, size)
        lines = wrap(head + section["text"], font, size, width - extra)
        for k, line in enumerate(lines):
            items.append(("line", (head if k == 0 else "", line), leading))
        if "table" in section:
            rows = 1 + len(section["table"]["rows"])
            items.append(("table", section["table"], rows * leading + size * 0.6))
        items.append(("space", None, size * 0.45))
    return items


def _columns(rec: Mapping[str, Any], width: float) -> int:
    return 2 if width / mm > TWO_COLUMNS_MM else 1


def _layout(
    rec: Mapping[str, Any], width: float, height: float
) -> tuple[float, list[list[tuple[str, Any, float]]]] | None:
    """The largest type size whose flow fits the columns, and each column's items; None if none fits."""
    cols = _columns(rec, width)
    gutter = 5 * mm
    col_w = (width - (cols - 1) * gutter) / cols
    size = MAX_PT
    while size >= MIN_PT - 1e-9:
        columns: list[list[tuple[str, Any, float]]] = [[]]
        used = 0.0
        for item in _flow(rec, size, col_w):
            if used + item[2] > height and item[0] != "space":
                columns.append([])
                used = 0.0
            if item[0] == "space" and not columns[-1]:
                continue
            columns[-1].append(item)
            used += item[2]
        if len(columns) <= cols and all(sum(i[2] for i in c) <= height for c in columns):
            return size, columns
        size -= 0.25
    return None


def draw_aid(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    colours = {k: HexColor(v) for k, v in rec["colours"].items()}
    font, bold = rec["fonts"]
    w, h, b = piece.width_mm * mm, piece.height_mm * mm, piece.bleed_mm * mm
    pad, band = PAD_MM * mm, BAND_MM * mm
    fill_bleed(canvas, piece, colours["paper"])
    canvas.saveState()
    canvas.setFillColor(colours["band"])
    canvas.rect(-b, h - band, w + 2 * b, band + b, stroke=0, fill=1)
    canvas.setFillColor(colours["band_text"])
    title = 13.0 * min(1.0, (w - 2 * pad) / max(stringWidth(rec["title"], bold, 13.0), 1.0))
    canvas.setFont(bold, title)
    canvas.drawString(pad, h - band / 2 - title * 0.35, rec["title"])
    width, height = w - 2 * pad, h - band - 2 * pad
    fitted = _layout(rec, width, height)
    if fitted is None:
        raise DataError(
            f"components.{piece.component}: the aid's text does not fit {piece.width_mm:g} x "
            f"{piece.height_mm:g} mm at {MIN_PT:g} pt; shorten it or enlarge size_mm"
        )
    size, columns = fitted
    gutter = 5 * mm
    col_w = (width - (len(columns) - 1) * gutter) / max(len(columns), 1)
    for c, column in enumerate(columns):
        x, y = pad + c * (col_w + gutter), h - band - pad
        for kind, content, height_pt in column:
            if kind == "line":
                _line(canvas, content, x, y - size, size, rec["fonts"], colours["ink"])
            elif kind == "table":
                _table(canvas, content, x, y, col_w, size, rec["fonts"], colours)
            y -= height_pt
    canvas.restoreState()


def _line(
    canvas: Canvas, content: tuple[str, str], x: float, y: float, size: float, fonts: Sequence[str], ink: Any
) -> None:
    head, line = content
    font, bold = fonts
    canvas.setFillColor(ink)
    if head:
        canvas.setFont(bold, size)
        canvas.drawString(x, y, head.rstrip())
        canvas.setFont(font, size)
        canvas.drawString(x + stringWidth(head, bold, size), y, line[len(head) :])
    else:
        canvas.setFont(font, size)
        canvas.drawString(x, y, line)


def _table(
    canvas: Canvas,
    table: Table,
    x: float,
    top: float,
    width: float,
    size: float,
    fonts: Sequence[str],
    colours: Mapping[str, Any],
) -> None:
    font, bold = fonts
    leading = size * 1.3
    head, rows = table["head"], table["rows"]
    first = max(stringWidth(str(r[0]), font, size) for r in [head, *rows]) + 3 * mm
    rest = (width - first) / max(len(head) - 1, 1)
    canvas.setStrokeColor(colours["rule"])
    canvas.setLineWidth(0.4)
    y = top - size * 0.3
    for r, row in enumerate([head, *rows]):
        canvas.setFillColor(colours["ink"])
        face = bold if r == 0 else font
        base = y - leading + size * 0.35
        for k, cell in enumerate(row):
            room = (first if k == 0 else rest) - 1.5 * mm
            fitted = min(size, size * room / max(stringWidth(str(cell), face, size), 1.0))
            canvas.setFont(face, fitted)
            if k == 0:
                canvas.drawString(x, base, str(cell))
            else:
                canvas.drawCentredString(x + first + rest * (k - 0.5), base, str(cell))
        y -= leading
        canvas.line(x, y, x + width, y)
