"""Tic-tac-toe's rules engine: a game whose strong play draws, for the project's tests.

The rules: a 3 by 3 board, empty at the start; in turn, each player puts a
mark on an empty square (a move is the square, 0 to 8, row by row). Three of
one player's marks in a row, a column or a diagonal win at once; a full
board with no such line is a draw. `first_player` is `random` (drawn with the
game's own generator) or `seat1`. A win scores 1 point, so the margin of a
decided game is 1 (plus any `compensation` to the second player). Nothing is
hidden: a seat's view is the state less its generator.

Random play has an exact answer, counted over every game with each legal
move equally likely (tests/test_tic_tac_toe.py counts it): the first mover
wins 737/1260 (58.5%), the second 363/1260 (28.8%), and 160/1260 (12.7%)
are drawn, so the first mover takes 737/1100 = 67/100 of decided games.

`evaluate` is what a careful player weighs, and is enough for one ply of
look-ahead (`greedy`) to draw against itself every game: a won or lost
position; a line the player to move completes now; two open lines of the
other player's (a fork: only one can be blocked); then lines still open to
each side, more marks counting more. Search agents' playouts run to the end
(`playout_depth = 0`): a game lasts at most nine moves.
"""

from __future__ import annotations

import random

from printkit.datafile.gamedata import Rules
from simulate.engines.base import GameBase, Result, StateBase, copy_generator, solo_result

EMPTY = -1
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = tuple(tuple(line for line in LINES if square in line) for square in range(9))
WON = 100.0  # a won position; a fork the other player cannot block both ends of is worth half
OPEN = (0.0, 1.0, 4.0)  # a line only one side has marks in, by its number of marks (three is won)


class Game(GameBase):
    """Builds states for one set of rules (always two players)."""

    name = "tic_tac_toe"
    playout_depth = 0
    max_moves = 9

    def __init__(self, rules: Rules, debug: bool = False):
        super().__init__(rules, debug)
        self.random_first = rules["first_player"] == "random"

    def new_state(self, seed: int) -> State:
        rng = random.Random(seed)
        first = rng.randrange(2) if self.random_first else 0
        return State(self, rng, [EMPTY] * 9, first, first, 0, EMPTY)


class State(StateBase):
    """A game in progress: each square's mark (the seat that put it there, or EMPTY) and whose turn it is."""

    __slots__ = ("game", "rng", "board", "first", "to_move", "moves", "winner")

    def __init__(
        self, game: Game, rng: random.Random | None, board: list[int], first: int, to_move: int, moves: int,
        winner: int,
    ):  # fmt: skip
        self.game = game
        self.rng = rng
        self.board = board
        self.first = first
        self.to_move = to_move
        self.moves = moves
        self.winner = winner

    def current_player(self) -> int:
        return self.to_move

    def legal_moves(self) -> list[int]:
        """The empty squares, in order."""
        return [square for square, mark in enumerate(self.board) if mark == EMPTY]

    def apply(self, move: int) -> None:
        if self.is_over() or not 0 <= move < 9 or self.board[move] != EMPTY:
            raise ValueError(f"cannot mark square {move}")
        seat = self.to_move
        self.board[move] = seat
        self.moves += 1
        if any(all(self.board[s] == seat for s in line) for line in LINES_THROUGH[move]):
            self.winner = seat
        self.to_move = 1 - seat
        if self.game.debug:
            self.check_invariants()

    def is_over(self) -> bool:
        return self.winner != EMPTY or self.moves == 9

    def scores(self) -> list[float]:
        return [float(self.winner == seat) for seat in (0, 1)]

    def result(self) -> Result:
        final = self.game.compensated(self.scores(), self.first)
        return solo_result(final, first_player=self.first, moves=self.moves)

    def clone(self) -> State:
        return State(
            self.game, copy_generator(self.rng), list(self.board), self.first, self.to_move, self.moves,
            self.winner,
        )  # fmt: skip

    def view(self, player: int) -> State:
        """Nothing is hidden: the view is the state without its generator."""
        seen = self.clone()
        seen.rng = None
        return seen

    def sample(self, player: int, rng: random.Random) -> State:
        """The same position with a generator drawn from `rng`."""
        full = self.clone()
        full.rng = random.Random(rng.getrandbits(64))
        return full

    def check_invariants(self) -> None:
        crosses = sum(mark == self.first for mark in self.board)
        noughts = sum(mark == 1 - self.first for mark in self.board)
        assert crosses + noughts == self.moves, "marks lost or doubled"
        assert crosses - noughts == self.moves % 2, "a player moved twice"
        assert self.to_move == (self.first + self.moves) % 2, "out of turn"
        lines = {seat: sum(all(self.board[s] == seat for s in line) for line in LINES) for seat in (0, 1)}
        assert (self.winner == EMPTY) == (not any(lines.values())), "a line and the winner disagree"

    def winning_squares(self, seat: int) -> set[int]:
        """The empty squares that would complete a line of `seat`'s now."""
        out = set()
        for line in LINES:
            marks = [self.board[s] for s in line]
            if marks.count(seat) == 2 and EMPTY in marks:
                out.add(line[marks.index(EMPTY)])
        return out

    def evaluate(self, seat: int) -> float:
        """A won or lost game; a line the player to move completes now; a fork of two lines the other
        cannot both block; else each line open to one side only, by its marks (see the module)."""
        other = 1 - seat
        if self.winner != EMPTY:
            return WON if self.winner == seat else -WON
        if self.moves == 9:
            return 0.0
        mover = self.to_move
        sign = 1.0 if mover == seat else -1.0
        if self.winning_squares(mover):
            return sign * WON
        if len(self.winning_squares(1 - mover)) > 1:
            return -sign * WON / 2
        value = 0.0
        for line in LINES:
            marks = [self.board[s] for s in line]
            mine, theirs = marks.count(seat), marks.count(other)
            if not theirs:
                value += OPEN[mine]
            elif not mine:
                value -= OPEN[theirs]
        return value

    def game_of(self) -> Game:
        return self.game
