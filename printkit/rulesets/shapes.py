"""The shape of the rules a game's engine and drawing read, declared by its rule set and checked on load.

A data file declares its rules by their defaults, so a default of the wrong
shape (a table where the engine reads a number, a missing key) would pass
every check that compares values with the default. A rule set's `RULES` says
what its code reads: an example value per rule (`0` an integer, `True` a
boolean, `[0]` a list of integers of any length, `[0, 0]` exactly two, a
table its keys) or `PerPlayers(shape)`, a table with one entry per player
count of `game.players`. A rule the game does not read yet (a new option) is
not its concern until its code reads it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.rulesets import RuleError
from printkit.schema import nearest, same_type, show, type_name


@dataclass(frozen=True)
class PerPlayers:
    """A table keyed by player count ("2", "3", ...), one entry per count of `game.players`, each `shape`."""

    shape: Any


def check_rule_shapes(rules: Mapping[str, Any], players: Sequence[int], shapes: Mapping[str, Any]) -> None:
    """Every rule in `shapes` is present in `rules` with that shape; else a `RuleError` naming the key."""
    for name, shape in shapes.items():
        if name not in rules:
            raise RuleError(f"rules.{name}", "missing; the game reads it")
        _fit(f"rules.{name}", rules[name], shape, players)


def _fit(key: str, value: Any, shape: Any, players: Sequence[int]) -> None:
    if isinstance(shape, PerPlayers):
        _fit_table(key, value, {str(n): shape.shape for n in players}, players, "one entry per player count")
    elif isinstance(shape, dict):
        _fit_table(key, value, shape, players, "the game reads it")
    elif isinstance(shape, list):
        _fit_list(key, value, shape, players)
    elif isinstance(shape, float) and isinstance(value, (int, float)) and not isinstance(value, bool):
        return
    elif not same_type(value, shape):
        raise RuleError(key, f"expected {type_name(shape)}, got {show(value)}")


def _fit_table(key: str, value: Any, shape: Mapping[str, Any], players: Sequence[int], why: str) -> None:
    if not isinstance(value, dict):
        raise RuleError(key, f"expected a table of {', '.join(shape)}, got {show(value)}")
    for name in value:
        if name not in shape:
            known = ", ".join(shape)
            raise RuleError(f"{key}.{name}", f"unknown key{nearest(name, shape)} (expected one of: {known})")
    for name, inner in shape.items():
        if name not in value:
            raise RuleError(f"{key}.{name}", f"missing; {why}")
        _fit(f"{key}.{name}", value[name], inner, players)


def _fit_list(key: str, value: Any, shape: list[Any], players: Sequence[int]) -> None:
    if not isinstance(value, list) or not value:
        raise RuleError(key, f"expected a non-empty list, got {show(value)}")
    if len(shape) > 1 and len(value) != len(shape):
        raise RuleError(key, f"expected a list of {len(shape)} items, got {show(value)}")
    for i, item in enumerate(value):
        _fit(f"{key}[{i}]", item, shape[min(i, len(shape) - 1)], players)
