"""Pebble Pile's rules engine: the take-away game `simulate new-game` wrote, with a rule of its own.

The rules, all from the data file's `[rules]`: a pile of `pile` pebbles; in
turn, each player takes from 1 to `take_max` of them and scores a point for
each; with `no_repeat`, not the number the previous player just took (unless
nothing else is left to take); whoever takes the last pebble scores
`last_bonus` more. Most points wins; equal most is a draw. `first_player` is `random` (drawn with the game's
own generator) or `seat1`. Everything is on the table, so a seat's view is
the whole state less its generator, and a sample is the view with a new one.

The shape is OpenSpiel's: a `Game` built from the rules, a `State` with the
player to act, the legal moves (small ints), `apply`, `is_over`, `result`,
a `view` for one seat and `sample` for search agents (see
simulate/engines/base.py for every hook and its default).
"""

from __future__ import annotations

import random

from printkit.datafile.gamedata import Rules
from simulate.engines.base import GameBase, Result, StateBase, copy_generator, solo_result


class Game(GameBase):
    """Builds states for one set of rules and a player count."""

    name = "pebble_pile"  # the data file's `[game] engine`
    metric_names = ("turns",)
    metric_docs = {"turns": "turns the game took"}
    docs_ja = {"turns": "ゲームにかかった手番の数"}  # the doc and name a `--lang ja` report prints
    names_ja = {"turns": "手番数"}
    core = f"{__package__}.core"  # the compiled core (core.py), held to this engine by a test

    def __init__(self, rules: Rules, debug: bool = False):
        super().__init__(rules, debug)
        self.pile = rules["pile"]
        self.take_max = rules["take_max"]
        self.last_bonus = rules["last_bonus"]
        self.random_first = rules["first_player"] == "random"
        self.no_repeat = rules["no_repeat"]
        self.max_moves = self.pile  # the longest game: every move takes a pebble

    def new_state(self, seed: int) -> State:
        rng = random.Random(seed)
        first = rng.randrange(self.players) if self.random_first else 0
        return State(self, rng, self.pile, [0.0] * self.players, first, first, 0, 0)


class State(StateBase):
    """A game in progress: the pile, each seat's points, whose turn it is, what the last turn took."""

    __slots__ = ("game", "rng", "pile", "points", "first", "to_move", "turns", "last")

    def __init__(
        self, game: Game, rng: random.Random | None, pile: int, points: list[float], first: int, to_move: int,
        turns: int, last: int,
    ):  # fmt: skip
        self.game = game
        self.rng = rng
        self.pile = pile
        self.points = points
        self.first = first
        self.to_move = to_move
        self.turns = turns
        self.last = last  # pebbles the previous turn took (0 before the first)

    def current_player(self) -> int:
        return self.to_move

    def legal_moves(self) -> list[int]:
        """How many pebbles the player may take: 1 to `take_max`, at most what is left, and with
        `no_repeat` not the previous turn's number unless it is the only one left."""
        moves = list(range(1, min(self.game.take_max, self.pile) + 1))
        if self.game.no_repeat and len(moves) > 1 and self.last in moves:
            moves.remove(self.last)
        return moves

    def apply(self, move: int) -> None:
        if move not in self.legal_moves():
            raise ValueError(f"cannot take {move} of {self.pile} pebbles now")
        self.pile -= move
        self.last = move
        self.points[self.to_move] += move
        if self.pile == 0:
            self.points[self.to_move] += self.game.last_bonus
        self.turns += 1
        self.to_move = (self.to_move + 1) % self.game.players
        if self.game.debug:
            self.check_invariants()

    def is_over(self) -> bool:
        return self.pile == 0

    def scores(self) -> list[float]:
        return self.points[:]  # a new list each call: the runner reads it after every move

    def result(self) -> Result:
        final = self.game.compensated(self.scores(), self.first)
        return solo_result(final, first_player=self.first, moves=self.turns, metrics={"turns": self.turns})

    def clone(self) -> State:
        """An independent copy: the same position, its own generator in the same state."""
        return self._with(copy_generator(self.rng))

    def view(self, player: int) -> State:
        """Nothing is hidden in this game: the view is the position without a generator."""
        return self._with(None)

    def sample(self, player: int, rng: random.Random) -> State:
        """A full state the view agrees with: the same position, a generator drawn from `rng`."""
        return self._with(random.Random(rng.getrandbits(64)))

    def _with(self, rng: random.Random | None) -> State:
        """This position (its lists copied) with generator `rng`: what clone, view and sample make, each
        copying the position once and no generator it does not keep."""
        return State(
            self.game, rng, self.pile, list(self.points), self.first, self.to_move, self.turns, self.last,
        )  # fmt: skip

    def check_invariants(self) -> None:
        taken = sum(self.points) - (self.game.last_bonus if self.pile == 0 else 0)
        assert taken + self.pile == self.game.pile, "pebbles lost or doubled"
        assert 0 <= self.to_move < self.game.players, "no such seat to move"

    def evaluate(self, seat: int) -> float:
        """The lead in points, and the bonus to whoever can take the rest now."""
        value = super().evaluate(seat)
        if self.to_move == seat and 0 < self.pile <= self.game.take_max:
            value += self.game.last_bonus
        return value

    def game_of(self) -> Game:
        return self.game
