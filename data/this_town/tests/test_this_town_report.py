"""This Town's report figures on a constructed arm whose answers were worked out by hand."""

from __future__ import annotations

import numpy as np
import pytest

from printkit_games.this_town.report import town_figures, verdict_for
from simulate.analysis.arm import Arm


def arm(players: int = 3) -> Arm:
    """Two games of a 3-player arm: 3 towns then 1, one relocation chain, both games tied at the top."""
    cols = {
        "towns": [3, 1],
        "town_tiles": [6, 2],
        "town_brands": [9, 3],
        "town_points": [4, 0],
        "towns_scoring": [2, 0],
        "towns_3colours": [1, 0],
        "open_brands": [5, 7],
        "relocations": [2, 0],
        "relocations_declined": [1, 0],
        "chains": [1, 0],
        "npc_points": [2, 0],
        "tie": [1, 1],
        "tie_decided": [1, 0],
        **{f"score_{s + 1}": [1 if s < 2 else 0, 0] for s in range(players)},
    }
    return Arm(
        "p3", players, ("greedy",) * players, {k: np.array(v, float) for k, v in cols.items()}, {"games": 2}
    )


def test_town_figures_pool_over_towns_and_games():
    f = town_figures(arm())
    assert f["towns_per_game"] == 2.0
    # per town: 8 tiles, 12 brands and 4 points over 4 towns
    assert (f["tiles_per_town"], f["brands_per_town"], f["points_per_town"]) == (2.0, 3.0, 1.0)
    assert f["scoring_towns"]["p"] == 0.5 and f["scoring_towns"]["n"] == 4
    assert f["towns_3colours"]["p"] == 0.25
    assert (f["relocations_per_game"], f["declined_per_game"], f["chains_per_game"]) == (1.0, 0.5, 0.5)
    assert f["open_brands_per_game"] == 6.0
    # NPCs 2 points, players 1 + 1: half of all points
    assert f["npc_share"]["p"] == 0.5 and f["npc_share"]["n"] == 4
    assert f["ties"]["p"] == 1.0 and f["tie_decided"]["p"] == 0.5 and f["tie_decided"]["n"] == 2


def test_four_players_have_no_npc_share_and_the_verdict_says_so():
    a = arm(players=4)
    f = town_figures(a)
    assert f["npc_share"] is None
    (line,) = verdict_for([a], [f])
    assert "NPC" not in line and "2.0 towns completed per game" in line
    assert "the tie-break settles 50% of those" in line
    (line,) = verdict_for([arm()], [town_figures(arm())])
    assert "NPCs took 50% of all points" in line


def test_an_arm_without_towns_has_no_per_town_figures():
    a = arm()
    for name in ("towns", "town_tiles", "town_brands", "town_points", "towns_scoring", "towns_3colours"):
        a.cols[name] = np.zeros(2)
    f = town_figures(a)
    assert np.isnan(f["tiles_per_town"]) and f["scoring_towns"]["n"] == 0
    assert f["towns_per_game"] == pytest.approx(0.0)
