"""What each key of a layout element may hold, checked on load and resolved for each row when drawn.

A value is literal (`x = 3`, `fill = "#1b2340"`, `w = "50%"`) or a template
with `{field}`s (`fill = "{colour}"`, `x = "{left}"`) that is filled from the
row (`printkit/datafile/template.py`: plain names only) and then read as the literal
would be. Literals are checked when the layout loads; templates when each row
is checked (`printkit/layouts/rows.py`), before anything is drawn.

- lengths are millimetres, or a share of the piece (`"50%"` of its width for
  x, w and x2, of its height for y, h and y2), give or take millimetres
  (`"100% - 10"`);
- colours are `"#rrggbb"`, a palette name or a CSS colour name
  (`printkit/datafile/palette.py`), `"none"`, `"ink on C"` (black or white,
  whichever reads on colour C) or `"readable C on G"` (colour C darkened or
  lightened until text in it reads on ground G), where C and G are colours
  of the first three kinds;
- flags are true or false, or a template whose value is empty, `0`, `false`,
  `no` or `none` for false;
- sizes of type are points.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.datafile import template
from printkit.datafile.palette import NO_PALETTE, Palette
from printkit.datafile.schema import show
from printkit.errors import DataError

INK_ON = re.compile(r"ink on (\S+)")
READABLE = re.compile(r"readable (\S+) on (\S+)")
PERCENT = re.compile(r"(-?\d+(?:\.\d+)?)\s*%(?:\s*([+-])\s*(\d+(?:\.\d+)?))?")
FALSE_WORDS = ("", "0", "false", "no", "none", "off")
MAX_LENGTH_MM = 2000.0  # longer than any paper printkit takes
MAX_POINTS = 1000.0  # type and line sizes, in points


def is_template(value: Any) -> bool:
    return isinstance(value, str) and "{" in value.replace("{{", "")


@dataclass(frozen=True)
class Kind:
    """A key's kind of value: `expected` names it in errors, `read` turns a literal into the value.

    `read(value, axis)` raises `ValueError` for a value that is not of the
    kind; `axis` is the piece's width or height in mm for shares (`"50%"`).
    """

    expected: str
    read: Callable[[Any, float], Any]
    axis: str = ""  # "x" or "y": which side of the piece a share is of


def _number(value: Any, lo: float = -math.inf, hi: float = math.inf) -> float:
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, str):
        value = float(value.strip())
    if not isinstance(value, (int, float)) or not math.isfinite(value) or not lo <= value <= hi:
        raise ValueError
    return float(value)


def _length(value: Any, axis: float) -> float:
    if isinstance(value, str):
        share = PERCENT.fullmatch(value.strip())
        if share:
            offset = float(share[3]) * (1 if share[2] == "+" else -1) if share[2] else 0.0
            return _number(float(share[1]) / 100 * axis + offset, -MAX_LENGTH_MM, MAX_LENGTH_MM)
    return _number(value, -MAX_LENGTH_MM, MAX_LENGTH_MM)


def _size(value: Any, axis: float) -> float:
    out = _length(value, axis)
    if out < 0:
        raise ValueError
    return out


def _points(value: Any, axis: float) -> float:
    return _number(value, 0.1, MAX_POINTS)


def _any_number(value: Any, axis: float) -> float:
    return _number(value, -1e6, 1e6)


def _count(value: Any, axis: float) -> int:
    number = _number(value, 0, 100)
    if number != int(number):
        raise ValueError
    return int(number)


def _flag(value: Any, axis: float) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value != 0
    if isinstance(value, str):
        return value.strip().lower() not in FALSE_WORDS
    raise ValueError


def colour_form(value: Any, palette: Palette = NO_PALETTE) -> tuple[str, ...]:
    """A colour value's form and its "#rrggbb" colours: ("none",), ("rgb", C), ("ink", C) or
    ("readable", C, G); `ValueError` if it is none of them. Needs no reportlab, so the loader checks
    colours with it."""
    if not isinstance(value, str):
        raise ValueError
    text = " ".join(value.split())
    if text.lower() == "none":
        return ("none",)
    for form, pattern in (("ink", INK_ON), ("readable", READABLE)):
        match = pattern.fullmatch(text)
        if match:
            found = [palette.rgb(c) for c in match.groups()]
            if None in found:
                raise ValueError
            return (form, *found)  # type: ignore[arg-type]
    rgb = palette.rgb(text)
    if rgb is None:
        raise ValueError
    return ("rgb", rgb)


def colour(value: Any, palette: Palette = NO_PALETTE) -> Any:
    """A colour value as a reportlab colour, None for "none"; `ValueError` if it is none of the forms.

    reportlab is imported here, not with the module: the loader (which
    simulate's workers import too) checks colours without drawing any.
    """
    from reportlab.lib.colors import HexColor

    from printkit.output.colours import ink_on, readable_on

    form = colour_form(value, palette)
    if form[0] == "none":
        return None
    if form[0] == "ink":
        return ink_on(form[1])
    if form[0] == "readable":
        return readable_on(form[1], form[2])
    return HexColor(form[1])


def _colour(value: Any, axis: float) -> Any:
    return colour(value)


def _text(value: Any, axis: float) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise ValueError
    return value if isinstance(value, str) else f"{value:g}"


def _choice(*names: str) -> Kind:
    def read(value: Any, axis: float) -> str:
        if value not in names:
            raise ValueError
        return value

    return Kind("one of " + ", ".join(f'"{n}"' for n in names), read)


def _dash(value: Any, axis: float) -> list[float]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError
    return [_number(v, 0.01, 100) for v in value]


def _shares(value: Any, axis: float) -> list[float]:
    if not isinstance(value, list) or not value or len(value) > 50:
        raise ValueError
    return [_number(v, 0.0, 1e6) for v in value]


def _points_list(value: Any, axis: float) -> list[tuple[Any, Any]]:
    if not isinstance(value, list) or not 3 <= len(value) <= 200:
        raise ValueError
    for point in value:
        if not isinstance(point, list) or len(point) != 2:
            raise ValueError
    return [(p[0], p[1]) for p in value]


def _cells(value: Any, axis: float) -> Any:
    return value  # a table's rows: checked where the table reads them (printkit/layouts/text.py)


LENGTH_X = Kind('a length in mm or a share of the width ("50%", "100% - 10")', _length, "x")
LENGTH_Y = Kind('a length in mm or a share of the height ("50%", "100% - 10")', _length, "y")
SIZE_X = Kind('a length >= 0 in mm or a share of the width ("50%", "100% - 10")', _size, "x")
SIZE_Y = Kind('a length >= 0 in mm or a share of the height ("50%", "100% - 10")', _size, "y")
THICKNESS = Kind("a length >= 0 in mm", _size, "x")
POINTS = Kind(f"a size in points, 0.1 to {MAX_POINTS:g}", _points)
NUMBER = Kind("a number", _any_number)
COUNT = Kind("a whole number 0 to 100", _count)
FLAG = Kind("true or false", _flag)
COLOUR = Kind(
    'a colour: "#rrggbb", a palette or CSS colour name, "none", "ink on C" or "readable C on G"', _colour
)
TEXT = Kind("text", _text)
DASH = Kind("[on, off] in mm", _dash)
SHARES = Kind("a list of numbers >= 0", _shares)
POLYGON = Kind("a list of 3 or more [x, y] points", _points_list)
ROWS = Kind("a table's rows: a field holding a list of rows", _cells)
ANCHORS = ("top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right")
ANCHOR = _choice(*ANCHORS)
ALIGN = _choice("left", "center", "right")
VALIGN = _choice("top", "middle", "bottom")
ORIENTATION = _choice("pointy", "flat")
FIT = _choice("contain", "cover", "stretch")
PIPS = _choice("domino", "line")
LINES = _choice("rules", "grid", "none")


def check_literal(kind: Kind, value: Any, where: str, key: str, palette: Palette = NO_PALETTE) -> None:
    """Refuse a literal value that is not of `kind` (a template is checked for its syntax only)."""
    if is_template(value):
        template.fields_of(value, f"{where}: {key}")
        return
    if isinstance(value, str) and kind.read is _points_list:
        raise DataError(f"{where}: {key}: expected {kind.expected}, got {show(value)}")
    if kind.read is _colour:  # by its form, so that loading a file needs no reportlab
        try:
            colour_form(value, palette)
        except ValueError:
            raise DataError(f"{where}: {key}: expected {kind.expected}, got {show(value)}") from None
        return
    try:
        kind.read(value, 100.0)
    except (ValueError, TypeError):
        raise DataError(f"{where}: {key}: expected {kind.expected}, got {show(value)}") from None


def resolve(
    kind: Kind,
    value: Any,
    fields: Mapping[str, Any],
    size: Sequence[float],
    blame: Callable,
    palette: Palette = NO_PALETTE,
) -> Any:
    """The value for one row: a template filled from `fields`, then read as `kind`.

    `size` is the piece's (width, height) in mm, for shares; `blame(message)`
    makes the error naming the row, the column and the key; colour names are
    looked up in `palette`, then among the CSS colours.
    """
    raw = value
    if is_template(value):
        try:
            raw = template.fill(value, {k: _plain(v) for k, v in fields.items()}, "")
        except template.TemplateError as exc:  # an expression that fails for this row
            raise blame(str(exc)) from None
    axis = size[0] if kind.axis == "x" else size[1] if kind.axis == "y" else 0.0
    try:
        return colour(raw, palette) if kind is COLOUR else kind.read(raw, axis)
    except (ValueError, TypeError):
        raise blame(f"expected {kind.expected}, got {show(raw)}") from None


def _plain(value: Any) -> Any:
    """A field's value as a template writes it: numbers as the row gives them."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value
