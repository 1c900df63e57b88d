"""CPython's `random.Random` in compiled code: the same Mersenne Twister, seeded and drawn the same way.

A generator is a uint32 array of 625 words: MT19937's 624 words of state and,
last, the index of the next word (`new_generator`; words are twisted one at a
time as they are read, see `next_word`, and `settle` gives CPython's state). Seeding an int is
CPython's `random.seed(int)` (`init_by_array` over the 32-bit words of the
number, least significant first, at least one word); `getrandbits(k)` takes a
word per 32 bits, least significant first, and keeps a last word's top bits;
`randbelow(n)` is `randrange(n)` of CPython 3.11 and later (`getrandbits` of
n's bit length until the draw is below n, so even `randrange(1)` draws);
`shuffle` is `Random.shuffle` (and `simulate.engines.draws.shuffle`); `random()` is
53 bits from two words. `tests/simulate/test_fast_mt.py` holds every one to
`random.Random` over many seeds.
"""

from __future__ import annotations

import numpy as np

from simulate.fast.jit import leaf

N = 624
M = 397
MASK32 = 0xFFFFFFFF


def new_generator() -> np.ndarray:
    """An unseeded generator's storage (seed it with `seed`)."""
    return np.zeros(N + 1, dtype=np.uint32)


def _genrand_base() -> np.ndarray:
    """init_genrand(19650218), where every init_by_array starts: worked out once, not per seeding."""
    words = [19650218]
    for i in range(1, N):
        prev = words[-1]
        words.append((1812433253 * (prev ^ (prev >> 30)) + i) & MASK32)
    return np.array(words, dtype=np.uint32)


BASE = _genrand_base()  # numba freezes a global array into the compiled code


@leaf
def seed_words(mt, low, high, length):
    """CPython's init_by_array over a key of `length` (1 or 2) words, `low` then `high`, into generator
    `mt` (its index set to draw afresh). The key as two numbers, not an array: a leaf allocates none."""
    for i in range(N):
        mt[i] = BASE[i]
    m32 = np.uint64(MASK32)
    thirty = np.uint64(30)
    i = 1
    j = 0
    k = N
    prev = np.uint64(mt[0])  # mt[i - 1], kept in a register: each word depends on the one before
    while k > 0:
        mixed = np.uint64(mt[i]) ^ ((prev ^ (prev >> thirty)) * np.uint64(1664525))
        word = (mixed + (low if j == 0 else high) + np.uint64(j)) & m32
        mt[i] = word
        prev = word
        i += 1
        j += 1
        if i >= N:
            mt[0] = word
            i = 1
        if j >= length:
            j = 0
        k -= 1
    k = N - 1
    while k > 0:
        word = ((np.uint64(mt[i]) ^ ((prev ^ (prev >> thirty)) * np.uint64(1566083941))) - np.uint64(i)) & m32
        mt[i] = word
        prev = word
        i += 1
        if i >= N:
            mt[0] = word
            i = 1
        k -= 1
    mt[0] = 0x80000000
    mt[N] = 0  # CPython's N: see next_word


@leaf
def seed(mt, value):
    """`random.seed(value)` for a non-negative int below 2**64 (a uint64)."""
    value = np.uint64(value)
    low = value & np.uint64(MASK32)
    high = value >> np.uint64(32)
    seed_words(mt, low, high, 2 if high else 1)


LANES = 64  # generators `seed_lanes` seeds at once


def new_lanes() -> np.ndarray:
    """Room for `seed_lanes`: the words of `LANES` generators word by word, then three rows of keys."""
    return np.zeros((N + 3, LANES), dtype=np.uint32)


