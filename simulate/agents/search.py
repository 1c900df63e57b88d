"""What the search agents share: their parameters, the search tree's node and the UCB choice.

A node stands for the moves played from the root; `player` is the seat that
made the move into it, and `total` sums that seat's rewards, so a node's mean
is how good the move was for whoever chose it. `avail` counts the iterations
in which the move was legal (information-set MCTS needs it; plain UCT leaves
it equal to the parent's visits).

With `prior=greedy` a node ranks its moves by `move_gain` for the seat to act
(ties in a seeded random order) and widens progressively (Coulom 2007;
Chaslot et al. 2008): after n visits it searches only its best ceil(sqrt(n))
moves, best first. A game with a hundred placements per decision then spends
its iterations on the few that one ply rates highest, and a pick is valued by
good placements of the tile rather than by the mean of random ones.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

from simulate.agents.agent import Agent
from simulate.agents.playout import ROLLOUTS, game_playout
from simulate.agents.spec import Param, between, one_of, whole
from simulate.engines.base import GameBase, StateBase

DEFAULT_C = 1.4
PRIORS = ("none", "greedy")

SEARCH_PARAMS = {
    "c": Param(between(0.001, 100.0), DEFAULT_C, "exploration constant of UCB1"),
    "rollout": Param(
        one_of(*ROLLOUTS),
        None,
        "playout policy: random, or greedy on move_gain (default: the game's playout_policy)",
    ),
    "prior": Param(
        one_of(*PRIORS),
        None,
        "greedy: try moves best move_gain first and widen progressively (ceil(sqrt(visits)) moves a "
        "node); none: all moves, in a random order (default: the game's search_prior)",
    ),
    "norm": Param(
        one_of("none", "minmax"),
        "none",
        "minmax: UCB1 weighs node means stretched onto [0, 1] by the lowest and highest seen for their seat",
    ),
    "depth": Param(
        whole,
        None,
        "playout moves before the engine's evaluation scores the position (0 = play to the end; "
        "default: the game's playout_depth)",
    ),
    "scale": Param(
        between(1e-6, 1e9),
        None,
        "lead in evaluation points a cut-off playout counts as about 0.73 of a win (default: the game's "
        "playout_scale)",
    ),
}


class Node:
    __slots__ = ("player", "visits", "avail", "total", "children", "untried", "rank")

    def __init__(self, player: int):
        self.player = player
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[Any, Node] = {}
        self.untried: list[Any] | None = None
        self.rank: dict[Any, int] | None = None


def widening(visits: int) -> int:
    """How many of its best-ranked moves a node searches after `visits` visits."""
    return math.isqrt(visits - 1) + 1 if visits > 1 else 1


def ranked(state: StateBase, legal: list[Any], rng: random.Random) -> list[Any]:
    """`legal` best first by `move_gain` for the seat to act; equal gains in a seeded random order."""
    seat = state.current_player()
    moves = list(legal)
    rng.shuffle(moves)
    gains = {move: state.move_gain(move, seat, rng) for move in moves}
    moves.sort(key=gains.__getitem__, reverse=True)
    return moves


class Bounds:
    """The lowest and highest node mean seen per seat in one search, to stretch means onto [0, 1].

    MuZero's min-max normalisation (Schrittwieser et al. 2020): when other
    seats are beaten in nearly every playout, a seat's rewards crowd into a
    narrow band and UCB1's exploration term would swamp their differences.
    """

    def __init__(self, players: int):
        self.lo = [math.inf] * players
        self.hi = [-math.inf] * players

    def see(self, player: int, mean: float) -> None:
        if mean < self.lo[player]:
            self.lo[player] = mean
        if mean > self.hi[player]:
            self.hi[player] = mean

    def stretch(self, player: int) -> tuple[float, float]:
        """The offset and span that map `player`'s means seen so far onto [0, 1] (none while they agree)."""
        lo, hi = self.lo[player], self.hi[player]
        return (lo, hi - lo) if hi - lo > 1e-9 else (0.0, 1.0)


def ucb_child(
    node: Node, moves: list[Any], c: float, use_avail: bool, bounds: Bounds | None = None
) -> tuple[Any, Node]:
    """The child among `moves` with the highest UCB1 score (first one on a tie, so choices are seeded)."""
    children = node.children
    log_parent = math.log(node.visits) if not use_avail else 0.0
    lo, span = bounds.stretch(children[moves[0]].player) if bounds else (0.0, 1.0)
    best_move, best_child, best = None, None, -math.inf
    for move in moves:
        child = children[move]
        log_n = math.log(child.avail) if use_avail else log_parent
        score = (child.total / child.visits - lo) / span + c * math.sqrt(log_n / child.visits)
        if score > best:
            best_move, best_child, best = move, child, score
    assert best_child is not None
    return best_move, best_child


def backpropagate(path: list[Node], rewards: list[float], bounds: Bounds | None = None) -> None:
    for node in path:
        node.visits += 1
        if node.player >= 0:
            node.total += rewards[node.player]
            if bounds:
                bounds.see(node.player, node.total / node.visits)


def most_visited(root: Node, legal: list[Any]) -> Any:
    """The root move searched most (then the best mean), the usual robust final choice."""
    best_move, best_key = legal[0], (-1, -math.inf)
    for move in legal:
        child = root.children.get(move)
        if child is None:
            continue
        key = (child.visits, child.total / child.visits)
        if key > best_key:
            best_move, best_key = move, key
    return best_move


class SearchAgent(Agent):
    """An agent that runs `count` iterations per decision with playouts; one legal move is played at once."""

    count_name = "iterations"
    params = SEARCH_PARAMS

    def __init__(
        self,
        game: GameBase,
        seat: int,
        rng: random.Random,
        count: int = 200,
        c: float = DEFAULT_C,
        rollout: str | None = None,
        prior: str | None = None,
        norm: str = "none",
        depth: int | None = None,
        scale: float | None = None,
    ):
        super().__init__(game, seat, rng)
        self.iterations = count
        self.c = c
        self.norm = norm == "minmax"
        self.bounds: Bounds | None = None
        self.prior = (game.search_prior if prior is None else prior) == "greedy"
        self.playout = game_playout(game, rng, rollout, depth, scale)

    def choose(self, view: StateBase | None, legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        assert view is not None
        root = Node(-1)
        self.bounds = Bounds(self.game.players) if self.norm else None
        for state in self.determinizations(view):
            self.iterate(root, state)
        return most_visited(root, legal)

    def determinizations(self, view: StateBase) -> Iterator[StateBase]:
        """One full state per iteration, drawn from the view."""
        raise NotImplementedError

    def iterate(self, root: Node, state: StateBase) -> None:
        """Descend from the root playing moves on `state`, add one node, play out and back up."""
        raise NotImplementedError
