"""Twinkle Twinkle's own report lines on a four-game arm whose figures were worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest

from printkit_games.twinkle_twinkle.engine import Game
from printkit_games.twinkle_twinkle.report import extras
from simulate.analysis.arm import Arm
from simulate.report.context import Context
from simulate.report.plotting import plt, speaking
from simulate.words import naming, pad


def _arm() -> Arm:
    # (seat 1, seat 2) points per game: seat 1 wins games 0 and 2, seat 2 game 1, game 3 is drawn
    comets = [(0, 3), (0, 1), (2, 0), (1, 1)]
    planets = [(2, 0), (1, 1), (0, 4), (0, 0)]
    cols = {
        "draw": np.array([0, 0, 0, 1]),
        "winners": ["1", "2", "1", "1;2"],
        **{f"comets_{s + 1}": np.array([g[s] for g in comets], dtype=float) for s in range(2)},
        **{f"planets_{s + 1}": np.array([g[s] for g in planets], dtype=float) for s in range(2)},
    }
    return Arm("default", 2, ("greedy", "greedy"), cols, {})


@pytest.mark.parametrize(
    ("lang", "comets", "planets"),
    [  # in English a share right-aligned to 5 places (monospaced); in Japanese after one space
        (
            "en",
            f"{'comets':<20}  37.5% of players, win 0.333",
            f"{'planets':<20}  50.0% of players, win 0.250",
        ),
        (
            "ja",
            f"{pad('彗星', 20)} 37.5%のプレイヤー、勝率 0.333",
            f"{pad('惑星', 20)} 50.0%のプレイヤー、勝率 0.250",
        ),
    ],
)
def test_ignoring_a_category_gives_the_share_of_players_and_their_win_rate_in_one_column(
    lang, comets, planets
):
    # comets: 3 of the 8 seat-games scored none (game 0 seat 1, game 1 seat 1, game 2 seat 2), 1 of them won;
    # planets: 4 of 8 (game 0 seat 2, game 2 seat 1, both seats of the drawn game 3), 1 of them won outright
    ctx = Context("Twinkle Twinkle", "twinkle_twinkle", 4, 1, (), ("comets", "planets"))
    with speaking(lang), naming(Game.names_ja, Game.names_en):
        found = extras(ctx, [_arm()])
    for fig in found.figures.values():
        plt.close(fig)
    rows = [line.strip() for line in found.lines if "%" in line]
    assert rows[0].startswith(comets) and rows[1].startswith(planets)
