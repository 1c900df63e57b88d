"""Balance statistics and verdict lines on small hand-made games CSVs whose answers were worked out by hand.

Four cases, as a designer meets them: a draw-heavy 2-player game, a 4-player
game with one strong seat, a team game, and games stopped by a cap. Each
statistic is recomputed here from its formula (binomial sums with math.comb,
Wilson's formula, Holm's rule, Kaplan-Meier by hand) and each verdict line is
asserted word for word.
"""

from __future__ import annotations

import csv
import math
from collections import Counter
from pathlib import Path

import pytest
from scipy import stats as sps

from simulate.analysis import balance, stats, verdict
from simulate.analysis.tally import tally_csv

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


def report(path: Path, sides: list[int]) -> tuple[dict, list[str]]:
    summary = balance.summarize(tally_csv(path, sides), (), ())
    balance.apply_holm({"arm": summary}, {})
    return summary, [f.text for f in verdict.arm_findings(summary)]


def binom_two_sided_half(k: int, n: int) -> float:
    """Exact two-sided binomial p against 1/2: twice the tail beyond k (the distribution is symmetric)."""
    tail = sum(math.comb(n, j) for j in range(max(k, n - k), n + 1)) / 2**n
    return min(1.0, 2 * tail)


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
    # draw as half a win: 45 + 40/2 = 65 of 100
    assert s["position_half_wins"][0]["p"] == pytest.approx(0.65)
    p_first, p_seats = binom_two_sided_half(45, 60), binom_two_sided_half(31, 60)
    assert s["tests"]["first_mover"]["p"] == pytest.approx(p_first)
    assert s["tests"]["seat_balance"]["p"] == pytest.approx(p_seats)
    # equivalence within 2 points of a fair half: the first mover's 45 of 60 is far outside (p near 1);
    # every seat's share at once (31 and 29 of 60): the larger of the two seats' tests
    assert s["tests"]["first_mover_within"]["p"] == pytest.approx(tost_by_hand(45, 60, 0.5))
    p_within = max(tost_by_hand(31, 60, 0.5), tost_by_hand(29, 60, 0.5))
    assert s["tests"]["seat_balance_within"]["p"] == pytest.approx(p_within)
    assert 0.5 < p_within < p_seats
    # Holm over four tests: the smallest p times 4; the next (p_within) times 3 is above 1, so all else is 1
    assert s["tests"]["first_mover"]["p_holm"] == pytest.approx(4 * p_first)
    assert s["tests"]["seat_balance"]["p_holm"] == 1.0
    assert s["margin"]["mean"] == pytest.approx(60 * 3 / 100)
    assert lines == [
        "The first mover wins 75% of decided games [63, 84]: an advantage (p = 5.4e-04).",
        "Counting a draw as a shared win, the first mover takes 65% of games [55, 74] (fair 50%).",
        "Seats of decided games: seat 1 52% [39, 64], seat 2 48% [36, 61]: "
        "no detectable imbalance (p = 1.00).",
        "Draws: 40% of games [31, 50].",
        "Length: median 12 moves (mean 11.2).",
        "Flow: the lead changed hands 1.0 times a game; the winner led for good after 50% of the moves "
        "(median); winners trailed by 2.0 points at worst (mean); the final spread was 1.8 points (mean).",
    ]


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
    # chi-square against 20 each: (15^2 + 3 * 5^2) / 20 = 15 on 3 degrees of freedom
    assert s["tests"]["seat_balance"]["chi2"] == pytest.approx(15.0)
    # chi-square tail on 3 degrees of freedom in closed form: erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2)
    p_seats = math.erfc(math.sqrt(7.5)) + math.sqrt(30 / math.pi) * math.exp(-7.5)
    assert s["tests"]["seat_balance"]["p"] == pytest.approx(p_seats)
    # 20 of 80 against a quarter is the mode: two-sided p = 1
    assert s["tests"]["first_mover"]["p"] == pytest.approx(1.0)
    # the smallest of the four tests (two tests and their equivalence tests), times 4
    assert s["tests"]["seat_balance"]["p_holm"] == pytest.approx(4 * p_seats)
    assert lines[0] == (
        "The first mover wins 25% of decided games [17, 35]: no detectable difference from a fair 25% "
        "(p = 1.00); about 3,700 games per arm would resolve a 2-point difference."
    )
    assert lines[2] == (
        "Seats of decided games: seat 1 44% [33, 55], seat 2 19% [12, 29], seat 3 19% [12, 29], "
        "seat 4 19% [12, 29]: an imbalance (p = 0.007)."
    )


