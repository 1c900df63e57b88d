"""The seeds of game i of a run with seed S: numpy's `SeedSequence(S, spawn_key=(i,))`, computed faster.

`SeedSequence` mixes the run's seed into its pool, then the game's index, then
hashes the pool into words. The first part is the same for every game of a run,
so it is done once per run seed here and only the index is mixed per game: the
same numbers as `np.random.SeedSequence(S, spawn_key=(i,)).generate_state(n,
np.uint64)` (the tests compare them over many seeds and indices) for a tenth
of the cost, which matters when a whole game takes tens of microseconds.
Constants and steps are numpy's (numpy/random/bit_generator.pyx).
"""

from __future__ import annotations

from functools import lru_cache

MASK = 0xFFFFFFFF
POOL_SIZE = 4
INIT_A = 0x43B0D7E5
MULT_A = 0x931E8875
INIT_B = 0x8B51F9DD
MULT_B = 0x58F38DED
MIX_MULT_L = 0xCA01F9DD
MIX_MULT_R = 0x4973F715
XSHIFT = 16


def _words(value: int) -> list[int]:
    """A non-negative integer as 32-bit words, least significant first (0 is one word)."""
    words = [value & MASK]
    value >>= 32
    while value:
        words.append(value & MASK)
        value >>= 32
    return words


def _hashmix(value: int, const: int) -> tuple[int, int]:
    value ^= const
    const = (const * MULT_A) & MASK
    value = (value * const) & MASK
    return value ^ (value >> XSHIFT), const


def _mix(x: int, y: int) -> int:
    result = (MIX_MULT_L * x - MIX_MULT_R * y) & MASK
    return result ^ (result >> XSHIFT)


@lru_cache(maxsize=64)
def _run_pool(seed: int) -> tuple[tuple[int, ...], int]:
    """Pool and hash constant once the run seed is mixed in (padded to the pool, as a spawn key asks)."""
    entropy = _words(seed)
    entropy += [0] * (POOL_SIZE - len(entropy))
    const = INIT_A
    pool = []
    for word in entropy[:POOL_SIZE]:
        value, const = _hashmix(word, const)
        pool.append(value)
    for src in range(POOL_SIZE):
        for dst in range(POOL_SIZE):
            if src != dst:
                value, const = _hashmix(pool[src], const)
                pool[dst] = _mix(pool[dst], value)
    pool_tuple, const = _mix_in(pool, const, entropy[POOL_SIZE:])
    return pool_tuple, const


def _mix_in(pool: list[int], const: int, words: list[int]) -> tuple[tuple[int, ...], int]:
    """Mix further entropy words into every word of the pool."""
    pool = pool[:]
    for word in words:
        for dst in range(POOL_SIZE):
            value, const = _hashmix(word, const)
            pool[dst] = _mix(pool[dst], value)
    return tuple(pool), const


def spawned_state(seed: int, index: int, n: int) -> list[int]:
    """`SeedSequence(seed, spawn_key=(index,)).generate_state(n, np.uint64)` as Python ints."""
    if seed < 0 or index < 0:
        raise ValueError(f"seeds are non-negative, got {seed}, {index}")
    pool, const = _run_pool(seed)
    p0, p1, p2, p3 = pool
    # _mix_in(pool, const, _words(index)), unrolled: this runs once per game
    while True:
        word = index & MASK
        v = ((word ^ const) * (const := (const * MULT_A) & MASK)) & MASK
        p0 = _mix(p0, v ^ (v >> XSHIFT))
        v = ((word ^ const) * (const := (const * MULT_A) & MASK)) & MASK
        p1 = _mix(p1, v ^ (v >> XSHIFT))
        v = ((word ^ const) * (const := (const * MULT_A) & MASK)) & MASK
        p2 = _mix(p2, v ^ (v >> XSHIFT))
        v = ((word ^ const) * (const := (const * MULT_A) & MASK)) & MASK
        p3 = _mix(p3, v ^ (v >> XSHIFT))
        index >>= 32
        if not index:
            break
    pool = (p0, p1, p2, p3)
    const = INIT_B
    out = []
    for k in range(n):
        v = ((pool[(2 * k) % POOL_SIZE] ^ const) * (const := (const * MULT_B) & MASK)) & MASK
        low = v ^ (v >> XSHIFT)
        v = ((pool[(2 * k + 1) % POOL_SIZE] ^ const) * (const := (const * MULT_B) & MASK)) & MASK
        out.append(low | (v ^ (v >> XSHIFT)) << 32)
    return out
