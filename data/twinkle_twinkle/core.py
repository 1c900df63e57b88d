"""Twinkle Twinkle's compiled core: the rules of `engine.py` on flat arrays, for compiled play and search.

`engine.py` stays the rules' reference and `scoring.py` its scoring; this file
says the same rules for numba, and `tests/simulate/test_fast_conformance.py`
holds it to the engine move by move (legal moves, state after every move,
rows), `tests/test_twinkle_core.py` every gain to `move_gain`, every
evaluation to `evaluate`. A state is one int64 array: a header (`TURN` .. `BAG_LEN`), the bag, the two
observation rows, the turn order and the standees' slots, then one block per
seat (its chart and the analysis of it that scoring and gains read: kinds,
constellation groups and the constellations by size, asteroid clusters,
black holes' company, blue cancellations, link masks, each space's comets,
black holes and dark black holes next to it, planets and black holes per
line, points per category, a lone star tile's constellation change per
number of stars), then the best gains worked out so far per seat and tile
shape. Its generator is a separate `simulate.fast.mt` array: the game draws
only to shuffle the bag and the standees, so a search never draws from it.

A seat's analysis is made afresh from its chart after each tile it places
(`analyse`); the gains of a placement are worked out from it, one function
per kind of tile, as `gains.py` works them out from an `Analysis` (each the
exact change of `score_chart`). As in `gains.ChartGains`, a star tile whose
exits meet no neighbour's scores by a formula of its space's neighbourhood
and the chart's lone terms (`lone_gain`), so only the spaces where an exit
meets a neighbour's are tried orientation by orientation; the analysis, and
with it what the gains read, is part of the state, so a view and a search's
copies carry it. Moves are the engine's: a slot 0..7, or
`PLACE + space * 8 + orientation`. Rule options (score references' sides,
tables, chart size, flips, slow tiles, compensation) come in the tables,
read off the Python `Game`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from simulate.fast import mt
from simulate.fast.arrays import copy_into, fill
from simulate.fast.core import CoreBase
from simulate.fast.jit import jit, leaf

from .engine import MAX_SLOTS, PLACE, W_LEFT, Game, GreedyLeftAgent
from .scoring import (
    ASTEROID,
    BLACK_HOLE,
    C_ASTEROIDS,
    C_BLACK_HOLES,
    C_COMETS,
    C_COUNT,
    C_NEW,
    C_PLANETS,
    C_SATELLITES,
    C_SIZE,
    CATEGORIES,
    COMET,
    OPPOSITE,
    PLANET,
    SATELLITE,
    STAR,
)

NONE = -(10**9)  # gains.NONE: the gain of no space (a full chart)
UNKNOWN = -(2**62)  # a best gain not yet worked out
GREEDY_LEFT = 5  # the engine's own agent greedy_left, the first kind after the generic ones (search.OWN)
LEFT_WEIGHT = GreedyLeftAgent.LEFT_WEIGHT
OPPOSITES = np.array(OPPOSITE, dtype=np.int64)

# header of a state
TURN, HELD, ROUND, FIRST, MOVES, SLOW_LEFT, OVER, BAG_LEN, PLAYER = range(9)
HEADER = 9
# a seat's block: numbers, then arrays of one entry per space (SPACES), then per row and per column
B_FILLED, B_GROUPS, B_CLUSTERS, B_LARGEST, B_NEW = range(5)
B_COUNTS = 5  # tiles of each kind (6)
B_POINTS = 11  # points per category (8), the comparisons with rivals aside
B_CONSTELLATIONS = 19  # groups of two or more stars
B_SPACES = 20
(
    PLACED,  # tile * 8 + orientation, -1 empty
    KINDS,  # kind, -1 empty
    STARS,
    EXITS,
    COMP,  # constellation group of a star tile, -1 elsewhere
    RAW,  # per group: its stars
    CNT,  # per group: its stars that count (blue black holes cancel their neighbours')
    AST,  # asteroid cluster, -1 elsewhere
    AST_SIZE,  # per cluster
    CANCELLED,
    DEAD,
    ALONE,
    DARK,
    LINKS,  # directions in which a star tile's exit would meet a neighbour's
    NEAR_COMETS,  # comets orthogonally next to the space
    NEAR_HOLES,  # black holes orthogonally next to it
    NEAR_DARK,  # dark black holes orthogonally next to it
    BY_SIZE,  # the constellations' groups, most counted stars first (B_CONSTELLATIONS of them)
    SPACE_ARRAYS,
) = range(19)
# after the per-space arrays, per row and per column: planets and black holes; then per number of stars
# (0 .. C_MOST_STARS) a lone star tile's constellation change away from black holes, then next to one

# the config row, cfg = t[0]
(
    C_ROWS,
    C_COLS,
    C_CELLS,
    C_PLAYERS,
    C_PICKS,
    C_CUR,
    C_NEXT,
    C_TILES,
    C_SHAPES,
    C_BLUE_COMETS,
    C_BLUE_ASTEROIDS,
    C_BLUE_PLANETS,
    C_BLUE_HOLES,
    C_BLUE_SATELLITES,
    C_LARGEST,
    C_SIZE_FROM,
    C_COUNT_FROM,
    C_NEW_STAR,
    C_COMET_STAR,
    C_COMET_CONSTELLATION,
    C_ASTEROID_PENALTY,
    C_PLANET_GREEN,
    C_PLANET_BLUE,
    C_PLANET_BONUS,
    C_HOLE_GREEN_ALONE,
    C_HOLE_GREEN_DARK,
    C_HOLE_BLUE_ALONE,
    C_SAT_GREEN,
    C_SAT_BLUE,
    C_MOST_STARS,
    O_BAG,
    O_CUR,
    O_NEXT,
    O_ORDER,
    O_AT,
    O_SEATS,
    C_SEAT_LENGTH,
    O_BEST,
    C_LENGTH,
) = range(39)
# the tables' order in `tables`, which packs them into one int64 array (`tab` reads one): numba passes
# a tuple of arrays by value, seven numbers an array, to every function it does not inline, so 20 arrays
# cost more to pass than most gains cost to work out
(
    T_CFG,
    T_NB,
    T_ORTH_N,
    T_ORTH,
    T_AROUND_N,
    T_AROUND,
    T_ROW_OF,
    T_COL_OF,
    T_KIND,
    T_SLOW,
    T_STARS,
    T_NEW,
    T_SHAPE,
    T_EXITS,
    T_TURNS_N,
    T_TURNS,
    T_SIZE_POINTS,
    T_COUNT_POINTS,
    T_ASTEROID_POINTS,
    T_OWNER,
    T_FLOATS,
) = range(21)
K_TABLES = C_LENGTH + 1  # cfg[K_TABLES + k]: where int table k starts (and k + 1, where it ends)


def tables(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The rules of `game` as two arrays: the int tables packed (config, geometry, tiles, score tables,
    standees; the two-dimensional ones row by row, 4 or 8 a row) and the floats (the compensation)."""
    geo, sc = game.geo, game.scoring
    n, cells, tiles = game.players, geo.size, len(game.records)
    shapes = max(game.signature) + 1
    most_stars = max(c[0].stars for c in game.cell)
    seat_length = B_SPACES + SPACE_ARRAYS * cells + geo.rows + geo.cols + 2 * (most_stars + 1)
    o_bag = HEADER
    o_cur = o_bag + tiles
    o_next = o_cur + game.cur_size
    o_order = o_next + game.next_size
    o_at = o_order + game.picks
    o_seats = o_at + game.picks
    o_best = o_seats + n * seat_length
    cfg = [geo.rows, geo.cols, cells, n, game.picks, game.cur_size, game.next_size, tiles, shapes]
    cfg += [int(b) for b in sc.blue]  # comets, asteroids, planets, black_holes, satellites
    cfg += [sc.largest, sc.size_from, sc.count_from, sc.new_star, sc.comet_star, sc.comet_constellation]
    cfg += [sc.asteroid_penalty, sc.planet_green, sc.planet_blue, sc.planet_bonus]
    cfg += [sc.bh_green_alone, sc.bh_green_dark, sc.bh_blue_alone, sc.sat_green, sc.sat_blue, most_stars]
    cfg += [o_bag, o_cur, o_next, o_order, o_at, o_seats, seat_length, o_best, o_best + n * shapes]
    assert len(cfg) == C_LENGTH + 1
    orth_n = np.array([len(o) for o in geo.orth], dtype=np.int64)
    orth = np.full((cells, 4), -1, dtype=np.int64)
    for x, near in enumerate(geo.orth):
        orth[x, : len(near)] = near
    around_n = np.array([len(a) for a in geo.around], dtype=np.int64)
    around = np.full((cells, 8), -1, dtype=np.int64)
    for x, near in enumerate(geo.around):
        around[x, : len(near)] = near
    exits = np.zeros((tiles, 8), dtype=np.int64)
    turns = np.zeros((tiles, 8), dtype=np.int64)
    for k in range(tiles):
        for o, cell in enumerate(game.cell[k]):
            if cell is not None:
                exits[k, o] = cell.exits
        turns[k, : len(game.turns[k])] = game.turns[k]
    first = game.cell
    nb = np.array(geo.nb, dtype=np.int64)
    assert nb.shape == (cells, 8)
    parts = (
        nb,
        orth_n,
        orth,
        around_n,
        around,
        np.array(geo.row_of, dtype=np.int64),
        np.array(geo.col_of, dtype=np.int64),
        np.array(game.kind, dtype=np.int64),
        np.array(game.slow, dtype=np.int64),
        np.array([first[k][0].stars for k in range(tiles)], dtype=np.int64),
        np.array([first[k][0].new for k in range(tiles)], dtype=np.int64),
        np.array(game.signature, dtype=np.int64),
        exits,
        np.array([len(tt) for tt in game.turns], dtype=np.int64),
        turns,
        np.array(sc.size_points, dtype=np.int64),
        np.array(sc.count_points, dtype=np.int64),
        np.array(sc.asteroid_by_size, dtype=np.int64),
        np.array(game.standee_owner, dtype=np.int64),
    )
    starts = [K_TABLES + T_FLOATS + 1]
    for part in parts:
        starts.append(starts[-1] + part.size)
    ints = np.concatenate([np.array(cfg + [0] + starts, dtype=np.int64)] + [p.ravel() for p in parts])
    return ints, np.array([game.compensation], dtype=np.float64)


