"""United Square's compiled core: the rules of `engine.py` on flat arrays, for compiled play and search.

`engine.py` stays the rules' reference; this file says the same rules for
numba, and `tests/simulate/test_fast_conformance.py` holds it to the engine
move by move (legal moves, state after every move, rows). A state is one
int64 array: a header (`PLAYER` .. `FILLED`), then the cells (orientation or
-1), their signatures, the hands (seat by seat, six types each), the squares
of this round per colour, the points per seat, the squares of earlier
rounds per colour and room for a round's bag of panels as it is shuffled
(offsets in the config row, `O_CELLS` ..). Its generator is
a separate `simulate.fast.mt` array, which a view or a search never touches
except through `sample`. Moves are the engine's: `cell * 24 + orientation`,
or -1 to pass.

Rule options come in the tables (`tables`), built from the Python `Game`, so
an option the engine reads from the data file reaches the core the same way.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from simulate.fast import mt
from simulate.fast.arrays import copy_into, fill
from simulate.fast.core import CoreBase
from simulate.fast.jit import jit, leaf

from .engine import DEMANDS, OPPOSITE, POW5, Game

PASS = -1
W_OPEN = 0.5
# header of a state
PLAYER, PASSES, ROUND, FIRST, ROUND_FIRST, MOVES, PASS_COUNT = range(7)
DEAD, EMPTY, EARLY, LOPSIDED, OVER, SCORED, FILLED = range(7, 14)
OPEN = 14  # the open cells (empty, with a placed neighbour) as bits: at most 49 cells
# the config row, cfg = t[0]
(
    C_SIZE,
    C_CELLS,
    C_PER_TYPE,
    C_TEAMS,
    C_ROUNDS,
    C_EQUAL,
    C_FIXED,
    C_RANDOM_FIRST,
    C_PLAYERS,
    C_SIDES,
    O_CELLS,
    O_SIG,
    O_HANDS,
    O_SQUARES,
    O_POINTS,
    O_CARRY,
    O_BAG,
    C_LENGTH,
) = range(18)


def tables(game: Game) -> tuple[np.ndarray, ...]:
    """The rules of `game` as arrays: config, orientations, types, fits, neighbours, owners, demands, the
    legal moves per signature and hand, and the compensation."""
    n = game.players
    cells = game.size * game.size
    o_cells = OPEN + 1
    offsets = [o_cells, o_cells + cells, o_cells + 2 * cells]
    offsets += [offsets[2] + 6 * n, offsets[2] + 6 * n + 4, offsets[2] + 7 * n + 4]
    cfg = [game.size, cells, game.per_type, int(game.teams), game.rounds, int(game.equal_deal)]
    cfg += [-1 if game.fixed_start is None else game.fixed_start, int(game.random_first), n, game.sides]
    cfg += [*offsets, offsets[-1] + 4, offsets[-1] + 4 + 6 * game.per_type]
    match_count = np.array([len(fit) for fit in game.match], dtype=np.int64)
    match = np.full((625, 24), -1, dtype=np.int64)
    for sig, fit in enumerate(game.match):
        match[sig, : len(fit)] = fit
    nb_count = np.zeros(cells, dtype=np.int64)
    nb_dir = np.zeros((cells, 4), dtype=np.int64)
    nb_cell = np.zeros((cells, 4), dtype=np.int64)
    for x, near in enumerate(game.neighbours):
        nb_count[x] = len(near)
        for k, (d, y) in enumerate(near):
            nb_dir[x, k] = d
            nb_cell[x, k] = y
    # per signature and hand (a bit per panel type held): where its fitting orientations start in `fitting`
    # and how many: a turn's moves without testing each panel against the hand
    starts = np.zeros(625 * 64, dtype=np.int64)
    counts = np.zeros(625 * 64, dtype=np.int64)
    fitting: list[int] = []
    for sig, fit in enumerate(game.match):
        if not fit:
            continue
        for hand in range(64):
            held = [o for o in fit if hand >> game.type_of[o] & 1]
            starts[sig * 64 + hand] = len(fitting)
            counts[sig * 64 + hand] = len(held)
            fitting += held
    demand_count = np.array([len(d) for d in DEMANDS], dtype=np.int64)
    demands = np.zeros((625, 4), dtype=np.int64)
    for sig, cols in enumerate(DEMANDS):
        demands[sig, : len(cols)] = cols
    return (
        np.array(cfg, dtype=np.int64),
        np.array(game.orient, dtype=np.int64),
        np.array(game.type_of, dtype=np.int64),
        match_count,
        match,
        nb_count,
        nb_dir,
        nb_cell,
        np.array(game.owner_of, dtype=np.int64),
        np.array(game.colour_side, dtype=np.int64),
        np.array(game.seat_side, dtype=np.int64),
        demand_count,
        demands,
        np.array(POW5, dtype=np.int64),
        np.array(OPPOSITE, dtype=np.int64),
        starts,
        counts,
        np.array(fitting, dtype=np.int64),
        np.array([game.compensation], dtype=np.float64),
    )


# ------------------------------------------------------------------ set-up
@jit
def new_state(t, game_seed):
    r = np.empty(mt.N + 1, dtype=np.uint32)
    mt.seed(r, game_seed)
    return start_state(t, r), r


@jit
def start_state(t, r):
    """The game's state, its first seat and deal drawn from `r` (seeded with the game's seed)."""
    cfg = t[0]
    s = np.zeros(cfg[C_LENGTH], dtype=np.int64)
    n = cfg[C_PLAYERS]
    s[FIRST] = mt.randbelow(r, n) if cfg[C_RANDOM_FIRST] else 0
    start_round(s, r, t, s[FIRST])
    return s


@leaf
def start_round(s, r, t, first):
    cfg = t[0]
    n = cfg[C_PLAYERS]
    cells = cfg[C_CELLS]
    fill(s, cfg[O_CELLS], cfg[O_CELLS] + cells, -1)
    fill(s, cfg[O_SIG], cfg[O_SIG] + cells, 0)
    fill(s, cfg[O_SQUARES], cfg[O_SQUARES] + 4, 0)
    hands = cfg[O_HANDS]
    per_type = cfg[C_PER_TYPE]
    fill(s, hands, hands + 6 * n, per_type // n if cfg[C_EQUAL] else 0)
    if not cfg[C_EQUAL]:
        bag = s[cfg[O_BAG] : cfg[C_LENGTH]]
        for k in range(6 * per_type):
            bag[k] = k // per_type
        mt.shuffle(r, bag, bag.size)
        each = bag.size // n
        for seat in range(n):
            for k in range(seat * each, (seat + 1) * each):
                s[hands + 6 * seat + bag[k]] += 1
    for typ in range(6):
        hi = s[hands + typ]
        lo = s[hands + typ]
        for seat in range(1, n):
            held = s[hands + 6 * seat + typ]
            hi = max(hi, held)
            lo = min(lo, held)
        s[LOPSIDED] += hi - lo
    start = cfg[C_FIXED] if cfg[C_FIXED] >= 0 else mt.randbelow(r, 24)
    s[FILLED] = 0
    s[OPEN] = 0
    place(s, t, cells // 2, start)
    s[ROUND_FIRST] = first
    s[PLAYER] = first
    s[PASSES] = 0


@leaf
def place(s, t, x, o):
    cfg, orient = t[0], t[1]
    nb_count, nb_dir, nb_cell, owner_of, pow5, opposite = t[5], t[6], t[7], t[8], t[13], t[14]
    oc, osig = cfg[O_CELLS], cfg[O_SIG]
    s[oc + x] = o
    s[osig + x] = 0
    s[OPEN] &= ~(1 << x)
    s[FILLED] += 1
    scored = 0
    for k in range(nb_count[x]):
        d = nb_dir[x, k]
        y = nb_cell[x, k]
        c = orient[o, d]
        if s[oc + y] >= 0:
            s[cfg[O_SQUARES] + c] += 1
            s[cfg[O_POINTS] + owner_of[c]] += 1
            scored = 1
        else:
            s[osig + y] += (c + 1) * pow5[opposite[d]]
            s[OPEN] |= 1 << y
    s[SCORED] = scored


# ------------------------------------------------------------------ interface
DEBRUIJN = 0x03F79D71B4CB0A89
# bit index of each (lowest bit * DEBRUIJN) >> 58
BIT_AT = np.zeros(64, dtype=np.int64)
for _bit in range(64):
    BIT_AT[((1 << _bit) * DEBRUIJN & 0xFFFFFFFFFFFFFFFF) >> 58] = _bit


@leaf
def lowest_bit(mask):
    """The index of the lowest set bit of a non-zero int64 (de Bruijn multiplication)."""
    low = np.uint64(mask & -mask)
    return BIT_AT[(low * np.uint64(DEBRUIJN)) >> np.uint64(58)]


@leaf
def current(s):
    return s[PLAYER]


@leaf
def is_over(s):
    return s[OVER] != 0


@leaf
def legal(s, t, out):
    cfg, starts, counts, fitting = t[0], t[15], t[16], t[17]
    if s[OVER]:
        return 0
    hand = hand_of(s, cfg)
    osig = cfg[O_SIG]
    count = 0
    cells = s[OPEN]
    while cells:
        x = lowest_bit(cells)
        cells &= cells - 1
        key = s[osig + x] * 64 + hand
        base = x * 24
        first = starts[key]
        for k in range(counts[key]):
            out[count] = base + fitting[first + k]
            count += 1
    if count == 0:
        out[0] = PASS
        count = 1
    return count


@leaf
def legal_count(s, t):
    """How many moves `legal` lists, from the counts per signature and hand."""
    cfg, counts = t[0], t[16]
    key_hand = hand_of(s, cfg)
    osig = cfg[O_SIG]
    count = 0
    cells = s[OPEN]
    while cells:
        x = lowest_bit(cells)
        cells &= cells - 1
        count += counts[s[osig + x] * 64 + key_hand]
    return count if count else 1


@leaf
def legal_nth(s, t, k, buf):
    """The k-th move of `legal`'s list, without the list."""
    cfg, starts, counts, fitting = t[0], t[15], t[16], t[17]
    hand = hand_of(s, cfg)
    osig = cfg[O_SIG]
    cells = s[OPEN]
    while cells:
        x = lowest_bit(cells)
        cells &= cells - 1
        key = s[osig + x] * 64 + hand
        if k < counts[key]:
            return x * 24 + fitting[starts[key] + k]
        k -= counts[key]
    return PASS


