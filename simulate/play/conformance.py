"""The conformance check every compiled core must pass: the same games as its Python engine, move by move.

For a game and a rule set: seeded games played on both the Python engine and
the core at once, with the same moves chosen from the Python side (random, or
`greedy` on the seat's view), and after every move the same legal moves and
the same state (each core reads its fields off both, generator included);
then whole runs through the runner on both engines, every agent kind, with
the same CSV text. `tests/simulate/test_fast_conformance.py` runs a few hundred
games per variant; for thousands:

    python -m simulate.play.conformance GAME --games 2000
"""

from __future__ import annotations

import sys
from typing import Any

from simulate.engines.base import GameBase
from simulate.fast.core import CoreBase
from simulate.fast.held import Mismatch, step_by_step

# Agents whose runs the check compares, row for row: every kind the compiled search plays.
SEARCH_AGENTS = (
    "mc:3",
    "mcts:25",
    "ismcts:25",
    "mcts:25,prior=greedy,norm=minmax,c=0.7",
    "ismcts:25,prior=greedy,rollout=greedy",
    "mcts:15,depth=0,scale=2",
)


def own_agents(game: GameBase, core: CoreBase) -> list[str]:
    """The engine's own agents that its core compiles (their runs are compared too)."""
    return [name for name, cls in type(game).agents.items() if cls in core.own_agents]


def same_rows(game: GameBase, agents: tuple[str, ...], seed: int, indices: range, max_moves: int = 0
              ) -> None:  # fmt: skip
    """The runner's CSV text for games `indices` on both engines is the same (each game stopped after
    `max_moves` moves if given: the capped rows of a long game's first moves)."""
    from simulate.fast import core_of
    from simulate.play.runner import _play_rows, csv_text

    cap = max_moves or game.max_moves
    python = csv_text(_play_rows(game, agents, seed, cap, indices, "python"))
    core = core_of(game, "fast")
    assert core is not None
    table = core.agent_table(agents)
    assert table is not None, f"{agents}: no compiled form"
    fast = csv_text(core.rows(table, seed, cap, indices))
    if python != fast:
        for k, (a, b) in enumerate(zip(python.splitlines(), fast.splitlines(), strict=True)):
            if a != b:
                raise Mismatch(f"{','.join(agents)}, game {indices.start + k}: Python row {a}, compiled {b}")


def check(name: str, games: int, search_games: int, out: Any = sys.stdout) -> None:
    """Every variant of game `name`: `games` random and as many greedy games move by move, then runs
    of `search_games` games per search agent compared row for row."""
    from printkit.datafile.gamedata import load_game
    from simulate.engines import make_game
    from simulate.fast import core_of

    data = load_game(name)
    for variant in ["default", *(v for v in data.variants if v != "default")]:
        game = make_game(data.resolve(variant))
        core = core_of(game, "fast")
        if core is None:
            raise SystemExit(f"{name}: no compiled core can load")
        moves = sum(step_by_step(game, core, seed, policy) for policy in ("random", "greedy")
                    for seed in range(games))  # fmt: skip
        plain = ("random", "greedy", *own_agents(game, core))
        for agents in (*plain, *SEARCH_AGENTS):
            same_rows(game, (agents,) * game.players, 7, range(games if agents in plain else search_games))
        print(f"{name} {variant}: {2 * games} games ({moves} moves) move by move, runs of every agent "
              f"row for row: the same", file=out)  # fmt: skip


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=2000, help="random and greedy games per variant")
    parser.add_argument("--search-games", type=int, default=40, help="games per search agent and variant")
    args = parser.parse_args()
    check(args.game, args.games, args.search_games)
