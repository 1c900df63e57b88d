"""`simulate tune` as a user meets it: knobs and targets checked in one line, the measures and the
confirmation's tests worked by hand, a tune that resumes, and a variant table the other tools take."""

from __future__ import annotations

import math
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from scipy import stats as sps

from printkit.datafile.gamedata import load_game
from printkit.errors import DataError
from simulate.analysis import stats
from simulate.analysis.min_effect import MinEffect
from simulate.tune import goals
from simulate.tune.plan import TuneOptions, plan_tune
from simulate.tune.space import parse_knob, parse_knobs
from simulate.tune.targets import PENALTY, objective, parse_targets

TUNE = ["tune", "united_square", "--knob", "compensation=-1..1:0.5", "--target", "first_mover=fair"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--knob", "speed=1..3"], "--knob speed=1..3: rules.speed: unknown option"),
        (["--knob", "compensation=-20..2"], "rules.compensation: expected a value >= -10.0, got -20.0"),
        (["--knob", "panels_per_type=0..3"], "rules.panels_per_type: expected a value >= 1, got 0"),
        (["--knob", "compensation=0..2:0.3"], "the step 0.3 does not divide 0..2 into whole steps"),
        (["--knob", "compensation=2..0"], "expected LO below HI"),
        (["--knob", "panels_per_type=1..3:0.5"], "rules.panels_per_type takes whole numbers"),
        (["--knob", "board=5,9"], "rules.board: expected one of 5, 7, got 9"),
        (["--knob", "deal=random"], "expected two or more values"),
        (["--knob", "deal=random,equal", "--knob", "deal=equal,random"], "deal is already a knob"),
        (["--knob", "deal=random,equal", "--set", "deal=equal"], "deal is also given with --set"),
        (["--knob", "deal"], "expected KEY=LO..HI[:STEP] or KEY=A,B,C"),
        (["--knob", "deal=1..3"], "a range LO..HI needs a numeric rule"),
        (["--target", "fun=fair"], "--target: fun: not a measure of the report"),
        (["--target", "fisrt_mover=fair"], 'did you mean "first_mover"?'),
        (["--target", "length=fair"], "only first_mover, seats, positions have a fair value"),
        (["--target", "draws<=10"], "draws is a share of games; give it as a fraction 0..1"),
        (["--target", "first_mover"], "expected MEASURE=GOAL, MEASURE<=X or MEASURE>=X"),
        (["--target", "length=24..18"], "expected LO..HI with LO at most HI"),
        (["--target", "margin>=one"], "expected a number as the bound, got 'one'"),
        (["--target", "length=18..24@0"], "expected a weight above 0"),
        (["--require", "draws<=0.1@2"], "a requirement has no weight"),
        (["--min-effect", "0.02"], "--min-effect 0.02: expected MEASURE=VALUE with MEASURE one of share"),
        (["--min-effect", "share=60"], "a share is in percentage points, below 50; got 60"),
        (["--skill", "greedy"], "--skill greedy: a skill axis needs two or more levels, weakest first"),
        (["--skill", "random,genius"], "unknown agent 'genius'"),
        (["--budget", "10", "--games", "64"], "--budget: expected at least --games (64), got 10"),
        (["--agents", "genius"], "unknown agent 'genius'"),
    ],
)
def test_bad_knobs_and_targets_are_one_line_exit_2_and_write_nothing(run_tool, tmp_path, args, message):
    base = list(TUNE)
    if any(a in ("--knob",) for a in args):
        base = base[:2] + base[4:]  # the case's own knobs in place of the default one
    if "--target" in args:
        base = base[:-2]
    code, out, err = run_tool("simulate", *base, *args, "--out", str(tmp_path / "out"))
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert message in err
    assert not (tmp_path / "out").exists()


def test_a_tune_needs_a_knob_and_a_target(run_tool, tmp_path):
    code, _, err = run_tool("simulate", "tune", "united_square", "--target", "first_mover=fair")
    assert code == 2 and "--knob: name at least one rule" in err
    code, _, err = run_tool("simulate", "tune", "united_square", "--knob", "compensation=0..1:0.5")
    assert code == 2 and "--target: name at least one measure" in err


