"""The verdict's new statistics and words on small hand-made games CSVs, each answer worked out by hand.

Equivalence tests (two one-sided tests), the minimum-effect wording, closer to
or further from fair (with draws and with teams), the six phrases of a
question read across skill levels, the strength check between levels and the
ranking of arms by their distance from fair. Lines are asserted word for word.
"""

from __future__ import annotations

import math

import pytest
from scipy import stats as sps
from test_report_stats import analysed, binom_at_least, share_test, tost_by_hand, wilson_by_hand, write_games

from simulate.analysis import stats, verdict
from simulate.analysis.bottom_line import LevelChanges, change_line, ranking_line
from simulate.analysis.min_effect import MinEffect, parse_min_effect
from simulate.analysis.skill import strength_of
from simulate.analysis.tally import tally_csv
from simulate.analysis.trend import trend
from simulate.analysis.verdict_page import strength_lines


def two_player(path, first_wins: int, decided: int, draws: int = 0, moves=(20,), scores=((8, 5), (5, 8))):
    """Games where seat 1 always moves first: `first_wins` of the `decided` go to it, then `draws` draws.

    `moves` cycles over the games (so lengths can differ between arms)."""
    games = []
    for k in range(decided):
        won = k < first_wins
        games.append(
            dict(first=1, winners="1" if won else "2", draw=0, scores=list(scores[0 if won else 1]),
                 moves=moves[k % len(moves)])
        )  # fmt: skip
    games += [dict(first=1, winners="1;2", draw=1, scores=[6, 6], moves=moves[0]) for _ in range(draws)]
    return write_games(path, 2, games)


def summary_of(path, sides=(0, 1), me=None):
    ((s,),), _ = analysed([[("arm", tally_csv(path, list(sides)))]], me)
    return s


def compared(a, b, me=None):
    """Arms a and b (tallies) summarised and compared as a report with a fixed number of games does."""
    ((sa, sb),), comps = analysed([[("a", a), ("b", b)]], me)
    return sa, sb, comps["b vs a"]


# ------------------------------------------------------------------ equivalence
def test_equivalence_of_a_share_by_hand():
    # 52 of 100 against a fair half within 10 points: P(X >= 52 | 0.4) and P(X <= 52 | 0.6), the larger
    below, above = binom_at_least(52, 100, 0.4), 1 - binom_at_least(53, 100, 0.6)
    assert stats.share_between(52, 100, 0.4, 0.6)["p"] == pytest.approx(max(below, above))
    # 52 lies nearer 0.6 than 0.4, so the upper test is the harder one (about 0.06: not shown within)
    assert below < 0.05 < above
    # a bound outside [0, 1] cannot fail: 3 of 100 against 0.02 within 0.05 tests only the upper side
    assert stats.share_between(3, 100, -0.03, 0.07)["p"] == pytest.approx(1 - binom_at_least(4, 100, 0.07))


def test_equivalence_of_two_rates_by_hand():
    # 40 of 100 against 45 of 100 within 10 points, Agresti-Caffo: (41/102, 46/102), se from 102 each
    a, b = 41 / 102, 46 / 102
    se = math.sqrt(a * (1 - a) / 102 + b * (1 - b) / 102)
    d = b - a
    by_hand = max(sps.norm.sf((d + 0.1) / se), sps.norm.sf((0.1 - d) / se))
    assert stats.tost_rates(40, 100, 45, 100, 0.10)["p"] == pytest.approx(by_hand)
    # no draws in either arm still has an answer (not a division by zero)
    assert stats.tost_rates(0, 2000, 0, 2000, 0.02)["p"] < 1e-6


def test_every_seat_within_is_the_largest_of_the_seats_tests():
    tests = [stats.share_between(k, 200, 0.4, 0.6) for k in (95, 105)]
    assert stats.all_within(tests, "side's share")["p"] == max(t["p"] for t in tests)
    assert stats.all_within([*tests, {"p": None, "why": "no decided games"}], "x")["p"] is None


def test_a_run_of_one_arm_tests_its_first_mover_alone_and_its_seats_as_a_second_family(tmp_path):
    s = summary_of(two_player(tmp_path / "a.csv", 2100, 4000))
    first, seats = s["answers"]["first_mover"], s["answers"]["seat_balance"]
    # the headline family holds the first mover alone: its p-values are its own
    assert first["family"] == "headline" and first["p_holm"] == first["p"]
    assert first["p_within_holm"] == first["p_within"]
    # the seats, one slot of the other family (two sides: seat 1 alone is asked)
    assert seats["family"] == "others" and seats["p_holm"] == seats["p"]


