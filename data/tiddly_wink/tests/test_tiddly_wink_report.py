"""Tiddly-Wink from the command line: the compare report's round-level figures, the bench, bad input."""

from __future__ import annotations

import csv
import json

import numpy as np
import pytest

import printkit_games.tiddly_wink.report as report
from printkit.datafile.gamedata import load_game
from simulate.analysis.arm import Arm
from simulate.play.runner import RunConfig, read_rows, run_to_csv
from simulate.report.context import Context

DATA = load_game("tiddly_wink")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "9"], "takes 2, 3, 4, 5, 6, 7, 8 players, got 9"),
        (["--set", "jokers=2"], "rules.jokers: unknown option"),
        (["--set", "double_bonus=twice"], 'expected one of "once", "chain", "none", got "twice"'),
        (["--set", "hand=4", "--players", "8"], "8 players x 4 tiles = 32, more than the 28 dominoes"),
        (["--set", "stake=0"], 'set match_end = "one_round" or stake >= 1'),
        (["--agents", "clever"], "unknown agent 'clever'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(run_tool, tmp_path, args, message):
    code, out, err = run_tool("simulate", "run", "tiddly_wink", *args, "--out", str(tmp_path / "out"))
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert message in err
    assert not (tmp_path / "out").exists()


@pytest.mark.long  # a compare and its 16 figures (.ci/run's long part)
def test_compare_default_and_leaflet_reports_rounds_inside_matches(run_tool, tmp_path):
    code, out, err = run_tool(
        "simulate",
        "compare",
        "tiddly_wink",
        "--variant",
        "default",
        "--variant",
        "leaflet",
        "--set",
        "counters=8",
        "--games",
        "30",
        "--seed",
        "5",
        "--quiet",
        "--out",
        str(tmp_path),
    )
    assert code == 0, err
    folder = tmp_path / "tiddly_wink" / "default-vs-leaflet+counters=8.greedy.seed5"
    for name in ("rounds_summary", "round_wins", "blocked_rounds", "match_length", "option_effects"):
        assert (folder / "figures" / f"{name}.png").stat().st_size > 10_000
    summary = json.loads((folder / "summary.json").read_text())
    rounds = summary["game_specific"]["rounds"]
    for label in ("default", "leaflet"):
        with (folder / "arms" / label / "games.csv").open() as fh:
            rows = list(csv.DictReader(fh))
        assert len(rows) == 30
        arm = rounds[label]
        assert arm["rounds"] == sum(int(r["rounds"]) for r in rows)
        assert arm["capped_matches"]["k"] == sum(int(r["capped"]) for r in rows)
        assert arm["blocked_rounds"]["k"] == sum(int(r["blocked_rounds"]) for r in rows)
        leader = arm["leader_round_wins"]
        assert leader["k"] == sum(int(r["round_wins_pos1"]) for r in rows)
        assert leader["n"] == arm["rounds"] - sum(int(r["tied_rounds"]) for r in rows)
        assert leader["lo"] <= leader["p"] <= leader["hi"]
        assert arm["published_players"] is True
    effects = summary["game_specific"]["option_effects"]["leaflet vs default"]
    assert {"leader_round_win_rate", "blocked_rate", "moves_per_round", "match_rounds"} <= set(effects)


def arm(label, games, tmp_path):
    rules = DATA.resolve(label, ["counters=5"])
    config = RunConfig(
        "tiddly_wink", label, rules.as_dict(), rules.players, ("random",) * rules.players, games, 7
    )
    cols = read_rows(run_to_csv(config, rules, tmp_path / label))
    return Arm(label, rules.players, config.agents, cols, {})


def test_match_length_by_player_count_marks_counts_outside_the_published_range(tmp_path):
    arms = [arm("p3", 15, tmp_path), arm("p8", 15, tmp_path)]
    figures = [report.arm_rounds(a, [5, 6, 7, 8]) for a in arms]
    assert [f["published_players"] for f in figures] == [False, True]
    effects = {"p8 vs p3": report.option_effect(arms[0], arms[1], *figures)}
    lines = report.lines_for(arms, figures, effects, [5, 6, 7, 8])
    assert "p3: 3 players (OUTSIDE the published 5-8), " in "\n".join(lines)
    assert "p8: 8 players (published 5-8), " in "\n".join(lines)
    # different player counts: the leader's advantage over an even share is compared, not the raw rate
    assert "leader_advantage" in effects["p8 vs p3"] and "leader_round_win_rate" not in effects["p8 vs p3"]
    figure = report.figure_match_length(
        Context("Tiddly-Wink", "tiddly_wink", 15, 7, (), ()), arms, figures, [5, 8]
    )
    assert figure.axes[1].get_xlim() == (2.3, 8.7)


def test_bench_block_prints_games_per_second(run_tool):
    code, out, err = run_tool(
        "simulate", "bench", "tiddly_wink", "--variant", "block", "--games", "200", "--repeats", "1"
    )
    assert code == 0, err
    assert "Tiddly-Wink [block, 2p, agents random,random]" in out and "games/s" in out


def test_capped_matches_are_censored_not_averaged_or_t_tested():
    def capped_arm(rounds, capped):
        cols = {"rounds": np.array(rounds, dtype=float), "capped": np.array(capped, dtype=float)}
        return Arm("x", 3, ("random",) * 3, cols, {})

    # 4 matches: 3 and 5 rounds, two stopped at the 200-round cap; Kaplan-Meier: S(3) = 3/4, S(5) = 1/2
    arm_a = capped_arm([3, 5, 200, 200], [0, 0, 1, 1])
    length = report.match_length(arm_a)
    assert length["median"] == 5 and length["capped"] == 2 and "mean" not in length
    # most matches capped: the median is only known to be at least the cap
    arm_b = capped_arm([4, 200, 200], [0, 1, 1])
    assert report.length_text(report.match_length(arm_b)) == (
        "median at least the cap (200 rounds; most matches capped)"
    )
    a, b = {"capped_matches": {"k": 2}, "match_rounds": length}, {"capped_matches": {"k": 2}}
    test = report._match_length_test(a, b, arm_a, arm_b)
    assert test["p"] is None and "censored" in test["why"]


def test_a_missing_p_value_on_the_rounds_page_says_why_in_the_reports_language():
    from simulate.words import language

    own, everyones = "no rounds to count in an arm", "every value is the same"
    assert report._p(None, own) == f"p n/a: {own}" and report._p(None, everyones) == f"p n/a: {everyones}"
    with language("ja"):
        assert report._p(None, own) == "p値なし：数えるラウンドがないアームがある"
        assert report._p(None, everyones) == "p値なし：すべての値が同じ"
        assert report._p(0.5, "") == "p = 0.50"
