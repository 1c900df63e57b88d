"""The generic agents, searches and game loop in compiled code: a template each game's core instantiates.

This module is never imported as itself: `simulate.fast.template.instantiate`
loads its source once per game core, under the core's own module name, with
the core's compiled rules functions bound as module globals (numba reads them
at compile time, so each game gets its own specialised and cached copy; numba
cannot cache a function that takes another as an argument). A core provides:

    new_state(t, game_seed) -> (s, r)      s: int64 state, r: its generator (simulate.fast.mt)
    start_state(t, r) -> s                 optional: the state dealt from `r`, already seeded with the
                                           game's seed (a random game then seeds its generators at once)
    current(s) -> seat                     is_over(s) -> bool
    legal(s, t, out) -> count              the legal moves into out, in the Python engine's order
    legal_count(s, t), legal_nth(s, t, k, buf)   how many, and the k-th, without the list (random
                                           play): leaves (`simulate.fast.jit.leaf`), as random play is
    apply(s, r, t, move)                   evaluate(s, t, seat) -> float
    gain(s, t, move, seat, rng) -> float   move_gain
    make_view(s, t, seat, out)             what a seat may see (no generator: agents never get `r`)
    sample(s, t, rng, seat, s_out, r_out)  a full state from a seat's view (determinization)
    side_totals(s, t, common, out)         side scores for the observer; scores_moved(s) -> bool
    placements(s, t, out)                  result(s, t, common, capped, res)
    own_choose(s, t, kind, rng, moves, count)   optional: the engine's own agents (kinds from OWN on)
    stopped_by_cap(s)                      optional: the game's own cap ended it (the row is capped)

`t` is the core's tuple of tables (rule options included), `common` the int64
array of `COMMON` below. Each core has two copies (`template.instantiate`):
one with the searches (`mc`, `mcts`, `ismcts`; `SEARCHES` true) and one
without, for runs whose agents are random, greedy or the engine's own: that
copy compiles in about two fifths of the time, and most first runs need no
more. Every agent is the Python agent of the same name (`simulate/agents/`),
draw for draw and float for float: the same seed gives the same moves on
both paths, which the conformance test checks.
"""

# ruff: noqa: F821  (the rules functions are bound by template.instantiate)
from __future__ import annotations

import math

import numpy as np

from simulate.fast import lead, mt
from simulate.fast.arrays import copy_into, fill
from simulate.fast.jit import jit, leaf
from simulate.fast.seeds import spawned

# common[...]: the game's shape, set by the core's Python side
PLAYERS, SIDES, MOVE_OFFSET, MOVE_SPACE, MAX_LEGAL, METRICS, CATEGORIES, SEAT_SIDE = range(8)
# SEAT_SIDE: `players` entries, then the sides in the order they first appear among the seats

# res[...]: what `result` writes
R_FIRST, R_DRAW, R_WINNERS = range(3)  # then winners as a seat mask, scores, places, metrics, categories

# agent parameters, one row per seat (simulate.fast.agents.agent_table)
A_KIND, A_COUNT, A_C, A_GREEDY_ROLLOUT, A_PRIOR, A_NORM, A_DEPTH, A_SCALE = range(8)
RANDOM, GREEDY, MC, MCTS, ISMCTS, OWN = range(6)  # OWN on: the engine's own agents (own_choose)
SEARCH_KINDS = (MC, MCTS, ISMCTS)


@leaf
def res_size(common):
    n = common[PLAYERS]
    return 3 + 2 * n + common[METRICS] + common[CATEGORIES] * n


@leaf
def row_size(common):
    """The row's numbers, and last the moves that had a choice (for `simulate bench`)."""
    n = common[PLAYERS]
    return 4 + 2 * n + 5 + common[METRICS] + common[CATEGORIES] * n + 1