def test_a_share_shown_within_two_points_says_so(tmp_path):
    # 2000 of 4000: exactly fair; P(X >= 2000 | 0.48) = P(X <= 2000 | 0.52) by symmetry, about 0.006
    s = summary_of(two_player(tmp_path / "a.csv", 2000, 4000))
    p = tost_by_hand(2000, 4000, 0.5)
    # no draws, so two one-sided exact binomial tests; the headline family holds it alone
    assert s["answers"]["first_mover"]["p_within"] == pytest.approx(p, rel=1e-6)
    assert s["answers"]["first_mover"]["p_within_holm"] == pytest.approx(p, rel=1e-6)
    _, lo, hi = share_test(2000, 2000, 4000, 0.5)
    assert (round(100 * lo), round(100 * hi)) == (48, 52)
    assert verdict.first_mover(s).text == (
        "The first mover scores 50% [48, 52] of games (a win 1, a draw half): no difference from a fair 50% "
        f"larger than 2 points (equivalence {stats.fmt_p(p)})."
    )


# ------------------------------------------------------------------ the minimum effect
def test_a_called_difference_below_the_minimum_effect_is_smaller_than_players_would_notice(tmp_path):
    # 2000 games each; b's games alternate 20 and 21 moves: 0.5 moves longer on average, against a minimum
    # effect of 5% of a's median of 20 = 1 move. a never varies, so the arms are not paired; the spread
    # is b's, 0.25 (a's is 0): se = sqrt(0.25 / 2000) = 0.0112, z = 44.7
    a = tally_csv(two_player(tmp_path / "a.csv", 1000, 2000), [0, 1])
    b = tally_csv(two_player(tmp_path / "b.csv", 1000, 2000, moves=(20, 21)), [0, 1])
    sa, sb, comp = compared(a, b)
    length = comp["answers"]["length"]
    assert not length["paired"] and length["delta"] == pytest.approx(1.0)
    assert length["hi"] - length["diff"] == pytest.approx(1.959964 * math.sqrt(0.25 * 2000 / 1999 / 2000))
    line = next(
        f for f in verdict.comparison_findings("a", "b", sa, sb, comp) if f.question == "length change"
    )
    assert line.state == "small"
    assert line.text == (
        "Length: b 20.5 moves on average against a 20.0: longer games, detectable but smaller than players "
        "would notice (under 1 move; p < 1e-10)."
    )
    # the same games with a minimum effect of a quarter move: the half move is a change that matters
    sa, sb, comp = compared(a, b, parse_min_effect("length=0.25"))
    line = next(
        f for f in verdict.comparison_findings("a", "b", sa, sb, comp) if f.question == "length change"
    )
    assert (line.state, line.conclusion) == ("matters", "longer games")


def test_min_effect_is_read_from_the_command_line_with_its_defaults():
    me = parse_min_effect("share=3,length=10%,margin=0.5")
    assert (me.share, me.length(40), me.margin) == (pytest.approx(0.03), pytest.approx(4.0), 0.5)
    assert parse_min_effect(None) == MinEffect() and MinEffect().length(20) == pytest.approx(1.0)
    assert parse_min_effect("length=3").length(100) == 3
    for bad in ("share", "share=-1", "speed=2", "share=60"):
        with pytest.raises(Exception, match="--min-effect"):
            parse_min_effect(bad)


