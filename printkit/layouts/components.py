"""Pieces of a component drawn by a layout: its size and shape, its rows, its fronts and backs.

A component table that names a `layout` is drawn by it, one piece per copy
of each row:

    [components.card]
    title = "Card"
    kind = "card"
    size = "poker"                 # or size_mm = [63, 88]; landscape = true turns a preset
    shape = "rounded"              # rect (default), rounded (radius_mm, 3 unless said), hex, circle
    layout = "card"                # the front
    back = { layout = "card_back" }  # every piece's back (or a back_layout column per row)
    rows = "cards.csv"             # or an .xlsx / .ods file (sheet = "..."), or a list of tables
    fields = { set = "Base" }      # the same for every row

A hexagonal tile gives `hex_mm` (across the flats) and `orientation` (pointy
or flat) instead of a size. Without `rows`, the component is `count` copies
(1 unless said) of one face with the component's `fields`. Every field a
layout uses must be a column (or one of `fields`, or `game`, `title` and
`row`, which every row has); each row is checked before anything is drawn,
so a bad value is one line naming the file, the row and the column.

A drawing module can draw a component with a layout too: it gives the rows
(fields computed from the rules in force) and icons of its own
(`layout_pieces(data, component, rows, icons=...)`: drawings, `Drawn`, or
icons as a data file writes them, `{ shape = "square", fill = ... }`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from printkit.datafile import template
from printkit.datafile.gamedata import GameData
from printkit.datafile.layout_spec import Element, Layout, Library, check_icon
from printkit.datafile.schema import nearest
from printkit.errors import DataError
from printkit.layouts import rows as rows_mod
from printkit.layouts.elements import Context, check_layout, draw_layout
from printkit.layouts.icons import Drawn, Icons
from printkit.layouts.typefaces import Fonts
from printkit.pieces.contract import Piece
from printkit.pieces.outlines import RECT, Shape, hex_size_mm
from printkit.pieces.piece_backs import back_record, draw_generic_back

PRESETS_MM = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
    "mini": (44.0, 63.0),
    "square": (70.0, 70.0),
}
DEFAULT_RADIUS_MM = 3.0
MAX_PIECES = 10_000  # of one component: more than any printed game has
BUILT_IN_FIELDS = ("game", "title", "row")


@dataclass(frozen=True)
class RowSpec:
    """A row a drawing module gives: its fields, copies, a label and where errors should point."""

    fields: Mapping[str, Any]
    count: int = 1
    label: str = ""
    where: str = ""
    back_fields: Mapping[str, Any] | None = None
    columns: Mapping[str, str] | None = None  # a translated field's column (text -> text.ja), for errors


def size_and_shape(data: GameData, component: str) -> tuple[tuple[float, float], Shape]:
    """The component's trim size (mm) and cut shape, from `size_mm`, `size` or `hex_mm`."""
    comp = data.components[component]
    key = f"{data.where()}: components.{component}"
    kind = comp.get("shape", "rect")
    if kind == "hex":
        if "hex_mm" not in comp:
            raise DataError(
                f"{key}.hex_mm: a hexagonal tile needs its size across the flats, e.g. hex_mm = 40"
            )
        orientation = comp.get("orientation", "pointy")
        return hex_size_mm(float(comp["hex_mm"]), orientation), Shape("hex", orientation)
    if "size_mm" in comp:
        size = (float(comp["size_mm"][0]), float(comp["size_mm"][1]))
    elif "size" in comp:
        size = PRESETS_MM[comp["size"]]
    else:
        raise DataError(
            f'{key}: needs its size: size_mm = [w, h], or size = "poker" ({", ".join(PRESETS_MM)})'
        )
    if comp.get("landscape"):
        size = (max(size), min(size))
    if kind == "rounded":
        return size, Shape("rounded", radius_mm=float(comp.get("radius_mm", DEFAULT_RADIUS_MM)))
    return size, Shape(kind) if kind != "rect" else RECT


@dataclass(frozen=True, eq=False)
class Drawer:
    """Draws one layout for the pieces that carry its fields (one object per layout, so faces compare)."""

    layout: Layout
    icons: Icons
    fonts: Fonts
    key: str = "fields"  # the record key holding the fields (a back may have its own)

    def __call__(self, canvas: Any, piece: Piece) -> None:
        record = piece.record
        ctx = context(
            self, piece.size_mm, piece.bleed_mm, record[self.key], record["where"], record.get("columns")
        )
        draw_layout(canvas, self.layout, ctx)


