"""The garbage collector paused while a command builds what lives as long as it, then told to leave it be.

A run builds objects that stay until it ends and are never garbage: its
games and compiled cores before it forks its workers, the report's modules
while they play. Python's collector, looking for garbage among them as they
are made and at every full collection after, spends a tenth of the CPU of
building them (a compare's 0.1 s before its workers start, 0.09 s while
drawing its report). `kept` pauses it meanwhile, then freezes (`gc.freeze`)
everything alive, so no later collection walks those objects again, in this
process or in a worker forked after (whose collections would otherwise write
to the pages it shares with its parent).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def kept() -> Iterator[None]:
    """Within: the collector paused; after: everything alive frozen and the collector as it was found."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if collecting:
            gc.enable()
