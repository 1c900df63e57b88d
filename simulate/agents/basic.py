"""Agents that work for every game: uniformly random, and greedy on the engine's evaluation."""

from __future__ import annotations

from typing import Any

from simulate.agents.agent import Agent
from simulate.agents.playout import greedy_move
from simulate.engines.base import StateBase


class RandomAgent(Agent):
    """Picks a legal move uniformly with its own seeded generator; it reads no view."""

    needs_view = False

    def choose(self, view: StateBase | None, legal: list[Any]) -> Any:
        # _randbelow(n) is what randrange(n) returns for n > 0, without its argument checks: the same
        # moves, and this runs for every move of every random game
        return legal[self.rng._randbelow(len(legal))] if len(legal) > 1 else legal[0]


class GreedyAgent(Agent):
    """One ply: the move with the largest `move_gain` (change in the engine's evaluation) on its view."""

    def choose(self, view: StateBase | None, legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        assert view is not None
        return greedy_move(view, legal, self.rng, self.seat)
