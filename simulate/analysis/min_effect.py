"""The smallest differences that matter to players (`--min-effect`), with their documented defaults.

A difference a test calls but smaller than these reads "detectable but smaller
than players would notice"; an equivalence test against them lets a verdict
say "no difference larger than 2 points" where the games show it. Defaults:

- `share`: 2 percentage points, for every share of games (the first mover's,
  each seat's, the draw rate);
- `length`: 5% of the baseline arm's median length, or a number of moves
  (`length=2`) or another share of the median (`length=10%`);
- `margin`: 1 point of winning margin;
- `lead_changes`: half a lead change a game (one game in two gains or loses
  one: the "how often does the lead change hands" players feel);
- `decisive_at`: 5 points of the game's moves (the winner leads for good
  after 45% of the moves rather than 40%);
- `drama`: 1 point (how far the eventual winner trailed at worst), as margin;
- `spread`: 1 point (the best side's final score minus the worst's), as margin;
- `metrics`: a game's own metric, 5% of the baseline arm's mean (as length),
  but at least a fifth of the baseline's standard deviation (Cohen's "small"
  effect), so that a metric whose mean lies near 0 (a rare event counted per
  game) does not make every wobble matter; 2 points (`share`) where the
  metric is a yes or no (0 or 1) each game.

Written on the command line as `--min-effect share=3,length=2,margin=0.5`
(`lead_changes=1`, `decisive_at=10` in points of the game's moves, `drama=2`,
`spread=2`, `metrics=10%`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from printkit.errors import DataError

SMALL = 0.2  # Cohen's small effect, in standard deviations: the least a game's own metric's minimum effect
MEASURES = ("share", "length", "margin", "lead_changes", "decisive_at", "drama", "spread", "metrics")


@dataclass(frozen=True)
class MinEffect:
    """The smallest difference that matters, per measure."""

    share: float = 0.02  # a share of games (0.02 = 2 percentage points)
    length_moves: float | None = None  # a length in moves; when None, `length_share` of the median
    length_share: float = 0.05
    margin: float = 1.0  # points
    lead_changes: float = 0.5  # lead changes a game
    decisive_at: float = 0.05  # a share of the game's moves
    drama: float = 1.0  # points
    spread: float = 1.0  # points
    metrics_share: float = 0.05  # of the baseline's mean, for a game's own metric

    def metric(self, mean: float, sd: float, yes_no: bool) -> float:
        """The smallest change of a game's own metric that matters, against the baseline's mean and sd."""
        if yes_no:
            return self.share
        relative = self.metrics_share * abs(mean) if math.isfinite(mean) else 0.0
        spread = SMALL * sd if math.isfinite(sd) else 0.0
        return max(relative, spread) or 1.0

    def length(self, median: float) -> float:
        """The smallest change of length that matters, in moves, against a baseline median."""
        if self.length_moves is not None:
            return self.length_moves
        return self.length_share * median if math.isfinite(median) and median > 0 else 1.0

    def as_dict(self) -> dict[str, float | None]:
        """What a run's summary records of it."""
        return {
            "share": self.share,
            "length_moves": self.length_moves,
            "length_share": self.length_share,
            "margin": self.margin,
            "lead_changes": self.lead_changes,
            "decisive_at": self.decisive_at,
            "drama": self.drama,
            "spread": self.spread,
            "metrics_share": self.metrics_share,
        }


def _positive(where: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (value > 0 and math.isfinite(value)):
        raise DataError(f"{where}: expected a number above 0, got {text!r}")
    return value


def parse_min_effect(text: str | None) -> MinEffect:
    """`share=3,length=5%,margin=1` (share and decisive_at in percentage points; length in moves or a % of
    the median; metrics a % of the baseline's mean; the others in their own units)."""
    out = MinEffect()
    if not text:
        return out
    for part in text.split(","):
        key, eq, value = (p.strip() for p in part.partition("="))
        where = f"--min-effect {part.strip()}"
        if key not in MEASURES or not eq:
            raise DataError(
                f"{where}: expected MEASURE=VALUE with MEASURE one of {', '.join(MEASURES)} "
                "(e.g. share=3,length=5%,margin=1)"
            )
        if key in ("share", "decisive_at"):
            points = _positive(where, value.removesuffix("%"))
            if points >= 50:
                raise DataError(f"{where}: a share is in percentage points, below 50; got {value}")
            out = replace(out, **{key: points / 100})
        elif key == "metrics":
            out = replace(out, metrics_share=_positive(where, value.removesuffix("%")) / 100)
        elif key == "length" and value.endswith("%"):
            out = replace(out, length_moves=None, length_share=_positive(where, value[:-1]) / 100)
        elif key == "length":
            out = replace(out, length_moves=_positive(where, value))
        else:
            out = replace(out, **{key: _positive(where, value)})
    return out


DEFAULT = MinEffect()