@leaf
def seed_lanes(gens, at, values, count, lanes):
    """`seed(gens[at + k], values[k])` for k < count (at most `LANES`), all at once: the same words.

    A seeding is two chains of about 620 steps, each waiting on the one
    before, a multiply among them: one chain at a time leaves the processor
    mostly idle. Here every generator's chain is stepped together, the words
    of step i of all `LANES` side by side in `lanes` (`new_lanes`), so the
    compiler steps them in vector registers (480 ns a generator, transposing
    included, against 1,100 for three chains side by side and 2,600 for one).
    The loops of `seed_words` for a key of one or two words, with its index
    wrap-arounds written out: the first loop reads init_genrand's words
    (`BASE`) until it wraps to word 1, the second starts at word 2; word 0,
    only ever the previous word meanwhile, is set last. Lanes past `count`
    are stepped too (a whole vector costs the same) and never copied out.
    """
    m32 = np.uint32(MASK32)
    f1 = np.uint32(1664525)
    f2 = np.uint32(1566083941)
    prev, even, odd = lanes[N], lanes[N + 1], lanes[N + 2]
    for g in range(LANES):  # what step j adds: key word j % length plus j % length
        value = np.uint64(values[g]) if g < count else np.uint64(0)
        low = np.uint32(value & np.uint64(MASK32))
        high = np.uint32(value >> np.uint64(32))
        even[g] = low
        odd[g] = high + np.uint32(1) if high else low
        prev[g] = BASE[0]
    for i in range(1, N):  # steps 0..622 of the first loop: step i - 1 is even where i is odd
        add = odd if i % 2 == 0 else even
        base = BASE[i]
        row = lanes[i]
        for g in range(LANES):
            p = prev[g]
            p = np.uint32(((base ^ ((p ^ (p >> 30)) * f1)) + add[g]) & m32)
            prev[g] = p
            row[g] = p
    row = lanes[1]
    for g in range(LANES):  # step 623 (odd), after the wrap to word 1
        p = prev[g]
        p = np.uint32(((row[g] ^ ((p ^ (p >> 30)) * f1)) + odd[g]) & m32)
        prev[g] = p
        row[g] = p
    for i in range(2, N + 1):  # the second loop: words 2..623, then word 1 after the wrap
        j = i if i < N else 1
        row = lanes[j]
        for g in range(LANES):
            p = prev[g]
            p = np.uint32(((row[g] ^ ((p ^ (p >> 30)) * f2)) - j) & m32)
            prev[g] = p
            row[g] = p
    for k in range(count):
        gen = gens[at + k]
        gen[0] = 0x80000000
        gen[N] = 0
    for i in range(1, N):
        row = lanes[i]
        for k in range(count):
            gens[at + k, i] = row[k]


@leaf
def next_word(mt):
    """The next 32-bit output (genrand_uint32), as a uint64.

    CPython twists all 624 words when its index runs out; here word i is
    twisted just before it is read, which gives the same words (a twist of
    word i reads words i + 1 and i + 397 before their own twist, and words
    i - 227 after theirs, in either order) and spares a game that draws a
    few dozen numbers the whole refill. So the index runs 0..623 and word i
    and those after it are still untwisted; `settle` gives CPython's state.
    """
    i = mt[N]
    upper = np.uint64(0x80000000)
    lower = np.uint64(0x7FFFFFFF)
    following = i + 1 if i + 1 < N else 0
    y = (np.uint64(mt[i]) & upper) | (np.uint64(mt[following]) & lower)
    far = i + M if i < N - M else i + M - N
    word = np.uint64(mt[far]) ^ (y >> np.uint64(1))
    if y & np.uint64(1):
        word ^= np.uint64(0x9908B0DF)
    mt[i] = word
    mt[N] = following
    y = word
    y ^= y >> np.uint64(11)
    y ^= (y << np.uint64(7)) & np.uint64(0x9D2C5680)
    y ^= (y << np.uint64(15)) & np.uint64(0xEFC60000)
    y ^= y >> np.uint64(18)
    return y & np.uint64(MASK32)


def settle(gen: np.ndarray) -> list[int]:
    """The generator as `random.Random.getstate()[1]` has it: every word twisted that CPython's has."""
    words = [int(w) for w in gen[:N]]
    index = int(gen[N])
    if index == 0:
        return [*words, N]  # freshly seeded, or a whole 624 words read: CPython twists on its next draw
    for i in range(index, N):
        y = (words[i] & 0x80000000) | (words[(i + 1) % N] & 0x7FFFFFFF)
        words[i] = words[(i + M) % N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
    return [*words, index]


@leaf
def getrandbits(mt, k):
    """`getrandbits(k)` for 0 <= k <= 64, as a uint64."""
    if k <= 0:
        return np.uint64(0)
    if k <= 32:
        return next_word(mt) >> np.uint64(32 - k)
    low = next_word(mt)
    high = next_word(mt) >> np.uint64(64 - k)
    return low | (high << np.uint64(32))


@leaf
def bit_length(n):
    k = 0
    while n:
        n >>= 1
        k += 1
    return k


@leaf
def randbelow(mt, n):
    """`randrange(n)` for n >= 1, as an int64."""
    k = bit_length(n)
    r = np.int64(getrandbits(mt, k))
    while r >= n:
        r = np.int64(getrandbits(mt, k))
    return r


@leaf
def random(mt):
    """`random()`: a float in [0, 1) from 53 bits."""
    a = next_word(mt) >> np.uint64(5)
    b = next_word(mt) >> np.uint64(6)
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@leaf
def shuffle(mt, items, n):
    """`Random.shuffle(items[:n])` in place."""
    shuffle_at(mt, items, 0, n)


@leaf
def shuffle_at(mt, items, at, n):
    """`Random.shuffle(items[at:at + n])` in place (a part of a state, without taking a view of it)."""
    for i in range(n - 1, 0, -1):
        j = randbelow(mt, i + 1)
        t = items[at + i]
        items[at + i] = items[at + j]
        items[at + j] = t
