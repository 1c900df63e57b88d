"""A constructed tuning problem with a known answer, to hold the searches to it and to compare them.

`Coin` is a stand-in for a game: each setting of two knobs (a number 0..12
and a choice of three) has a first-mover share `p` (`share`), and its game i is a coin
that falls "first mover wins" with chance p, drawn from a generator seeded by
(seed, setting, i), so a setting's games are fixed as a real setting's are.
The objective is `first_mover=fair`'s: |share - 0.5| in points, with its
standard error. Exactly one setting has p = 0.5 (`OPTIMUM`); every other
misses by half a `unit` or more (2 points by default), so a search needs a few
thousand of the optimum's games to tell it from the nearest.

`python -m simulate.tune.bench [SEEDS] [BUDGET]` runs both searches (Optuna
with successive halving, and NTBEA as TAG runs it) on the same budget over
several seeds and prints how often each recommends the optimum, and the true
miss of what it recommends (docs/notes/tuning.md quotes it).
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field

import numpy as np

from simulate.tune.search import Book, Estimate, Halving, OptunaSearch, load_optuna
from simulate.tune.space import Knob, Setting, Space

SPACE = Space(
    (
        Knob("step", tuple(range(13)), True),
        Knob("kind", ("a", "b", "c"), False),
    )
)
OPTIMUM: Setting = (6, 0)


def share(setting: Setting, unit: float = 0.04) -> float:
    """The first mover's true share: 0.5 + unit x (step - 6), and half a unit more (kind b) or less (c);
    every setting but `OPTIMUM` misses fair by half a unit or more."""
    return 0.5 + unit * (setting[0] - 6) + (0.0, unit / 2, -unit / 2)[setting[1]]


@dataclass
class Coin:
    """The `evaluate` of the constructed problem (see the module's docstring)."""

    seed: int
    unit: float = 0.04
    _flips: dict[Setting, np.ndarray] = field(default_factory=dict)

    def flips(self, setting: Setting, n: int) -> np.ndarray:
        have = self._flips.get(setting, np.zeros(0, dtype=bool))
        if len(have) < n:
            rng = np.random.default_rng([self.seed, *setting, len(have)])
            have = np.concatenate([have, rng.random(n - len(have)) < share(setting, self.unit)])
            self._flips[setting] = have
        return have[:n]

    def __call__(self, setting: Setting, start: int, stop: int) -> Estimate:
        wins = self.flips(setting, stop)[start:]
        n = len(wins)
        p = float(wins.mean())
        return Estimate(abs(p - 0.5) * 100, math.sqrt(max(p * (1 - p), 0.25 / n) / n) * 100, n)


def optuna_answer(seed: int, budget: int, first: int = 128, unit: float = 0.04) -> tuple[Setting, Book]:
    """The Optuna search's best setting on the constructed problem (an in-memory study)."""
    book = Book(Coin(seed, unit), budget)
    study = load_optuna().create_study(direction="minimize")
    OptunaSearch(study, SPACE, book, seed, Halving(first=first)).run()
    return book.ranked()[0], book


def ntbea_answer(seed: int, budget: int, block: int = 128, unit: float = 0.04) -> tuple[Setting, Book]:
    """NTBEA's recommendation on the constructed problem."""
    from simulate.tune.ntbea import ntbea_search

    book = Book(Coin(seed, unit), budget)
    _, best = ntbea_search(SPACE, book, seed, block)
    assert best is not None
    return best, book


def main(argv: list[str]) -> None:
    seeds = int(argv[0]) if argv else 10
    budget = int(argv[1]) if len(argv) > 1 else 20_000
    for name, answer in (("optuna", optuna_answer), ("ntbea", ntbea_answer)):
        found, misses = 0, []
        for seed in range(1, seeds + 1):
            best, book = answer(seed, budget)
            found += best == OPTIMUM
            misses.append(abs(share(best) - 0.5) * 100)
        print(
            f"{name}: optimum found in {found} of {seeds} seeds with {budget:,} games each; true miss of the "
            f"recommendation: mean {np.mean(misses):.2f} points, worst {max(misses):.1f}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
