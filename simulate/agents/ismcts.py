"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012).

Every iteration draws a new full state from the agent's view (`sample`), so
hidden hands and future draws differ between iterations and the tree holds
what is true of all of them: a node is a sequence of moves from the root, and
a child's UCB uses how often it was *available* instead of its parent's visits.
The agent reads its view only through `sample`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from simulate.agents.search import Node, SearchAgent, backpropagate, ranked, ucb_child, widening
from simulate.engines.base import StateBase


class ISMCTSAgent(SearchAgent):
    """SO-ISMCTS: a fresh determinization of the view per iteration, UCB with availability counts."""

    def determinizations(self, view: StateBase) -> Iterator[StateBase]:
        for _ in range(self.iterations):
            yield view.sample(self.seat, self.rng)

    def iterate(self, root: Node, state: StateBase) -> None:
        """Descend through moves legal in this determinization; expand the first untried one; play out."""
        rng = self.rng
        node = root
        path = [root]
        while not state.is_over():
            legal = state.legal_moves()
            if self.prior:
                legal = self.allowed(node, state, legal)
            children = node.children
            untried = []
            for move in legal:
                child = children.get(move)
                if child is None:
                    untried.append(move)
                else:
                    child.avail += 1
            if untried:
                move = untried[0] if self.prior else untried[rng.randrange(len(untried))]
                child = Node(state.current_player())
                child.avail = 1
                state.apply(move)
                children[move] = child
                path.append(child)
                break
            move, node = ucb_child(node, legal, self.c, use_avail=True, bounds=self.bounds)
            state.apply(move)
            path.append(node)
        backpropagate(path, self.playout.rewards(state), self.bounds)

    def allowed(self, node: Node, state: StateBase, legal: list[Any]) -> list[Any]:
        """The node's best-ranked moves legal in this determinization, as many as its widening allows.

        The node ranks the moves of the first determinization that reaches it;
        moves only other determinizations allow rank after them, as they come.
        """
        rank = node.rank
        if rank is None:
            rank = node.rank = {move: i for i, move in enumerate(ranked(state, legal, self.rng))}
        else:
            for move in legal:
                if move not in rank:
                    rank[move] = len(rank)
        return sorted(legal, key=rank.__getitem__)[: widening(node.visits)]
