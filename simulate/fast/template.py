"""Instantiate the generic compiled search (`simulate/fast/search.py`) for one game's core.

numba compiles a call to a global function as a call to that very function,
and cannot cache a function that takes another as an argument; so each core
gets its own copies of the search module, loaded from the same source under the
core's name (`<core module>_search`, and `<core module>_play` without the
searches), with the core's rules functions put in its globals before anything
compiles. The cache keeps each copy apart by
module name (`simulate.fast.jit`).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from simulate.fast.jit import COPIES

SEARCH = Path(__file__).with_name("search.py")
RULES = (
    "new_state",
    "current",
    "is_over",
    "legal",
    "legal_count",
    "legal_nth",
    "apply",
    "evaluate",
    "gain",
    "make_view",
    "sample",
    "side_totals",
    "scores_moved",
    "placements",
    "result",
)
# What a core may define; where it does not, the template's `default_<name>` stands in (`search.py`):
# no agents of the engine's own, no cap of its own, no start from a generator seeded outside `new_state`.
OPTIONAL = ("own_choose", "stopped_by_cap", "start_state")


def instantiate(core: str, rules: dict[str, Any], searches: bool = True) -> ModuleType:
    """The copy of the search module for core module `core`, whose compiled rules functions are `rules`:
    with the searches (`mc`, `mcts`, `ismcts`) or without (`search.SEARCHES`)."""
    missing = [name for name in RULES if name not in rules]
    if missing:
        raise TypeError(f"{core} does not define {', '.join(missing)}, which the compiled search needs")
    name = f"{core}{COPIES[searches]}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, SEARCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    module.__dict__.update({key: rules[key] for key in RULES})
    # constants to numba: one branch of `begin`, and whether `choose` plays the searches
    module.__dict__["SEEDED_START"] = "start_state" in rules
    module.__dict__["SEARCHES"] = searches
    sys.modules[name] = module
    spec.loader.exec_module(module)
    for key in OPTIONAL:  # bound before anything compiles: numba reads globals when it compiles
        setattr(module, key, rules.get(key) or getattr(module, f"default_{key}"))
    return module
