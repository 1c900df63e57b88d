"""Twinkle Twinkle's tile records and reference sides: the data checks shared by engine and drawing.

The one place that turns `[components.tile] tiles` into records, shared by the
engine (which links tiles through their exits) and the drawing module (which
draws the lines to those exits), so that a printed tile connects exactly the way
the simulated tile does; and the check of `rules.sides`, which the loader
cannot make for a table of choices. No drawing and no scoring here.

Exits are numbered clockwise from the top, N=0 NE=1 E=2 SE=3 S=4 SW=5 W=6
NW=7, and a set of exits is a bitmask with bit d for direction d. A quarter
turn clockwise moves every exit two places on; a mirror (left-right flip) maps
direction d to (8 - d) % 8. Orientation o of a tile is: mirrored when o >= 4,
then turned o % 4 quarter turns clockwise.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.datafile.gamedata import check_value
from printkit.datafile.schema import unknown_key
from printkit.errors import DataError

EXITS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
KINDS = ("star", "asteroid", "satellite", "planet", "black_hole", "comet")
REFERENCES = ("comets", "asteroids", "planets", "black_holes", "satellites")
SIDES = ("green", "blue")
LATTICE = 5  # star positions are [column, row] with 0 <= column, row < LATTICE
MAX_STARS = 3

# Where each exit meets the tile's edge, as fractions of the tile (x right, y down).
EXIT_POINTS: dict[str, tuple[float, float]] = {
    "N": (0.5, 0.0),
    "NE": (1.0, 0.0),
    "E": (1.0, 0.5),
    "SE": (1.0, 1.0),
    "S": (0.5, 1.0),
    "SW": (0.0, 1.0),
    "W": (0.0, 0.5),
    "NW": (0.0, 0.0),
}


@dataclass(frozen=True)
class TileRecord:
    """One tile as the data file lists it (unrotated, as printed)."""

    index: int
    id: str
    kind: str
    stars: tuple[tuple[int, int], ...] = ()
    new: tuple[bool, ...] = ()
    exits: tuple[str, ...] = ()
    slow: bool = False

    @property
    def exit_mask(self) -> int:
        return exit_mask(self.exits)

    @property
    def star_count(self) -> int:
        return len(self.stars)

    @property
    def new_count(self) -> int:
        return sum(self.new)


def check_sides(values: Mapping[str, Any], where: str) -> None:
    """Each score reference's side in `rules.sides` must be green or blue."""
    check_value("rules.sides", values["sides"], dict.fromkeys(REFERENCES, "green"), {"choices": SIDES}, where)


def exit_mask(names: Sequence[str]) -> int:
    """Bitmask of exit names."""
    mask = 0
    for name in names:
        mask |= 1 << EXITS.index(name)
    return mask


def exit_names(mask: int) -> tuple[str, ...]:
    """Exit names of a bitmask, clockwise from N."""
    return tuple(name for d, name in enumerate(EXITS) if mask >> d & 1)


def rotate_mask(mask: int, quarter_turns: int) -> int:
    """Exits after turning the tile `quarter_turns` quarter turns clockwise."""
    shift = 2 * (quarter_turns % 4)
    return ((mask << shift) | (mask >> (8 - shift))) & 0xFF


def mirror_mask(mask: int) -> int:
    """Exits after flipping the tile left to right."""
    out = 0
    for d in range(8):
        if mask >> d & 1:
            out |= 1 << ((8 - d) % 8)
    return out


def orient_mask(mask: int, orientation: int) -> int:
    """Exits in orientation 0..7: mirrored when >= 4, then turned orientation % 4 times."""
    if orientation >= 4:
        mask = mirror_mask(mask)
    return rotate_mask(mask, orientation % 4)


def star_point(position: Sequence[int]) -> tuple[float, float]:
    """A lattice position [column, row] as fractions of the tile (x right, y down)."""
    step = 0.7 / (LATTICE - 1)
    return (0.15 + step * position[0], 0.15 + step * position[1])


def on_diagonal(position: Sequence[int], exit_name: str) -> bool:
    """Whether a star lies on the diagonal through a corner exit, so its line crosses the corner straight."""
    col, row = position
    if exit_name in ("NE", "SW"):
        return col + row == LATTICE - 1
    return col == row


