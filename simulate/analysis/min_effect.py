"""The smallest differences that matter to players (`--min-effect`), with their documented defaults.

A difference a test calls but smaller than these reads "detectable but smaller
than players would notice"; an equivalence test against them lets a verdict
say "no difference larger than 2 points" where the games show it. Defaults:

- `share`: 2 percentage points, for every share of games (the first mover's,
  each seat's, the draw rate);
- `length`: 5% of the baseline arm's median length, or a number of moves
  (`length=2`) or another share of the median (`length=10%`);
- `margin`: 1 point of winning margin.

Written on the command line as `--min-effect share=3,length=2,margin=0.5`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from printkit.errors import DataError

MEASURES = ("share", "length", "margin")


@dataclass(frozen=True)
class MinEffect:
    """The smallest difference that matters, per measure."""

    share: float = 0.02  # a share of games (0.02 = 2 percentage points)
    length_moves: float | None = None  # a length in moves; when None, `length_share` of the median
    length_share: float = 0.05
    margin: float = 1.0  # points

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
    """`share=3,length=5%,margin=1` (share in percentage points; length in moves or a % of the median)."""
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
        if key == "share":
            points = _positive(where, value.removesuffix("%"))
            if points >= 50:
                raise DataError(f"{where}: a share is in percentage points, below 50; got {value}")
            out = replace(out, share=points / 100)
        elif key == "length" and value.endswith("%"):
            out = replace(out, length_moves=None, length_share=_positive(where, value[:-1]) / 100)
        elif key == "length":
            out = replace(out, length_moves=_positive(where, value))
        else:
            out = replace(out, margin=_positive(where, value))
    return out


DEFAULT = MinEffect()
