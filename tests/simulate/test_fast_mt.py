"""The compiled cores' generator and seeds give CPython's `random.Random` numbers and the runner's seeds."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from simulate.engines.seeds import spawned_state  # noqa: E402
from simulate.fast import mt  # noqa: E402
from simulate.fast import seeds as fast_seeds  # noqa: E402

SEEDS = [0, 1, 5, 2**32 - 1, 2**32, 2**63 + 5, 2**64 - 1, *range(100, 160)]


def _pair(seed: int) -> tuple[np.ndarray, random.Random]:
    ours = mt.new_generator()
    mt.seed(ours, np.uint64(seed))
    return ours, random.Random(seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_seeding_gives_cpythons_state(seed):
    ours, theirs = _pair(seed)
    assert mt.settle(ours) == list(theirs.getstate()[1])


@pytest.mark.parametrize("seed", SEEDS)
def test_draws_are_cpythons_and_leave_its_state(seed):
    ours, theirs = _pair(seed)
    for bits in (0, 1, 5, 31, 32, 33, 63, 64):
        assert int(mt.getrandbits(ours, bits)) == theirs.getrandbits(bits)
    for n in (1, 2, 3, 24, 100, 601, 1177, 2**40 + 3):
        assert mt.randbelow(ours, n) == theirs.randrange(n)  # randrange(1) draws too, as CPython's
    assert mt.random(ours) == theirs.random()
    items, expected = np.arange(33), list(range(33))
    mt.shuffle(ours, items, 33)
    theirs.shuffle(expected)
    assert list(items) == expected
    part = expected[5:25]  # a part of an array, the rest untouched
    mt.shuffle_at(ours, items, 5, 20)
    theirs.shuffle(part)
    assert list(items) == expected[:5] + part + expected[25:]
    # across the end of the 624 words, where CPython twists all at once and the core word by word
    for _ in range(700):
        assert int(mt.next_word(ours)) == theirs.getrandbits(32)
        if _ in (0, 200, 623, 699):
            assert mt.settle(ours) == list(theirs.getstate()[1])


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40 + 3])
def test_game_seeds_are_the_runners(seed):
    run = fast_seeds.run_pool(seed)
    for index in (0, 1, 5, 63, 64, 123456, 2**32 + 7):
        out = np.zeros(4, dtype=np.uint64)
        fast_seeds.spawned(run, index, out)
        assert [int(x) for x in out] == spawned_state(seed, index, 4)


def test_generators_seeded_together_are_seeded_alone():
    """`seed_lanes` gives `seed`'s words: keys of one word and two, in every lane, for counts from one to
    every lane, at an offset into the generators, leaving the rows past them untouched."""
    values = np.array(SEEDS[: mt.LANES], dtype=np.uint64)  # one-word keys (0, 2**32 - 1) and two-word
    assert len(values) == mt.LANES
    lanes = mt.new_lanes()
    for count in (1, 2, 3, 17, mt.LANES - 1, mt.LANES):
        for first in {0, 1, len(values) - count} & set(range(len(values) - count + 1)):
            picked = values[first : first + count]
            gens = np.full((count + 3, mt.N + 1), 7, dtype=np.uint32)
            mt.seed_lanes(gens, 2, picked, count, lanes)
            assert (gens[:2] == 7).all() and (gens[count + 2] == 7).all()
            for row, value in zip(gens[2 : count + 2], picked, strict=True):
                alone = mt.new_generator()
                mt.seed(alone, value)
                assert list(row) == list(alone), (count, first, int(value))