def context(
    drawer: Drawer,
    size: tuple[float, float],
    bleed: float,
    fields: Mapping[str, Any],
    where: str,
    read_from: Mapping[str, str] | None = None,
) -> Context:
    """What a layout is drawn with for one row; an error names the row's columns its bad value came
    from (`read_from`: the column a translated field was read from, `text.ja` for `text`)."""

    def blame(element: Element, key: str, message: str, column: str | None = None) -> DataError:
        raw = element.keys.get(key)
        names = template.fields_of(raw, "") if isinstance(raw, str) and "{" in raw else []
        columns = [column] if column else [n for n in names if n in fields]
        columns = [(read_from or {}).get(c, c) for c in columns]
        if not columns:
            return DataError(f"{drawer.layout.where}: {element.key}.{key}: {message} ({where})")
        said = f"column {columns[0]}" if len(columns) == 1 else f"columns {', '.join(columns)}"
        return DataError(f"{where}, {said}: {element.key}.{key}: {message}")

    return Context(size, bleed, drawer.fonts, drawer.icons, drawer.icons.base, fields, blame)


def icons_of(data: GameData, drawn: Mapping[str, Drawn] | None = None) -> Icons:
    library = layout_library(data)
    return Icons(library.icons, library.base, dict(drawn or {}), library.palette)


def layout_library(data: GameData) -> Library:
    if data.layouts is None:
        raise DataError(f"{data.where()}: declares no layouts")
    return data.layouts


def _uses(layout: Layout) -> set[str]:
    """The field names a layout's templates name."""
    names: set[str] = set()
    stack: list[Any] = [element.keys for element in layout.elements]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, str) and "{" in item:
            names.update(template.fields_of(item, ""))
    return names


def _check_fields(layout: Layout, known: Sequence[str], source: str, extra: Sequence[str] = ()) -> None:
    """Every field the layout uses is one the rows give ("unknown field" otherwise)."""
    have = {*known, *extra}
    for element in layout.elements:
        for key, raw in element.keys.items():
            if key in ("repeat",):
                continue
            for name in _uses(
                Layout(layout.name, (Element(element.name, element.kind, {key: raw}, element.key),), "")
            ):
                if name not in have:
                    listed = ", ".join(sorted(have)) or "none"
                    raise DataError(
                        f"{source}: no column {name!r} for {element.key}.{key} (layout {layout.name!r} "
                        f"in {layout.where}); the fields are {listed}"
                    )


def read_rows(data: GameData, component: str) -> rows_mod.Rows:
    """The component's rows: its file, the rows written in it, or `count` copies of one face."""
    comp = data.components[component]
    count_column = comp.get("count_column", "count")
    raw = comp.get("rows")
    shown_key = f"{data.where()}: components.{component}.rows"
    if raw is None:
        return rows_mod.Rows(
            (),
            (rows_mod.Row({}, comp.get("count", 1), f"{data.where()}: components.{component}"),),
            shown_key,
        )
    if isinstance(raw, list):
        rows = rows_mod.inline(raw, shown_key, count_column)
    else:
        path = data.path.parent / raw
        if not path.is_file():
            raise DataError(f"{shown_key}: no such file {path}")
        rows = rows_mod.read(path, str(path), comp.get("sheet"), count_column)
    _check_counted(data, component, rows, count_column)
    return rows


def _check_counted(data: GameData, component: str, rows: rows_mod.Rows, count_column: str) -> None:
    """A count column the component expects is there: one named by `count_column`, or `count` when the
    component states a count the rows, one copy each, would not reach (a mistyped header)."""
    comp = data.components[component]
    stated = comp.get("count")
    if rows.counted or not ("count_column" in comp or (stated is not None and stated != len(rows.rows))):
        return
    said = (
        f"components.{component}.count_column names it"
        if "count_column" in comp
        else f"components.{component}.count is {stated}, and one copy of each of its {len(rows.rows)} rows "
        f"would make {len(rows.rows)}"
    )
    raise DataError(
        f"{rows.source}: no column {count_column!r}{nearest(count_column, rows.columns)}; {said} "
        f"(the columns are {', '.join(rows.columns)})"
    )


def _translated(row: rows_mod.Row, lang: str) -> RowSpec:
    """A row's fields in `lang`: `name.ja` in place of `name` where it has a value."""
    fields = {k: v for k, v in row.cells.items() if "." not in k}
    columns = {}
    for key, value in row.cells.items():
        base, _, code = key.partition(".")
        if code == lang and str(value).strip():
            fields[base], columns[base] = value, key
    return RowSpec(fields, row.count, "", row.where, columns=columns or None)


def file_pieces(data: GameData, component: str) -> list[Piece]:
    """The pieces of a component drawn by its layout from its own rows (no drawing module involved)."""
    rows = read_rows(data, component)
    specs = [_translated(row, data.lang) for row in rows.rows]
    backs = [row.back_layout for row in rows.rows]
    columns = sorted({c.partition(".")[0] for c in rows.columns})
    return layout_pieces(data, component, specs, columns=columns, source=rows.source, row_backs=backs)