# ------------------------------------------------------------------ playouts
@jit
def side_rewards(s, t, common, scale, out):
    """`simulate.agents.playout.side_rewards`: per seat, its share of the other sides it beats."""
    n = common[PLAYERS]
    sides = common[SIDES]
    over = is_over(s)
    value = np.empty(n, dtype=np.float64)
    if over:
        places = np.empty(n, dtype=np.int64)
        placements(s, t, places)
        for seat in range(n):
            value[seat] = -float(places[seat])
    else:
        for seat in range(n):
            value[seat] = evaluate(s, t, seat)
    best = np.full(sides, -math.inf)
    for seat in range(n):
        side = common[SEAT_SIDE + seat]
        if value[seat] > best[side]:
            best[side] = value[seat]
    if sides < 2:
        fill(out, 0, n, 0.5)
        return
    order = common[SEAT_SIDE + n : SEAT_SIDE + n + sides]
    for seat in range(n):
        mine = common[SEAT_SIDE + seat]
        total = 0.0
        for k in range(sides):
            side = order[k]
            if side != mine:
                diff = best[mine] - best[side]
                if over:
                    total += (1.0 if diff > 0 else 0.0) + 0.5 * (1.0 if diff == 0 else 0.0)
                else:
                    total += 1 / (1 + math.exp(-diff / scale))
        out[seat] = total / (sides - 1)


@jit
def greedy_pick(s, t, moves, count, rng, seat, best):
    """`simulate.agents.playout.greedy_move` over `moves[:count]` (`best`: scratch of that size)."""
    if count == 1:
        return moves[0]
    best_value = -math.inf
    nbest = 0
    for k in range(count):
        value = gain(s, t, moves[k], seat, rng)
        if value > best_value:
            best_value = value
            best[0] = moves[k]
            nbest = 1
        elif value == best_value:
            best[nbest] = moves[k]
            nbest += 1
    if nbest > 1:
        return best[mt.randbelow(rng, nbest)]
    return best[0]


@jit
def playout(s, r, t, common, params, rng, buf, scratch, rewards):
    """`Playout.rewards`: play on for `depth` moves (0: to the end), then score into `rewards`."""
    greedy = params[A_GREEDY_ROLLOUT] > 0
    left = int(params[A_DEPTH])
    if left == 0:
        left = -1
    while left != 0 and not is_over(s):
        if greedy:
            count = legal(s, t, buf)
            move = greedy_pick(s, t, buf, count, rng, current(s), scratch)
        else:
            move, _ = random_move(s, t, rng, buf)
        apply(s, r, t, move)
        left -= 1
    side_rewards(s, t, common, params[A_SCALE], rewards)


@leaf
def random_move(s, t, rng, buf):
    """A uniformly random legal move, drawn as the random agent draws it (no draw when it is the only
    one), and how many moves there were to pick from."""
    count = legal_count(s, t)
    return legal_nth(s, t, mt.randbelow(rng, count) if count > 1 else 0, buf), count


@leaf
def random_turn(s, t, gens, g, buf):
    """`random_move` drawn from generator `gens[g]`.

    The generator's row is taken here, in a leaf: taken in `play_game` it cost
    about 20 reference counts a move (a third of the quickest shipped random game).
    """
    return random_move(s, t, gens[g], buf)


@leaf
def default_own_choose(s, t, kind, rng, moves, count):
    """Never called: `CoreBase.agent_table` gives the engine's own agents a kind only where its core
    compiles them."""
    return moves[0]


@leaf
def default_stopped_by_cap(s):
    """The game ends by its rules, never by a cap of its own."""
    return False


@jit
def ranked(s, t, moves, count, rng):
    """`simulate.agents.search.ranked`: `moves[:count]` best `gain` first, equal gains in a shuffled order."""
    out = moves[:count].copy()
    mt.shuffle(rng, out, count)
    seat = current(s)
    gains = np.empty(count, dtype=np.float64)
    for k in range(count):
        gains[k] = -gain(s, t, out[k], seat, rng)
    order = np.argsort(gains, kind="mergesort")  # stable, as Python's sort(reverse=True)
    return out[order]


@leaf
def widening(visits):
    if visits <= 1:
        return 1
    v = visits - 1
    root = int(math.sqrt(v))  # math.isqrt, which numba lacks: the float root, then made exact
    while root * root > v:
        root -= 1
    while (root + 1) * (root + 1) <= v:
        root += 1
    return root + 1


# ------------------------------------------------------------------ the tree
PLAYER, VISITS, AVAIL, FIRST, LAST, NEXT, MOVE, UNTRIED_AT, UNTRIED_LEN, RANK_AT, NFIELDS = range(11)


@jit
def make_tree(nodes):
    ints = np.empty((nodes, NFIELDS), dtype=np.int64)
    totals = np.zeros(nodes, dtype=np.float64)
    return ints, totals