@leaf
def tab_at(t, k, i):
    """Entry `i` of int table `k` (`tab(t, k)[i]` without the view, which a leaf may not return)."""
    ints = t[0]
    return ints[ints[K_TABLES + k] + i]


@jit
def tab(t, k):
    """Int table `k` of the packed tables (`tables`); `tab(t, T_CFG)` is `t[0]` from its start."""
    ints = t[0]
    return ints[ints[K_TABLES + k] : ints[K_TABLES + k + 1]]


# ------------------------------------------------------------------ set-up
@jit
def new_state(t, game_seed):
    cfg = t[0]
    r = np.empty(mt.N + 1, dtype=np.uint32)
    mt.seed(r, game_seed)
    s = np.zeros(cfg[C_LENGTH], dtype=np.int64)
    tiles = cfg[C_TILES]
    bag = cfg[O_BAG]
    for k in range(tiles):
        s[bag + k] = k
    mt.shuffle_at(r, s, bag, tiles)
    s[BAG_LEN] = tiles
    fill(s, cfg[O_CUR], cfg[O_CUR] + cfg[C_CUR], -1)
    fill(s, cfg[O_NEXT], cfg[O_NEXT] + cfg[C_NEXT], -1)
    fill_row(s, t, cfg[O_CUR], cfg[C_CUR])
    fill_row(s, t, cfg[O_NEXT], cfg[C_NEXT])
    picks = cfg[C_PICKS]
    for k in range(picks):
        s[cfg[O_ORDER] + k] = k
    mt.shuffle_at(r, s, cfg[O_ORDER], picks)
    s[FIRST] = s[PLAYER] = tab(t, T_OWNER)[s[cfg[O_ORDER]]]
    fill(s, cfg[O_AT], cfg[O_AT] + picks, -1)
    s[HELD] = -1
    for seat in range(cfg[C_PLAYERS]):
        b = seat_base(cfg, seat)
        fill(s, b + B_SPACES, b + cfg[C_SEAT_LENGTH], 0)
        fill(s, space_at(cfg, b, PLACED), space_at(cfg, b, PLACED) + cfg[C_CELLS], -1)
        analyse(s, t, b)
    fill(s, cfg[O_BEST], cfg[C_LENGTH], UNKNOWN)
    return s, r


@jit
def fill_row(s, t, at, size):
    """`State._fill`: tiles from the end of the bag into the row's empty spaces left to right; a slow tile
    takes the rightmost empty space."""
    slow = tab(t, T_SLOW)
    while s[BAG_LEN] > 0:
        first = -1
        last = -1
        for k in range(size):
            if s[at + k] < 0:
                if first < 0:
                    first = k
                last = k
        if first < 0:
            return
        s[BAG_LEN] -= 1
        tile = s[t[0][O_BAG] + s[BAG_LEN]]
        s[at + (last if slow[tile] else first)] = tile


@leaf
def seat_base(cfg, seat):
    return cfg[O_SEATS] + seat * cfg[C_SEAT_LENGTH]


@leaf
def space_at(cfg, b, part):
    """Where the per-space array `part` of the seat block at `b` starts."""
    return b + B_SPACES + part * cfg[C_CELLS]


# ------------------------------------------------------------------ the analysis of a chart
@jit
def table(value, start, points):
    """`scoring._table`: points[value - start], the last entry for that value or more; 0 below start."""
    if value < start or points.size == 0:
        return 0
    return points[min(value - start, points.size - 1)]


@jit
def asteroid_points(t, size):
    """`Scoring.asteroid`: points of a cluster of `size` asteroids."""
    by_size = tab(t, T_ASTEROID_POINTS)
    return by_size[size] if size < by_size.size else by_size[by_size.size - 1]


@jit
def hole_points(cfg, alone, dark):
    """`Scoring.black_hole`."""
    if not alone:
        return 0
    if cfg[C_BLUE_HOLES]:
        return cfg[C_HOLE_BLUE_ALONE]
    return cfg[C_HOLE_GREEN_ALONE] + (cfg[C_HOLE_GREEN_DARK] if dark else 0)


