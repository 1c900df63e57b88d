"""Bradley-Terry ratings of agents from their head-to-head results, with 95% intervals.

The model: agent i beats agent j with probability 1 / (1 + exp(b_j - b_i)). A
draw counts as half a win to each. Each pair also gets one virtual drawn game,
so that a clean sweep gives a finite rating instead of an infinite one (a
small pull towards equal strength, visible only in one-sided pairs). The
strengths are fitted by Newton's method with the first agent held at 0, their
covariance is the inverse of the observed information, and ratings are
reported centred on their mean, in Elo points (400 / ln 10 per unit of b),
with comparison intervals from quasi-variances (see `quasi_variances`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from simulate.analysis.stats import Z95

ELO = 400 / math.log(10)
PRIOR_GAMES = 1.0


@dataclass(frozen=True)
class PairResult:
    """Games between agents `a` and `b` (indices): wins of each and draws."""

    a: int
    b: int
    wins_a: float
    wins_b: float
    draws: float

    @property
    def games(self) -> float:
        return self.wins_a + self.wins_b + self.draws


def _tables(k: int, pairs: list[PairResult]) -> tuple[np.ndarray, np.ndarray]:
    """Games played and (fractional) wins between every ordered pair, virtual draws included."""
    played = np.zeros((k, k))
    won = np.zeros((k, k))
    for p in pairs:
        n = p.games + PRIOR_GAMES
        played[p.a, p.b] += n
        played[p.b, p.a] += n
        won[p.a, p.b] += p.wins_a + (p.draws + PRIOR_GAMES) / 2
        won[p.b, p.a] += p.wins_b + (p.draws + PRIOR_GAMES) / 2
    return played, won


def bradley_terry(k: int, pairs: list[PairResult]) -> dict[str, list[float]]:
    """Ratings (Elo points, mean 0) of `k` agents with their standard errors and 95% intervals."""
    played, won = _tables(k, pairs)
    beta = np.zeros(k)
    info = np.zeros((k, k))
    for _ in range(100):
        diff = beta[:, None] - beta[None, :]
        p = 1 / (1 + np.exp(-diff))
        grad = (won - played * p).sum(axis=1)
        weight = played * p * (1 - p)
        info = np.diag(weight.sum(axis=1)) - weight
        step = np.linalg.solve(info[1:, 1:], grad[1:])
        beta[1:] += step
        if np.max(np.abs(step)) < 1e-12:
            break
    cov = np.zeros((k, k))
    cov[1:, 1:] = np.linalg.inv(info[1:, 1:])
    beta = beta - beta.mean()
    sd = np.sqrt(quasi_variances(cov))
    rating = beta * ELO
    half = Z95 * sd * ELO
    return {
        "rating": rating.tolist(),
        "se": (sd * ELO).tolist(),
        "lo": (rating - half).tolist(),
        "hi": (rating + half).tolist(),
    }


def quasi_variances(cov: np.ndarray) -> np.ndarray:
    """One variance per agent whose sums best give the variance of every difference of two strengths.

    Strengths are only known relative to each other, so an agent's own
    variance depends on the reference chosen; quasi-variances (Firth and de
    Menezes 2004) do not: q_i + q_j approximates var(b_i - b_j) for every
    pair (exactly for two or three agents; least squares beyond), so two
    agents whose intervals do not overlap differ clearly, and an agent swept
    by all the others widens only its own interval.
    """
    k = len(cov)
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    design = np.zeros((len(pairs), k))
    target = np.zeros(len(pairs))
    for row, (i, j) in enumerate(pairs):
        design[row, i] = design[row, j] = 1.0
        target[row] = cov[i, i] + cov[j, j] - 2 * cov[i, j]
    q = np.linalg.lstsq(design, target, rcond=None)[0]
    return np.maximum(q, 0.0)