def test_knob_values_step_from_lo_to_hi_in_the_rules_type():
    data = load_game("united_square")
    assert parse_knob(data, "compensation=0..2:0.5").values == (0.0, 0.5, 1.0, 1.5, 2.0)
    assert parse_knob(data, "compensation=0..1").values == tuple(i / 10 for i in range(11))
    assert parse_knob(data, "panels_per_type=2..4").values == (2, 3, 4)
    board = parse_knob(data, "board=5,7")
    assert board.values == (5, 7) and board.numeric
    deal = parse_knob(data, "deal=random,equal")
    assert deal.values == ("random", "equal") and not deal.numeric
    sides = parse_knob(load_game("twinkle_twinkle"), "sides.comets=green,blue")
    assert sides.values == ("green", "blue")


def test_a_setting_is_the_base_rules_with_its_values_laid_over():
    data = load_game("twinkle_twinkle")
    space = parse_knobs(data, ["sides.comets=green,blue", "planets.blue_most_bonus=0..8:4"])
    assert space.size == 6
    assert space.parts((1, 2)) == ['sides.comets="blue"', "planets.blue_most_bonus=8"]
    rules = data.resolve(space.parts((1, 2)))
    assert rules["sides"]["comets"] == "blue" and rules["sides"]["planets"] == "green"
    assert rules["planets"] == {"green_each": 3, "blue_each": 2, "blue_most_bonus": 8}
    assert space.label((1, 2)) == "sides.comets=blue+planets.blue_most_bonus=8"
    assert space.folder((1, 2)) == "comets=blue+blue_most_bonus=8"  # a folder name stays short
    with pytest.raises(DataError, match="a table or list"):
        parse_knob(data, "sides=green,blue")


def _rate(k: int, n: int) -> dict:
    return {"k": k, "n": n, "p": k / n if n else math.nan}


def _summary() -> dict:
    """A hand-made two-sided arm: 200 decided games, the first mover wins 120 (60%), seats 110 and 90;
    50 draws of 250 games; mean length 25 moves (sd 5, 250 games)."""
    mean = {"n": 250, "mean": 25.0, "sd": 5.0}
    return {
        "fair_share": 0.5,
        "position_wins": [_rate(120, 200), _rate(80, 200)],
        "side_wins": [_rate(110, 200), _rate(90, 200)],
        "draws": _rate(50, 250),
        "capped": _rate(0, 250),
        "moves": mean,
        "margin": {"n": 250, "mean": 1.5, "sd": 1.0},
        "score_all": {"n": 500, "mean": 10.0, "sd": 3.0},
        "metrics": {},
        "generic": {},
    }


def test_a_target_misses_by_its_distance_outside_the_goal_in_points_for_shares():
    s = _summary()
    (fm,) = parse_targets(["first_mover=fair"], [], ())
    miss, se = fm.miss(s)
    assert miss == pytest.approx(10.0)  # 60% against a fair 50%
    assert se == pytest.approx(100 * math.sqrt(0.6 * 0.4 / 200))
    (seats,) = parse_targets(["seats=fair"], [], ())
    assert seats.miss(s)[0] == pytest.approx(5.0)  # 55% is the seat furthest from 50%
    (draws,) = parse_targets(["draws<=0.10"], [], ())
    assert draws.miss(s)[0] == pytest.approx(10.0)  # 20% drawn, at most 10% asked
    (inside,) = parse_targets(["length=18..26"], [], ())
    assert inside.miss(s)[0] == 0.0
    (length,) = parse_targets(["length=18..24"], [], ())
    assert length.miss(s)[0] == pytest.approx(1.0)  # mean 25 moves, 24 at most


