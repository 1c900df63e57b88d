"""Sweep analysis on a hand-made 2x2 design: main effects, their intervals and the interaction."""

from __future__ import annotations

import math

import pytest

from simulate.analysis import effects


def summary(decided_first: int, decided: int, margin: float = 1.0) -> dict:
    p = decided_first / decided
    return {
        "position_wins": [{"p": p, "n": decided}],
        "margin": {"mean": margin, "sd": 2.0, "n": 100},
        "score_all": {"mean": margin, "sd": 2.0, "n": 100},
    }


def test_main_effect_and_interaction_of_a_two_by_two_design_by_hand():
    keys = ["a", "b"]
    values = [("x", "y"), ("u", "v")]
    combos = [("x", "u"), ("x", "v"), ("y", "u"), ("y", "v")]
    # first-mover shares 0.50, 0.50, 0.60, 0.70 of 100 decided games each
    summaries = [summary(50, 100), summary(50, 100), summary(60, 100), summary(70, 100)]
    design = effects.Design(keys, values, combos, summaries)
    main = effects.main_effects(design, effects.first_mover)
    # a: (0.6 + 0.7) / 2 - (0.5 + 0.5) / 2 = 0.15; variance (0.24 + 0.21) / 4 / 100 + (0.25 + 0.25) / 4 / 100
    var = (0.0024 + 0.0021) / 4 + (0.0025 + 0.0025) / 4
    assert main[0]["effect"] == pytest.approx(0.15)
    assert main[0]["hi"] - main[0]["effect"] == pytest.approx(1.959963984540054 * math.sqrt(var))
    # b: (0.5 + 0.7) / 2 - (0.5 + 0.6) / 2 = 0.05
    assert main[1]["effect"] == pytest.approx(0.05)
    # interaction: (0.7 - 0.5) - (0.6 - 0.5) = 0.1
    (inter,) = effects.interactions(design, effects.first_mover)
    assert inter["factors"] == ("a", "b") and inter["effect"] == pytest.approx(0.1)
    lines = effects.analysis_markdown(design)
    assert "| a | x -> y | +15.0 pts [" in "\n".join(lines)
    assert any(
        line.startswith("- Largest interaction on first-mover share of decided games: a x b, +10.0 pts")
        for line in lines
    )


def test_main_effects_are_holm_corrected_over_the_whole_sweep():
    keys = ["a", "b"]
    values = [("x", "y"), ("u", "v")]
    combos = [("x", "u"), ("x", "v"), ("y", "u"), ("y", "v")]
    summaries = [summary(50, 100), summary(50, 100), summary(60, 100), summary(70, 100)]
    design = effects.Design(keys, values, combos, summaries)
    per_outcome = effects.holm_main_effects(design)
    # a's effect on the first mover: 0.15 over its standard error sqrt(var), a two-sided z test
    var = (0.0024 + 0.0021) / 4 + (0.0025 + 0.0025) / 4
    p_a = math.erfc(0.15 / math.sqrt(var) / math.sqrt(2))
    first = per_outcome["first-mover share of decided games"]
    assert first[0]["p"] == pytest.approx(p_a)
    # six main effects in the family (two factors, three outcomes); margin and score do not move (p = 1),
    # so Holm multiplies the smallest by 6 and the next (b's, 0.05 / its se) by 5
    p_b = math.erfc(0.05 / math.sqrt((0.0025 + 0.0021) / 4 + (0.0025 + 0.0024) / 4) / math.sqrt(2))
    assert first[0]["p_holm"] == pytest.approx(6 * p_a)
    assert first[1]["p_holm"] == pytest.approx(min(1.0, 5 * p_b))
    text = "\n".join(effects.analysis_markdown(design))
    assert "Holm-corrected over the 6 main effects of this sweep" in text