@leaf
def new_node(ints, totals, at, player, move):
    ints[at, PLAYER] = player
    ints[at, VISITS] = 0
    ints[at, AVAIL] = 0
    ints[at, FIRST] = -1
    ints[at, LAST] = -1
    ints[at, NEXT] = -1
    ints[at, MOVE] = move
    ints[at, UNTRIED_AT] = -1
    ints[at, UNTRIED_LEN] = 0
    ints[at, RANK_AT] = -1
    totals[at] = 0.0


@leaf
def add_child(ints, parent, child):
    if ints[parent, LAST] < 0:
        ints[parent, FIRST] = child
    else:
        ints[ints[parent, LAST], NEXT] = child
    ints[parent, LAST] = child


@jit
def grow(pool, need):
    """`pool`, or a copy with room for `need` entries."""
    if need <= pool.size:
        return pool
    bigger = np.empty(max(need, 2 * pool.size), dtype=pool.dtype)
    bigger[: pool.size] = pool
    return bigger


@leaf
def stretch(lo, hi, player):
    if hi[player] - lo[player] > 1e-9:
        return lo[player], hi[player] - lo[player]
    return 0.0, 1.0


@leaf
def ucb_pick(ints, totals, node, kids, count, c, use_avail, norm, lo, hi):
    """`simulate.agents.search.ucb_child` over the children `kids[:count]`, in that order."""
    log_parent = math.log(ints[node, VISITS]) if not use_avail else 0.0
    low, span = 0.0, 1.0
    if norm:
        low, span = stretch(lo, hi, ints[kids[0], PLAYER])
    best_child = -1
    best = -math.inf
    for k in range(count):
        child = kids[k]
        log_n = math.log(ints[child, AVAIL]) if use_avail else log_parent
        visits = ints[child, VISITS]
        score = (totals[child] / visits - low) / span + c * math.sqrt(log_n / visits)
        if score > best:
            best_child = child
            best = score
    return best_child


@leaf
def backpropagate(ints, totals, path, depth, rewards, norm, lo, hi):
    for k in range(depth):
        node = path[k]
        ints[node, VISITS] += 1
        player = ints[node, PLAYER]
        if player >= 0:
            totals[node] += rewards[player]
            if norm:
                mean = totals[node] / ints[node, VISITS]
                if mean < lo[player]:
                    lo[player] = mean
                if mean > hi[player]:
                    hi[player] = mean


@leaf
def most_visited(ints, totals, lookup, offset, moves, count):
    """`simulate.agents.search.most_visited`: the root's child most visited, then best mean."""
    best_move = moves[0]
    best_visits = -1
    best_mean = -math.inf
    child = ints[0, FIRST]
    while child >= 0:
        lookup[ints[child, MOVE] + offset] = child
        child = ints[child, NEXT]
    for k in range(count):
        child = lookup[moves[k] + offset]
        if child < 0:
            continue
        visits = ints[child, VISITS]
        mean = totals[child] / visits
        if visits > best_visits or (visits == best_visits and mean > best_mean):
            best_move = moves[k]
            best_visits = visits
            best_mean = mean
    clear_lookup(ints, lookup, offset, 0)
    return best_move


@leaf
def clear_lookup(ints, lookup, offset, node):
    child = ints[node, FIRST]
    while child >= 0:
        lookup[ints[child, MOVE] + offset] = -1
        child = ints[child, NEXT]