@leaf
def hand_of(s, cfg):
    """The panel types the player to act holds, a bit each."""
    at = cfg[O_HANDS] + 6 * s[PLAYER]
    hand = 0
    for typ in range(6):
        if s[at + typ] > 0:
            hand |= 1 << typ
    return hand


@leaf
def apply(s, r, t, move):
    cfg, type_of = t[0], t[2]
    n = cfg[C_PLAYERS]
    s[MOVES] += 1
    if move == PASS:
        s[SCORED] = 0
        s[PASSES] += 1
        s[PASS_COUNT] += 1
        s[PLAYER] = (s[PLAYER] + 1) % n
        if s[PASSES] >= n:
            end_round(s, r, t)
    else:
        x = move // 24
        o = move % 24
        s[cfg[O_HANDS] + 6 * s[PLAYER] + type_of[o]] -= 1
        place(s, t, x, o)
        s[PASSES] = 0
        s[PLAYER] = (s[PLAYER] + 1) % n
        if s[FILLED] == cfg[C_CELLS]:
            end_round(s, r, t)


@leaf
def end_round(s, r, t):
    cfg, match_count = t[0], t[3]
    oc, osig = cfg[O_CELLS], cfg[O_SIG]
    empty = 0
    for x in range(cfg[C_CELLS]):
        if s[oc + x] < 0:
            empty += 1
            sig = s[osig + x]
            if sig and match_count[sig] == 0:
                s[DEAD] += 1
    s[EMPTY] += empty
    if empty:
        s[EARLY] += 1
    for c in range(4):
        s[cfg[O_CARRY] + c] += s[cfg[O_SQUARES] + c]
        s[cfg[O_SQUARES] + c] = 0
    s[ROUND] += 1
    if s[ROUND] < cfg[C_ROUNDS]:
        start_round(s, r, t, (s[ROUND_FIRST] + 1) % cfg[C_PLAYERS])
    else:
        s[OVER] = 1


