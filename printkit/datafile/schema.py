"""The declared shape of a data file: the keys each kind of table may hold and what each value must be.

A data file has six kinds of tables, and every key in it is known here or by
what the file itself declares:

- `[game]`: `GAME_FIELDS`.
- `[components.<name>]`: `COMPONENT_FIELDS` for every kind of component, the
  fields of its kind in `KIND_FIELDS`, keys of the forms in
  `COMPONENT_PATTERNS` (`face_rgb`: a colour, `seat_colours`: colours,
  `max_number`: a count), and the game's own fields, declared by its rule set
  (`FIELDS` in `printkit/datafile/<engine>.py`). Printed words (`text`,
  `names`, ...) hold strings under any keys, the words a drawing module fills
  in; manifests (`tiles`, `cards`, `types`, named `sets`) are lists of records
  the game's rule set checks; colour records have `COLOUR_RECORD_FIELDS`.
- `[rules]`: one key per `[options.<rule>]`: the file declares its own rules.
  A table-valued rule's keys are the keys of its default, so a variant or
  `--set` can only name those.
- `[options.<rule>]`: `OPTION_FIELDS`.
- `[variants.<name>]`: `VARIANT_FIELDS`; its `set` names rules as `[rules]` does.
- `[lang.<code>]`: the key paths of the English text it translates
  (checked against the file itself in `printkit.datafile.datacheck`).

A key outside the schema is refused with the nearest known key ("did you
mean"). A new game needs nothing here unless it brings a new kind of field:
its rules are declared by its own `[options.*]` tables.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from printkit.datafile.template import MAX_TEMPLATE_CHARS
from printkit.errors import DataError

SOURCES = ("documents", "published", "house")  # where an option's default comes from
COMPONENT_KINDS = ("tile", "board", "card", "domino", "token", "reference", "chart")
TOP_LEVEL = (
    "game",
    "components",
    "rules",
    "options",
    "variants",
    "lang",
    "layouts",
    "icons",
    "palette",
    "fonts",
)
RGB = re.compile(r"#[0-9a-fA-F]{6}")
MAX_DEPTH = 24  # far deeper than any real table; deeper input is refused before anything recurses into it
# Bounds on what sizes work and memory, generous for real games (docs/guides/data-file-limits.md).
MAX_FILE_BYTES = 1_000_000  # the largest shipped data file is 28 kB
MAX_TEXT = MAX_TEMPLATE_CHARS  # characters of any string (the longest shipped one has 470)
MAX_TITLE = 100  # characters of a title: it is printed on every sheet and in every report figure
MAX_KEY = 64  # characters of a key (a rule, variant or component name)
MAX_COUNT = 2000  # pieces of one component, records of a manifest
MAX_PLAYERS = 16  # any player count a data file may name (each game's rule set allows fewer)
SIZE_MM = (3.0, 1000.0)  # each side of a piece, in mm
MAX_ARMS = 256  # arms of a compare, combinations of a sweep (a shipped game's default sweep has 32)
MAX_LISTED = 40  # names an unknown key's error lists
VARIANT_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")  # typed in --variant, joined with '+'


def show(value: Any) -> str:
    """A value as the data file would write it, shortened for one line."""
    if isinstance(value, str):
        text = f'"{value}"'
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, dict):
        text = "a table"
    else:
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def type_name(example: Any) -> str:
    """How an error names the type of `example`."""
    if isinstance(example, bool):
        return "true or false"
    if isinstance(example, int):
        return "an integer"
    if isinstance(example, float):
        return "a number"
    if isinstance(example, str):
        return "a string"
    if isinstance(example, list):
        return "a list"
    return "a table"


def same_type(a: Any, b: Any) -> bool:
    """Whether two values have the same TOML type (an integer is not a number here, nor a boolean)."""
    return type(a) is type(b)


def nearest(name: str, known: Iterable[str]) -> str:
    """`; did you mean "x"?` for the known name nearest to `name`, or nothing."""
    close = difflib.get_close_matches(name, [str(k) for k in known], n=1, cutoff=0.6)
    return f'; did you mean "{close[0]}"?' if close else ""


def unknown_key(
    where: str, key: str, known: Iterable[str], what: str = "unknown key", typed: str | None = None
) -> DataError:
    """One line for a name the schema does not know (`typed`, or the end of `key`), with the nearest known."""
    known = sorted(str(k) for k in known)
    hint = nearest(typed if typed is not None else key.rpartition(".")[2], known)
    # every name, so that a designer sees the key they meant (a text element has 30 keys); a long list
    # of a data file's own names (its layouts, its rules) is cut
    listed = ", ".join(known) if len(known) <= MAX_LISTED else ", ".join(known[:MAX_LISTED]) + ", ..."
    return DataError(f"{where}: {key}: {what}{hint} (expected one of: {listed or 'none'})")


def depth(value: Any) -> int:
    """How deeply tables and lists nest in `value`, counted without recursion."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
    return deepest