# ------------------------------------------------------------------ searches
@jit
def mcts_choose(s, t, common, params, rng, moves, count):
    """`MCTSAgent.choose` on view `s` (a full state here: it is sampled once)."""
    n = common[PLAYERS]
    iterations = int(params[A_COUNT])
    c = params[A_C]
    prior = params[A_PRIOR] > 0
    norm = params[A_NORM] > 0
    offset = common[MOVE_OFFSET]
    width = common[MAX_LEGAL]
    root_s = np.empty_like(s)
    root_r = np.empty(mt.N + 1, dtype=np.uint32)
    sample(s, t, rng, current(s), root_s, root_r)
    work_s = np.empty_like(s)
    work_r = np.empty_like(root_r)
    ints, totals = make_tree(iterations + 1)
    new_node(ints, totals, 0, -1, 0)
    nodes = 1
    pool = np.empty(width * 4, dtype=np.int64)
    used = 0
    lo = np.full(n, math.inf)
    hi = np.full(n, -math.inf)
    path = np.empty(iterations + 2, dtype=np.int64)
    kids = np.empty(width, dtype=np.int64)
    buf = np.empty(width, dtype=np.int64)
    scratch = np.empty(width, dtype=np.int64)
    rewards = np.empty(n, dtype=np.float64)
    for _ in range(iterations):
        copy_into(root_s, work_s)
        copy_into(root_r, work_r)
        node = 0
        path[0] = 0
        depth = 1
        while not is_over(work_s):
            if ints[node, UNTRIED_AT] < 0:
                k = legal(work_s, t, buf)
                if prior:
                    order = ranked(work_s, t, buf, k, rng)[::-1]  # popped from the end: worst first
                else:
                    order = buf[:k]
                pool = grow(pool, used + k)
                for i in range(k):
                    pool[used + i] = order[i]
                ints[node, UNTRIED_AT] = used
                ints[node, UNTRIED_LEN] = k
                used += k
            left = ints[node, UNTRIED_LEN]
            at = ints[node, UNTRIED_AT]
            children = 0
            child = ints[node, FIRST]
            while child >= 0:
                kids[children] = child
                children += 1
                child = ints[child, NEXT]
            if left > 0 and (not prior or children < widening(ints[node, VISITS])):
                if prior:
                    pick = left - 1
                else:
                    pick = mt.randbelow(rng, left)
                move = pool[at + pick]
                for i in range(at + pick, at + left - 1):  # list.pop(pick): the rest keep their order
                    pool[i] = pool[i + 1]
                ints[node, UNTRIED_LEN] = left - 1
                new_node(ints, totals, nodes, current(work_s), move)
                apply(work_s, work_r, t, move)
                add_child(ints, node, nodes)
                path[depth] = nodes
                depth += 1
                nodes += 1
                break
            node = ucb_pick(ints, totals, node, kids, children, c, False, norm, lo, hi)
            apply(work_s, work_r, t, ints[node, MOVE])
            path[depth] = node
            depth += 1
        playout(work_s, work_r, t, common, params, rng, buf, scratch, rewards)
        backpropagate(ints, totals, path, depth, rewards, norm, lo, hi)
    lookup = np.full(common[MOVE_SPACE], -1, dtype=np.int64)
    return most_visited(ints, totals, lookup, offset, moves, count)


@jit
def ismcts_choose(s, t, common, params, rng, moves, count):
    """`ISMCTSAgent.choose`: a fresh determinization of the view `s` every iteration."""
    n = common[PLAYERS]
    iterations = int(params[A_COUNT])
    c = params[A_C]
    prior = params[A_PRIOR] > 0
    norm = params[A_NORM] > 0
    offset = common[MOVE_OFFSET]
    space = common[MOVE_SPACE]
    width = common[MAX_LEGAL]
    seat = current(s)
    work_s = np.empty_like(s)
    work_r = np.empty(mt.N + 1, dtype=np.uint32)
    ints, totals = make_tree(iterations + 1)
    new_node(ints, totals, 0, -1, 0)
    nodes = 1
    ranks = np.empty(0, dtype=np.int64)  # per ranked node: rank of each move (offset), -1 unranked
    ranked_nodes = 0
    lo = np.full(n, math.inf)
    hi = np.full(n, -math.inf)
    path = np.empty(iterations + 2, dtype=np.int64)
    lookup = np.full(space, -1, dtype=np.int64)
    buf = np.empty(width, dtype=np.int64)
    kids = np.empty(width, dtype=np.int64)
    untried = np.empty(width, dtype=np.int64)
    scratch = np.empty(width, dtype=np.int64)
    keys = np.empty(width, dtype=np.int64)
    rewards = np.empty(n, dtype=np.float64)
    for _ in range(iterations):
        sample(s, t, rng, seat, work_s, work_r)
        node = 0
        path[0] = 0
        depth = 1
        while not is_over(work_s):
            k = legal(work_s, t, buf)
            if prior:
                at = ints[node, RANK_AT]
                if at < 0:
                    order = ranked(work_s, t, buf, k, rng)
                    ranks = grow(ranks, (ranked_nodes + 1) * (space + 1))
                    at = ranked_nodes * (space + 1)
                    fill(ranks, at, at + space + 1, -1)
                    for i in range(k):
                        ranks[at + order[i] + offset] = i
                    ranks[at + space] = k  # how many are ranked
                    ints[node, RANK_AT] = at
                    ranked_nodes += 1
                else:
                    for i in range(k):
                        if ranks[at + buf[i] + offset] < 0:
                            ranks[at + buf[i] + offset] = ranks[at + space]
                            ranks[at + space] += 1
                for i in range(k):
                    keys[i] = ranks[at + buf[i] + offset]
                order = np.argsort(keys[:k], kind="mergesort")
                sorted_moves = buf[:k][order]
                k = min(k, widening(ints[node, VISITS]))
                for i in range(k):
                    buf[i] = sorted_moves[i]
            child = ints[node, FIRST]
            while child >= 0:
                lookup[ints[child, MOVE] + offset] = child
                child = ints[child, NEXT]
            nuntried = 0
            for i in range(k):
                child = lookup[buf[i] + offset]
                if child < 0:
                    untried[nuntried] = buf[i]
                    nuntried += 1
                else:
                    ints[child, AVAIL] += 1
                    kids[i] = child
            clear_lookup(ints, lookup, offset, node)
            if nuntried > 0:
                if prior:
                    move = untried[0]
                else:
                    move = untried[mt.randbelow(rng, nuntried)]
                new_node(ints, totals, nodes, current(work_s), move)
                ints[nodes, AVAIL] = 1
                apply(work_s, work_r, t, move)
                add_child(ints, node, nodes)
                path[depth] = nodes
                depth += 1
                nodes += 1
                break
            node = ucb_pick(ints, totals, node, kids, k, c, True, norm, lo, hi)
            apply(work_s, work_r, t, ints[node, MOVE])
            path[depth] = node
            depth += 1
        playout(work_s, work_r, t, common, params, rng, buf, scratch, rewards)
        backpropagate(ints, totals, path, depth, rewards, norm, lo, hi)
    return most_visited(ints, totals, lookup, offset, moves, count)


