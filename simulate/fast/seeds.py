"""The seeds of game i of a run, as `simulate.engines.seeds.spawned_state` gives them, in compiled code.

The run seed's part of numpy's `SeedSequence` is the same for every game, so
Python works it out once per run (`simulate.engines.seeds._run_pool`) and hands over
its pool and hash constant (`run_pool`); `spawned` mixes in the game's index
and draws the words, as `simulate.engines.seeds.spawned_state` does.
"""

from __future__ import annotations

import numpy as np

from simulate.engines import seeds as py
from simulate.fast.jit import jit

MASK = 0xFFFFFFFF


def run_pool(seed: int) -> np.ndarray:
    """Pool words then hash constant of run seed `seed`, for `spawned`."""
    pool, const = py._run_pool(seed)
    return np.array([*pool, const], dtype=np.uint64)


@jit
def _mix(x, y):
    result = (np.uint64(py.MIX_MULT_L) * x - np.uint64(py.MIX_MULT_R) * y) & np.uint64(MASK)
    return result ^ (result >> np.uint64(py.XSHIFT))


@jit
def spawned(run, index, out):
    """`spawned_state(seed, index, len(out))` into `out` (uint64), `run` from `run_pool(seed)`."""
    m = np.uint64(MASK)
    shift = np.uint64(py.XSHIFT)
    pool = run[:4].copy()
    const = run[4]
    index = np.uint64(index)
    while True:
        word = index & m
        for dst in range(4):
            const_next = (const * np.uint64(py.MULT_A)) & m
            v = ((word ^ const) * const_next) & m
            const = const_next
            pool[dst] = _mix(pool[dst], v ^ (v >> shift))
        index >>= np.uint64(32)
        if not index:
            break
    const = np.uint64(py.INIT_B)
    for k in range(out.size):
        const_next = (const * np.uint64(py.MULT_B)) & m
        v = ((pool[(2 * k) % 4] ^ const) * const_next) & m
        const = const_next
        low = v ^ (v >> shift)
        const_next = (const * np.uint64(py.MULT_B)) & m
        v = ((pool[(2 * k + 1) % 4] ^ const) * const_next) & m
        const = const_next
        out[k] = low | ((v ^ (v >> shift)) << np.uint64(32))
