"""Paired games: arms play the same seeds, so game i of arm a and game i of arm b are a pair.

Where a measure's outcomes correlate game by game between the arms (the same
deal favours the first mover in both), the difference of each pair varies
less than two independent games would, and a test of the pairs needs fewer
games. Here:

- `PairSums`: the running sums a pair of arms' games leave behind (counts,
  sums, squares and cross products), from which means, variances, the
  correlation and the games the pairing saves follow; they add round by
  round, so a stopping rule can read them after every round;
- `worth_pairing`: whether the pairing changes the games a test needs by at
  least `PAIRING_GAIN` (10%) and the correlation is shown to be other than 0;
  where it is not, the unpaired tests stand and nothing changes;
- the paired tests themselves: McNemar's exact test for outcomes that are 0 or
  1 (statsmodels), the paired t test and Wilcoxon's signed-rank test for
  lengths, margins and shares with draws (scipy), with lengths cut by a cap
  compared up to the cap (a capped game counts as the cap in both arms:
  every value is then known, and the difference is that of the restricted
  means).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats as sps

from simulate.analysis.stats import Z95

# A pairing that changes the games a test needs by less than this share changes nothing a designer
# would see (a correlation of 0.06 between two shipped variants: 6%); another pair's 0.63 is a factor
# of 2.7 (docs/notes/stopping.md).
PAIRING_GAIN = 0.10


@dataclass(frozen=True)
class PairSums:
    """Sums over n pairs of games (game i of arm a, game i of arm b) of one measure.

    `a`, `b`: sums of the values; `aa`, `bb`: sums of their squares; `ab`: the
    sum of the products of each pair. The fields may be numpy arrays (many
    sequences at once, as the stopping rule's tests simulate them).
    """

    n: Any = 0
    a: Any = 0.0
    b: Any = 0.0
    aa: Any = 0.0
    bb: Any = 0.0
    ab: Any = 0.0

    @classmethod
    def of(cls, xa: np.ndarray, xb: np.ndarray) -> PairSums:
        """The sums of two arms' values, game i of one with game i of the other."""
        xa, xb = np.asarray(xa, dtype=float), np.asarray(xb, dtype=float)
        if xa.shape != xb.shape:
            raise ValueError(f"paired arms need as many games each, got {len(xa)} and {len(xb)}")
        return cls(len(xa), xa.sum(), xb.sum(), (xa * xa).sum(), (xb * xb).sum(), (xa * xb).sum())

    def __add__(self, other: PairSums) -> PairSums:
        """The sums of both sets of pairs: a round's games added to the rounds before."""
        return PairSums(
            self.n + other.n,
            self.a + other.a,
            self.b + other.b,
            self.aa + other.aa,
            self.bb + other.bb,
            self.ab + other.ab,
        )

    @property
    def mean_a(self) -> Any:
        return self.a / self.n

    @property
    def mean_b(self) -> Any:
        return self.b / self.n

    @property
    def var_a(self) -> Any:
        """Variance of arm a's values (divisor n - 1)."""
        return (self.aa - self.a * self.a / self.n) / (self.n - 1)

    @property
    def var_b(self) -> Any:
        return (self.bb - self.b * self.b / self.n) / (self.n - 1)

    @property
    def cov(self) -> Any:
        """Covariance of game i of a with game i of b (divisor n - 1)."""
        return (self.ab - self.a * self.b / self.n) / (self.n - 1)

    @property
    def var_diff(self) -> Any:
        """Variance of the pairs' differences b - a: var a + var b - 2 cov."""
        return self.var_a + self.var_b - 2 * self.cov


def correlation(s: PairSums) -> float:
    """Pearson's correlation of game i of arm a with game i of arm b (NaN where an arm never varies)."""
    denom = math.sqrt(s.var_a * s.var_b)
    return float(s.cov / denom) if denom > 0 else math.nan


def effective_games(s: PairSums) -> float:
    """How many unpaired games per arm would tell the means apart as well as these n pairs do:
    n (var a + var b) / var(b - a). NaN where the differences never vary."""
    var_diff = s.var_diff
    return float(s.n * (s.var_a + s.var_b) / var_diff) if var_diff > 0 else math.nan


def saved_games(s: PairSums) -> float:
    """Games per arm the pairing saved: the effective games less the games played (negative where the
    outcomes anticorrelate, so that pairing costs games)."""
    return effective_games(s) - s.n


def worth_pairing(s: PairSums) -> bool:
    """Whether to test this measure's pairs: the pairing changes the games a test needs by at least
    `PAIRING_GAIN` either way, and the correlation's 95% interval (Fisher's z) leaves out 0.

    Either sign counts: where the outcomes anticorrelate, an unpaired test would understate the spread of
    the difference, and only the paired test is right.
    """
    r = correlation(s)
    if not math.isfinite(r) or s.n < 4 or not s.var_diff > 0:
        return False
    ratio = (s.var_a + s.var_b) / s.var_diff
    half = Z95 / math.sqrt(s.n - 3)
    z = math.atanh(max(min(r, 1 - 1e-12), -1 + 1e-12))
    shown = z - half > 0 or z + half < 0
    return shown and abs(ratio - 1) >= PAIRING_GAIN


def mcnemar(xa: np.ndarray, xb: np.ndarray) -> dict[str, Any]:
    """McNemar's exact test of paired outcomes that are 0 or 1 (statsmodels), and the difference of
    the rates b - a with the Agresti-Min interval (half a pair added to each of the four cells).

    Only the discordant pairs speak: `a_only` games counted in a but not in b, `b_only` the other way;
    under no difference each discordant pair is as likely one way as the other (a sign test on them).
    """
    from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

    xa, xb = np.asarray(xa, dtype=int), np.asarray(xb, dtype=int)
    n = len(xa)
    both, a_only = int(np.sum((xa == 1) & (xb == 1))), int(np.sum((xa == 1) & (xb == 0)))
    b_only, neither = int(np.sum((xa == 0) & (xb == 1))), int(np.sum((xa == 0) & (xb == 0)))
    out: dict[str, Any] = {"test": "McNemar exact", "pairs": n, "a_only": a_only, "b_only": b_only}
    if n == 0:
        return out | {"p": None, "why": "no pairs", "diff": math.nan, "lo": math.nan, "hi": math.nan}
    out["diff"] = (b_only - a_only) / n
    # Agresti and Min (2005): the Wald interval of the adjusted table keeps near its 95% even at 0 and n
    b_adj, a_adj, n_adj = b_only + 0.5, a_only + 0.5, n + 2
    d_adj = (b_adj - a_adj) / n_adj
    se = math.sqrt(((a_adj + b_adj) / n_adj - d_adj**2) / n_adj)
    out["lo"], out["hi"] = max(-1.0, d_adj - Z95 * se), min(1.0, d_adj + Z95 * se)
    if a_only + b_only == 0:
        return out | {"p": None, "why": "no pair differs"}
    table = [[both, a_only], [b_only, neither]]
    return out | {"p": float(sm_mcnemar(table, exact=True).pvalue)}


def paired_means(xa: np.ndarray, xb: np.ndarray, cap: float | None = None) -> dict[str, Any]:
    """The mean of the pairs' differences b - a with its 95% t interval, the paired t test and
    Wilcoxon's signed-rank test (scipy), and what the pairing did (correlation, games saved).

    `cap`: lengths cut by a cap compare up to it (each value taken as at most `cap`, in both arms), so
    the difference is that of the restricted means and a capped game is known, not guessed. Pairs that
    do not differ count in Wilcoxon's ranks as Pratt's rule says (ranked, then left out), so that many
    ties at the cap do not make a difference look larger.
    """
    xa, xb = np.asarray(xa, dtype=float), np.asarray(xb, dtype=float)
    if cap is not None:
        xa, xb = np.minimum(xa, cap), np.minimum(xb, cap)
    d = xb - xa
    n = len(d)
    out: dict[str, Any] = {"pairs": n, "diff": float(d.mean()) if n else math.nan}
    if n < 2:
        return out | {"p_t": None, "p_wilcoxon": None, "why": "fewer than two pairs"}
    s = PairSums.of(xa, xb)
    out |= {"correlation": correlation(s), "saved": saved_games(s)}
    if np.all(d == d[0]):
        why = "no pair differs" if d[0] == 0 else "every pair differs by the same amount"
        return out | {"lo": out["diff"], "hi": out["diff"], "p_t": None, "p_wilcoxon": None, "why": why}
    t = sps.ttest_rel(xb, xa)
    ci = t.confidence_interval(0.95)
    out |= {"lo": float(ci.low), "hi": float(ci.high), "p_t": float(t.pvalue)}
    out["p_wilcoxon"] = float(sps.wilcoxon(xb, xa, zero_method="pratt", method="approx").pvalue)
    return out