def check_extent(where: str, raw: Mapping[str, Any]) -> None:
    """No key longer than `MAX_KEY` and no string longer than `MAX_TEXT` anywhere, without recursion."""
    stack: list[tuple[str, Any]] = [("", raw)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if len(key) > MAX_KEY:
                    raise DataError(
                        f"{where}: {path}{show(key)}: a key of {len(key):,} characters; at most {MAX_KEY}"
                    )
                stack.append((f"{path}{key}.", value))
        elif isinstance(item, list):
            stack.extend((f"{path[:-1]}[{i}].", value) for i, value in enumerate(item))
        elif isinstance(item, str) and len(item) > MAX_TEXT:
            raise DataError(f"{where}: {path[:-1]}: text of {len(item):,} characters; at most {MAX_TEXT:,}")


def check_name(where: str, key: str, name: str) -> None:
    """A rule, variant or component name: letters, digits, `_` and `-`, as typed on a command line."""
    if not VARIANT_NAME.fullmatch(name):
        raise DataError(
            f"{where}: {key}: the name {show(name)} may hold only letters, digits, _ and - "
            "(and not start with -)"
        )


# ------------------------------------------------------------------ fields
@dataclass(frozen=True)
class Field:
    """What one key's value must be: `expected` names it in an error, `ok` tests it.

    `records`, when set, declares the keys of each table in a list value (a
    colour record's `name`, `rgb`, ...), checked key by key before `ok`.
    """

    expected: str
    ok: Callable[[Any], bool]
    required: bool = False
    records: Mapping[str, Field] | None = None

    def needed(self) -> Field:
        return replace(self, required=True)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def is_number(v: Any) -> bool:
    """An integer or a finite float, never a boolean."""
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


CARD_SIZES = ("poker", "bridge", "tarot", "mini", "square")


def _is_field_value(v: Any) -> bool:
    return isinstance(v, str) or is_number(v) or isinstance(v, bool)


def _is_words(v: Any) -> bool:
    """Printed words: a string, or tables and lists of them."""
    return all(isinstance(item, str) for item in leaves(v))


def _is_colour(v: Any) -> bool:
    return isinstance(v, str) and RGB.fullmatch(v) is not None


# A colour record: its name and "#rrggbb", and the ways to tell it apart without colour vision.
COLOUR_RECORD_KEYS = ("name", "rgb", "letter", "shape", "mark")


def _is_colour_record(v: Any) -> bool:
    return (
        isinstance(v, dict)
        and set(v) <= set(COLOUR_RECORD_KEYS)
        and isinstance(v.get("name"), str)
        and bool(v["name"])
        and _is_colour(v.get("rgb"))
        and all(isinstance(v.get(k, ""), str) for k in COLOUR_RECORD_KEYS[2:])
    )


def _is_colours(v: Any) -> bool:
    """A table of colours by name, a list of colour records, or a list of colours."""
    if isinstance(v, dict):
        return bool(v) and all(_is_colour(c) for c in v.values())
    if isinstance(v, list):
        return bool(v) and (all(_is_colour_record(c) for c in v) or all(_is_colour(c) for c in v))
    return False


def _is_strings(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(s, str) for s in v)


def _is_counts(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(_is_int(p) and 1 <= p <= MAX_PLAYERS for p in v)


def _is_sets(v: Any) -> bool:
    if isinstance(v, dict):
        return bool(v) and all(isinstance(x, list) and 1 <= len(x) <= MAX_COUNT for x in v.values())
    return _is_int(v) and 1 <= v <= MAX_COUNT


def _is_size(v: Any) -> bool:
    lo, hi = SIZE_MM
    return isinstance(v, list) and len(v) == 2 and all(is_number(x) and lo <= x <= hi for x in v)


TEXT = Field("a string", lambda v: isinstance(v, str) and v.strip() != "")
TITLE = Field(
    f"a string of at most {MAX_TITLE} characters",
    lambda v: isinstance(v, str) and v.strip() != "" and len(v) <= MAX_TITLE,
)
WORDS = Field("printed words (a string, or tables and lists of strings)", _is_words)
STRINGS = Field("a list of strings", _is_strings)
COLOUR = Field('a colour "#rrggbb"', _is_colour)
COLOUR_RECORD_FIELDS: dict[str, Field] = {
    "name": TEXT.needed(),
    "rgb": COLOUR.needed(),
    **{k: TEXT for k in COLOUR_RECORD_KEYS[2:]},
}
COLOURS = Field(
    'colours: a table of "#rrggbb" by name, a list of "#rrggbb", or a list of { name, rgb, letter, ... }',
    _is_colours,
    records=COLOUR_RECORD_FIELDS,
)
COUNT = Field(f"a count from 0 to {MAX_COUNT}", lambda v: _is_int(v) and 0 <= v <= MAX_COUNT)
POSITIVE = Field(f"an integer from 1 to {MAX_COUNT}", lambda v: _is_int(v) and 1 <= v <= MAX_COUNT)
SIZE = Field(f"[width, height] in mm, each from {SIZE_MM[0]:g} to {SIZE_MM[1]:g}", _is_size)
NAME = Field("the name of another component", lambda v: isinstance(v, str))
MANIFEST = Field(
    f"a list of 1 to {MAX_COUNT} records", lambda v: isinstance(v, list) and 1 <= len(v) <= MAX_COUNT
)
PLAYER_COUNTS = Field(f"a non-empty list of player counts from 1 to {MAX_PLAYERS}", _is_counts)
BOOL = Field("true or false", lambda v: isinstance(v, bool))
NUMBER = Field("a number", is_number)
# A document the rules were read from: its title as published, its language, and where it came from.
SOURCE_RECORD_FIELDS: dict[str, Field] = {
    "title": TEXT.needed(),
    "lang": Field(
        'a language code such as "ja" or "en"', lambda v: isinstance(v, str) and 2 <= len(v) <= 8, True
    ),
    "where": TEXT.needed(),  # the kind of document and where it is found, for a reader to look it up
    "covers": TEXT,  # what the rules took from it
}
SOURCE_LIST = Field(
    "a non-empty list of sources { title, lang, where, covers }",
    lambda v: isinstance(v, list) and bool(v) and all(isinstance(r, dict) for r in v),
    records=SOURCE_RECORD_FIELDS,
)

Patterns = tuple[tuple[re.Pattern[str], Field], ...]

GAME_FIELDS: dict[str, Field] = {
    "title": TITLE.needed(),
    "engine": TEXT,  # a game without one prints (from layouts) but does not simulate
    "players": PLAYER_COUNTS.needed(),
    "default_players": POSITIVE,  # the fewest players unless said; one of `players` (datacheck)
    "sources": SOURCE_LIST,  # optional: a deck made in a layout may have none
    "layout_files": STRINGS,  # files beside the data file holding [layouts.*] and [icons.*]
    "bleed_mm": Field("a bleed in mm, 0 to 10", lambda v: is_number(v) and 0 <= v <= 10),  # builds' default
    "designer": TEXT,
    "published_players": PLAYER_COUNTS,
    "headline": STRINGS,  # the demo's arms
    # `simulate --skill`'s default levels, weakest first, and their games (checked by `datacheck.check_skill`)
    "skill": Field("a table { levels, games, strength_games }", lambda v: isinstance(v, dict)),
    "sweep": STRINGS,  # the default grid of `simulate sweep`, KEY=V1,V2 each
    "colours": COLOURS,  # the game's colours, when players or pieces are told apart by them
    "units": WORDS,  # printed units, e.g. { point = "{n} point", points = "{n} points" }
}

COMPONENT_FIELDS: dict[str, Field] = {
    "title": TITLE.needed(),
    "kind": Field("one of " + ", ".join(COMPONENT_KINDS), lambda v: v in COMPONENT_KINDS, True),
    "size_mm": SIZE,
    "count": COUNT,
    # printed sets of a component that comes one per player, or named sets of records to choose from
    "sets": Field(
        f"a count of printed sets from 1 to {MAX_COUNT}, or a table of named lists of records",
        _is_sets,
    ),
    "spaces": POSITIVE,  # spaces of a track or grid
    "per_row": POSITIVE,  # spaces of a track or grid in one row
    "like": NAME,  # printed like that component (its size)
    "cell_of": NAME,  # a board whose cells are that component
    "text": WORDS,
    "names": WORDS,
    "side_names": WORDS,
    "table": WORDS,
    "footer": WORDS,
    "colours": COLOURS,
    "tiles": MANIFEST,
    "cards": MANIFEST,
    "types": MANIFEST,
    # a generic back for every piece of the component (printkit/pieces/piece_backs.py), or a layout's
    "back": Field(
        'a table { rgb = "#rrggbb", text = "..." } or { layout = "name" }',
        lambda v: (
            isinstance(v, dict)
            and (set(v) <= {"rgb", "text"} or (set(v) == {"layout"} and isinstance(v["layout"], str)))
        ),
    ),
    # drawn from a layout (printkit/layouts/components.py)
    "layout": TEXT,
    "rows": Field(
        "a .csv, .xlsx or .ods file beside the data file, or a list of tables",
        lambda v: (
            (isinstance(v, str) and v.strip() != "")
            or (isinstance(v, list) and bool(v) and all(isinstance(r, dict) for r in v))
        ),
    ),
    "sheet": TEXT,
    "count_column": TEXT,
    "fields": Field(
        "a table of field values (text or numbers)",
        lambda v: isinstance(v, dict) and all(_is_field_value(x) for x in v.values()),
    ),
    "size": Field("a card size: poker, bridge, tarot, mini or square", lambda v: v in CARD_SIZES),
    "landscape": BOOL,
    "shape": Field("one of rect, rounded, hex, circle", lambda v: v in ("rect", "rounded", "hex", "circle")),
    "radius_mm": Field("a corner radius in mm, 0 to 50", lambda v: is_number(v) and 0 <= v <= 50),
    "hex_mm": Field("a size across the flats in mm, 5 to 500", lambda v: is_number(v) and 5 <= v <= 500),
    "orientation": Field("pointy or flat", lambda v: v in ("pointy", "flat")),
}
KIND_FIELDS: dict[str, dict[str, Field]] = {
    "domino": {"max_pips": Field("an integer 1..9", lambda v: _is_int(v) and 1 <= v <= 9, True)},
}
# Keys a component may hold by the form of their name: `rgb`, `face_rgb` (a colour),
# `seat_colours` (colours), `max_number` (a count).
COMPONENT_PATTERNS: Patterns = (
    (re.compile(r"(\w+_)?rgb"), COLOUR),
    (re.compile(r"\w+_colours"), COLOURS),
    (re.compile(r"max_\w+"), COUNT),
)

OPTION_FIELDS: dict[str, Field] = {
    "doc": TEXT.needed(),
    "source": Field("one of " + ", ".join(SOURCES), lambda v: v in SOURCES, True),
    "choices": Field("a non-empty list of values", lambda v: isinstance(v, list) and bool(v)),
    "min": NUMBER,
    "max": NUMBER,
    "variable_length": BOOL,  # list-valued rules may change length
}

VARIANT_FIELDS: dict[str, Field] = {
    "doc": TEXT.needed(),
    "players": Field("a player count", lambda v: _is_int(v) and v >= 1),
    "set": Field("a table of rules", lambda v: isinstance(v, dict)),
}


def field_for(name: str, fields: Mapping[str, Field], patterns: Patterns = ()) -> Field | None:
    """The declared field of key `name`, by its name or by the form of its name."""
    if name in fields:
        return fields[name]
    for pattern, declared in patterns:
        if pattern.fullmatch(name):
            return declared
    return None


def component_fields(kind: Any, game_fields: Mapping[str, Field]) -> dict[str, Field]:
    """The fields a component of `kind` may hold: every component's, its kind's, and the game's own."""
    own = KIND_FIELDS.get(kind, {}) if isinstance(kind, str) else {}
    return {**COMPONENT_FIELDS, **own, **game_fields}


def check_table(
    where: str, key: str, table: Any, fields: Mapping[str, Field], patterns: Patterns = ()
) -> dict[str, Any]:
    """`table`, whose every key is declared in `fields` (or `patterns`) and holds what it declares."""
    if not isinstance(table, dict):
        raise DataError(f"{where}: {key}: expected a table, got {show(table)}")
    for name, value in table.items():
        declared = field_for(name, fields, patterns)
        if declared is None:
            raise unknown_key(where, f"{key}.{name}", fields)
        if declared.records is not None and isinstance(value, list):
            for i, record in enumerate(value):
                if isinstance(record, dict):
                    check_table(where, f"{key}.{name}[{i}]", record, declared.records)
        if not declared.ok(value):
            raise DataError(f"{where}: {key}.{name}: expected {declared.expected}, got {show(value)}")
    for name, declared in fields.items():
        if declared.required and name not in table:
            raise DataError(f"{where}: {key}.{name}: missing, expected {declared.expected}")
    return table


# ------------------------------------------------------------------ rule values
def check_value(key: str, value: Any, default: Any, option: Mapping[str, Any], where: str) -> Any:
    """Check `value` against the shape of `default` and the option's limits; return it.

    A table may name only some of the default's keys (it is laid over the
    rules in force); a list is one value and replaces the list in force.
    """
    if isinstance(default, dict):
        if not isinstance(value, dict):
            raise DataError(f"{where}: {key}: expected a table, got {show(value)}")
        out = {}
        for name, item in value.items():
            if name not in default:
                raise unknown_key(where, f"{key}.{name}", default)
            out[name] = check_value(f"{key}.{name}", item, default[name], option, where)
        return out
    if isinstance(default, list):
        return _check_list(key, value, default, option, where)
    return _check_leaf(key, value, default, option, where)


def _check_list(key: str, value: Any, default: list[Any], option: Mapping[str, Any], where: str) -> list[Any]:
    if not isinstance(value, list):
        raise DataError(f"{where}: {key}: expected a list, got {show(value)}")
    if not option.get("variable_length") and len(value) != len(default):
        raise DataError(f"{where}: {key}: expected a list of {len(default)} items, got {show(value)}")
    if not default:
        return list(value)
    return [
        check_value(f"{key}[{i}]", item, default[min(i, len(default) - 1)], option, where)
        for i, item in enumerate(value)
    ]


def _check_leaf(key: str, value: Any, default: Any, option: Mapping[str, Any], where: str) -> Any:
    def fail(expected: str) -> DataError:
        return DataError(f"{where}: {key}: expected {expected}, got {show(value)}")

    if isinstance(default, float):
        if not is_number(value):
            raise fail("a number")
        value = float(value)
    elif not same_type(value, default):
        raise fail(type_name(default))
    choices = option.get("choices")
    if choices is not None and not any(same_type(c, value) and c == value for c in choices):
        raise fail("one of " + ", ".join(show(c) for c in choices))
    if is_number(value):
        lo, hi = option.get("min"), option.get("max")
        if lo is not None and value < lo:
            raise fail(f"a value >= {lo}")
        if hi is not None and value > hi:
            raise fail(f"a value <= {hi}")
    return value


def leaves(value: Any) -> list[Any]:
    """The values that are neither tables nor lists inside `value`."""
    out, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        else:
            out.append(item)
    return out


def check_option(where: str, name: str, option: Any, default: Any) -> None:
    """An option's table, and its limits against the rule's default value."""
    key = f"options.{name}"
    check_table(where, key, option, OPTION_FIELDS)
    lo, hi = option.get("min"), option.get("max")
    if lo is not None and hi is not None and lo > hi:
        raise DataError(f"{where}: {key}.max: expected a value >= min ({lo}), got {show(hi)}")
    check_value(f"rules.{name}", default, default, option, where)
    kinds = leaves(default)
    if "choices" in option and kinds:
        for i, choice in enumerate(option["choices"]):
            if not any(same_type(choice, k) for k in kinds):
                raise DataError(
                    f"{where}: {key}.choices[{i}]: expected {type_name(kinds[0])} like rules.{name}, "
                    f"got {show(choice)}"
                )
    if "min" in option or "max" in option:
        bound = "min" if "min" in option else "max"
        for leaf in kinds or [default]:
            if not is_number(leaf):
                raise DataError(f"{where}: rules.{name}: {key}.{bound} bounds numbers, got {show(leaf)}")
    if "variable_length" in option and not isinstance(default, (list, dict)):
        raise DataError(f"{where}: {key}.variable_length: rules.{name} is not a list")
