"""What the compiled search template assumes of a core that leaves out an optional rules function
(`simulate.fast.template.OPTIONAL`): no agents of the engine's own, no cap of the game's own."""

from __future__ import annotations

from simulate.fast.jit import jit


@jit
def own_choose(s, t, kind, rng, moves, count):
    """Never called: `CoreBase.agent_table` gives own agents a kind only where the core has them."""
    return moves[0]


@jit
def stopped_by_cap(s):
    """The game ended by its rules, never by a cap of its own."""
    return False
