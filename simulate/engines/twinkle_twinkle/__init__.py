"""Twinkle Twinkle: the rules engine (`engine`, the rules' reference), its scoring as a pure function of
charts (`scoring`), the gains greedy play weighs (`gains`), the points kept tile by tile (`tally`) and its
report page (`report`)."""

from simulate.engines.twinkle_twinkle.engine import PLACE, Game, GreedyLeftAgent, State

__all__ = ["PLACE", "Game", "GreedyLeftAgent", "State"]