@jit
def mc_choose(s, t, common, params, rng, moves, count):
    """`FlatMonteCarloAgent.choose`: every legal move tried with `count` playouts from fresh samples."""
    n = common[PLAYERS]
    playouts = int(params[A_COUNT])
    seat = current(s)
    width = common[MAX_LEGAL]
    work_s = np.empty_like(s)
    work_r = np.empty(mt.N + 1, dtype=np.uint32)
    buf = np.empty(width, dtype=np.int64)
    scratch = np.empty(width, dtype=np.int64)
    rewards = np.empty(n, dtype=np.float64)
    best_move = moves[0]
    best = -1.0
    for k in range(count):
        total = 0.0
        for _ in range(playouts):
            sample(s, t, rng, seat, work_s, work_r)
            apply(work_s, work_r, t, moves[k])
            playout(work_s, work_r, t, common, params, rng, buf, scratch, rewards)
            total += rewards[seat]
        if total > best:
            best_move = moves[k]
            best = total
    return best_move


@jit
def choose(s, t, common, params, rng, moves, count, scratch):
    """The move the agent of `params` picks from `moves[:count]` on the position `s`."""
    kind = int(params[A_KIND])
    if count == 1:
        return moves[0]
    if kind == RANDOM:
        return moves[mt.randbelow(rng, count)]
    if kind == GREEDY:
        return greedy_pick(s, t, moves, count, rng, current(s), scratch)
    if SEARCHES:  # a constant to numba: the copy without the searches compiles none of their code
        if kind == MC:
            return mc_choose(s, t, common, params, rng, moves, count)
        if kind == MCTS:
            return mcts_choose(s, t, common, params, rng, moves, count)
        if kind == ISMCTS:
            return ismcts_choose(s, t, common, params, rng, moves, count)
    return own_choose(s, t, kind, rng, moves, count)


# ------------------------------------------------------------------ the game loop
@jit
def default_start_state(t, r):
    """Never called: a core without `start_state` seeds its own generator in `new_state` (`SEEDED_START`)."""
    return np.zeros(0, dtype=np.int64)


@jit
def begin(t, word, gens, at):
    """The game's state and generator: dealt from `gens[at]` (seeded with the game's seed `word`) by a
    core with `start_state` (`SEEDED_START`), or from a generator `new_state` seeds itself."""
    if SEEDED_START:
        return start_state(t, gens[at]), gens[at]
    return new_state(t, word)


