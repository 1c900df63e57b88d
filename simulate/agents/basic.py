"""Agents that work for every game: uniformly random, and greedy on the engine's evaluation."""

from __future__ import annotations

from typing import Any

from simulate.engines.base import AgentBase, StateBase


class RandomAgent(AgentBase):
    """Picks a legal move uniformly with its own seeded generator; it reads no view."""

    needs_view = False

    def choose(self, view: StateBase | None, legal: list[Any]) -> Any:
        return legal[self.rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


class GreedyAgent(AgentBase):
    """Picks the move with the largest `move_gain` on its view; ties broken by its generator."""

    def choose(self, view: StateBase | None, legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        assert view is not None
        seat = self.seat
        rng = self.rng
        best: list[Any] = []
        best_value = float("-inf")
        for move in legal:
            value = view.move_gain(move, seat, rng)
            if value > best_value:
                best_value = value
                best = [move]
            elif value == best_value:
                best.append(move)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]