@leaf
def side_values(s, t, out):
    """`State._side_values`: per side, its points plus W_OPEN per edge of its colours waiting."""
    cfg, match_count, colour_side, seat_side, demand_count, demands = t[0], t[3], t[9], t[10], t[11], t[12]
    fill(out, 0, out.size, 0.0)
    for seat in range(cfg[C_PLAYERS]):
        out[seat_side[seat]] += s[cfg[O_POINTS] + seat]
    osig = cfg[O_SIG]
    cells = s[OPEN]
    while cells:
        x = lowest_bit(cells)
        cells &= cells - 1
        sig = s[osig + x]
        if match_count[sig]:
            for k in range(demand_count[sig]):
                out[colour_side[demands[sig, k]]] += W_OPEN


@leaf
def lead_of(values, mine, sides):
    best = -np.inf
    for side in range(sides):
        if side != mine and values[side] > best:
            best = values[side]
    return values[mine] - best


@jit
def evaluate(s, t, seat):
    cfg = t[0]
    values = np.empty(cfg[C_SIDES], dtype=np.float64)
    side_values(s, t, values)
    return lead_of(values, t[10][seat], cfg[C_SIDES])


@jit
def gain(s, t, move, seat, rng):
    """`State.move_gain`: the change in `evaluate(seat)` from `move`, from the cells around it."""
    if move == PASS:
        return 0.0
    cfg, orient, match_count = t[0], t[1], t[3]
    nb_count, nb_dir, nb_cell = t[5], t[6], t[7]
    colour_side, seat_side, demand_count, demands, pow5, opposite = t[9], t[10], t[11], t[12], t[13], t[14]
    sides = cfg[C_SIDES]
    oc, osig = cfg[O_CELLS], cfg[O_SIG]
    x = move // 24
    o = move % 24
    delta = np.zeros(sides, dtype=np.float64)
    for k in range(nb_count[x]):
        d = nb_dir[x, k]
        y = nb_cell[x, k]
        c = orient[o, d]
        if s[oc + y] >= 0:
            delta[colour_side[c]] += 1.0
            continue
        old = s[osig + y]
        new = old + (c + 1) * pow5[opposite[d]]
        if old and match_count[old]:
            for e in range(demand_count[old]):
                delta[colour_side[demands[old, e]]] -= W_OPEN
        if match_count[new]:
            for e in range(demand_count[new]):
                delta[colour_side[demands[new, e]]] += W_OPEN
    here = s[osig + x]
    if match_count[here]:
        for e in range(demand_count[here]):
            delta[colour_side[demands[here, e]]] -= W_OPEN
    mine = seat_side[seat]
    if sides == 2:
        return delta[mine] - delta[1 - mine]
    values = np.empty(sides, dtype=np.float64)
    side_values(s, t, values)
    moved = values + delta
    return lead_of(moved, mine, sides) - lead_of(values, mine, sides)


