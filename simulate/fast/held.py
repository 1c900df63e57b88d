"""A compiled core held to its Python engine move by move: the same legal moves and the same state after
every move of seeded games. The conformance check (`simulate.play.conformance`) plays it over every variant
with runs compared row for row; `simulate.fast.core_of` plays it on a designer's core before it loads, and
refuses a core that parts from its engine with the first move where they part.
"""

from __future__ import annotations

import random
from typing import Any

from printkit.errors import DataError
from simulate.agents.playout import greedy_move
from simulate.engines.base import GameBase
from simulate.fast.core import CoreBase

# games of each policy (random, greedy) a designer's core plays against its engine before it loads
CHECK_GAMES = 20


class Mismatch(AssertionError):
    """The core and the engine parted: where, and what each had."""


def step_by_step(game: GameBase, core: CoreBase, seed: int, policy: str) -> int:
    """Play game `seed` on both, moves chosen by `policy` ("random" or "greedy"); return its moves."""
    state = game.new_state(seed)
    s, r = core.new_state(seed)
    rng = random.Random(seed)
    moves = 0
    while True:
        # the generator (625 words each side) is compared at the first and the last position: a core
        # that drew differently in between cannot have the same one at the end
        whole = moves == 0 or state.is_over()
        _same(core.python_fields(state), core.core_fields(s, r if whole else None), f"seed {seed}, after "
              f"{moves} moves", whole)  # fmt: skip
        if state.is_over():
            break
        legal = state.legal_moves()
        theirs = core.legal(s)
        if legal != theirs:
            raise Mismatch(f"seed {seed}, move {moves}: legal moves {legal} in Python, {theirs} compiled")
        seat = state.current_player()
        if policy == "greedy":
            move = greedy_move(state.view(seat), legal, rng, seat)
        else:
            move = legal[rng.randrange(len(legal))]
        state.apply(move)
        core.apply(s, r, move)
        moves += 1
    return moves


def _same(ours: dict[str, Any], theirs: dict[str, Any], where: str, generator: bool = True) -> None:
    for key, value in ours.items():
        if (generator or key != "generator") and theirs[key] != value:
            raise Mismatch(f"{where}: {key} is {value} in Python, {theirs[key]} compiled")


def held_to_engine(game: GameBase, core: CoreBase, games: int = CHECK_GAMES) -> None:
    """Refuse (a `DataError`, one line) a core that parts from its engine in `games` random and as many
    greedy games of the rules in force, naming the first move where they part."""
    try:
        for policy in ("random", "greedy"):
            for seed in range(games):
                step_by_step(game, core, seed, policy)
    except Mismatch as exc:
        raise DataError(
            f"the compiled core of {game.rules.meta['engine']} parts from its engine ({exc}); "
            "fix its core.py, or play the engine alone with --engine python"
        ) from None
