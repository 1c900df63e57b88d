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

from simulate.engines.base import GameBase, Result

COLUMNS = ("capped", "lead_changes", "decisive_at", "drama", "spread")


class LeadRecord:
    """Scores per seat at the positions of one game the runner showed it (position k = after k moves)."""

    __slots__ = ("seat_side", "sides", "positions", "moves")

    def __init__(self, game: GameBase):
        self.seat_side = [game.side_of(s) for s in range(game.players)]
        self.sides = max(self.seat_side) + 1
        self.positions: list[Sequence[float]] = []
        self.moves: list[int] = []

    def see(self, moves: int, scores: Sequence[float]) -> None:
        """Record the scores after `moves` moves (a list the engine made for the caller)."""
        self.positions.append(scores)
        self.moves.append(moves)

    def changes(self) -> list[tuple[int, list[float]]]:
        """(position, side scores) at the start and wherever the scores changed."""
        out: list[tuple[int, list[float]]] = []
        last = None
        seat_side = self.seat_side
        solo = self.sides == len(seat_side)
        for k, scores in zip(self.moves, self.positions, strict=True):
            if scores == last:
                continue
            last = scores
            if solo:
                totals = list(scores)
            else:
                totals = [0.0] * self.sides
                for seat, points in enumerate(scores):
                    totals[seat_side[seat]] += points
            out.append((k, totals))
        return out

    def columns(self, result: Result) -> dict[str, float]:
        """The generic balance columns of the finished (or capped) game."""
        changed = self.changes()
        leaders = [_sole_leader(totals) for _, totals in changed]
        changes = 0
        last = -1
        for side in leaders:
            if side >= 0:
                if last >= 0 and side != last:
                    changes += 1
                last = side
        final = changed[-1][1]
        out = {
            "capped": float(result.capped),
            "lead_changes": float(changes),
            "decisive_at": math.nan,
            "drama": math.nan,
            "spread": float(max(final) - min(final)),
        }
        if result.capped or result.draw or not result.winners:
            return out
        winner = self.seat_side[result.winners[0]]
        moves = self.moves[-1]
        took = moves + 1  # not leading alone at the end: only a tie-break decided
        if leaders[-1] == winner:
            at = len(leaders) - 1
            while at > 0 and leaders[at - 1] == winner:
                at -= 1
            took = changed[at][0]
        out["decisive_at"] = min(took, moves) / moves if moves else 0.0
        out["drama"] = float(max(max(totals) - totals[winner] for _, totals in changed))
        return out


def _sole_leader(totals: Sequence[float]) -> int:
    """The side with the highest score alone, or -1 when the top is shared."""
    top = max(totals)
    return totals.index(top) if totals.count(top) == 1 else -1