# ------------------------------------------------------------------ closer to or further from fair
def test_no_direction_word_for_a_change_not_called_with_draws(tmp_path):
    # a: 60 first-mover wins, 40 losses, 20 draws; b: 52 wins, 38 losses, 30 draws; game by game the
    # pairs are W/W 52, W/L 8, L/L 30, L/D 10, D/D 20. The first mover's score: a 70 of 120 (58%), b 67
    # (56%); the pairs' differences: -1 eight times, +1/2 ten times: d = -3, dd = 8 + 10/4 = 10.5
    a = tally_csv(two_player(tmp_path / "a.csv", 60, 100, draws=20), [0, 1])
    b_games = tmp_path / "b.csv"
    two_player(b_games, 52, 90, draws=30)
    b = tally_csv(b_games, [0, 1])
    sa, sb, comp = compared(a, b)
    first = comp["answers"]["first_mover"]
    assert (first["a"], first["b"]) == (pytest.approx(70 / 120), pytest.approx(67 / 120))
    # paired (half a pair in each cell, Agresti and Min): var = (dd + 1) / 122 - (d / 122)^2
    var = (10.5 + 1) / 122 - (3 / 122) ** 2
    se = math.sqrt(var / 120)
    p = math.erfc(0.025 / se / math.sqrt(2))
    assert first["paired"] and first["p"] == pytest.approx(p) and p == pytest.approx(0.371, abs=1e-3)
    assert first["p_holm"] == pytest.approx(p)  # the headline question, on its own
    found = next(
        f for f in verdict.comparison_findings("a", "b", sa, sb, comp) if f.question == "first mover change"
    )
    # (1.96 + 0.8416)^2 var / 0.02^2 = 1,838 games per arm for a 2-point change
    assert found.text.startswith(
        f"First mover: b 56% against a 58% of games, a draw as half (fair 50%): no detectable change "
        f"({stats.fmt_p(p)}); about 1,800 games per arm would resolve a 2-point change. Paired game by game "
        "(correlation "
    )
    assert found.conclusion == "none"
    # the bottom line: no direction where nothing is called
    change = verdict.changes("a", "b", sa, sb, comp)
    line = change_line("a", "b", "more draws", [LevelChanges("greedy", sa, sb, change)], one_level=True)
    assert line.endswith(
        f"the first mover's score, 58% and 56% of games (a draw as half, fair 50%; drawn 17% and 25%), is "
        f"not called ({stats.fmt_p(p)}): about 1,800 games per arm would resolve a 2-point difference."
    )
    assert "closer" not in line and "further" not in line


def test_closer_to_fair_and_across_it_with_teams(tmp_path):
    # teams 1+3 against 2+4, seat 1 always first: the first mover's team wins 70 of 100 in a, 40 in b;
    # game by game 40 pairs won in both, 30 won in a alone, 30 lost in both: McNemar's exact test is a
    # sign test on the 30 pairs that differ, all one way: 2 (1/2)^30
    def teams(path, first_team_wins):
        games = [
            dict(first=1, winners="1;3" if k < first_team_wins else "2;4", draw=0,
                 scores=[4, 2, 4, 2] if k < first_team_wins else [2, 4, 2, 4], moves=20)
            for k in range(100)
        ]  # fmt: skip
        return tally_csv(write_games(path, 4, games), [0, 1, 0, 1])

    a, b = teams(tmp_path / "a.csv", 70), teams(tmp_path / "b.csv", 40)
    sa, sb, comp = compared(a, b)
    assert sa["fair_share"] == 0.5  # two sides, so fair is a half, not a quarter
    first = comp["answers"]["first_mover"]
    assert first["test"] == "McNemar exact" and first["p"] == pytest.approx(2 * 0.5**30)
    found = next(
        f for f in verdict.comparison_findings("a", "b", sa, sb, comp) if f.question == "first mover change"
    )
    assert found.text.startswith(
        "First mover: b 40% against a 70% of games, a draw as half (fair 50%): closer to fair, and across it "
        f"({stats.fmt_p(2 * 0.5**30)})."
    )
    # the other way round: 40% -> 70% is further from fair, and across it
    sb, sa, comp = compared(b, a)
    found = next(
        f for f in verdict.comparison_findings("b", "a", sb, sa, comp) if f.question == "first mover change"
    )
    assert found.conclusion == "further from fair, and across it" and found.sign == 1


# ------------------------------------------------------------------ the six trend phrases
LEVELS = ["random", "greedy", "mcts:100"]


def first_mover_at(tmp_path, name, wins_of):
    """The first mover's finding of a 2-player arm at each level, from one CSV per level."""
    out = []
    for k, (wins, decided) in enumerate(wins_of):
        s = summary_of(two_player(tmp_path / f"{name}{k}.csv", wins, decided))
        out.append(verdict.first_mover(s))
    return out


def test_holds_at_every_level(tmp_path):
    found = first_mover_at(tmp_path, "h", [(70, 100), (72, 100), (69, 100)])
    assert [f.state for f in found] == ["matters"] * 3
    assert trend(LEVELS, found, [True, True]).text == ("holds at every level (an advantage of 20 points).")


def test_appears_only_under_weak_play(tmp_path):
    found = first_mover_at(tmp_path, "w", [(75, 100), (70, 100), (2000, 4000)])
    assert trend(LEVELS, found, [True, True]).text == (
        "appears only under weak play (an advantage of 20 points under greedy; within 2 points of fair under "
        "mcts:100)."
    )


def test_appears_only_under_stronger_play_even_where_it_then_shrinks(tmp_path):
    # fair under random (2,000 of 4,000), then 20 points under greedy and 8 under mcts:100: a difference
    # absent under weak play, not one that grows (United Square's 7x7 board read "grows with skill")
    found = first_mover_at(tmp_path, "s", [(2000, 4000), (700, 1000), (580, 1000)])
    assert [f.state for f in found] == ["within", "matters", "matters"]
    t = trend(LEVELS, found, [True, True])
    assert t.key == "strong only"
    assert t.text == (
        "appears only under stronger play (within 2 points of fair under random; an advantage of 20 points "
        "under greedy)."
    )