def layout_pieces(
    data: GameData,
    component: str,
    rows: Sequence[RowSpec],
    icons: Mapping[str, Drawn | Mapping[str, Any]] | None = None,
    *,
    columns: Sequence[str] | None = None,
    source: str = "",
    row_backs: Sequence[str | None] | None = None,
) -> list[Piece]:
    """One piece per copy of each row, drawn by the component's `layout` (and its back's)."""
    if not rows:
        return []
    comp = data.components[component]
    where = f"{data.where()}: components.{component}"
    library = layout_library(data)
    front = library.layout(comp.get("layout"), data.where(), f"components.{component}.layout")
    size, shape = size_and_shape(data, component)
    fonts = Fonts.of(data.lang, library.fonts)
    icon_set = _icons(library, icons or {}, where)
    constant = {**comp.get("fields", {}), "game": data.title, "title": comp.get("title", component)}
    back_spec = comp.get("back")
    back_name = back_spec.get("layout") if isinstance(back_spec, Mapping) else None
    generic = back_record(data, component) if isinstance(back_spec, Mapping) and "rgb" in back_spec else None
    known = list(columns) if columns is not None else sorted({k for r in rows for k in r.fields})
    _check_fields(front, known, source or where, [*constant, *BUILT_IN_FIELDS])

    def drawer_for(name: str, key: str) -> Drawer:
        layout = library.layout(name, data.where(), f"components.{component}.back.layout")
        _check_fields(layout, known, source or where, [*constant, *BUILT_IN_FIELDS])
        # one drawer per layout, use and icons, shared by components (a deck's shared back is one back)
        cache = (
            name,
            key,
            fonts,
            repr(sorted((k, v if isinstance(v, Mapping) else id(v)) for k, v in (icons or {}).items())),
        )
        if cache not in library.drawers:
            library.drawers[cache] = Drawer(layout, icon_set, fonts, key)
        return library.drawers[cache]

    front_drawer = drawer_for(front.name, "fields")
    total = sum(r.count for r in rows)
    if total > MAX_PIECES:
        raise DataError(f"{source or where}: {total:,} pieces; a component may have at most {MAX_PIECES:,}")
    pieces: list[Piece] = []
    label = comp.get("title", component)
    for i, row in enumerate(rows):
        fields = {**constant, "row": i + 1, **row.fields}
        back_fields = {**fields, **(row.back_fields or {})}
        name = (row_backs[i] if row_backs else None) or back_name
        back = drawer_for(name, "back_fields") if name else None
        record = {
            "layout": front.name,
            "fields": _plain(fields),
            "where": row.where or f"{where}, row {i + 1}",
        }
        if row.columns:
            record["columns"] = dict(row.columns)
        if back is not None:
            record["back_layout"] = back.layout.name
            record["back_fields"] = _plain(back_fields)
        where_row = record["where"]
        check = partial(_check_row, front_drawer, back, size, fields, back_fields, where_row, row.columns)
        draw_back = back if back is not None else draw_generic_back if generic else None
        if generic and back is None:
            record["back"] = generic
        row_label = row.label or _label(row.fields, label, i)
        for k in range(row.count):
            copy = row_label if row.count == 1 else f"{row_label} #{k + 1}"
            piece = Piece(component, copy, size, front_drawer, draw_back, record, shape=shape, check=check)
            pieces.append(piece)
    return pieces


def _check_row(
    front: Drawer,
    back: Drawer | None,
    size: tuple[float, float],
    fields: Mapping[str, Any],
    back_fields: Mapping[str, Any],
    where: str,
    columns: Mapping[str, str] | None,
) -> None:
    """A row's front and back layouts resolved for its fields without drawing: a bad value raises."""
    check_layout(front.layout, context(front, size, 0.0, fields, where, columns))
    if back is not None:
        check_layout(back.layout, context(back, size, 0.0, back_fields, where, columns))


def _icons(library: Library, given: Mapping[str, Drawn | Mapping[str, Any]], where: str) -> Icons:
    """The library's icons and the drawing module's: its own drawings, or icons as a data file writes them."""
    declared = dict(library.icons)
    for name, icon in given.items():
        if isinstance(icon, Mapping):
            check_icon(where, name, icon, library.palette)
            declared[name] = icon
    drawn = {name: icon for name, icon in given.items() if isinstance(icon, Drawn)}
    return Icons(declared, library.base, drawn, library.palette)


def _label(fields: Mapping[str, Any], title: str, i: int) -> str:
    for key in ("name", "title", "label", "id"):
        if str(fields.get(key, "")).strip():
            return f"{title} {fields[key]}"
    return f"{title} row {i + 1}"


def _plain(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The fields as plain data (what a record holds), so equal rows make equal faces."""
    return json.loads(json.dumps(dict(fields), default=str))