def exit_lines(record: TileRecord) -> list[tuple[int, str]]:
    """(star index, exit name) for each exit line of a star tile, in the order of its exits.

    An edge exit leaves from the nearest star; a corner exit from the nearest
    star on that corner's diagonal (ties: the star listed first).
    """
    lines = []
    for name in record.exits:
        tx, ty = EXIT_POINTS[name]
        best, best_d = -1, math.inf
        for i, pos in enumerate(record.stars):
            if len(name) == 2 and not on_diagonal(pos, name):
                continue
            x, y = star_point(pos)
            d = math.hypot(x - tx, y - ty)
            if d < best_d - 1e-12:
                best, best_d = i, d
        lines.append((best, name))
    return lines


def read_tiles(components: Mapping[str, Any], where: str) -> list[TileRecord]:
    """Check `components.tile.tiles` and return one record per tile, in the data file's order."""
    tile = components.get("tile")
    key = "components.tile.tiles"
    if not isinstance(tile, Mapping) or not isinstance(tile.get("tiles"), list):
        raise DataError(f"{where}: {key}: missing; expected the list of every tile")
    raw_tiles = tile["tiles"]
    records: list[TileRecord] = []
    seen: set[str] = set()
    for i, raw in enumerate(raw_tiles):
        k = f"{key}[{i}]"
        if not isinstance(raw, Mapping):
            raise DataError(f"{where}: {k}: expected a table, got {raw!r}")
        records.append(_read_tile(i, raw, k, where))
        if records[-1].id in seen:
            raise DataError(f"{where}: {k}.id: expected a unique id, got {records[-1].id!r} again")
        seen.add(records[-1].id)
    count = tile.get("count")
    if count is not None and count != len(records):
        raise DataError(f"{where}: components.tile.count: says {count} tiles, the list holds {len(records)}")
    return records


def _read_tile(index: int, raw: Mapping[str, Any], k: str, where: str) -> TileRecord:
    def fail(field: str, expected: str, got: Any) -> DataError:
        return DataError(f"{where}: {k}.{field}: expected {expected}, got {got!r}")

    allowed = {"id", "kind", "stars", "new", "exits", "slow"}
    for extra in sorted(set(raw) - allowed):
        raise unknown_key(where, f"{k}.{extra}", allowed)
    tile_id = raw.get("id")
    if not isinstance(tile_id, str) or not tile_id:
        raise fail("id", "a non-empty string", tile_id)
    kind = raw.get("kind")
    if kind not in KINDS:
        raise fail("kind", "one of " + ", ".join(KINDS), kind)
    slow = raw.get("slow", False)
    if not isinstance(slow, bool):
        raise fail("slow", "true or false", slow)
    if kind != "star":
        for field in ("stars", "new", "exits"):
            if field in raw:
                raise fail(field, f"nothing: a {kind} tile has no stars or lines", raw[field])
        return TileRecord(index=index, id=tile_id, kind=kind, slow=slow)
    stars = raw.get("stars")
    if not isinstance(stars, list) or not 1 <= len(stars) <= MAX_STARS:
        raise fail("stars", f"a list of 1 to {MAX_STARS} positions [column, row]", stars)
    for j, pos in enumerate(stars):
        if (
            not isinstance(pos, list)
            or len(pos) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < LATTICE for v in pos)
        ):
            raise fail(f"stars[{j}]", f"[column, row] with both in 0..{LATTICE - 1}", pos)
    if len({tuple(p) for p in stars}) != len(stars):
        raise fail("stars", "distinct positions", stars)
    new = raw.get("new", [False] * len(stars))
    if not isinstance(new, list) or len(new) != len(stars) or not all(isinstance(v, bool) for v in new):
        raise fail("new", f"a list of {len(stars)} true/false, one per star", new)
    exits = raw.get("exits")
    if not isinstance(exits, list) or not exits or not all(isinstance(e, str) for e in exits):
        raise fail("exits", "a non-empty list of exit names (" + ", ".join(EXITS) + ")", exits)
    for j, name in enumerate(exits):
        if name not in EXITS:
            raise fail(f"exits[{j}]", "one of " + ", ".join(EXITS), name)
    if len(set(exits)) != len(exits):
        raise fail("exits", "each exit once", exits)
    record = TileRecord(
        index=index,
        id=tile_id,
        kind=kind,
        stars=tuple((p[0], p[1]) for p in stars),
        new=tuple(new),
        exits=tuple(exits),
        slow=slow,
    )
    for j, (star, name) in enumerate(exit_lines(record)):
        if star < 0:
            line = f"column + row = {LATTICE - 1}" if name in ("NE", "SW") else "column = row"
            raise fail(f"exits[{j}]", f"a star on the diagonal through corner {name} ({line})", name)
    return record
