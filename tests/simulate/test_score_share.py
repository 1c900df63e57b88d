"""The score share with draws counted (simulate/analysis/score_share.py) and the sign test of the strength
check (simulate/analysis/sign_test.py), on results worked out by hand."""

from __future__ import annotations

import math

import pytest
from scipy.stats import multinomial
from statsmodels.stats.proportion import proportion_confint

from simulate.analysis.score_share import draw_rate_at, score_interval, score_share
from simulate.analysis.sign_test import sign_test
from simulate.analysis.skill import strength_of

Z2 = 1.959963984540054**2  # 3.841459


def test_the_best_fitting_draw_rate_by_hand():
    # 5 wins, 3 draws, 2 losses, share held at 0.5: B = 5 x 0.5 + 2 x 0.5 + 3 = 6.5;
    # 10/2 d^2 - 6.5 d + 2 x 3 x 0.25 = 0: d = (6.5 - sqrt(42.25 - 30)) / 10 = 0.3, so win and loss 0.35
    # each; the slope -5/0.7 + 3/0.3 - 2/0.7 is 0 there.
    assert draw_rate_at(0.5, 5, 3, 2) == pytest.approx(0.3)
    assert draw_rate_at(0.7, 7, 0, 3) == 0  # no draw: none fits best
    assert draw_rate_at(0.6, 0, 10, 0) == pytest.approx(0.8)  # all drawn: as many as 0.6 allows


def test_with_no_draws_it_is_wilsons_interval():
    assert score_interval(7, 0, 3) == pytest.approx(proportion_confint(7, 10, method="wilson"))
    assert score_interval(0, 0, 10) == pytest.approx(proportion_confint(0, 10, method="wilson"))


def test_every_game_drawn_gives_a_narrow_interval_about_a_half_never_nan():
    # All 100 drawn: at a share s > 1/2 the best fit is d = 2 - 2s (win 2s - 1, no loss), variance
    # s (1 - s) - d / 4 = (1 - s)(s - 1/2); the test 100 (1/2 - s)^2 = z^2 (1 - s)(s - 1/2) gives
    # s = (1/2 + z^2/100) / (1 + z^2/100) = 0.538415 / 1.038415 = 0.518497, and 0.481503 below.
    res = score_share(0, 100, 0)
    assert res["share"] == 0.5
    assert (res["lo"], res["hi"]) == pytest.approx((0.5 / (1 + Z2 / 100), (0.5 + Z2 / 100) / (1 + Z2 / 100)))
    assert (res["lo"], res["hi"]) == pytest.approx((0.481503, 0.518497), abs=1e-6)
    # the draw rate beside it: 100 of 100, Wilson [100 / (100 + z^2), 1] = [0.963007, 1]
    assert (res["draws"]["p"], res["draws"]["lo"], res["draws"]["hi"]) == pytest.approx(
        (1, 0.963007, 1), abs=1e-6
    )


def test_no_games_is_no_figure():
    assert score_share(0, 0, 0) == {
        "games": 0,
        "share": None,
        "lo": None,
        "hi": None,
        "draws": None,
        "why": "no games",
    }


def _coverage(pw: float, pd: float, n: int, interval) -> float:
    """The exact chance that the interval of n games holds the true share, summed over every result."""
    share, total = pw + pd / 2, 0.0
    for w in range(n + 1):
        for d in range(n + 1 - w):
            lo, hi = interval(w, d, n - w - d)
            if lo <= share <= hi:
                total += multinomial.pmf([w, d, n - w - d], n, [pw, pd, 1 - pw - pd])
    return total


def _wald(w: int, d: int, losses: int) -> tuple[float, float]:
    """The normal interval with the three-outcome variance (the usual draw-aware shortcut)."""
    n = w + d + losses
    mean = (w + d / 2) / n
    half = 1.959963984540054 * math.sqrt(max((w + d / 4) / n - mean * mean, 0) / n)
    return mean - half, mean + half


def test_the_interval_holds_the_true_share_95_percent_of_the_time_even_when_most_games_are_drawn():
    # exact coverage over every result of 30 games (496 of them), for a few truths: the score interval
    # never falls below 94% (measured 94.9%, 96.9%, 95.0% and 99.96%: cautious where nearly every game is
    # drawn), where the normal shortcut falls to 77% for a game that draws nearly always (it reads 30
    # draws of 30 as a share known exactly)
    truths = [(0.3, 0.4), (0.05, 0.9), (0.1, 0.1), (0.01, 0.97)]
    score = [_coverage(pw, pd, 30, score_interval) for pw, pd in truths]
    assert min(score) >= 0.94, score
    assert _coverage(0.01, 0.97, 30, _wald) < 0.80


def test_thirteen_wins_no_loss_and_87_draws_is_stronger():
    # The case. Decided games 13, all won: two-sided sign test p = 2 / 2^13 = 0.000244140625.
    # Share of decided games 13/13, Wilson lower end 13 / (13 + z^2) = 0.771905. Draws 87 of 100:
    # Wilson (0.87 + z^2/200 -+ z sqrt(0.87 x 0.13 / 100 + z^2 / 40000)) / (1 + z^2/100) = [0.79020, 0.92243].
    res = sign_test(0, 13, 87)
    assert res["p"] == pytest.approx(2 / 2**13)
    assert res["stronger"] and not res["weaker"]
    assert (res["share"], res["lo"], res["hi"]) == pytest.approx((1.0, 0.771905, 1.0), abs=1e-6)
    assert (res["draws"]["lo"], res["draws"]["hi"]) == pytest.approx((0.79020, 0.92243), abs=1e-5)
    # the skill axis's strength check reads it so (a draw counted as half a win read 56.5 of 100, Wilson
    # [0.467, 0.658]: not ordered)
    check = strength_of("mcts:200", "mcts:1000", 0, 13, 87)
    assert check.ordered and check.test == res


def test_a_close_record_is_not_shown_and_a_losing_one_is_weaker():
    # 60 wins to 40: P(X >= 60 | 100, 1/2) = 0.028444, two-sided 0.056888: not shown
    close = sign_test(40, 60, 0)
    assert close["p"] == pytest.approx(0.0568879, abs=1e-6)
    assert not close["stronger"] and not close["weaker"]
    assert sign_test(10, 0, 5)["weaker"]  # 0 of 10: p = 2 / 1024


def test_every_game_drawn_decides_nothing():
    res = sign_test(0, 0, 100)
    assert res["p"] is None and res["share"] is None and res["why"] == "no game was decided"
    assert res["draws"]["p"] == 1.0 and not res["stronger"]
