"""A core's first compile: one process at a time, and one line before it compiles, its progress, its time.

A game's core compiles once per machine and version of its sources (minutes
of CPU on a slow machine), then loads from the cache in a second. Before it
compiles, stderr says so in one line, with the time to expect and where it
is kept:

    simulate: compiling the Pebble Pile core once, about 30 s; cached in ~/.cache/printkit-simulate/numba

then, while it runs, the seconds spent (on a terminal one line counting up;
elsewhere a line every `EVERY` seconds), and at the end the time it took.
The game's title comes from its data file. The time to expect is the one this
machine last measured for the same core (`compile-seconds` in the core's cache
folder, CPU seconds), or the core's own figure (`CoreBase.compile_seconds`)
before it has measured any. A core is known to be compiled for its sources
as they are by a mark left in its cache folder once its warm-up is done.

`compiling(core)` holds a lock file of the core while a process compiles it
or loads it, so that processes started at once wait for the first and then
load its cache.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from simulate.fast.jit import cache_folder, cache_root

MARK = "compiled"  # in the core's cache folder: its warm-up was compiled (or loaded) there
SECONDS = "compile-seconds"  # beside the cache folders of the core's versions: the last compile's CPU s
EVERY = 30.0  # seconds between progress lines where stderr is not a terminal


@contextlib.contextmanager
def compiling(core: str = "core") -> Iterator[None]:
    """Held while this process compiles the core `core` (its module) or loads it from the cache: one
    process at a time per core and cache (test workers, cluster workers and commands started at once
    on a fresh machine), so the first compiles and the others wait and then load its cache instead of
    each compiling the same code. Two different cores compile at once, one a core of the machine."""
    folder = cache_root() / core
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = open(folder / "compile.lock", "a")  # noqa: SIM115  (held across the yield)
    except OSError:  # no writable cache: nothing to share, so nothing to wait for
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def is_compiled(module: str) -> bool:
    """Whether the core `module` has been compiled for its sources as they are now."""
    return (cache_folder(module) / MARK).is_file()


def expected_seconds(module: str, own: float) -> float:
    """The CPU seconds this core's compile took on this machine last time, else `own`."""
    try:
        return float((cache_root() / module / SECONDS).read_text())
    except (OSError, ValueError):
        return own


def _shown(path: Path) -> str:
    """`path` with the home folder as `~`."""
    home = os.path.expanduser("~")
    text = str(path)
    return "~" + text[len(home) :] if home not in ("", "/") and text.startswith(home + os.sep) else text


@contextlib.contextmanager
def said(module: str, what: str, own: float, stream: TextIO | None = None) -> Iterator[None]:
    """Around the compile or load of `module`, `what` in words (the game's title and "core"): nothing if it
    is compiled already; else the line, the progress, and afterwards the time taken (kept for the next
    time) and the mark."""
    if is_compiled(module):
        yield
        return
    out = stream or sys.stderr
    about = expected_seconds(module, own)
    print(
        f"simulate: compiling the {what} once, about {about:.0f} s; cached in {_shown(cache_root())}",
        file=out,
        flush=True,
    )
    done = threading.Event()
    wall, cpu = time.monotonic(), time.process_time()
    ticking = threading.Thread(target=_tick, args=(what, about, wall, done, out), daemon=True)
    ticking.start()
    try:
        yield
    finally:
        done.set()
        ticking.join()
    spent = time.process_time() - cpu
    wipe = "\r\033[K" if out.isatty() else ""  # the line counting up
    took = time.monotonic() - wall
    print(f"{wipe}simulate: the {what} compiled in {took:.0f} s", file=out, flush=True)
    with contextlib.suppress(OSError):  # no writable cache: nothing is kept, and nothing to mark
        (cache_root() / module / SECONDS).write_text(f"{spent:.1f}\n")
        (cache_folder(module) / MARK).touch()


def _tick(what: str, about: float, start: float, done: threading.Event, out: TextIO) -> None:
    """Until `done`: the seconds spent, on one line counting up on a terminal, else a line every EVERY s."""
    terminal = out.isatty()
    while not done.wait(1.0 if terminal else EVERY):
        spent = time.monotonic() - start
        if terminal:
            print(f"\r\033[Ksimulate: compiling the {what}: {spent:.0f} s of about {about:.0f}",
                  end="", file=out, flush=True)  # fmt: skip
        else:
            print(f"simulate: compiling the {what}: {spent:.0f} s so far", file=out, flush=True)
