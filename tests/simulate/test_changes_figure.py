"""Page 1's picture of every measure's change: its axis ticks, worked by hand, and its legend's place."""

import pytest

from simulate.report.changes_figure import Mark, Panel, draw, height, ticks
from simulate.report.document import PICTURE_MOST
from simulate.report.plotting import plt


def test_a_narrow_axis_ticks_at_one_two_and_five():
    assert ticks(2.3) == [-2, -1, 0, 1, 2]
    assert ticks(12) == [-10, -5, -2, -1, 0, 1, 2, 5, 10]


def test_an_axis_thousands_of_minimum_effects_wide_ticks_at_the_powers_of_ten_alone():
    # Tiddly-Wink's boneyard draws under the leaflet's reading: about 60,000 minimum effects
    assert ticks(60_000) == [-10_000, -1_000, -100, -10, -1, 0, 1, 10, 100, 1_000, 10_000]


def _panel(rows: int) -> Panel:
    names = [f"measure {k}" for k in range(rows)]
    return Panel("greedy", names, [[Mark(1, 0.5, -1.5, 2.5, k % 2 == 0)] for k in range(rows)], [(1, "b")])


@pytest.mark.parametrize("rows", [5, 25, 40])
def test_a_picture_drawn_shorter_than_it_asks_keeps_its_legend_under_its_axis(rows):
    """Page 1 gives the picture at most PICTURE_MOST of itself: Time Splicers' 25 measures asked for more,
    and the legend was drawn over the axis's words."""
    found = [_panel(rows)]
    fig = plt.figure(figsize=(8.27, 11.69))
    tall = min(PICTURE_MOST * 11.69, height(found)) / 11.69
    draw(fig, (0.06, 0.3, 0.88, tall), found, "default")
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    (ax,) = fig.axes
    legend = fig.legends[0].get_window_extent(renderer)
    below = ax.get_tightbbox(renderer)  # the rows, their names, the ticks and the axis's words
    assert legend.y1 <= below.y0 + 0.5
    assert legend.y0 >= 0.3 * fig.bbox.height - 0.5  # inside the rect it was given
    plt.close(fig)
