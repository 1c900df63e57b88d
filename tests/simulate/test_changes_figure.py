"""Page 1's picture of every measure's change: its axis ticks, worked by hand."""

from simulate.report.changes_figure import ticks


def test_a_narrow_axis_ticks_at_one_two_and_five():
    assert ticks(2.3) == [-2, -1, 0, 1, 2]
    assert ticks(12) == [-10, -5, -2, -1, 0, 1, 2, 5, 10]


def test_an_axis_thousands_of_minimum_effects_wide_ticks_at_the_powers_of_ten_alone():
    # Tiddly-Wink's boneyard draws under the leaflet's reading: about 60,000 minimum effects
    assert ticks(60_000) == [-10_000, -1_000, -100, -10, -1, 0, 1, 10, 100, 1_000, 10_000]
