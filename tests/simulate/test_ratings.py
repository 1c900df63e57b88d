"""Bradley-Terry ratings and the ladder's win matrix on results worked out by hand."""

from __future__ import annotations

import math

import pytest

from simulate.analysis.ratings import ELO, PairResult, bradley_terry
from simulate.analysis.stats import Z95
from simulate.commands.ladder import arrangements, win_matrix


def test_two_agents_rating_gap_is_the_log_odds_of_their_record():
    # 30 wins, 8 losses, 2 draws; with the virtual draw: 30 + 1.5 = 31.5 of 41 for A.
    pair = PairResult(a=0, b=1, wins_a=30, wins_b=8, draws=2)
    r = bradley_terry(2, [pair])
    gap = math.log(31.5 / 9.5)
    assert r["rating"][0] == pytest.approx(gap / 2 * ELO)
    assert r["rating"][1] == pytest.approx(-gap / 2 * ELO)
    # the gap's variance 1 / (n p (1 - p)) is shared equally: each interval is +-1.96 sqrt(var / 2)
    p = 31.5 / 41
    var_gap = 1 / (41 * p * (1 - p))
    assert r["se"][0] == pytest.approx(math.sqrt(var_gap / 2) * ELO)
    assert r["hi"][1] == pytest.approx((-gap / 2 + Z95 * math.sqrt(var_gap / 2)) * ELO)


def test_an_agent_swept_by_the_others_widens_only_its_own_interval():
    # Three agents: a and b (0, 1) close, c (2) lost every game to both. With quasi-variances,
    # q_a + q_b = var(b_a - b_b) and so on for each pair, exactly for three agents.
    results = [PairResult(0, 1, 120, 80, 0), PairResult(0, 2, 200, 0, 0), PairResult(1, 2, 200, 0, 0)]
    r = bradley_terry(3, results)
    se = [x / ELO for x in r["se"]]
    assert se[2] > 5 * se[0] and se[2] > 5 * se[1]
    # a against b alone: 120.5 of 201 with the virtual draw; the difference's variance is about
    # 1 / (201 p (1 - p)), a little less as c ties both to one scale
    p = 120.5 / 201
    assert se[0] ** 2 + se[1] ** 2 == pytest.approx(1 / (201 * p * (1 - p)), rel=0.05)


def test_a_clean_sweep_gets_a_finite_rating_and_equal_records_equal_ratings():
    r = bradley_terry(2, [PairResult(0, 1, 20, 0, 0)])
    assert r["rating"][0] == pytest.approx(math.log(20.5 / 0.5) / 2 * ELO)
    even = bradley_terry(3, [PairResult(0, 1, 5, 5, 0), PairResult(0, 2, 5, 5, 0), PairResult(1, 2, 5, 5, 0)])
    assert even["rating"] == pytest.approx([0, 0, 0], abs=1e-9)


def test_three_agents_in_a_consistent_order_are_rated_in_that_order():
    results = [PairResult(0, 1, 10, 30, 0), PairResult(1, 2, 10, 30, 0), PairResult(0, 2, 5, 35, 0)]
    r = bradley_terry(3, results)
    assert r["rating"][0] < r["rating"][1] < r["rating"][2]
    assert sum(r["rating"]) == pytest.approx(0, abs=1e-9)


def test_win_matrix_counts_draws_half_each_way():
    m = win_matrix(2, [PairResult(0, 1, 6, 2, 2)])
    assert m[0][0] is None
    assert m[0][1]["p"] == pytest.approx(0.7)
    assert m[1][0]["p"] == pytest.approx(0.3)
    assert m[0][1]["lo"] < 0.7 < m[0][1]["hi"]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_each_agent_of_a_pair_sits_in_every_seat_equally_often(players):
    seatings = arrangements("a", "b", players, "f")
    assert len(seatings) == (2 if players == 2 else 2 * players)
    for who, seat_of in (("a", lambda s: s.seat_a), ("b", lambda s: s.seat_b)):
        seats = [seat_of(s) for s in seatings]
        assert sorted(seats) == sorted(list(range(players)) * (len(seatings) // players))
        assert all(s.names[seat_of(s)] == who for s in seatings)
    for s in seatings:
        assert s.names.count("f") == players - 2
