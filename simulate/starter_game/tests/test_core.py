"""My Game's compiled core held to its engine: the same legal moves and state after every move of seeded
games, and the same rows under every kind of agent. The first run compiles the core (a minute or two of
CPU); later runs load it from the cache until core.py or the engine changes.

Run them with `pytest my_game` beside the game's folder, as its other tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numba")

from printkit.datafile.gamedata import load_game  # noqa: E402
from simulate.engines import make_game  # noqa: E402
from simulate.fast import core_of  # noqa: E402
from simulate.fast.held import step_by_step  # noqa: E402
from simulate.play.conformance import same_rows  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "my_game.toml"
# the rules the core is checked under: the defaults, and every rule it carries set otherwise
RULE_SETS = [(), ("first_player=seat1",), ("compensation=0.5", "last_bonus=0"), ("pile=40", "take_max=5")]
AGENTS = ["random", "greedy", "mc:3", "mcts:25", "ismcts:25", "mcts:15,depth=0,scale=2"]


def game(sets: tuple[str, ...], players: int):
    return make_game(load_game(str(DATA)).resolve("default", list(sets), players))


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("sets", RULE_SETS)
def test_the_core_plays_the_engines_games_move_by_move(sets, players):
    g = game(sets, players)
    core = core_of(g, "fast")
    assert core is not None, "the core did not load"
    for policy in ("random", "greedy"):
        for seed in range(100):
            step_by_step(g, core, seed, policy)


@pytest.mark.parametrize("agents", AGENTS)
def test_runs_on_the_core_write_the_engines_rows(agents):
    g = game(("compensation=0.5",), 2)
    same_rows(g, (agents,) * g.players, 7, range(40 if agents in ("random", "greedy") else 4))
