"""A tune's confirmation in words, on hand-made games CSVs: the verdict's own lines (one implementation,
not a copy) and each target's lines, asserted word for word."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from test_report_stats import wilson_by_hand, write_games

from simulate.analysis import balance, stats
from simulate.analysis.arm import Arm
from simulate.analysis.families import Ran, asked_once
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.questions import asks_of
from simulate.analysis.skill import Level, Pair, Skill, strength_of
from simulate.analysis.tally import tally_csv
from simulate.tune import confirm, lines
from simulate.tune.targets import parse_targets

GREEDY = ("greedy", "greedy")


def _arm(path, label: str, first_wins: int, decided: int, draws: int, changes: str = "") -> Arm:
    """Two-player games where seat 1 always moves first, 18 or 22 moves in turn (a mean of 20)."""
    games = [
        dict(first=1, winners="1" if k < first_wins else "2", draw=0,
             scores=[8, 5] if k < first_wins else [5, 8], moves=18 + 4 * (k % 2))
        for k in range(decided)
    ]  # fmt: skip
    games += [
        dict(first=1, winners="1;2", draw=1, scores=[6, 6], moves=18 + 4 * (k % 2)) for k in range(draws)
    ]
    tally = tally_csv(write_games(path, 2, games), [0, 1])
    summary = balance.summarize(tally, (), ())
    return Arm(label, 2, GREEDY, tally.cols(), summary, tally, changes)


def ran_of(groups: list[list[Arm]]) -> Ran:
    """A confirmation's questions asked once of its arms' games, as `--confirm N` asks them."""
    asks = [asks_of([(a.label, a.tally) for a in group], (), fair_first=True) for group in groups]
    return asked_once(asks, [min(a.tally.games for a in group) for group in groups], MinEffect())


def _confirmation(tmp_path, targets: list[str]) -> confirm.Confirmation:
    # the rules as they were: 400 games, 100 drawn, the first mover 120 of the 300 decided (40%);
    # finalist 1: 400 games, none drawn, the first mover 200 of 400 (50%)
    base = _arm(tmp_path / "base.csv", "the rules as they were", 120, 300, 100)
    finalist = _arm(tmp_path / "f1.csv", "finalist 1", 200, 400, 0, "compensation = -0.5")
    groups = [[base, finalist]]
    return confirm.judge(
        parse_targets(targets, [], ()), groups, ["greedy"], 1001, MinEffect(), ran_of(groups)
    )


def fisher_by_hand(k1: int, n1: int, k2: int, n2: int) -> float:
    """Fisher's exact p: every table with the same margins no likelier than the one seen, by math.comb."""
    total = k1 + k2

    def table(k: int) -> float:
        return math.comb(n1, k) * math.comb(n2, total - k) / math.comb(n1 + n2, total)

    seen = table(k1)
    return sum(
        table(k) for k in range(max(0, total - n2), min(n1, total) + 1) if table(k) <= seen * (1 + 1e-7)
    )


def test_the_bottom_line_is_the_verdicts_own_with_each_targets_lines_before_its_note_on_the_agents(tmp_path):
    conf = _confirmation(tmp_path, ["first_mover=fair", "draws<=0.1", "length=18..24"])
    verdict = conf.verdict.bottom
    got = lines.bottom_lines(conf)
    # the verdict's own lines come first, its note on the agents last
    assert got[: len(verdict) - 1] == verdict[:-1] and got[-1] == verdict[-1]
    # what changed first (draws 25% to none; seat 1, the first mover here, 42% to 50% of the score);
    # then the first mover's score with draws as half: 120 + 100/2 of 400 against 200 of 400
    assert verdict[0].startswith(
        "finalist 1 against the rules as they were (compensation = -0.5) under greedy: draws less often (0% "
        "of games against 25%), changes the split between seats (seat 1 42% to 50% of games); the first "
        "mover's score moves closer to fair: 42% to 50% of games (a draw as half, fair 50%; drawn 25% and "
        "0%), called (p = "
    )
    lo, hi = wilson_by_hand(100, 400)  # 100 draws of 400
    assert f"{100 * lo:.0f}, {100 * hi:.0f}" == "21, 29"
    # the targets' tests are a family of their own: 7 slots (each arm's within test for each of three
    # targets, and the finalist's change with its equivalence test for the first mover and draws; the
    # length's change is no change to speak of). The first mover's share of decided games, 120 of 300
    # against 200 of 400: Fisher's exact test, then Holm's step-down among the slots
    fisher = fisher_by_hand(120, 300, 200, 400)
    change = conf.judged[0][1][0].change
    assert change.test["p"] == pytest.approx(fisher)
    assert change.test["p_holm"] >= fisher
    # 100 draws of 400 against none: Fisher's p is far below 1e-10 even after Holm; 0 of 400 draws is
    # within "at most 10%" (0.9 ** 400 = 5e-19), 100 of 400 is not (P(X <= 100 | 0.1) is about 1);
    # a mean of 20 moves against 18..24 in both arms is no change to speak of
    assert got[len(verdict) - 1 : -1] == [
        "first_mover=fair: finalist 1 against the rules as they were moves the first mover's share of "
        "decided games closer to fair: 40% to 50% (goal: within 2 points of a fair 50%); called "
        f"({stats.fmt_p(change.test['p_holm'])}) under greedy.",
        "the rules as they were, first_mover=fair: 40% [35, 46] of decided games (goal: within 2 points of "
        "a fair 50%): not shown within the goal (p = 1.00), under greedy.",
        "finalist 1, first_mover=fair: 50% [45, 55] of decided games (goal: within 2 points of a fair 50%): "
        f"not shown within the goal ({stats.fmt_p(conf.judged[0][1][0].within['p_holm'])}), under greedy.",
        "draws<=0.1: finalist 1 against the rules as they were moves the share of games drawn closer to "
        "the goal: 25% to 0% (goal: at most 10%); called (p < 1e-10) under greedy.",
        "the rules as they were, draws<=0.1: 25% [21, 29] of games (goal: at most 10%): not shown within "
        "the goal (p = 1.00), under greedy.",
        "finalist 1, draws<=0.1: 0% [0, 1] of games (goal: at most 10%): shown within the goal "
        "(p < 1e-10), under greedy.",
        "length=18..24: finalist 1 against the rules as they were: the mean length in moves 20.00 to "
        "20.00, both within the goal (18 to 24).",
        "the rules as they were, length=18..24: 20.00 [19.80, 20.20] (goal: 18 to 24): shown within the "
        "goal (p < 1e-10), under greedy.",
        "finalist 1, length=18..24: 20.00 [19.80, 20.20] (goal: 18 to 24): shown within the goal "
        "(p < 1e-10), under greedy.",
    ]