def test_the_objective_adds_weighted_misses_and_a_broken_requirement_outweighs_them():
    s = _summary()
    targets = parse_targets(["first_mover=fair@2", "length=18..24"], ["margin>=1"], ())
    assert objective(targets, s)[0] == pytest.approx(2 * 10 + 1)
    broken = parse_targets(["first_mover=fair"], ["draws<=0.1"], ())
    assert objective(broken, s)[0] == pytest.approx(10 + PENALTY * 10)


def test_a_share_between_two_ends_is_two_one_sided_binomial_tests():
    # 50 of 100 within [0.40, 0.60]: P(X >= 50 | 0.40) and P(X <= 50 | 0.60), the larger
    by_hand = max(
        sum(math.comb(100, j) * 0.4**j * 0.6 ** (100 - j) for j in range(50, 101)),
        sum(math.comb(100, j) * 0.6**j * 0.4 ** (100 - j) for j in range(0, 51)),
    )
    assert stats.share_between(50, 100, 0.40, 0.60)["p"] == pytest.approx(by_hand)
    assert by_hand == pytest.approx(0.0271, abs=1e-3)
    # a bound only: draws at most 10%, 5 of 100: P(X <= 5 | 0.10)
    assert stats.share_between(5, 100, -math.inf, 0.10)["p"] == pytest.approx(sps.binom.cdf(5, 100, 0.1))
    # an end no share can pass (at least 100%) is a test that cannot succeed
    assert stats.share_between(100, 100, 1.0, math.inf)["p"] == 1.0
    assert stats.share_between(0, 0, 0.4, 0.6)["p"] is None


def test_a_mean_between_two_ends_is_one_sided_t_tests():
    d = {"n": 101, "mean": 21.0, "sd": 5.0}  # standard error 0.4975
    se = 5.0 / math.sqrt(101)
    by_hand = max(sps.t.sf((21 - 18) / se, 100), sps.t.sf((24 - 21) / se, 100))
    assert stats.mean_between(d, 18, 24)["p"] == pytest.approx(by_hand)
    assert stats.mean_between(d, 22, math.inf)["p"] > 0.5  # a mean below its lower bound is not within
    assert stats.mean_between({"n": 1, "mean": 3.0, "sd": 0.0}, 0, 5)["p"] is None


def _summary_with_tests() -> dict:
    s = _summary()
    s.update(
        games=250,
        decided=200,
        side_names=["seat 1", "seat 2"],
        tests={"first_mover_within": {"p": 0.5}, "seat_balance_within": {"p": 0.25}},
    )
    return s


def test_within_the_goal_is_the_goal_widened_by_the_minimum_effect():
    s, me = _summary_with_tests(), MinEffect()
    fm, seats, positions, draws, near, length, score, gap = parse_targets(
        ["first_mover=fair", "seats=fair", "positions=fair", "draws<=0.1", "draws=0.2", "length=25",
         "score=10", "seats>=0.05"], [], ())  # fmt: skip
    # the first mover's and every seat's share of decided games within 2 points of a fair 50% (the
    # report's own first mover and seats are scores with draws as half, another measure): 120 of 200,
    # and seats' 110 and 90 of 200
    assert goals.within(fm, s, s, me)["p"] == pytest.approx(stats.share_between(120, 200, 0.48, 0.52)["p"])
    by_hand = max(stats.share_between(k, 200, 0.48, 0.52)["p"] for k in (110, 90))
    assert goals.within(seats, s, s, me)["p"] == pytest.approx(by_hand)
    # every turn position within 2 points of a fair 50%: the larger of the positions' two-sided tests
    # (120 and 80 of 200 decided games)
    by_hand = max(stats.share_between(k, 200, 0.48, 0.52)["p"] for k in (120, 80))
    assert goals.within(positions, s, s, me)["p"] == pytest.approx(by_hand)
    # 50 draws of 250 against at most 10%: P(X <= 50 | 0.10); against 20% -+ 2 points: both ends
    assert goals.within(draws, s, s, me)["p"] == pytest.approx(sps.binom.cdf(50, 250, 0.1))
    both_ends = max(sps.binom.sf(49, 250, 0.18), sps.binom.cdf(50, 250, 0.22))
    assert goals.within(near, s, s, me)["p"] == pytest.approx(both_ends)
    # a length of 25 moves: widened by 5% of the baseline's median (25 here), 1.25 moves either side
    s["moves"]["median"] = 25.0
    assert goals.band(length, s, s, me) == (23.75, 26.25)
    se = 5.0 / math.sqrt(250)
    assert goals.within(length, s, s, me)["p"] == pytest.approx(sps.t.sf(1.25 / se, 249))
    # a mean with no minimum effect and a lower bound on a gap are not tested, and say why
    assert "no minimum effect" in goals.within(score, s, s, me)["why"]
    assert "lower bound on the largest gap" in goals.within(gap, s, s, me)["why"]


