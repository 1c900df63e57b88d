"""A played game as one CSV row: the columns of a game's rows and the numbers in them.

The runner writes these rows for the Python engines and a compiled core
writes the same numbers (`simulate.fast.core`), so either resumes the other's
run; the generic balance columns are the observer's (`simulate.engines.observer`).
"""

from __future__ import annotations

from typing import Any

from simulate.engines.base import GameBase, Result
from simulate.engines.observer import COLUMNS as OBSERVED


def columns(game: GameBase) -> list[str]:
    """CSV header for a game: seats are numbered from 1 as players count them."""
    n = game.players
    cols = ["game", "first_player", "moves", "draw", "winners"]
    cols += [f"score_{s + 1}" for s in range(n)]
    cols += [f"place_{s + 1}" for s in range(n)]
    cols += list(OBSERVED)
    cols += list(game.metric_names)
    cols += [f"{cat}_{s + 1}" for cat in game.categories for s in range(n)]
    return cols


def row(index: int, played: tuple[Result, dict[str, float]], game: GameBase) -> list[Any]:
    """One CSV row, in the order of `columns`."""
    result, observed = played
    out: list[Any] = [
        index,
        result.first_player + 1,
        result.moves,
        int(result.draw),
        ";".join([str(w + 1) for w in result.winners]),
        *map(number, result.scores),
        *result.placements,
        *[number(observed[c]) for c in OBSERVED],
    ]
    if game.metric_names:
        metrics = result.metrics
        out += [number(metrics.get(m, 0.0)) for m in game.metric_names]
    if game.categories:
        blank = [0.0] * game.players
        for cat in game.categories:
            out += map(number, result.breakdown.get(cat, blank))
    return out


def number(x: float) -> float | int:
    """A value as a row holds it: a whole number as an int, any other rounded to 6 decimals."""
    kind = type(x)
    if kind is int:  # most values of most rows: nothing to round
        return x
    if kind is not float:  # a bool, a numpy number
        x = float(x)
    return int(x) if x.is_integer() else round(x, 6)
