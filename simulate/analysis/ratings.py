"""What a ladder rates agents from and the scale it rates them on: each pair's wins, losses and draws,
Elo points, and the quasi-variances that give every agent one interval.

The model that turns a ladder's pairs into ratings is Davidson's extension
of Bradley-Terry, in which a draw is an outcome of its own
(`simulate.analysis.davidson`); its strengths are put on the Elo scale
(400 / ln 10 points per unit of log-strength) with comparison intervals from
quasi-variances (`quasi_variances`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

ELO = 400 / math.log(10)


@dataclass(frozen=True)
class PairResult:
    """Games between agents `a` and `b` (indices): wins of each and draws."""

    a: int
    b: int
    wins_a: int
    wins_b: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins_a + self.wins_b + self.draws


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
