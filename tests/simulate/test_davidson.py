"""Davidson ratings with draws (simulate/analysis/davidson.py): two agents by hand, more agents against a
direct maximisation of the model's likelihood (scipy), its covariance against the likelihood's curvature."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.optimize import minimize

from simulate.analysis.davidson import davidson, elo_ratings
from simulate.analysis.ratings import ELO, PairResult

THIRD = 1 / 3  # each pair's virtual game: a third of a win, of a draw and of a loss


def test_two_agents_by_hand():
    # Two agents fill the model, so it fits the counts exactly. With the virtual game: a wins 30 + 1/3,
    # b wins 8 + 1/3, 2 + 1/3 drawn. Davidson: a's win / b's win = pi_a / pi_b, so the strength gap is
    # ln(30.3333 / 8.3333) = ln 3.64 = 1.291984, +-0.645992 about the mean: +-112.220 Elo;
    # draw / win = nu / sqrt(pi_a / pi_b): nu = 2.3333 / sqrt(30.3333 x 8.3333) = 0.146760.
    # The gap's variance (three-outcome counts): 1/30.3333 + 1/8.3333 = 0.152967, shared equally by the
    # two agents (quasi-variances): se = sqrt(0.152967 / 2) x ELO = 48.043 Elo.
    r = davidson(2, [PairResult(0, 1, wins_a=30, wins_b=8, draws=2)])
    wa, wb, d = 30 + THIRD, 8 + THIRD, 2 + THIRD
    assert r["rating"] == pytest.approx([math.log(wa / wb) / 2 * ELO, -math.log(wa / wb) / 2 * ELO])
    assert r["rating"][0] == pytest.approx(112.220, abs=1e-3)
    assert r["nu"] == pytest.approx(d / math.sqrt(wa * wb)) and r["nu"] == pytest.approx(0.146760, abs=1e-6)
    assert r["se"][0] == pytest.approx(math.sqrt((1 / wa + 1 / wb) / 2) * ELO)
    assert r["se"][0] == pytest.approx(48.043, abs=1e-3)
    # equal agents would draw nu / (2 + nu) of their games
    assert r["equal_draws"] == pytest.approx(0.146760 / 2.146760, abs=1e-6)


def test_thirteen_wins_and_87_draws_rate_the_winner_well_above():
    # 13 + 1/3 wins, 1/3 loss, 87 + 1/3 draws: gap ln(40) = 3.688879, 640.8 Elo; half-wins would put
    # the winner at 56.5%, about 45 Elo
    r = davidson(2, [PairResult(0, 1, wins_a=0, wins_b=13, draws=87)])
    assert r["rating"][1] - r["rating"][0] == pytest.approx(math.log(40) * ELO)
    assert r["nu"] == pytest.approx((87 + THIRD) / math.sqrt((13 + THIRD) * THIRD))


def _log_likelihood(params: np.ndarray, k: int, pairs: list[PairResult]) -> float:
    """Davidson's log-likelihood, written out directly: strengths (agent 0 at 0), then log nu."""
    theta = np.concatenate([[0.0], params[: k - 1]])
    nu = math.exp(params[k - 1])
    total = 0.0
    for p in pairs:
        pa, pb = math.exp(theta[p.a]), math.exp(theta[p.b])
        tie = nu * math.sqrt(pa * pb)
        whole = pa + pb + tie
        total += (p.wins_a + THIRD) * math.log(pa / whole) + (p.wins_b + THIRD) * math.log(pb / whole)
        total += (p.draws + THIRD) * math.log(tie / whole)
    return total


def _hessian(f, x: np.ndarray, h: float = 1e-4) -> np.ndarray:
    k = len(x)
    out = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            e_i, e_j = np.eye(k)[i] * h, np.eye(k)[j] * h
            out[i, j] = (f(x + e_i + e_j) - f(x + e_i - e_j) - f(x - e_i + e_j) + f(x - e_i - e_j)) / (
                4 * h * h
            )
    return out


def test_three_agents_agree_with_the_likelihood_maximised_directly():
    pairs = [PairResult(0, 1, 10, 30, 5), PairResult(1, 2, 10, 30, 20), PairResult(0, 2, 5, 35, 0)]
    r = davidson(3, pairs)
    best = minimize(
        lambda x: -_log_likelihood(x, 3, pairs), np.zeros(3), method="BFGS", options={"gtol": 1e-10}
    )
    theta = np.concatenate([[0.0], best.x[:2]])
    assert np.array(r["rating"]) == pytest.approx((theta - theta.mean()) * ELO, abs=1e-3)
    assert r["nu"] == pytest.approx(math.exp(best.x[2]), rel=1e-5)
    # covariance: the inverse of the likelihood's curvature; with three agents quasi-variances are exact,
    # so se_i^2 + se_j^2 is the variance of each gap
    cov = np.linalg.inv(-_hessian(lambda x: _log_likelihood(x, 3, pairs), best.x))
    full = np.zeros((3, 3))
    full[1:, 1:] = cov[:2, :2]
    se = np.array(r["se"]) / ELO
    for i, j in ((0, 1), (0, 2), (1, 2)):
        gap = full[i, i] + full[j, j] - 2 * full[i, j]
        assert se[i] ** 2 + se[j] ** 2 == pytest.approx(gap, rel=1e-4)
    assert r["rating"][0] < r["rating"][1] < r["rating"][2]


def test_many_agents_with_equal_records_rate_equal_and_a_game_never_drawn_stays_finite():
    even = [PairResult(i, j, 5, 5, 2) for i in range(4) for j in range(i + 1, 4)]
    assert davidson(4, even)["rating"] == pytest.approx([0, 0, 0, 0], abs=1e-6)
    never = davidson(3, [PairResult(0, 1, 20, 0, 0), PairResult(1, 2, 20, 0, 0), PairResult(0, 2, 20, 0, 0)])
    assert all(math.isfinite(x) for x in never["rating"] + never["se"]) and never["nu"] > 0
    assert never["rating"][0] > never["rating"][1] > never["rating"][2]


def test_strengths_on_the_elo_scale_by_hand():
    # strengths 0 and ln 3 (b wins 3 of 4 decided games), the gap's variance 0.2: centred, -+ln(3)/2 x
    # 400 / ln 10 = -+95.424 Elo; two agents share the gap's variance, 0.1 each: se sqrt(0.1) x 173.718 =
    # 54.934, interval +-1.96 x 54.934 = +-107.669
    r = elo_ratings(np.array([0.0, math.log(3)]), np.array([[0.0, 0.0], [0.0, 0.2]]))
    assert r["rating"] == pytest.approx([-95.424, 95.424], abs=1e-3)
    assert r["se"] == pytest.approx([54.934, 54.934], abs=1e-3)
    assert r["hi"][0] == pytest.approx(-95.424 + 107.669, abs=1e-3)
