"""A game whose engine (or an agent) raised: which game of the run, at which move, what it raised.

`runner.play` turns any exception raised while a game is set up, played or
scored into a `GameFault` naming the game's index and the move; the runner
hands it on with the rows of the chunk's games before it (so the run keeps
them) and the parent, which knows the arm's folder, says it in one line with
the command that replays the game (`simulate replay`). An engine fault is not
bad input: the line ends the command with exit status 1, not 2.
"""

from __future__ import annotations

import os
import traceback
from typing import Any

from printkit.errors import Fault


class GameFault(Fault):
    """Game `index` of a run raised `error` ("KeyError: 4") at `where` ("engine.py:80 in apply").

    `moves`: the moves played before it; `stage`: "setup", "move" (choosing or
    playing move `moves + 1`) or "result" (scoring the ended game). `rows`: the
    rows of the games its chunk played before it, for the run to keep.
    Built from plain values, so that it pickles from a worker to the parent,
    which sets `arm`: the number of the arm whose chunk raised it.
    """

    arm = 0

    def __init__(self, index: int, moves: int, stage: str, error: str, where: str,
                 rows: list[list[Any]] | None = None):  # fmt: skip
        super().__init__(index, moves, stage, error, where, rows)
        self.index, self.moves, self.stage, self.error, self.where = index, moves, stage, error, where
        self.rows = rows or []

    @classmethod
    def of(cls, index: int, moves: int, stage: str, exc: BaseException) -> GameFault:
        """The fault of game `index` for the exception `exc` being handled."""
        text = str(exc)
        error = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
        return cls(index, moves, stage, error.splitlines()[0] if error else error, raised_at(exc))

    def with_rows(self, rows: list[list[Any]]) -> GameFault:
        return GameFault(self.index, self.moves, self.stage, self.error, self.where, rows)

    def at(self) -> str:
        """Where in the game: "while setting it up", "at move 12", "while scoring it after 11 moves"."""
        if self.stage == "setup":
            return "while setting it up"
        if self.stage == "result":
            return f"while scoring it after {self.moves} moves"
        return f"at move {self.moves + 1}"

    def __str__(self) -> str:
        return f"game {self.index}: {self.error} ({self.where}) {self.at()}"


def raised_at(exc: BaseException) -> str:
    """The innermost frame of `exc`'s traceback as `file.py:LINE in function` (the engine's, most often)."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return "where unknown"
    last = frames[-1]
    return f"{os.path.basename(last.filename)}:{last.lineno} in {last.name}"