def test_reverses_between_two_levels_and_only_if_they_are_ordered(tmp_path):
    found = first_mover_at(tmp_path, "r", [(70, 100), (30, 100), (28, 100)])
    t = trend(LEVELS, found, [True, True])
    assert (t.key, t.skill) == ("reverses", True)
    assert t.text == (
        "reverses between random and greedy (an advantage of 20 points under random; a disadvantage of 20 "
        "points under greedy)."
    )
    # the strength check did not show greedy stronger than random: not called an effect of skill
    t = trend(LEVELS, found, [False, True])
    assert not t.skill and t.text.endswith(
        " random and greedy are not shown to differ in strength, so this is not shown to be an effect of "
        "skill."
    )


def test_grows_with_skill(tmp_path):
    # 60% of 1000 at random (10 points, [57, 63]) to 80% of 1000 at mcts:100 (30 points, [77, 82])
    found = first_mover_at(tmp_path, "g", [(600, 1000), (700, 1000), (800, 1000)])
    lo, hi = wilson_by_hand(600, 1000)
    assert hi - 0.5 < wilson_by_hand(800, 1000)[0] - 0.5  # the intervals lie apart
    assert trend(LEVELS, found, [True, True]).text == (
        "grows with skill (an advantage of 10 points under random; an advantage of 30 points under mcts:100)."
    )
    del lo


def test_not_resolved_at_a_level(tmp_path):
    found = first_mover_at(tmp_path, "n", [(70, 100), (55, 100), (71, 100)])
    assert found[1].state == "open"
    assert trend(LEVELS, found, [True, True]).text == (
        "holds at every level where it is resolved (an advantage of 20 points). Not resolved at level greedy."
    )
    found = first_mover_at(tmp_path, "m", [(52, 100), (55, 100), (48, 100)])
    assert trend(LEVELS, found, [True, True]).text == "not resolved at level random, greedy, mcts:100."


# ------------------------------------------------------------------ strength and ranking
def sign_p_by_hand(wins: int, decided: int) -> float:
    """The exact two-sided sign test: twice the chance of at least max(wins, losses) of `decided` at 1/2."""
    most = max(wins, decided - wins)
    return min(1.0, 2 * sum(math.comb(decided, k) for k in range(most, decided + 1)) / 2**decided)


# The pairs of the strength check by hand: (weak wins, strong wins, draws)
ORDERED = strength_of("greedy", "mcts:100", weak_wins=30, strong_wins=60, draws=10)
LEVEL = strength_of("mcts:100", "mcts:400", weak_wins=45, strong_wins=50, draws=5)
REVERSED = strength_of("mcts:400", "mcts:800", weak_wins=8, strong_wins=0, draws=92)
DRAWN = strength_of("mcts:800", "mcts:1600", weak_wins=0, strong_wins=0, draws=100)
ISSUE = strength_of("mcts:200", "mcts:1000", weak_wins=0, strong_wins=13, draws=87)


def test_the_strength_check_tests_decided_games_by_hand():
    # 60 won, 30 lost: 60 of 90 decided games, Wilson [0.564, 0.755]; two-sided sign test p = 0.00206
    assert ORDERED.test["share"] == pytest.approx(60 / 90)
    assert (ORDERED.test["lo"], ORDERED.test["hi"]) == pytest.approx(wilson_by_hand(60, 90))
    assert ORDERED.test["p"] == pytest.approx(sign_p_by_hand(60, 90)) and ORDERED.test["p"] == pytest.approx(
        0.00206, abs=1e-5
    )
    assert ORDERED.ordered and not ORDERED.reversed and ORDERED.weak_ahead["p"] == pytest.approx(0.30)
    # 50 won, 45 lost: p = 0.68, neither way
    assert LEVEL.test["p"] == pytest.approx(sign_p_by_hand(50, 95)) and not (LEVEL.ordered or LEVEL.reversed)
    # 0 won, 8 lost, 92 drawn: p = 2 / 2^8 = 0.0078: the level named stronger is weaker
    assert REVERSED.test["p"] == pytest.approx(2 / 2**8) and REVERSED.reversed and not REVERSED.ordered
    # every game drawn decides nothing
    assert DRAWN.test["decided"] == 0 and not (DRAWN.ordered or DRAWN.reversed)
    # the issue's case: 13 won, none lost, 87 drawn: p = 2 / 2^13 = 0.00024, stronger (a draw as half a
    # win read 56.5% of 100 games, Wilson [0.467, 0.658]: not ordered)
    assert ISSUE.test["p"] == pytest.approx(2 / 2**13) and ISSUE.ordered


