"""Answers a designer can act on (issue 33), on hand-made games CSVs worked out by hand and on real games
played in rounds.

- the multiplicity families: the headline question tested on its own, every other measure in a second
  family where a measure's difference and equivalence tests share one slot (Shaffer);
- what changed, first: the called changes at least their minimum effect, largest first in minimum
  effects, in a designer's words, then the headline question; a level whose games too often never
  end said before anything;
- the bottom line word for word, in English and Japanese;
- playing in rounds: where a run stops never depends on --jobs, and a run resumed with a larger budget
  is the run that had that budget from the start.
"""

from __future__ import annotations

import math

import pytest
from test_report_stats import judged_arms, write_games

from simulate.analysis import balance, stats
from simulate.analysis.arm import Arm
from simulate.analysis.families import decide
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.multiplicity import HEADLINE
from simulate.analysis.questions import Follow, asks_of
from simulate.analysis.tally import tally_csv
from simulate.analysis.verdict_page import build_verdict
from simulate.words import language

GREEDY = ("greedy", "greedy")


def arm(path, label: str, games: list[dict], changes: str = "") -> Arm:
    tally = tally_csv(write_games(path, 2, games), [0, 1])
    return Arm(label, 2, GREEDY, tally.cols(), balance.summarize(tally, (), ()), tally, changes)


def games_of(n: int, wins: int, draws: int, moves: int, capped: int = 0, margin: int = 3) -> list[dict]:
    """n games, seat 1 always first: `wins` first-mover wins, then `draws` draws, then the first mover's
    losses, the last `capped` of them stopped by the cap (no winner); every game `moves` long (a capped
    one the cap, 400), the winner ahead by `margin`."""
    out = []
    for k in range(n):
        if k >= n - capped:
            out.append(dict(first=1, winners="1;2", draw=0, scores=[5, 5], moves=400, capped=1))
        elif k < wins:
            out.append(dict(first=1, winners="1", draw=0, scores=[5 + margin, 5], moves=moves))
        elif k < wins + draws:
            out.append(dict(first=1, winners="1;2", draw=1, scores=[5, 5], moves=moves))
        else:
            out.append(dict(first=1, winners="2", draw=0, scores=[5, 5 + margin], moves=moves))
    return out


@pytest.fixture
def goal_games(tmp_path):
    """Two arms of 1,000 games: `goal5` draws 10% of games against 30% and lasts 20 moves against 30; the
    first mover scores 40% + 30%/2 = 55% and 50% + 10%/2 = 55% of the games: no change there."""
    base = arm(tmp_path / "a.csv", "default", games_of(1000, 400, 300, 30))
    other = arm(tmp_path / "b.csv", "goal5", games_of(1000, 500, 100, 20), "Five crystals win.")
    return base, other


def test_the_headline_question_is_tested_on_its_own_and_every_other_measure_in_one_slot_each(goal_games):
    base, other = goal_games
    comps = judged_arms([[base, other]])
    answers = comps["goal5 vs default"]["answers"]
    first = answers["first_mover"]
    # the headline family holds the first mover's change alone: its p-values are its own
    assert first["family"] == HEADLINE
    assert (first["p_holm"], first["p_within_holm"]) == (first["p"], first["p_within"])
    # the other family: every other measure of the comparison and each arm's own first mover and seats,
    # each measure one slot holding its difference and its equivalence test. Holm's step-down with
    # Shaffer's constraint, worked here over the raw p-values: in increasing order, each p times the
    # slots that still hold a test not yet passed, never below the one before
    others = [a for a in answers.values() if a["family"] != HEADLINE]
    for s in (base.summary, other.summary):
        others += [s["answers"]["first_mover"], s["answers"]["seat_balance"]]
    tests = sorted(
        (p, k, kind) for k, a in enumerate(others) for kind, p in enumerate((a["p"], a["p_within"]))
    )
    left = {k: 2 for k in range(len(others))}
    running, by_hand = 0.0, {}
    for p, k, kind in tests:
        slots = sum(1 for n in left.values() if n)
        running = max(running, min(1.0, slots * p))
        by_hand[k, kind] = running
        left[k] -= 1
    for k, a in enumerate(others):
        assert (a["p_holm"], a["p_within_holm"]) == pytest.approx((by_hand[k, 0], by_hand[k, 1]))
    # eight slots (the change of seats, draws, length and margin, each arm's first mover and seats; no
    # game was capped and every game changed the lead once, so no slot for those): the smallest p is
    # multiplied by 8, not by the 16 tests
    assert len(others) == 8
    smallest = min(tests)
    assert by_hand[smallest[1], smallest[2]] == pytest.approx(min(1.0, 8 * smallest[0]))


