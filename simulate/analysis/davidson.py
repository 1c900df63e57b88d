"""Ratings of agents whose games can be drawn: Davidson's extension of Bradley-Terry, with 95% intervals.

Davidson (1970): agent i of strength pi_i beats agent j with probability
pi_i / (pi_i + pi_j + nu sqrt(pi_i pi_j)), and they draw with probability
nu sqrt(pi_i pi_j) / (the same sum). Among decided games this is Bradley-Terry
(i wins with probability pi_i / (pi_i + pi_j)), so ratings keep the Elo scale
of `simulate.analysis.ratings`; `nu` says how drawish the game is (equal agents draw
nu / (2 + nu) of their games). A draw is a third outcome, not half a win to
each side: 13 wins, no loss and 87 draws rate the winner well above the other
agent, where half-wins read it as 58%.

The fit is statsmodels' Poisson GLM on the win / draw / loss counts of each
pair with a free total per pair, whose estimates and standard errors are
those of the three-outcome (multinomial) model (the Poisson trick: Baker
1994); own code only lays out the design. Each pair also gets one virtual
game, a third each of a win, a draw and a loss, so that a clean sweep or a
game never drawn still has finite ratings (a small pull towards equal
strength and towards some draws, visible only in one-sided pairs). Ratings
are centred on their mean, in Elo points, with comparison intervals from
quasi-variances (`simulate.analysis.ratings.quasi_variances`).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np

from simulate.analysis.ratings import ELO, PairResult, quasi_variances
from simulate.analysis.stats import Z95

PRIOR_GAMES = 1.0  # virtual games per pair, a third each won, drawn and lost


def design(k: int, pairs: Sequence[PairResult]) -> tuple[np.ndarray, np.ndarray]:
    """The Poisson design of the Davidson model: three rows per pair (a wins, a draw, b wins), columns
    the strengths of agents 1..k-1 (agent 0 is the reference, strength 0), log nu, and one total per
    pair; and the counts, virtual games included.

    The log of each row's expected count is the pair's total plus: strength a (a wins); log nu +
    (strength a + strength b) / 2 (a draw); strength b (b wins).
    """
    rows, counts = [], []
    prior = PRIOR_GAMES / 3
    for p_index, p in enumerate(pairs):
        outcomes = (
            ({p.a: 1.0}, 0.0, p.wins_a),
            ({p.a: 0.5, p.b: 0.5}, 1.0, p.draws),
            ({p.b: 1.0}, 0.0, p.wins_b),
        )
        for strengths, draw, count in outcomes:
            row = np.zeros(k + len(pairs))
            for agent, weight in strengths.items():
                if agent > 0:
                    row[agent - 1] += weight
            row[k - 1] = draw
            row[k + p_index] = 1.0
            rows.append(row)
            counts.append(count + prior)
    return np.array(rows), np.array(counts)


def davidson(k: int, pairs: Sequence[PairResult]) -> dict[str, Any]:
    """Ratings (Elo points, mean 0) of `k` agents from their pairs' wins, draws and losses, with
    standard errors and 95% intervals (quasi-variances), and the draw parameter `nu` with the share
    of games two equal agents would draw."""
    import statsmodels.api as sm
    from statsmodels.tools.sm_exceptions import PerfectSeparationWarning

    x, y = design(k, pairs)
    with warnings.catch_warnings():
        # two agents fill the model (as many free counts as parameters): every count is fitted exactly,
        # which statsmodels reads as separation and as no residual degrees of freedom; a Poisson fit's
        # scale is 1 whatever they are, so its estimates and covariance stand
        warnings.simplefilter("ignore", PerfectSeparationWarning)
        warnings.filterwarnings("ignore", "divide by zero", RuntimeWarning)
        fit = sm.GLM(y, x, family=sm.families.Poisson()).fit(tol=1e-12)
    strength = np.concatenate([[0.0], fit.params[: k - 1]])
    cov = np.zeros((k, k))
    cov[1:, 1:] = np.asarray(fit.cov_params())[: k - 1, : k - 1]
    nu = math.exp(fit.params[k - 1])
    return elo_ratings(strength, cov) | {"nu": nu, "equal_draws": nu / (2 + nu)}


def elo_ratings(strength: np.ndarray, cov: np.ndarray) -> dict[str, list[float]]:
    """Strengths (natural log units, agent 0 the reference) and their covariance as ratings in Elo
    points centred on their mean, with standard errors and 95% comparison intervals (quasi-variances)."""
    sd = np.sqrt(quasi_variances(cov))
    rating = (strength - strength.mean()) * ELO
    half = Z95 * sd * ELO
    return {
        "rating": rating.tolist(),
        "se": (sd * ELO).tolist(),
        "lo": (rating - half).tolist(),
        "hi": (rating + half).tolist(),
    }