def test_a_fair_target_other_than_the_verdicts_is_worded_against_fair_with_the_minimum_effect(tmp_path):
    conf = _confirmation(tmp_path, ["positions=fair"])
    got = lines.bottom_lines(conf)[len(conf.verdict.bottom) - 1 : -1]
    # turn positions 40% / 60% of 300 decided games, then 50% / 50% of 400: the largest gap from a fair
    # 50% goes from 10 points to none, closer to fair; within 2 points only for the finalist
    assert got[0].startswith(
        "positions=fair: finalist 1 against the rules as they were moves the largest gap of a turn "
        "position's share of decided games from fair closer to fair: 10 points to 0 points (goal: every "
        "share within 2 points of a fair 50%); "
    )
    assert got[1].startswith(
        "the rules as they were, positions=fair: position 1 40% [35, 46], position 2 60% [54, 65] "
        "(goal: every share within 2 points of a fair 50%): not shown within the goal (p = 1.00)"
    )
    assert got[2].startswith(
        "finalist 1, positions=fair: position 1 50% [45, 55], position 2 50% [45, 55] (goal: every share "
        "within 2 points of a fair 50%): not shown within the goal"
    )


def test_on_a_skill_axis_each_targets_lines_read_every_level_and_its_trend_across_them(tmp_path):
    # the same two arms at both levels, but for the first mover (random: 150 of 300, then 240 of 400)
    groups = []
    for level, (base_wins, finalist_wins) in {"random": (150, 240), "greedy": (120, 200)}.items():
        base = _arm(tmp_path / f"base-{level}.csv", f"the rules as they were @ {level}", base_wins, 300, 100)
        finalist = _arm(tmp_path / f"f1-{level}.csv", f"finalist 1 @ {level}", finalist_wins, 400, 0, "c")
        groups.append([replace(base, agents=(level, level)), replace(finalist, agents=(level, level))])
    skill = Skill((Level("random", 400), Level("greedy", 400)), (Pair("random", "greedy", 40),))
    targets = parse_targets(["first_mover=fair", "draws<=0.1"], [], ())
    strengths = [strength_of("random", "greedy", 0, 40, 0)]
    conf = confirm.judge(
        targets, groups, ["random", "greedy"], 1001, MinEffect(), ran_of(groups), skill, strengths
    )
    got = lines.bottom_lines(conf)
    assert got[: len(conf.verdict.bottom)] == conf.verdict.bottom  # no note on one agent set to keep last
    # the first mover's share of decided games: Fisher's exact tests (150 of 300 against 240 of 400 and
    # 120 of 300 against 200 of 400), each then in the targets' family of their own
    assert got[len(conf.verdict.bottom) :] == [
        "first_mover=fair: finalist 1 against the rules as they were, the first mover's share of decided "
        "games (goal: within 2 points of a fair 50%): under random 50% to 60%, further from fair, not called "
        "(p = 0.072; about 9,700 games per arm would resolve a 2-point change); under greedy 40% to 50%, "
        "closer to fair, not called (p = 0.074; about 9,700 games per arm would resolve a 2-point change).",
        "the rules as they were, first_mover=fair (goal: within 2 points of a fair 50%): 50% [44, 56] of "
        "decided games under random: not shown within the goal (p = 1.00); 40% [35, 46] of decided games "
        "under greedy: not shown within the goal (p = 1.00).",
        "finalist 1, first_mover=fair (goal: within 2 points of a fair 50%): 60% [55, 65] of decided games "
        "under random: not shown within the goal (p = 1.00); 50% [45, 55] of decided games under greedy: "
        "not shown within the goal (p = 1.00).",
        "draws<=0.1: finalist 1 against the rules as they were, the share of games drawn (goal: at most "
        "10%): under random 25% to 0%, closer to the goal, called (p < 1e-10); under greedy 25% to 0%, "
        "closer to the goal, called (p < 1e-10).",
        "the rules as they were, draws<=0.1 (goal: at most 10%): 25% [21, 29] of games under random: not "
        "shown within the goal (p = 1.00); 25% [21, 29] of games under greedy: not shown within the goal "
        "(p = 1.00).",
        "finalist 1, draws<=0.1 (goal: at most 10%): 0% [0, 1] of games under random: shown within the "
        "goal (p < 1e-10); 0% [0, 1] of games under greedy: shown within the goal (p < 1e-10).",
    ]
    across = lines.skill_lines(conf)
    assert across[: len(conf.verdict.skill)] == conf.verdict.skill
    assert across[len(conf.verdict.skill) :] == [
        "first_mover=fair, finalist 1 against the rules as they were: not resolved at level random, greedy.",
        "draws<=0.1, finalist 1 against the rules as they were: holds at every level (closer to the goal "
        "by 25 points).",
    ]
