"""United Square: the rules engine (`engine`, the rules' reference), its report page (`report`) and its
compiled core (`core`), which the conformance test holds to the engine move by move."""

from simulate.engines.united_square.engine import DEMANDS, PASS, W_OPEN, Game, State, signature

__all__ = ["DEMANDS", "PASS", "W_OPEN", "Game", "State", "signature"]