@jit
def analyse(s, t, b):
    """The seat block at `b` analysed afresh from its chart (`PLACED`): what `scoring.Analysis` finds,
    and the points per category."""
    cfg = t[0]
    nb = tab(t, T_NB)
    orth_n = tab(t, T_ORTH_N)
    orth = tab(t, T_ORTH)
    cells = cfg[C_CELLS]
    placed, kinds = space_at(cfg, b, PLACED), space_at(cfg, b, KINDS)
    stars, exits = space_at(cfg, b, STARS), space_at(cfg, b, EXITS)
    comp, raw, cnt = space_at(cfg, b, COMP), space_at(cfg, b, RAW), space_at(cfg, b, CNT)
    ast, ast_size = space_at(cfg, b, AST), space_at(cfg, b, AST_SIZE)
    cancelled, dead, alone = space_at(cfg, b, CANCELLED), space_at(cfg, b, DEAD), space_at(cfg, b, ALONE)
    dark, links = space_at(cfg, b, DARK), space_at(cfg, b, LINKS)
    rows = b + B_SPACES + SPACE_ARRAYS * cells
    cols = rows + cfg[C_ROWS]
    fill(s, b + B_COUNTS, b + B_COUNTS + 6, 0)
    kind_of = tab(t, T_KIND)
    row_of = tab(t, T_ROW_OF)
    col_of = tab(t, T_COL_OF)
    stars_of = tab(t, T_STARS)
    exits_of = tab(t, T_EXITS)
    new_of = tab(t, T_NEW)
    new = 0
    for x in range(cells):
        p = s[placed + x]
        if p < 0:
            s[kinds + x] = -1
            s[stars + x] = 0
            s[exits + x] = 0
            continue
        tile = p // 8
        kind = kind_of[tile]
        s[kinds + x] = kind
        s[b + B_COUNTS + kind] += 1
        if kind == STAR:
            s[stars + x] = stars_of[tile]
            s[exits + x] = exits_of[8 * tile + p % 8]
            new += new_of[tile]
        else:
            s[stars + x] = 0
            s[exits + x] = 0
    s[b + B_NEW] = new
    blue_holes = cfg[C_BLUE_HOLES] != 0
    fill(s, rows, rows + cfg[C_ROWS] + cfg[C_COLS], 0)
    for x in range(cells):
        kind = s[kinds + x]
        hole_next = False
        star_or_planet_next = False
        for k in range(orth_n[x]):
            y = orth[4 * x + k]
            if s[kinds + y] == BLACK_HOLE:
                hole_next = True
            elif s[kinds + y] == STAR or s[kinds + y] == PLANET:
                star_or_planet_next = True
        s[cancelled + x] = 1 if blue_holes and kind == STAR and hole_next else 0
        s[dead + x] = 1 if blue_holes and kind == PLANET and hole_next else 0
        s[alone + x] = 1 if kind == BLACK_HOLE and not hole_next else 0
        s[dark + x] = 1 if kind == BLACK_HOLE and not hole_next and not star_or_planet_next else 0
        if kind == PLANET or kind == BLACK_HOLE:
            s[rows + row_of[x]] += 1
            s[cols + col_of[x]] += 1
        mask = 0
        for d in range(8):
            y = nb[8 * x + d]
            if y >= 0 and s[kinds + y] == STAR and s[exits + y] >> OPPOSITES[d] & 1:
                mask |= 1 << d
        s[links + x] = mask
    # what a star tile's gain reads of its neighbourhood: every kind and darkness is known by now
    near_comets, near_holes = space_at(cfg, b, NEAR_COMETS), space_at(cfg, b, NEAR_HOLES)
    near_dark = space_at(cfg, b, NEAR_DARK)
    for x in range(cells):
        comets = 0
        holes = 0
        darks = 0
        for k in range(orth_n[x]):
            y = orth[4 * x + k]
            if s[kinds + y] == COMET:
                comets += 1
            elif s[kinds + y] == BLACK_HOLE:
                holes += 1
                darks += s[dark + y]
        s[near_comets + x] = comets
        s[near_holes + x] = holes
        s[near_dark + x] = darks
    # constellation groups: star tiles joined through matching exits
    stack = np.empty(cells, dtype=np.int64)
    fill(s, comp, comp + cells, -1)
    groups = 0
    for x in range(cells):
        if s[kinds + x] != STAR or s[comp + x] >= 0:
            continue
        s[comp + x] = groups
        total = 0
        counted = 0
        stack[0] = x
        top = 1
        while top > 0:
            top -= 1
            y = stack[top]
            total += s[stars + y]
            if not s[cancelled + y]:
                counted += s[stars + y]
            e = s[exits + y]
            for d in range(8):
                if e >> d & 1:
                    z = nb[8 * y + d]
                    joins = z >= 0 and s[comp + z] < 0 and s[kinds + z] == STAR
                    if joins and s[exits + z] >> OPPOSITES[d] & 1:
                        s[comp + z] = groups
                        stack[top] = z
                        top += 1
        s[raw + groups] = total
        s[cnt + groups] = counted
        groups += 1
    s[b + B_GROUPS] = groups
    # the constellations, most counted stars first (an insertion sort: a chart has a handful)
    by_size = space_at(cfg, b, BY_SIZE)
    m = 0
    for g in range(groups):
        if s[raw + g] < 2:
            continue
        k = m
        while k > 0 and s[cnt + s[by_size + k - 1]] < s[cnt + g]:
            s[by_size + k] = s[by_size + k - 1]
            k -= 1
        s[by_size + k] = g
        m += 1
    s[b + B_CONSTELLATIONS] = m
    # asteroid clusters: asteroids joined orthogonally or diagonally
    around_n = tab(t, T_AROUND_N)
    around = tab(t, T_AROUND)
    fill(s, ast, ast + cells, -1)
    clusters = 0
    largest = 0
    for x in range(cells):
        if s[kinds + x] != ASTEROID or s[ast + x] >= 0:
            continue
        s[ast + x] = clusters
        size = 0
        stack[0] = x
        top = 1
        while top > 0:
            top -= 1
            y = stack[top]
            size += 1
            for k in range(around_n[y]):
                z = around[8 * y + k]
                if s[ast + z] < 0 and s[kinds + z] == ASTEROID:
                    s[ast + z] = clusters
                    stack[top] = z
                    top += 1
        s[ast_size + clusters] = size
        largest = max(largest, size)
        clusters += 1
    s[b + B_CLUSTERS] = clusters
    s[b + B_LARGEST] = largest
    chart_points(s, t, b)
    lone_terms(s, t, b)


@jit
def terms_at(cfg, b):
    """Where the seat block at `b` keeps a lone star tile's constellation change per number of stars."""
    return b + B_SPACES + SPACE_ARRAYS * cfg[C_CELLS] + cfg[C_ROWS] + cfg[C_COLS]


@jit
def lone_terms(s, t, b):
    """`gains.lone_star_terms`' constellation parts, per number of stars: what a star tile whose exits
    meet no neighbour's changes in the constellations away from black holes, and next to one (blue black
    holes cancel its stars). A tile of one star is no constellation."""
    cfg = t[0]
    at = terms_at(cfg, b)
    most = cfg[C_MOST_STARS]
    before = s[b + B_POINTS + C_SIZE] + s[b + B_POINTS + C_COUNT]
    by_hole = constellations_with(s, t, b, 0, 0) - before
    for stars in range(most + 1):
        plain = constellations_with(s, t, b, 0, stars) - before if stars >= 2 else 0
        s[at + stars] = plain
        s[at + most + 1 + stars] = (by_hole if cfg[C_BLUE_HOLES] else plain) if stars >= 2 else 0


@jit
def constellations_with(s, t, b, joined, counted):
    """The constellation points (size and count, `Scoring.constellation_points` summed) of the chart at
    `b` once the groups of `joined` (a bit each) leave it and a constellation of `counted` stars joins
    (none where `counted` < 0): the `largest` biggest, read off `BY_SIZE` with the new one merged in."""
    cfg = t[0]
    by_size, cnt = space_at(cfg, b, BY_SIZE), space_at(cfg, b, CNT)
    largest = cfg[C_LARGEST]
    size_from = cfg[C_SIZE_FROM]
    size_table = tab(t, T_SIZE_POINTS)
    points = 0
    taken = 0
    m = 0
    pending = counted >= 0
    for i in range(s[b + B_CONSTELLATIONS]):
        g = s[by_size + i]
        if joined >> g & 1:
            continue
        v = s[cnt + g]
        if pending and counted >= v:
            if taken < largest:
                points += table(counted, size_from, size_table)
                taken += 1
            pending = False
        if taken < largest:
            points += table(v, size_from, size_table)
            taken += 1
        m += 1
    if pending and taken < largest:
        points += table(counted, size_from, size_table)
    if counted >= 0:
        m += 1
    return points + table(m, cfg[C_COUNT_FROM], tab(t, T_COUNT_POINTS))


