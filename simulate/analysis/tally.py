"""One streaming pass over an arm's games CSV: counts, running moments, histograms and a reservoir.

Memory stays flat in the number of games: outcomes are counted by kind
(first seat, winners, draw, capped), every numeric column keeps running
moments and, while it takes few distinct values, a histogram (so medians,
Mann-Whitney tests and Kaplan-Meier medians are exact), and a bounded
reservoir keeps a uniform sample of whole rows for what needs the values
themselves (a game's own report pages). Up to `RESERVOIR` games the
reservoir is every game, in order.

Beside them the tally keeps every game's value of each measure the report
compares between arms (`values`), in game order: the first mover's credit
(a win 1, a top place shared by k sides 1/k each, a game stopped by a cap
shared by all), each side's credit, whether the game was drawn or capped,
its length, margin, the observer's columns and the game's own metrics. Two
arms played on the same seeds pair game i with game i (`paired`), and a
stopping rule reads them after every round. A dozen numbers a game: about
10 MB for 100,000 games.

A run tallies its rows as they are played (`RowFeed`), so the report does not
read its CSV back; the statistics module (scipy) is loaded only when a
column is described.
"""

from __future__ import annotations

import csv
import io
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

RESERVOIR = 20_000
HIST_LIMIT = 4_000  # distinct values a histogram may hold before it gives way to the reservoir
READ_CHUNK = 8_192
RESERVOIR_SEED = 20_240_901
# Columns every game's value is kept of (where the CSV has them), beside the outcome's credits; a
# game's own metrics are added by name (`ArmTally(keep=...)`).
KEPT = ("moves", "margin", "lead_changes", "decisive_at", "drama", "spread")


class Column:
    """Running count, mean, squared deviations, range and value counts of one numeric column (NaN skipped)."""

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0
        self.low = math.inf
        self.high = -math.inf
        self.total = 0.0
        self.hist: Counter[float] | None = Counter()

    def add(self, x: np.ndarray) -> None:
        x = x[~np.isnan(x)]
        if not len(x):
            return
        n, mean = len(x), float(x.mean())
        m2 = float(((x - mean) ** 2).sum())
        delta = mean - self.mean
        total_n = self.n + n
        self.m2 += m2 + delta * delta * self.n * n / total_n
        self.mean += delta * n / total_n
        self.n = total_n
        self.total += float(x.sum())
        self.low, self.high = min(self.low, float(x.min())), max(self.high, float(x.max()))
        if self.hist is not None:
            values, counts = np.unique(x, return_counts=True)
            self.hist.update(dict(zip(values.tolist(), counts.tolist(), strict=True)))
            if len(self.hist) > HIST_LIMIT:
                self.hist = None

    def median(self, sample: np.ndarray) -> float:
        """Exact from the histogram; from the reservoir's values once there are too many distinct ones."""
        if self.hist is None:
            return float(np.nanmedian(sample)) if len(sample) else math.nan
        half, seen = self.n / 2, 0
        ordered = sorted(self.hist.items())
        for k, (value, count) in enumerate(ordered):
            seen += count
            if seen > half:
                return value
            if seen == half:
                return (value + ordered[k + 1][0]) / 2
        return math.nan

    def describe(self, sample: np.ndarray) -> dict[str, float]:
        from simulate.analysis import stats

        if self.n == 0:
            return stats.describe(np.array([]))
        return stats.from_moments(self.n, self.mean, self.m2, self.median(sample), self.low, self.high)


