"""What a tune aims at: measures of the balance report, each with a goal, made into one number to minimise.

`--target MEASURE GOAL[@WEIGHT]` (repeatable) adds a term; `--require MEASURE
GOAL` adds a constraint. A goal is `=fair` (shares only), `=X`, `=LO..HI`,
`<=X` or `>=X`; shares are written as fractions (`draws<=0.10`). A term's
*miss* is how far the measure lies outside its goal (0 inside), in percentage
points for shares and in the measure's own unit otherwise, times its weight.
The objective is the sum of the terms' misses plus `PENALTY` times every
requirement's miss, so a setting that keeps the requirements beats any that
breaks one. Each measure also has a standard error, and the objective's is
the weighted sum's under independence: the search ranks settings with it.

The measures (`MEASURES`) are read from `balance.summarize`, as the report
shows them; the game's own metrics and the runner's flow figures are measures
too (their mean per game).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from printkit.errors import DataError
from simulate.analysis.balance import GENERIC_METRICS
from simulate.words import display_name, say

PENALTY = 1000.0  # a requirement's miss against a target's: any kept requirement outweighs every target
NO_VALUE_MISS = 100.0  # a share with nothing to count (no decided game) misses by the whole scale


@dataclass(frozen=True)
class Reading:
    """A measure's value in one arm and its standard error (nan when the arm cannot give it)."""

    value: float
    se: float


def _share(r: dict[str, Any]) -> Reading:
    if not r["n"]:
        return Reading(math.nan, math.nan)
    return Reading(r["p"], math.sqrt(max(r["p"] * (1 - r["p"]), 0.25 / r["n"]) / r["n"]))


def _largest_gap(rates: Sequence[dict[str, Any]], fair: float) -> Reading:
    """The largest distance of a side's share from fair, with that side's standard error."""
    readings = [_share(r) for r in rates]
    if any(math.isnan(x.value) for x in readings):
        return Reading(math.nan, math.nan)
    worst = max(readings, key=lambda x: abs(x.value - fair))
    return Reading(abs(worst.value - fair), worst.se)


def _mean(d: dict[str, Any]) -> Reading:
    if not d["n"]:
        return Reading(math.nan, math.nan)
    return Reading(d["mean"], d["sd"] / math.sqrt(d["n"]) if d["n"] > 1 else math.inf)


@dataclass(frozen=True)
class Measure:
    """A figure of the report a target can name."""

    name: str
    share: bool  # a share of games (a fraction, its miss in percentage points)
    read: Callable[[dict[str, Any]], Reading]
    fair: Callable[[dict[str, Any]], float] | None = None  # what `=fair` means, where it means anything
    gap: bool = False  # the value is already a distance from fair (`=fair` is 0)
    metric: bool = False  # a game's own figure or a flow figure, not one of the report's measures

    @property
    def doc(self) -> str:
        """The measure in words, in the language spoken when it is read (the measures are made at import)."""
        if self.metric:
            return say("measure.metric", name=display_name(self.name))
        return say(f"measure.{self.name}")


MEASURES: dict[str, Measure] = {
    m.name: m
    for m in (
        Measure(
            "first_mover",
            True,
            lambda s: _share(s["position_wins"][0]),
            fair=lambda s: s["fair_share"],
        ),
        Measure(
            "seats",
            True,
            lambda s: _largest_gap(s["side_wins"], s["fair_share"]),
            fair=lambda s: 0.0,
            gap=True,
        ),
        Measure(
            "positions",
            True,
            lambda s: _largest_gap(s["position_wins"], s["fair_share"]),
            fair=lambda s: 0.0,
            gap=True,
        ),
        Measure("draws", True, lambda s: _share(s["draws"])),
        Measure("capped", True, lambda s: _share(s["capped"])),
        Measure("length", False, lambda s: _mean(s["moves"])),
        Measure("margin", False, lambda s: _mean(s["margin"])),
        Measure("score", False, lambda s: _mean(s["score_all"])),
    )
}


def measures_for(metric_names: Sequence[str]) -> dict[str, Measure]:
    """The report's measures plus the game's own metrics and the flow figures (their mean per game)."""
    out = dict(MEASURES)
    for name in (*metric_names, *GENERIC_METRICS):
        if name not in out:
            group = "generic" if name in GENERIC_METRICS else "metrics"
            out[name] = Measure(
                name,
                False,
                lambda s, g=group, m=name: _mean(s[g][m]) if m in s[g] else Reading(math.nan, math.nan),
                metric=True,
            )
    return out


@dataclass(frozen=True)
class Target:
    """One measure with its goal `[lo, hi]` (`fair`: worked out per arm), weight, and whether it is a must."""

    measure: Measure
    lo: float
    hi: float
    fair: bool
    weight: float
    required: bool
    text: str

    def goal(self, summary: dict[str, Any]) -> tuple[float, float]:
        if self.fair:
            assert self.measure.fair is not None
            f = self.measure.fair(summary)
            return f, f
        return self.lo, self.hi

    def miss(self, summary: dict[str, Any]) -> tuple[float, float]:
        """How far the arm lies outside the goal (in points for shares) and that miss's standard error."""
        reading = self.measure.read(summary)
        scale = 100.0 if self.measure.share else 1.0
        if math.isnan(reading.value):
            return NO_VALUE_MISS, math.inf
        lo, hi = self.goal(summary)
        miss = max(lo - reading.value, 0.0, reading.value - hi) * scale
        return miss, reading.se * scale