@jit
def chart_points(s, t, b):
    """Points per category of the analysed chart at `b`, the comparisons with rivals aside
    (`scoring.CATEGORY_POINTS`)."""
    cfg = t[0]
    orth_n = tab(t, T_ORTH_N)
    orth = tab(t, T_ORTH)
    cells = cfg[C_CELLS]
    kinds = space_at(cfg, b, KINDS)
    rows = b + B_SPACES + SPACE_ARRAYS * cells
    cols = rows + cfg[C_ROWS]
    pts = b + B_POINTS
    row_of = tab(t, T_ROW_OF)
    col_of = tab(t, T_COL_OF)
    count = table(s[b + B_CONSTELLATIONS], cfg[C_COUNT_FROM], tab(t, T_COUNT_POINTS))
    s[pts + C_COUNT] = count
    s[pts + C_SIZE] = constellations_with(s, t, b, 0, -1) - count
    s[pts + C_NEW] = cfg[C_NEW_STAR] * s[b + B_NEW]
    comets = 0
    planets = 0
    holes = 0
    satellites = 0
    for x in range(cells):
        kind = s[kinds + x]
        if kind == COMET:
            comets += comet_points_at(s, t, b, x)
        elif kind == PLANET:
            if not s[space_at(cfg, b, DEAD) + x]:
                planets += 1
        elif kind == BLACK_HOLE:
            holes += hole_points(cfg, s[space_at(cfg, b, ALONE) + x], s[space_at(cfg, b, DARK) + x])
        elif kind == SATELLITE:
            if cfg[C_BLUE_SATELLITES]:
                satellites += cfg[C_SAT_BLUE] * max(s[rows + row_of[x]], s[cols + col_of[x]])
            else:
                near = 0
                for k in range(orth_n[x]):
                    y = orth[4 * x + k]
                    if s[kinds + y] == PLANET or s[kinds + y] == BLACK_HOLE:
                        near += 1
                satellites += cfg[C_SAT_GREEN] * near
    s[pts + C_COMETS] = comets
    if cfg[C_BLUE_ASTEROIDS]:
        s[pts + C_ASTEROIDS] = asteroid_points(t, s[b + B_LARGEST])
    else:
        total = 0
        ast_size = space_at(cfg, b, AST_SIZE)
        for a in range(s[b + B_CLUSTERS]):
            total += asteroid_points(t, s[ast_size + a])
        s[pts + C_ASTEROIDS] = total
    s[pts + C_PLANETS] = (cfg[C_PLANET_BLUE] if cfg[C_BLUE_PLANETS] else cfg[C_PLANET_GREEN]) * planets
    s[pts + C_BLACK_HOLES] = holes
    s[pts + C_SATELLITES] = satellites


@jit
def comet_points_at(s, t, b, z):
    """`Analysis.comet`: points of a comet on `z` (blue: per distinct constellation next to it; green: per
    star next to it)."""
    cfg = t[0]
    orth_n = tab(t, T_ORTH_N)
    orth = tab(t, T_ORTH)
    kinds, stars = space_at(cfg, b, KINDS), space_at(cfg, b, STARS)
    comp, raw = space_at(cfg, b, COMP), space_at(cfg, b, RAW)
    if not cfg[C_BLUE_COMETS]:
        total = 0
        for k in range(orth_n[z]):
            y = orth[4 * z + k]
            if s[kinds + y] == STAR:
                total += s[stars + y]
        return cfg[C_COMET_STAR] * total
    seen = 0  # the constellations next to it, a bit each
    for k in range(orth_n[z]):
        y = orth[4 * z + k]
        if s[kinds + y] == STAR and s[raw + s[comp + y]] >= 2:
            seen |= 1 << s[comp + y]
    return cfg[C_COMET_CONSTELLATION] * bit_count(seen)


@jit
def bit_count(mask):
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


# ------------------------------------------------------------------ scores
@jit
def rival_counts(s, t, seat):
    """`scoring.rivals`: the fewest asteroid tiles and the most planets of the other seats."""
    cfg = t[0]
    fewest = 1 << 40
    most = -1
    for other in range(cfg[C_PLAYERS]):
        if other != seat:
            b = seat_base(cfg, other)
            fewest = min(fewest, s[b + B_COUNTS + ASTEROID])
            most = max(most, s[b + B_COUNTS + PLANET])
    return fewest, most


@jit
def rival_parts(s, t, seat):
    """`scoring.rival_points`: (asteroid points, planet points) of `seat`'s chart from the comparisons."""
    cfg = t[0]
    b = seat_base(cfg, seat)
    fewest, most = rival_counts(s, t, seat)
    asteroids = 0
    planets = 0
    if cfg[C_BLUE_ASTEROIDS] and s[b + B_COUNTS + ASTEROID] <= fewest:
        asteroids = -cfg[C_ASTEROID_PENALTY]
    mine = s[b + B_COUNTS + PLANET]
    if cfg[C_BLUE_PLANETS] and mine >= 1 and mine >= most:
        planets = cfg[C_PLANET_BONUS]
    return asteroids, planets


@jit
def score(s, t, seat):
    """`State.scores()[seat]`: the chart's points, the comparisons with the rivals' counts included."""
    cfg = t[0]
    b = seat_base(cfg, seat)
    total = 0
    for c in range(8):
        total += s[b + B_POINTS + c]
    asteroids, planets = rival_parts(s, t, seat)
    return total + asteroids + planets


# ------------------------------------------------------------------ gains (gains.py, from the analysis)
@jit
def orth_count(s, t, b, x, kind):
    """Tiles of `kind` orthogonally next to `x` on the chart at `b`."""
    cfg = t[0]
    orth_n = tab(t, T_ORTH_N)
    orth = tab(t, T_ORTH)
    kinds = space_at(cfg, b, KINDS)
    count = 0
    for k in range(orth_n[x]):
        if s[kinds + orth[4 * x + k]] == kind:
            count += 1
    return count


@jit
def darkness_lost(s, t, b, x):
    """`gains._darkness_lost`: green, a star tile or planet on `x` takes each dark neighbour's bonus."""
    cfg = t[0]
    if cfg[C_BLUE_HOLES]:
        return 0
    return -cfg[C_HOLE_GREEN_DARK] * s[space_at(cfg, b, NEAR_DARK) + x]


@jit
def lone_gain(s, t, b, x, stars):
    """`gains.lone_star_gain`: a star tile of `stars` stars (none new) on `x` whose exits meet no
    neighbour's, from the space's neighbourhood and the chart's lone terms (`lone_terms`)."""
    cfg = t[0]
    per_comet = 0
    if not cfg[C_BLUE_COMETS]:
        per_comet = cfg[C_COMET_STAR] * stars
    elif stars >= 2:  # a constellation of its own: each blue comet next to it counts one more
        per_comet = cfg[C_COMET_CONSTELLATION]
    at = terms_at(cfg, b)
    if s[space_at(cfg, b, NEAR_HOLES) + x]:
        at += cfg[C_MOST_STARS] + 1
    return per_comet * s[space_at(cfg, b, NEAR_COMETS) + x] + darkness_lost(s, t, b, x) + s[at + stars]


