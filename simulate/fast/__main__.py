"""`python -m simulate.fast`: compile every game's core (or load it from the cache) once, saying how long
each took; the CI runs it before the tests, so no test pays a compile inside its own time bound."""

from __future__ import annotations

import sys
import time

from printkit.gamedata import available_games, load_game
from simulate.engines import ENGINES, game_class, make_game
from simulate.fast import core_of
from simulate.fast.jit import numba_or_reason


def main() -> int:
    numba, reason = numba_or_reason()
    if numba is None:
        print(f"simulate.fast: nothing to compile: {reason}")
        return 0
    for name in available_games():
        data = load_game(name)
        if data.engine not in ENGINES or game_class(data.engine).core is None:
            continue
        wall, cpu = time.perf_counter(), time.process_time()
        core = core_of(make_game(data.resolve("default")), "fast")
        state = "ready" if core is not None else "not compiled (see the line above)"
        spent = f"{time.perf_counter() - wall:.1f} s wall, {time.process_time() - cpu:.1f} s CPU"
        print(f"simulate.fast: {name} {state} in {spent}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
