"""The knobs of a tune: which rules it may change and the values each may take, checked against the data file.

`--knob KEY=LO..HI[:STEP]` is a numeric rule stepped from LO to HI (a whole
rule steps by 1 unless told, a fractional one in ten steps); `--knob
KEY=A,B,C` lists the values (choices, true/false, or numbers). KEY is a rule
of the data file, dotted into a table where the rule is one (`sides.comets`,
`planets.blue_most_bonus`). Every value goes through the loader's own check
(`gamedata.check_patch`), so a key the data file does not know, a value
outside an option's min/max or not among its choices is the loader's one line.

A *setting* is one value per knob, kept as a tuple of value indices; its rules
are the base rules with `KEY=VALUE` parts laid over them.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.datafile.gamedata import GameData, check_patch, parse_value
from printkit.errors import DataError

Setting = tuple[int, ...]
MAX_VALUES = 1000  # values of one knob: more is a typo in its step
FLOAT_STEPS = 10  # a fractional knob with no step is tried at LO, HI and nine values between


@dataclass(frozen=True)
class Knob:
    """One `--knob`: a rule key and the values the tune may give it, in order."""

    key: str
    values: tuple[Any, ...]
    numeric: bool

    @property
    def short(self) -> str:
        """The key's last part, for headings (`sides.comets` -> `comets`)."""
        return self.key.rsplit(".", 1)[-1]

    def text(self, index: int) -> str:
        """Value `index` as a data file (and `--set`) writes it."""
        return toml_value(self.values[index])


def toml_value(value: Any) -> str:
    """A rule value as TOML: `true`, `0.5`, `3`, `"blue"`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, float):
        return repr(round(value, 10))
    return str(value)


@dataclass(frozen=True)
class Space:
    """Every knob of a tune; a setting is one value index per knob."""

    knobs: tuple[Knob, ...]

    @property
    def size(self) -> int:
        return math.prod(len(k.values) for k in self.knobs)

    def settings(self) -> Iterator[Setting]:
        """Every setting, the first knob slowest."""
        return itertools.product(*(range(len(k.values)) for k in self.knobs))

    def parts(self, setting: Setting) -> list[str]:
        """The setting as `KEY=VALUE` parts of a variant spec."""
        return [f"{k.key}={k.text(i)}" for k, i in zip(self.knobs, setting, strict=True)]

    def label(self, setting: Setting) -> str:
        """`compensation=0.5+sides.comets=blue`: a setting in words (strings unquoted)."""
        return "+".join(f"{k.key}={_plain(k.values[i])}" for k, i in zip(self.knobs, setting, strict=True))

    def neighbours(self, setting: Setting) -> list[Setting]:
        """Settings one knob away: a numeric knob one step either way, a choice any other value."""
        out = []
        for d, knob in enumerate(self.knobs):
            here = setting[d]
            others = (
                [here - 1, here + 1] if knob.numeric else [i for i in range(len(knob.values)) if i != here]
            )
            out += [setting[:d] + (i,) + setting[d + 1 :] for i in others if 0 <= i < len(knob.values)]
        return out

    def folder(self, setting: Setting) -> str:
        """A setting's folder name: `comets=blue+new_star_points=2`, knobs by their last part where those
        are distinct (a folder name has at most 255 bytes; six full keys come near)."""
        shorts = [k.short for k in self.knobs]
        names = shorts if len(set(shorts)) == len(shorts) else [k.key for k in self.knobs]
        parts = zip(names, self.knobs, setting, strict=True)
        return "+".join(f"{n}={_plain(k.values[i])}" for n, k, i in parts)

    def changes(self, setting: Setting, base: dict[str, Any]) -> str:
        """What the setting changes from the `base` values (by key): `compensation = -0.5`."""
        parts = zip(self.knobs, setting, strict=True)
        return ", ".join(
            f"{k.key} = {_plain(k.values[i])}" for k, i in parts if k.values[i] != base.get(k.key)
        )

    def values(self, setting: Setting) -> dict[str, Any]:
        return {k.key: k.values[i] for k, i in zip(self.knobs, setting, strict=True)}

    def index_of(self, values: dict[str, Any]) -> Setting:
        """The setting whose values these are (as a sampler or a study gives them back)."""
        return tuple(_position(k, values[k.key]) for k in self.knobs)


def _plain(value: Any) -> str:
    return value if isinstance(value, str) else toml_value(value)


def _position(knob: Knob, value: Any) -> int:
    for i, v in enumerate(knob.values):
        if type(v) is type(value) and v == value or (knob.numeric and math.isclose(v, value)):
            return i
    raise DataError(f"--knob {knob.key}: the study holds the value {value!r}, which this knob does not list")


def parse_knobs(data: GameData, specs: Sequence[str], sets: Sequence[str] = ()) -> Space:
    """The `--knob` specs as a `Space`, every value checked by the data file's own rules."""
    if not specs:
        raise DataError("--knob: name at least one rule to tune, e.g. --knob compensation=0..2:0.5")
    knobs: list[Knob] = []
    set_keys = {s.partition("=")[0].strip() for s in sets}
    for spec in specs:
        knob = parse_knob(data, spec)
        if any(k.key == knob.key for k in knobs):
            raise DataError(f"--knob {spec}: {knob.key} is already a knob")
        if knob.key in set_keys:
            raise DataError(f"--knob {spec}: {knob.key} is also given with --set; give it once")
        knobs.append(knob)
    return Space(tuple(knobs))