@jit
def star_gain(s, t, b, x, links, stars):
    """`gains.star_gain_linked` without new stars: a star tile of `stars` stars on `x` whose exits meet
    the neighbours in the directions `links`."""
    cfg = t[0]
    if not links:
        return lone_gain(s, t, b, x, stars)
    d = 0
    if not cfg[C_BLUE_COMETS]:
        d += cfg[C_COMET_STAR] * stars * s[space_at(cfg, b, NEAR_COMETS) + x]
    d += darkness_lost(s, t, b, x)
    return d + linked_change(s, t, b, x, links, stars)


@jit
def linked_change(s, t, b, x, links, stars):
    """`gains.linked_change`: what the tile changes in the constellations (and blue comets)."""
    cfg = t[0]
    nb = tab(t, T_NB)
    comp, raw, cnt = space_at(cfg, b, COMP), space_at(cfg, b, RAW), space_at(cfg, b, CNT)
    joined = 0  # the groups it joins, a bit each (at most one group per space)
    for dd in range(8):
        if links >> dd & 1:
            joined |= 1 << s[comp + nb[8 * x + dd]]
    total = stars
    counted = stars
    if cfg[C_BLUE_HOLES] and s[space_at(cfg, b, NEAR_HOLES) + x]:
        counted = 0
    for g in range(s[b + B_GROUPS]):
        if joined >> g & 1:
            total += s[raw + g]
            counted += s[cnt + g]
    d = 0
    pts = b + B_POINTS
    if total >= 2:
        d += constellations_with(s, t, b, joined, counted) - s[pts + C_SIZE] - s[pts + C_COUNT]
    if cfg[C_BLUE_COMETS] and s[b + B_COUNTS + COMET]:
        d += blue_comets_with_star(s, t, b, x, joined, total >= 2) - s[pts + C_COMETS]
    return d


@jit
def blue_comets_with_star(s, t, b, x, joined, constellation):
    """`gains._blue_comets_with_star`: blue comets' points once a star tile on `x` joins the groups of
    `joined` (a bit each), a constellation if `constellation`."""
    cfg = t[0]
    orth_n = tab(t, T_ORTH_N)
    orth = tab(t, T_ORTH)
    cells = cfg[C_CELLS]
    kinds, comp, raw = space_at(cfg, b, KINDS), space_at(cfg, b, COMP), space_at(cfg, b, RAW)
    total = 0
    for z in range(cells):
        if s[kinds + z] != COMET:
            continue
        seen = 0  # bit 0: the new constellation; bit g + 1: group g
        for k in range(orth_n[z]):
            y = orth[4 * z + k]
            if y == x:
                if constellation:
                    seen |= 1
            elif s[kinds + y] == STAR:
                c = s[comp + y]
                if joined >> c & 1:
                    seen |= 1
                elif s[raw + c] >= 2:
                    seen |= 1 << (c + 1)
        total += cfg[C_COMET_CONSTELLATION] * bit_count(seen)
    return total


@jit
def asteroid_gain(s, t, b, x):
    """`gains.asteroid_gain` less the comparison with the rivals (`rival_term`): the clusters around `x`
    merge; blue, the largest."""
    cfg = t[0]
    around_n = tab(t, T_AROUND_N)
    around = tab(t, T_AROUND)
    ast, ast_size = space_at(cfg, b, AST), space_at(cfg, b, AST_SIZE)
    merged = 0  # the clusters around it, a bit each
    size = 1
    for k in range(around_n[x]):
        a = s[ast + around[8 * x + k]]
        if a >= 0 and not merged >> a & 1:
            merged |= 1 << a
            size += s[ast_size + a]
    if cfg[C_BLUE_ASTEROIDS]:
        largest = s[b + B_LARGEST]
        return asteroid_points(t, max(largest, size)) - asteroid_points(t, largest)
    d = asteroid_points(t, size)
    for a in range(s[b + B_CLUSTERS]):
        if merged >> a & 1:
            d -= asteroid_points(t, s[ast_size + a])
    return d


@jit
def satellites_seeing(s, t, b, x):
    """`gains._satellites_seeing`: satellites' gain from a planet or black hole on `x`."""
    cfg = t[0]
    if not cfg[C_BLUE_SATELLITES]:
        return cfg[C_SAT_GREEN] * orth_count(s, t, b, x, SATELLITE)
    row_of = tab(t, T_ROW_OF)
    col_of = tab(t, T_COL_OF)
    kinds = space_at(cfg, b, KINDS)
    rows = b + B_SPACES + SPACE_ARRAYS * cfg[C_CELLS]
    cols = rows + cfg[C_ROWS]
    r = row_of[x]
    c = col_of[x]
    d = 0
    for z in range(cfg[C_CELLS]):
        if s[kinds + z] != SATELLITE:
            continue
        rz = row_of[z]
        cz = col_of[z]
        if rz == r or cz == c:
            before = max(s[rows + rz], s[cols + cz])
            after = max(s[rows + rz] + (1 if rz == r else 0), s[cols + cz] + (1 if cz == c else 0))
            d += cfg[C_SAT_BLUE] * (after - before)
    return d


@jit
def planet_gain(s, t, b, x):
    """`gains.planet_gain` less the most-planets bonus (`rival_term`)."""
    cfg = t[0]
    d = 0
    if not (cfg[C_BLUE_HOLES] and s[space_at(cfg, b, NEAR_HOLES) + x]):
        d += cfg[C_PLANET_BLUE] if cfg[C_BLUE_PLANETS] else cfg[C_PLANET_GREEN]
    return d + darkness_lost(s, t, b, x) + satellites_seeing(s, t, b, x)


@jit
def rival_term(s, t, seat, kind):
    """The part of a tile's gain that compares counts with the rivals, the same on every space: blue
    asteroids, no longer the fewest; blue planets, the most."""
    cfg = t[0]
    b = seat_base(cfg, seat)
    if kind == ASTEROID and cfg[C_BLUE_ASTEROIDS]:
        fewest, _ = rival_counts(s, t, seat)
        mine = s[b + B_COUNTS + ASTEROID]
        fewer = (1 if mine <= fewest else 0) - (1 if mine + 1 <= fewest else 0)
        return cfg[C_ASTEROID_PENALTY] * fewer
    if kind == PLANET and cfg[C_BLUE_PLANETS]:
        _, most = rival_counts(s, t, seat)
        mine = s[b + B_COUNTS + PLANET]
        after = 1 if mine + 1 >= 1 and mine + 1 >= most else 0
        before = 1 if mine >= 1 and mine >= most else 0
        return cfg[C_PLANET_BONUS] * (after - before)
    return 0


@jit
def black_hole_gain(s, t, b, x):
    """`gains.black_hole_gain`."""
    cfg = t[0]
    orth_n = tab(t, T_ORTH_N)
    orth = tab(t, T_ORTH)
    kinds, alone, dark = space_at(cfg, b, KINDS), space_at(cfg, b, ALONE), space_at(cfg, b, DARK)
    d = 0
    holes = 0
    company = False
    for k in range(orth_n[x]):
        y = orth[4 * x + k]
        kind = s[kinds + y]
        if kind == BLACK_HOLE:
            holes += 1
            d -= hole_points(cfg, s[alone + y], s[dark + y])
        elif kind == STAR or kind == PLANET:
            company = True
    if not holes:
        if cfg[C_BLUE_HOLES]:
            d += cfg[C_HOLE_BLUE_ALONE]
        else:
            d += cfg[C_HOLE_GREEN_ALONE]
            if not company:
                d += cfg[C_HOLE_GREEN_DARK]
    if cfg[C_BLUE_HOLES]:
        d += blue_black_hole_cancels(s, t, b, x)
    return d + satellites_seeing(s, t, b, x)


