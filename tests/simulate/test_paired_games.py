"""Paired games (simulate/analysis/paired.py): sums, the pairing's gain, McNemar, the paired t and
signed-rank tests, on pairs worked out by hand, lengths cut by a cap among them."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from simulate.analysis.paired import (
    PairSums,
    correlation,
    effective_games,
    mcnemar,
    paired_means,
    saved_games,
    worth_pairing,
)


def test_sums_of_eight_pairs_by_hand():
    # a = 1 0 1 1 0 0 1 0, b = 1 0 1 0 0 1 1 0: four wins each, three won in both.
    # var a = (4 - 16/8) / 7 = 2/7; cov = (3 - 4 x 4 / 8) / 7 = 1/7; r = (1/7) / (2/7) = 0.5;
    # var(b - a) = 2/7 + 2/7 - 2/7 = 2/7, so the 8 pairs tell the means apart as well as
    # 8 x (4/7) / (2/7) = 16 unpaired games a side: 8 saved.
    s = PairSums.of([1, 0, 1, 1, 0, 0, 1, 0], [1, 0, 1, 0, 0, 1, 1, 0])
    assert (s.n, s.a, s.b, s.aa, s.bb, s.ab) == (8, 4, 4, 4, 4, 3)
    assert (s.var_a, s.cov, s.var_diff) == pytest.approx((2 / 7, 1 / 7, 2 / 7))
    assert correlation(s) == pytest.approx(0.5)
    assert (effective_games(s), saved_games(s)) == pytest.approx((16, 8))
    # a round of games adds to the rounds before: the sums of both halves are the sums of the whole
    halves = PairSums.of([1, 0, 1, 1], [1, 0, 1, 0]) + PairSums.of([0, 0, 1, 0], [0, 1, 1, 0])
    assert halves == s
    # r = 0.5 in 8 pairs: Fisher's z 0.5493 +- 1.96 / sqrt(5) = +-0.8765 holds 0: not shown, not paired
    assert not worth_pairing(s)


def _sums(n: int, r: float) -> PairSums:
    """n pairs of values with mean 0, variance 1 in each arm and correlation r (by their sums)."""
    return PairSums(n, 0.0, 0.0, n - 1.0, n - 1.0, (n - 1.0) * r)


def test_when_to_pair():
    # equal variances: the unpaired variance over the paired one is 2 / (2 - 2r) = 1 / (1 - r)
    assert worth_pairing(_sums(1000, 0.63))  # Time Splicers goal5: a factor of 2.7
    assert effective_games(_sums(1000, 0.63)) == pytest.approx(1000 / 0.37)
    assert not worth_pairing(_sums(1000, 0.06))  # Twinkle Twinkle blue: 1.064, under the 10% that matters
    assert worth_pairing(_sums(500, -0.3))  # anticorrelated: 1 / 1.3, the unpaired test would understate
    assert saved_games(_sums(500, -0.3)) == pytest.approx(500 / 1.3 - 500)
    assert not worth_pairing(_sums(20, 0.4))  # 0.4 in 20 pairs: z 0.424 +- 0.475 holds 0


def test_mcnemar_by_hand():
    # 50 pairs: both won 20, a only 3, b only 12, neither 15. Only the 15 discordant pairs speak: under no
    # difference each goes either way with chance 1/2, and 3 or fewer of 15 one way has chance
    # (1 + 15 + 105 + 455) / 2^15 = 576 / 32768; two-sided, p = 0.03515625.
    a = [1] * 20 + [1] * 3 + [0] * 12 + [0] * 15
    b = [1] * 20 + [0] * 3 + [1] * 12 + [0] * 15
    res = mcnemar(a, b)
    assert res["p"] == pytest.approx(576 / 32768 * 2)
    assert res["diff"] == pytest.approx((12 - 3) / 50)
    # Agresti-Min: 12.5 and 3.5 of 52, d = 9 / 52 = 0.173077; var = (16/52 - d^2) / 52 = 0.005341,
    # se 0.073083: 0.173077 -+ 1.96 x 0.073083 = [0.02983, 0.31632]
    assert (res["lo"], res["hi"]) == pytest.approx((0.02983, 0.31632), abs=2e-5)


def test_mcnemar_when_no_pair_differs():
    res = mcnemar([1, 0, 1, 1], [1, 0, 1, 1])
    assert res["p"] is None and res["why"] == "no pair differs" and res["diff"] == 0
    assert mcnemar([], [])["why"] == "no pairs"


def test_paired_lengths_by_hand():
    # d = b - a = -1, 0, -2, -2, -5: mean -2; squared deviations 1 4 0 0 9 = 14, var 3.5, se
    # sqrt(3.5 / 5) = 0.83666, t = -2.3905 on 4 degrees of freedom: p = 0.07513; interval -2 +- 2.776445 x
    # 0.83666 = [-4.32294, 0.32294].
    # Signed ranks (Pratt): |d| 1 0 2 2 5 ranked with the zero: 0 -> 1, 1 -> 2, 2 2 -> 3.5 3.5, 5 -> 5;
    # the zero then left out: all four negative, W+ = 0. Mean (5 x 6 - 1 x 2) / 4 = 7, variance
    # (5 x 6 x 11 - 1 x 2 x 3) / 24 = 13.5 less the tie 2^3 - 2 = 6 over 48: 13.375;
    # z = -7 / 3.65719 = -1.91403, p = 0.05561.
    res = paired_means([10, 12, 14, 20, 30], [9, 12, 12, 18, 25])
    assert res["diff"] == -2
    assert res["p_t"] == pytest.approx(0.07513, abs=1e-5)
    assert (res["lo"], res["hi"]) == pytest.approx((-4.32294, 0.32294), abs=1e-5)
    assert res["p_wilcoxon"] == pytest.approx(2 * sps.norm.cdf(-7 / math.sqrt(13.375)))
    assert res["p_wilcoxon"] == pytest.approx(0.05561, abs=1e-5)


def test_lengths_cut_by_a_cap_compare_up_to_it():
    # Cap 30. a = 40 12 30 50 20 18, b = 35 15 30 31 24 17: games past the cap count as 30 in both arms:
    # a' = 30 12 30 30 20 18, b' = 30 15 30 30 24 17, d = 0 3 0 0 4 -1, mean 1.0 (uncapped, -3.0).
    # Deviations -1 2 -1 -1 3 -2, squares 20, var 4, se 2 / sqrt(6) = 0.816497, t = 1.224745 on 5:
    # p = 0.27522. Pratt: zeros take ranks 1 to 3, then |1| 4, |3| 5, |4| 6: W+ = 11; mean
    # (42 - 12) / 4 = 7.5, variance (546 - 84) / 24 = 19.25 (scipy corrects no tie among the zeros):
    # z = 3.5 / 4.38748 = 0.797724, p = 0.42503.
    res = paired_means([40, 12, 30, 50, 20, 18], [35, 15, 30, 31, 24, 17], cap=30)
    assert res["diff"] == pytest.approx(1.0)
    assert res["p_t"] == pytest.approx(0.27522, abs=1e-5)
    assert res["p_wilcoxon"] == pytest.approx(0.42503, abs=1e-5)
    assert paired_means([40, 12, 30, 50, 20, 18], [35, 15, 30, 31, 24, 17])["diff"] == pytest.approx(-3.0)


def test_paired_tests_with_nothing_to_test_say_why():
    same = paired_means([3, 4, 5], [3, 4, 5])
    assert same["p_t"] is None and same["why"] == "no pair differs"
    shifted = paired_means([3, 4, 5], [4, 5, 6])
    assert shifted["p_t"] is None and shifted["why"] == "every pair differs by the same amount"
    assert paired_means([3], [4])["why"] == "fewer than two pairs"


def test_pairs_of_unequal_arms_are_refused():
    with pytest.raises(ValueError, match="as many games"):
        PairSums.of(np.zeros(3), np.zeros(4))
