"""The collector paused while a run builds what it keeps, then that frozen (`simulate.play.collector`)."""

from __future__ import annotations

import gc
import weakref

import pytest

from simulate.play.collector import kept


class Node:
    """A reference cycle's member, weakly referable to see whether a collection freed it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def _collector_as_found():
    was = gc.isenabled()
    gc.unfreeze()
    yield
    gc.unfreeze()
    (gc.enable if was else gc.disable)()


def test_the_collector_is_paused_within_and_what_was_made_there_is_frozen_after():
    gc.enable()
    with kept():
        assert not gc.isenabled()
        made = weakref.ref(Node())  # garbage at once, but only a collection frees a cycle
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    gc.collect()
    assert made() is not None  # frozen: no collection looks at it
    gc.unfreeze()
    gc.collect()
    assert made() is None


def test_a_paused_collector_stays_paused_and_an_error_within_still_freezes():
    gc.disable()
    with pytest.raises(RuntimeError), kept():
        raise RuntimeError("building failed")
    assert not gc.isenabled()
    assert gc.get_freeze_count() > 0