@jit
def stars_lost(s, t, b, x, g):
    """The stars of group `g` that a blue black hole on `x` cancels: its uncancelled neighbours'."""
    cfg = t[0]
    orth_n = tab(t, T_ORTH_N)
    orth = tab(t, T_ORTH)
    kinds, stars, comp = space_at(cfg, b, KINDS), space_at(cfg, b, STARS), space_at(cfg, b, COMP)
    cancelled = space_at(cfg, b, CANCELLED)
    lost = 0
    for k in range(orth_n[x]):
        y = orth[4 * x + k]
        if s[kinds + y] == STAR and not s[cancelled + y] and s[comp + y] == g:
            lost += s[stars + y]
    return lost


@jit
def blue_black_hole_cancels(s, t, b, x):
    """`gains._blue_black_hole_cancels`: the planets and star tiles' stars next to `x` stop counting."""
    cfg = t[0]
    orth_n = tab(t, T_ORTH_N)
    orth = tab(t, T_ORTH)
    kinds, comp, cnt = space_at(cfg, b, KINDS), space_at(cfg, b, COMP), space_at(cfg, b, CNT)
    cancelled, dead = space_at(cfg, b, CANCELLED), space_at(cfg, b, DEAD)
    each_planet = cfg[C_PLANET_BLUE] if cfg[C_BLUE_PLANETS] else cfg[C_PLANET_GREEN]
    d = 0
    touched = 0  # the groups that lose stars, a bit each
    for k in range(orth_n[x]):
        y = orth[4 * x + k]
        kind = s[kinds + y]
        if kind == STAR and not s[cancelled + y]:
            touched |= 1 << s[comp + y]
        elif kind == PLANET and not s[dead + y]:
            d -= each_planet
    if not touched:
        return d
    # the `largest` biggest constellations after the loss, chosen one at a time (no scratch array)
    by_size, m = space_at(cfg, b, BY_SIZE), s[b + B_CONSTELLATIONS]
    points = 0
    chosen = 0
    for _ in range(min(cfg[C_LARGEST], m)):
        top = -1
        top_value = 0
        for i in range(m):
            g = s[by_size + i]
            if chosen >> g & 1:
                continue
            v = s[cnt + g] - (stars_lost(s, t, b, x, g) if touched >> g & 1 else 0)
            if top < 0 or v > top_value:
                top = g
                top_value = v
        chosen |= 1 << top
        points += table(top_value, cfg[C_SIZE_FROM], tab(t, T_SIZE_POINTS))
    points += table(m, cfg[C_COUNT_FROM], tab(t, T_COUNT_POINTS))
    pts = b + B_POINTS
    return d + points - s[pts + C_SIZE] - s[pts + C_COUNT]


@jit
def satellite_gain(s, t, b, x):
    """`Analysis.satellite` of a satellite on `x`: its better line (blue), its neighbours (green)."""
    cfg = t[0]
    if cfg[C_BLUE_SATELLITES]:
        rows = b + B_SPACES + SPACE_ARRAYS * cfg[C_CELLS]
        cols = rows + cfg[C_ROWS]
        return cfg[C_SAT_BLUE] * max(s[rows + tab(t, T_ROW_OF)[x]], s[cols + tab(t, T_COL_OF)[x]])
    return cfg[C_SAT_GREEN] * (orth_count(s, t, b, x, PLANET) + orth_count(s, t, b, x, BLACK_HOLE))


@jit
def kind_gain(s, t, b, kind, x):
    """The gain of a tile of `kind` (not a star tile) on the empty space `x`, less `rival_term`."""
    if kind == ASTEROID:
        return asteroid_gain(s, t, b, x)
    if kind == SATELLITE:
        return satellite_gain(s, t, b, x)
    if kind == PLANET:
        return planet_gain(s, t, b, x)
    if kind == BLACK_HOLE:
        return black_hole_gain(s, t, b, x)
    return comet_points_at(s, t, b, x)


@jit
def place_gain(s, t, seat, tile, x, o):
    """The rise of `seat`'s score from `tile` in orientation `o` on its empty space `x`."""
    cfg = t[0]
    b = seat_base(cfg, seat)
    kind = tab(t, T_KIND)[tile]
    if kind == STAR:
        links = tab(t, T_EXITS)[8 * tile + o] & s[space_at(cfg, b, LINKS) + x]
        new = cfg[C_NEW_STAR] * tab(t, T_NEW)[tile]
        return star_gain(s, t, b, x, links, tab(t, T_STARS)[tile]) + new
    return kind_gain(s, t, b, kind, x) + rival_term(s, t, seat, kind)


@jit
def best_gain(s, t, seat, tile):
    """`State.best_gain`: the most `seat`'s score can rise by placing `tile` anywhere, in any orientation.
    Kept per seat and tile shape until the seat places a tile; what compares counts with the rivals
    (`rival_term`, the same on every space) is added on each reading, so a rival's tile forgets
    nothing."""
    cfg = t[0]
    kind = tab(t, T_KIND)[tile]
    at = cfg[O_BEST] + seat * cfg[C_SHAPES] + tab(t, T_SHAPE)[tile]
    best = s[at]
    if best == UNKNOWN:
        best = s[at] = best_placement(s, t, seat, tile)
    if best == NONE or kind == STAR:
        return best
    return best + rival_term(s, t, seat, kind)


@jit
def best_placement(s, t, seat, tile):
    """The best gain of `tile` on `seat`'s chart, less `rival_term`; NONE on a full chart. A star tile
    is tried in each orientation only where an exit can meet a neighbour's, and once per distinct set of
    exits that meet; elsewhere it scores alone (`lone_gain`)."""
    cfg = t[0]
    b = seat_base(cfg, seat)
    placed = space_at(cfg, b, PLACED)
    kind = tab(t, T_KIND)[tile]
    best = NONE
    if kind != STAR:
        for x in range(cfg[C_CELLS]):
            if s[placed + x] < 0:
                best = max(best, kind_gain(s, t, b, kind, x))
        return best
    links_at = space_at(cfg, b, LINKS)
    stars = tab(t, T_STARS)[tile]
    turns = tab(t, T_TURNS_N)[tile]
    exits = tab(t, T_EXITS)
    orientations = tab(t, T_TURNS)
    for x in range(cfg[C_CELLS]):
        if s[placed + x] >= 0:
            continue
        near = s[links_at + x]
        if not near:
            best = max(best, lone_gain(s, t, b, x, stars))
            continue
        for k in range(turns):
            links = exits[8 * tile + orientations[8 * tile + k]] & near
            seen = False
            for j in range(k):
                if exits[8 * tile + orientations[8 * tile + j]] & near == links:
                    seen = True
            if not seen:
                best = max(best, star_gain(s, t, b, x, links, stars))
    return best + cfg[C_NEW_STAR] * tab(t, T_NEW)[tile]


# ------------------------------------------------------------------ interface
@jit
def current(s):
    return -1 if s[OVER] else s[PLAYER]


@jit
def is_over(s):
    return s[OVER] != 0