def test_the_strength_lines_word_for_word():
    class First:
        label, players = "default", 2

    assert strength_lines(First(), [ORDERED, LEVEL, REVERSED, DRAWN, ISSUE]) == [
        "Each pair of adjacent levels played head to head under default (2 players), each level first and "
        "second; a game counts for the level placed better, and only decided games say which level is "
        "stronger (an exact sign test), draws counted beside.",
        "mcts:100 against greedy: of 100 games, 60 won, 30 lost, 10 drawn (10%); 67% [56, 76] of decided "
        "games (p = 0.002): stronger.",
        "mcts:400 against mcts:100: of 100 games, 50 won, 45 lost, 5 drawn (5%); 53% [43, 62] of decided "
        "games (p = 0.68): not shown to be stronger, so a change between them is not called an effect of "
        "skill.",
        "mcts:800 against mcts:400: of 100 games, 0 won, 8 lost, 92 drawn (92%); 0% [0, 32] of decided "
        "games (p = 0.008): weaker, so the levels are not in order of strength and a change between them "
        "is not called an effect of skill.",
        "mcts:1600 against mcts:800: of 100 games, 0 won, 0 lost, 100 drawn (100%); no game decided, so "
        "neither is shown stronger and a change between them is not called an effect of skill.",
        "mcts:1000 against mcts:200: of 100 games, 13 won, 0 lost, 87 drawn (87%); 100% [77, 100] of "
        "decided games (p = 2.4e-04): stronger.",
        "How much luck there is: the weaker level still finishes ahead in 30% [22, 40] (greedy against "
        "mcts:100), 45% [36, 55] (mcts:100 against mcts:400), 8% [4, 15] (mcts:400 against mcts:800), "
        "0% [0, 4] (mcts:800 against mcts:1600), 0% [0, 4] (mcts:200 against mcts:1000) of games.",
    ]


def test_arms_ranked_by_their_distance_from_fair(tmp_path):
    arms = [(name, summary_of(two_player(tmp_path / f"{name}.csv", k, 100))) for name, k in
            (("a", 60), ("b", 52), ("c", 45))]  # fmt: skip
    # distances 10, 2 and 5 points; b's interval holds fair, so its distance is at least 0
    # each distance's interval from the share's z interval (se with one more win and loss): b 52 of 100
    # [42.2, 61.8] -> [0, 12]; c 45 [35.3, 54.7] -> [0, 15]; a 60 [50.4, 69.6] -> [0.4, 20]
    for k, (near, far) in ((52, (0, 12)), (45, (0, 15)), (60, (0, 20))):
        _, lo, hi = share_test(k, k, 100, 0.5)
        assert (round(100 * max(0.0, min(lo - 0.5, 0.5 - hi))), round(100 * max(0.5 - lo, hi - 0.5))) == (
            near,
            far,
        )
    assert ranking_line(None, arms) == (
        "Arms by how far the first mover's score lies from fair, closest first: b 2 points [0, 12], "
        "c 5 points [0, 15], a 10 points [0, 20]. Their intervals overlap, so these games do not rank b "
        "against c, nor c against a."
    )


def test_a_level_left_open_but_apart_from_its_neighbour_reads_as_none_and_the_trend_as_unsteady(tmp_path):
    # random 500 of 1000 ([46.9, 53.1]), greedy 740 of 2000 (37%, [34.9, 39.1]), mcts:100 96 of 200
    # (48%, [41.2, 54.9]): neither outer level is called or shown within 2 points (500 of 1000 within
    # [48, 52]: P(X >= 500 | 0.48) = 0.11), but each lies apart from greedy's disadvantage, so the
    # disadvantage is greedy's alone
    assert tost_by_hand(500, 1000, 0.5) > 0.05
    found = first_mover_at(tmp_path, "u", [(500, 1000), (740, 2000), (96, 200)])
    assert [f.state for f in found] == ["open", "matters", "open"]
    t = trend(LEVELS, found, [True, False])
    assert (t.key, t.skill) == ("unsteady", True)
    assert t.text == (
        "changes between levels without a steady trend (none called (apart from greedy's) under random; a "
        "disadvantage of 13 points under greedy; none called (apart from greedy's) under mcts:100)."
    )
    # with no pair shown to be ordered, it is not called an effect of skill
    assert not trend(LEVELS, found, [False, False]).skill
