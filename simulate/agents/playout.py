"""What search agents learn from a position: playouts and the reward each seat gets from them.

Kept apart from the searches (as OpenSpiel keeps its evaluators apart from
MCTSBot): a search hands a full state to `Playout.rewards`, which plays it on
with a rollout policy for at most `depth` moves (with `depth` 0, to the end, but
never more than the game's `max_moves`: a game that never ends cannot hang a
search) and then scores it. A finished
game is scored by its placements; an unfinished one by the engine's
`evaluate`, each side ranked by its best seat's value. A seat's reward is the
share of other sides it beats (a tie counts half), so it lies in [0, 1] for any
number of players and means the same whether the playout ended or was cut off.
"""

from __future__ import annotations

import math
import random
from typing import Any

from simulate.engines.base import StateBase

ROLLOUTS = ("random", "greedy")


def side_rewards(state: StateBase, scale: float = 1.0) -> list[float]:
    """Per seat: how it stands against the other sides, each in [0, 1], averaged over them.

    A finished game gives 1 per side beaten in placement, 0.5 per tie; an
    unfinished one compares `evaluate` values through a logistic of their
    difference (`scale` points of lead are worth about 0.73), so a bigger lead
    is a better playout.
    """
    game = state.game_of()
    n = game.players
    over = state.is_over()
    if over:
        value = [-float(p) for p in state.result().placements]
    else:
        value = [state.evaluate(s) for s in range(n)]
    best: dict[int, float] = {}
    for s in range(n):
        side = game.side_of(s)
        best[side] = max(best.get(side, value[s]), value[s])
    if len(best) < 2:
        return [0.5] * n
    out = []
    for s in range(n):
        mine = game.side_of(s)
        total = 0.0
        for side, v in best.items():
            if side != mine:
                diff = best[mine] - v
                # the exponent is held below exp's overflow: a lead of 700 scales is a won playout
                total += (
                    (diff > 0) + 0.5 * (diff == 0) if over else 1 / (1 + math.exp(min(-diff / scale, 700.0)))
                )
        out.append(total / (len(best) - 1))
    return out


def greedy_move(state: StateBase, legal: list[Any], rng: random.Random, seat: int) -> Any:
    """The move with the largest `move_gain` for `seat` (the player to act); ties broken by `rng`."""
    if len(legal) == 1:
        return legal[0]
    best: list[Any] = []
    best_value = float("-inf")
    for move in legal:
        value = state.move_gain(move, seat, rng)
        if value > best_value:
            best_value, best = value, [move]
        elif value == best_value:
            best.append(move)
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


class Playout:
    """Plays a state on (it is changed in place) with a random or greedy policy, then scores it.

    It plays `depth` moves at most, or with `depth` 0 up to `cap` (the game's
    `max_moves`): a playout stopped either way is scored by `evaluate`.
    """

    def __init__(self, policy: str, depth: int, rng: random.Random, scale: float, cap: int):
        self.greedy = policy == "greedy"
        self.depth = min(depth, cap) if depth else cap
        self.rng = rng
        self.scale = scale

    def rewards(self, state: StateBase) -> list[float]:
        rng = self.rng
        left = self.depth
        while left and not state.is_over():
            legal = state.legal_moves()
            if self.greedy:
                move = greedy_move(state, legal, rng, state.current_player())
            else:
                move = legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
            state.apply(move)
            left -= 1
        return side_rewards(state, self.scale)


def game_playout(
    game: Any, rng: random.Random, rollout: str | None, depth: int | None, scale: float | None
) -> Playout:
    """A playout for `game`, its policy, depth and scale the game's own unless given, capped at the game's
    `max_moves` (the run's `--max-moves` where it is lower)."""
    return Playout(
        game.playout_policy if rollout is None else rollout,
        game.playout_depth if depth is None else depth,
        rng,
        game.playout_scale if scale is None else scale,
        game.max_moves,
    )