@jit
def legal(s, t, out):
    """`State.legal_moves`: the current row's tiles, or the held tile on every empty space of the
    player's chart in each distinct orientation."""
    cfg = t[0]
    if s[OVER]:
        return 0
    count = 0
    held = s[HELD]
    if held < 0:
        cur = cfg[O_CUR]
        for slot in range(cfg[C_CUR]):
            if s[cur + slot] >= 0:
                out[count] = slot
                count += 1
        return count
    placed = space_at(cfg, seat_base(cfg, s[PLAYER]), PLACED)
    turns = tab(t, T_TURNS_N)[held]
    orientations = tab(t, T_TURNS)
    for x in range(cfg[C_CELLS]):
        if s[placed + x] < 0:
            for k in range(turns):
                out[count] = PLACE + 8 * x + orientations[8 * held + k]
                count += 1
    return count


@leaf
def legal_count(s, t):
    """How many moves `legal` lists."""
    cfg = t[0]
    if s[OVER]:
        return 0
    held = s[HELD]
    if held < 0:
        count = 0
        for slot in range(cfg[C_CUR]):
            if s[cfg[O_CUR] + slot] >= 0:
                count += 1
        return count
    free = cfg[C_CELLS] - s[seat_base(cfg, s[PLAYER]) + B_FILLED]
    return free * tab_at(t, T_TURNS_N, held)


@leaf
def legal_nth(s, t, k, buf):
    """The k-th move of `legal`'s list, without the list."""
    cfg = t[0]
    held = s[HELD]
    if held < 0:
        for slot in range(cfg[C_CUR]):
            if s[cfg[O_CUR] + slot] >= 0:
                if k == 0:
                    return slot
                k -= 1
        return -1
    turns = tab_at(t, T_TURNS_N, held)
    space = k // turns
    placed = space_at(cfg, seat_base(cfg, s[PLAYER]), PLACED)
    for x in range(cfg[C_CELLS]):
        if s[placed + x] < 0:
            if space == 0:
                return PLACE + 8 * x + tab_at(t, T_TURNS, 8 * held + k % turns)
            space -= 1
    return -1


@jit
def apply(s, r, t, move):
    """`State.apply`: a pick takes the slot's tile; a placement puts the held tile on the chart and ends
    the turn (and, after the last standee, the round)."""
    cfg = t[0]
    s[MOVES] += 1
    standee = s[cfg[O_ORDER] + s[TURN]]
    if move < PLACE:
        s[HELD] = s[cfg[O_CUR] + move]
        s[cfg[O_CUR] + move] = -1
        s[cfg[O_AT] + standee] = move
        return
    x = (move - PLACE) // 8
    o = (move - PLACE) % 8
    place(s, t, tab(t, T_OWNER)[standee], x, s[HELD], o)
    s[HELD] = -1
    s[TURN] += 1
    if s[TURN] == cfg[C_PICKS]:
        end_round(s, t)
    if not s[OVER]:
        s[PLAYER] = tab(t, T_OWNER)[s[cfg[O_ORDER] + s[TURN]]]


@jit
def place(s, t, seat, x, tile, o):
    """`State._place`: the tile on the seat's chart, its analysis made afresh, its best gains forgotten."""
    cfg = t[0]
    b = seat_base(cfg, seat)
    s[space_at(cfg, b, PLACED) + x] = tile * 8 + o
    s[b + B_FILLED] += 1
    analyse(s, t, b)
    at = cfg[O_BEST] + seat * cfg[C_SHAPES]  # the rivals' bests stand: `rival_term` is read afresh
    fill(s, at, at + cfg[C_SHAPES], UNKNOWN)


@jit
def end_round(s, t):
    """`State._end_round`: the next order from the standees' slots; leftovers slide left, the next row
    moves up and is refilled."""
    cfg = t[0]
    slow = tab(t, T_SLOW)
    picks = cfg[C_PICKS]
    order, at, cur, nxt = cfg[O_ORDER], cfg[O_AT], cfg[O_CUR], cfg[O_NEXT]
    s[ROUND] += 1
    k = 0
    for slot in range(cfg[C_CUR]):  # each standee on its own slot: by slot is the sorted order
        for standee in range(picks):
            if s[at + standee] == slot:
                s[order + k] = standee
                k += 1
    fill(s, at, at + picks, -1)
    s[TURN] = 0
    for slot in range(cfg[C_CUR]):
        tile = s[cur + slot]
        if tile >= 0 and slow[tile]:
            s[SLOW_LEFT] += 1
            break
    full = True
    for seat in range(cfg[C_PLAYERS]):
        if s[seat_base(cfg, seat) + B_FILLED] != cfg[C_CELLS]:
            full = False
    if full:
        s[OVER] = 1
        return  # the row as it was: the engine leaves it
    left = 0
    for slot in range(cfg[C_CUR]):
        tile = s[cur + slot]
        if tile >= 0:
            s[cur + left] = tile
            left += 1
    for slot in range(cfg[C_NEXT]):
        tile = s[nxt + slot]
        if tile >= 0:
            s[cur + left] = tile
            left += 1
    fill(s, cur + left, cur + cfg[C_CUR], -1)
    fill(s, nxt, nxt + cfg[C_NEXT], -1)
    fill_row(s, t, nxt, cfg[C_NEXT])


@jit
def evaluate(s, t, seat):
    """`State.evaluate`: the lead in points, plus the best placement of a tile `seat` holds, less W_LEFT
    a slot of its standees."""
    cfg = t[0]
    mine = 0.0
    best = -np.inf
    for other in range(cfg[C_PLAYERS]):
        value = 0.0 + score(s, t, other)
        if other == seat:
            mine = value
        elif value > best:
            best = value
    value = mine - best
    if s[HELD] >= 0 and current(s) == seat:
        value += best_gain(s, t, seat, s[HELD])
    slots = 0
    owner = tab(t, T_OWNER)
    for k in range(cfg[C_PICKS]):
        x = s[cfg[O_AT] + k]
        if x >= 0 and owner[k] == seat:
            slots += x
    return value - W_LEFT * slots