def test_a_move_toward_the_goal_is_closer_and_one_past_it_is_across():
    a, b = _summary(), _summary()
    (fm,) = parse_targets(["first_mover=fair"], [], ())
    (length,) = parse_targets(["length=18..24"], [], ())
    b["position_wins"] = [_rate(90, 200), _rate(110, 200)]  # 60% to 45%: across fair, and nearer it
    assert goals.direction(fm, a, b) == ("closer_across", -1)
    b["moves"] = {"n": 250, "mean": 12.0, "sd": 5.0}  # 25 moves (1 over 24) to 12 (6 under 18)
    assert goals.direction(length, a, b) == ("goal_further_across", 1)
    b["moves"] = {"n": 250, "mean": 20.0, "sd": 5.0}
    assert goals.direction(length, a, b) == ("goal_closer", -1)
    a["moves"] = {"n": 250, "mean": 19.0, "sd": 5.0}
    assert goals.both_within(length, a, b)


def test_compensation_goes_to_later_turn_positions_and_once_to_a_team():
    from simulate.engines import make_game

    data = load_game("united_square")
    solo = make_game(data.resolve("compensation=0.5", players=4, sets=()))
    # seat 2 moved first: seats 3, 4, 1 are positions 1, 2, 3
    assert solo.compensated([5.0, 5.0, 5.0, 5.0], first=1) == [6.5, 5.0, 5.5, 6.0]
    teams = make_game(data.resolve(["teams", "compensation=1.0"]))
    # team 2 (seats 2 and 4) moved second: its point split between its seats
    assert teams.compensated([3.0, 3.0, 3.0, 3.0], first=0) == [3.0, 3.5, 3.0, 3.5]
    plain = make_game(data.resolve("default"))
    scores = [1.0, 2.0]
    assert plain.compensated(scores, first=1) is scores


def test_half_a_point_of_compensation_gives_every_tie_to_the_later_seat():
    from simulate.play.runner import play

    data = load_game("united_square")
    base = data.resolve("default")
    komi = data.resolve("compensation=0.5")
    from simulate.engines import make_game

    g0, g1 = make_game(base), make_game(komi)
    ties = 0
    for index in range(60):
        r0, _ = play(g0, ("random", "random"), 5, index, 10_000)
        r1, _ = play(g1, ("random", "random"), 5, index, 10_000)
        later = 1 - r0.first_player
        expected = list(r0.scores)
        expected[later] += 0.5
        assert r1.scores == expected  # the same game, half a point more for the seat that moved second
        assert not r1.draw and len(r1.winners) == 1
        if r0.draw:
            ties += 1
            assert r1.winners == [later]
    assert ties > 5


def test_tiddly_wink_and_time_splicers_give_later_positions_a_head_start():
    from simulate.engines import make_game

    tw = load_game("tiddly_wink")
    game = make_game(tw.resolve("position_counters=3"), debug=True)
    plain = make_game(tw.resolve("default"), debug=True)
    n = game.players
    for seed in range(5):
        state, base = game.new_state(seed), plain.new_state(seed)
        if state.round > 0:
            continue  # the opening tile ended the round: counters already moved
        for k in range(n):
            seat = (state.first + k) % n
            assert state.counters[seat] == base.counters[seat] + 3 * k
        state.check_invariants()
    ts = load_game("time_splicers")
    game = make_game(ts.resolve("position_tokens=2"), debug=True)
    for seed in range(5):
        state = game.new_state(seed)
        start = ts.rules["start_tokens"]
        assert [state.tokens[(state.first + k) % game.players] for k in range(game.players)] == [
            start + 2 * k for k in range(game.players)
        ]


