"""Agent specs as typed on the command line: `greedy`, `mc:50`, `mcts:200,c=0.7,rollout=greedy`.

A spec is a kind, an optional count after `:` (iterations or playouts) and
`key=value` parameters after commas. In a list of specs (one per seat, or the
agents of a ladder) a comma also separates specs: a piece holding `=` belongs
to the spec before it, any other piece starts a new spec, so
`random,mcts:200,c=0.7` is two specs. Every spec is checked against its kind's
declared parameters and written back in one canonical form, which is what run
folders record.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from printkit.errors import DataError


@dataclass(frozen=True)
class Param:
    """One `key=value` parameter of an agent kind: how to read it, its default, one line of help."""

    read: Callable[[str], Any]
    default: Any
    doc: str


# The largest count (iterations, playouts) and depth an agent takes: far past any strength that
# pays, and still minutes rather than years a move.
MAX_COUNT = 1_000_000
MAX_DEPTH = 100_000


def positive_int(text: str) -> int:
    value = int(text)
    if not 1 <= value <= MAX_COUNT:
        raise ValueError(f"expected a whole number from 1 to {MAX_COUNT:,}")
    return value


def whole(text: str) -> int:
    value = int(text)
    if not 0 <= value <= MAX_DEPTH:
        raise ValueError(f"expected a whole number from 0 to {MAX_DEPTH:,}")
    return value


def between(lo: float, hi: float) -> Callable[[str], float]:
    """A reader of a number from `lo` to `hi`: a search's constants outside them only overflow or stall."""

    def read(text: str) -> float:
        value = float(text)
        if not lo <= value <= hi:  # refuses nan and inf too
            raise ValueError(f"expected a number from {lo:g} to {hi:g}")
        return value

    return read


def one_of(*choices: str) -> Callable[[str], str]:
    def read(text: str) -> str:
        if text not in choices:
            raise ValueError(f"expected one of {', '.join(choices)}")
        return text

    return read


@dataclass(frozen=True)
class Spec:
    """A checked agent spec: its kind, its count (or None) and every parameter's value."""

    kind: str
    count: int | None
    params: tuple[tuple[str, Any], ...]

    def __str__(self) -> str:
        """The canonical spelling: count first, then only parameters that differ from their defaults."""
        if self.count is None:
            return self.kind
        return ",".join([f"{self.kind}:{self.count}"] + [f"{k}={_show(v)}" for k, v in self.params])


def _show(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def split_specs(text: str) -> list[str]:
    """Cut a comma-separated list into specs, keeping `key=value` pieces with the spec before them."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            raise DataError(f"--agents {text}: an empty name between commas")
        if "=" in piece and ":" not in piece:
            if not specs or ":" not in specs[-1]:
                raise DataError(
                    f"--agents {text}: {piece!r} is a parameter but follows no agent with a count "
                    f"(write it as mcts:200,{piece})"
                )
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def parse_spec(text: str, kinds: dict[str, type], where: str) -> Spec:
    """Check one spec against the agent kinds; `where` names the option for the error line."""
    name, colon, rest = text.partition(":")
    if name not in kinds:
        raise DataError(f"{where}: unknown agent {name!r}; expected one of {', '.join(sorted(kinds))}")
    cls = kinds[name]
    counted: str | None = getattr(cls, "count_name", None)
    declared: dict[str, Param] = getattr(cls, "params", {})
    if not colon:
        if counted:
            raise DataError(f"{where}: {name} needs its number of {counted}, e.g. {name}:200")
        return Spec(name, None, ())
    if not counted:
        raise DataError(f"{where}: {name} takes no parameters, got {text!r}")
    count_text, *pairs = rest.split(",")
    try:
        count = positive_int(count_text)
    except ValueError:
        raise DataError(
            f"{where}: {text}: {counted} must be a whole number from 1 to {MAX_COUNT:,}, got {count_text!r}"
        ) from None
    given: dict[str, Any] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if key not in declared:
            known = ", ".join(declared) or "none"
            raise DataError(f"{where}: {text}: unknown parameter {key!r} of {name}; expected one of {known}")
        if not eq:
            raise DataError(
                f"{where}: {text}: parameter {key} needs a value, e.g. {key}={declared[key].default}"
            )
        try:
            given[key] = declared[key].read(value)
        except ValueError as exc:
            raise DataError(f"{where}: {text}: {key}={value}: {exc}") from None
    params = tuple(
        (key, given[key]) for key in declared if key in given and given[key] != declared[key].default
    )
    return Spec(name, count, params)


def spec_kwargs(spec: Spec, cls: type) -> dict[str, Any]:
    """Keyword arguments that build an agent of `spec`: the count and every parameter, defaults filled in."""
    if spec.count is None:
        return {}
    declared: dict[str, Param] = getattr(cls, "params", {})
    values = {key: p.default for key, p in declared.items()}
    values.update(spec.params)
    return {"count": spec.count, **values}
