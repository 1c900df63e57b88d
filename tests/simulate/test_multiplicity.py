"""Multiplicity (simulate/analysis/multiplicity.py): Shaffer's slots and the families by hand, against
statsmodels' Holm and against the closure they shorten; the sentence in English and Japanese."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from statsmodels.stats.multitest import multipletests

from simulate.analysis.multiplicity import adjust, sentence, shaffer_slots
from simulate.words import language


def test_a_difference_and_its_equivalence_share_one_slot_by_hand():
    # Three measures, six tests. In increasing order, each p times the slots still holding a test not
    # yet passed (the test itself included), never below the one before:
    #   0.012 (first, difference): 3 slots -> 0.036, called
    #   0.3 (second, difference): first still has its equivalence, so 3 -> 0.9
    #   0.4 (third, difference): 3 -> 1.2, at most 1
    #   0.5, 0.8, 0.9: 1 (never below the one before)
    # Holm, a slot per test, multiplies the first by 6: 0.072, not called.
    slots = [(0.012, 0.5), (0.3, 0.9), (0.4, 0.8)]
    adjusted = shaffer_slots(slots)
    assert [x for pair in adjusted for x in pair] == pytest.approx([0.036, 1, 0.9, 1, 1, 1])
    assert multipletests([0.012, 0.5, 0.3, 0.9, 0.4, 0.8], method="holm")[1][0] == pytest.approx(0.072)
    # a slot whose two tests both pass frees its place: after 0.001 and 0.002 (both of the first slot),
    # the third test's multiplier is 2, not 3 (Holm: 4)
    freed = shaffer_slots([(0.001, 0.002), (0.01, 0.9), (0.5, 0.7)])
    assert [x for pair in freed for x in pair] == pytest.approx([0.003, 0.006, 0.02, 1, 1, 1])


def test_one_test_per_slot_is_holm_as_statsmodels_computes_it():
    ps = [0.04, 0.001, 0.03, 0.2, 0.011, 0.5, 0.008]
    assert [d for d, _ in shaffer_slots([(p, None) for p in ps])] == pytest.approx(
        multipletests(ps, method="holm")[1]
    )


def _closure(
    slots: list[tuple[float | None, float | None]], alpha: float = 0.05
) -> dict[tuple[int, int], bool]:
    """Closed testing with Bonferroni's test of each intersection that can hold (at most one test of a
    slot true): a test is rejected when every such intersection containing it is."""
    tests = [(s, k, p) for s, pair in enumerate(slots) for k, p in enumerate(pair) if p is not None]
    out = {}
    for s, k, p in tests:
        others: dict[int, list[float]] = {}
        for s2, _, p2 in tests:
            if s2 != s:
                others.setdefault(s2, []).append(p2)
        out[s, k] = all(
            min([p, *(c for c in chosen if c is not None)]) * (1 + sum(c is not None for c in chosen))
            <= alpha
            for chosen in itertools.product(*([None, *ps] for ps in others.values()))
        )
    return out


def test_the_step_down_rejects_exactly_what_the_closure_rejects():
    rng = np.random.default_rng(33)
    for _ in range(500):
        slots = []
        for _ in range(rng.integers(1, 5)):
            d = None if rng.random() < 0.15 else float(rng.choice([rng.uniform(0, 0.06), rng.uniform()]))
            e = None if rng.random() < 0.25 else float(rng.choice([rng.uniform(0, 0.06), rng.uniform()]))
            slots.append((d, e))
        adjusted = shaffer_slots(slots)
        for (s, k), rejected in _closure(slots).items():
            assert (adjusted[s][k] <= 0.05) == rejected, (slots, adjusted)


ROWS = [
    ("others", "length", 0.001, 0.9),
    ("headline", "first mover", 0.03, 0.5),
    ("others", "draws", 0.2, 0.01),
    ("others", "margin", 0.04, None),  # a measure with no equivalence test (no minimum effect)
]


def test_the_headline_is_tested_first_on_its_own_and_pays_for_no_other_test():
    decisions = adjust(ROWS)
    assert [(d.family, d.measure) for d in decisions] == [
        ("headline", "first mover"),
        ("others", "length"),
        ("others", "draws"),
        ("others", "margin"),
    ]
    head = decisions[0]
    # alone in its family: 0.03 stays 0.03, called (over all seven tests Holm would make it 0.15)
    assert (head.p_difference, head.p_equivalence, head.called, head.equivalent) == (0.03, 0.5, True, False)
    # the others, three slots: 0.001 x 3 = 0.003; 0.01 x 3 = 0.03; 0.04 x 3 = 0.12 (margin's only test);
    # then 0.2 x 2 = 0.4 (margin done); 0.9 x 1
    others = {d.measure: d for d in decisions[1:]}
    assert (others["length"].p_difference, others["length"].p_equivalence) == pytest.approx((0.003, 0.9))
    assert (others["draws"].p_difference, others["draws"].p_equivalence) == pytest.approx((0.4, 0.03))
    assert others["margin"].p_difference == pytest.approx(0.12) and others["margin"].p_equivalence is None
    assert [(d.called, d.equivalent) for d in decisions[1:]] == [(True, False), (False, True), (False, False)]


def test_many_arms_make_more_families_and_the_sentence_says_so():
    rows = [
        ("headline", "blue: first mover", 0.01, 0.6),
        ("headline", "red: first mover", 0.3, 0.02),
        ("blue", "length", 0.001, 0.5),
        ("red", "length", 0.5, 0.001),
        ("red", "draws", 0.02, 0.3),
    ]
    decisions = adjust(rows)
    # the two headline questions share their family: 0.01 x 2 = 0.02, 0.02 x 2 = 0.04 (both slots still
    # hold a test), 0.3 x 2 = 0.6, 0.6 x 1. Red's own: 0.001 x 2 = 0.002, 0.02 x 2 = 0.04
    head = {d.measure: d for d in decisions if d.family == "headline"}
    assert head["blue: first mover"].p_difference == pytest.approx(0.02)
    assert head["red: first mover"].p_equivalence == pytest.approx(0.04)
    red = {d.measure: d for d in decisions if d.family == "red"}
    assert red["draws"].p_difference == pytest.approx(0.04) and red["draws"].called
    assert sentence(decisions) == (
        "The headline question (blue: first mover, red: first mover) is tested first, at 5% on its own; "
        "the other 3 measures form 2 further families, with Holm's step-down and Shaffer's constraint within "
        "each family (a measure's difference test and its equivalence test share one slot, as at most one of "
        "the two can be wrongly rejected), so that each family's chance of any false claim stays within 5%."
    )


def test_the_sentence_in_english_and_japanese():
    decisions = adjust(ROWS)
    assert sentence(decisions) == (
        "The headline question (first mover) is tested first, at 5% on its own; the other 3 measures form a "
        "second family, with Holm's step-down and Shaffer's constraint within each family (a measure's "
        "difference test and its equivalence test share one slot, as at most one of the two can be wrongly "
        "rejected), so that each family's chance of any false claim stays within 5%."
    )
    with language("ja"):
        assert sentence(decisions) == (
            "見出しの問い（first mover）はまず単独で有意水準5%で検定し、ほかの3個の指標は第二の族として、"
            "族ごとにShafferの論理的制約つきのHolmの逐次棄却法で、各族で一つでも誤った主張をする確率を5%以内に"
            "保つ（ひとつの指標の差の検定と同等性検定は、誤って棄却しうるのが高々一方なので、ひとつの枠を共有する）。"
        )
    only = adjust([("headline", "first mover", 0.2, 0.01)])
    assert sentence(only).startswith(
        "The headline question (first mover) is tested first, at 5% on its own, with"
    )
