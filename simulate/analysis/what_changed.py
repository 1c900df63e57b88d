"""What changed, first: the order in which a bottom line names the measures, and which levels stall.

Every measure compared between two arms (the first mover, seats, draws,
games stopped by a cap, length, margins, lead changes, drama, decisiveness,
a game's own metrics) arrives as a `Change`: its difference b - a with an
interval, its minimum effect and whether its difference is called and its
equivalence shown (after `multiplicity.adjust`). `ranked` puts them in the
order the bottom line names them:

1. `matters`: called, and at least the minimum effect;
2. `small`: called, but smaller than the minimum effect;
3. `within`: not called, and shown within the minimum effect;
4. `open`: neither (a difference that is not a number goes here too).

Within each group the largest comes first. Measures come in different units
(points of a share, moves, points of score), so "largest" is counted in each
measure's own minimum effect: the difference divided by the smallest
difference that players would notice in that measure. A length change of
98 moves against a minimum effect of 15 (6.5 times noticeable) comes before
a first-mover change of 7 points against 2 (3.5 times). A standardised size
(the difference over the spread of one game) would rank by how well the
games tell the arms apart, not by how much players would notice; the
minimum effect is the designer's own scale of the latter. Ties go to the
larger lower end of the interval, then to the measure's name.

`cap_warnings`: a level (or arm) where a cap stops more than a few games unfinished is
said before anything else: at least `CAP_SHARE` (5%, one game in twenty, a
rate a designer would meet in an evening's playtest) of its games stopped by
a cap, and shown above `CAP_SHOWN` (2%) by the share's 95% Wilson interval,
so that one capped game among a dozen does not raise it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from simulate.analysis.stats import ALPHA

GROUPS = ("matters", "small", "within", "open")
CAP_SHARE = 0.05
CAP_SHOWN = 0.02


@dataclass(frozen=True)
class Change:
    """One measure's change between two arms: b - a (`diff`) with its interval, in the measure's unit,
    its minimum effect `delta`, and the adjusted decisions."""

    measure: str
    diff: float
    lo: float
    hi: float
    delta: float
    called: bool
    equivalent: bool

    @property
    def size(self) -> float:
        """The change in multiples of its minimum effect (NaN where the difference is not a number)."""
        return abs(self.diff) / self.delta

    @property
    def least(self) -> float:
        """How large the change is at least by its interval, in minimum effects (0 where it holds 0)."""
        near = 0.0 if self.lo <= 0 <= self.hi else min(abs(self.lo), abs(self.hi))
        return near / self.delta

    @property
    def group(self) -> str:
        """`matters`, `small`, `within` or `open` (see the module's docstring)."""
        if self.called and math.isfinite(self.diff):
            return "matters" if abs(self.diff) >= self.delta else "small"
        return "within" if self.equivalent else "open"


def ranked(changes: Sequence[Change]) -> list[Change]:
    """Every change in the order the bottom line names them: by group, then largest first."""

    def key(c: Change) -> tuple[int, float, float, str]:
        size = c.size if math.isfinite(c.size) else -1.0
        least = c.least if math.isfinite(c.least) else -1.0
        return GROUPS.index(c.group), -size, -least, c.measure

    return sorted(changes, key=key)


def leading(changes: Sequence[Change]) -> list[Change]:
    """The changes the bottom line opens with: called and at least the minimum effect, largest first."""
    return [c for c in ranked(changes) if c.group == "matters"]


@dataclass(frozen=True)
class CapWarning:
    """A level whose games a cap too often stops unfinished: its games stopped by a cap, of all its games,
    with the share's 95% Wilson interval."""

    level: str
    capped: int
    games: int
    share: float
    lo: float
    hi: float


def cap_warning(level: str, capped: int, games: int) -> CapWarning | None:
    """The level's warning where at least `CAP_SHARE` of its games hit a cap and the share's interval
    lies above `CAP_SHOWN`; None otherwise (and for a level with no games)."""
    share = capped / games if games else 0.0
    if share < CAP_SHARE:
        return None
    # statsmodels (and the pandas it imports, 0.2 s) is loaded only for a level capped often enough to
    # ask its interval: most reports never do
    from statsmodels.stats.proportion import proportion_confint

    lo, hi = proportion_confint(capped, games, alpha=ALPHA, method="wilson")
    if lo <= CAP_SHOWN:
        return None
    return CapWarning(level, capped, games, share, float(lo), float(hi))


def cap_warnings(levels: Sequence[tuple[str, int, int]]) -> list[CapWarning]:
    """The warnings of every (level, capped, games), the most capped first (then in the given order)."""
    found = [w for w in (cap_warning(*level) for level in levels) if w is not None]
    return sorted(found, key=lambda w: -w.share)