def parse_knob(data: GameData, spec: str) -> Knob:
    """One `KEY=LO..HI[:STEP]` or `KEY=A,B,C`."""
    key, sep, raw = spec.partition("=")
    key, raw = key.strip(), raw.strip()
    where = f"--knob {spec}"
    if not sep or not key or not raw:
        raise DataError(f"{where}: expected KEY=LO..HI[:STEP] or KEY=A,B,C (e.g. compensation=0..2:0.5)")
    path = key.split(".")
    default = check_patch(data, path, _default(data, path), "rules.", where)
    if isinstance(default, (dict, list)):
        raise DataError(f"{where}: rules.{key} is a table or list; name one of its numbers or choices")
    if ".." in raw:
        values = _range(where, key, raw, default)
    else:
        values = tuple(parse_value(v.strip()) for v in raw.split(",") if v.strip())
        if len(values) < 2:
            raise DataError(f"{where}: expected two or more values (A,B) or a range LO..HI")
    checked = tuple(check_patch(data, path, v, "rules.", where) for v in values)
    if len(set(map(toml_value, checked))) != len(checked):
        raise DataError(f"{where}: a value is listed twice")
    numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in checked)
    return Knob(key, checked, numeric)


def _default(data: GameData, path: list[str]) -> Any:
    """The rule's value in the data file's `[rules]`, once `check_patch` has found the key."""
    if path[0] not in data.rules:
        return None  # check_patch names the unknown option
    value: Any = data.rules[path[0]]
    for step in path[1:]:
        value = value.get(step) if isinstance(value, dict) else None
    return value


def _range(where: str, key: str, raw: str, default: Any) -> tuple[Any, ...]:
    """`LO..HI[:STEP]` as the values it steps through, of the rule's type."""
    span, _, step_text = raw.partition(":")
    lo_text, _, hi_text = span.partition("..")
    whole = isinstance(default, int) and not isinstance(default, bool)
    if not (whole or isinstance(default, float)):
        raise DataError(f"{where}: a range LO..HI needs a numeric rule; list its values instead (A,B)")
    try:
        lo, hi = float(lo_text), float(hi_text)
        step = float(step_text) if step_text else (1.0 if whole else (hi - lo) / FLOAT_STEPS)
    except ValueError:
        raise DataError(f"{where}: expected numbers in LO..HI[:STEP], e.g. 0..2:0.5") from None
    if not all(math.isfinite(x) for x in (lo, hi, step)) or not lo < hi:
        raise DataError(f"{where}: expected LO below HI, got {lo_text.strip()}..{hi_text.strip()}")
    if step <= 0:
        raise DataError(f"{where}: expected a step above 0, got {step_text.strip()}")
    count = (hi - lo) / step
    if abs(count - round(count)) > 1e-9 * max(1.0, count):
        raise DataError(f"{where}: the step {step:g} does not divide {lo:g}..{hi:g} into whole steps")
    if round(count) + 1 > MAX_VALUES:
        raise DataError(f"{where}: {round(count) + 1:,} values; at most {MAX_VALUES} (a larger step?)")
    if whole and not all(x.is_integer() for x in (lo, hi, step)):
        raise DataError(f"{where}: rules.{key} takes whole numbers; got {raw}")
    values = [lo + i * step for i in range(round(count) + 1)]
    return tuple(int(round(v)) for v in values) if whole else tuple(round(v, 10) for v in values)
