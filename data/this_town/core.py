"""This Town's compiled core: the rules of `engine.py` on flat arrays, for compiled play and search.

`engine.py` stays the rules' reference; this file says the same rules for
numba, function by function (`attach` is `_attach`, `settle` is `_settle`,
...), and `tests/simulate/test_fast_conformance.py` holds it to the engine move
by move (legal moves, state after every move, rows), `tests/test_this_town_core.py`
every gain to `move_gain`.

The table is a window of `width` x `width` cells around the start tile, wide
enough that no tile can leave it: a tile is placed next to one on the table,
the start tile never moves, and a game places its tiles once each and
relocates at most once per section holding a silver bar (a relocation comes
from a town scoring, a scored town's sections never score again), so no
tile lies more than `tiles - 1 + bar sections` steps from the start tile.
A cell of the window is `row * width + column`; the core's moves are
`cell * 4 + rot` for a placement, `pick_base + slot` to relocate a tile and
-1 to decline (`Core` turns the engine's moves, cells of its 1024-wide
grid, into these and back).

A state is one int64 array: a header (`PLAYER` .. `MOVABLE_LEN`, the points
per colour and the metrics kept as the game goes), room for a gain's
working (`WORK`), then the stack (drawn from its end as the engine pops its
list), each tile's cell and rotation, the tiles on the table in placement
order, the union-find over sections as the engine keeps it (parent, open
edges, bars, the circular list of a town's sections, done, scored before,
brands), the tiles locked, the towns scored, the frontier in the engine's
dict order, the tiles a relocation may lift, scratch (a rebuild's order, a
town's tiles, the depth-first search for the tiles that hold the table
together), and the grid, a byte a cell (a tile's slot + 1, minus a frontier
cell's tiled neighbours, or 0). Brand counts are packed 16 bits a colour
(`pack`), so a union adds a town's brands in one sum. About 1,800 numbers
for the 25 tiles, which a view and each search iteration copy.

The game's generator deals the stack and draws the first player, nothing
after, so a sampled state needs none: `sample` draws the engine's
`getrandbits(64)` from the agent's generator and seeds nothing. `gain` is
`move_gain` worked out from the cell's surroundings and the tile's own
towns as `State._completions` does, without the engine's memo (a gain costs
about 50 ns).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from simulate.fast import mt
from simulate.fast.arrays import copy_into, fill
from simulate.fast.core import CoreBase
from simulate.fast.jit import jit, leaf

from .engine import (
    COLOURS,
    DECLINE,
    DROP,
    M_3COLOURS,
    M_BRANDS,
    M_CHAINS,
    M_DECLINED,
    M_LARGEST,
    M_NPC,
    M_OPEN,
    M_POINTS,
    M_RELOCATIONS,
    M_SCORING,
    M_TIE,
    M_TIE_DECIDED,
    M_TILES,
    M_TOWNS,
    METRICS,
    ORIGIN,
    OVER,
    PICK,
    PLACE,
    WIDTH,
    Game,
)

TIE_BREAKS = ("largest_town", "next_largest", "shared")
LARGEST_TOWN, NEXT_LARGEST, SHARED = range(3)
# header of a state
PLAYER, PHASE, CURRENT, PICKED, FIRST, MOVES, SCORED = range(7)
STACK_LEN, ORDER_LEN, FRONT_LEN, TOWNS, MOVABLE_LEN = range(7, 12)  # lengths of the lists below
POINTS = 12  # per colour (4)
STATS = POINTS + COLOURS  # the metrics (METRICS), as State.stats keeps them
WORK = STATS + len(METRICS)  # room for `attach`'s towns touched and a gain's working
W_ROOTS, W_GAINED, W_POINTS = WORK, WORK + 4, WORK + 8  # per direction, per colour, per colour
HEADER = WORK + 12
# the config, at the start of the int tables t[0]: the rules, then where each part of a state starts
(
    C_TILES,
    C_PLAYERS,
    C_WIDTH,
    C_ORIGIN,
    C_ROTATIONS,
    C_RELOCATION,
    C_CONNECTED,
    C_LOCK_FENCES,
    C_TIE_BREAK,
    C_RANDOM_FIRST,
    C_NPC_RANKED,
    C_TOTAL_BRANDS,
    C_PICK_BASE,
    O_STACK,
    O_CELL,
    O_ROT,
    O_ORDER,
    O_PARENT,
    O_OPENS,
    O_BARS,
    O_NXT,
    O_DONE,
    O_CLOSED,
    O_BRANDS,
    O_LOCKED,
    O_COMPLETED,
    O_FRONT,
    O_MOVABLE,
    O_POS,
    O_MARK,
    O_DEPTH,
    O_LOW,
    O_WAY,
    O_TRAIL,
    O_CUT,
    O_GRID,
    C_LENGTH,
    # where each table starts: per slot and section, fenced edges, the root and next section of the
    # towns it comes out of the stack with, bars and brands (per root, `pack`ed); per slot and root,
    # the sections of the tile's own town there (a mask, 0 if none); per slot, rotation and mask of
    # fenced neighbours, whether it closes a town of its own sections (Game.closes_alone)
    K_FENCED,
    K_ROOT,
    K_NEXT,
    K_BARS,
    K_BRANDS,
    K_GROUPS,
    K_ALONE,
    C_SIZE,
) = range(45)


def pack(counts: Any) -> int:
    """Brand counts per colour as one number, 16 bits a colour (`count`), so that a union adds them."""
    return sum(int(x) << (16 * c) for c, x in enumerate(counts))


def window(game: Game) -> int:
    """Steps from the start tile that bound every tile and frontier cell of a game (see the module)."""
    bars = sum(1 for face in game.faces for b in face.bars if b) if game.relocation else 0
    return game.tiles + bars


def tables(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The rules of `game` as two arrays: the config and the tiles' tables packed in one int array (read
    through the `K_` offsets), and the compensation."""
    n = game.tiles
    assert n < 128, "a cell of the grid holds a slot in a byte"
    half = window(game)
    width = 2 * half + 1
    sections = 4 * n
    sizes = [
        ("stack", n),
        ("cell", n),
        ("rot", n),
        ("order", n),
        ("parent", sections),
        ("opens", sections),
        ("bars", sections),
        ("nxt", sections),
        ("done", sections),
        ("closed", sections),
        ("brands", sections),
        ("locked", n),
        ("completed", sections),  # a scored town closes a section for good: at most one a section
        ("front", 4 * n),
        ("movable", n),
        ("pos", n),
        ("mark", n),
        ("depth", n),
        ("low", n),
        ("way", n),
        ("trail", n),
        ("cut", n),
        ("grid", (width * width + 7) // 8),
    ]
    offsets = [HEADER]
    for _, size in sizes:
        offsets.append(offsets[-1] + size)
    cfg = [n, game.players, width, half * width + half, len(game.rotations), int(game.relocation)]
    cfg += [int(game.connected), int(game.lock_fences), TIE_BREAKS.index(game.tie_break)]
    cfg += [int(game.random_first), int(game.npc_ranked), game.total_brands, 4 * width * width]
    cfg += offsets
    fenced = [int(f) for edges in game.edge_fenced for f in edges]
    root = [r - 4 * slot for slot, parent in enumerate(game.init_parent) for r in parent]
    following = [x - 4 * slot for slot, nxt in enumerate(game.init_nxt) for x in nxt]
    bars = [b for per in game.init_bars for b in per]
    brands = [pack(per[k * COLOURS : k * COLOURS + COLOURS]) for per in game.init_brands for k in range(4)]
    groups = [0] * sections
    for slot, own in enumerate(game.groups):
        for j, members in own:
            groups[4 * slot + j] = sum(1 << k for k in members)
    alone = [int(x) for per in game.closes_alone for rot in per for x in rot]
    parts = (fenced, root, following, bars, brands, groups, alone)
    starts = [C_SIZE]
    for part in parts[:-1]:
        starts.append(starts[-1] + len(part))
    ints = np.array(cfg + starts + [x for part in parts for x in part], dtype=np.int64)
    assert len(cfg) == K_FENCED and ints.size == C_SIZE + sum(len(part) for part in parts)
    return ints, np.array([game.compensation], dtype=np.float64)


# ------------------------------------------------------------------ the grid and the union-find
@leaf
def step(t, d):
    """The cell offset of direction d (N, E, S, W) in the window."""
    width = t[0][C_WIDTH]
    return -width if d == 0 else 1 if d == 1 else width if d == 2 else -1


@leaf
def grid_get(s, t, cell):
    """What the grid holds at `cell`: a tile's slot + 1, minus a frontier cell's tiled neighbours, or 0
    (a signed byte, eight cells a number: a view copies a few hundred numbers, not thousands)."""
    v = s[t[0][O_GRID] + (cell >> 3)] >> ((cell & 7) << 3) & 0xFF
    return v - 256 if v >= 128 else v


@leaf
def grid_set(s, t, cell, v):
    at = t[0][O_GRID] + (cell >> 3)
    shift = (cell & 7) << 3
    s[at] = (s[at] & ~(0xFF << shift)) | ((v & 0xFF) << shift)


@leaf
def tile_at(s, t, cell):
    """The slot of the tile on `cell`, or -1."""
    v = grid_get(s, t, cell)
    return v - 1 if v > 0 else -1


@leaf
def count(packed, c):
    """Colour c's brands of brand counts packed by `pack`."""
    return packed >> (16 * c) & 0xFFFF


@leaf
def find(s, t, x):
    """`State._find`, halving the path as it goes."""
    p = t[0][O_PARENT]
    while s[p + x] != x:
        s[p + x] = s[p + s[p + x]]
        x = s[p + x]
    return x


@leaf
def union(s, t, a, b):
    """`State._union`: b's town joins a's (a's root stays the root)."""
    ints = t[0]
    ra = find(s, t, a)
    rb = find(s, t, b)
    if ra == rb:
        return
    s[ints[O_PARENT] + rb] = ra
    s[ints[O_OPENS] + ra] += s[ints[O_OPENS] + rb]
    s[ints[O_BARS] + ra] += s[ints[O_BARS] + rb]
    s[ints[O_BRANDS] + ra] += s[ints[O_BRANDS] + rb]
    nxt = ints[O_NXT]
    x = s[nxt + ra]
    s[nxt + ra] = s[nxt + rb]
    s[nxt + rb] = x


@leaf
def fenced(t, x):
    """Whether section x (slot * 4 + k) has its outer edge fenced."""
    ints = t[0]
    return ints[ints[K_FENCED] + x] != 0


@leaf
def attach(s, t, slot, cell, rot, limit):
    """`State._attach`: tile `slot`'s sections joined to the towns around `cell`; how many neighbours'
    towns it touched (their roots at `WORK`). A neighbour counts when it is on the grid and, in a
    rebuild (`limit` >= 0), attached before the `limit`-th tile of the order."""
    ints = t[0]
    # every offset read before the first write: numba cannot tell that `s` and the tables do not overlap
    parent, opens, bars, nxt = ints[O_PARENT], ints[O_OPENS], ints[O_BARS], ints[O_NXT]
    brands = ints[O_BRANDS]
    k_root, k_next, k_bars, k_brands = ints[K_ROOT], ints[K_NEXT], ints[K_BARS], ints[K_BRANDS]
    k_fenced, pos, rot_of = ints[K_FENCED], ints[O_POS], ints[O_ROT]
    base = slot * 4
    for x in range(base, base + 4):
        s[parent + x] = base + ints[k_root + x]
        s[nxt + x] = base + ints[k_next + x]
        s[bars + x] = ints[k_bars + x]
        s[opens + x] = 0
        s[brands + x] = ints[k_brands + x]
    touched = 0
    for d in range(4):
        k = (d - rot) & 3
        other = tile_at(s, t, cell + step(t, d))
        if other >= 0 and limit >= 0 and s[pos + other] >= limit:
            other = -1
        if other < 0:
            if not ints[k_fenced + base + k]:
                s[opens + find(s, t, base + k)] += 1
            continue
        ok = (d + 2 - s[rot_of + other]) & 3
        if ints[k_fenced + other * 4 + ok]:
            continue
        r = find(s, t, other * 4 + ok)
        s[opens + r] -= 1
        s[WORK + touched] = r
        touched += 1
        if not ints[k_fenced + base + k]:
            union(s, t, base + k, r)
    return touched


@leaf
def drop(s, at, length, value):
    """Take `value` out of the list s[at : at + s[length]], the rest keeping their order (the engine's
    `list.remove` and `del` of a dict's key)."""
    count = s[length]
    i = 0
    while s[at + i] != value:
        i += 1
    for j in range(i, count - 1):
        s[at + j] = s[at + j + 1]
    s[length] = count - 1


@leaf
def place(s, t, slot, cell, rot):
    """`State._place`: put tile `slot` on `cell`; how many towns it touched (`attach`)."""
    ints = t[0]
    touched = attach(s, t, slot, cell, rot, -1)
    was = grid_get(s, t, cell)
    grid_set(s, t, cell, slot + 1)
    s[ints[O_CELL] + slot] = cell
    s[ints[O_ROT] + slot] = rot
    s[ints[O_ORDER] + s[ORDER_LEN]] = slot
    s[ORDER_LEN] += 1
    if was < 0:
        drop(s, ints[O_FRONT], FRONT_LEN, cell)
    for d in range(4):
        y = cell + step(t, d)
        v = grid_get(s, t, y)
        if v <= 0:
            if v == 0:
                s[ints[O_FRONT] + s[FRONT_LEN]] = y
                s[FRONT_LEN] += 1
            grid_set(s, t, y, v - 1)
    return touched


@leaf
def lift(s, t, slot):
    """`State._lift`: take tile `slot` off the table and rebuild the towns of the tiles left."""
    ints = t[0]
    cell = s[ints[O_CELL] + slot]
    grid_set(s, t, cell, 0)
    s[ints[O_CELL] + slot] = -1
    drop(s, ints[O_ORDER], ORDER_LEN, slot)
    near = 0
    for d in range(4):
        y = cell + step(t, d)
        v = grid_get(s, t, y)
        if v > 0:
            near += 1
        elif v == -1:
            grid_set(s, t, y, 0)
            drop(s, ints[O_FRONT], FRONT_LEN, y)
        else:
            grid_set(s, t, y, v + 1)
    if near:
        grid_set(s, t, cell, -near)
        s[ints[O_FRONT] + s[FRONT_LEN]] = cell
        s[FRONT_LEN] += 1
    rebuild(s, t)


@leaf
def rebuild(s, t):
    """`State._rebuild`: the towns afresh, tile by tile in placement order; complete ones marked done."""
    ints = t[0]
    order, pos = ints[O_ORDER], ints[O_POS]
    count = s[ORDER_LEN]
    for i in range(count):
        s[pos + s[order + i]] = i
    for i in range(count):
        slot = s[order + i]
        attach(s, t, slot, s[ints[O_CELL] + slot], s[ints[O_ROT] + slot], i)
    done = ints[O_DONE]
    fill(s, done, done + 4 * ints[C_TILES], 0)
    for i in range(count):
        slot = s[order + i]
        for k in range(4):
            r = find(s, t, slot * 4 + k)
            if s[ints[O_OPENS] + r] == 0:
                s[done + r] = 1


# ------------------------------------------------------------------ scoring
@leaf
def below(x, c0, c1, c2, c3):
    """`town_points` for a colour with `x` brands in a town of brand counts c0..c3: the count of the
    rank just below its own (the largest count under x, none counted if 0), 0 for the last rank."""
    if x == 0:
        return 0
    best = 0
    for c in (c0, c1, c2, c3):
        if best < c < x:
            best = c
    return best


@leaf
def score_town(s, t, brands, out):
    """The points per colour (into s[out..out + 4]) of a completed town with these brand counts
    (`pack`), NPC brands ranked or left out as the rules say (`Game.points_of`)."""
    ints = t[0]
    n = ints[C_PLAYERS]
    ranked = ints[C_NPC_RANKED] != 0
    c0 = count(brands, 0)
    c1 = count(brands, 1)
    c2 = count(brands, 2) if ranked or n > 2 else 0
    c3 = count(brands, 3) if ranked or n > 3 else 0
    s[out] = below(c0, c0, c1, c2, c3)
    s[out + 1] = below(c1, c0, c1, c2, c3)
    s[out + 2] = below(c2, c0, c1, c2, c3)
    s[out + 3] = below(c3, c0, c1, c2, c3)


@leaf
def complete(s, t, r):
    """`State._complete`: settle the town of root `r`, just closed (lock its tiles, mark its sections
    scored, score it unless one was scored before); whether it scored."""
    ints = t[0]
    s[ints[O_DONE] + r] = 1
    mark, locked, closed = ints[O_MARK], ints[O_LOCKED], ints[O_CLOSED]
    lock_fences = ints[C_LOCK_FENCES] != 0
    tiles = 0
    again = False
    x = r
    while True:
        slot = x >> 2
        if not s[mark + slot]:
            s[mark + slot] = 1
            tiles += 1
        s[locked + slot] = 1
        again = again or s[closed + x] != 0
        s[closed + x] = 1
        if lock_fences and not fenced(t, x):
            # the tile across closes the town, by joining it or by its fence: moving it would reopen it
            y = s[ints[O_CELL] + slot] + step(t, ((x & 3) + s[ints[O_ROT] + slot]) & 3)
            s[locked + tile_at(s, t, y)] = 1
        x = s[ints[O_NXT] + x]
        if x == r:
            break
    while True:  # the marks cleared for the next town
        s[mark + (x >> 2)] = 0
        x = s[ints[O_NXT] + x]
        if x == r:
            break
    if again:
        return False
    s[SCORED] = 1
    brands = s[ints[O_BRANDS] + r]
    score_town(s, t, brands, W_GAINED)
    s[ints[O_COMPLETED] + s[TOWNS]] = brands
    total = gained = colours = 0
    for c in range(COLOURS):
        s[POINTS + c] += s[W_GAINED + c]
        total += count(brands, c)
        gained += s[W_GAINED + c]
        colours += 1 if count(brands, c) else 0
    s[TOWNS] += 1
    s[STATS + M_TOWNS] += 1
    s[STATS + M_TILES] += tiles
    s[STATS + M_BRANDS] += total
    s[STATS + M_POINTS] += gained
    s[STATS + M_SCORING] += 1 if gained else 0
    s[STATS + M_3COLOURS] += 1 if colours >= 3 else 0
    s[STATS + M_LARGEST] = max(s[STATS + M_LARGEST], total)
    return True


@leaf
def settle(s, t, slot, touched):
    """`State._settle`: score every town the last placement completed (its own sections' and the
    `touched` towns at `WORK`); whether one of them holds a silver bar."""
    ints = t[0]
    bar = False
    for i in range(4 + touched):
        x = slot * 4 + i if i < 4 else s[WORK + i - 4]
        r = find(s, t, x)
        if s[ints[O_OPENS] + r] == 0 and not s[ints[O_DONE] + r] and complete(s, t, r):
            bar = bar or s[ints[O_BARS] + r] > 0
    return bar


# ------------------------------------------------------------------ relocations
@leaf
def find_cuts(s, t):
    """`cut_cells`: mark (at `O_CUT`) the tiles whose removal would split the tiles left: articulation
    points of the tiles' adjacency, by an iterative depth-first search from the start tile (Tarjan)."""
    ints = t[0]
    order, cell_of = ints[O_ORDER], ints[O_CELL]
    depth, low, way, trail, cut = ints[O_DEPTH], ints[O_LOW], ints[O_WAY], ints[O_TRAIL], ints[O_CUT]
    for i in range(s[ORDER_LEN]):
        slot = s[order + i]
        s[depth + slot] = -1
        s[cut + slot] = 0
    s[depth] = 0
    s[low] = 0
    s[way] = 0
    s[trail] = 0
    top = 1
    while top > 0:
        x = s[trail + top - 1]
        d = s[way + x]
        if d < 4:
            s[way + x] = d + 1
            y = tile_at(s, t, s[cell_of + x] + step(t, d))
            if y < 0 or (top >= 2 and y == s[trail + top - 2]):
                continue
            if s[depth + y] >= 0:
                s[low + x] = min(s[low + x], s[depth + y])
                continue
            s[depth + y] = s[depth + x] + 1
            s[low + y] = s[depth + y]
            s[way + y] = 0
            s[trail + top] = y
            top += 1
        else:
            top -= 1
            if top > 0:
                up = s[trail + top - 1]
                s[low + up] = min(s[low + up], s[low + x])
                if top > 1 and s[low + x] >= s[depth + up]:
                    s[cut + up] = 1


@leaf
def find_movable(s, t):
    """`State.movable` into the state's list: tiles in placement order, not the start tile, not locked,
    and (when relocations keep the table connected) none whose removal splits the table. How many."""
    ints = t[0]
    order, locked, movable, cut = ints[O_ORDER], ints[O_LOCKED], ints[O_MOVABLE], ints[O_CUT]
    connected = ints[C_CONNECTED] != 0
    if connected:
        find_cuts(s, t)
    count = 0
    for i in range(s[ORDER_LEN]):
        slot = s[order + i]
        if slot and not s[locked + slot] and not (connected and s[cut + slot]):
            s[movable + count] = slot
            count += 1
    s[MOVABLE_LEN] = count
    return count


# ------------------------------------------------------------------ moves
@leaf
def current(s):
    return s[PLAYER]


@leaf
def is_over(s):
    return s[PHASE] == OVER


@leaf
def end_turn(s, t):
    s[PLAYER] = (s[PLAYER] + 1) % t[0][C_PLAYERS]
    if s[STACK_LEN]:
        s[STACK_LEN] -= 1
        s[CURRENT] = s[t[0][O_STACK] + s[STACK_LEN]]
        s[PHASE] = PLACE
    else:
        s[PHASE] = OVER


@leaf
def after_placement(s, t, bar):
    """A completed town with a bar lets the player relocate a tile, if one may move (the list kept)."""
    if bar and t[0][C_RELOCATION] and find_movable(s, t) > 0:
        s[PHASE] = PICK
    else:
        end_turn(s, t)


@leaf
def apply(s, r, t, move):
    s[MOVES] += 1
    s[SCORED] = 0
    phase = s[PHASE]
    if phase == PLACE:
        slot = s[CURRENT]
        s[CURRENT] = -1
        touched = place(s, t, slot, move >> 2, move & 3)
        after_placement(s, t, settle(s, t, slot, touched))
    elif phase == PICK:
        if move == DECLINE:
            s[STATS + M_DECLINED] += 1
            end_turn(s, t)
        else:
            slot = move - t[0][C_PICK_BASE]
            s[PICKED] = slot
            lift(s, t, slot)
            s[PHASE] = DROP
    elif phase == DROP:
        slot = s[PICKED]
        s[PICKED] = -1
        s[STATS + M_RELOCATIONS] += 1
        touched = place(s, t, slot, move >> 2, move & 3)
        bar = settle(s, t, slot, touched)
        s[STATS + M_CHAINS] += 1 if bar and t[0][C_RELOCATION] else 0
        after_placement(s, t, bar)


@leaf
def legal(s, t, out):
    ints = t[0]
    phase = s[PHASE]
    if phase == PLACE or phase == DROP:
        front = ints[O_FRONT]
        rotations = ints[C_ROTATIONS]
        count = 0
        for i in range(s[FRONT_LEN]):
            cell = s[front + i]
            for rot in range(rotations):
                out[count] = cell * 4 + rot
                count += 1
        return count
    if phase == PICK:
        out[0] = DECLINE
        for i in range(s[MOVABLE_LEN]):
            out[1 + i] = ints[C_PICK_BASE] + s[ints[O_MOVABLE] + i]
        return 1 + s[MOVABLE_LEN]
    return 0


@leaf
def legal_count(s, t):
    phase = s[PHASE]
    if phase == PLACE or phase == DROP:
        return s[FRONT_LEN] * t[0][C_ROTATIONS]
    if phase == PICK:
        return 1 + s[MOVABLE_LEN]
    return 0


@leaf
def legal_nth(s, t, k, buf):
    ints = t[0]
    if s[PHASE] == PICK:
        return DECLINE if k == 0 else ints[C_PICK_BASE] + s[ints[O_MOVABLE] + k - 1]
    if ints[C_ROTATIONS] == 1:
        return s[ints[O_FRONT] + k] * 4
    return s[ints[O_FRONT] + (k >> 2)] * 4 + (k & 3)


# ------------------------------------------------------------------ the greedy agent's gain
@leaf
def was_closed(s, t, r):
    """`State._was_closed`: whether the town of root `r` holds a section of a town scored before."""
    ints = t[0]
    x = r
    while True:
        if s[ints[O_CLOSED] + x]:
            return True
        x = s[ints[O_NXT] + x]
        if x == r:
            return False


@leaf
def add_town(s, t, brands, n):
    """The points of a completed town with these brand counts (`pack`) added to the gains per seat."""
    score_town(s, t, brands, W_POINTS)
    for c in range(n):
        s[W_GAINED + c] += s[W_POINTS + c]


@leaf
def gain(s, t, move, seat, rng):
    """`State.move_gain`: the change in `seat`'s lead over the best other seat from the towns the
    placement completes (`State.completions`, as `_completions` works them out from `_around`)."""
    ints = t[0]
    phase = s[PHASE]
    if phase != PLACE and phase != DROP:
        return 0.0
    slot = s[CURRENT] if phase == PLACE else s[PICKED]
    cell = move >> 2
    rot = move & 3
    opens, brands = ints[O_OPENS], ints[O_BRANDS]
    # `_around`: the tiles next to the cell, those fenced towards it, the town met each other way
    present = walls = 0
    for d in range(4):
        s[W_ROOTS + d] = -1
        other = tile_at(s, t, cell + step(t, d))
        if other < 0:
            continue
        present |= 1 << d
        ok = (d + 2 - s[ints[O_ROT] + other]) & 3
        if fenced(t, other * 4 + ok):
            walls |= 1 << d
        else:
            s[W_ROOTS + d] = find(s, t, other * 4 + ok)
    # per direction, the directions meeting the same town; the towns the placement closes
    same = 0  # 4 bits per direction
    closing = 0
    for d in range(4):
        r = s[W_ROOTS + d]
        if r < 0:
            continue
        mask = 0
        for e in range(4):
            if s[W_ROOTS + e] == r:
                mask |= 1 << e
        same |= mask << (4 * d)
        if d == lowest(mask):
            facing = (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1)
            x = s[opens + r]
            if x == facing and not s[ints[O_DONE] + r] and not was_closed(s, t, r):
                closing |= mask
    if closing == 0 and ints[ints[K_ALONE] + (slot * 4 + rot) * 16 + walls] == 0:
        return 0.0
    # the tile's own towns joined through unfenced edges: per joined town, 16 bits (its own towns,
    # the directions met, open to an empty cell)
    joined = 0
    count = 0
    base = slot * 4
    for j in range(4):
        members = ints[ints[K_GROUPS] + base + j]
        if members == 0:
            continue
        ways = 0
        gap = 0
        for k in range(4):
            if members >> k & 1 and not fenced(t, base + k):
                d = (k + rot) & 3
                if not present >> d & 1:
                    gap = 1
                elif s[W_ROOTS + d] >= 0:
                    ways |= same >> (4 * d) & 15
        field = 1 << j | ways << 4 | gap << 8
        kept = 0
        left = 0
        for i in range(count):
            other = joined >> (16 * i) & 0xFFFF
            if other >> 4 & ways & 15:
                field |= other
            else:
                kept |= other << (16 * left)
                left += 1
        joined = kept | field << (16 * left)
        count = left + 1
    n = ints[C_PLAYERS]
    fill(s, W_GAINED, W_GAINED + COLOURS, 0)
    linked = 0
    for i in range(count):
        field = joined >> (16 * i) & 0xFFFF
        ways = field >> 4 & 15
        linked |= ways
        if field >> 8 & 1 or ways & ~closing & 15:
            continue
        town = 0
        for j in range(4):
            if field >> j & 1:
                town += ints[ints[K_BRANDS] + base + j]
        for d in range(4):
            if ways >> d & 1 and d == lowest(same >> (4 * d) & 15):
                town += s[brands + s[W_ROOTS + d]]
        add_town(s, t, town, n)
    for d in range(4):
        if closing >> d & 1 and not linked >> d & 1 and d == lowest(same >> (4 * d) & 15):
            add_town(s, t, s[brands + s[W_ROOTS + d]], n)
    return 0.0 + lead(s, POINTS, W_GAINED, seat, n) - lead(s, POINTS, -1, seat, n)


@leaf
def lowest(mask):
    """The lowest direction of a non-empty 4-bit mask."""
    return 0 if mask & 1 else 1 if mask & 2 else 2 if mask & 4 else 3


@leaf
def lead(s, at, plus, seat, n):
    """`seat`'s points (s[at..], with s[plus..] added unless `plus` < 0) less the best other seat's."""
    best = -(2**62)
    mine = 0
    for c in range(n):
        x = s[at + c] + (s[plus + c] if plus >= 0 else 0)
        if c == seat:
            mine = x
        elif x > best:
            best = x
    return mine - best


# ------------------------------------------------------------------ views and results
@leaf
def evaluate(s, t, seat):
    """`GameBase.evaluate`: the seat's points less the best other seat's."""
    return 0.0 + lead(s, POINTS, -1, seat, t[0][C_PLAYERS])


@leaf
def make_view(s, t, seat, out):
    """`State.view`: everything but the stack's order (sorted)."""
    copy_into(s, out)
    at = t[0][O_STACK]
    for i in range(1, s[STACK_LEN]):  # insertion sort: a couple of dozen tiles
        x = out[at + i]
        j = i - 1
        while j >= 0 and out[at + j] > x:
            out[at + j + 1] = out[at + j]
            j -= 1
        out[at + j + 1] = x


@leaf
def sample(s, t, rng, seat, s_out, r_out):
    """`State.sample`: the stack sorted, then shuffled by `rng`, and the 64 bits the engine seeds the
    sample's generator with drawn (the game never draws again, so nothing is seeded)."""
    make_view(s, t, seat, s_out)
    at = t[0][O_STACK]
    mt.shuffle(rng, s_out[at : at + s[STACK_LEN]], s[STACK_LEN])
    mt.getrandbits(rng, 64)


@leaf
def side_totals(s, t, common, out):
    for seat in range(t[0][C_PLAYERS]):
        out[seat] = 0.0 + s[POINTS + seat]


@leaf
def scores_moved(s):
    return s[SCORED] != 0


@leaf
def winners_of(s, t, scores, places):
    """`State.result`'s winners (a seat mask) from the compensated `scores`, and its placements: ties
    for the top broken as the rules say (`break_tie`), a tied seat the tie-break passes over one place
    down."""
    n = t[0][C_PLAYERS]
    top = scores[0]
    for seat in range(1, n):
        top = max(top, scores[seat])
    tied = 0
    for seat in range(n):
        if scores[seat] == top:
            tied |= 1 << seat
    winners = break_tie(s, t, tied) if tied & (tied - 1) else tied
    for seat in range(n):
        place_ = 1
        for other in range(n):
            if scores[other] > scores[seat]:
                place_ += 1
        if tied >> seat & 1 and not winners >> seat & 1:
            place_ += 1
        places[seat] = place_
    return winners


@leaf
def break_tie(s, t, tied):
    """`break_tie`: the winners among the `tied` seats (a mask), by the completed towns."""
    ints = t[0]
    reading = ints[C_TIE_BREAK]
    if reading == SHARED:
        return tied
    n = ints[C_PLAYERS]
    towns = ints[O_COMPLETED]
    above = 2**62
    while True:
        total = -1  # the next largest town size below `above`
        for i in range(s[TOWNS]):
            size = town_size(s[towns + i])
            if total < size < above:
                total = size
        if total < 0:
            return tied
        same = 0
        town = 0
        for i in range(s[TOWNS]):
            if town_size(s[towns + i]) == total:
                same += 1
                town = s[towns + i]
        if same == 1:
            best = -1
            for seat in range(n):
                if tied >> seat & 1 and count(town, seat) > best:
                    best = count(town, seat)
            leaders = 0
            for seat in range(n):
                if tied >> seat & 1 and count(town, seat) == best:
                    leaders |= 1 << seat
            if leaders & (leaders - 1) == 0:
                return leaders
        if reading == LARGEST_TOWN:
            return tied
        above = total


@leaf
def town_size(brands):
    """Brands in a town of brand counts `brands` (`pack`)."""
    return count(brands, 0) + count(brands, 1) + count(brands, 2) + count(brands, 3)


@leaf
def final_scores(s, t, out):
    """`GameBase.compensated(scores())`: each seat is its own side, the k-th to move from the first
    seat gets k times the compensation."""
    n = t[0][C_PLAYERS]
    step_ = t[1][0]
    for seat in range(n):
        out[seat] = 0.0 + s[POINTS + seat]
        if step_ != 0:
            out[seat] += step_ * ((seat - s[FIRST]) % n)


@jit
def placements(s, t, out):
    n = t[0][C_PLAYERS]
    scores = np.empty(n, dtype=np.float64)
    final_scores(s, t, scores)
    winners_of(s, t, scores, out)


@leaf
def result(s, t, common, capped, res):
    """`State.result` (or `capped_result`): first seat, draw, winners, scores, places, metrics."""
    ints = t[0]
    n = ints[C_PLAYERS]
    scores = res[3 : 3 + n]  # written in place: a result allocates nothing
    final_scores(s, t, scores)
    winners = winners_of(s, t, scores, res[3 + n : 3 + 2 * n])
    tied = 0
    top = scores[0]
    for seat in range(1, n):
        top = max(top, scores[seat])
    for seat in range(n):
        if scores[seat] == top:
            tied += 1
    draw = winners & (winners - 1) != 0
    res[0] = s[FIRST]
    res[1] = 1.0 if draw and not capped else 0.0
    res[2] = 0 if capped else winners
    at = 3 + 2 * n
    for k in range(len(METRICS)):
        res[at + k] = s[STATS + k]
    res[at + M_TIE] = 1 if tied > 1 else 0
    res[at + M_TIE_DECIDED] = 1 if tied > 1 and not draw else 0
    npc = 0
    for c in range(n, COLOURS):
        npc += s[POINTS + c]
    res[at + M_NPC] = npc
    res[at + M_OPEN] = ints[C_TOTAL_BRANDS] - s[STATS + M_BRANDS]


# ------------------------------------------------------------------ set-up
@jit
def new_state(t, game_seed):
    r = np.empty(mt.N + 1, dtype=np.uint32)
    mt.seed(r, game_seed)
    return start_state(t, r), r


@jit
def start_state(t, r):
    """`State.fresh`: the stack shuffled, the first player drawn, the start tile placed, a tile drawn."""
    ints = t[0]
    s = np.zeros(ints[C_LENGTH], dtype=np.int64)
    deal(s, t, r)
    return s


@leaf
def deal(s, t, r):
    ints = t[0]
    tiles = ints[C_TILES]
    stack = ints[O_STACK]
    for k in range(tiles - 1):
        s[stack + k] = k + 1
    mt.shuffle(r, s[stack : stack + tiles - 1], tiles - 1)
    s[STACK_LEN] = tiles - 1
    fill(s, ints[O_CELL], ints[O_CELL] + tiles, -1)
    for x in range(4 * tiles):
        s[ints[O_PARENT] + x] = x
        s[ints[O_NXT] + x] = x
    s[PICKED] = -1
    s[FIRST] = mt.randbelow(r, ints[C_PLAYERS]) if ints[C_RANDOM_FIRST] else 0
    s[PLAYER] = s[FIRST]
    settle(s, t, 0, place(s, t, 0, ints[C_ORIGIN], 0))
    s[STACK_LEN] -= 1
    s[CURRENT] = s[stack + s[STACK_LEN]]
    s[PHASE] = PLACE


class Core(CoreBase):
    """This Town's core for one `Game` (its rule options in the tables)."""

    # CPU seconds its first compile takes, without the searches and with them (`python -m simulate.fast`
    # on an empty cache, 2026-12-07): said before a machine has measured its own
    compile_seconds: ClassVar[tuple[float, float]] = (21.0, 27.0)
    # every rule of the data file, each read in `tables` (the tile set through the engine's faces)
    implements: ClassVar[frozenset[str]] = frozenset(
        (
            "compensation",
            "first_player",
            "npc_brands",
            "relocation",
            "relocation_connected",
            "relocation_lock",
            "rotation",
            "tie_break",
            "tile_set",
        )
    )

    def __init__(self, game: Game):
        t = tables(game)
        ints = t[0]
        self.width = int(ints[C_WIDTH])
        self.half = window(game)
        self.pick_base = int(ints[C_PICK_BASE])
        tiles = game.tiles
        super().__init__(game, t, move_offset=1, move_space=self.pick_base + tiles + 1,
                         max_legal=max(16 * tiles, tiles + 1))  # fmt: skip

    # ---------------------------------------------------------------- the engine's moves and cells
    def cell_in(self, cell: int) -> int:
        """The window's cell for a cell of the engine's grid."""
        row, col = divmod(cell - ORIGIN, WIDTH)
        if col > WIDTH // 2:  # divmod of a negative offset: the column wrapped
            row, col = row + 1, col - WIDTH
        return (row + self.half) * self.width + col + self.half

    def cell_out(self, cell: int) -> int:
        """The engine's cell for a cell of the window."""
        row, col = divmod(cell, self.width)
        return ORIGIN + (row - self.half) * WIDTH + col - self.half

    def move_in(self, move: int) -> int:
        if move == DECLINE:
            return DECLINE
        if 0 <= move < self.game.tiles:
            return self.pick_base + move
        return self.cell_in(move // 4) * 4 + move % 4

    def move_out(self, move: int) -> int:
        if move == DECLINE:
            return DECLINE
        if move >= self.pick_base:
            return move - self.pick_base
        return self.cell_out(move // 4) * 4 + move % 4

    def legal(self, s: np.ndarray) -> list[int]:
        """The legal moves as the engine numbers them."""
        return [self.move_out(m) for m in super().legal(s)]

    def apply(self, s: np.ndarray, r: np.ndarray, move: int) -> None:
        """Play the engine's `move`."""
        super().apply(s, r, self.move_in(move))

    # ---------------------------------------------------------------- the check
    def python_fields(self, state: Any) -> dict[str, Any]:
        """What the conformance test compares of a Python state."""
        n = self.game.tiles
        on_table = [slot * 4 + k for slot in state.order for k in range(4)]

        def root(x: int) -> int:
            while state.parent[x] != x:
                x = state.parent[x]
            return x

        roots = [root(x) for x in on_table]
        return {
            "header": [
                state.player,
                state.phase,
                state.current,
                state.picked,
                state.first,
                state.moves,
                int(state.scored),
            ],
            "stack": list(state.stack),
            "cells": list(state.cell_of),
            "rots": [state.rot_of[slot] for slot in range(n) if state.cell_of[slot] >= 0],
            "order": list(state.order),
            "front": list(state.front.items()),
            "roots": roots,
            "towns": [
                [state.opens[r], state.bars[r], state.done[r], *state.brands[r * COLOURS : (r + 1) * COLOURS]]
                for r in roots
            ],
            "members": sorted(sorted(town) for town in _cycles(state.nxt, set(roots))),
            "closed": list(state.closed),
            "locked": list(state.locked),
            "points": list(state.points),
            "completed": [list(town) for town in state.completed],
            "stats": list(state.stats),
            "movable": state.movable() if state.phase == PICK else None,
            "generator": None if state.rng is None else list(state.rng.getstate()[1]),
        }

    def core_fields(self, s: np.ndarray, r: np.ndarray | None) -> dict[str, Any]:
        """The same fields read off a core state."""
        ints = self.tables[0]
        n = self.game.tiles

        def part(at: int, size: int) -> list[int]:
            start = int(ints[at])
            return [int(v) for v in s[start : start + size]]

        parent = part(O_PARENT, 4 * n)
        order = part(O_ORDER, int(s[ORDER_LEN]))
        on_table = [slot * 4 + k for slot in order for k in range(4)]

        def root(x: int) -> int:
            while parent[x] != x:
                x = parent[x]
            return x

        roots = [root(x) for x in on_table]
        opens, bars, done = part(O_OPENS, 4 * n), part(O_BARS, 4 * n), part(O_DONE, 4 * n)
        brands = [unpack(x) for x in part(O_BRANDS, 4 * n)]
        cells = part(O_CELL, n)
        rots = part(O_ROT, n)
        front = part(O_FRONT, int(s[FRONT_LEN]))
        return {
            "header": [int(s[k]) for k in (PLAYER, PHASE, CURRENT, PICKED, FIRST, MOVES, SCORED)],
            "stack": part(O_STACK, int(s[STACK_LEN])),
            "cells": [self.cell_out(c) if c >= 0 else -1 for c in cells],
            "rots": [rots[slot] for slot in range(n) if cells[slot] >= 0],
            "order": order,
            "front": [(self.cell_out(c), -int(grid_get(s, self.tables, c))) for c in front],
            "roots": roots,
            "towns": [[opens[x], bars[x], done[x], *brands[x]] for x in roots],
            "members": sorted(sorted(town) for town in _cycles(part(O_NXT, 4 * n), set(roots))),
            "closed": part(O_CLOSED, 4 * n),
            "locked": part(O_LOCKED, n),
            "points": [int(v) for v in s[POINTS : POINTS + COLOURS]],
            "completed": [unpack(x) for x in part(O_COMPLETED, int(s[TOWNS]))],
            "stats": [int(v) for v in s[STATS : STATS + len(METRICS)]],
            "movable": part(O_MOVABLE, int(s[MOVABLE_LEN])) if s[PHASE] == PICK else None,
            "generator": None if r is None else mt.settle(r),
        }


def unpack(brands: int) -> list[int]:
    """The brand counts per colour of a number `pack` made."""
    return [brands >> (16 * c) & 0xFFFF for c in range(COLOURS)]


def _cycles(nxt: list[int], roots: set[int]) -> list[list[int]]:
    """The sections of each town, read off its circular list from its root."""
    out = []
    for r in sorted(roots):
        town = [r]
        x = nxt[r]
        while x != r:
            town.append(x)
            x = nxt[x]
        out.append(town)
    return out
