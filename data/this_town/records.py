"""This Town's tiles as plain records and its town scoring, shared by the engine and the print kit.

A tile is a square cut by its diagonals into four sections N, E, S, W. Fences
lie on outer edges (N, E, S, W) and on half-diagonals between neighbouring
sections (NE between N and E, SE, SW, NW). Sections hold brands (player
colours) and silver bars. In `data/this_town/this_town.toml` the start tile is
`[components.start_tile]` and each tile set is a list of tables under
`[components.tile.sets.<name>]`:

    [[components.tile.sets.tuned]]
    fences = ["N", "NE", "SW"]
    brands = { N = ["blue"], S = ["red"] }
    bars = ["E"]

`brands` and `bars` may be left out. `read_tiles` returns the start tile
first, then the tiles of the chosen set, each a `TileFace`. `town_points` is
the scoring of a completed town, which the engine plays and the player
reference prints (its example).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.datafile.schema import unknown_key
from printkit.errors import DataError

SECTIONS = ("N", "E", "S", "W")
# Half-diagonal k separates section k from section k + 1 (clockwise).
DIAGONALS = ("NE", "SE", "SW", "NW")
FENCES = SECTIONS + DIAGONALS
TILE_KEYS = ("fences", "brands", "bars", "note")


@dataclass(frozen=True)
class TileFace:
    """One tile as printed, unturned: fenced edges and half-diagonals, brands and bars per section."""

    edges: tuple[bool, bool, bool, bool]
    diagonals: tuple[bool, bool, bool, bool]
    brands: tuple[tuple[int, ...], ...]  # colour indices per section N, E, S, W
    bars: tuple[int, int, int, int]

    def brand_count(self) -> int:
        return sum(len(b) for b in self.brands)

    def as_record(self, colours: Sequence[str]) -> dict[str, Any]:
        """Plain data (names, not indices) for summaries and tests."""
        return {
            "fences": [f for f, on in zip(FENCES, self.edges + self.diagonals, strict=True) if on],
            "brands": {s: [colours[c] for c in b] for s, b in zip(SECTIONS, self.brands, strict=True) if b},
            "bars": [s for s, n in zip(SECTIONS, self.bars, strict=True) for _ in range(n)],
        }


def colour_names(where: str, game: Mapping[str, Any]) -> list[str]:
    """The player colours in seat order (`[[game.colours]]` names)."""
    raw = game.get("colours")
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{where}: game.colours: expected a list of colour tables, got {raw!r}")
    names = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str):
            raise DataError(f"{where}: game.colours[{i}].name: expected a string, got {entry!r}")
        names.append(entry["name"])
    return names


def _face(where: str, key: str, raw: Any, colours: Sequence[str]) -> TileFace:
    if not isinstance(raw, Mapping):
        raise DataError(f"{where}: {key}: expected a table, got {raw!r}")
    for extra in sorted(set(raw) - set(TILE_KEYS)):
        raise unknown_key(where, f"{key}.{extra}", TILE_KEYS)
    fences = raw.get("fences", [])
    if not isinstance(fences, list) or any(f not in FENCES for f in fences) or len(set(fences)) < len(fences):
        raise DataError(
            f"{where}: {key}.fences: expected distinct names out of {', '.join(FENCES)}, got {fences!r}"
        )
    brands: list[list[int]] = [[], [], [], []]
    raw_brands = raw.get("brands", {})
    if not isinstance(raw_brands, Mapping):
        raise DataError(f"{where}: {key}.brands: expected a table of sections, got {raw_brands!r}")
    for section, names in raw_brands.items():
        if section not in SECTIONS:
            raise DataError(f"{where}: {key}.brands.{section}: expected a section, one of N, E, S, W")
        if not isinstance(names, list) or any(n not in colours for n in names):
            raise DataError(
                f"{where}: {key}.brands.{section}: expected a list of colours out of "
                f"{', '.join(colours)}, got {names!r}"
            )
        brands[SECTIONS.index(section)] = [colours.index(n) for n in names]
    bars = [0, 0, 0, 0]
    raw_bars = raw.get("bars", [])
    if not isinstance(raw_bars, list) or any(b not in SECTIONS for b in raw_bars):
        raise DataError(f"{where}: {key}.bars: expected a list of sections (N, E, S, W), got {raw_bars!r}")
    for b in raw_bars:
        bars[SECTIONS.index(b)] += 1
    return TileFace(
        edges=tuple(s in fences for s in SECTIONS),  # type: ignore[arg-type]
        diagonals=tuple(d in fences for d in DIAGONALS),  # type: ignore[arg-type]
        brands=tuple(tuple(b) for b in brands),
        bars=tuple(bars),  # type: ignore[arg-type]
    )


def tile_set_names(where: str, components: Mapping[str, Any]) -> list[str]:
    """The names of the tile sets in the data file."""
    sets = components.get("tile", {}).get("sets")
    if not isinstance(sets, Mapping) or not sets:
        raise DataError(f"{where}: components.tile.sets: expected a table of tile lists, got {sets!r}")
    return list(sets)


def read_tiles(
    where: str, game: Mapping[str, Any], components: Mapping[str, Any], tile_set: str, count: int
) -> list[TileFace]:
    """The start tile, then the `count` tiles of set `tile_set`, checked."""
    colours = colour_names(where, game)
    names = tile_set_names(where, components)
    if tile_set not in names:
        known = ", ".join(names)
        raise DataError(f"{where}: rules.tile_set: no tile set {tile_set!r}; expected one of {known}")
    start = components.get("start_tile")
    if not isinstance(start, Mapping):
        raise DataError(f"{where}: components.start_tile: expected a table, got {start!r}")
    faces = [_face(where, "components.start_tile", {k: start[k] for k in TILE_KEYS if k in start}, colours)]
    raw = components["tile"]["sets"][tile_set]
    if not isinstance(raw, list) or len(raw) != count:
        got = len(raw) if isinstance(raw, list) else raw
        raise DataError(f"{where}: components.tile.sets.{tile_set}: expected {count} tiles, got {got!r}")
    faces += [_face(where, f"components.tile.sets.{tile_set}[{i}]", t, colours) for i, t in enumerate(raw)]
    return faces


def town_points(counts: Sequence[int]) -> list[int]:
    """Points per colour for a completed town with these brand counts (the seed's dense ranks).

    Colours without a brand are not ranked; equal counts share a rank and the
    next rank follows on; each ranked colour scores the count of the rank just
    below its own, the last rank nothing (so a one-colour town scores nothing).
    """
    ranks = sorted({c for c in counts if c > 0}, reverse=True)
    below = {ranks[i]: ranks[i + 1] for i in range(len(ranks) - 1)}
    return [below.get(c, 0) for c in counts]
