"""The stopping rule (simulate/analysis/sequential.py): looks worked out by hand, and the error rates the
issue demands, measured on many simulated sequences whose truth is set.

Every hand-worked look uses the boundary's numbers at the default T_OPT = 5,000 games per arm and
alpha = 0.05:

    L = 2 ln 20 = 5.991465;  rho = (L + ln(1 + L)) / 5000 = (5.991465 + 1.944691) / 5000 = 0.00158723
    1 / rho = 630.030
    boundary(t) = sqrt((t + 1/rho) (L + ln(1 + rho t)) / t);  half-width = sd x boundary(t) / sqrt(t)
    p against no difference = 1 / Lambda, ln Lambda = -ln(1 + rho t) / 2 + rho S^2 / (2 (1 + rho t)),
    S = t x diff / sd
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from simulate.analysis.paired import PairSums
from simulate.analysis.sequential import (
    MEAN,
    Evidence,
    Question,
    boundary,
    evidence,
    follow,
    look,
    mixing,
    more_games,
    rounds,
)

RHO = 0.00158723


def test_the_mixing_precision_and_boundary_by_hand():
    assert mixing() == pytest.approx(RHO, rel=1e-5)
    # t = 400: rho t = 0.634892, ln(1.634892) = 0.491573; (1030.030 x 6.483038) / 400 = 16.6942
    assert boundary(400) == pytest.approx(math.sqrt(16.6942), rel=1e-5)  # 4.08586, against 1.96 fixed
    # at T_OPT it is at its narrowest, about 3.04 standard errors
    assert boundary(5000) == pytest.approx(3.035, abs=0.002)


def test_two_shares_not_yet_called_at_400_games_then_called_at_1600():
    # Arm a wins 100 of 400 games, arm b 140: diff = 0.35 - 0.25 = 0.10.
    # Spread as if each arm had one more win and loss: a 101/402 = 0.251244, var 0.251244 x 0.748756 =
    # 0.188120; b 141/402 = 0.350746, var 0.227723; sd = sqrt(0.415843) = 0.644859.
    # Half-width 0.644859 x 4.08586 / 20 = 0.131740: [-0.03174, 0.23174] holds 0, so not called.
    # S = 400 x 0.1 / 0.644859 = 62.0291; ln Lambda = -0.245787 + 0.00158723 x 3847.61 / 3.269784
    # = 1.621930, p = e^-1.621930 = 0.19753. A fixed test of 400 games a side would call it (z = 3.1).
    q = Question("first mover", delta=0.02)
    first = look(q, PairSums(400, 100, 140, 100, 140, 0))
    assert (first.lo, first.hi) == pytest.approx((-0.03174, 0.23174), abs=2e-5)
    assert first.evidence.difference == pytest.approx(0.19753, rel=1e-3)
    assert first.evidence.above == 1.0  # an estimate 5 times past +delta says nothing for "within"
    assert first.state == "open"
    # 1,600 games, the same rates: a 401/1602 (var 0.187656), b 561/1602 (var 0.227556), sd 0.644370;
    # rho t = 2.53957, ln 3.53957 = 1.264006, boundary sqrt(2230.03 x 7.255471 / 1600) = 3.18001;
    # half-width 0.644370 x 3.18001 / 40 = 0.051228: [0.04877, 0.15123], called.
    # S = 248.305: ln Lambda = 0.00158723 x 61655.4 / 7.07914 - 0.632003 = 13.1918, p = e^-13.1918 = 1.8657e-6
    looks = follow(q, [PairSums(400, 100, 140, 100, 140, 0), PairSums(1600, 400, 560, 400, 560, 0)])
    assert [x.state for x in looks] == ["open", "called"]
    assert (looks[1].lo, looks[1].hi) == pytest.approx((0.04877, 0.15123), abs=2e-5)
    assert looks[1].evidence.difference == pytest.approx(1.8657e-6, rel=2e-4)


def test_one_arm_against_the_fair_share():
    # A 4-seat game: the first mover wins 180 of 600 games, fair 0.25: diff 0.05.
    # One arm: var of 181/602 = 0.300664 is 0.210265, sd 0.458547; rho t = 0.952337, ln 1.952337 =
    # 0.669027; boundary sqrt(1230.03 x 6.660492 / 600) = 3.695179; half 0.458547 x 3.695179 / 24.494897
    # = 0.069174: [-0.01917, 0.11917], open (a fixed z test would say p = 0.0075: the price of looking
    # after every round).
    q = Question("first mover", delta=0.02, fixed=0.25)
    one = look(q, PairSums(600, 0, 180, 0, 180, 0))
    assert (one.diff, one.lo, one.hi) == pytest.approx((0.05, -0.01917, 0.11917), abs=2e-5)
    assert one.state == "open"


def test_a_score_share_with_draws():
    # Scores 1 / 1/2 / 0. Arm a: 90 wins, 120 draws, 90 losses of 300: sum 150, squares 90 + 30 = 120.
    # Arm b: 120, 120, 60: sum 180, squares 150. Diff 0.6 - 0.5 = 0.1.
    # With a win and a loss added: a mean 151/302 = 0.5, second moment 121/302 = 0.400662, var 0.150662;
    # b mean 181/302 = 0.599338, second moment 0.5, var 0.140794 (draws vary less than a coin: 0.25);
    # sd = sqrt(0.291456) = 0.539867; rho t = 0.476168, ln 1.476168 = 0.389447; boundary
    # sqrt(930.03 x 6.380912 / 300) = 4.447624; half 0.539867 x 4.447624 / 17.320508 = 0.138629.
    q = Question("first mover score", delta=0.02)
    drawn = look(q, PairSums(300, 150, 180, 120, 150, 0))
    assert (drawn.lo, drawn.hi) == pytest.approx((0.1 - 0.138629, 0.1 + 0.138629), abs=2e-5)
    assert drawn.state == "open"


def test_pairs_call_a_difference_the_unpaired_arms_do_not():
    # 800 pairs: both won 260, a only 30, b only 70, neither 440: a 290/800, b 330/800, diff 0.05.
    # Pairs: differences sum 40, squares 100; with half a pair in each cell: var = 101/802 - (40/802)^2
    # = 0.125935 - 0.002487 = 0.123448, sd 0.351352. rho t = 1.269784, ln 2.269784 = 0.819685,
    # boundary sqrt(1430.03 x 6.81115 / 800) = 3.489298; half 0.351352 x 3.489298 / 28.284271 = 0.043344:
    # [0.00666, 0.09334], called. Unpaired: var 291/802 -> 0.231188, 331/802 -> 0.242381, sd 0.688163,
    # half 0.084896: [-0.0349, 0.1349], open.
    sums = PairSums(800, 290, 330, 290, 330, 260)
    paired = look(Question("first mover", 0.02, paired=True), sums)
    unpaired = look(Question("first mover", 0.02), sums)
    assert (paired.lo, paired.hi) == pytest.approx((0.00666, 0.09334), abs=2e-5)
    assert (unpaired.lo, unpaired.hi) == pytest.approx((-0.0349, 0.1349), abs=1e-4)
    assert (paired.state, unpaired.state) == ("called", "open")


def test_every_game_nine_moves_in_both_arms_is_shown_equivalent_with_the_least_spread():
    # 150 games each, every one 9 moves: no spread, so the least a whole-move value allows, 1/12 a move^2
    # per arm: sd = sqrt(2/12) = 0.408248. delta = 0.45 moves (5% of 9).
    # Against "at least +0.45": S = 150 x 0.45 / 0.408248 = 165.341; rho t = 0.238085, ln = 0.213579;
    # ln Lambda = -0.106790 + 0.00158723 x 27337.6 / 2.476170 = 17.4168; one-sided adds ln 2 and
    # ln Phi(165.341 x sqrt(rho / 1.238085)) = ln Phi(5.92), about 0: p = e^-18.1100 = 1.3646e-8 (each side).
    q = Question("length", delta=0.45, kind=MEAN)
    same = look(q, PairSums(150, 1350, 1350, 12150, 12150, 12150))
    assert same.evidence.equivalence == pytest.approx(1.3646e-8, rel=2e-4)
    assert same.evidence.difference == 1.0
    assert same.state == "equivalent"


def test_lengths_cut_by_a_cap_count_as_the_cap_in_both_arms():
    # Cap 400 moves. Arm a: 150 games of 300 moves and 50 stopped by the cap, counted as 400 (the mean
    # length up to the cap, which every game does tell); arm b: 200 games of 200 moves.
    # Means 325 and 200, diff -125. var a = (150 x 25^2 + 50 x 75^2) / 199 = 375000 / 199 = 1884.42;
    # b never varies: at least 1/12; sd = sqrt(1884.50) = 43.4108. rho t = 0.317446, ln 1.317446 =
    # 0.275692, boundary sqrt(830.03 x 6.267157 / 200) = 5.099963; half 43.4108 x 5.099963 / 14.142136
    # = 15.6547: [-140.655, -109.345], called, and beyond the minimum effect (5% of 300 = 15 moves).
    a = np.array([300.0] * 150 + [400.0] * 50)
    b = np.full(200, 200.0)
    cut = look(Question("length", delta=15.0, kind=MEAN), PairSums.of(a, b))
    assert (cut.diff, cut.lo, cut.hi) == pytest.approx((-125, -140.655, -109.345), abs=1e-3)
    assert cut.state == "called"


def test_nothing_is_settled_below_min_games():
    q = Question("first mover", delta=0.02)
    early = look(q, PairSums(99, 0, 99, 0, 99, 0))  # 0 of 99 against 99 of 99
    assert early.state == "open" and early.evidence.difference == 1.0


def test_a_called_difference_smaller_than_the_minimum_effect_is_small():
    # 90,000 games a side, 22,500 wins against 23,400: diff 0.01, sd sqrt(0.187502 + 0.192893) = 0.616365,
    # boundary 3.3222 (rho t = 142.85), half-width 0.616365 x 3.3222 / 300 = 0.006826: [0.00317, 0.01683],
    # which leaves out 0 (called) and lies within +-0.02 (shown smaller than the minimum effect).
    q = Question("first mover", delta=0.02)
    settled = look(q, PairSums(90_000, 22_500, 23_400, 22_500, 23_400, 0))
    assert (settled.lo, settled.hi) == pytest.approx((0.00317, 0.01683), abs=1e-5)
    assert settled.state == "small"


def test_more_games_is_where_the_p_value_crosses_five_percent():
    # The first look above (400 games, diff 0.1, sd 0.644859): calling needs sd x boundary(t) / sqrt(t)
    # <= 0.1, about (0.644859 x 3.4 / 0.1)^2 = 480 games; the exact crossing is at 578.
    q = Question("first mover", delta=0.02)
    sums = PairSums(400, 100, 140, 100, 140, 0)
    need = more_games(q, sums)
    assert (need.games, need.more, need.by) == (578, 178, "call")

    def p_at(t: int) -> float:
        f = t / 400
        return float(evidence(q, PairSums(t, 100 * f, 140 * f, 100 * f, 140 * f, 0)).difference)

    assert p_at(577) > 0.05 >= p_at(578)
    # an estimate of 0.005 is far from a call and 0.015 from the edge of "within 0.02": equivalence is
    # nearer: about (sd 0.6 x 2.8 / 0.015)^2 = 12,500 games
    near_zero = more_games(q, PairSums(400, 100, 102, 100, 102, 0))
    assert near_zero.by == "equivalence" and 10_000 < near_zero.games < 16_000


def test_rounds_by_hand():
    # 256, then x1.5 in whole chunks of 64: 384 (6 chunks), 576 (9), 864 -> 896 (14), 1344 (21),
    # 2016 -> 2048, cut to the budget 2000
    assert rounds(2000) == [256, 384, 576, 896, 1344, 2000]
    assert rounds(150) == [150]


# ------------------------------------------------------------------ the error rates the issue demands
SEQUENCES = 4000
BUDGET = 40_000
LOOKS = rounds(BUDGET)  # 14 looks, 256 to 40,000 games per arm
# a rate of 5% measured on 4,000 sequences has a standard error of 0.34 points
LIMIT = 0.05 + 3 * math.sqrt(0.05 * 0.95 / SEQUENCES)


def _increments() -> np.ndarray:
    return np.diff([0, *LOOKS])


def _binary(rng: np.random.Generator, p: float) -> np.ndarray:
    """Wins after each look of many sequences of independent games that each win with chance p."""
    return rng.binomial(_increments()[None, :], p, size=(SEQUENCES, len(LOOKS))).cumsum(axis=1)


def _ever(q: Question, sums_at: list[PairSums]) -> Evidence:
    """The evidence after every look: its smallest p-values, sequence by sequence."""
    ev = Evidence(np.ones(SEQUENCES), np.ones(SEQUENCES), np.ones(SEQUENCES))
    for sums in sums_at:
        ev = ev.then(evidence(q, sums))
    return ev


def _unpaired(ka: np.ndarray, kb: np.ndarray, sa=None, sb=None) -> list[PairSums]:
    sa = ka if sa is None else sa
    sb = kb if sb is None else sb
    return [PairSums(n, ka[:, j], kb[:, j], sa[:, j], sb[:, j], 0) for j, n in enumerate(LOOKS)]


def _paired(rng: np.random.Generator, cells: tuple[float, float, float, float]) -> list[PairSums]:
    """Pairs whose (a, b) outcomes are (1, 1), (1, 0), (0, 1), (0, 0) with these chances."""
    counts = np.stack([rng.multinomial(k, cells, size=SEQUENCES) for k in _increments()], axis=1)
    both, a_only, b_only = (counts[:, :, c].cumsum(axis=1) for c in range(3))
    a, b = both + a_only, both + b_only
    return [PairSums(n, a[:, j], b[:, j], a[:, j], b[:, j], both[:, j]) for j, n in enumerate(LOOKS)]


def test_false_calls_stay_within_five_percent_when_looking_after_every_round():
    rng = np.random.default_rng(20_261_207)
    q = Question("share", delta=0.02)
    rates = {}
    for p in (0.5, 0.25, 0.03):
        rates[f"coin {p}"] = np.mean(_ever(q, _unpaired(_binary(rng, p), _binary(rng, p))).difference <= 0.05)
    # a score with draws: win 0.3, draw 0.4, loss 0.3 in both arms; sums W + D/2, squares W + D/4
    wdl = [
        np.stack([rng.multinomial(k, (0.3, 0.4, 0.3), size=SEQUENCES) for k in _increments()], 1).cumsum(1)
        for _ in range(2)
    ]
    sums = [w[:, :, 0] + w[:, :, 1] / 2 for w in wdl]
    squares = [w[:, :, 0] + w[:, :, 1] / 4 for w in wdl]
    rates["draws"] = np.mean(_ever(q, _unpaired(*sums, *squares)).difference <= 0.05)
    # pairs correlated 0.6 at 0.4 a side: both 0.16 + 0.6 x 0.24 = 0.304, one side only 0.096 each
    paired = Question("share", delta=0.02, paired=True)
    rates["pairs"] = np.mean(_ever(paired, _paired(rng, (0.304, 0.096, 0.096, 0.504))).difference <= 0.05)
    one_arm = Question("share", delta=0.02, fixed=0.25)
    kb = _binary(rng, 0.25)
    rates["one arm"] = np.mean(_ever(one_arm, _unpaired(kb, kb)).difference <= 0.05)
    assert max(rates.values()) <= LIMIT, rates
    # the same sequences through a fixed 5% z test at every look call far more often: the check has teeth
    ka, kb = _binary(rng, 0.5), _binary(rng, 0.5)
    n = np.array(LOOKS)
    pa, pb = ka / n, kb / n
    z = (pb - pa) / np.sqrt((pa * (1 - pa) + pb * (1 - pb)) / n)
    assert np.mean(np.any(np.abs(z) > 1.96, axis=1)) > 0.10


def test_false_equivalence_stays_within_five_percent_when_the_change_is_the_minimum_effect():
    rng = np.random.default_rng(20_261_208)
    q = Question("share", delta=0.02)
    rates = {
        "+delta": np.mean(_ever(q, _unpaired(_binary(rng, 0.40), _binary(rng, 0.42))).equivalence <= 0.05),
        "-delta": np.mean(_ever(q, _unpaired(_binary(rng, 0.40), _binary(rng, 0.38))).equivalence <= 0.05),
    }
    # pairs: a 0.31 + 0.09 = 0.40, b 0.31 + 0.11 = 0.42
    paired = Question("share", delta=0.02, paired=True)
    rates["pairs"] = np.mean(_ever(paired, _paired(rng, (0.31, 0.09, 0.11, 0.49))).equivalence <= 0.05)
    assert max(rates.values()) <= LIMIT, rates


def test_false_calls_on_skewed_lengths_stay_within_five_percent():
    # lengths drawn game by game, geometric with mean 30 (a long right tail), the same in both arms
    rng = np.random.default_rng(20_261_209)
    sequences, looks = 1000, rounds(5000)
    q = Question("length", delta=1.5, kind=MEAN)
    totals = np.zeros((4, sequences))
    ev = Evidence(np.ones(sequences), np.ones(sequences), np.ones(sequences))
    for k, n in zip(np.diff([0, *looks]), looks, strict=True):
        a, b = rng.geometric(1 / 30, size=(2, sequences, k)).astype(float)
        totals += [a.sum(1), b.sum(1), (a * a).sum(1), (b * b).sum(1)]
        ev = ev.then(evidence(q, PairSums(n, *totals, 0)))
    assert np.mean(ev.difference <= 0.05) <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / sequences)


def _stops(q: Question, sums_at: list[PairSums]) -> np.ndarray:
    """Games per arm at each sequence's first settled look (NaN where none settles)."""
    ev = Evidence(np.ones(SEQUENCES), np.ones(SEQUENCES), np.ones(SEQUENCES))
    stop = np.full(SEQUENCES, np.nan)
    for n, sums in zip(LOOKS, sums_at, strict=True):
        ev = ev.then(evidence(q, sums))
        stop[np.isnan(stop) & ((ev.difference <= 0.05) | (ev.equivalence <= 0.05))] = n
    return stop


def test_the_rule_settles_what_the_issue_asks_of_it():
    # not an error rate: the issue's Twinkle Twinkle change (33% against 26%) is called, and no change
    # shown within 2 points, in nearly every sequence within the budget. Measured (this seed): the change
    # settles after a median 1,344 games per arm (a fixed design with 80% power plans
    # 2.80^2 x (0.2211 + 0.1924) / 0.07^2 = 662), no change after 15,552 (a fixed two one-sided design
    # with 80% power, 2.927^2 x 0.42 / 0.02^2 = 8,995): the price of looking after every round, more than
    # a fixed design's games and less than three times them (the boundary table of docs/notes/stopping.md).
    rng = np.random.default_rng(20_261_210)
    q = Question("share", delta=0.02)
    change = _unpaired(_binary(rng, 0.26), _binary(rng, 0.33))
    assert np.mean(_ever(q, change).difference <= 0.05) > 0.99
    assert 662 < np.nanmedian(_stops(q, change)) < 3 * 662
    none = _stops(q, _unpaired(_binary(rng, 0.3), _binary(rng, 0.3)))
    assert np.mean(np.isfinite(none)) > 0.95
    assert 8995 < np.nanmedian(none) < 3 * 8995
