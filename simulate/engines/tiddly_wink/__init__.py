"""Tiddly-Wink: the rules engine (`engine`, the rules' reference), its report page (`report`) and its
compiled core (`core`), which the conformance test holds to the engine move by move."""

from simulate.engines.tiddly_wink.engine import HIDDEN, PASS, Game, HeavyAgent, KeepEndsAgent, State, tile_id

__all__ = ["HIDDEN", "PASS", "Game", "HeavyAgent", "KeepEndsAgent", "State", "tile_id"]
