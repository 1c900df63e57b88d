"""The shape and the limits of the rules a game's engine and drawing read, declared by its rule set.

A data file declares its rules by their defaults and its options by their
choices and bounds, so neither can say what the game's code implements. A
rule set's `RULES` does, per rule:

- an example value: `0` an integer, `True` a boolean, `""` a string, `[0]` a
  non-empty list of integers (at most `MAX_LIST_ITEMS`), `[0, 0]` exactly
  two, a table its keys;
- `OneOf(a, b, ...)`: one of the values the code implements (a data file's
  `choices` may narrow them, never widen them);
- `Between(lo, hi)`: an integer the code handles, and whose work and memory
  stay bounded (a board side, a count of pieces, a score), or any number
  when `lo` and `hi` are floats (`COMPENSATION`, the same in every game);
- `PerPlayers(shape)`: a table with one entry per player count of
  `game.players`, each `shape`.

`check_rule_shapes` holds a set of rules to the shapes (the defaults on load,
every resolved set of rules again), and `check_option_limits` holds each
option's `choices`, `min` and `max` to them on load. A rule the game does not
read yet (a new option) is not its concern until its code reads it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.datafile.rulesets import RuleError
from printkit.datafile.schema import is_number, nearest, same_type, show, type_name

MAX_LIST_ITEMS = 64  # entries of a list-valued rule of any length (a score table): far more than any game's


@dataclass(frozen=True)
class PerPlayers:
    """A table keyed by player count ("2", "3", ...), one entry per count of `game.players`, each `shape`."""

    shape: Any


class OneOf:
    """One of the values the game's code implements."""

    def __init__(self, *values: Any):
        self.values = values

    def admits(self, value: Any) -> bool:
        return any(same_type(value, v) and value == v for v in self.values)

    def expected(self) -> str:
        return "one of " + ", ".join(show(v) for v in self.values)


@dataclass(frozen=True)
class Between:
    """A value from `lo` to `hi`, what the game's code handles with bounded work and memory: an integer,
    or any number when the bounds are floats."""

    lo: float
    hi: float

    @property
    def integer(self) -> bool:
        return isinstance(self.lo, int) and isinstance(self.hi, int)

    def admits(self, value: Any) -> bool:
        kind = same_type(value, 0) if self.integer else is_number(value)
        return kind and self.lo <= value <= self.hi

    def expected(self) -> str:
        return f"{'an integer' if self.integer else 'a number'} from {self.lo:g} to {self.hi:g}"


# Points for each later turn position (komi), in every game: its scores stay in the tens of thousands.
COMPENSATION = Between(-1000.0, 1000.0)


def check_rule_shapes(rules: Mapping[str, Any], players: Sequence[int], shapes: Mapping[str, Any]) -> None:
    """Every rule in `shapes` is present in `rules` with that shape; else a `RuleError` naming the key."""
    for name, shape in shapes.items():
        if name not in rules:
            raise RuleError(f"rules.{name}", "missing; the game reads it")
        _fit(f"rules.{name}", rules[name], shape, players)


def _fit(key: str, value: Any, shape: Any, players: Sequence[int]) -> None:
    if isinstance(shape, PerPlayers):
        _fit_table(key, value, {str(n): shape.shape for n in players}, players, "one entry per player count")
    elif isinstance(shape, Between) and not (same_type(value, 0) if shape.integer else is_number(value)):
        raise RuleError(key, f"expected {'an integer' if shape.integer else 'a number'}, got {show(value)}")
    elif isinstance(shape, (OneOf, Between)):
        if not shape.admits(value):
            raise RuleError(key, f"expected {shape.expected()} (what the game implements), got {show(value)}")
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
    if len(value) > MAX_LIST_ITEMS:
        raise RuleError(key, f"a list of {len(value)} items; at most {MAX_LIST_ITEMS}")
    for i, item in enumerate(value):
        _fit(f"{key}[{i}]", item, shape[min(i, len(shape) - 1)], players)


def _leaf_shapes(shape: Any) -> Iterator[Any]:
    """The shapes of the values inside `shape` (its own, for a value that is neither table nor list)."""
    stack = [shape]
    while stack:
        item = stack.pop()
        if isinstance(item, PerPlayers):
            stack.append(item.shape)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        else:
            yield item


def check_option_limits(options: Mapping[str, Mapping[str, Any]], shapes: Mapping[str, Any]) -> None:
    """An option's `choices` are values the game implements, and its `min` and `max` lie within its limits."""
    for name, shape in shapes.items():
        option = options.get(name)
        if option is None:
            continue
        leaves = list(_leaf_shapes(shape))
        limited = [s for s in leaves if isinstance(s, (OneOf, Between))]
        for i, choice in enumerate(option.get("choices", [])):
            if limited and not any(s.admits(choice) for s in limited):
                raise RuleError(
                    f"options.{name}.choices[{i}]",
                    f"{show(choice)} is not a value the game implements; expected {limited[0].expected()}",
                )
        ranges = [s for s in limited if isinstance(s, Between)]
        if not ranges:
            continue
        lo, hi = min(s.lo for s in ranges), max(s.hi for s in ranges)
        if option.get("min") is not None and option["min"] < lo:
            raise RuleError(
                f"options.{name}.min", f"{show(option['min'])} is below what the game implements ({lo})"
            )
        if option.get("max") is not None and option["max"] > hi:
            raise RuleError(
                f"options.{name}.max", f"{show(option['max'])} is above what the game implements ({hi})"
            )