def test_a_family_counts_a_measures_two_tests_as_one_slot():
    # the decision module itself, on three measures: Shaffer's constraint counts 3 slots where plain
    # Holm would count 6 tests. At most one of a measure's two nulls holds, so a slot counts while it
    # still holds a test not yet passed: after x's difference test, x's equivalence test keeps its slot
    from simulate.analysis.multiplicity import adjust

    rows = [("others", m, p, q) for m, p, q in (("x", 0.001, 0.9), ("y", 0.002, 0.8), ("z", 0.5, 0.01))]
    got = {d.measure: d for d in adjust(rows)}
    # in increasing order 0.001, 0.002, 0.01, each times the 3 slots still holding a test
    assert got["x"].p_difference == pytest.approx(0.003)
    assert got["y"].p_difference == pytest.approx(0.006)
    assert got["z"].p_equivalence == pytest.approx(0.03)
    # then 0.5 (z's difference): x's and y's slots still hold their equivalence tests, z's this one: 3
    assert got["z"].p_difference == 1.0
    # then 0.8 and 0.9: z's slot is done, two slots left: 1.6 and 1.8, at most 1
    assert (got["y"].p_equivalence, got["x"].p_equivalence) == (1.0, 1.0)


def test_what_changed_opens_the_bottom_line_largest_first_in_its_minimum_effects(goal_games):
    base, other = goal_games
    comps = judged_arms([[base, other]])
    a = comps["goal5 vs default"]["answers"]
    # draws: -20 points, 10 minimum effects of 2 points; length: -10 moves against 5% of the median 30
    # (1.5 moves), 6.7 minimum effects; margin 3 points in every decided game of both arms: no change
    assert a["draw_rate"]["diff"] == pytest.approx(-0.2) and a["draw_rate"]["called"]
    assert a["length"]["diff"] == pytest.approx(-10) and a["length"]["delta"] == pytest.approx(1.5)
    assert a["first_mover"]["diff"] == pytest.approx(0.0)
    verdict = build_verdict([[base, other]], comps, "", 1000, 1)
    line = verdict.headline[0]
    assert line.startswith(
        "goal5 against default (Five crystals win) under greedy: draws less often (10% of games against "
        "30%), shortens games by a third (20.0 moves against 30.0 on average); the first mover's score "
    )
    # the first mover: 55% in both arms, shown within 2 points; no direction word for a change not called
    assert (
        "moves by no more than 2 points: 55% and 55% of games (a draw as half, fair 50%; drawn 30% and "
        in line
    )
    assert "closer" not in line and "further" not in line
    with language("ja"):
        verdict = build_verdict([[base, other]], comps, "", 1000, 1)
    assert verdict.headline[0].startswith(
        "goal5はdefaultに比べて（Five crystals win）、greedyでは：引き分けが減る（ゲームの30%から10%へ）、"
        "ゲームが3分の1短くなる（平均30.0手から20.0手へ）。先手の得点割合の変化は2ポイント以内："
    )


def test_a_level_whose_games_too_often_never_end_is_said_first(tmp_path):
    # goal5 stops 250 of its 1,000 games at the cap: 25%, Wilson [22.4, 27.8], well above 2%
    base = arm(tmp_path / "a.csv", "default", games_of(1000, 400, 100, 30))
    other = arm(tmp_path / "b.csv", "goal5", games_of(1000, 400, 100, 30, capped=250), "Five crystals win.")
    lo, hi = stats.wilson(250, 1000)["lo"], stats.wilson(250, 1000)["hi"]
    assert (round(100 * lo), round(100 * hi)) == (22, 28)
    comps = judged_arms([[base, other]])
    verdict = build_verdict([[base, other]], comps, "", 1000, 1)
    assert verdict.bottom[0] == (
        "25% [22, 28] of goal5's games under greedy stop at the cap unfinished: they count neither as "
        "wins nor as draws."
    )
    # and what changed says it too: 25 points more games stopped at the cap, 12.5 minimum effects
    assert "stops more games at the cap (25% against 0%)" in verdict.bottom[1]
    with language("ja"):
        verdict = build_verdict([[base, other]], comps, "", 1000, 1)
    assert verdict.bottom[0] == (
        "greedyではgoal5のゲームの25% [22, 28]が終わらずに上限で打ち切られる：勝ちにも引き分けにも数えない。"
    )


