"""Rich text: bold and italic runs, inline icons, paragraphs and tables, from a layout's text and its row.

Markup, in a layout's `text` and in the values a row gives its fields alike:

- `<b>...</b>` bold, `<i>...</i>` italic (they may nest and run across lines);
  markup is strict: a tag left open at the end of the text, a closing tag with
  no opening one, a tag opened twice or any other tag (`<u>`) is an error
  naming the tag, never a card set in bold to its end;
- `:name:` the icon `name` (`printkit/layouts/icons.py`), as tall as the type
  times the element's `icon_scale`; a name that is not an icon is an error;
- a blank line starts a paragraph, a single line break a new line in it;
- `\\:` and `\\<` print a colon or `<` that would otherwise start markup.

A field whose value is a list (given by a drawing module, e.g. an aid's
sections) sets each item as a paragraph, a table where the item is a table
(`{ head = [...], rows = [[...], ...] }`, or `{ rows = ... }`), which may also
say how it looks (`TABLE_LOOKS`: its `lines`, column `widths`, `align`, type
`scale`, `row_height` in ems of its type, `width` as a share of the text's, and
`gap`, a paragraph's gap above it).

`parse` turns text into `Para`graphs and `Table`s, `measure` sizes them for a
font size; `printkit/layouts/text.py` lays them out and draws them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.datafile import template
from printkit.layouts.icons import Icons
from printkit.output.fonts import Typeface

OBJECT = "\ufffc"  # stands for an icon in a paragraph's text
MARKUP = re.compile(r"\\([:<\\])|<(/?)([A-Za-z][A-Za-z0-9]*)\s*/?>|:([A-Za-z][A-Za-z0-9_-]*):|\n\s*\n|\n")
TAGS = ("b", "i")
MAX_PARAGRAPHS = 400
MAX_TABLE_ROWS = 200
MAX_TABLE_COLUMNS = 30


@dataclass
class Para:
    """One paragraph (or one line of a paragraph after a single line break), with a style per character."""

    text: str = ""
    bold: list[bool] = field(default_factory=list)
    italic: list[bool] = field(default_factory=list)
    icons: dict[int, str] = field(default_factory=dict)
    gap: bool = True  # a paragraph gap follows (False: a line break inside one paragraph)
    measured: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)  # by text.py

    def add(self, text: str, bold: bool, italic: bool) -> None:
        self.text += text
        self.bold += [bold] * len(text)
        self.italic += [italic] * len(text)


TABLE_LOOKS = ("lines", "widths", "align", "scale", "row_height", "width", "gap")


@dataclass
class Table:
    """Rows of cells (each a `Para`), the first `head` of them in bold; a row of one cell spans the table.

    `looks` are a table's own `TABLE_LOOKS` over those of the text that sets it.
    """

    rows: list[list[Para]]
    head: int = 1
    looks: dict[str, Any] = field(default_factory=dict)


Block = Para | Table


def parse(
    text_parts: Sequence[tuple[Any, bool]],
    icons: Icons,
    blame: Callable[[str], Exception],
    bold: bool = False,
    italic: bool = False,
) -> list[Block]:
    """The blocks of a text given as `printkit.datafile.template.parts` gives it; bad markup raises
    `blame(...)`."""
    blocks: list[Block] = []
    pending = ""
    for value, is_field in text_parts:
        if is_field and isinstance(value, (list, Mapping)):
            blocks += _markup(pending, icons, blame, bold, italic) if pending else []
            pending = ""
            items = [value] if isinstance(value, Mapping) else value
            for item in items:
                if isinstance(item, Mapping):
                    blocks.append(table(item, icons, blame))
                else:
                    blocks += _markup(_plain(item), icons, blame, bold, italic)
        else:
            pending += _plain(value)
    if pending or not blocks:
        blocks += _markup(pending, icons, blame, bold, italic)
    if len(blocks) > MAX_PARAGRAPHS:
        raise blame(f"{len(blocks)} paragraphs; at most {MAX_PARAGRAPHS}")
    return blocks


def _plain(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return value if isinstance(value, str) else str(value)


def icon_names(text: str) -> list[str]:
    """The icons `text` names (`:coin:`), escapes left out."""
    return [m.group(4) for m in MARKUP.finditer(text) if m.group(4)]


def _markup(
    text: str, icons: Icons, blame: Callable[[str], Exception], bold: bool, italic: bool
) -> list[Para]:
    paras = [Para()]
    opened = {"b": False, "i": False}
    state = {"b": bold, "i": italic}
    at = 0

    def around(match: re.Match[str]) -> str:
        return repr(text[max(0, match.start() - 20) : match.end() + 20])

    for match in MARKUP.finditer(text):
        paras[-1].add(text[at : match.start()], state["b"], state["i"])
        at = match.end()
        escaped, closing, tag, icon = match.group(1), match.group(2), match.group(3), match.group(4)
        if escaped is not None:
            paras[-1].add(escaped, state["b"], state["i"])
        elif tag is not None:
            shown = match.group(0)
            if tag not in TAGS:
                raise blame(
                    f"unknown tag {shown} in {around(match)}; the tags are <b> and <i> (\\< prints a <)"
                )
            if bool(closing) != opened[tag]:
                what = (
                    f"a stray {shown}, with no <{tag}> before it" if closing else f"{shown} inside a <{tag}>"
                )
                raise blame(f"{what} in {around(match)}")
            opened[tag] = not closing
            state[tag] = opened[tag] or (bold if tag == "b" else italic)
        elif icon is not None:
            if not icons.known(icon):
                raise blame(
                    f"{icons.unknown(icon)} in {text[max(0, match.start() - 20) : match.end() + 20]!r}"
                )
            paras[-1].icons[len(paras[-1].text)] = icon
            paras[-1].add(OBJECT, state["b"], state["i"])
        else:  # a line break: a blank line ends the paragraph, a single one only the line
            paras[-1].gap = match.group(0).count("\n") > 1
            paras.append(Para())
    paras[-1].add(text[at:], state["b"], state["i"])
    for tag, is_open in opened.items():
        if is_open:
            raise blame(f"an unclosed <{tag}> in {text[:60]!r}; close it with </{tag}>")
    return paras


def table(
    raw: Mapping[str, Any] | Sequence[Any],
    icons: Icons,
    blame: Callable[[str], Exception],
    head: int | None = None,
) -> Table:
    """A table from `{ head = [...], rows = [[...], ...] }` or a list of rows (a row: cells, or one text)."""
    if isinstance(raw, Mapping):
        rows = ([raw["head"]] if "head" in raw else []) + list(raw.get("rows", []))
        head = (1 if "head" in raw else 0) if head is None else head
    else:
        rows = list(raw)
        head = 1 if head is None else head
    if len(rows) > MAX_TABLE_ROWS:
        raise blame(f"a table of {len(rows)} rows; at most {MAX_TABLE_ROWS}")
    cells: list[list[Para]] = []
    for r, row in enumerate(rows):
        items = row if isinstance(row, (list, tuple)) else [row]
        if len(items) > MAX_TABLE_COLUMNS:
            raise blame(f"a table row of {len(items)} cells; at most {MAX_TABLE_COLUMNS}")
        cells.append([_cell(item, icons, blame, r < head) for item in items])
    looks = {k: raw[k] for k in TABLE_LOOKS if isinstance(raw, Mapping) and k in raw}
    return Table(cells, head, looks)


def _cell(item: Any, icons: Icons, blame: Callable[[str], Exception], bold: bool) -> Para:
    paras = _markup(_plain(item), icons, blame, bold, False)
    out = paras[0]
    for extra in paras[1:]:  # a table cell is one line
        out.add(" ", bold, False)
        offset = len(out.text)
        out.icons.update({offset + k: name for k, name in extra.icons.items()})
        out.text += extra.text
        out.bold += extra.bold
        out.italic += extra.italic
    return out


def parts(text: str, fields: Mapping[str, Any]) -> list[tuple[Any, bool]]:
    """A layout's text with its fields, as `parse` takes it."""
    return template.parts(text, fields, "")


