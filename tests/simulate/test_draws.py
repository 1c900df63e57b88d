"""Seeded generators, the fast shuffle and the random agent's draws give exactly `random.Random`'s numbers."""

from __future__ import annotations

import random

from simulate.agents.basic import RandomAgent
from simulate.engines.draws import blank_generator, generator, shuffle


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


def test_generator_starts_where_random_random_does():
    for seed in (0, 1, 5, 2**32, 2**63 + 5, 2**64 - 1, 12345678901234567890):
        ours, theirs = generator(seed), random.Random(seed)
        assert ours.getstate() == theirs.getstate()
        assert [ours.random() for _ in range(3)] == [theirs.random() for _ in range(3)]


def test_blank_generator_takes_a_state_and_reads_no_seed():
    source = random.Random(9)
    copy = blank_generator()
    copy.setstate(source.getstate())
    assert copy.getrandbits(64) == source.getrandbits(64)


def test_the_random_agent_picks_what_randrange_would():
    agent, theirs = RandomAgent(None, 0, random.Random(3)), random.Random(3)
    for n in [*range(1, 70), 127, 128, 129, 1000] * 4:
        legal = [f"move {k}" for k in range(n)]
        # one legal move is played without a draw, by the agent as by the runner before it
        expected = legal[theirs.randrange(n)] if n > 1 else legal[0]
        assert agent.choose(None, legal) == expected


def test_a_copied_generator_draws_as_its_source_and_neither_moves_the_other():
    from simulate.engines.draws import copy_generator

    source = generator(11)
    first = copy_generator(source)
    second = copy_generator(first)  # a copy of a copy that has not drawn yet
    reference = random.Random(11)
    expected = [reference.getrandbits(32) for _ in range(40)]
    assert [second.getrandbits(32) for _ in range(40)] == expected
    assert [source.getrandbits(32) for _ in range(40)] == expected  # the source, copied, draws on
    assert [first.random() for _ in range(1)] == [random.Random(11).random()]
    later = copy_generator(source)  # after the source drew: its state now
    assert later.getstate() == reference.getstate()
    assert later.randrange(1000) == reference.randrange(1000)
    assert type(later) is random.Random  # once it draws, a plain generator again


def test_a_copy_that_is_reseeded_or_set_takes_the_new_state():
    from simulate.engines.draws import copy_generator

    copy = copy_generator(generator(3))
    copy.seed(8)
    assert copy.getrandbits(64) == random.Random(8).getrandbits(64)
    other = copy_generator(generator(3))
    other.setstate(random.Random(9).getstate())
    assert other.getrandbits(64) == random.Random(9).getrandbits(64)
