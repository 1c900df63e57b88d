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


class Deferred(random.Random):
    """A generator whose state is a snapshot (`getstate()`'s tuple) loaded only at its first draw.

    A search copies its root state, generator included, once per iteration,
    and most searches never draw from the copy (the shipped games draw only at a
    deal or a round's end): `getstate` and `setstate` of 625 words were an
    eighth of an `mcts` decision of the shipped game that draws least.
    A `Deferred` holds the snapshot; its first draw (or `setstate`, `seed`)
    loads it and makes it a plain `random.Random` again. `_live` says its C
    state already is the snapshot (a copied source), so loading costs nothing.
    """

    _pending: tuple[Any, ...]
    _live: bool

    def _load(self) -> None:
        if type(self) is Deferred:
            if not self._live:
                random.Random.setstate(self, self._pending)
            del self._pending, self._live
            self.__class__ = random.Random

    def random(self) -> float:
        Deferred._load(self)  # by the class: after loading, `self` is a plain Random
        return _random.Random.random(self)

    def getrandbits(self, k: int) -> int:
        Deferred._load(self)
        return _random.Random.getrandbits(self, k)

    def getstate(self) -> tuple[Any, ...]:
        if type(self) is Deferred:
            return self._pending
        return random.Random.getstate(self)

    def setstate(self, state: tuple[Any, ...]) -> None:
        Deferred._load(self)
        random.Random.setstate(self, state)

    def seed(self, *args: Any, **kwargs: Any) -> None:
        Deferred._load(self)
        random.Random.seed(self, *args, **kwargs)


def copy_generator(rng: random.Random | None) -> random.Random | None:
    """An independent generator in the same state as `rng` (None for None), its state loaded only when
    it first draws; `rng` itself then keeps the snapshot too, so copying it again is free."""
    if rng is None:
        return None
    if type(rng) is Deferred:
        state = rng._pending
    else:
        state = rng.getstate()
        if type(rng) is random.Random:
            rng.__class__ = Deferred
            rng._pending, rng._live = state, True
    new = _new(Deferred)
    new._pending, new._live = state, False
    return new


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
