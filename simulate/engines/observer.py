"""The runner's observer: side scores after every move, and the generic balance columns made from them.

The runner shows the observer the scores before the first move, after each
move that may have changed them (`StateBase.scores_moved`) and at the end; the
game knows nothing of it. From that record come, for every game of
every engine (after Browne's and Ludii's metrics):

- `capped`: 1 when a cap stopped the game before its natural end;
- `lead_changes`: how often the side leading alone changed (a tie keeps the
  last sole leader; taking the first lead is not a change);
- `decisive_at`: the share of the game's moves played when the eventual
  winner's side took the lead alone for good (0: it led from the start, 1: only
  the last move or a tie-break decided); `nan` for draws and capped games;
- `drama`: the most points the eventual winner's side ever trailed the leading
  side by (0 when it never trailed); `nan` for draws and capped games;
- `spread`: the final best side's score minus the worst side's.

A side is a seat, or a team in a team game; its score is the sum of its seats'.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from simulate.engines.base import GameBase, Result

COLUMNS = ("capped", "lead_changes", "decisive_at", "drama", "spread")


@lru_cache(maxsize=16)
def _sides(game: GameBase) -> tuple[tuple[int, ...], int]:
    """Each seat's side and how many sides there are: asked of the game once, not once a game played
    (a record is made for every game of a run, and a short game's record costs as much as its moves)."""
    seat_side = tuple(game.side_of(s) for s in range(game.players))
    return seat_side, max(seat_side) + 1


class LeadRecord:
    """Scores per seat at the positions of one game the runner showed it (position k = after k moves)."""

    __slots__ = ("seat_side", "sides", "positions", "moves")

    def __init__(self, game: GameBase):
        self.seat_side, self.sides = _sides(game)
        self.positions: list[Sequence[float]] = []
        self.moves: list[int] = []

    def see(self, moves: int, scores: Sequence[float]) -> None:
        """Record the scores after `moves` moves (a list the engine made for the caller)."""
        self.positions.append(scores)
        self.moves.append(moves)

    def columns(self, result: Result) -> dict[str, float]:
        """The generic balance columns of the finished (or capped) game."""
        ranked = not (result.capped or result.draw or not result.winners)
        winner = self.seat_side[result.winners[0]] if ranked else 0
        scan = self._scan_two if self.sides == 2 else self._scan
        changes, leader, run_from, drama, spread = scan(winner)
        out = {
            "capped": float(result.capped),
            "lead_changes": float(changes),
            "decisive_at": math.nan,
            "drama": math.nan,
            "spread": float(spread),
        }
        if ranked:
            moves = self.moves[-1]
            took = run_from if leader == winner else moves + 1  # +1: only a tie-break decided
            out["decisive_at"] = min(took, moves) / moves if moves else 0.0
            out["drama"] = float(drama)
        return out

    def _scan(self, winner: int) -> tuple[int, int, int, float, float]:
        """One pass over the positions: lead changes, the last leader (-1: a shared top) and where its
        run began, how far side `winner` trailed at most, and the final spread.

        It skips a position whose scores equal the one before (nothing changed).
        """
        seat_side, sides = self.seat_side, self.sides
        solo = sides == len(seat_side)
        last: Sequence[float] | None = None
        totals: Sequence[float] = ()
        leader = -2  # the sole leader at the last position (-1 when the top is shared)
        run_from = 0  # where the run of that leader began
        sole = -1  # the last side that led alone
        changes = 0
        drama = 0.0
        for k, scores in zip(self.moves, self.positions, strict=True):
            if scores == last:
                continue
            last = scores
            if solo:
                totals = scores
            else:
                totals = [0.0] * sides
                for seat, points in enumerate(scores):
                    totals[seat_side[seat]] += points
            top = max(totals)
            side = totals.index(top) if totals.count(top) == 1 else -1
            if side != leader:
                leader, run_from = side, k
                if side >= 0:
                    changes += sole >= 0 and side != sole
                    sole = side
            behind = top - totals[winner]
            if behind > drama:
                drama = behind
        return changes, leader, run_from, drama, max(totals) - min(totals)

    def _scan_two(self, winner: int) -> tuple[int, int, int, float, float]:
        """`_scan` for two sides, where everything follows from one number per position: side 0's
        score less side 1's (most games are two-sided, and this runs for every game of a run)."""
        seat_side = self.seat_side
        solo = len(seat_side) == 2
        last = None
        leader, run_from, sole, changes = -2, 0, -1, 0
        drama = 0.0
        lead = 0.0
        for k, scores in zip(self.moves, self.positions, strict=True):
            if solo:
                lead = scores[0] - scores[1]
            else:
                totals = [0.0, 0.0]
                for seat, points in enumerate(scores):
                    totals[seat_side[seat]] += points
                lead = totals[0] - totals[1]
            if lead == last:
                continue
            last = lead
            side = 0 if lead > 0 else 1 if lead < 0 else -1
            if side != leader:
                leader, run_from = side, k
                if side >= 0:
                    changes += sole >= 0 and side != sole
                    sole = side
            behind = -lead if winner == 0 else lead
            if behind > drama:
                drama = behind
        return changes, leader, run_from, drama, abs(lead)
