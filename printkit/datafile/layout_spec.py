"""Read and check layouts and icons: `[layouts.NAME]` and `[icons.NAME]`, with `extends`.

A layout is a table of named elements, drawn in the order they are written;
its own keys are `extends` (the name of a layout it starts from) and `doc`.
An element is a table whose `kind` says what it draws (`ELEMENT_KEYS` lists
what each kind may hold). A layout that `extends` another has all of that
one's elements, in its order; an element of the same name lays its keys over
the inherited ones (so `title = { size = 14 }` changes one key), and new
elements come after, in the order written. `visible = false` hides one.

Layouts come from the data file's `[layouts]` table, from the files its
`game.layout_files` names (paths relative to the data file, each holding
`[layouts.*]` and `[icons.*]` tables as the data file would), and from
printkit's own (`printkit/layouts/builtin.toml`: the player aid card and a
plain back), in that order of precedence. A name defined twice in the data
file and its layout files is an error.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from printkit.datafile import layout_values as v
from printkit.datafile.palette import NO_PALETTE, Palette
from printkit.datafile.schema import show, unknown_key
from printkit.datafile.toml_file import read_toml  # the loader reads files the same way everywhere
from printkit.errors import DataError

KINDS = ("rect", "circle", "hexagon", "polygon", "line", "text", "icon", "image", "pips", "table")
COMMON = {
    "kind": v._choice(*KINDS),
    "x": v.LENGTH_X,
    "y": v.LENGTH_Y,
    "w": v.SIZE_X,
    "h": v.SIZE_Y,
    "anchor": v.ANCHOR,
    "rotate": v.NUMBER,
    "visible": v.FLAG,
    "doc": v.TEXT,
}
SHAPE = {"fill": v.COLOUR, "stroke": v.COLOUR, "stroke_width": v.THICKNESS, "dash": v.DASH}
TYPE = {
    "font": v.TEXT,  # a family of the data file's [fonts] or printkit's own (printkit/layouts/typefaces.py)
    "size": v.POINTS,
    "min_size": v.POINTS,
    "colour": v.COLOUR,
    "bold": v.FLAG,
    "italic": v.FLAG,
    "align": v.ALIGN,
    "leading": v.NUMBER,
}
ELEMENT_KEYS: dict[str, dict[str, v.Kind]] = {
    "rect": {**SHAPE, "radius": v.THICKNESS},
    "circle": dict(SHAPE),
    "hexagon": {**SHAPE, "orientation": v.ORIENTATION},
    "polygon": {**SHAPE, "points": v.POLYGON},
    "line": {
        "stroke": v.COLOUR,
        "stroke_width": v.THICKNESS,
        "dash": v.DASH,
        "x2": v.LENGTH_X,
        "y2": v.LENGTH_Y,
    },
    "text": {
        **TYPE,
        "text": v.TEXT,
        "valign": v.VALIGN,
        "wrap": v.FLAG,
        "column_min": v.SIZE_X,
        "column_gap": v.THICKNESS,
        "paragraph_gap": v.NUMBER,
        "icon_scale": v.NUMBER,
        "rule": v.COLOUR,  # of the lines of its tables
    },
    "icon": {"icon": v.TEXT, "colour": v.COLOUR},
    "image": {"path": v.TEXT, "fit": v.FIT},
    "pips": {"count": v.COUNT, "colour": v.COLOUR, "pattern": v.PIPS, "radius": v.NUMBER},
    "table": {
        **TYPE,
        "rows": v.ROWS,
        "repeat": v.ROWS,
        "repeat_as": v.TEXT,
        "head": v.COUNT,
        "widths": v.SHARES,
        "lines": v.LINES,
        "rule": v.COLOUR,
        "row_height": v.THICKNESS,
        "icon_scale": v.NUMBER,
    },
}
LAYOUT_KEYS = ("extends", "doc")
ICON_KEYS = {
    "path": v.TEXT,
    "svg": v.TEXT,  # the SVG itself, so that a data file holds its icons
    "shape": v._choice("circle", "square", "triangle", "diamond", "hexagon", "star"),
    "fill": v.COLOUR,
    "stroke": v.COLOUR,
    "stroke_width": v.NUMBER,
    "text": v.TEXT,
    "text_colour": v.COLOUR,
    "doc": v.TEXT,
}
MAX_LAYOUTS = 200
MAX_ELEMENTS = 200  # in one layout, inherited ones counted
MAX_EXTENDS = 16
MAX_ICONS = 500
BUILTIN = Path(__file__).resolve().parents[1] / "layouts" / "builtin.toml"


@dataclass(frozen=True)
class Element:
    """One element of a resolved layout: its name, kind, keys, and the key path errors name."""

    name: str
    kind: str
    keys: Mapping[str, Any]
    key: str  # e.g. "layouts.card.title", where the element (or its last override) is written


@dataclass(frozen=True)
class Layout:
    name: str
    elements: tuple[Element, ...]
    where: str  # the file that declares it


@dataclass(frozen=True)
class Library:
    """The layouts and icons a data file can use, resolved; `base` is the folder paths are relative to."""

    layouts: Mapping[str, Layout]
    icons: Mapping[str, Mapping[str, Any]]
    base: Path
    icon_where: Mapping[str, str] = field(default_factory=dict)
    palette: Palette = NO_PALETTE
    fonts: Mapping[str, Mapping[str, Path]] = field(default_factory=dict)  # the data file's [fonts]
    drawers: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)  # one per layout and use

    def layout(self, name: Any, where: str, key: str) -> Layout:
        if not isinstance(name, str) or name not in self.layouts:
            raise unknown_key(where, key, self.layouts, f"no layout {show(name)}", str(name))
        return self.layouts[name]


def _read(path: Path, where: str) -> dict[str, Any]:

    if not path.is_file():
        raise DataError(f"{where}: no such layout file {path}")
    raw = read_toml(path)
    for name in raw:
        if name not in ("layouts", "icons"):
            raise unknown_key(str(path), name, ("layouts", "icons"), "unknown table")
    return raw


def _tables(raw: Mapping[str, Any], part: str, where: str) -> dict[str, Any]:
    tables = raw.get(part, {})
    if not isinstance(tables, dict):
        raise DataError(f"{where}: {part}: expected a table, got {show(tables)}")
    for name, table in tables.items():
        if not isinstance(table, dict):
            raise DataError(f"{where}: {part}.{name}: expected a table, got {show(table)}")
    return tables


Declared = dict[str, tuple[dict[str, Any], str]]  # name -> (its table, the file that declares it)


def collect(raw: Mapping[str, Any], path: Path, files: list[str]) -> tuple[Declared, Declared]:
    """The layouts and icons of a data file (`raw`, at `path`) and of the layout files it names."""
    where = str(path)
    layouts: Declared = {}
    icons: Declared = {}
    sources = [(raw, where)]
    for i, name in enumerate(files):
        file = path.parent / name
        sources.append((_read(file, f"{where}: game.layout_files[{i}]"), str(file)))
    for source, at in sources:
        for part, into in (("layouts", layouts), ("icons", icons)):
            for name, table in _tables(source, part, at).items():
                if name in into:
                    raise DataError(f"{at}: {part}.{name}: also defined in {into[name][1]}")
                into[name] = (table, at)
    if len(layouts) > MAX_LAYOUTS or len(icons) > MAX_ICONS:
        raise DataError(
            f"{where}: {len(layouts)} layouts and {len(icons)} icons; at most {MAX_LAYOUTS} and {MAX_ICONS}"
        )
    return layouts, icons


def library(
    layouts: Declared,
    icons: Declared,
    base: Path,
    palette: Palette = NO_PALETTE,
    fonts: Mapping[str, Mapping[str, Path]] | None = None,
) -> Library:
    """The layouts (with printkit's own beneath them) and icons, checked and with `extends` resolved;
    colour names are the `palette`'s and CSS's, `fonts` the data file's font files."""
    declared = dict(layouts)
    for name, table in _builtin().items():
        declared.setdefault(name, (table, str(BUILTIN)))
    for name, (table, at) in icons.items():
        check_icon(at, name, table, palette)
    return Library(
        layouts={name: _resolve(name, declared, [], palette) for name in declared},
        icons={name: table for name, (table, _) in icons.items()},
        base=base,
        icon_where={name: at for name, (_, at) in icons.items()},
        palette=palette,
        fonts=fonts or {},
    )


@lru_cache(maxsize=1)
def _builtin() -> dict[str, Any]:
    return tomllib.loads(BUILTIN.read_text(encoding="utf-8"))["layouts"]


def check_icon(where: str, name: str, table: Mapping[str, Any], palette: Palette = NO_PALETTE) -> None:
    key = f"icons.{name}"
    for k, value in table.items():
        if k not in ICON_KEYS:
            raise unknown_key(where, f"{key}.{k}", ICON_KEYS)
        v.check_literal(ICON_KEYS[k], value, where, f"{key}.{k}", palette)
    if sum(k in table for k in ("path", "svg", "shape")) != 1:
        raise DataError(
            f'{where}: {key}: expected one of path = "file.svg", svg = "<svg ...>" or shape = "circle"'
        )


def _resolve(
    name: str, declared: Mapping[str, tuple[dict[str, Any], str]], chain: list[str], palette: Palette
) -> Layout:
    """Layout `name` with its `extends` chain laid under it, every element checked."""
    table, where = declared[name]
    key = f"layouts.{name}"
    if name in chain:
        raise DataError(f"{where}: {key}.extends: a loop of layouts: {' -> '.join([*chain, name])}")
    if len(chain) >= MAX_EXTENDS:
        raise DataError(f"{where}: {key}.extends: more than {MAX_EXTENDS} layouts deep")
    elements: dict[str, tuple[dict[str, Any], str]] = {}
    parent = table.get("extends")
    if parent is not None:
        if not isinstance(parent, str) or parent not in declared:
            raise unknown_key(where, f"{key}.extends", declared, f"no layout {show(parent)}", str(parent))
        for element in _resolve(parent, declared, [*chain, name], palette).elements:
            elements[element.name] = (dict(element.keys, kind=element.kind), element.key)
    for ename, keys in table.items():
        if ename in LAYOUT_KEYS:
            if ename == "doc" and not isinstance(keys, str):
                raise DataError(f"{where}: {key}.doc: expected text, got {show(keys)}")
            continue
        if not isinstance(keys, dict):
            raise DataError(
                f"{where}: {key}.{ename}: expected an element table {{ kind = ..., x = ..., ... }}, "
                f"got {show(keys)}"
            )
        base = elements.get(ename, ({}, ""))[0]
        elements[ename] = ({**base, **keys}, f"{key}.{ename}")
    if len(elements) > MAX_ELEMENTS:
        raise DataError(f"{where}: {key}: {len(elements)} elements; at most {MAX_ELEMENTS}")
    return Layout(
        name, tuple(_element(where, n, keys, at, palette) for n, (keys, at) in elements.items()), where
    )


def _element(where: str, name: str, keys: Mapping[str, Any], key: str, palette: Palette) -> Element:
    kind = keys.get("kind")
    if kind not in KINDS:
        if kind is None:
            raise DataError(f"{where}: {key}.kind: missing; expected one of {', '.join(KINDS)}")
        raise unknown_key(where, f"{key}.kind", KINDS, f"no element kind {show(kind)}", str(kind))
    allowed = {**COMMON, **ELEMENT_KEYS[kind]}
    for k, value in keys.items():
        if k not in allowed:
            raise unknown_key(where, f"{key}.{k}", allowed, f"unknown key for a {kind}")
        v.check_literal(allowed[k], value, where, f"{key}.{k}", palette)
    if kind == "polygon" and "points" not in keys:
        raise DataError(f"{where}: {key}.points: missing; a polygon needs [x, y] points")
    rest = {k: value for k, value in keys.items() if k != "kind"}
    return Element(name, kind, rest, key)