# ------------------------------------------------------------------ measuring
@dataclass(frozen=True)
class Run:
    """A piece of one line in one style: text in a font (slanted for a faux italic), or an icon."""

    text: str
    font: str
    slant: bool
    width: float
    icon: str | None = None


def _font(para: Para, k: int, fonts: Typeface) -> tuple[str, bool]:
    """The font (and whether it is slanted) of character `k`; one no font has is measured in the first,
    never drawn (`missing` refuses it before)."""
    return fonts.font_for(para.text[k], para.bold[k], para.italic[k]) or (fonts.families[0].regular, False)


def missing(para: Para, fonts: Typeface) -> str | None:
    """The first character of the paragraph that no font of `fonts` has, or None."""
    for k, ch in enumerate(para.text):
        if k not in para.icons and fonts.font_for(ch, para.bold[k], para.italic[k]) is None:
            return ch
    return None


def widths(para: Para, fonts: Typeface, size: float, icon_h: float, icons: Icons) -> list[float]:
    """The width in points of each character of the paragraph (an icon's for its object character)."""
    out = []
    for k, ch in enumerate(para.text):
        if k in para.icons:
            out.append(icon_h * icons.aspect(para.icons[k]))
        else:
            out.append(stringWidth(ch, _font(para, k, fonts)[0], size))
    return out


def runs(para: Para, start: int, end: int, fonts: Typeface, char_w: Sequence[float]) -> list[Run]:
    """The characters `start:end` of a paragraph as runs of one font each."""
    out: list[Run] = []
    k = start
    while k < end:
        if k in para.icons:
            out.append(Run("", "", False, char_w[k], para.icons[k]))
            k += 1
            continue
        font = _font(para, k, fonts)
        j = k
        while j < end and j not in para.icons and _font(para, j, fonts) == font:
            j += 1
        out.append(Run(para.text[k:j], font[0], font[1], sum(char_w[k:j])))
        k = j
    return out
