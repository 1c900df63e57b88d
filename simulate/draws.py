"""Seeded generators, shuffles and draws with `random.Random`'s numbers and less overhead.

A random game of dominoes is a dozen moves, so what every game pays once (a
generator for its chance and one per seat's agent, the deal) is a good share
of its cost. Here:

- `generator(seed)` is `random.Random(seed)` without its Python-level
  `__init__` and `seed` wrappers, which a seeded int goes through only to reach
  the C seeding;
- `shuffle` draws the same numbers the same way as `Random.shuffle`
  (`getrandbits` of the bound's bit length, again while too large: the
  `_randbelow_with_getrandbits` of CPython 3.11 and later) in one loop, where
  `Random.shuffle` calls a Python method for every item.

`tests/simulate/test_draws.py` holds both to `random.Random` over many seeds.
"""

from __future__ import annotations

import _random
import random
from functools import lru_cache
from typing import Any

_new = random.Random.__new__
_seed = _random.Random.seed  # the C seeding that random.Random.seed calls for an int


def generator(seed: int) -> random.Random:
    """A `random.Random` in the state `random.Random(seed)` starts in, for an int seed."""
    rng = _new(random.Random)
    _seed(rng, seed)
    rng.gauss_next = None  # as Random.seed leaves it, so getstate/setstate work as ever
    return rng


def blank_generator() -> random.Random:
    """A `random.Random` to `setstate` into: unlike `random.Random()`, it reads no entropy from the system."""
    rng = _new(random.Random)
    rng.gauss_next = None
    return rng


@lru_cache(maxsize=64)
def _swaps(n: int) -> tuple[tuple[int, int], ...]:
    """For a shuffle of n items: each position i from the end, with the bits a draw below i + 1 takes."""
    return tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` would, leaving `rng` in the same state."""
    getrandbits = rng.getrandbits
    for i, bits in _swaps(len(items)):
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