def _tune(out: Path, *extra: str) -> list[str]:
    return [
        "tune",
        "united_square",
        "--knob",
        "compensation=-1..1:0.5",
        "--target",
        "first_mover=fair",
        "--budget",
        "1500",
        "--games",
        "64",
        "--confirm",
        "300",
        "--finalists",
        "2",
        "--jobs",
        "1",
        "--out",
        str(out),
        *extra,
    ]


def test_a_tune_writes_its_page_figure_and_a_variant_the_data_file_takes(run_tool, tmp_path):
    code, out, err = run_tool("simulate", *_tune(tmp_path / "out"), "--quiet")
    assert code == 0, err
    folder = next((tmp_path / "out" / "united_square").iterdir())
    for name in ("tune.md", "tune.png", "tuned.toml", "result.json", "study.db", "tune.json"):
        assert (folder / name).is_file(), name
    page = (folder / "tune.md").read_text()
    assert "## Bottom line" in page and "## Search history" in page
    table = (folder / "tuned.toml").read_text()
    assert table.startswith("[variants.tuned]") and table in out
    # pasted into (a copy of) the data file, the variant is taken as it is by both tools
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    shutil.copy(load_game("united_square").path, data_dir / "united_square.toml")
    with (data_dir / "united_square.toml").open("a") as fh:
        fh.write("\n" + table)
    os.environ["PRINTKIT_DATA"] = str(data_dir)
    try:
        tuned = load_game("united_square").resolve("tuned")
        assert tuned["compensation"] in (-1.0, -0.5, 0.0, 0.5, 1.0)
        code, _, err = run_tool(
            "printkit", "build", "united_square", "--variant", "tuned", "--out", str(tmp_path / "pdf")
        )
        assert code == 0, err
        code, _, err = run_tool(
            "simulate",
            "compare",
            "united_square",
            "--variant",
            "default",
            "--variant",
            "tuned",
            "--games",
            "30",
            "--jobs",
            "1",
            "--quiet",
            "--out",
            str(tmp_path / "cmp"),
        )
        assert code == 0, err
    finally:
        del os.environ["PRINTKIT_DATA"]


@pytest.mark.long  # three real tunes, one interrupted (.ci/run's long part)
def test_an_interrupted_tune_resumes_and_ends_as_an_uninterrupted_one(tmp_path):
    command = [sys.executable, "-c", "from simulate.cli import main; main()"]
    whole = subprocess.run([*command, *_tune(tmp_path / "whole"), "--quiet"], capture_output=True, text=True)
    assert whole.returncode == 0, whole.stderr
    out = tmp_path / "cut"
    process = subprocess.Popen([*command, *_tune(out), "--quiet"], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if len(list(out.glob("united_square/*/settings/*/games.csv"))) >= 3:
            process.send_signal(signal.SIGINT)
            break
        time.sleep(0.02)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err  # it was stopped part way, not left to finish
    assert not list(out.glob("united_square/*/tune.md"))
    resumed = subprocess.run([*command, *_tune(out), "--quiet"], capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stdout == whole.stdout.replace(str(tmp_path / "whole"), str(out))
    (a,) = (tmp_path / "whole").glob("united_square/*/")
    (b,) = out.glob("united_square/*/")
    for name in ("tune.md", "tuned.toml", "result.json"):
        assert (a / name).read_text() == (b / name).read_text(), name


def test_a_folder_holding_another_tune_is_refused_until_fresh(run_tool, tmp_path):
    code, _, err = run_tool("simulate", *_tune(tmp_path / "out"), "--quiet")
    assert code == 0, err
    code, _, err = run_tool("simulate", *_tune(tmp_path / "out"), "--quiet", "--min-effect", "share=3")
    assert code == 2 and "holds a tune of other settings; pass --fresh" in err
    code, _, err = run_tool(
        "simulate", *_tune(tmp_path / "out"), "--quiet", "--min-effect", "share=3", "--fresh"
    )
    assert code == 0, err


@pytest.mark.long  # a real dask cluster (.ci/run's long part)
def test_a_tune_on_a_cluster_or_two_workers_is_the_tune_of_one_process(run_tool, tmp_path):
    distributed = pytest.importorskip("distributed")
    code, _, err = run_tool("simulate", *_tune(tmp_path / "one"), "--quiet")
    assert code == 0, err
    two = [a if a != "1" else "2" for a in _tune(tmp_path / "two")]  # --jobs 2
    code, _, err = run_tool("simulate", *two, "--quiet")
    assert code == 0, err
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        ) as cluster,
        distributed.Client(cluster),
    ):
        code, _, err = run_tool(
            "simulate", *_tune(tmp_path / "cluster"), "--quiet", "--scheduler", cluster.scheduler_address
        )
    assert code == 0, err
    pages = {
        run: next((tmp_path / run).glob("united_square/*/tune.md")).read_text()
        for run in ("one", "two", "cluster")
    }
    assert pages["one"] == pages["two"] == pages["cluster"]


