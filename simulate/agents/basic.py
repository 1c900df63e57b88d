"""Agents that work for every game: uniformly random, and greedy on the engine's evaluation."""

from __future__ import annotations

import random
from typing import Any

from simulate.agents.agent import Agent
from simulate.agents.playout import greedy_move
from simulate.engines.base import StateBase


class RandomAgent(Agent):
    """Picks a legal move uniformly with its own seeded generator; it reads no view."""

    needs_view = False

    def __init__(self, game: Any, seat: int, rng: random.Random):
        super().__init__(game, seat, rng)
        self._bits = rng.getrandbits

    def choose(self, view: StateBase | None, legal: list[Any]) -> Any:
        n = len(legal)
        if n == 1:
            return legal[0]
        # rng.randrange(n) draws so in CPython 3.11 and later (its _randbelow_with_getrandbits):
        # the same moves, without two Python calls, and this runs for every move of every random game
        bits = n.bit_length()
        r = self._bits(bits)
        while r >= n:
            r = self._bits(bits)
        return legal[r]


class GreedyAgent(Agent):
    """One ply: the move with the largest `move_gain` (change in the engine's evaluation) on its view."""

    def choose(self, view: StateBase | None, legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        assert view is not None
        return greedy_move(view, legal, self.rng, self.seat)
