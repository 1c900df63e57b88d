"""Agents that work for every game: uniformly random, and greedy on the immediate score."""

from __future__ import annotations

import random
from typing import Any


class RandomAgent:
    """Picks a legal move uniformly with its own seeded generator."""

    def __init__(self, game: Any, seat: int, rng: random.Random):
        self.seat = seat
        self.rng = rng

    def choose(self, state: Any, legal: list[Any]) -> Any:
        return legal[self.rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


class GreedyAgent:
    """Picks the move that most raises its own score now; ties broken by its generator.

    Uses the state's `move_gain(move, seat)` where the engine offers one (cheap),
    and otherwise scores a clone of the state after the move.
    """

    def __init__(self, game: Any, seat: int, rng: random.Random):
        self.seat = seat
        self.rng = rng

    def choose(self, state: Any, legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        seat = self.seat
        gain = getattr(state, "move_gain", None)
        if gain is None:
            before = state.scores()[seat]

            def gain(move: Any, seat: int) -> float:
                after = state.clone()
                after.apply(move)
                return after.scores()[seat] - before

        best: list[Any] = []
        best_value = float("-inf")
        for move in legal:
            value = gain(move, seat)
            if value > best_value:
                best_value = value
                best = [move]
            elif value == best_value:
                best.append(move)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]
