"""Compiled cores: which engine plays a run's games, and the one line said when the compiled one cannot.

`--engine fast` (the default) plays a game on its compiled core where it has
one (`GameBase.core`: the `core.py` of its game folder) and the
agents have compiled forms; `--engine python` always plays the Python engine,
which stays the rules' reference. Both give the same rows (the conformance
test holds every core to its engine), so a run folder does not record which
played it and either resumes the other's. Where numba cannot load (not
installed, broken, or hidden by `SIMULATE_NO_NUMBA=1`) the Python engines
play and stderr says so once, in one line.

The parts: `jit` (numba on demand and its cache), `mt` (CPython's Mersenne
Twister), `seeds` (the run's per-game seeds), `lead` (the runner's observer),
`arrays`, `search` (the generic agents and game loop, a template each core
instantiates through `template`), `core` (the Python side every core shares)
and `conformance` (the move-by-move check). `docs/notes/compiled-cores.md`
says how to add a game's core.
"""

from __future__ import annotations

import contextlib
import contextvars
import fcntl
import importlib
import sys
import threading
import weakref
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from printkit.datafile.games import shipped_games
from simulate.fast.jit import cache_root, numba_or_reason, stamp

if TYPE_CHECKING:
    from simulate.engines.base import GameBase
    from simulate.fast.core import CoreBase

ENGINES = ("fast", "python")
# The engine the runs started in this context play on (the command's --engine).
ENGINE: contextvars.ContextVar[str] = contextvars.ContextVar("engine", default="fast")

_CORES: weakref.WeakKeyDictionary[Any, CoreBase] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()  # a cluster worker may play tasks in threads
_SAID: set[str] = set()


@contextlib.contextmanager
def engine_choice(engine: str) -> Iterator[None]:
    """Within this block, runs play on `engine` ("fast" or "python")."""
    token = ENGINE.set(engine)
    try:
        yield
    finally:
        ENGINE.reset(token)


def has_core(game: GameBase) -> bool:
    return type(game).core is not None


def say_once(line: str) -> None:
    """One line on stderr, once per process."""
    if line not in _SAID:
        _SAID.add(line)
        print(f"simulate: {line}", file=sys.stderr)


def core_of(game: GameBase, engine: str | None = None) -> CoreBase | None:
    """The compiled core that plays `game` on `engine` (default: this context's), or None for Python."""
    engine = ENGINE.get() if engine is None else engine
    module = type(game).core
    if engine != "fast" or module is None or game.debug:
        return None
    numba, reason = numba_or_reason()
    if numba is None:
        say_once(f"the compiled engine is unavailable ({reason}); playing the Python engines")
        return None
    from simulate.fast.held import held_to_engine  # the agents' greedy move: not at a command's start

    with _LOCK:
        core = _CORES.get(game)
        if core is None:
            cls = importlib.import_module(module).Core
            unknown = sorted(set(game.rules.values) - cls.implements)
            if unknown:
                say_once(
                    f"the compiled core of {game.rules.meta['engine']} does not implement the rule "
                    f"{', '.join(unknown)}; playing its Python engine"
                )
                return None
            with compiling(module):
                core = cls(game)
                core.warm_up()
            if game.rules.meta["engine"] not in shipped_games():  # a designer's core: tried before trusted
                held_to_engine(game, core)
            _CORES[game] = core
    return core


@contextlib.contextmanager
def compiling(core: str = "core") -> Iterator[None]:
    """Held while this process compiles the core `core` (its module) or loads it from the cache: one
    process at a time per core and cache (test workers, cluster workers and commands started at once
    on a fresh machine), so the first compiles and the others wait and then load its cache instead of
    each compiling the same code. Two different cores compile at once, one a core of the machine."""
    folder = cache_root() / stamp()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = open(folder / f"compile-{core}.lock", "a")  # noqa: SIM115  (held across the yield)
    except OSError:  # no writable cache: nothing to share, so nothing to wait for
        yield
        return
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def path_name(game: GameBase, engine: str | None = None) -> str:
    """What plays this game's games, for `simulate bench`."""
    if not has_core(game):
        return "python only (no compiled core for this game)"
    if core_of(game, engine) is not None:
        return "fast (compiled core)"
    engine = ENGINE.get() if engine is None else engine
    if engine == "python":
        return "python (--engine python)"
    return "python (the compiled engine is unavailable)"
