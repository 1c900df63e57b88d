"""numba for the compiled cores, loaded on demand, with one on-disk cache keyed by every core's source.

`numba_or_reason()` imports numba (never at the command's start: it costs
about half a second) and says in one line why it cannot when it cannot:
not installed, broken, or hidden by `SIMULATE_NO_NUMBA=1` (for testing the
Python fallback). `jit` is `numba.njit(cache=True)` with the cache this
module places; `leaf` is the same without reference counting, for the
functions that allocate no array and return none (see `leaf`). The cache:

- numba checks a cached function against its own source file only, so a
  function that calls a changed function of another file would load stale
  code. Here every compiled function's cache is keyed by one stamp, a hash of
  all the files the cores are made of (those of `simulate/fast/*.py` and
  the game folders' `core*.py` that hold compiled functions) and numba's
  version: change any and every core compiles afresh once. A designer's core
  (a game folder that is not shipped: `simulate new-game NAME --core`) and
  its copy of the search template are keyed by that stamp and the files of
  its own folder (`module_stamp`), so editing it recompiles it alone.
- The cache lives in the user's cache folder (`$XDG_CACHE_HOME` or
  `~/.cache`, then `printkit-simulate/numba/<stamp>`), not beside the sources,
  which may be read-only in an installed wheel; `SIMULATE_CACHE_DIR`
  overrides it. Two checkouts of the same sources share it; different sources
  never overwrite each other's.
- numba writes a cache file to a temporary name and renames it into place,
  so worker processes or test runs compiling at once do not corrupt it; the
  runner compiles in the parent before it forks its workers, so they inherit
  the compiled code instead of compiling it each.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from printkit.datafile.games import FOLDER_PACKAGE, shipped_data

HIDE = "SIMULATE_NO_NUMBA"
PACKAGE = Path(__file__).resolve().parent.parent  # simulate/


def core_sources() -> list[Path]:
    """Every file compiled code is made of (those that use `@jit` or `@leaf`), in a fixed order: the
    template's and the shipped game folders' `core*.py` (`printkit.datafile.games.shipped_data`)."""
    files = sorted((PACKAGE / "fast").glob("*.py"))
    shipped = shipped_data()
    if shipped is not None:
        files += sorted(shipped.glob("*/core*.py"))
    return [path for path in files if "@jit" in path.read_text() or "@leaf" in path.read_text()]


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


@lru_cache(maxsize=1)
def stamp() -> str:
    """A hash of the cores' sources and numba's version: what a cached compilation must match."""
    numba, _ = numba_or_reason()
    digest = hashlib.sha256(getattr(numba, "__version__", "").encode())
    for path in core_sources():
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def module_stamp(module: str) -> str:
    """What a cached compilation of `module`'s functions must match: `stamp()`, and for a designer's core
    (`printkit_games.<game>.core`, not among `core_sources`) or its copy of the search template
    (`<core>_search`) the files of the core's own folder too."""
    if not module.startswith(f"{FOLDER_PACKAGE}."):
        return stamp()
    core = sys.modules.get(module.removesuffix("_search"))
    path = Path(core.__file__).resolve() if core is not None and core.__file__ else None
    if path is None or path in {source.resolve() for source in core_sources()}:
        return stamp()
    return _folder_stamp(path.parent)


@cache
def _folder_stamp(folder: Path) -> str:
    digest = hashlib.sha256(stamp().encode())
    for path in sorted(folder.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_root() -> Path:
    """Where compiled cores are kept between processes."""
    given = os.environ.get("SIMULATE_CACHE_DIR")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "printkit-simulate" / "numba"


def _locator(caching: Any) -> type:
    """A numba cache locator for the functions of `simulate/`, under `cache_root()/<stamp>/`."""
    sources = {str(path) for path in core_sources()}

    class CoreLocator(caching._CacheLocator):
        def __init__(self, py_func: Any, py_file: str):
            # by module, not file: each core's copy of the search template (simulate.fast.template) apart
            self._stamp = module_stamp(py_func.__module__)
            self._path = str(cache_root() / self._stamp / py_func.__module__)

        def get_cache_path(self) -> str:
            return self._path

        def get_source_stamp(self) -> str:
            return self._stamp

        def get_disambiguator(self) -> str:
            return "core"

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            if str(Path(py_file).resolve()) not in sources and not py_func.__module__.startswith(
                f"{FOLDER_PACKAGE}."
            ):  # a designer's core: its own folder's stamp (`module_stamp`)
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