@jit
def gain(s, t, move, seat, rng):
    """`State.move_gain`: a pick is worth its tile's best placement, less W_LEFT a slot; a placement its
    rise in `seat`'s score, less the best placement it gives up."""
    cfg = t[0]
    if move < PLACE:
        return best_gain(s, t, seat, s[cfg[O_CUR] + move]) - W_LEFT * move
    held = s[HELD]
    rise = place_gain(s, t, seat, held, (move - PLACE) // 8, (move - PLACE) % 8)
    return float(rise - best_gain(s, t, seat, held))


@jit
def make_view(s, t, seat, out):
    """`State.view`: everything but the bag's order (sorted)."""
    copy_into(s, out)
    bag = t[0][O_BAG]
    out[bag : bag + s[BAG_LEN]].sort()


@jit
def sample(s, t, rng, seat, s_out, r_out):
    """`State.sample`: the bag sorted, then shuffled by `rng`; a generator seeded from `rng`."""
    make_view(s, t, seat, s_out)
    mt.shuffle_at(rng, s_out, t[0][O_BAG], s[BAG_LEN])
    mt.seed(r_out, mt.getrandbits(rng, 64))


@jit
def side_totals(s, t, common, out):
    """Each seat is its own side: its score, as `State.scores` reads it."""
    for seat in range(t[0][C_PLAYERS]):
        out[seat] = 0.0 + score(s, t, seat)


@jit
def scores_moved(s):
    """`State.scores_moved`: at the end of each round (and of the game)."""
    return s[OVER] != 0 or (s[TURN] == 0 and s[HELD] < 0)


@jit
def final_scores(s, t, out):
    """The scores of `State.result`: `GameBase.compensated` (each seat its own side: the k-th to move
    from the first gets k times the compensation)."""
    cfg = t[0]
    n = cfg[C_PLAYERS]
    step = t[1][0]
    for seat in range(n):
        out[seat] = 0.0 + score(s, t, seat)
        if step != 0.0:
            out[seat] = out[seat] + step * ((seat - s[FIRST]) % n) / 1


@jit
def placements(s, t, out):
    """`Result.placements`: competition ranking of the final scores."""
    n = t[0][C_PLAYERS]
    scores = np.empty(n, dtype=np.float64)
    final_scores(s, t, scores)
    for seat in range(n):
        place_ = 1
        for other in range(n):
            if scores[other] > scores[seat]:
                place_ += 1
        out[seat] = place_


@jit
def result(s, t, common, capped, res):
    """`State.result` (or `capped_result`): first seat, draw, winners, scores, places, metrics, points
    per category per seat."""
    cfg = t[0]
    n = cfg[C_PLAYERS]
    scores = np.empty(n, dtype=np.float64)
    final_scores(s, t, scores)
    places = np.empty(n, dtype=np.int64)
    placements(s, t, places)
    top = scores.max()
    mask = 0
    for seat in range(n):
        if scores[seat] == top:
            mask |= 1 << seat
    draw = (mask & (mask - 1)) != 0
    if capped:
        mask = 0
        draw = False
    res[0] = s[FIRST]
    res[1] = 1.0 if draw else 0.0
    res[2] = mask
    for seat in range(n):
        res[3 + seat] = scores[seat]
        res[3 + n + seat] = places[seat]
    constellations = 0
    largest = 0
    unlinked = 0
    for seat in range(n):
        b = seat_base(cfg, seat)
        raw, cnt = space_at(cfg, b, RAW), space_at(cfg, b, CNT)
        kinds, stars, comp = space_at(cfg, b, KINDS), space_at(cfg, b, STARS), space_at(cfg, b, COMP)
        biggest = 0
        for g in range(s[b + B_GROUPS]):
            if s[raw + g] >= 2:
                constellations += 1
                biggest = max(biggest, s[cnt + g])
        largest += biggest
        for x in range(cfg[C_CELLS]):
            if s[kinds + x] == STAR and s[raw + s[comp + x]] < 2:
                unlinked += s[stars + x]
    k = 3 + 2 * n
    res[k] = s[ROUND]
    res[k + 1] = constellations / n
    res[k + 2] = largest / n
    res[k + 3] = unlinked / n
    res[k + 4] = s[SLOW_LEFT] / max(s[ROUND], 1)
    res[k + 5] = s[BAG_LEN]
    k += 6
    for c in range(8):
        for seat in range(n):
            b = seat_base(cfg, seat)
            value = s[b + B_POINTS + c]
            if c == C_ASTEROIDS or c == C_PLANETS:
                asteroids, planets = rival_parts(s, t, seat)
                value += asteroids if c == C_ASTEROIDS else planets
            res[k] = value
            k += 1


# ------------------------------------------------------------------ the engine's own agent
@jit
def own_choose(s, t, kind, rng, moves, count):
    """`GreedyLeftAgent` on the view `s`, from `moves[:count]` (two or more): a pick is worth its tile's
    best placement less LEFT_WEIGHT a rank in the list, a placement its rise in the score; equal values
    by its generator."""
    cfg = t[0]
    seat = current(s)
    picking = moves[0] < PLACE
    values = np.empty(count, dtype=np.float64)
    held = s[HELD]
    best = -np.inf
    for k in range(count):
        move = moves[k]
        if picking:
            value = best_gain(s, t, seat, s[cfg[O_CUR] + move]) - LEFT_WEIGHT * k
        else:
            x = (move - PLACE) // 8
            value = 0.0 + place_gain(s, t, seat, held, x, (move - PLACE) % 8)
        values[k] = value
        if value > best:
            best = value
    top = np.empty(count, dtype=np.int64)
    tops = 0
    for k in range(count):
        if values[k] == best:
            top[tops] = moves[k]
            tops += 1
    return top[mt.randbelow(rng, tops)] if tops > 1 else top[0]


class Core(CoreBase):
    """Twinkle Twinkle's core for one `Game` (its rule options in the tables)."""

    own_agents: ClassVar[dict[type, int]] = {GreedyLeftAgent: GREEDY_LEFT}
    # CPU seconds its first compile takes, without the searches and with them (`python -m simulate.fast`
    # on an empty cache, 2026-12-07): said before a machine has measured its own
    compile_seconds: ClassVar[tuple[float, float]] = (40.0, 41.0)
    # every rule of the data file, each read in `tables` (flip and the tiles through the engine's own
    # tables of orientations, the score references' sides and tables through its `Scoring`)
    implements: ClassVar[frozenset[str]] = frozenset(
        (
            "asteroids",
            "black_holes",
            "chart",
            "comets",
            "compensation",
            "constellations",
            "flip",
            "new_star_points",
            "opening",
            "planets",
            "satellites",
            "sides",
            "slow_tiles",
            "standees",
        )
    )

    def __init__(self, game: Game):
        cells = game.geo.size
        most = max(MAX_SLOTS, cells * max(len(turns) for turns in game.turns))
        super().__init__(game, tables(game), move_offset=0, move_space=PLACE + 8 * cells, max_legal=most)
        assert len(CATEGORIES) == 8

    def python_fields(self, state: Any) -> dict[str, Any]:
        """What the conformance test compares of a Python state."""
        n = self.game.players
        return {
            "player": state.current_player(),
            "bag": list(state.bag),
            "rows": [list(state.cur), list(state.nxt)],
            "order": list(state.order),
            "standees": list(state.standee_at),
            "counts": [
                state.turn,
                state.held,
                state.round,
                state.first,
                state.moves,
                state.slow_left,
                int(state.over),
            ],  # fmt: skip
            "placed": [list(p) for p in state.placed],
            "kinds": [list(c) for c in state.counts],
            "filled": list(state.filled),
            "points": [list(tally.points) for tally in state.tallies],
            "scores": state.scores(),
            "evaluate": [state.evaluate(seat) for seat in range(n)],
            "generator": None if state.rng is None else list(state.rng.getstate()[1]),
        }

    def core_fields(self, s: np.ndarray, r: np.ndarray | None) -> dict[str, Any]:
        """The same fields read off a core state."""
        cfg = self.tables[0]
        n = self.game.players
        cells = int(cfg[C_CELLS])

        def part(at: int, size: int) -> list[int]:
            return [int(v) for v in s[at : at + size]]

        bases = [int(cfg[O_SEATS] + seat * cfg[C_SEAT_LENGTH]) for seat in range(n)]
        return {
            "player": int(current(s)),
            "bag": part(int(cfg[O_BAG]), int(s[BAG_LEN])),
            "rows": [part(int(cfg[O_CUR]), int(cfg[C_CUR])), part(int(cfg[O_NEXT]), int(cfg[C_NEXT]))],
            "order": part(int(cfg[O_ORDER]), int(cfg[C_PICKS])),
            "standees": part(int(cfg[O_AT]), int(cfg[C_PICKS])),
            "counts": [int(s[k]) for k in (TURN, HELD, ROUND, FIRST, MOVES, SLOW_LEFT, OVER)],
            "placed": [part(b + B_SPACES + PLACED * cells, cells) for b in bases],
            "kinds": [part(b + B_COUNTS, 6) for b in bases],
            "filled": [int(s[b + B_FILLED]) for b in bases],
            "points": [part(b + B_POINTS, 8) for b in bases],
            "scores": [float(score(s, self.tables, seat)) for seat in range(n)],
            "evaluate": [float(evaluate(s.copy(), self.tables, seat)) for seat in range(n)],
            "generator": None if r is None else mt.settle(r),
        }
