"""A tune's confirmation in words, on hand-made games CSVs: the verdict's own lines (one implementation,
not a copy) and each target's lines, asserted word for word."""

from __future__ import annotations

from dataclasses import replace

from test_report_stats import wilson_by_hand, write_games

from simulate.analysis import balance
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


def test_the_bottom_line_is_the_verdicts_own_with_each_targets_lines_before_its_note_on_the_agents(tmp_path):
    conf = _confirmation(tmp_path, ["first_mover=fair", "draws<=0.1", "length=18..24"])
    verdict = conf.verdict.bottom
    got = lines.bottom_lines(conf)
    # first_mover=fair is the verdict's own question: its lines, as the report words them, come first
    assert got[: len(verdict) - 1] == verdict[:-1] and got[-1] == verdict[-1]
    assert verdict[0].startswith(
        "finalist 1 against the rules as they were (compensation = -0.5) moves the first mover closer to "
        "fair: 40% to 50% of decided games (fair 50%); "
    )
    lo, hi = wilson_by_hand(100, 400)  # 100 draws of 400
    assert f"{100 * lo:.0f}, {100 * hi:.0f}" == "21, 29"
    # 100 draws of 400 against none: Fisher's p is far below 1e-10 even after Holm; 0 of 400 draws is
    # within "at most 10%" (0.9 ** 400 = 5e-19), 100 of 400 is not (P(X <= 100 | 0.1) is about 1);
    # a mean of 20 moves against 18..24 in both arms is no change to speak of
    assert got[len(verdict) - 1 : -1] == [
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
    assert got[len(conf.verdict.bottom) :] == [
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
        "draws<=0.1, finalist 1 against the rules as they were: holds at every level (closer to the goal "
        "by 25 points)."
    ]
