"""Balance statistics and verdict lines on small hand-made games CSVs whose answers were worked out by hand.

Four cases, as a designer meets them: a draw-heavy 2-player game, a 4-player
game with one strong seat, a team game, and games stopped by a cap; and two
arms against each other. Each statistic is recomputed here from its formula
(the score share with one win and one loss added for its spread, Wilson's
formula, McNemar's exact test as a sign test on the pairs that differ,
Kaplan-Meier by hand) and each verdict line is asserted word for word.
"""

from __future__ import annotations

import csv
import math
from collections import Counter
from pathlib import Path

import pytest

from simulate.analysis import balance, stats, verdict
from simulate.analysis.arm import Arm
from simulate.analysis.families import asked_once, judged
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.questions import asks_of
from simulate.analysis.tally import ArmTally, tally_csv

GENERIC = ["capped", "lead_changes", "decisive_at", "drama", "spread"]


def write_games(path: Path, players: int, games: list[dict]) -> Path:
    header = ["game", "first_player", "moves", "draw", "winners"]
    header += (
        [f"score_{s + 1}" for s in range(players)] + [f"place_{s + 1}" for s in range(players)] + GENERIC
    )
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(header)
        for i, g in enumerate(games):
            scores = g["scores"]
            places = [1 + sum(o > x for o in scores) for x in scores]
            writer.writerow(
                [i, g["first"], g["moves"], g["draw"], g["winners"], *scores, *places, g.get("capped", 0)]
                + [g.get("lead", 1), g.get("decisive", "nan"), g.get("drama", "nan"), g.get("spread", 0)]
            )
    return path


def analysed(
    levels: list[list[tuple[str, ArmTally]]], me: MinEffect | None = None, metrics: tuple[str, ...] = ()
) -> tuple[list[list[dict]], dict]:
    """Each level's arms summarised and every question asked once of their games, as a report with a
    fixed number of games does: the summaries by level, and the comparisons."""
    summaries = [[(label, balance.summarize(t, metrics, ())) for label, t in arms] for arms in levels]
    games = [min(t.games for _, t in arms) for arms in levels]
    ran = asked_once([asks_of(arms, metrics) for arms in levels], games, me or MinEffect())
    comparisons, _ = judged(summaries, ran)
    return [[s for _, s in level] for level in summaries], comparisons


def judged_arms(groups: list[list[Arm]], me: MinEffect | None = None) -> dict:
    """Arms already summarised, by level, asked every question once as a report does: the comparisons
    (each arm's summary gets its answers)."""
    asks = [asks_of([(a.label, a.tally) for a in group]) for group in groups]
    ran = asked_once(asks, [min(a.tally.games for a in group) for group in groups], me or MinEffect())
    comparisons, _ = judged([[(a.label, a.summary) for a in group] for group in groups], ran)
    return comparisons


def report(path: Path, sides: list[int]) -> tuple[dict, list[str]]:
    ((summary,),), _ = analysed([[("arm", tally_csv(path, sides))]])
    return summary, [f.text for f in verdict.arm_findings(summary)]


def share_test(total: float, squares: float, n: int, fair: float) -> tuple[float, float, float]:
    """A share of n games against `fair` as the report tests it, by hand: the spread as if one more win
    and one more loss were played (Agresti and Caffo), a z test, and the 95% interval of the difference
    put back on the share. Returns p, and the interval's ends."""
    mean = (total + 1) / (n + 2)
    se = math.sqrt(((squares + 1) / (n + 2) - mean * mean) / n)
    diff = total / n - fair
    return math.erfc(abs(diff) / se / math.sqrt(2)), total / n - 1.959963984540054 * se, total / n + 1.96 * se


def binom_two_sided_half(k: int, n: int) -> float:
    """Exact two-sided binomial p against 1/2: twice the tail beyond k (the distribution is symmetric)."""
    tail = sum(math.comb(n, j) for j in range(max(k, n - k), n + 1)) / 2**n
    return min(1.0, 2 * tail)


def binom_two_sided(k: int, n: int, p: float) -> float:
    """Exact two-sided binomial p: every outcome no likelier than k, each term from math.comb."""
    pmf = [math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(n + 1)]
    return min(1.0, sum(x for x in pmf if x <= pmf[k] * (1 + 1e-7)))


