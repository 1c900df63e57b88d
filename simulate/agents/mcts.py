"""UCT (Kocsis and Szepesvari 2006): Monte Carlo tree search with UCB1, for perfect information.

For a game with chance or hidden parts it searches one determinization: a full
state sampled from its view once per decision, with that sample's own dice, so
the tree is consistent. `ismcts` is the agent that samples every iteration.
"""

from __future__ import annotations

from collections.abc import Iterator

from simulate.agents.search import Node, SearchAgent, backpropagate, ranked, ucb_child, widening
from simulate.engines.base import StateBase


class MCTSAgent(SearchAgent):
    """UCT on one state sampled from the view; playouts scored by placement or the engine's evaluation."""

    def determinizations(self, view: StateBase) -> Iterator[StateBase]:
        """One sample, copied afresh for every iteration (its generator too, so chance repeats)."""
        root_state = view.sample(self.seat, self.rng)
        for _ in range(self.iterations):
            yield root_state.clone()

    def iterate(self, root: Node, state: StateBase) -> None:
        """Select by UCB1 down to a node with an untried move, add that move, play out, back up.

        Untried moves come in a random order, or with the prior best first
        while the node's widening allows another child.
        """
        rng = self.rng
        node = root
        path = [root]
        while not state.is_over():
            if node.untried is None:
                legal = state.legal_moves()
                # popped from the end: worst first in the list
                node.untried = ranked(state, legal, rng)[::-1] if self.prior else list(legal)
            untried = node.untried
            if untried and (not self.prior or len(node.children) < widening(node.visits)):
                move = untried.pop() if self.prior else untried.pop(rng.randrange(len(untried)))
                child = Node(state.current_player())
                state.apply(move)
                node.children[move] = child
                path.append(child)
                break
            move, node = ucb_child(node, list(node.children), self.c, use_avail=False, bounds=self.bounds)
            state.apply(move)
            path.append(node)
        backpropagate(path, self.playout.rewards(state), self.bounds)
