"""numba for the compiled cores, loaded on demand, with an on-disk cache keyed by each core's own sources.

`numba_or_reason()` imports numba (never at the command's start: it costs
about half a second) and says in one line why it cannot when it cannot:
not installed, broken, or hidden by `SIMULATE_NO_NUMBA=1` (for testing the
Python fallback). `jit` is `numba.njit(cache=True)` with the cache this
module places; `leaf` is the same without reference counting, for the
functions that allocate no array and return none (see `leaf`). The cache:

- numba checks a cached function against its own source file only, so a
  function that calls a changed function of another file would load stale
  code. Here a compiled function's cache is keyed by a stamp (`stamp_of`) of
  every file its code is made of, and numba's version: the shared parts
  (the files of `simulate/fast/` that hold compiled functions) for those
  parts, and for a game's core (its `core.py`, and its copies of the search
  template, `<core>_search` and `<core>_play`) the shared parts and the files of its game
  folder the core imports, directly or through another (the engine whose
  constants it compiles in, ...). Edit one game's core and that core alone
  compiles afresh; edit a shared part and every core does.
- Any game folder's core is cached so, a designer's own (`simulate new-game
  NAME --core`) as well as the shipped games'.
- The cache lives in the user's cache folder (`$XDG_CACHE_HOME` or
  `~/.cache`, then `printkit-simulate/numba/<module>/<stamp>`), not beside the
  sources, which may be read-only in an installed wheel; `SIMULATE_CACHE_DIR`
  overrides `.../numba`. Two checkouts of the same sources share it;
  different sources never overwrite each other's.
- numba writes a cache file to a temporary name and renames it into place,
  so worker processes or test runs compiling at once do not corrupt it; the
  runner compiles in the parent before it forks its workers, so they inherit
  the compiled code instead of compiling it each.
"""

from __future__ import annotations

import ast
import hashlib
import os
import sys
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from printkit.datafile.games import FOLDER_PACKAGE

HIDE = "SIMULATE_NO_NUMBA"
SHARED = Path(__file__).resolve().parent  # simulate/fast/
# a core's copies of the search template (`simulate.fast.template`): with the searches, and without
COPIES = {True: "_search", False: "_play"}


def _compiled(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    return "@jit" in text or "@leaf" in text


@lru_cache(maxsize=1)
def shared_sources() -> tuple[Path, ...]:
    """The files of `simulate/fast/` that hold compiled functions (`@jit` or `@leaf`), sorted."""
    return tuple(path for path in sorted(SHARED.glob("*.py")) if _compiled(path))


@cache
def core_sources(core_file: Path) -> tuple[Path, ...]:
    """A game's core file and the files of its folder it imports at its top, directly or through another
    (relative imports, read from the sources: the engine whose constants numba compiles in...), sorted."""
    seen: set[Path] = set()
    todo = [core_file]
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file():
            continue
        seen.add(path)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:  # at the top: what loads with it
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
                todo += [path.parent / f"{name}.py" for name in names]
    return tuple(sorted(seen))


@cache
def _digest(files: tuple[Path, ...]) -> str:
    numba, _ = numba_or_reason()
    digest = hashlib.sha256(getattr(numba, "__version__", "").encode())
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def core_module(module: str) -> str | None:
    """The game core a compiled module belongs to (its own name, or the core a copy of the search template
    is for), or None for a shared part."""
    if not module.startswith(f"{FOLDER_PACKAGE}."):
        return None
    for suffix in COPIES.values():
        module = module.removesuffix(suffix)
    return module


def stamp_of(module: str) -> str:
    """What a cached compilation of `module`'s functions must match: a hash of numba's version, the
    shared parts and, for a game's core or its search copy, the core's sources (`core_sources`) as the
    core module loaded in this process has them (a game folder registered anew brings its own)."""
    core = core_module(module)
    files = shared_sources()
    if core is not None:
        files += core_sources(Path(sys.modules[core].__file__).resolve())
    return _digest(files)


@lru_cache(maxsize=1)
def numba_or_reason() -> tuple[Any, str]:
    """(the numba module, "") or (None, one line saying why the compiled path cannot load)."""
    if os.environ.get(HIDE):
        return None, f"numba is hidden ({HIDE} is set)"
    try:
        import numba
        from numba.core import caching
    except Exception as exc:  # ImportError, or a broken install (llvmlite without its library)
        return None, f"numba cannot load ({type(exc).__name__}: {exc})".splitlines()[0]
    caching.CacheImpl._locator_classes.insert(0, _locator(caching))
    return numba, ""


def cache_root() -> Path:
    """Where compiled cores are kept between processes."""
    given = os.environ.get("SIMULATE_CACHE_DIR")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "printkit-simulate" / "numba"


def cache_folder(module: str) -> Path:
    """Where the compiled functions of `module` are cached, for its sources as they are now."""
    return cache_root() / module / stamp_of(module)


def _ours(module: str, py_file: str) -> bool:
    """A function this cache keeps: one of the shared parts', or of a game folder's module."""
    if module.startswith(f"{FOLDER_PACKAGE}."):
        return True
    return module.startswith("simulate.fast.") and Path(py_file).resolve() in shared_sources()


def _locator(caching: Any) -> type:
    """A numba cache locator for the cores' functions, under `cache_folder(module)`."""

    class CoreLocator(caching._CacheLocator):
        def __init__(self, py_func: Any, py_file: str):
            # by module, not file: each core's copy of the search template (simulate.fast.template) apart
            self._module = py_func.__module__

        def get_cache_path(self) -> str:
            return str(cache_folder(self._module))

        def get_source_stamp(self) -> str:
            return stamp_of(self._module)

        def get_disambiguator(self) -> str:
            return "core"

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            if not _ours(py_func.__module__, py_file):
                return None
            self = cls(py_func, py_file)
            try:
                self.ensure_cache_path()
            except OSError:
                return None  # no writable cache: numba tries its own places, or compiles every time
            return self

    return CoreLocator


def jit(func: Callable[..., Any]) -> Any:
    """`numba.njit(cache=True)`, or the plain function where numba cannot load (never called then)."""
    numba, _ = numba_or_reason()
    if numba is None:
        return func
    return numba.njit(cache=True, nogil=True)(func)


def leaf(func: Callable[..., Any]) -> Any:
    """`jit` without numba's reference counting: for a function that allocates no array and returns
    none (numba refuses to compile one that allocates or returns a view; `tests/simulate/test_leaf.py`
    checks that none returns an array it was given and that a leaf calls only leaves).

    numba counts references to every array a function is handed or takes out
    of a tuple, an atomic add and subtract each, and its pruning pass leaves
    most of them in a function that calls others in branches: one shipped core's
    `apply`, handed its 19 tables, paid 48 a move, and a random game about
    2,300 (counted under gdb), about 40% of its time (docs/notes/speed.md). A leaf only reads and
    writes arrays its caller holds, so it needs no count of its own.
    """
    numba, _ = numba_or_reason()
    if numba is None:
        return func
    return numba.njit(cache=True, nogil=True, _nrt=False)(func)
