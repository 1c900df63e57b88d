"""Flat Monte Carlo: every legal move tried with N playouts, each from a fresh sample of the view."""

from __future__ import annotations

import random
from typing import Any

from simulate.agents.agent import Agent
from simulate.agents.playout import game_playout
from simulate.agents.search import SEARCH_PARAMS
from simulate.engines.base import GameBase, StateBase


class FlatMonteCarloAgent(Agent):
    """Plays the move whose N playouts gave its seat the highest mean reward (first on a tie)."""

    count_name = "playouts"
    params = {key: SEARCH_PARAMS[key] for key in ("rollout", "depth", "scale")}

    def __init__(
        self,
        game: GameBase,
        seat: int,
        rng: random.Random,
        count: int = 20,
        rollout: str | None = None,
        depth: int | None = None,
        scale: float | None = None,
    ):
        super().__init__(game, seat, rng)
        self.playouts = count
        self.playout = game_playout(game, rng, rollout, depth, scale)

    def choose(self, view: StateBase, legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        seat, rng = self.seat, self.rng
        best_move, best = legal[0], -1.0
        for move in legal:
            total = 0.0
            for _ in range(self.playouts):
                state = view.sample(seat, rng)
                state.apply(move)
                total += self.playout.rewards(state)[seat]
            if total > best:
                best_move, best = move, total
        return best_move
