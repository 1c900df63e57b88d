"""Time Splicers' report pages: figures on small constructed arms worked out by hand, and a real compare."""

from __future__ import annotations

import json

import numpy as np
import pytest

from printkit_games.time_splicers.report import arm_figures, comparison_lines, verdict_lines
from simulate.analysis.arm import Arm


def arm(label, **cols):
    base = {
        "game": [0, 1, 2, 3],
        "winners": ["1", "", "2", "1"],
        "turns": [100, 400, 50, 150],
        "knockouts": [0, 0, 2, 1],
        "last_standing": [0, 0, 1, 0],
        "limit_tokens": [1, 0, 2, 1],
        "timelines_mean": [1.5, 2.0, 1.0, 1.5],
        "timelines_max": [3, 4, 2, 3],
        "free_portal": [1, 0, 0, 3],
        "free_jump_card": [0, 0, 0, 0],
        "free_jump_token": [2, 2, 0, 0],
        "free_freeze": [0, 1, 0, 0],
        "portal_main": [4, 0, 0, 0],
        "stalled": [0, 1, 0, 0],
        "empty_1": [2, 0, 0, 1],
        "empty_2": [0, 1, 0, 0],
        "partial_1": [1, 0, 0, 0],
        "partial_2": [0, 0, 3, 0],
        "full_1": [0, 2, 0, 0],
        "full_2": [0, 0, 0, 0],
    }
    base.update(cols)
    data = {k: (v if k == "winners" else np.array(v, dtype=float)) for k, v in base.items()}
    return Arm(label=label, players=2, agents=("random", "random"), cols=data, summary={})


def test_figures_of_a_constructed_arm():
    f = arm_figures(arm("a"))
    # game 2 has no winner: stopped by the cap; the others last 100, 50 and 150 turns
    assert f["capped"]["k"] == 1 and f["capped"]["n"] == 4
    assert f["stalled"]["k"] == 1 and f["stalled"]["n"] == 4  # game 2 stopped in a stall
    assert f["turns"]["mean"] == pytest.approx(100.0)
    # crystals: empty 2+1+1 = 4, partial 1+3 = 4, full 2: 10 in all
    assert f["crystals"] == pytest.approx({"empty": 0.4, "partial": 0.4, "full": 0.2})
    assert f["limit_tokens"] == pytest.approx(1.0)
    assert (f["knockout_games"]["k"], f["last_standing"]["k"]) == (2, 1)
    assert f["free"]["free_portal"] == pytest.approx(1.0) and f["free"]["portal_main"] == pytest.approx(1.0)
    assert f["timelines_mean"] == pytest.approx(1.5)


def test_the_runners_capped_column_wins_over_a_missing_winner():
    f = arm_figures(arm("a", capped=[0, 0, 0, 1]))
    assert f["capped"]["k"] == 1
    assert f["turns"]["mean"] == pytest.approx((100 + 400 + 50) / 3)


def test_verdict_and_comparison_lines_say_the_figures():
    a, b = arm_figures(arm("a")), arm_figures(arm("b", knockouts=[1, 1, 1, 1]))
    lines = verdict_lines("a", a)
    assert "40% from empty, 40% from partial and 20% from full" in lines[1]
    assert "knocked a player out in 50%" in lines[2]
    assert "25% [5, 70] of games reached the turn cap; 25% [5, 70] stalled" in lines[0]
    knock, cap = comparison_lines(("a", a), ("b", b))
    assert knock.startswith("b vs a: games with a knock-out 100% vs 50%, difference +50 points")
    assert "difference +0 points" in cap


@pytest.mark.long  # a compare and its report (.ci/run's long part)
def test_compare_default_and_goal5_puts_the_games_questions_on_the_verdict(run_tool, tmp_path):
    code, out, err = run_tool(
        "simulate",
        "compare",
        "time_splicers",
        "--variant",
        "default",
        "--variant",
        "goal5",
        "--games",
        "40",
        "--agents",
        "random",
        "--jobs",
        "1",
        "--out",
        str(tmp_path),
        "--quiet",
    )
    assert code == 0, err
    folder = next((tmp_path / "time_splicers").iterdir())
    page = (folder / "report.html").read_text(encoding="utf-8")
    assert "the game&#x27;s own questions" in page
    assert "crystals came" in page and "goal5 vs default: games with a knock-out" in page
    summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    own = summary["game_specific"]
    assert set(own) == {"default", "goal5"}
    assert sum(own["default"]["crystals"].values()) == pytest.approx(1.0)
    for name in ("crystals_by_collapse", "hand_limit_and_cap", "free_actions"):
        assert (folder / "figures" / f"{name}.png").is_file()
