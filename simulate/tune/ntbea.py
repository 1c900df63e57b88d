"""NTBEA (the N-Tuple Bandit Evolutionary Algorithm) as the Tabletop Games Framework tunes with it.

Kept to compare with the Optuna search on the same budget (`simulate tune
--search ntbea`; the comparison is in docs/notes/tuning.md). After TAG's
`NTupleBanditEA` and `NTupleSystem` (Lucas, Liu and Perez-Liebana 2018):

- one *evaluation* of a point plays `block` new games of that setting and
  measures those games alone; it is added to every tuple's statistics: each
  knob alone (1-tuples), each pair (2-tuples) and the whole setting (the
  N-tuple), as TAG's defaults do;
- the next point is the best of `neighbours` mutations of the current one
  (each knob changed with chance 1/knobs, at least one), scored by the model
  alone: the mean of the tuples' mean fitness plus `k_explore` times the mean
  of sqrt(log((1 + tuple's samples) / (epsilon + this value's samples)));
- at the end the recommendation is the sampled point with the best mean
  estimate (TAG's `getBestSampled`).

Fitness is the objective with its sign turned (NTBEA maximises). The whole
search is a function of the seed and the games; it keeps no study, so an
interrupted NTBEA search replays its evaluations from the games played.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import defaultdict
from dataclasses import dataclass, field

from simulate.tune.search import Book, Trial
from simulate.tune.space import Setting, Space

EPSILON = 0.1  # TAG's NTupleSystem.epsilon


@dataclass
class TupleStats:
    """Fitness sums and counts of one tuple of knobs, per combination of their values."""

    dims: tuple[int, ...]
    total: dict[tuple[int, ...], float] = field(default_factory=lambda: defaultdict(float))
    count: dict[tuple[int, ...], int] = field(default_factory=lambda: defaultdict(int))
    samples: int = 0

    def key(self, point: Setting) -> tuple[int, ...]:
        return tuple(point[d] for d in self.dims)

    def add(self, point: Setting, fitness: float) -> None:
        k = self.key(point)
        self.total[k] += fitness
        self.count[k] += 1
        self.samples += 1


class NTupleModel:
    """TAG's `NTupleSystem` with 1-, 2- and N-tuples."""

    def __init__(self, dims: int, k_explore: float):
        tuples = [(d,) for d in range(dims)]
        tuples += list(itertools.combinations(range(dims), 2))
        if dims > 2:
            tuples.append(tuple(range(dims)))
        self.tuples = [TupleStats(t) for t in dict.fromkeys(tuples)]
        self.k_explore = k_explore
        self.sampled: list[Setting] = []

    def add(self, point: Setting, fitness: float) -> None:
        for t in self.tuples:
            t.add(point, fitness)
        self.sampled.append(point)

    def mean(self, point: Setting) -> float:
        means = [t.total[k] / t.count[k] for t in self.tuples if t.count.get(k := t.key(point), 0)]
        return sum(means) / len(means) if means else math.nan

    def upper(self, point: Setting) -> float:
        explore = [
            math.sqrt(math.log((1 + t.samples) / (EPSILON + t.count.get(t.key(point), 0))))
            for t in self.tuples
        ]
        mean = self.mean(point)
        return (0.0 if math.isnan(mean) else mean) + self.k_explore * sum(explore) / len(explore)

    def best_sampled(self) -> Setting:
        return max(dict.fromkeys(self.sampled), key=lambda p: (self.mean(p), tuple(-x for x in p)))


def ntbea_search(
    space: Space, book: Book, seed: int, block: int, k_explore: float = 2.0, neighbours: int = 50
) -> tuple[list[Trial], Setting | None]:
    """Evaluate a point per iteration until the budget is spent; the history and the recommended point."""
    rng = random.Random(seed)
    sizes = [len(k.values) for k in space.knobs]
    neighbours = max(5, min(neighbours, space.size // 4))  # TAG: at most a quarter of the space, 5 at least
    model = NTupleModel(len(sizes), k_explore)
    point: Setting = tuple(rng.randrange(n) for n in sizes)
    history: list[Trial] = []
    while book.left:
        estimate = book.add_block(point, block)
        if estimate is None:
            break
        model.add(point, -estimate.value)
        history.append(Trial(len(history), len(history), point, book.estimates[point], "ntbea"))
        point = _next_point(model, point, sizes, neighbours, rng)
    return history, (model.best_sampled() if model.sampled else None)


def _next_point(
    model: NTupleModel, point: Setting, sizes: list[int], neighbours: int, rng: random.Random
) -> Setting:
    """The best of `neighbours` mutations of `point` by the model's upper bound."""
    best, best_value = point, -math.inf
    movable = [d for d, n in enumerate(sizes) if n > 1]
    for _ in range(neighbours):
        new = list(point)
        changed = False
        for d in movable:
            if rng.random() < 1 / len(sizes):
                new[d] = _other(point[d], sizes[d], rng)
                changed = True
        if not changed and movable:
            d = movable[rng.randrange(len(movable))]
            new[d] = _other(point[d], sizes[d], rng)
        value = model.upper(tuple(new))
        if value > best_value:
            best, best_value = tuple(new), value
    return best


def _other(value: int, size: int, rng: random.Random) -> int:
    """A value of a knob other than `value`, uniformly (TAG's mutation)."""
    pick = rng.randrange(size - 1)
    return pick + 1 if pick >= value else pick
