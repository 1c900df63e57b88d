"""A side's score share with draws counted: a win 1, a draw 1/2, a loss 0, and the draw rate beside it.

A share of decided games hides the draws (and has no value at all when every
game is drawn); a win rate that counts a draw as half a win, put in a
binomial interval, treats a three-outcome variable as a two-outcome one and
so mis-states its spread (a drawn game varies less than a won or lost one).
`score_share` gives the mean score over every game with the score interval
made for three outcomes: Wilson's idea, inverting the score test, with the
variance at each candidate share taken from the win/draw/loss rates that fit
the games best under that share (the constrained maximum likelihood). With
no draws it is Wilson's interval exactly; with every game drawn it is a
narrow interval about 1/2, never a NaN. The draw rate stands beside it with
its Wilson interval (statsmodels).
"""

from __future__ import annotations

import math
from typing import Any

from scipy.optimize import brentq

from simulate.analysis.stats import Z95


def draw_rate_at(share: float, wins: float, draws: float, losses: float) -> float:
    """The draw rate that fits the games best when the score share is held at `share`.

    With win, draw and loss rates share - d/2, d and 1 - share - d/2, the
    log-likelihood W log pw + D log pd + L log pl is greatest where its slope
    in d is 0, which is the smaller root of n/2 d^2 - (W (1 - s) + L s + D) d
    + 2 D s (1 - s) = 0 (n = W + D + L): 0 when no game was drawn, the most
    the share allows (2 min(s, 1 - s)) when every game was.
    """
    n = wins + draws + losses
    b = wins * (1 - share) + losses * share + draws
    disc = max(b * b - 4 * n * draws * share * (1 - share), 0.0)
    return min((b - math.sqrt(disc)) / n, 2 * min(share, 1 - share))


def _variance_at(share: float, wins: float, draws: float, losses: float) -> float:
    """One game's score variance under the best-fitting rates at `share`: s (1 - s) - d / 4."""
    return max(share * (1 - share) - draw_rate_at(share, wins, draws, losses) / 4, 0.0)


def score_interval(wins: float, draws: float, losses: float, z: float = Z95) -> tuple[float, float]:
    """The score interval of the mean score (wins + draws / 2) / n: the shares s whose score test
    n (mean - s)^2 <= z^2 var(s) does not reject, var(s) from `draw_rate_at`."""
    n = wins + draws + losses
    mean = (wins + draws / 2) / n

    def outside(s: float) -> float:
        return n * (mean - s) ** 2 - z * z * _variance_at(s, wins, draws, losses)

    # just inside the estimate the test never rejects; where every game has one outcome the variance
    # there is 0, so the search starts a hair away from it
    eps = 1e-12
    lo = 0.0 if mean <= eps or outside(0.0) <= 0 else brentq(outside, 0.0, mean - eps, xtol=1e-14)
    hi = 1.0 if mean >= 1 - eps or outside(1.0) <= 0 else brentq(outside, mean + eps, 1.0, xtol=1e-14)
    return lo, hi


def score_share(wins: float, draws: float, losses: float) -> dict[str, Any]:
    """A side's score share over every game (a win 1, a draw 1/2) with its 95% score interval, and the
    draw rate with its 95% Wilson interval. No games: every figure None, with the reason."""
    n = wins + draws + losses
    if n == 0:
        return {"games": 0, "share": None, "lo": None, "hi": None, "draws": None, "why": "no games"}
    # statsmodels (and the pandas it imports) is loaded where an interval is asked for: a report that
    # imports this module for `nearly_all_drawn` alone does not pay its 0.2 s
    from statsmodels.stats.proportion import proportion_confint

    lo, hi = score_interval(wins, draws, losses)
    d_lo, d_hi = proportion_confint(draws, n, alpha=0.05, method="wilson")
    return {
        "games": n,
        "wins": wins,
        "losses": losses,
        "share": (wins + draws / 2) / n,
        "lo": lo,
        "hi": hi,
        "draws": {"k": draws, "p": draws / n, "lo": float(d_lo), "hi": float(d_hi)},
    }


def nearly_all_drawn(draws: dict[str, Any], delta: float) -> bool:
    """Whether so many games are shown to be drawn that the first mover's edge has turned into draws: the
    draw rate's 95% interval (`draws`, with `lo`) lies at or above 1 - 2 `delta` (96% at a minimum effect
    of 2 points).

    A drawn game scores one half to each side, so with a draw rate d a side's score share lies within
    (1 - d) / 2 of one half whoever wins the decided games: at d >= 1 - 2 delta no edge can reach the
    minimum effect. Exact for two sides; a game of more sides is held to the same line. The interval
    (not the estimate) must clear it, so that a handful of games all drawn is not read as a drawn game.
    """
    lo = draws.get("lo")
    return lo is not None and lo >= 1 - 2 * delta  # no games: no interval (None, or NaN: never at or above)
