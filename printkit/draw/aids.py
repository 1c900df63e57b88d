"""Player aids: cards of rules in players' words, filled from the rules in force and drawn by a layout.

A game's data file declares an aid as a component (`kind = "reference"`,
`size_mm`, `count`, `layout = "aid"`, optional `colours = { band, band_text,
ink, rule, paper }`) whose `text` holds a `title` and `sections`, a list of
`{ head = "...", text = "..." }` in players' words, with `{name}` fields that
the game's drawing module fills from the rules in force (`read_sections`,
through `printkit.datafile.texts`, which checks on load the fields each text may use);
a section may also name a `table` that the drawing module supplies (e.g.
opening rows per player count). The Japanese
(`[lang.ja.components.<aid>.text]`) mirrors the same list.

`aid_fields` turns all that into the fields of the card: its `title`, its
`sections` as data, its `body` (each section as a paragraph with its head in
bold, tables in place) and its colours; `aid_pieces` makes the pieces, drawn
by the component's layout: printkit's `aid` (`printkit/layouts/builtin.toml`:
a title band, then the body in one column, two on a card wide enough, in the
largest type from 10 pt down to 7 pt that fits) unless the data file gives
its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from printkit.datafile.gamedata import GameData
from printkit.datafile.texts import fill_text
from printkit.errors import DataError
from printkit.pieces.contract import Piece

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
    """The aid's sections with their fields filled: [{"head", "text", "table"?}]."""
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


def body(sections: list[dict[str, Any]], colon: str) -> list[Any]:
    """The sections as an aid's paragraphs: "head: text" with the head in bold, each table after its text."""
    out: list[Any] = []
    for section in sections:
        head = f"<b>{section['head']}{colon}</b>" if section["head"] else ""
        out.append(head + section["text"])
        if "table" in section:
            out.append(section["table"])
    return out


def aid_fields(
    data: GameData,
    component: str,
    values: Mapping[str, Any],
    tables: Mapping[str, Table] | None = None,
    colours: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The fields an aid card is drawn from: title, sections (tables in place), body, colours.

    The title and every section may use the fields of `values` and `{game}`, the game's title.
    `colours` are the drawing module's defaults, under the component's own.
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
    title = fill_text(data, f"components.{component}.text.title", text["title"], values)
    return card_fields(data, component, title, sections, text.get("colon", ": "), colours)


def card_fields(
    data: GameData,
    component: str,
    title: str,
    sections: list[dict[str, Any]],
    colon: str,
    colours: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """An aid card's fields from its title and filled sections; the component's colours over `colours`."""
    merged = {**DEFAULT_COLOURS, **(colours or {}), **data.components.get(component, {}).get("colours", {})}
    for name, rgb in merged.items():
        if not isinstance(rgb, str) or not RGB.fullmatch(rgb):
            raise DataError(
                f'{data.where()}: components.{component}.colours.{name}: expected "#rrggbb", got {rgb!r}'
            )
    return {"title": title, "sections": sections, "body": body(sections, colon), "colon": colon, **merged}


def aid_pieces(
    data: GameData, component: str, fields: Mapping[str, Any], label: str = "", count: int | None = None
) -> list[Piece]:
    """`count` copies (`components.<component>.count`, else 1) of the aid, drawn by its layout."""
    from printkit.layouts.components import RowSpec, layout_pieces

    comp = data.components.get(component, {})
    if not comp.get("size_mm"):
        raise DataError(f"{data.where()}: components.{component}.size_mm: an aid needs its size")
    copies = comp.get("count", 1) if count is None else count
    name = label or comp.get("title", component)
    if "layout" not in comp:
        raise DataError(
            f'{data.where()}: components.{component}.layout: an aid needs its layout, e.g. layout = "aid"'
        )
    return layout_pieces(data, component, [RowSpec(fields, copies, name)])
