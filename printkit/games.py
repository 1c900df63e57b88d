"""The registry of games: one line per game, named as its data file's `[game] engine`.

A registered game's modules are found by that name, and a game may lack some
of them (a rules engine before its print kit, or the reverse):

- `printkit/rulesets/<engine>.py`: what its data and rules must satisfy;
- `printkit/draw/<engine>.py`: how its pieces are drawn;
- `simulate/engines/<engine>.py` (or a package of that name): its rules engine (`simulate` reads this
  registry; `printkit` never imports `simulate`).
"""

from __future__ import annotations

import importlib.util

GAMES = (
    "united_square",
    "tiddly_wink",
    "twinkle_twinkle",
    "this_town",
    "time_splicers",
)


def modules_in(package: str) -> dict[str, str]:
    """`{engine: module}` for each registered game that has a module `<package>.<engine>`."""
    return {name: f"{package}.{name}" for name in GAMES if importlib.util.find_spec(f"{package}.{name}")}
