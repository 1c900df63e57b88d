"""Any one change to a shipped data file is either played and printed, or refused with one `DataError` line.

A property test: each case changes one key of a data file (removes it, or puts
a value of another type or out of range in its place) and runs what both
tools run (load, resolve a variant at a player count, build the engine, make
the drawing's pieces). Nothing may fail with anything but a `DataError`.
"""

from __future__ import annotations

import copy
import random
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from printkit.datafile.gamedata import check_game
from printkit.draw import has_drawing, pieces_for
from printkit.errors import DataError
from simulate.engines import make_game

DATA = Path(__file__).resolve().parents[2] / "data"
GAMES = sorted(p.stem for p in DATA.glob("*/*.toml"))
VALUES = (0, -1, 1.5, 10**6, "x", "#12345", True, [], [1], ["x"], {}, {"a": 1})
CASES = 150  # changes per game


def _paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Key paths into tables and the first items of lists (translations left out)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if prefix or key != "lang":
                yield (*prefix, key)
                yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:2]):
            yield (*prefix, i)
            yield from _paths(item, (*prefix, i))


def _changed(raw: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """`raw` with one key changed, in a table drawn first so that rules weigh as much as the tile lists."""
    out = copy.deepcopy(raw)
    table = rng.choice(sorted(set(out) - {"lang"}))
    path = rng.choice([(table,), *(p for p in _paths(out) if p[0] == table)])
    parent = out
    for step in path[:-1]:
        parent = parent[step]
    value = rng.choice((None, *VALUES))
    if value is None and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(value)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_one_changed_key_is_played_printed_or_refused_in_one_line(game):
    path = DATA / game / f"{game}.toml"
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    rng = random.Random(f"mutations of {game}")
    refused = 0
    for _ in range(CASES):
        changed = _changed(raw, rng)
        try:
            data = check_game(changed, path)
            rules = data.resolve(rng.choice(sorted(data.variants) or ["default"]))
            make_game(rules)
            if has_drawing(data):
                pieces_for(data, rules)
        except DataError as exc:
            assert "\n" not in str(exc) and str(exc).startswith(str(path))
            refused += 1
    assert 0 < refused < CASES  # the changes hit both harmless and breaking keys
