"""`python -m simulate.fast [GAME ...]`: compile every game's core (or load it from the cache) once, for
every agent (both copies of the search template), saying how long each took; the CI runs it before
the tests, so no test pays a compile inside its own time bound. With several cores to compile and
several CPUs, each core compiles in a process of its own, as many at once as there are CPUs (each
core has its own lock: `simulate.fast.first_compile.compiling`)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from printkit.datafile.gamedata import available_games, load_game
from simulate.engines import ENGINES, game_class, make_game
from simulate.fast import core_of
from simulate.fast.jit import numba_or_reason


def games_with_cores() -> list[str]:
    names = []
    for name in available_games():
        data = load_game(name)
        if data.engine in ENGINES and game_class(data.engine).core is not None:
            names.append(name)
    return names


def compile_one(name: str) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    data = load_game(name)
    core = core_of(make_game(data.resolve("default")), "fast")
    if core is not None:
        core.warm_up()  # both copies of the template: with the searches and without
    state = "ready" if core is not None else "not compiled (see the line above)"
    spent = f"{time.perf_counter() - wall:.1f} s wall, {time.process_time() - cpu:.1f} s CPU"
    print(f"simulate.fast: {name} {state} in {spent}", flush=True)


def compile_side_by_side(names: list[str], at_once: int) -> int:
    """Each game's core in a process of its own, `at_once` at a time; the first failure's status."""
    waiting, running, status = list(names), [], 0
    while waiting or running:
        while waiting and len(running) < at_once:
            running.append(subprocess.Popen([sys.executable, "-m", "simulate.fast", waiting.pop(0)]))
        done = running.pop(0)
        status = status or done.wait()
    return status


def main(argv: list[str]) -> int:
    numba, reason = numba_or_reason()
    if numba is None:
        print(f"simulate.fast: nothing to compile: {reason}")
        return 0
    names = argv or games_with_cores()
    at_once = min(len(names), os.cpu_count() or 1)
    if argv or at_once <= 1:
        for name in names:
            compile_one(name)
        return 0
    return compile_side_by_side(names, at_once)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
