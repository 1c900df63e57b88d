"""Leaves (`simulate.fast.jit.leaf`), the compiled functions without reference counting, stay safe.

A leaf holds no count of the arrays it is handed, so two things would break it,
neither of which numba checks for every case: returning an array (its caller
would count a reference never taken), and calling a function that allocates
(numba then compiles what that function calls with the leaf's settings, and a
later caller finds `np.empty` refused). So: every function a leaf calls is a
leaf, read off the source; and no compiled leaf returns an array, read off its
signatures once every core has played a game under every agent kind.
"""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap

import pytest

numba = pytest.importorskip("numba")

from printkit.datafile.gamedata import load_game  # noqa: E402
from simulate.engines import make_game  # noqa: E402
from simulate.fast import ENGINE, core_of  # noqa: E402
from simulate.fast.seeds import spawned  # noqa: E402
from simulate.play.runner import compiled  # noqa: E402

CORES = ["united_square", "tiddly_wink", "twinkle_twinkle", "time_splicers", "this_town"]
AGENTS = ["random", "greedy", "mc:4", "mcts:4", "ismcts:4"]


def _is_leaf(obj: object) -> bool:
    return isinstance(obj, numba.core.registry.CPUDispatcher) and obj.targetoptions.get("_nrt") is False


def _modules() -> list[object]:
    for name in CORES:
        core_of(make_game(load_game(name).resolve("default", (), None)))  # loads the core and its search
    prefixes = ("simulate.fast.", "printkit_games.")
    return [m for name, m in sorted(sys.modules.items()) if name.startswith(prefixes) and m is not None]


def _dispatchers(module: object) -> dict[str, object]:
    return {k: v for k, v in vars(module).items() if isinstance(v, numba.core.registry.CPUDispatcher)}


def _called(func: object) -> list[object]:
    """What the source of `func` calls by name (`f(...)` or `module.f(...)`), resolved in its globals."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(func)))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        target = node.func
        if isinstance(target, ast.Name):
            found.append(func.__globals__.get(target.id))
        elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
            owner = func.__globals__.get(target.value.id)
            found.append(getattr(owner, target.attr, None))
    return found


def test_every_function_a_leaf_calls_is_a_leaf():
    leaves = 0
    for module in _modules():
        for name, disp in _dispatchers(module).items():
            if not _is_leaf(disp) or disp.py_func.__module__ != module.__name__:
                continue
            leaves += 1
            for callee in _called(disp.py_func):
                if isinstance(callee, numba.core.registry.CPUDispatcher):
                    assert _is_leaf(callee), f"{module.__name__}.{name} calls {callee.py_func.__name__}"
    assert leaves >= 40  # the shared helpers, the search's, each core's legal_count and legal_nth, ...


def test_the_check_finds_a_leaf_that_calls_an_allocating_function():
    def bad(run, out):
        spawned(run, 0, out)  # spawned copies its pool: not a leaf

    assert any(not _is_leaf(c) for c in _called(bad) if isinstance(c, numba.core.registry.CPUDispatcher))


@pytest.mark.parametrize("game", CORES)
def test_no_compiled_leaf_returns_an_array(game):
    engine = make_game(load_game(game).resolve("default", (), None))
    for agent in AGENTS:
        fast = compiled(engine, (agent,) * engine.players, ENGINE.get())
        assert fast is not None, agent
        core, table = fast
        numbers = core.numbers(table, 0, 400, range(0, 1))  # capped: a few hundred moves compile every path
        assert numbers.shape[0] == 1
    checked = 0
    for module in _modules():
        for name, disp in _dispatchers(module).items():
            if not _is_leaf(disp):
                continue
            for sig in disp.nopython_signatures:
                returned = sig.return_type
                parts = getattr(returned, "types", (returned,))
                assert not any(isinstance(p, numba.types.Array) for p in parts), f"{name} returns {returned}"
                checked += 1
    assert checked > 0
