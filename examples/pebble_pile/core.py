"""Pebble Pile's compiled core: the rules of `engine.py` again, on one array of numbers, for numba.

`simulate new-game pebble_pile --core` wrote it, and the tutorial's chapter
docs/guides/compiled-core.md added the game's own rule, `no_repeat`, to it
as it was added to the engine. `engine.py` stays the rules' reference; this
file says the same rules in the few forms numba compiles (loops over numbers
and arrays of int64), so that searches (`mcts`, `ismcts`) and long runs play
many times faster. `tests/test_pebble_pile_core.py` holds it to the engine
move by move (the legal moves and the state after every move, then whole
runs row for row); a core that parts from its engine is refused when it
loads, with the first move where they part. Change a rule in `engine.py` and
change it here too; the guide is docs/guides/compiled-core.md.

A state `s` is an int64 array: the header below, then each seat's points.
Its generator `r` is a separate array (`simulate.fast.mt`, CPython's own
Mersenne Twister), which a view or a search never touches except through
`sample`. Moves are the engine's: the number of pebbles taken. The rule
options come in `t`, arrays built from the Python `Game` by `tables`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from simulate.fast import mt
from simulate.fast.arrays import copy_into, fill
from simulate.fast.core import CoreBase
from simulate.fast.jit import jit, leaf

from .engine import Game

# the state's header (LAST: what the previous turn took, 0 before the first); each seat's points follow it
PLAYER, PILE, FIRST, TURNS, LAST, POINTS = range(6)
# t[0], the rules: players, pile, take_max, last_bonus, random first, no_repeat
C_PLAYERS, C_PILE, C_TAKE_MAX, C_LAST_BONUS, C_RANDOM_FIRST, C_NO_REPEAT = range(6)


def tables(game: Game) -> tuple[np.ndarray, ...]:
    """The rules of `game` as arrays: the rule options (`t[0]`), then the compensation (`t[1]`, a float,
    read by `final_scores`). Arrays of your own go after these two, so that neither moves."""
    rules = [game.players, game.pile, game.take_max, game.last_bonus, int(game.random_first)]
    rules.append(int(game.no_repeat))
    return np.array(rules, dtype=np.int64), np.array([game.compensation], dtype=np.float64)


# ------------------------------------------------------------------ set-up
@jit
def new_state(t, game_seed):
    r = np.empty(mt.N + 1, dtype=np.uint32)
    mt.seed(r, game_seed)
    return start_state(t, r), r


@jit
def start_state(t, r):
    """`Game.new_state`: the first seat drawn from `r` (seeded with the game's seed) as the engine does."""
    cfg = t[0]
    s = np.zeros(POINTS + cfg[C_PLAYERS], dtype=np.int64)
    s[FIRST] = mt.randbelow(r, cfg[C_PLAYERS]) if cfg[C_RANDOM_FIRST] else 0
    s[PLAYER] = s[FIRST]
    s[PILE] = cfg[C_PILE]
    return s


# ------------------------------------------------------------------ moves
@leaf
def current(s):
    return s[PLAYER]


@leaf
def is_over(s):
    return s[PILE] == 0


@leaf
def skipped(s, t):
    """The number `no_repeat` takes out of 1..top (the previous turn's, when it is among them and not
    the only one), or 0."""
    top = min(t[0][C_TAKE_MAX], s[PILE])
    if t[0][C_NO_REPEAT] and top > 1 and 1 <= s[LAST] <= top:
        return s[LAST]
    return 0


@leaf
def legal_count(s, t):
    """How many legal moves: 1 to take_max, at most the pile, less the one `no_repeat` forbids."""
    top = min(t[0][C_TAKE_MAX], s[PILE])
    return top - 1 if skipped(s, t) else top


@leaf
def legal_nth(s, t, k, buf):
    """The k-th legal move in the engine's order (`legal_moves()[k]`), without the list."""
    move = k + 1
    skip = skipped(s, t)
    if skip and move >= skip:
        move += 1
    return move


@leaf
def legal(s, t, out):
    """`State.legal_moves` into `out`; returns how many."""
    count = legal_count(s, t)
    for k in range(count):
        out[k] = legal_nth(s, t, k, out)
    return count


@leaf
def apply(s, r, t, move):
    """`State.apply` (the engine checks the move; the runner and the searches give only legal ones)."""
    cfg = t[0]
    seat = s[PLAYER]
    s[PILE] -= move
    s[LAST] = move
    s[POINTS + seat] += move
    if s[PILE] == 0:
        s[POINTS + seat] += cfg[C_LAST_BONUS]
    s[TURNS] += 1
    s[PLAYER] = (seat + 1) % cfg[C_PLAYERS]


# ------------------------------------------------------------------ what agents read
@leaf
def evaluate(s, t, seat):
    """`State.evaluate`: the seat's points less the best other seat's (0 alone), and the bonus to the
    seat if it is to move and can take the rest now."""
    cfg = t[0]
    best = -np.inf
    for other in range(cfg[C_PLAYERS]):
        if other != seat and s[POINTS + other] > best:
            best = s[POINTS + other]
    if best == -np.inf:
        best = 0.0
    value = s[POINTS + seat] - best
    if s[PLAYER] == seat and 0 < s[PILE] <= cfg[C_TAKE_MAX]:
        value += cfg[C_LAST_BONUS]
    return value


@jit
def gain(s, t, move, seat, rng):
    """`StateBase.move_gain`: evaluate after the move less before, on a sample as the engine makes one (it
    draws a generator's seed from `rng`, which the core draws too so that the agent's next draws agree)."""
    mt.getrandbits(rng, 64)
    after = s.copy()
    apply(after, rng, t, move)
    return evaluate(after, t, seat) - evaluate(s, t, seat)


@leaf
def make_view(s, t, seat, out):
    """Nothing is hidden: a seat sees the whole state (its generator is never in it)."""
    copy_into(s, out)


@leaf
def sample(s, t, rng, seat, s_out, r_out):
    """`State.sample`: the position the view shows, with a generator seeded from `rng`."""
    copy_into(s, s_out)
    mt.seed(r_out, mt.getrandbits(rng, 64))


# ------------------------------------------------------------------ the observer and the result
@leaf
def side_totals(s, t, common, out):
    """Each seat's points (every seat plays for itself)."""
    fill(out, 0, out.size, 0.0)
    for seat in range(t[0][C_PLAYERS]):
        out[seat] += s[POINTS + seat]


@leaf
def scores_moved(s):
    return True  # as the engine's default: the points may change at every move


@leaf
def final_scores(s, t, out):
    """`Game.compensated(scores(), first)`: the seat k-th to move from the first gets k compensations."""
    n = t[0][C_PLAYERS]
    step = t[1][0]
    for seat in range(n):
        out[seat] = s[POINTS + seat] + step * ((seat - s[FIRST]) % n)


@leaf
def places_by(n, points, out):
    """`placements_from_scores`: 1 for the best, equal scores share a place."""
    for seat in range(n):
        place = 1
        for other in range(n):
            if points[other] > points[seat]:
                place += 1
        out[seat] = place


@jit
def placements(s, t, out):
    n = t[0][C_PLAYERS]
    points = np.empty(n, dtype=np.float64)
    final_scores(s, t, points)
    places_by(n, points, out)


@leaf
def result(s, t, common, capped, res):
    """`State.result` (or `capped_result`) as `search.R_*` lays it out: first seat, draw, winners as a
    mask of seats, the compensated scores, the places, then the metric `turns`."""
    n = t[0][C_PLAYERS]
    points = res[3 : 3 + n]  # written in place: a result allocates nothing
    final_scores(s, t, points)
    places_by(n, points, res[3 + n : 3 + 2 * n])
    top = points[0]
    for seat in range(1, n):
        top = max(top, points[seat])
    mask = 0
    for seat in range(n):
        if points[seat] == top:
            mask |= 1 << seat
    draw = (mask & (mask - 1)) != 0
    if capped:
        mask = 0
        draw = False
    res[0] = s[FIRST]
    res[1] = 1.0 if draw else 0.0
    res[2] = mask
    res[3 + 2 * n] = s[TURNS]


class Core(CoreBase):
    """Pebble Pile's core for one `Game` (its rule options in the tables)."""

    # the rules the tables carry: a rule set with any other plays on the Python engine (add a rule
    # to `engine.py`, then to `tables` and the functions above, then its name here)
    implements: ClassVar[frozenset[str]] = frozenset(
        ("compensation", "first_player", "last_bonus", "no_repeat", "pile", "take_max")
    )

    def __init__(self, game: Game):
        super().__init__(game, tables(game), move_offset=0, move_space=game.take_max + 1,
                         max_legal=game.take_max)  # fmt: skip

    def python_fields(self, state: Any) -> dict[str, Any]:
        """What the conformance check compares of a Python state..."""
        return {
            "player": state.to_move,
            "pile": state.pile,
            "first": state.first,
            "turns": state.turns,
            "last": state.last,
            "points": list(state.points),
            "generator": None if state.rng is None else list(state.rng.getstate()[1]),
        }

    def core_fields(self, s: np.ndarray, r: np.ndarray | None) -> dict[str, Any]:
        """... and the same fields read off a core state."""
        n = self.game.players
        return {
            "player": int(s[PLAYER]),
            "pile": int(s[PILE]),
            "first": int(s[FIRST]),
            "turns": int(s[TURNS]),
            "last": int(s[LAST]),
            "points": [int(v) for v in s[POINTS : POINTS + n]],
            "generator": None if r is None else mt.settle(r),
        }