@jit
def play_game(t, common, agents, word, gens, at, max_moves, row, moves, scratch, record, totals, res):
    """`simulate.play.runner.play` and `simulate.engines.rows.row`'s numbers: one game into `row`
    (see `row_size`).

    `word` is the game's seed and `gens[at]` its generator, seeded with it, then each seat's
    (`play_games`); `moves` and `scratch` (`MAX_LEGAL` each), `record` (`lead`), `totals` (per side)
    and `res` (`res_size`) are room it reuses, allocated once per chunk of games.
    """
    sides = common[SIDES]
    s, r = begin(t, word, gens, at)
    view = np.empty_like(s)
    lead.start(record, sides)
    side_totals(s, t, common, totals)
    lead.see(record, 0, totals, sides)
    played = 0
    choices = 0
    capped = False
    while not is_over(s):
        if played >= max_moves:
            capped = True
            break
        seat = current(s)
        if agents[seat, A_KIND] == RANDOM:  # it reads no view, as in the Python runner, nor the list
            move, count = random_turn(s, t, gens, at + 1 + seat, moves)
        else:
            count = legal(s, t, moves)
            make_view(s, t, seat, view)  # what the seat may see, and no generator: agents never reach `r`
            move = choose(view, t, common, agents[seat], gens[at + 1 + seat], moves, count, scratch)
        if count > 1:
            choices += 1
        apply(s, r, t, move)
        played += 1
        if scores_moved(s):
            side_totals(s, t, common, totals)
            lead.see(record, played, totals, sides)
    side_totals(s, t, common, totals)
    lead.see(record, played, totals, sides)
    fill(res, 0, res.size, 0.0)
    result(s, t, common, capped, res)
    write_row(common, res, record, played, capped or stopped_by_cap(s), row)
    row[row.size - 1] = choices


@leaf
def write_row(common, res, record, played, capped, row):
    """first player, moves, draw, winners mask, scores, places, observer, metrics, categories."""
    n = common[PLAYERS]
    sides = common[SIDES]
    row[0] = res[R_FIRST]
    row[1] = played
    row[2] = res[R_DRAW]
    mask = int(res[R_WINNERS])
    row[3] = mask
    for k in range(2 * n):
        row[4 + k] = res[3 + k]
    winner = -1
    for seat in range(n):
        if mask >> seat & 1:
            winner = common[SEAT_SIDE + seat]
            break
    ranked_game = not (capped or res[R_DRAW] > 0 or mask == 0)
    lead.columns(record, sides, winner, ranked_game, capped, row[4 + 2 * n : 9 + 2 * n])
    rest = res.size - (3 + 2 * n)
    for k in range(rest):
        row[9 + 2 * n + k] = res[3 + 2 * n + k]


@jit
def play_games(t, common, agents, run, start, stop, max_moves, out):
    """Games `start..stop-1` of the run whose seed gave `run` (simulate.fast.seeds.run_pool).

    The games are played a group at a time: the seeds of as many games as fill
    `mt.LANES` generators (each game's own, then each seat's), those generators
    seeded together (`mt.seed_lanes`: seeding is a third of a random game),
    then the group's games.
    """
    n = common[PLAYERS]
    sides = common[SIDES]
    per = n + 1
    group = mt.LANES // per
    words = np.empty(group * per, dtype=np.uint64)
    gens = np.empty((group * per, mt.N + 1), dtype=np.uint32)
    lanes = np.empty((mt.N + 3, mt.LANES), dtype=np.uint32)
    moves = np.empty(common[MAX_LEGAL], dtype=np.int64)
    scratch = np.empty(common[MAX_LEGAL], dtype=np.int64)
    record = np.empty(lead.HEAD + 2 * sides, dtype=np.float64)
    totals = np.empty(sides, dtype=np.float64)
    res = np.empty(res_size(common), dtype=np.float64)
    for first in range(start, stop, group):
        last = min(stop, first + group)
        for index in range(first, last):
            at = (index - first) * per
            spawned(run, index, words[at : at + per])
        mt.seed_lanes(gens, 0, words, (last - first) * per, lanes)
        for index in range(first, last):
            at = (index - first) * per
            row = out[index - start]
            play_game(t, common, agents, words[at], gens, at, max_moves, row, moves, scratch, record, totals,
                      res)  # fmt: skip
