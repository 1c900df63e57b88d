"""United Square's own report figure (margin by how uneven the deal was) on a small arm built by hand."""

from __future__ import annotations

import numpy as np
import pytest

from printkit_games.united_square.engine import Game
from printkit_games.united_square.report import figure_deal
from simulate.analysis.arm import Arm
from simulate.report.context import Context
from simulate.report.plotting import plt, speaking
from simulate.words import naming


def _arm() -> Arm:
    # 20 games dealt with unevenness 2 won by 1 point, 20 with unevenness 6 won by 3, and 5 with 9 (too few
    # for a point of their own)
    lopsided = [2.0] * 20 + [6.0] * 20 + [9.0] * 5
    margin = [1.0] * 20 + [3.0] * 20 + [5.0] * 5
    cols = {"deal_lopsided": np.array(lopsided), "margin": np.array(margin)}
    return Arm("default", 2, ("greedy", "greedy"), cols, {})


@pytest.mark.parametrize(
    ("lang", "axis"),
    [("en", "deal unevenness (groups of 20+ games)"), ("ja", "配りの偏り（20ゲーム以上ずつのまとまり）")],
)
def test_the_deal_figure_plots_each_group_of_twenty_by_the_games_name_for_its_measure(lang, axis):
    ctx = Context("United Square", "united_square", 45, 1, ("deal_lopsided",), ())
    with speaking(lang), naming(Game.names_ja, Game.names_en):
        fig = figure_deal(ctx, [_arm()])
    try:
        ax = fig.axes[0]
        assert ax.get_xlabel() == axis
        (bars,) = ax.containers  # one arm's error bars: the line through its means first
        means = bars.lines[0]
        assert list(means.get_xdata()) == [2.0, 6.0] and list(means.get_ydata()) == [1.0, 3.0]
    finally:
        plt.close(fig)
