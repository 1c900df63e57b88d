"""Rule sets: what a game's data and rules must satisfy beyond the shape the schema declares.

Both `printkit` and `simulate` read a game through `printkit.datafile.gamedata`, which
runs these checks, so a rule set printkit would print is one simulate can
play, and the error names the data file. A game's module,
`rules.py` in its game folder (`printkit/datafile/games.py`), exposes:

- `FIELDS: dict[str, Field]`: keys its components may hold beyond those
  `printkit.datafile.schema` declares for every game (e.g. a start tile's `fences`);
- `PLAYERS: tuple[int, ...]`: the player counts its engine and drawing
  support; `game.players` may list only these;
- `RULES: dict[str, Any]`: the shape of the rules its code reads and the
  values it implements (`printkit.datafile.shapes`), checked against the
  defaults and the options on load and against every resolved set of rules;
- `TEXTS: dict[str, tuple[str, ...]]`: the printed texts its drawing fills
  and the fields each may use (`printkit.datafile.texts`), checked on load;
- `check_data(data: GameData) -> None`: on load, the components and tables
  the game needs (a missing `[components.panel]`, a panel colour that is not
  one of the game's colours, a tile manifest);
- `check_rules(data: GameData, rules: Rules) -> None`: once defaults, variants,
  `--set` and the player count are resolved (teams need 4 players, hands must
  fit the tiles).

Both raise `RuleError(key, message)`; the loader adds the file and the rules
in force. A game without an entry gets the schema's checks only. Simulate's
conformance tests hold each engine to what its rule set declares.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from printkit.datafile.games import modules_in
from printkit.errors import DataError

RULESETS = modules_in("rules")  # game folders: printkit/datafile/games.py


class RuleError(Exception):
    """A broken constraint: `key` is the key path (`rules.hand`), `message` what is wrong."""

    def __init__(self, key: str, message: str):
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


def ruleset(engine: str) -> ModuleType | None:
    """The rule-set module of an engine, or None when the game declares none."""
    module = RULESETS.get(engine)
    return importlib.import_module(module) if module else None


def check_players(counts: Sequence[int], supported: Sequence[int], title: str) -> None:
    """Every count of `game.players` is one the game supports."""
    for i, n in enumerate(counts):
        if n not in supported:
            raise RuleError(
                f"game.players[{i}]", f"{title} is played by {counts_text(supported)} players, got {n}"
            )


def counts_text(counts: Sequence[int]) -> str:
    """Player counts as a sentence writes them: `2 to 4`, `2 or 4`."""
    listed = sorted(counts)
    if len(listed) > 2 and listed == list(range(listed[0], listed[-1] + 1)):
        return f"{listed[0]} to {listed[-1]}"
    return ", ".join(map(str, listed[:-1])) + f" or {listed[-1]}" if len(listed) > 1 else str(listed[0])


def require(components: Mapping[str, Any], name: str, *fields: str) -> Mapping[str, Any]:
    """The component `name`, holding every one of `fields`; else a `RuleError` naming what is missing."""
    comp = components.get(name)
    if comp is None:
        raise RuleError(f"components.{name}", "missing table; the game needs it")
    for item in fields:
        if item not in comp:
            raise RuleError(f"components.{name}.{item}", "missing; the game needs it")
    return comp


@contextmanager
def as_rule_errors() -> Iterator[None]:
    """Turn a `DataError` of a reader called with `where=""` (": key: message") into a `RuleError`."""
    try:
        yield
    except DataError as exc:
        key, _, message = str(exc).removeprefix(": ").partition(": ")
        raise RuleError(key, message) from None