# ------------------------------------------------------------------ real games in rounds
def _session(tmp_path, jobs: int, budget: int, folder: str):
    from printkit.datafile.gamedata import load_game
    from simulate.commands.rounds import ArmTask, Counting, Session, Setup, play_in_rounds

    data = load_game("united_square")
    rules = [data.resolve("default", (), None), data.resolve("equal_deal", (), None)]
    tasks = [
        ArmTask(0, r, ("random", "random"), tmp_path / folder / label, label)
        for r, label in zip(rules, ("a", "b"), strict=True)
    ]
    session = Session(Setup(data, 7, jobs), tasks, [], Counting(None))
    return play_in_rounds(session, [budget])


def _said(ran) -> tuple:
    follow = ran.follows[0]
    ps = {k: (a.games, a.p, a.p_within) for k, a in follow.answers.items()}
    return ran.games, ran.stopped, ran.settled_at, ps


@pytest.mark.long  # a few thousand compiled games, played three times over
def test_where_a_run_in_rounds_stops_never_depends_on_jobs_and_a_larger_budget_resumes_it(tmp_path):
    one = _session(tmp_path, 1, 2000, "one")
    two = _session(tmp_path, 2, 2000, "two")
    assert _said(one) == _said(two)
    # the same run first stopped by a budget of 300 games per arm, then resumed with 2,000: the games of
    # the first are kept and the rounds looked at again, then played on, to the first run's answers
    small = _session(tmp_path, 2, 300, "resumed")
    assert small.games == [300]
    assert _said(_session(tmp_path, 2, 2000, "resumed")) == _said(one)


def test_the_headline_family_settles_a_level_only_when_every_headline_question_is(goal_games):
    base, other = goal_games
    follow = Follow(asks_of([("default", base.tally), ("goal5", other.tally)]), MinEffect(), sequential=True)
    follow.look(1000)
    decisions = decide([follow], HEADLINE)
    (head,) = decisions.values()
    # the headline question alone: no change of the first mover's score (55% and 55%) in 1,000 pairs of
    # games, each pair's difference 0 or +-1/2 or +-1; shown within 2 points at this look or not, the
    # level is settled exactly when it is
    from simulate.analysis.families import settled

    assert settled([follow], 0, decisions) == (head.called or head.equivalent)
    assert math.isclose(follow.answers[head.measure.split("|", 1)[1]].diff, 0.0, abs_tol=1e-12)


@pytest.mark.parametrize("wins", [(400, 450), (450, 400)])
def test_the_ranking_of_arms_never_contradicts_a_called_comparison(tmp_path, wins):
    # the first mover wins 400 and 450 of 1,000 games, no draws: 10 and 5 points from fair, intervals
    # [7, 13] and [2, 8] (they overlap); yet the same 400 games are won in both arms and the other 50
    # in one alone, so McNemar's exact test calls the change (p = 2 / 2^50 = 1.8e-15): the ranking below
    # the comparison must not say these games do not rank the two
    base = arm(tmp_path / "a.csv", "default", games_of(1000, wins[0], 0, 30))
    other = arm(tmp_path / "b.csv", "other", games_of(1000, wins[1], 0, 30), "Another rule.")
    comps = judged_arms([[base, other]])
    assert comps["other vs default"]["tests"]["first_mover"]["p_holm"] == pytest.approx(2 / 2**50)
    ranked = next(
        line for line in build_verdict([[base, other]], comps, "", 1000, 1).bottom if "closest" in line
    )
    closer, further = ("other", "default") if wins[1] > wins[0] else ("default", "other")
    assert ranked == (
        f"Arms by how far the first mover's score lies from fair, closest first: {closer} 5 points [2, 8], "
        f"{further} 10 points [7, 13]."
    )


def test_a_question_left_open_at_the_point_of_settling_says_a_few_more_games_not_about_0():
    """`need.more` is 0 when, its estimate held, the games played would all but settle a question (the
    next look's games would): "about 0 more games per arm would settle it" read as settled."""
    from simulate.analysis.verdict import settle_text

    open_at = {"games": 384, "called": False, "equivalent": False}
    stopped = {**open_at, "stopped": "settled", "level_games": 384}
    budget = {**open_at, "stopped": "budget"}
    close, far = {"games": 384, "more": 0, "by": "equivalence"}, {"games": 725, "more": 341, "by": "call"}
    assert settle_text({**stopped, "need": close}) == (
        "not settled at 384 games per arm, where the headline questions were settled, though close to it: "
        "a few more games per arm would settle it"
    )
    assert settle_text({**stopped, "need": far}).endswith("; about 340 more games per arm would settle it")
    assert settle_text({**budget, "need": close}) == (
        "not settled within the budget (384 games per arm), though close to it: a few more games per arm "
        "would settle it"
    )
    with language("ja"):
        assert settle_text({**stopped, "need": close}).endswith("あと1アームあたり数ゲームで決着する見込み")
