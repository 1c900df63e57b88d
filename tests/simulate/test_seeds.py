"""Game seeds: the fast mixing gives exactly numpy's SeedSequence(S, spawn_key=(i,)) words."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simulate.engines.seeds import spawned_state


@settings(max_examples=400, deadline=None)
@given(
    seed=st.one_of(st.integers(0, 2**32), st.integers(0, 2**140)),
    index=st.one_of(st.integers(0, 10**6), st.integers(0, 2**70)),
    n=st.integers(1, 9),
)
def test_spawned_state_is_numpys_seed_sequence(seed, index, n) -> None:
    expected = np.random.SeedSequence(seed, spawn_key=(index,)).generate_state(n, dtype=np.uint64)
    assert spawned_state(seed, index, n) == expected.tolist()


def test_negative_seeds_are_refused() -> None:
    with pytest.raises(ValueError):
        spawned_state(-1, 0, 2)