class ArmTally:
    """Everything the report needs of one arm, gathered row by row.

    `sides[s]` is the side seat `s` plays for (itself, or its team).
    """

    def __init__(self, header: Sequence[str], sides: Sequence[int], keep: Sequence[str] = ()):
        self.header = list(header)
        self.sides = list(sides)
        self.players = len(sides)
        self.n_sides = len(set(sides))
        self.games = 0
        self.outcomes: Counter[tuple[int, str, int, int]] = Counter()
        self.lengths: Counter[tuple[float, bool]] = Counter()
        self.numeric = [name for name in self.header if name != "winners"]
        self.derived = ["margin"] + [f"side_score_{k + 1}" for k in range(self.n_sides)]
        self.columns = {name: Column() for name in self.numeric + self.derived}
        self._reservoir = np.empty((0, len(self.numeric) + len(self.derived)))
        self._reservoir_winners: list[str] = []
        self._rng = np.random.default_rng(RESERVOIR_SEED)
        self._side_matrix = np.zeros((self.players, self.n_sides))
        for seat, side in enumerate(self.sides):
            self._side_matrix[seat, side] = 1.0
        names = self.numeric + self.derived
        kept = [c for c in dict.fromkeys([*KEPT, *keep]) if c in names]
        self._kept_at = [names.index(c) for c in kept]
        self.per_game = ["first_mover", *(f"side_{k + 1}" for k in range(self.n_sides)), "drawn", "capped"]
        self.per_game += kept
        self._per_game: list[np.ndarray] = []
        self._joined: np.ndarray | None = None
        self._credits: dict[tuple[int, str, int, int], tuple[float, ...]] = {}

    def add(self, rows: list[list[str]]) -> None:
        """Count a chunk of CSV rows (strings, in the header's order)."""
        if not rows:
            return
        w = self.header.index("winners")
        winners = [r[w] for r in rows]
        values = np.array([r[:w] + r[w + 1 :] for r in rows], dtype=float)
        col = {name: values[:, j] for j, name in enumerate(self.numeric)}
        scores = np.column_stack([col[f"score_{s + 1}"] for s in range(self.players)])
        side_scores = scores @ self._side_matrix
        ordered = np.sort(side_scores, axis=1)
        margin = ordered[:, -1] - ordered[:, -2] if self.n_sides > 1 else ordered[:, -1]
        derived = np.column_stack([margin, side_scores])
        full = np.column_stack([values, derived])
        for j, name in enumerate(self.numeric + self.derived):
            self.columns[name].add(full[:, j])
        capped = col["capped"] if "capped" in col else np.zeros(len(rows))
        keys = list(
            zip(
                col["first_player"].astype(int).tolist(),
                winners,
                col["draw"].astype(int).tolist(),
                (capped > 0).astype(int).tolist(),
                strict=True,
            )
        )
        self.outcomes.update(keys)
        self.lengths.update(zip(col["moves"].tolist(), (capped > 0).tolist(), strict=True))
        credits = np.array([self._credit(key) for key in keys], dtype=float)
        self._per_game.append(np.column_stack([credits, full[:, self._kept_at]]))
        self._joined = None
        self._sample(full, winners)
        self.games += len(rows)

    def _credit(self, key: tuple[int, str, int, int]) -> tuple[float, ...]:
        """A game's first-mover credit, each side's, and whether it was drawn and capped, by its outcome.

        The credit is a share of the game's one win: the side that won alone 1; each of k sides
        sharing the top place 1/k; every side 1/sides when a cap stopped the game (no winner). Drawn:
        the top place shared and the game not capped (as `balance.outcome_counts` counts draws).
        """
        found = self._credits.get(key)
        if found is None:
            first, winners, draw, cap = key
            won = sorted({self.sides[int(w) - 1] for w in winners.split(";") if w})
            sharers = won if won and not cap else list(range(self.n_sides))
            side = [1 / len(sharers) if k in sharers else 0.0 for k in range(self.n_sides)]
            found = (side[self.sides[first - 1]], *side, float(draw and not cap), float(cap))
            self._credits[key] = found
        return found

    def values(self, name: str) -> np.ndarray:
        """Every game's value of one of `per_game`, in game order."""
        if self._joined is None:
            width = len(self.per_game)
            self._joined = np.vstack(self._per_game) if self._per_game else np.empty((0, width))
            self._per_game = [self._joined]
        return self._joined[:, self.per_game.index(name)]

    def _sample(self, full: np.ndarray, winners: list[str]) -> None:
        """Algorithm R over the chunk, with a fixed seed so the sample is the same every time."""
        room = max(0, RESERVOIR - len(self._reservoir))
        if room:
            self._reservoir = np.vstack([self._reservoir, full[:room]])
            self._reservoir_winners += winners[:room]
        rest = len(full) - room
        if rest <= 0:
            return
        seen = self.games + room + np.arange(rest)
        slots = self._rng.integers(0, seen + 1)
        keep = np.nonzero(slots < RESERVOIR)[0]
        # later rows overwrite earlier ones in the same slot, as the one-row-at-a-time algorithm does
        last = {int(slots[k]): room + k for k in keep.tolist()}
        where = np.fromiter(last.keys(), dtype=int, count=len(last))
        rows = np.fromiter(last.values(), dtype=int, count=len(last))
        self._reservoir[where] = full[rows]
        for slot, r in last.items():
            self._reservoir_winners[slot] = winners[r]

    @property
    def sampled(self) -> bool:
        """Whether `cols` is a sample rather than every game."""
        return self.games > RESERVOIR

    def cols(self) -> dict[str, Any]:
        """The reservoir as columns (every game, in order, up to `RESERVOIR` games)."""
        out: dict[str, Any] = {
            name: self._reservoir[:, j].copy() for j, name in enumerate(self.numeric + self.derived)
        }
        out["winners"] = list(self._reservoir_winners)
        return out

    def total(self, name: str) -> float:
        """Exact sum of a column over every game."""
        return self.columns[name].total

    def describe(self, name: str) -> dict[str, float]:
        j = (self.numeric + self.derived).index(name)
        return self.columns[name].describe(self._reservoir[:, j])

    def has_values(self, name: str) -> bool:
        return name in self.columns and self.columns[name].n > 0


class RowFeed:
    """An arm's tally fed with the games CSV's rows as they come, in whatever pieces.

    Rows are counted `READ_CHUNK` at a time however they arrive, so the tally
    (its running moments, its reservoir's draws) is the very one a pass over
    the finished CSV makes; rows past `limit` are left out.
    """

    def __init__(
        self, header: Sequence[str], sides: Sequence[int], limit: int | None = None, keep: Sequence[str] = ()
    ):
        self.tally = ArmTally(header, sides, keep)
        self._left = limit if limit is not None else math.inf
        self._rows: list[list[str]] = []

    def add_text(self, text: str) -> None:
        """Count the rows of some lines of the CSV (no header)."""
        self.add_rows(csv.reader(io.StringIO(text)))

    def add_rows(self, rows: Iterable[list[str]]) -> None:
        for row in rows:
            if self._left <= 0:
                return
            self._rows.append(row)
            self._left -= 1
            if len(self._rows) == READ_CHUNK:
                self.tally.add(self._rows)
                self._rows = []

    def finish(self) -> ArmTally:
        """The tally of every row fed (up to `limit`); more rows may be fed after (`extend`)."""
        self.tally.add(self._rows)
        self._rows = []
        return self.tally

    def extend(self, limit: int) -> None:
        """Take rows up to `limit` in all: the next round of a run played in rounds."""
        self._left = limit - self.tally.games - len(self._rows)


def tally_csv(
    csv_path: Path, sides: Sequence[int], limit: int | None = None, keep: Sequence[str] = ()
) -> ArmTally:
    """Read an arm's CSV in one streaming pass."""
    with csv_path.open(newline="") as fh:
        reader = csv.reader(fh)
        feed = RowFeed(next(reader), sides, limit, keep)
        feed.add_rows(reader)
    return feed.finish()
