"""What changed, first (simulate/analysis/what_changed.py): the bottom line's order and the cap warning,
on measures and levels whose answer was worked out by hand."""

from __future__ import annotations

import math

import pytest

from simulate.analysis.what_changed import Change, cap_warning, cap_warnings, leading, ranked

# Time Splicers goal5 against default, as the issue measured it (and a few made up around it):
GOAL5 = [
    # first mover 7 points against a minimum effect of 2: 3.5 times noticeable
    Change("first mover", 0.07, 0.04, 0.10, 0.02, called=True, equivalent=False),
    # median length 302 -> 204 moves, minimum effect 5% of 302 = 15.1: 98 / 15.1 = 6.49 times
    Change("length", -98.0, -110.0, -86.0, 15.1, called=True, equivalent=False),
    # games stopped by the cap 10% -> 2%: 8 points against 2, 4 times
    Change("capped", -0.08, -0.10, -0.06, 0.02, called=True, equivalent=False),
    # draws up half a point, called, and shown within 2 points: small
    Change("draws", 0.005, 0.002, 0.008, 0.02, called=True, equivalent=True),
    # margin 0.1 points, within a minimum effect of 1
    Change("margin", 0.1, -0.3, 0.5, 1.0, called=False, equivalent=True),
    # lead changes 3.6 -> 4.7 a game, minimum effect 5% of 3.6 = 0.18, but neither test settles it
    Change("lead changes", 1.1, -0.5, 2.7, 0.18, called=False, equivalent=False),
]


def test_called_changes_larger_than_their_minimum_effect_come_first_largest_first():
    assert [c.measure for c in ranked(GOAL5)] == [
        "length",
        "capped",
        "first mover",
        "draws",
        "margin",
        "lead changes",
    ]
    assert [c.group for c in ranked(GOAL5)] == ["matters", "matters", "matters", "small", "within", "open"]
    assert [round(c.size, 2) for c in leading(GOAL5)] == [6.49, 4.0, 3.5]
    # lead changes' 6.1 minimum effects do not put it first: a change nobody has called is not named first
    assert GOAL5[-1].size == pytest.approx(1.1 / 0.18)


def test_equal_sizes_go_to_the_larger_lower_end_then_the_name():
    # both 2 minimum effects; seat balance's interval shows at least 1.5 of them, margin's only 0.5
    margin = Change("margin", 2.0, 0.5, 3.5, 1.0, called=True, equivalent=False)
    seats = Change("seat balance", 0.04, 0.03, 0.05, 0.02, called=True, equivalent=False)
    twin = Change("another", 0.04, 0.03, 0.05, 0.02, called=True, equivalent=False)
    assert [c.measure for c in ranked([margin, seats, twin])] == ["another", "seat balance", "margin"]
    assert (seats.least, margin.least) == pytest.approx((1.5, 0.5))


def test_a_change_that_is_not_a_number_is_never_named_first():
    unknown = Change("length", math.nan, math.nan, math.nan, 15.0, called=True, equivalent=False)
    assert ranked([unknown, GOAL5[4]])[0].measure == "margin"
    assert leading([unknown]) == []


def test_many_arms_rank_each_comparison_on_its_own():
    blue = [
        Change("first mover", -0.07, -0.1, -0.04, 0.02, True, False),
        Change("lead changes", 1.1, 0.8, 1.4, 0.18, True, False),
    ]
    red = [Change("first mover", 0.01, -0.01, 0.03, 0.02, False, False)]
    assert [c.measure for c in leading(blue)] == ["lead changes", "first mover"]  # 6.1 against 3.5
    assert leading(red) == []


def test_cap_warnings_by_hand():
    # ismcts:50 100 of 400 (25%), greedy 80 of 1000 (8%, Wilson lower end 0.06475), random 20 of 1000
    # (2%, under 5%): two warnings, the most capped first. One capped game in 12 is 8.3% but its Wilson
    # lower end, (1/12 + z^2/24 - z sqrt(1/12 x 11/12 / 12 + z^2/576)) / (1 + z^2/12) = 0.01487, is under
    # 2%: no warning. A level with no games has none.
    found = cap_warnings([("random", 20, 1000), ("greedy", 80, 1000), ("ismcts:50", 100, 400)])
    assert [(w.level, w.share) for w in found] == [("ismcts:50", 0.25), ("greedy", 0.08)]
    assert found[1].lo == pytest.approx(0.06475, abs=1e-5)
    assert cap_warning("mcts:10", 1, 12) is None
    assert cap_warning("empty", 0, 0) is None
    # one arm at one level, three games in 30 (10%, lower end 0.0346): warned
    assert cap_warning("default @ greedy", 3, 30).share == pytest.approx(0.1)


def test_a_report_without_a_capped_level_does_not_import_statsmodels():
    """statsmodels (with pandas, 0.2 s of CPU) is imported for a level capped often enough to be warned
    of, not by the report's modules nor by a level under `CAP_SHARE` capped."""
    import subprocess
    import sys

    script = (
        "import importlib, sys\n"
        "from simulate.commands.rounds import REPORT_MODULES\n"
        "for name in REPORT_MODULES + ('simulate.analysis.verdict', 'simulate.analysis.bottom_line'):\n"
        "    importlib.import_module(name)\n"
        "from simulate.analysis.what_changed import cap_warning\n"
        "assert cap_warning('random', 20, 1000) is None\n"
        "print('statsmodels' in sys.modules, 'pandas' in sys.modules)\n"
        "assert cap_warning('ismcts:50', 100, 400) is not None\n"
        "print('statsmodels' in sys.modules)\n"
    )
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert shown.split() == ["False", "False", "True"]