def test_games_to_resolve_a_two_point_difference_by_hand():
    # n = ((1.96 sqrt(.25 * .75) + 0.8416 sqrt(.27 * .73)) / .02)^2 = 3735.4 -> 3,700 (two figures)
    assert stats.games_to_resolve(0.25) == 3700
    # at 1/2 with 60% of games decided: 4904 / 0.6 = 8173 -> 8,200
    assert stats.games_to_resolve(0.5, decided_share=0.6) == 8200


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
    p_first, p_teams = binom_two_sided_half(26, 40), binom_two_sided_half(30, 40)
    # Holm over four tests: the teams' p times 4, the first mover's times 3, the equivalence tests near 1
    assert s["tests"]["first_mover"]["p_holm"] == pytest.approx(3 * p_first)
    assert s["tests"]["seat_balance"]["p_holm"] == pytest.approx(4 * p_teams)
    assert lines[0] == (
        "The first mover's team wins 65% of decided games [50, 78]: no detectable difference from a fair "
        "50% (p = 0.24); about 4,900 games per arm would resolve a 2-point difference."
    )
    assert lines[2] == (
        "Teams of decided games: team 1 (seats 1, 3) 75% [60, 86], team 2 (seats 2, 4) 25% [14, 40]: "
        "an imbalance (p = 0.009)."
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


def test_between_arms_draw_rate_alone_and_seat_split_on_decided_games(tmp_path):
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
    sa, sb = balance.summarize(base, (), ()), balance.summarize(other, (), ())
    comp = balance.compare(base, other, sa, sb)

    # draws 40/100 against 20/100: Fisher's exact p from the hypergeometric tables as or less likely
    def table_p(k):
        return math.comb(100, k) * math.comb(100, 60 - k) / math.comb(200, 60)

    observed = table_p(40)
    fisher = sum(table_p(k) for k in range(0, 61) if table_p(k) <= observed * (1 + 1e-7))
    assert comp["tests"]["draw_rate"]["p"] == pytest.approx(fisher)
    # seats split 31:29 and 41:39 of decided games; the chi-square on the 2x2 table is tiny
    assert [r["k"] for r in sb["side_wins"]] == [41, 39]
    assert comp["tests"]["seat_balance"]["p"] > 0.9


def test_length_change_with_equal_medians_shows_the_means(tmp_path):
    # 60 games of 20 moves in both arms; the other 40 last 10 moves in a and 30 in b:
    # both medians are 20, the means 16.0 and 24.0, and every longer game is in b
    def games(other_length):
        lengths = [20] * 60 + [other_length] * 40
        return [dict(first=1, winners="1", draw=0, scores=[8, 5], moves=m) for m in lengths]

    a = tally_csv(write_games(tmp_path / "a.csv", 2, games(10)), [0, 1])
    b = tally_csv(write_games(tmp_path / "b.csv", 2, games(30)), [0, 1])
    sa, sb = balance.summarize(a, (), ()), balance.summarize(b, (), ())
    comp = balance.compare(a, b, sa, sb)
    balance.apply_holm({"a": sa, "b": sb}, {"b vs a": comp})
    line = next(
        f.text for f in verdict.comparison_findings("a", "b", sa, sb, comp) if f.question == "length change"
    )
    said = "Length: b median 20 moves (mean 24.0) against a 20 moves (mean 16.0): longer games (p"
    assert line.startswith(said)


def test_holm_by_hand():
    # sorted 0.01, 0.02, 0.04 times 3, 2, 1 -> 0.03, 0.04, 0.04 (kept monotone)
    assert stats.holm([0.04, None, 0.01, 0.02]) == pytest.approx([0.04, None, 0.03, 0.04])


def test_p_values_and_missing_ones_read_as_words():
    assert stats.fmt_p(3e-300) == "p < 1e-10"
    assert stats.fmt_p(2.7e-4) == "p = 2.7e-04"
    assert stats.fmt_p(0.0811) == "p = 0.081"
    assert stats.fmt_p(None, "every value is the same") == "p n/a: every value is the same"


def test_mann_whitney_from_counts_by_hand():
    # a = {1, 2}, b = {2, 3}: pairs (b > a) 1/1 vs 2: b=2>1 (1), 2=2 (1/2), 3>1, 3>2 -> U = 3.5 of 4
    res = stats.mann_whitney(Counter({1: 1, 2: 1}), Counter({2: 1, 3: 1}))
    assert res["u"] == 3.5 and res["effect"] == pytest.approx(3.5 / 4)


def _lengths(ended=(), cut=()):
    counts = Counter((float(t), False) for t in ended)
    counts.update((float(t), True) for t in cut)
    return counts


def test_log_rank_on_a_small_censored_sample_worked_by_hand():
    # a: ended at 3 and 5, cut at 5; b: ended at 4, cut at 6.
    # length 3: 3 of a and 2 of b going, 1 ends (a): b expected 2/5, variance 1*(2/5)(3/5)(4/4) = 0.24
    # length 4: 2 and 2 going, 1 ends (b): expected 1/2, variance (1/2)(1/2)(3/3) = 0.25
    # length 5: 2 and 1 going (a's cut game is still going at 5), 1 ends (a): expected 1/3,
    #           variance (1/3)(2/3)(2/2) = 2/9
    # b: 1 ended against 0.4 + 0.5 + 1/3 expected, 7/30 fewer: longer; chi2 = (7/30)^2 / (0.49 + 2/9)
    got = stats.log_rank(_lengths([3, 5], [5]), _lengths([4], [6]))
    chi2 = (7 / 30) ** 2 / (0.49 + 2 / 9)
    assert got["chi2"] == pytest.approx(chi2)
    assert got["p"] == pytest.approx(sps.chi2.sf(chi2, 1)) and got["p"] == pytest.approx(0.782, abs=1e-3)
    assert got["longer"] is True
    # the other way round: the same test, and a is the shorter
    back = stats.log_rank(_lengths([4], [6]), _lengths([3, 5], [5]))
    assert back["chi2"] == pytest.approx(chi2) and back["longer"] is False


def test_log_rank_tells_arms_apart_only_when_their_lengths_differ():
    a = _lengths([10] * 40 + [11] * 40, [30] * 5)
    same = stats.log_rank(a, a)
    assert same["chi2"] == pytest.approx(0.0) and same["p"] == pytest.approx(1.0)
    later = stats.log_rank(a, _lengths([20] * 40 + [21] * 40, [30] * 5))
    assert later["p"] < 1e-10 and later["longer"] is True


def test_log_rank_needs_games_in_both_arms_and_an_ending_to_compare():
    assert stats.log_rank(_lengths([3, 4]), Counter())["p"] is None
    # every game cut off: nothing ended, so no length where the arms could differ
    assert stats.log_rank(_lengths(cut=[9, 9]), _lengths(cut=[9]))["p"] is None


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