GOAL = re.compile(r"^\s*([A-Za-z_][\w]*)\s*(<=|>=|=)\s*([^@]+?)\s*(?:@\s*([^@]+?)\s*)?$")


def parse_targets(
    specs: Sequence[str], required: Sequence[str], metric_names: Sequence[str]
) -> tuple[Target, ...]:
    """`--target` and `--require` specs as targets; at least one target or requirement."""
    known = measures_for(metric_names)
    targets = [parse_target(spec, known, False) for spec in specs]
    targets += [parse_target(spec, known, True) for spec in required]
    if not targets:
        raise DataError("--target: name at least one measure and its goal, e.g. --target first_mover=fair")
    return tuple(targets)


def parse_target(spec: str, known: dict[str, Measure], required: bool) -> Target:
    """`first_mover=fair`, `draws<=0.10`, `length=18..24@0.5`, `margin>=1`."""
    flag = "--require" if required else "--target"
    match = GOAL.match(spec)
    if not match:
        raise DataError(
            f"{flag} {spec!r}: expected MEASURE=GOAL, MEASURE<=X or MEASURE>=X "
            "(e.g. first_mover=fair, draws<=0.10, length=18..24)"
        )
    name, op, goal, weight_text = match.groups()
    if name not in known:
        from printkit.datafile.schema import unknown_key

        raise unknown_key(flag, name, known, "not a measure of the report")
    measure = known[name]
    weight = _number(flag, spec, weight_text, "weight") if weight_text else 1.0
    if weight_text and required:
        raise DataError(f"{flag} {spec}: a requirement has no weight (it must hold); drop @{weight_text}")
    if not math.isfinite(weight) or weight <= 0:
        raise DataError(f"{flag} {spec}: expected a weight above 0, got {weight_text}")
    fair = goal == "fair"
    if fair and (op != "=" or measure.fair is None):
        allowed = ", ".join(n for n, m in known.items() if m.fair is not None)
        raise DataError(f"{flag} {spec}: only {allowed} have a fair value (and take =fair)")
    lo, hi = _goal(flag, spec, op, goal, measure) if not fair else (math.nan, math.nan)
    return Target(measure, lo, hi, fair, weight, required, spec.strip())


def _goal(flag: str, spec: str, op: str, goal: str, measure: Measure) -> tuple[float, float]:
    if op == "<=":
        lo, hi = -math.inf, _number(flag, spec, goal, "bound")
    elif op == ">=":
        lo, hi = _number(flag, spec, goal, "bound"), math.inf
    elif ".." in goal:
        a, _, b = goal.partition("..")
        lo, hi = _number(flag, spec, a, "lower end"), _number(flag, spec, b, "upper end")
        if lo > hi:
            raise DataError(f"{flag} {spec}: expected LO..HI with LO at most HI")
    else:
        lo = hi = _number(flag, spec, goal, "goal")
    if measure.share and any(math.isfinite(x) and not 0 <= x <= 1 for x in (lo, hi)):
        raise DataError(f"{flag} {spec}: {measure.name} is a share of games; give it as a fraction 0..1")
    return lo, hi


def _number(flag: str, spec: str, text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise DataError(f"{flag} {spec}: expected a number as the {what}, got {text.strip()!r}") from None
    if not math.isfinite(value):
        raise DataError(f"{flag} {spec}: expected a finite number as the {what}, got {text.strip()!r}")
    return value


def objective(targets: Sequence[Target], summary: dict[str, Any]) -> tuple[float, float]:
    """The number the search lowers, and its standard error: weighted misses, plus requirements' penalty."""
    total, variance = 0.0, 0.0
    for t in targets:
        miss, se = t.miss(summary)
        factor = PENALTY if t.required else t.weight
        total += factor * miss
        # a miss of 0 well inside its goal is not noise; the se counts only near or past the goal's edge
        variance += (factor * se) ** 2 if miss > 0 or _near_edge(t, summary, se) else 0.0
    return total, math.sqrt(variance)


def _near_edge(t: Target, summary: dict[str, Any], se: float) -> bool:
    reading = t.measure.read(summary)
    lo, hi = t.goal(summary)
    scale = 100.0 if t.measure.share else 1.0
    inside = min(reading.value - lo, hi - reading.value) * scale
    return inside < 2 * se


def describe_targets(targets: Sequence[Target]) -> list[str]:
    """Each target in words, for the page."""
    lines = []
    for t in targets:
        kind = say("tune.requirement") if t.required else say("tune.weighted", weight=f"{t.weight:g}")
        unit = say("tune.unit.points" if t.measure.share else "tune.unit.own")
        lines.append(say("tune.target", target=t.text, kind=kind, measure=t.measure.doc, unit=unit))
    return lines
