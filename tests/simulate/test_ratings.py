"""The ladder's ratings (Davidson's, draws in the model), its sign test per pair and its matrix, on results
worked out by hand; its seatings."""

from __future__ import annotations

import pytest

from simulate.analysis.davidson import davidson
from simulate.analysis.ratings import ELO, PairResult
from simulate.commands.ladder import arrangements, win_matrix

THIRD = 1 / 3  # each pair's virtual game: a third of a win, of a draw and of a loss


def test_an_agent_swept_by_the_others_widens_only_its_own_interval():
    # Three agents: a and b (0, 1) close, c (2) lost every game to both. With quasi-variances,
    # q_a + q_b = var(b_a - b_b) and so on for each pair, exactly for three agents.
    results = [PairResult(0, 1, 120, 80, 0), PairResult(0, 2, 200, 0, 0), PairResult(1, 2, 200, 0, 0)]
    r = davidson(3, results)
    se = [x / ELO for x in r["se"]]
    assert se[2] > 5 * se[0] and se[2] > 5 * se[1]
    # a against b alone: the gap's variance is 1 / wins_a + 1 / wins_b with the virtual game's thirds
    # (test_davidson's two agents), a little less as c ties both to one scale
    assert se[0] ** 2 + se[1] ** 2 == pytest.approx(1 / (120 + THIRD) + 1 / (80 + THIRD), rel=0.05)
    assert r["rating"][0] > r["rating"][1] > r["rating"][2]


def test_the_matrix_reads_decided_games_and_says_the_draws_beside():
    # 6 won, 2 lost, 2 drawn: the row agent 0 won 6 of 8 decided games; Wilson for 6 of 8:
    # centre (0.75 + z^2/16) / (1 + z^2/8) = 0.6689, half z sqrt(0.75 x 0.25 / 8 + z^2 / 256) / 1.4802
    # = 0.2596: [0.409, 0.929]; sign test 2 x P(X >= 6 | 8) = 2 x 37 / 256 = 0.289; 2 of 10 games drawn
    m = win_matrix(2, [PairResult(0, 1, 6, 2, 2)])
    assert m[0][0] is None and m[1][1] is None
    row = m[0][1]
    assert (row["share"], row["lo"], row["hi"]) == pytest.approx((0.75, 0.409, 0.929), abs=1e-3)
    assert row["p"] == pytest.approx(2 * 37 / 256) and not row["stronger"]
    assert row["draws"]["p"] == pytest.approx(0.2) and m[1][0]["share"] == pytest.approx(0.25)
    # a pair that only ever drew has no share, and says so
    drawn = win_matrix(2, [PairResult(0, 1, 0, 0, 5)])[0][1]
    assert drawn["decided"] == 0 and drawn["share"] is None and drawn["draws"]["p"] == 1.0


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


def test_the_ladders_table_word_for_word():
    from simulate.report.ladder_report import table_lines

    # the pair, 13 won, none lost, 87 drawn, and a third agent that only ever drew with both
    results = [PairResult(0, 1, 0, 13, 87), PairResult(0, 2, 0, 0, 20), PairResult(1, 2, 0, 0, 20)]
    summary = {
        "title": "Tic-tac-toe", "variant": "default", "players": 2, "filler": None, "games_per_pair": 100,
        "seed": 1, "agents": ["mcts:200", "mcts:1000", "greedy"],
        "ratings": {"rating": [-50.0, 50.0, 0.0], "lo": [-90.0, 10.0, -40.0], "hi": [-10.0, 90.0, 40.0],
                    "equal_draws": 0.8},
        "win_matrix": win_matrix(3, results),
    }  # fmt: skip
    assert table_lines(summary) == [
        "Tic-tac-toe [default, 2p]: agent ladder, 100 games per pair, seed 1",
        "",
        "| agent | rating (Elo, mean 0) | 95% interval |",
        "| --- | ---: | --- |",
        "| mcts:1000 | +50 | +10 .. +90 |",
        "| greedy | +0 | -40 .. +40 |",
        "| mcts:200 | -50 | -90 .. -10 |",
        "",
        "Ratings from Davidson's model of wins, draws and losses (a draw is an outcome of its own; among "
        "decided games the model is Bradley-Terry): two equally strong agents would draw 80% of their games.",
        "",
        "Each pair, the better rated first: only decided games say which is stronger (an exact sign test), "
        "draws counted beside:",
        "",
        "| pair | won | lost | drawn | share of decided games (95%) | sign test p | |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
        "| mcts:1000 against greedy | 0 | 0 | 20 (100%) |  |  | no game decided |",
        "| mcts:1000 against mcts:200 | 13 | 0 | 87 (87%) | 1.00 (0.77-1.00) | 2.4e-04 | stronger |",
        "| greedy against mcts:200 | 0 | 0 | 20 (100%) |  |  | no game decided |",
        "",
        "Share of decided games the row agent won against the column agent (95% interval), and the share of "
        "their games drawn:",
        "",
        "| | mcts:1000 | greedy | mcts:200 |",
        "| --- | --- | --- | --- |",
        "| mcts:1000 |  | none decided, 100% drawn | 1.00 (0.77-1.00), 87% drawn |",
        "| greedy | none decided, 100% drawn |  | none decided, 100% drawn |",
        "| mcts:200 | 0.00 (0.00-0.23), 87% drawn | none decided, 100% drawn |  |",
    ]