def binom_at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X binomial(n, p), summed term by term (each through logarithms, as n may be large)."""

    def term(j: int) -> float:
        log_comb = math.lgamma(n + 1) - math.lgamma(j + 1) - math.lgamma(n - j + 1)
        return math.exp(log_comb + j * math.log(p) + (n - j) * math.log(1 - p))

    return sum(term(j) for j in range(k, n + 1))


def tost_by_hand(k: int, n: int, fair: float, delta: float = 0.02) -> float:
    """Two one-sided exact binomial tests: the larger of P(X >= k | fair - d), P(X <= k | fair + d)."""
    return max(binom_at_least(k, n, fair - delta), 1 - binom_at_least(k + 1, n, fair + delta))


def wilson_by_hand(k: float, n: int) -> tuple[float, float]:
    z = 1.959963984540054
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def draw_heavy(path: Path) -> Path:
    """100 games, 40 drawn. Seat 1 opens 50: 20 draws, 23 wins for it, 7 for seat 2; seat 2 opens 50:
    20 draws, 22 wins for it, 8 for seat 1. First mover: 45 of 60 decided; seat 1: 31 of 60."""
    games = []
    for first, opener_wins in ((1, 23), (2, 22)):
        other = 3 - first
        games += [dict(first=first, winners="1;2", draw=1, scores=[6, 6], moves=10) for _ in range(20)]
        for winner, count in ((first, opener_wins), (other, 30 - opener_wins)):
            scores = [8, 5] if winner == 1 else [5, 8]
            games += [
                dict(
                    first=first,
                    winners=str(winner),
                    draw=0,
                    scores=scores,
                    moves=12,
                    decisive=0.5,
                    drama=2,
                    spread=3,
                )
                for _ in range(count)
            ]
    return write_games(path, 2, games)


def test_draw_heavy_two_player_case(tmp_path):
    s, lines = report(draw_heavy(tmp_path / "games.csv"), [0, 1])
    assert s["decided"] == 60 and s["draws"]["k"] == 40
    first = s["position_wins"][0]
    assert (first["k"], first["n"]) == (45, 60)
    assert (first["lo"], first["hi"]) == pytest.approx(wilson_by_hand(45, 60))
    # the first mover's score: 45 wins and 40 draws as half, 65 of 100; squares 45 + 40 / 4 = 55
    a = s["answers"]["first_mover"]
    assert (a["a"], a["b"]) == (0.5, pytest.approx(0.65))
    p_first, lo, hi = share_test(65, 55, 100, 0.5)
    assert a["p"] == pytest.approx(p_first) and p_first == pytest.approx(3.25e-5, rel=0.01)
    # a run of one arm: its first mover is the headline question, tested at 5% on its own
    assert a["family"] == "headline" and a["p_holm"] == pytest.approx(p_first)
    # seat 1 scores 31 wins and 20 draws' halves of 100 (its squares 31 + 40 / 4), seat 2 the rest:
    # with two sides the first alone is asked
    seats = s["answers"]["seat_balance"]
    p_seats = share_test(51, 41, 100, 0.5)[0]
    assert seats["side"] == "side_1" and seats["p"] == pytest.approx(p_seats) and p_seats > 0.7
    assert s["margin"]["mean"] == pytest.approx(60 * 3 / 100)
    assert lines == [
        f"The first mover scores 65% [{100 * lo:.0f}, {100 * hi:.0f}] of games (a win 1, a draw half; 40% "
        f"drawn): an advantage ({stats.fmt_p(p_first)}).",
        "Of decided games, the first mover wins 75% [63, 84] (fair 50%).",
        "Seats, a draw as half: seat 1 51% [41, 61], seat 2 49% [39, 59]: no detectable imbalance "
        "(p = 0.80).",
        "Draws: 40% of games [31, 50].",
        "Length: median 12 moves (mean 11.2).",
        "Flow: the lead changed hands 1.0 times a game; the winner led for good after 50% of the moves "
        "(median); winners trailed by 2.0 points at worst (mean); the final spread was 1.8 points (mean).",
    ]
    assert (lo, hi) == pytest.approx((0.579, 0.721), abs=1e-3)


def four_player(path: Path) -> Path:
    """80 decided games, each seat opening 20. Wins by (opener, winner): seat 1 opens: 5 each;
    seat 2: 10, 5, 0, 5; seat 3: 10, 5, 5, 0; seat 4: 10, 0, 5, 5. Seats win 35, 15, 15, 15;
    openers win 5 + 5 + 5 + 5 = 20, exactly a fair quarter."""
    table = {1: [5, 5, 5, 5], 2: [10, 5, 0, 5], 3: [10, 5, 5, 0], 4: [10, 0, 5, 5]}
    games = []
    for first, wins in table.items():
        for winner, count in enumerate(wins, start=1):
            scores = [3 if s == winner else 1 for s in range(1, 5)]
            games += [
                dict(first=first, winners=str(winner), draw=0, scores=scores, moves=30) for _ in range(count)
            ]
    return write_games(path, 4, games)


def test_four_player_case(tmp_path):
    s, lines = report(four_player(tmp_path / "games.csv"), [0, 1, 2, 3])
    assert [r["k"] for r in s["side_wins"]] == [35, 15, 15, 15]
    # winner's turn position is (winner - opener) mod 4: e.g. seat 1 winning after seat 2 opened is 4th
    assert [r["k"] for r in s["position_wins"]] == [20, 15, 20, 25]
    # no draws: the first mover's score is its 20 wins of 80, exactly a fair quarter; every game a win or
    # a loss, so the exact binomial test (the interval is the z test's)
    _, lo, hi = share_test(20, 20, 80, 0.25)
    assert s["answers"]["first_mover"]["p"] == pytest.approx(binom_two_sided(20, 80, 0.25)) == 1.0
    assert s["answers"]["first_mover"]["test"] == "exact binomial"
    # four sides, each asked against a quarter; seat 1's 35 of 80 stands for them (Bonferroni over 4)
    seats = s["answers"]["seat_balance"]
    p_seat1 = binom_two_sided(35, 80, 0.25)
    assert seats["side"] == "side_1" and seats["p"] == pytest.approx(min(1.0, 4 * p_seat1))
    # at a fixed number of games, what a 2-point change needs: (1.96 + 0.8416)^2 s^2 / 0.02^2 with the
    # spread s^2 = 21/82 - (21/82)^2 = 0.1905 (one more win and loss): 3,738 games, said to two figures
    assert lines[0] == (
        f"The first mover scores 25% [{100 * lo:.0f}, {100 * hi:.0f}] of games (a win 1, a draw half): no "
        "detectable difference from a fair 25% (p = 1.00); about 3,700 games per arm would resolve a "
        "2-point difference."
    )
    assert lines[2] == (
        "Seats, a draw as half: seat 1 44% [33, 55], seat 2 19% [12, 29], seat 3 19% [12, 29], "
        f"seat 4 19% [12, 29]: an imbalance ({stats.fmt_p(4 * p_seat1)})."
    )


def team_game(path: Path) -> Path:
    """40 games of teams 1+3 against 2+4. Team 1 opens 20 (seat 1 or 3 first) and wins 18 of them;
    team 2 opens 20 and wins 8. Team 1 wins 30 of 40; the opening team 26 of 40. Winners score 4
    each, losers 2: the team margin is 8 - 4 = 4, while seats of one team tie."""
    games = []
    for first, team1_wins in ((1, 9), (3, 9), (2, 6), (4, 6)):
        for k in range(10):
            team1 = k < team1_wins
            scores = [4, 2, 4, 2] if team1 else [2, 4, 2, 4]
            games.append(
                dict(first=first, winners="1;3" if team1 else "2;4", draw=0, scores=scores, moves=20)
            )
    return write_games(path, 4, games)


def test_team_case(tmp_path):
    s, lines = report(team_game(tmp_path / "games.csv"), [0, 1, 0, 1])
    assert s["sides"] == 2 and s["fair_share"] == 0.5
    assert [r["k"] for r in s["side_wins"]] == [30, 10]
    assert s["position_wins"][0]["k"] == 26
    assert s["margin"]["mean"] == 4.0
    # no draws: exact binomial tests, the first mover's team's 26 of 40 and team 1's 30 of 40 against a half
    p_first, p_teams = binom_two_sided(26, 40, 0.5), binom_two_sided(30, 40, 0.5)
    assert p_first == pytest.approx(binom_two_sided_half(26, 40))
    # each family holds one slot here: the headline (the first mover) and the teams, each at its own 5%
    assert s["answers"]["first_mover"]["p_holm"] == pytest.approx(p_first)
    assert s["answers"]["seat_balance"]["p_holm"] == pytest.approx(p_teams)
    _, lo, hi = share_test(26, 26, 40, 0.5)
    # (1.96 + 0.8416)^2 (27/42 - (27/42)^2) / 0.02^2 = 4,505 games for a 2-point change
    assert lines[0] == (
        f"The first mover's team scores 65% [{100 * lo:.0f}, {100 * hi:.0f}] of games (a win 1, a draw "
        f"half): no detectable difference from a fair 50% ({stats.fmt_p(p_first)}); about 4,500 games per "
        "arm would resolve a 2-point difference."
    )
    assert lines[2] == (
        "Teams, a draw as half: team 1 (seats 1, 3) 75% [60, 86], team 2 (seats 2, 4) 25% [14, 40]: "
        f"an imbalance ({stats.fmt_p(p_teams)})."
    )


def capped_games(path: Path, finished: list[int], capped: int) -> Path:
    games = [
        dict(first=1, winners="1", draw=0, scores=[2, 1], moves=m, decisive=0.5, drama=0) for m in finished
    ]
    # a capped game names its leader, as Tiddly-Wink's capped matches do; it is still not decided
    games += [dict(first=1, winners="2", draw=0, scores=[1, 2], moves=200, capped=1) for _ in range(capped)]
    return write_games(path, 2, games)


def test_capped_case_never_averages_cut_off_games(tmp_path):
    # 4 finished, 6 capped at 200: survival 0.9, 0.8, 0.7, 0.6, never one half
    s, lines = report(capped_games(tmp_path / "a.csv", [50, 80, 120, 150], 6), [0, 1])
    assert s["length"] == {"games": 10, "capped": 6, "median": None, "at_least": 200.0}
    assert s["decided"] == 4 and s["capped"]["k"] == 6
    assert [r["k"] for r in s["side_wins"]] == [4, 0]
    # shared credit: 4 wins for seat 1, the 6 capped games split between both seats
    assert s["side_half_wins"][0]["k"] == pytest.approx(4 + 6 / 2)
    assert lines[3] == (
        "Draws: 0% of games [0, 28]. Stopped by a cap: 60% [31, 83], counted neither as a win nor as a draw."
    )
    assert lines[4] == (
        "Length: 60% of games were stopped by the cap, so the median length is at least the cap (200 moves); "
        "no mean is given for games cut off."
    )
    # 7 finished, 3 capped: survival falls by 0.1 per finished game and reaches 0.5 at the fifth, 60 moves
    s, lines = report(capped_games(tmp_path / "b.csv", [20, 30, 40, 50, 60, 70, 80], 3), [0, 1])
    assert s["length"]["median"] == 60
    assert lines[4] == (
        "Length: Kaplan-Meier median 60 moves, with the 30% of games stopped by the cap counted as lasting "
        "at least until it."
    )


def test_kaplan_meier_with_censoring_before_the_median():
    # 5 games: 10, 20 (capped), 30, 40, 50. S(10) = 4/5; at 30, 3 at risk: S = 0.8 * 2/3 = 0.533;
    # at 40, 2 at risk: S = 0.533 / 2 = 0.267 <= 0.5, so the median is 40
    counts = Counter({(10, False): 1, (20, True): 1, (30, False): 1, (40, False): 1, (50, False): 1})
    assert stats.km_median(counts)["median"] == 40


def test_between_arms_draws_are_tested_as_pairs_by_mcnemar(tmp_path):
    base = tally_csv(draw_heavy(tmp_path / "a.csv"), [0, 1])
    # the same seats and winners, but 20 of the 40 draws turned into 10 + 10 extra decided games
    other_games = []
    with (tmp_path / "a.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    for k, r in enumerate(rows):
        draw = r["draw"] == "1" and k % 50 < 10
        winner = r["winners"] if r["draw"] == "0" else ("1;2" if draw else str(1 + k % 2))
        scores = [6, 6] if draw else ([8, 5] if winner == "1" else [5, 8])
        other_games.append(
            dict(
                first=int(r["first_player"]),
                winners=winner,
                draw=int(draw),
                scores=scores,
                moves=int(r["moves"]),
            )
        )
    other = tally_csv(write_games(tmp_path / "b.csv", 2, other_games), [0, 1])
    ((_, sb),), comps = analysed([[("a", base), ("b", other)]])
    draws = comps["b vs a"]["answers"]["draw_rate"]
    # game by game, 20 games are drawn in both arms, 20 in a alone, none in b alone: the draws correlate
    # (a draw of b is always one of a), so the pairs are tested: McNemar's exact test is a sign test on
    # the 20 pairs that differ, all one way: 2 * (1/2)^20
    assert draws["paired"] and draws["test"] == "McNemar exact"
    assert draws["p"] == pytest.approx(2 * 0.5**20)
    assert draws["diff"] == pytest.approx(-0.2)
    # the pairing: var a + var b over var(b - a), times 100 games; each arm's draws 0/1 with
    # variances 0.2424 (40 of 100) and 0.1616 (20), the differences 0.1616 (20 of 100 are -1)
    var_a, var_b, var_d = 40 * 60 / 100 / 99, 20 * 80 / 100 / 99, 20 * 80 / 100 / 99
    assert draws["saved"] == pytest.approx(100 * (var_a + var_b) / var_d - 100)
    # seats split 31:29 and 41:39 of decided games
    assert [r["k"] for r in sb["side_wins"]] == [41, 39]


def test_length_change_with_equal_medians_tests_the_mean_of_the_pairs(tmp_path):
    # 60 games of 20 moves in both arms; the other 40 last 10 moves in a and 30 in b: both medians are
    # 20, the means 16.0 and 24.0; game by game, a's short games are b's long ones (correlation -1), so
    # only the test of the pairs has the spread right: their differences, 0 (60) and 20 (40), have mean
    # 8 and variance (60 * 64 + 40 * 144) / 99 = 96.97
    def games(other_length):
        lengths = [20] * 60 + [other_length] * 40
        return [dict(first=1, winners="1", draw=0, scores=[8, 5], moves=m) for m in lengths]

    a = tally_csv(write_games(tmp_path / "a.csv", 2, games(10)), [0, 1])
    b = tally_csv(write_games(tmp_path / "b.csv", 2, games(30)), [0, 1])
    ((sa, sb),), comps = analysed([[("a", a), ("b", b)]])
    length = comps["b vs a"]["answers"]["length"]
    assert length["paired"] and length["correlation"] == pytest.approx(-1.0)
    se = math.sqrt((60 * 64 + 40 * 144) / 99 / 100)
    assert length["diff"] == 8.0 and length["hi"] - length["diff"] == pytest.approx(1.959964 * se)
    assert length["p"] == pytest.approx(math.erfc(8 / se / math.sqrt(2)))
    line = next(
        f.text
        for f in verdict.comparison_findings("a", "b", sa, sb, comps["b vs a"])
        if f.question == "length change"
    )
    assert line == (
        "Length: b 24.0 moves on average against a 16.0: longer games (p < 1e-10). Paired game by game: the "
        "outcomes correlate negatively (correlation -1.00), so two independent arms' test would understate "
        "the spread."
    )


def test_p_values_and_missing_ones_read_as_words():
    assert stats.fmt_p(3e-300) == "p < 1e-10"
    assert stats.fmt_p(2.7e-4) == "p = 2.7e-04"
    assert stats.fmt_p(0.0811) == "p = 0.081"
    assert stats.fmt_p(None, "every value is the same") == "p n/a: every value is the same"


def test_mann_whitney_from_counts_by_hand():
    # a = {1, 2}, b = {2, 3}: pairs (b > a) 1/1 vs 2: b=2>1 (1), 2=2 (1/2), 3>1, 3>2 -> U = 3.5 of 4
    res = stats.mann_whitney(Counter({1: 1, 2: 1}), Counter({2: 1, 3: 1}))
    assert res["u"] == 3.5 and res["effect"] == pytest.approx(3.5 / 4)


def test_a_share_of_a_few_games_is_not_printed_as_none():
    assert [verdict.pct(x) for x in (0.0, 0.0003, 0.003, 0.0094, 0.0096, 0.54, 1.0)] == [
        "0%",
        "under 0.1%",
        "0.3%",
        "0.9%",
        "1%",
        "54%",
        "100%",
    ]