@leaf
def make_view(s, t, seat, out):
    """Hands are open: a seat sees the whole state (its generator is never in it)."""
    copy_into(s, out)


@leaf
def sample(s, t, rng, seat, s_out, r_out):
    """The one position the view shows, with a generator seeded from `rng` for later deals."""
    copy_into(s, s_out)
    mt.seed(r_out, mt.getrandbits(rng, 64))


@leaf
def side_totals(s, t, common, out):
    cfg, seat_side = t[0], t[10]
    fill(out, 0, out.size, 0.0)
    for seat in range(cfg[C_PLAYERS]):
        out[seat_side[seat]] += s[cfg[O_POINTS] + seat]


@leaf
def scores_moved(s):
    return s[SCORED] != 0


@leaf
def final_scores(s, t, out):
    """`GameBase.compensated(scores())`: the points, plus the compensation of each later side to move
    from the first seat, shared among the side's seats (a team gets it once)."""
    cfg, seat_side = t[0], t[10]
    n = cfg[C_PLAYERS]
    for seat in range(n):
        out[seat] = s[cfg[O_POINTS] + seat]
    step = t[18][0]
    if step == 0:
        return
    for seat in range(n):
        members = 0
        for other in range(n):
            if seat_side[other] == seat_side[seat]:
                members += 1
        out[seat] += step * sides_before(s, t, seat_side[seat]) / members


@leaf
def sides_before(s, t, side):
    """How many sides move before `side`'s first seat to move, from the first seat on."""
    seat_side = t[10]
    n = t[0][C_PLAYERS]
    before = 0
    for k in range(n):
        here = seat_side[(s[FIRST] + k) % n]
        if here == side:
            return before
        first_of_side = True
        for j in range(k):
            if seat_side[(s[FIRST] + j) % n] == here:
                first_of_side = False
        if first_of_side:
            before += 1
    return before


@jit
def placements(s, t, out):
    """`Result.placements`: competition ranking, or the team game's (winning team first, then within it),
    by the compensated scores."""
    points = np.empty(t[0][C_PLAYERS], dtype=np.float64)
    final_scores(s, t, points)
    places_by(t, points, out)