def test_on_a_skill_axis_the_search_plays_the_strongest_level_unless_agents_are_given(tmp_path):
    knobs, targets = ["compensation=-1..1:0.5"], ["first_mover=fair"]
    plan = plan_tune("united_square", knobs, targets, [], TuneOptions(skill="random,greedy", out=tmp_path))
    assert plan.agents == ("greedy", "greedy")
    # named levels take the data file's count for each (its budget when the confirmation plays in rounds)
    skill = load_game("united_square").game["skill"]
    counts = dict(zip(skill["levels"], skill["games"], strict=True))
    assert [(lv.agent, lv.games) for lv in plan.skill.levels] == [
        ("random", counts["random"]),
        ("greedy", counts["greedy"]),
    ]
    assert plan.folder.name == "tune-compensation.greedy.skill-random-greedy.seed1"
    chosen = TuneOptions(skill="", agents="random", agents_given=True, confirm=300, confirm_given=True)
    plan = plan_tune("united_square", knobs, targets, [], chosen)
    assert plan.agents == ("random", "random")
    # the data file's levels, each confirmed on --confirm games when it is given
    assert [lv.agent for lv in plan.skill.levels] == ["random", "greedy", "mcts:100", "mcts:400"]
    assert {lv.games for lv in plan.skill.levels} == {300}


def test_a_tune_on_a_skill_axis_confirms_at_every_level_with_the_strength_check(run_tool, tmp_path):
    # searched under random play, whose first mover is fair without compensation: finalist 1 is the rules
    # as they were, finalist 2 an arm of its own
    args = [
        *_tune(tmp_path / "out"),
        "--skill",
        "random,greedy",
        "--agents",
        "random",
        "--strength-games",
        "40",
    ]
    code, out, err = run_tool("simulate", *args, "--quiet")
    assert code == 0, err
    (folder,) = (tmp_path / "out" / "united_square").iterdir()
    assert folder.name == "tune-compensation.random.skill-random-greedy.seed1"
    for level in ("random", "greedy"):
        assert (folder / "confirm" / level / "baseline" / "games.csv").is_file()
    assert any((folder / "confirm" / "strength" / "random-vs-greedy").rglob("*.csv"))
    page = (folder / "tune.md").read_text()
    assert "## How the verdict changes with skill" in page and "## Are the levels ordered?" in page
    # the sign test on the 40 decided games: p = 2 x 0.5^40 = 1.8e-12; Wilson's lower end 40 / 43.84 = 91%
    assert (
        "- greedy against random: of 40 games, 40 won, 0 lost, 0 drawn (0%); 100% [91, 100] of decided games "
        "(p < 1e-10): stronger." in page
    )
    assert (
        "the first mover's share of decided games (goal: within 2 points of a fair 50%): under random " in out
    )
