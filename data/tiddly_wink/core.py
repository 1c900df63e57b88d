"""Tiddly-Wink's compiled core: the rules of `engine.py` on one flat array, for compiled play and search.

`engine.py` stays the rules' reference; this file says the same rules for
numba, step for step and draw for draw, and
`tests/simulate/test_fast_conformance.py` holds it to the engine move by move
(legal moves, state after every move, rows) over every variant. A state is
one int64 array: a header (`PLAYER` .. `SEED_HI`), then eight slots per seat
for counters, seats still in, hands (tile bitmasks), hand sizes, voids,
rounds won and points, the per-position win counts, and the boneyard (drawn
from the end, as the engine pops its list). Moves are the engine's:
`tile * 2 + side`, or -1 (`PASS`).

Its generator is a separate `simulate.fast.mt` array. A sampled state (a
search's determinization) seeds its generator as the engine's `sample` does,
from `getrandbits(64)` of the agent's, but only when it first deals: most
playouts never reach another round, and seeding costs two chains of 624
steps. The seed waits in the state (`PENDING`, `SEED_LO`, `SEED_HI`); a view
never holds it.

The engine's own agents `heavy` and `keep_ends` are compiled too
(`own_choose`), so every agent of this game plays on the core.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from simulate.fast import mt
from simulate.fast.arrays import copy_into
from simulate.fast.bits import low_index, popcount
from simulate.fast.core import CoreBase
from simulate.fast.jit import jit, leaf

from .engine import (
    HIDDEN,
    MAX_SEATS,
    PASS,
    SAMPLE_TRIES,
    W_FOLLOW,
    W_PIPS,
    W_SIZE,
    W_THREAT,
    Game,
    HeavyAgent,
    KeepEndsAgent,
)

# header of a state
PLAYER, BONUS, PASSES, LEADER, ROUND, OVER, FIRST, MOVES, SETTLED_AT, CAPPED = range(10)
BUSTS, BLOCKED, TIED, REDEALS, BONUS_PLAYS, DRAWS, POT, N_ACTIVE = range(10, 18)
LINE, LEFT, RIGHT, BONE_LEN, PENDING, SEED_LO, SEED_HI = range(18, 25)
# per seat, MAX_SEATS slots each
O_COUNTERS = 25
O_ACTIVE = O_COUNTERS + MAX_SEATS
O_HANDS = O_ACTIVE + MAX_SEATS
O_SIZES = O_HANDS + MAX_SEATS
O_VOIDS = O_SIZES + MAX_SEATS
O_WON = O_VOIDS + MAX_SEATS
O_POINTS = O_WON + MAX_SEATS
O_WINS_POS = O_POINTS + MAX_SEATS
O_BLOCKED_POS = O_WINS_POS + MAX_SEATS
O_BONE = O_BLOCKED_POS + MAX_SEATS
COUNTS = (BUSTS, BLOCKED, TIED, REDEALS, BONUS_PLAYS, DRAWS)  # the metrics kept as plain counts
# the config row, cfg = t[0]
(
    C_PLAYERS,
    C_VALUES,
    C_TILES,
    C_HAND,
    C_COUNTERS,
    C_STAKE,
    C_MATCH_END,
    C_REDEAL,
    C_BONUS_ONCE,
    C_BONUS_CHAIN,
    C_OPENING_BONUS,
    C_FORCED,
    C_DRAW,
    C_SPLIT,
    C_PIP_SCORE,
    C_ROUNDS_BREAK_TIES,
    C_SPLIT_ALL_OUT,
    C_ROUND_CAP,
    C_FULL,
    C_DOUBLES,
    C_LENGTH,
    C_POSITION_COUNTERS,
) = range(22)
MATCH_ENDS = ("first_bust", "last_standing", "one_round")
FIRST_BUST, LAST_STANDING, ONE_ROUND = range(3)
HEAVY, KEEP_ENDS = 5, 6  # agent kinds after the generic ones (simulate.fast.search.OWN)


def tables(game: Game) -> tuple[np.ndarray, ...]:
    """The rules of `game` as arrays: config, each tile's ends, pips and doubleness, the tiles showing a
    number (or any of a set of numbers), the tiles fitting a pair of ends and their moves there, the lead
    order, the compensation, and per pair of ends the tiles with a move at each."""
    k, tiles = game.values, game.tiles
    cfg = [
        game.players,
        k,
        tiles,
        game.hand,
        game.start_counters,
        game.stake,
        MATCH_ENDS.index(game.match_end),
    ]
    cfg += [int(game.redeal), int(game.bonus_once), int(game.bonus_chain), int(game.opening_bonus)]
    cfg += [int(game.forced), int(game.draw), int(game.split), int(game.pip_score)]
    cfg += [int(game.rounds_break_ties), int(game.split_when_all_out), game.round_cap]
    cfg += [game.full, game.doubles_mask, O_BONE + tiles, game.position_counters]
    move_count = np.zeros((k * k, tiles), dtype=np.int64)
    moves = np.zeros((k * k, tiles, 2), dtype=np.int64)
    for e, per_tile in enumerate(game.tile_moves):
        for tile, there in enumerate(per_tile):
            move_count[e, tile] = len(there)
            moves[e, tile, : len(there)] = there
    return (
        np.array(cfg, dtype=np.int64),
        np.array(game.lo, dtype=np.int64),
        np.array(game.hi, dtype=np.int64),
        np.array(game.pips, dtype=np.int64),
        np.array(game.double, dtype=np.int64),
        np.array(game.match, dtype=np.int64),
        np.array(game.match_set, dtype=np.int64),
        np.array(game.fits, dtype=np.int64),
        move_count,
        moves,
        np.array(game.lead_order, dtype=np.int64),
        np.array([game.compensation], dtype=np.float64),
        np.array(
            [sum(1 << t for t, there in enumerate(per) if len(there) == 2) for per in game.tile_moves],
            dtype=np.int64,
        ),  # fmt: skip
    )


# ------------------------------------------------------------------ bits
@jit
def pips_of(hand, pips):
    total = 0
    while hand:
        total += pips[low_index(hand)]
        hand &= hand - 1
    return total


@jit
def next_seat(s, n, p):
    """The next seat after `p` still in the match (`p` itself if no other is)."""
    q = p + 1 if p + 1 < n else 0
    while not s[O_ACTIVE + q] and q != p:
        q = q + 1 if q + 1 < n else 0
    return q


# ------------------------------------------------------------------ rounds
@jit
def new_state(t, game_seed):
    r = np.empty(mt.N + 1, dtype=np.uint32)
    mt.seed(r, game_seed)
    return start_state(t, r), r


@jit
def start_state(t, r):
    """The match's state, its first round dealt from `r` (seeded with the game's seed)."""
    cfg = t[0]
    s = np.zeros(cfg[C_LENGTH], dtype=np.int64)
    n = cfg[C_PLAYERS]
    for seat in range(n):
        s[O_COUNTERS + seat] = cfg[C_COUNTERS]
        s[O_ACTIVE + seat] = 1
    s[N_ACTIVE] = n
    winner = start_round(s, r, t)
    s[FIRST] = s[LEADER]
    for k in range(1, n):  # the head start of later turn positions, once the leader is known
        s[O_COUNTERS + (s[FIRST] + k) % n] += k * cfg[C_POSITION_COUNTERS]
    if winner >= 0:
        finish_round(s, r, t, 1 << winner, 0)
    return s


@jit
def start_round(s, r, t):
    """`State._start_round`: stake, deal, the opening tile; the leader if that emptied their hand, else -1."""
    cfg, lo, hi, double = t[0], t[1], t[2], t[4]
    n = cfg[C_PLAYERS]
    for seat in range(n):
        if s[O_ACTIVE + seat]:
            s[O_COUNTERS + seat] -= cfg[C_STAKE]
            s[POT] += cfg[C_STAKE]
        s[O_VOIDS + seat] = 0
    s[PASSES] = 0
    s[BONUS] = 0
    while True:
        deal(s, r, t)
        lead = lead_tile(s, t)
        if lead >= 0:
            break
        s[REDEALS] += 1
    bit = 1 << lead
    leader = 0
    while not s[O_HANDS + leader] & bit:
        leader += 1
    s[LEADER] = leader
    s[O_HANDS + leader] ^= bit
    s[O_SIZES + leader] -= 1
    s[LINE] = bit
    s[LEFT] = lo[lead]
    s[RIGHT] = hi[lead]
    if not s[O_SIZES + leader]:
        return leader
    if double[lead] and cfg[C_OPENING_BONUS]:
        offer_bonus(s, t, leader)
    else:
        next_turn(s, t, leader)
    return -1


@jit
def deal(s, r, t):
    """`State._deal`: shuffle every tile (in the boneyard's slots), a hand to each seat still in, the rest
    the boneyard."""
    cfg = t[0]
    n, tiles, hand = cfg[C_PLAYERS], cfg[C_TILES], cfg[C_HAND]
    if s[PENDING]:
        mt.seed(r, (np.uint64(s[SEED_HI]) << np.uint64(32)) | np.uint64(s[SEED_LO]))
        s[PENDING] = 0
    perm = s[O_BONE : O_BONE + tiles]
    for k in range(tiles):
        perm[k] = k
    mt.shuffle(r, perm, tiles)
    k = 0
    for seat in range(n):
        mask = 0
        size = 0
        if s[O_ACTIVE + seat]:
            for i in range(k, k + hand):
                mask |= 1 << perm[i]
            size = hand
            k += hand
        s[O_HANDS + seat] = mask
        s[O_SIZES + seat] = size
    for i in range(tiles - k):
        perm[i] = perm[k + i]
    s[BONE_LEN] = tiles - k


@jit
def lead_tile(s, t):
    """The tile that opens the round, or -1 when nobody holds a double and the rules redeal."""
    cfg, lead_order = t[0], t[10]
    dealt = 0
    for seat in range(cfg[C_PLAYERS]):
        dealt |= s[O_HANDS + seat]
    if dealt & cfg[C_DOUBLES]:
        for v in range(cfg[C_VALUES] - 1, -1, -1):
            tile = v * (v + 1) // 2 + v
            if dealt >> tile & 1:
                return tile
    if cfg[C_REDEAL]:
        return -1
    for tile in lead_order:
        if dealt >> tile & 1:
            return tile
    return -1


@jit
def next_turn(s, t, p):
    """Play passes to the next seat in the match, who draws first if the rules say so."""
    cfg, fits = t[0], t[7]
    q = next_seat(s, cfg[C_PLAYERS], p)
    s[PLAYER] = q
    if cfg[C_DRAW] and s[BONE_LEN]:
        fit = fits[s[LEFT] * cfg[C_VALUES] + s[RIGHT]]
        if not s[O_HANDS + q] & fit:
            hand = s[O_HANDS + q]
            drawn = 0
            while s[BONE_LEN]:
                s[BONE_LEN] -= 1
                tile = s[O_BONE + s[BONE_LEN]]
                hand |= 1 << tile
                drawn += 1
                if fit >> tile & 1:
                    break
            s[O_HANDS + q] = hand
            s[O_SIZES + q] += drawn
            s[DRAWS] += drawn
            s[O_VOIDS + q] = 0


@jit
def offer_bonus(s, t, p):
    """After a double: the same player plays on if any tile fits, else the turn moves on."""
    cfg, fits = t[0], t[7]
    if s[O_HANDS + p] & fits[s[LEFT] * cfg[C_VALUES] + s[RIGHT]]:
        s[BONUS] = 1
        s[PLAYER] = p
    else:
        s[BONUS] = 0
        if cfg[C_FORCED]:
            s[O_VOIDS + p] |= (1 << s[LEFT]) | (1 << s[RIGHT])
        next_turn(s, t, p)


@jit
def finish_round(s, r, t, winners, blocked):
    """Settle the pot, then start rounds until one needs a decision or the match is over."""
    while True:
        settle(s, t, winners, blocked)
        if match_over(s, t):
            return
        winner = start_round(s, r, t)
        if winner < 0:
            return
        winners = 1 << winner
        blocked = 0


@jit
def settle(s, t, winners, blocked):
    """`State._settle`: the round's winners (a seat mask) take the pot or score; ties as the rules say."""
    cfg, pips = t[0], t[3]
    n = cfg[C_PLAYERS]
    s[ROUND] += 1
    s[SETTLED_AT] = s[MOVES]
    if blocked:
        s[BLOCKED] += 1
    count = popcount(winners)
    if count == 1:
        w = low_index(winners)
        s[O_COUNTERS + w] += s[POT]
        s[POT] = 0
        s[O_WON + w] += 1
        if cfg[C_PIP_SCORE]:
            for q in range(n):
                if q != w and s[O_ACTIVE + q]:
                    s[O_POINTS + w] += pips_of(s[O_HANDS + q], pips)
        pos = 0
        x = s[LEADER]
        while x != w:
            x = x + 1 if x + 1 < n else 0
            pos += s[O_ACTIVE + x]
        s[O_WINS_POS + pos] += 1
        if blocked:
            s[O_BLOCKED_POS + pos] += 1
    else:
        s[TIED] += 1
        if cfg[C_SPLIT]:
            share = s[POT] // count
            for w in range(n):
                if winners >> w & 1:
                    s[O_COUNTERS + w] += share
            s[POT] -= share * count


@jit
def match_over(s, t):
    """`State._match_over`: busts, seats dropping out, the last one standing, the round cap."""
    cfg = t[0]
    n = cfg[C_PLAYERS]
    if cfg[C_MATCH_END] == ONE_ROUND:
        s[OVER] = 1
        return True
    short = 0
    for seat in range(n):
        if s[O_ACTIVE + seat] and s[O_COUNTERS + seat] < cfg[C_STAKE]:
            short |= 1 << seat
    if short:
        count = popcount(short)
        s[BUSTS] += count
        if cfg[C_MATCH_END] == FIRST_BUST:
            s[OVER] = 1
            return True
        takers = 0
        for seat in range(n):
            if short >> seat & 1:
                s[O_ACTIVE + seat] = 0
            elif s[O_ACTIVE + seat]:
                takers |= 1 << seat
        s[N_ACTIVE] -= count
        if s[N_ACTIVE] <= 1:
            # the last one standing takes the pot; if nobody is left, the option says who does
            if not takers and cfg[C_SPLIT_ALL_OUT]:
                takers = short
            if takers:
                share = s[POT] // popcount(takers)
                for seat in range(n):
                    if takers >> seat & 1:
                        s[O_COUNTERS + seat] += share
                s[POT] -= share * popcount(takers)
            s[OVER] = 1
            return True
    if s[ROUND] >= cfg[C_ROUND_CAP]:
        s[CAPPED] = 1
        s[OVER] = 1
        return True
    return False


@jit
def blocked_winners(s, t):
    """The seats still in with the fewest pips in hand, as a mask."""
    cfg, pips = t[0], t[3]
    least = -1
    mask = 0
    for seat in range(cfg[C_PLAYERS]):
        if s[O_ACTIVE + seat]:
            total = pips_of(s[O_HANDS + seat], pips)
            if least < 0 or total < least:
                least = total
                mask = 1 << seat
            elif total == least:
                mask |= 1 << seat
    return mask


# ------------------------------------------------------------------ interface
@jit
def current(s):
    return s[PLAYER]


@jit
def is_over(s):
    return s[OVER] != 0


@jit
def stopped_by_cap(s):
    """The round cap ended the match (the result says so: capped, its winners still named)."""
    return s[CAPPED] != 0


@jit
def legal(s, t, out):
    cfg, fits, move_count, moves = t[0], t[7], t[8], t[9]
    if s[OVER]:
        return 0
    e = s[LEFT] * cfg[C_VALUES] + s[RIGHT]
    m = s[O_HANDS + s[PLAYER]] & fits[e]
    if not m:
        out[0] = PASS
        return 1
    count = 0
    while m:
        tile = low_index(m)
        m &= m - 1
        for j in range(move_count[e, tile]):
            out[count] = moves[e, tile, j]
            count += 1
    if not cfg[C_FORCED]:
        out[count] = PASS
        count += 1
    return count


@leaf
def legal_count(s, t):
    """How many moves `legal` lists: a move per fitting tile, two for those that fit both ends, a pass."""
    cfg, fits, both = t[0], t[7], t[12]
    if s[OVER]:
        return 0
    e = s[LEFT] * cfg[C_VALUES] + s[RIGHT]
    m = s[O_HANDS + s[PLAYER]] & fits[e]
    if not m:
        return 1
    return popcount(m) + popcount(m & both[e]) + (0 if cfg[C_FORCED] else 1)


@leaf
def legal_nth(s, t, k, buf):
    """The k-th move of `legal`'s list, without the list."""
    cfg, fits, move_count, moves = t[0], t[7], t[8], t[9]
    e = s[LEFT] * cfg[C_VALUES] + s[RIGHT]
    m = s[O_HANDS + s[PLAYER]] & fits[e]
    while m:
        tile = low_index(m)
        m &= m - 1
        if k < move_count[e, tile]:
            return moves[e, tile, k]
        k -= move_count[e, tile]
    return PASS


@jit
def apply(s, r, t, move):
    cfg, pips, double = t[0], t[3], t[4]
    s[MOVES] += 1
    p = s[PLAYER]
    if move == PASS:
        if s[BONUS]:
            s[BONUS] = 0
        else:
            s[PASSES] += 1
            if cfg[C_FORCED]:
                s[O_VOIDS + p] |= (1 << s[LEFT]) | (1 << s[RIGHT])
            if s[PASSES] >= s[N_ACTIVE]:
                finish_round(s, r, t, blocked_winners(s, t), 1)
                return
        next_turn(s, t, p)
        return
    tile = move >> 1
    bit = 1 << tile
    s[O_HANDS + p] ^= bit
    s[O_SIZES + p] -= 1
    s[LINE] |= bit
    if move & 1:
        s[RIGHT] = pips[tile] - s[RIGHT]
    else:
        s[LEFT] = pips[tile] - s[LEFT]
    s[PASSES] = 0
    was_bonus = s[BONUS]
    if was_bonus:
        s[BONUS_PLAYS] += 1
    if not s[O_SIZES + p]:
        s[BONUS] = 0
        finish_round(s, r, t, 1 << p, 0)
    elif double[tile] and (cfg[C_BONUS_CHAIN] or (cfg[C_BONUS_ONCE] and not was_bonus)):
        offer_bonus(s, t, p)
    else:
        s[BONUS] = 0
        next_turn(s, t, p)


@jit
def lead_of(s, t, seat, won):
    """`State._lead`: `seat`'s score (with `won` more) minus the best other seat's."""
    cfg = t[0]
    held = O_POINTS if cfg[C_PIP_SCORE] else O_COUNTERS
    best = 0
    first = True
    for q in range(cfg[C_PLAYERS]):
        if q != seat and (first or s[held + q] > best):
            best = s[held + q]
            first = False
    return float(s[held + seat]) + won - float(best)


@jit
def expected_pips(s, t, seat):
    """`State._expected_pips`: the other hands' tiles at the mean pips of the tiles `seat` cannot see."""
    cfg, pips = t[0], t[3]
    unseen = cfg[C_FULL] & ~(s[O_HANDS + seat] | s[LINE])
    count = popcount(unseen)
    if not count:
        return 0.0
    total = pips_of(unseen, pips)
    held = 0
    for q in range(cfg[C_PLAYERS]):
        if q != seat and s[O_ACTIVE + q]:
            held += s[O_SIZES + q]
    return held * total / count


@jit
def prospect(s, t, seat, hand, line, left, right):
    """`State._prospect`: what a hand is worth in the round, in counters, from what `seat` sees."""
    cfg, pips, match = t[0], t[3], t[5]
    fits = match[left] | match[right]
    size = popcount(hand)
    total = pips_of(hand, pips)
    follow = popcount(hand & fits)
    void = s[O_VOIDS + next_seat(s, cfg[C_PLAYERS], seat)]
    unseen = cfg[C_FULL] & ~(hand | line)
    threat = 0
    if not void >> left & 1:
        threat += popcount(unseen & match[left])
    if right != left and not void >> right & 1:
        threat += popcount(unseen & match[right])
    return -W_SIZE * size - W_PIPS * total + W_FOLLOW * follow - W_THREAT * threat


@jit
def evaluate(s, t, seat):
    return lead_of(s, t, seat, 0.0) + prospect(s, t, seat, s[O_HANDS + seat], s[LINE], s[LEFT], s[RIGHT])


@jit
def gain(s, t, move, seat, rng):
    """`State.move_gain`: the change in `evaluate(seat)` if `seat`, to act, plays `move`."""
    cfg, pips = t[0], t[3]
    hand = s[O_HANDS + seat]
    before = prospect(s, t, seat, hand, s[LINE], s[LEFT], s[RIGHT])
    if move == PASS:
        return 0.0
    tile = move >> 1
    if s[O_SIZES + seat] == 1:
        won = expected_pips(s, t, seat) if cfg[C_PIP_SCORE] else float(s[POT])
        return lead_of(s, t, seat, won) - lead_of(s, t, seat, 0.0) - before
    left, right = s[LEFT], s[RIGHT]
    if move & 1:
        right = pips[tile] - right
    else:
        left = pips[tile] - left
    return prospect(s, t, seat, hand & ~(1 << tile), s[LINE] | 1 << tile, left, right) - before


# ------------------------------------------------------------------ hidden information
@jit
def make_view(s, t, seat, out):
    """`State.view`: the other hands blank, the boneyard's tiles hidden, no generator and no seed."""
    copy_into(s, out)
    for q in range(t[0][C_PLAYERS]):
        if q != seat:
            out[O_HANDS + q] = 0
    # every slot, not only the boneyard's: the deal and the draws leave tiles past its end (the next
    # ones drawn, a tile drawn into another hand)
    for k in range(t[0][C_TILES]):
        out[O_BONE + k] = HIDDEN
    out[PENDING] = 0
    out[SEED_LO] = 0
    out[SEED_HI] = 0


@jit
def sample(s, t, rng, seat, s_out, r_out):
    """`State.sample`: the tiles `seat` cannot see dealt again to the same hand sizes, avoiding known
    voids, then a generator seeded from `rng` (here: its seed, for the first deal to load)."""
    cfg, match_set = t[0], t[6]
    n, tiles_count = cfg[C_PLAYERS], cfg[C_TILES]
    copy_into(s, s_out)
    known = s[O_HANDS + seat] | s[LINE]
    pool = np.empty(tiles_count, dtype=np.int64)
    size = 0
    for tile in range(tiles_count):
        if not known >> tile & 1:
            pool[size] = tile
            size += 1
    seats = np.empty(MAX_SEATS, dtype=np.int64)
    need = np.empty(MAX_SEATS + 1, dtype=np.int64)
    banned = np.empty(MAX_SEATS, dtype=np.int64)
    count = 0
    for q in range(n):
        if q != seat and s[O_SIZES + q]:
            seats[count] = q
            need[count] = s[O_SIZES + q]
            banned[count] = match_set[s[O_VOIDS + q]]
            count += 1
    places = redeal(pool, size, need, banned, count, rng)
    for q in range(n):
        if q != seat:
            s_out[O_HANDS + q] = 0
    bone = 0
    for i in range(size):
        h = places[i]
        if h < count:
            s_out[O_HANDS + seats[h]] |= 1 << pool[i]
        else:
            s_out[O_BONE + bone] = pool[i]
            bone += 1
    s_out[BONE_LEN] = bone
    value = mt.getrandbits(rng, 64)
    s_out[PENDING] = 1
    s_out[SEED_LO] = np.int64(value & np.uint64(0xFFFFFFFF))
    s_out[SEED_HI] = np.int64(value >> np.uint64(32))


@jit
def redeal(tiles, size, need, banned, count, rng):
    """`engine._redeal` on `tiles[:size]` (reordered in place as the engine's list is): the hand (0..count-1,
    or count for the boneyard) each tile goes to, tiles in their final order. Rejection first, then the
    randomised depth-first search, drawing the engine's numbers in the engine's order."""
    places = np.empty(size, dtype=np.int64)
    for _ in range(SAMPLE_TRIES):
        mt.shuffle(rng, tiles, size)
        k = 0
        fits = True
        for h in range(count):
            for i in range(k, k + need[h]):
                if banned[h] >> tiles[i] & 1:
                    fits = False
                    break
            if not fits:
                break
            for i in range(k, k + need[h]):
                places[i] = h
            k += need[h]
        if fits:
            for i in range(k, size):
                places[i] = count
            return places
    search_deal(tiles, size, need, banned, count, rng, places)
    return places


@jit
def search_deal(tiles, size, need, banned, count, rng, places):
    """The engine's randomised depth-first search (most constrained tiles first), without recursion: each
    level shuffles its order of hands when entered and resumes it when a deeper level fails."""
    mt.shuffle(rng, tiles, size)
    keys = np.empty(size, dtype=np.int64)
    for i in range(size):
        bans = 0
        for h in range(count):
            bans += banned[h] >> tiles[i] & 1
        keys[i] = -bans
    for i in range(1, size):  # a stable insertion sort by key, as list.sort
        tile, key = tiles[i], keys[i]
        j = i - 1
        while j >= 0 and keys[j] > key:
            tiles[j + 1], keys[j + 1] = tiles[j], keys[j]
            j -= 1
        tiles[j + 1], keys[j + 1] = tile, key
    rooms = count + 1
    room = np.empty(rooms, dtype=np.int64)
    rest = size
    for h in range(count):
        room[h] = need[h]
        rest -= need[h]
    room[count] = rest
    order = np.empty((size, rooms), dtype=np.int64)
    at = np.zeros(size, dtype=np.int64)
    i = 0
    entering = True
    while True:
        if entering:
            if i == size:
                break
            for h in range(rooms):
                order[i, h] = h
            mt.shuffle(rng, order[i], rooms)
            at[i] = 0
        else:
            room[places[i]] += 1
        placed = False
        while at[i] < rooms:
            h = order[i, at[i]]
            at[i] += 1
            if room[h] and (h == count or not banned[h] >> tiles[i] & 1):
                room[h] -= 1
                places[i] = h
                placed = True
                break
        if placed:
            i += 1
            entering = True
        else:
            i -= 1  # the true deal exists, so the first level never runs out
            entering = False
    # the engine deals each hand's tiles in this order: the boneyard's order is the tiles' order here
    return places


# ------------------------------------------------------------------ the observer and the result
@jit
def side_totals(s, t, common, out):
    cfg = t[0]
    held = O_POINTS if cfg[C_PIP_SCORE] else O_COUNTERS
    for seat in range(cfg[C_PLAYERS]):
        out[seat] = s[held + seat]


@jit
def scores_moved(s):
    """Counters and points move only when a round is settled (and the next one staked)."""
    return s[SETTLED_AT] == s[MOVES]


@jit
def final_scores(s, t, out):
    """`GameBase.compensated(scores())`: counters or points, plus the compensation of each later turn
    position from the first leader (every seat its own side)."""
    cfg = t[0]
    n = cfg[C_PLAYERS]
    held = O_POINTS if cfg[C_PIP_SCORE] else O_COUNTERS
    step = t[11][0]
    for seat in range(n):
        out[seat] = s[held + seat]
        if step:
            out[seat] += step * ((seat - s[FIRST] + n) % n)


@jit
def placements(s, t, out):
    """Places by (final score, rounds won if the rules break ties so): one more than the seats above."""
    scores = np.empty(t[0][C_PLAYERS], dtype=np.float64)
    final_scores(s, t, scores)
    places_by(s, t, scores, out)


@jit
def places_by(s, t, scores, out):
    """`placements` from the final scores (`final_scores`)."""
    cfg = t[0]
    n = cfg[C_PLAYERS]
    tie_break = cfg[C_ROUNDS_BREAK_TIES] != 0
    for seat in range(n):
        place = 1
        for other in range(n):
            if scores[other] > scores[seat] or (
                scores[other] == scores[seat] and tie_break and s[O_WON + other] > s[O_WON + seat]
            ):
                place += 1
        out[seat] = place


@jit
def result(s, t, common, capped, res):
    """`State.result` (or `capped_result`): first seat, draw, winners, scores, places, metrics."""
    cfg = t[0]
    n = cfg[C_PLAYERS]
    scores = res[3 : 3 + n]  # written in place: a result allocates nothing
    places = res[3 + n : 3 + 2 * n]
    final_scores(s, t, scores)
    places_by(s, t, scores, places)
    mask = 0
    for seat in range(n):
        if places[seat] == 1:
            mask |= 1 << seat
    draw = (mask & (mask - 1)) != 0
    if capped:
        mask = 0
        draw = False
    res[0] = s[FIRST]
    res[1] = 1.0 if draw else 0.0
    res[2] = mask
    k = 3 + 2 * n
    res[k] = s[ROUND]
    for i in range(len(COUNTS)):
        res[k + 1 + i] = s[COUNTS[i]]
    hi = s[O_COUNTERS]
    lo = s[O_COUNTERS]
    for seat in range(1, n):
        hi = max(hi, s[O_COUNTERS + seat])
        lo = min(lo, s[O_COUNTERS + seat])
    res[k + 7] = hi - lo
    res[k + 8] = s[POT]
    for i in range(2 * MAX_SEATS):
        res[k + 9 + i] = s[O_WINS_POS + i]


# ------------------------------------------------------------------ the engine's own agents
@jit
def own_choose(s, t, kind, rng, moves, count):
    """`heavy` or `keep_ends` on the view `s`, from `moves[:count]` (two or more)."""
    if kind == HEAVY:
        return heavy(t, rng, moves, count)
    return keep_ends(s, t, rng, moves, count)


@jit
def heavy(t, rng, moves, count):
    """`HeavyAgent`: the play with the most pips; equal pips by its generator."""
    pips = t[3]
    best = -1
    for k in range(count):
        if moves[k] != PASS and pips[moves[k] >> 1] > best:
            best = pips[moves[k] >> 1]
    top = np.empty(count, dtype=np.int64)
    tops = 0
    for k in range(count):
        if moves[k] != PASS and pips[moves[k] >> 1] == best:
            top[tops] = moves[k]
            tops += 1
    return top[mt.randbelow(rng, tops)] if tops > 1 else top[0]


@jit
def keep_ends(s, t, rng, moves, count):
    """`KeepEndsAgent`: most own tiles fitting the new ends, then least threat from the next seat, then
    most pips; equal keys by its generator."""
    cfg, pips, match = t[0], t[3], t[5]
    me = s[PLAYER]
    hand = s[O_HANDS + me]
    unseen = cfg[C_FULL] & ~(hand | s[LINE])
    void = s[O_VOIDS + next_seat(s, cfg[C_PLAYERS], me)]
    best = np.empty(count, dtype=np.int64)
    nbest = 0
    best_own = best_threat = best_pips = 0  # the best key so far: (own, -threat, pips)
    for k in range(count):
        move = moves[k]
        if move == PASS:
            continue
        tile = move >> 1
        left, right = s[LEFT], s[RIGHT]
        if move & 1:
            right = pips[tile] - right
        else:
            left = pips[tile] - left
        own = popcount(hand & ~(1 << tile) & (match[left] | match[right]))
        threat = 0
        if not void >> left & 1:
            threat += popcount(unseen & match[left])
        if right != left and not void >> right & 1:
            threat += popcount(unseen & match[right])
        key = (own, -threat, pips[tile])
        if nbest == 0 or key > (best_own, best_threat, best_pips):
            best_own, best_threat, best_pips = key
            best[0] = move
            nbest = 1
        elif key == (best_own, best_threat, best_pips):
            best[nbest] = move
            nbest += 1
    return best[mt.randbelow(rng, nbest)] if nbest > 1 else best[0]


class Core(CoreBase):
    """Tiddly-Wink's core for one `Game` (its rule options in the tables)."""

    # CPU seconds its first compile takes, without the searches and with them (`python -m simulate.fast`
    # on an empty cache, 2026-12-07): said before a machine has measured its own
    compile_seconds: ClassVar[tuple[float, float]] = (21.0, 36.0)
    implements: ClassVar[frozenset[str]] = frozenset(
        (
            "all_out",
            "compensation",
            "counters",
            "double_bonus",
            "draw",
            "forced_play",
            "hand",
            "match_end",
            "match_tie",
            "no_double",
            "opening_double_bonus",
            "position_counters",
            "round_cap",
            "round_score",
            "stake",
            "tie",
        )
    )
    own_agents: ClassVar[dict[type, int]] = {HeavyAgent: HEAVY, KeepEndsAgent: KEEP_ENDS}

    def __init__(self, game: Game):
        space = 2 * game.tiles + 1
        super().__init__(game, tables(game), move_offset=1, move_space=space, max_legal=space)

    def python_fields(self, state: Any) -> dict[str, Any]:
        """What the conformance test compares of a Python state."""
        n = self.game.players
        return {
            "header": [
                state.player,
                int(state.bonus),
                state.passes,
                state.leader,
                state.round,
                int(state.over),
                state.first,
                state.moves,
                state.settled_at,
                int(state.capped),
                state.busts,
                state.blocked,
                state.tied,
                state.redeals,
                state.bonus_plays,
                state.draws,
                state.pot,
                state.n_active,
                state.line,
                state.left,
                state.right,
            ],
            "counters": list(state.counters),
            "active": [int(a) for a in state.active],
            "hands": list(state.hands),
            "sizes": list(state.sizes),
            "voids": list(state.voids),
            "rounds_won": list(state.rounds_won),
            "points": list(state.points),
            "positions": list(state.wins_pos) + list(state.blocked_pos),
            "bone": list(state.bone),
            "seats": n,
            "generator": None if state.rng is None else list(state.rng.getstate()[1]),
        }

    def core_fields(self, s: np.ndarray, r: np.ndarray | None) -> dict[str, Any]:
        """The same fields read off a core state."""
        n = self.game.players

        def part(at: int, size: int = n) -> list[int]:
            return [int(v) for v in s[at : at + size]]

        return {
            "header": part(0, RIGHT + 1),
            "counters": part(O_COUNTERS),
            "active": part(O_ACTIVE),
            "hands": part(O_HANDS),
            "sizes": part(O_SIZES),
            "voids": part(O_VOIDS),
            "rounds_won": part(O_WON),
            "points": part(O_POINTS),
            "positions": part(O_WINS_POS, 2 * MAX_SEATS),
            "bone": part(O_BONE, int(s[BONE_LEN])),
            "seats": n,
            "generator": None if r is None else mt.settle(r),
        }