@leaf
def places_by(t, points, out):
    """`placements` from the compensated scores (`final_scores`)."""
    cfg = t[0]
    n = cfg[C_PLAYERS]
    team0 = team1 = 0.0
    if cfg[C_TEAMS]:
        team0 = points[0] + points[2]
        team1 = points[1] + points[3]
    if not cfg[C_TEAMS] or team0 == team1:
        for seat in range(n):
            place_ = 1
            for other in range(n):
                if points[other] > points[seat]:
                    place_ += 1
            out[seat] = place_
        return
    win = 0 if team0 > team1 else 1
    for seat in range(4):
        offset = 0 if seat % 2 == win else 2
        mate = (seat + 2) % 4
        out[seat] = offset + (2 if points[seat] < points[mate] else 1)


@leaf
def result(s, t, common, capped, res):
    """`State.result` (or `capped_result`): first seat, draw, winners, scores, places, metrics, squares."""
    cfg = t[0]
    owner_of = t[8]
    n = cfg[C_PLAYERS]
    points = res[3 : 3 + n]  # written in place: a result allocates nothing
    final_scores(s, t, points)
    places_by(t, points, res[3 + n : 3 + 2 * n])
    mask = 0
    draw = False
    if cfg[C_TEAMS]:
        team0 = points[0] + points[2]
        team1 = points[1] + points[3]
        if team0 == team1:
            mask = 15
            draw = True
        else:
            win = 0 if team0 > team1 else 1
            mask = (1 << win) | (1 << (win + 2))
    else:
        top = points[0]  # a loop: numba's `max` allocates, which a leaf may not
        for seat in range(1, n):
            top = max(top, points[seat])
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
    k = 3 + 2 * n
    metrics = (cfg[C_ROUNDS], s[PASS_COUNT], s[DEAD], s[EMPTY], 1 if s[EARLY] > 0 else 0, s[LOPSIDED])
    for value in metrics:
        res[k] = value
        k += 1
    for c in range(4):
        for seat in range(n):
            res[k] = s[cfg[O_CARRY] + c] + s[cfg[O_SQUARES] + c] if owner_of[c] == seat else 0.0
            k += 1


class Core(CoreBase):
    """United Square's core for one `Game` (its rule options in the tables)."""

    # CPU seconds its first compile takes, without the searches and with them (`python -m simulate.fast`
    # on an empty cache, 2026-12-07): said before a machine has measured its own
    compile_seconds: ClassVar[tuple[float, float]] = (16.0, 32.0)
    implements: ClassVar[frozenset[str]] = frozenset(
        (
            "board",
            "compensation",
            "deal",
            "first_player",
            "mode",
            "pairing_2p",
            "panels_per_type",
            "rounds",
            "start_panel",
            "start_rotation",
            "start_type",
        )
    )

    def __init__(self, game: Game):
        cells = game.size * game.size
        super().__init__(game, tables(game), move_offset=1, move_space=cells * 24 + 1, max_legal=cells * 24)

    def python_fields(self, state: Any) -> dict[str, Any]:
        """What the conformance test compares of a Python state."""
        return {
            "player": state.player,
            "cells": list(state.cells),
            "sig": list(state.sig),
            "hands": [list(h) for h in state.hands],
            "squares": list(state.squares),
            "points": list(state.points),
            "carry": list(state.colour_carry),
            "counts": [
                state.passes,
                state.round,
                state.first,
                state.round_first,
                state.moves,
                state.pass_count,
                state.dead,
                state.empty,
                state.early,
                state.lopsided,
                int(state.over),
                int(state.scored),
                state.filled,
            ],
            "open": list(state.open),
            "generator": None if state.rng is None else list(state.rng.getstate()[1]),
        }

    def core_fields(self, s: np.ndarray, r: np.ndarray | None) -> dict[str, Any]:
        """The same fields read off a core state."""
        cfg = self.tables[0]
        n = self.game.players
        cells = int(cfg[C_CELLS])

        def part(at: int, size: int) -> list[int]:
            start = int(cfg[at])
            return [int(v) for v in s[start : start + size]]

        hands = part(O_HANDS, 6 * n)
        return {
            "player": int(s[PLAYER]),
            "cells": part(O_CELLS, cells),
            "sig": part(O_SIG, cells),
            "hands": [hands[6 * seat : 6 * seat + 6] for seat in range(n)],
            "squares": part(O_SQUARES, 4),
            "points": part(O_POINTS, n),
            "carry": part(O_CARRY, 4),
            "counts": [int(v) for v in s[PASSES : FILLED + 1]],
            "open": [x for x in range(cells) if int(s[OPEN]) >> x & 1],
            "generator": None if r is None else mt.settle(r),
        }
