"""The fast shuffle deals exactly what `random.Random.shuffle` deals, and leaves the generator alike."""

from __future__ import annotations

import random

from simulate.draws import shuffle


def test_shuffle_matches_random_shuffle_over_many_seeds_and_lengths():
    for seed in range(300):
        for n in (0, 1, 2, 3, 7, 24, 28, 33, 100):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
            # the generators went through the same draws: what follows is the same too
            assert ours.getrandbits(64) == theirs.getrandbits(64)


def test_shuffle_moves_items_and_keeps_them_all():
    items = list(range(50))
    shuffle(random.Random(5), items)
    assert items != list(range(50)) and sorted(items) == list(range(50))
