"""`random.Random.shuffle` with the same numbers and less overhead, for deals played millions of times.

A random game's deal is a good share of its cost, and `Random.shuffle` calls
a Python method for every item. `shuffle` here draws the same numbers the
same way (`getrandbits` of the bound's bit length, again while too large: the
`_randbelow_with_getrandbits` of CPython 3.11 and later) in one loop;
`tests/simulate/test_draws.py` holds it to `Random.shuffle` over many seeds.
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle `items` in place exactly as `rng.shuffle(items)` would, leaving `rng` in the same state."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
