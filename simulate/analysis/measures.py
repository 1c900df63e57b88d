"""The measures a report compares between arms, each a number per game, with its minimum effect.

Every question of a report is the mean of one number per game: the first
mover's credit (a win 1, a top place shared by k sides 1/k, a game stopped by
a cap shared by every side), each side's credit, whether a game was drawn or
stopped by a cap, its length in moves (a capped game counts as the cap, so
that its length is known: the mean up to the cap), its winning margin, the
observer's lead changes, decisiveness, drama and spread, and each of the
game's own metrics. Two arms are compared on the same seeds, game i with
game i (`simulate.analysis.paired`), and one arm against a fixed value (the
first mover's and each side's fair share) the same way.

`Measure` says what kind of number it is (a share in [0, 1], or a mean in its
own unit) and how to find its minimum effect (`min_effect.MinEffect`) from the
baseline arm. The set of measures of a pair of arms is fixed by their columns
and sides alone, before any game is read, so that a stopping rule looks at the
same questions after every round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from simulate.analysis.min_effect import MinEffect
from simulate.analysis.sequential import MEAN, SHARE
from simulate.analysis.tally import ArmTally

GENERIC = ("lead_changes", "decisive_at", "drama", "spread")
# The step a value comes in, for the least spread the stopping rule grants a mean: whole moves, points
# and lead changes; decisiveness in hundredths of the game; a game's own metric as the CSV rounds it.
STEPS = {"length": 1.0, "margin": 1.0, "lead_changes": 1.0, "decisive_at": 0.01, "drama": 1.0, "spread": 1.0}
METRIC_STEP = 1e-3
METRIC = "metric "  # a game's own metric's key: `metric rounds`


@dataclass(frozen=True)
class Measure:
    """One number per game: its key (also its tests' key), the tally's column, SHARE or MEAN, and the
    step its values come in."""

    key: str
    column: str
    kind: str
    step: float = 1.0

    @property
    def own(self) -> bool:
        """A game's own metric (not one every game has)."""
        return self.key.startswith(METRIC)

    @property
    def name(self) -> str:
        """The metric's own name for a game's metric, else the key."""
        return self.key.removeprefix(METRIC)


FIRST_MOVER = Measure("first_mover", "first_mover", SHARE)


def side_measures(tally: ArmTally) -> list[Measure]:
    """Each side's credit: every side's, or the first alone with two sides (the other is its mirror)."""
    sides = tally.n_sides if tally.n_sides > 2 else 1
    return [Measure(f"side_{k + 1}", f"side_{k + 1}", SHARE) for k in range(sides)]


def between(a: ArmTally, b: ArmTally, metrics: Sequence[str] = ()) -> list[Measure]:
    """The measures two arms are compared on: the first mover and each side where their sides are the
    same, draws, games capped, length, margin, the observer's columns and the game's own `metrics`
    that both arms' CSVs hold."""
    out: list[Measure] = []
    if a.sides == b.sides:
        out += [FIRST_MOVER, *side_measures(a)]
    out += [Measure("draw_rate", "drawn", SHARE), Measure("capped", "capped", SHARE)]
    out += [Measure("length", "moves", MEAN, STEPS["length"]), Measure("margin", "margin", MEAN)]
    both = set(a.per_game) & set(b.per_game)
    out += [Measure(name, name, MEAN, STEPS[name]) for name in GENERIC if name in both]
    out += [Measure(METRIC + m, m, MEAN, METRIC_STEP) for m in metrics if m in both]
    return out


def yes_no(values: np.ndarray) -> bool:
    """Whether every value is 0 or 1 (a game's own metric that is a yes or no)."""
    return bool(len(values)) and bool(np.all((values == 0) | (values == 1)))


def min_effect(m: Measure, base: ArmTally, me: MinEffect, games: int | None = None) -> float:
    """The measure's minimum effect in its own unit, from the baseline arm's first `games` games."""
    if m.kind == SHARE:
        return me.share
    if m.key == "length":
        return me.length(float(np.median(base.values("moves")[:games])) if base.games else np.nan)
    if m.key in ("margin", "lead_changes", "decisive_at", "drama", "spread"):
        return float(getattr(me, m.key))
    values = base.values(m.column)[:games]
    values = values[~np.isnan(values)]
    mean = float(values.mean()) if len(values) else np.nan
    sd = float(values.std(ddof=1)) if len(values) > 1 else np.nan
    return me.metric(mean, sd, yes_no(values))


def varies(m: Measure, a: ArmTally, b: ArmTally, games: int) -> bool:
    """Whether the measure takes more than one value over both arms' first `games` games (a game that
    never draws has no draw rate to compare)."""
    values = np.concatenate([a.values(m.column)[:games], b.values(m.column)[:games]])
    return bool(len(values)) and bool(np.any(values != values[0]))
