"""How fast an agent chooses: seconds spent in its `choose` per move, measured in seeded games.

Only moves with a real choice (two or more legal moves) are timed and counted:
a search agent answers a forced move at once, and counting those would flatter
it. Views are built outside the clock, as the runner builds them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from simulate.agents import make_agents
from simulate.engines.base import GameBase
from simulate.play.runner import game_seeds


@dataclass(frozen=True)
class AgentSpeed:
    agent: str
    choices: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.choices / self.seconds if self.seconds > 0 else float("inf")

    @property
    def per_choice(self) -> float:
        return self.seconds / self.choices if self.choices else float("nan")


def time_agent(game: GameBase, name: str, games: int, seed: int) -> AgentSpeed:
    """Play `games` games with `name` in every seat and time its choices."""
    n = game.players
    choices = 0
    spent = 0.0
    clock = time.perf_counter
    for index in range(games):
        game_seed, agent_seeds = game_seeds(seed, index, n)
        state = game.new_state(game_seed)
        agents = make_agents((name,) * n, game, agent_seeds)
        moves = 0
        while not state.is_over() and moves < game.max_moves:
            seat = state.current_player()
            legal = state.legal_moves()
            view = state.view(seat)
            start = clock()
            move = agents[seat].choose(view, legal)
            if len(legal) > 1:
                spent += clock() - start
                choices += 1
            state.apply(move)
            moves += 1
    return AgentSpeed(name, choices, spent)
