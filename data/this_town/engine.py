"""This Town Ain't Big Enough for the 2-4 of Us!: place fenced tiles, complete towns, score by brand ranks.

Rules: the project's rules spec for This Town, every option read from
`data/this_town/this_town.toml`, tiles from its tile lists through
`records` (the records the print kit draws).

Table: cells of a 1024-wide grid, `cell = row * 1024 + column`, the start tile
in the middle; a tile never drifts 500 cells from it in 25 tiles and their
relocations. A tile is a slot (0 = the start tile, 1..24 the stack's tiles);
its section k (N, E, S, W as printed) has id `slot * 4 + k` and, turned `rot`
quarter turns clockwise, faces direction `(k + rot) % 4`.

Moves are ints: a placement is `cell * 4 + rot`; after a completed town with a
silver bar the same player picks a tile to relocate (its slot, 0..24) or
declines (`DECLINE`), then places it (`cell * 4 + rot` again).

Towns are kept incrementally in a union-find over sections: each root holds
the town's open edges (unfenced section edges facing an empty cell), its
brands per colour and bars, and a circular list of its sections. Placing a
tile joins its sections to its neighbours' and adjusts the open counts; a town
is complete when its count reaches 0. Lifting a tile (a relocation, rare)
rebuilds the structure from the remaining tiles.

Relocation locks (option `relocation_lock`): a tile with a section in a
completed town stays put (the rules spec); with `town_and_fences` so does a
tile whose fence closes one. Under the spec's lock, lifting a tile that fences
a completed town reopens it; each section remembers that it was in a scored
town (`closed`), and a town holding such a section scores nothing when it
closes again and grants no relocation, so a town scores once. The empty cells next to a
tile (the frontier) are kept with their counts of tiled neighbours, so legal
placements need no search of the table.

Greedy play weighs every placement (`move_gain`): a cell's surroundings are
read once per position (`_around`, kept in `near` until the next move and
shared by the position's views and samples), a tile's own towns once per
arrangement (`Game.reach`), and a placement joins the two. The compiled core
(`core.py`) plays the same rules on flat arrays.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from printkit.datafile.gamedata import Rules
from printkit.errors import DataError
from simulate.engines.base import GameBase, Result, StateBase, copy_generator, placements_from_scores
from simulate.engines.draws import generator

from .records import TileFace, read_tiles, town_points

WIDTH = 1024
ORIGIN = 512 * WIDTH + 512
STEP = (-WIDTH, 1, WIDTH, -1)  # N, E, S, W
OPPOSITE = (2, 3, 0, 1)
ZEROS = (0, 0, 0, 0)
COLOURS = 4
DECLINE = -1
PLACE, PICK, DROP, OVER = range(4)
METRICS = (
    "towns",
    "town_tiles",
    "town_brands",
    "town_points",
    "towns_scoring",
    "towns_3colours",
    "largest_town_brands",
    "open_brands",
    "relocations",
    "relocations_declined",
    "chains",
    "npc_points",
    "tie",
    "tie_decided",
)
(
    M_TOWNS,
    M_TILES,
    M_BRANDS,
    M_POINTS,
    M_SCORING,
    M_3COLOURS,
    M_LARGEST,
    M_OPEN,
    M_RELOCATIONS,
    M_DECLINED,
    M_CHAINS,
    M_NPC,
    M_TIE,
    M_TIE_DECIDED,
) = range(len(METRICS))
# What a placement on a cell meets (`State._around`): directions holding a tile, those fenced towards it,
# the town met each way, the towns it would close.
Near = tuple[int, int, list[int], set[int]]
# A tile's own town as placed (`Game.reach`): its brands, whether it is open, the ways it joins a neighbour.
Reach = tuple[list[int], bool, tuple[int, ...]]


def break_tie(tied: list[int], towns: Sequence[Sequence[int]], reading: str) -> list[int]:
    """The winners among `tied` (seats level on points at the top) under a tie-break reading.

    `largest_town`: the one completed town with the most brands decides, the
    tied player with most brands in it wins; several such towns, or tied
    players level in it, leave the win shared. `next_largest`: the same, going
    on to the next largest towns (one size at a time, a size held by one town
    only) until one settles it. `shared`: the tied players share the win.
    """
    if reading == "shared":
        return tied
    for total in sorted({sum(t) for t in towns}, reverse=True):
        same = [t for t in towns if sum(t) == total]
        if len(same) == 1:
            counts = same[0]
            best = max(counts[c] for c in tied)
            leaders = [c for c in tied if counts[c] == best]
            if len(leaders) == 1:
                return leaders
        if reading == "largest_town":
            break
    return tied


def lead(points: list[int], seat: int) -> int:
    """`seat`'s points less the best other seat's."""
    return points[seat] - max((p for s, p in enumerate(points) if s != seat), default=0)


class Game(GameBase):
    """This Town for one set of rules and a player count (2-3 players leave NPC colours)."""

    name: ClassVar[str] = "this_town"
    metric_names: ClassVar[tuple[str, ...]] = METRICS
    metric_docs: ClassVar[dict[str, str]] = {
        "towns": "towns completed in the game",
        "town_tiles": "tiles in completed towns, summed over towns",
        "town_brands": "brands in completed towns, summed over towns",
        "town_points": "points scored for completed towns",
        "towns_scoring": "completed towns that scored a point for someone",
        "towns_3colours": "completed towns holding brands of three colours or more",
        "largest_town_brands": "brands in the game's largest completed town",
        "open_brands": "brands never closed into a town",
        "relocations": "relocations played (a tile moved)",
        "relocations_declined": "relocation choices declined",
        "chains": "relocations whose fence completed another town in turn",
        "npc_points": "points the non-player brands scored",
        "tie": "1 when players tied for the top score",
        "tie_decided": "1 when the tie-break decided a tie for the top",
    }
    figure_docs: ClassVar[dict[str, str]] = {
        "towns": "towns per game, the share that scores and holds 3+ colours, relocations and ties, per arm",
    }
    figure_docs_ja: ClassVar[dict[str, str]] = {
        "towns": "アームごとの、ゲームあたりの町の数、得点になった町と3色以上のマークがある町の割合、"
        "再配置と同点",
    }
    docs_ja: ClassVar[dict[str, str]] = {
        "towns": "そのゲームで完成した町の数",
        "town_tiles": "完成した町のタイルの枚数、町の合計",
        "town_brands": "完成した町のマークの数、町の合計",
        "town_points": "完成した町で得た得点",
        "towns_scoring": "誰かに1点をもたらした完成した町の数",
        "towns_3colours": "3色以上のマークがある完成した町の数",
        "largest_town_brands": "そのゲームで最も大きな完成した町のマークの数",
        "open_brands": "最後まで町に囲われなかったマークの数",
        "relocations": "行った再配置の数（タイルを動かした）",
        "relocations_declined": "見送った再配置の選択の数",
        "chains": "柵が続けて別の町を完成させた再配置の数",
        "npc_points": "NPCのマークが得た得点",
        "tie": "最高点で同点のプレイヤーがいれば1",
        "tie_decided": "最高点の同点を同点の場合のルールが決めたら1",
    }
    names_en: ClassVar[dict[str, str]] = {
        "town_tiles": "tiles in towns",
        "town_brands": "brands in towns",
        "towns_scoring": "towns that scored",
        "towns_3colours": "towns of three colours or more",
        "largest_town_brands": "brands in the largest town",
        "chains": "chained relocations",
        "npc_points": "NPC points",
        "tie": "ties for the top",
        "tie_decided": "games the tie-break decided",
    }
    names_ja: ClassVar[dict[str, str]] = {
        "towns": "完成した町",
        "town_tiles": "町のタイル",
        "town_brands": "町のマーク",
        "town_points": "町の得点",
        "towns_scoring": "得点になった町",
        "towns_3colours": "3色以上の町",
        "largest_town_brands": "最大の町のマーク",
        "open_brands": "町に入らないマーク",
        "relocations": "再配置",
        "relocations_declined": "見送った再配置",
        "chains": "連鎖した再配置",
        "npc_points": "NPCの得点",
        "tie": "首位の同点",
        "tie_decided": "同点の場合のルールで決着",
    }
    max_moves = 2000
    core: ClassVar[str | None] = f"{__package__}.core"

    def __init__(self, rules: Rules, debug: bool = False):
        super().__init__(rules, debug)
        v = rules.values
        where = f"data/{rules.game}.toml"
        count = rules.components.get("tile", {}).get("count")
        if not isinstance(count, int) or count < 1:
            raise DataError(f"{where}: components.tile.count: expected a count of tiles, got {count!r}")
        self.faces = read_tiles(where, rules.meta, rules.components, v["tile_set"], count)
        self.tiles = len(self.faces)
        self.rotations = (0, 1, 2, 3) if v["rotation"] else (0,)
        self.relocation = v["relocation"]
        self.connected = v["relocation_connected"]
        self.lock_fences = v["relocation_lock"] == "town_and_fences"
        self.tie_break = v["tie_break"]
        self.random_first = v["first_player"] == "random"
        self.npc_ranked = v["npc_brands"] == "ranked"
        if self.players > COLOURS:
            raise DataError(f"{where}: players: at most {COLOURS} colours, got {self.players} players")
        self._points: dict[tuple[int, ...], list[int]] = {}  # points_of's answers, by brand counts
        self._reach: dict[tuple[int, int, int, int], list[Reach]] = {}  # reach's answers
        self._tables(self.faces)

    def _tables(self, faces: Sequence[TileFace]) -> None:
        """Per tile: fenced edges, and its sections' towns as it comes out of the stack.

        A tile's own sections start as the towns its half-diagonals leave
        (parents, circular member lists, bars and brands at each root), so that
        placing it copies four slices instead of joining sections one by one.
        """
        self.edge_fenced = [f.edges for f in faces]
        self.section_brands: list[list[int]] = []
        self.init_parent: list[list[int]] = []
        self.init_nxt: list[list[int]] = []
        self.init_bars: list[list[int]] = []
        self.init_brands: list[list[int]] = []
        for slot, f in enumerate(faces):
            base = slot * 4
            root = list(range(4))
            for k in range(4):
                if not f.diagonals[k]:
                    a, b = root[k], root[(k + 1) % 4]
                    root = [a if r == b else r for r in root]
            members = {r: [k for k in range(4) if root[k] == r] for r in set(root)}
            nxt = [0] * 4
            for group in members.values():
                for i, k in enumerate(group):
                    nxt[k] = base + group[(i + 1) % len(group)]
            bars = [0] * 4
            brands = [0] * (4 * COLOURS)
            for k in range(4):
                bars[root[k]] += f.bars[k]
                for c in f.brands[k]:
                    brands[root[k] * COLOURS + c] += 1
                counts = [0] * COLOURS
                for c in f.brands[k]:
                    counts[c] += 1
                self.section_brands.append(counts)
            self.init_parent.append([base + r for r in root])
            self.init_nxt.append(nxt)
            self.init_bars.append(bars)
            self.init_brands.append(brands)
        # per tile: its towns as it comes out of the stack, each (root section, its sections)
        self.groups = [
            tuple((r - slot * 4, tuple(k for k in range(4) if parent[k] == r)) for r in dict.fromkeys(parent))
            for slot, parent in enumerate(self.init_parent)
        ]
        self.total_brands = sum(f.brand_count() for f in faces)
        self.closes_alone = [
            [[self._closes_alone(slot, rot, mask) for mask in range(16)] for rot in range(4)]
            for slot in range(len(faces))
        ]

    def points_of(self, counts: Sequence[int]) -> list[int]:
        """The points per seat of a completed town with these brand counts, NPC brands ranked or not."""
        key = tuple(counts)
        got = self._points.get(key)
        if got is None:
            n = self.players
            ranked = key if self.npc_ranked else [x if c < n else 0 for c, x in enumerate(key)]
            got = self._points[key] = town_points(ranked)
        return got

    def reach(self, slot: int, rot: int, present: int, fenced: int) -> list[Reach]:
        """Per town of tile `slot`'s own sections, placed turned `rot` among tiles in the directions of
        `present` (those of `fenced` fenced on the shared edge): its brands, whether it faces an empty
        cell through an unfenced edge, and the directions through which it joins a neighbour's town.
        Memoised: the same few hundred arrangements come back all game."""
        key = (slot, rot, present, fenced)
        got = self._reach.get(key)
        if got is not None:
            return got
        fence = self.edge_fenced[slot]
        got = []
        for j, sections in self.groups[slot]:
            ways = [(k + rot) & 3 for k in sections if not fence[k]]
            gap = any(not present >> d & 1 for d in ways)
            joins = tuple(d for d in ways if present >> d & 1 and not fenced >> d & 1)
            got.append((self.init_brands[slot][j * COLOURS : j * COLOURS + COLOURS], gap, joins))
        self._reach[key] = got
        return got

    def _closes_alone(self, slot: int, rot: int, mask: int) -> bool:
        """Whether tile `slot` turned `rot` has a town of its own sections closed as soon as it is placed,
        when the directions in `mask` hold neighbours whose edge facing it is fenced (others hold none).

        Every section of such a town has its edge fenced or facing one of those fences.
        """
        groups: dict[int, bool] = {}
        for k in range(4):
            d = (k + rot) & 3
            closed = self.edge_fenced[slot][k] or bool(mask >> d & 1)
            root = self.init_parent[slot][k]
            groups[root] = groups.get(root, True) and closed
        return any(groups.values())

    def new_state(self, seed: int) -> State:
        return State.fresh(self, generator(seed))

    def report_extras(self, ctx: Any, arms: list[Any]) -> Any:
        """Towns, relocations, NPC points and tie-breaks per arm (see `this_town_report`)."""
        from .report import extras

        return extras(ctx, arms)


class State(StateBase):
    """A This Town game in progress; the table is public, the stack's order is not."""

    # the state's lists (`_copy` copies each); the rest are dicts and plain values
    LISTS: ClassVar[tuple[str, ...]] = (
        "stack",
        "cell_of",
        "rot_of",
        "order",
        "parent",
        "opens",
        "brands",
        "bars",
        "nxt",
        "done",
        "closed",
        "locked",
        "points",
        "completed",
        "stats",
    )
    __slots__ = ("game", "rng", "at", "front", "current", "phase", "player", "first", "moves", "picked")
    __slots__ += ("scored", "near")
    __slots__ += LISTS

    @classmethod
    def fresh(cls, game: Game, rng: random.Random) -> State:
        """The start tile on the table, the others shuffled into the stack, the first player's tile drawn."""
        s = cls.__new__(cls)
        n = game.tiles
        s.game = game
        s.rng = rng
        s.stack = list(range(1, n))
        rng.shuffle(s.stack)
        s.cell_of = [-1] * n
        s.rot_of = [0] * n
        s.at = {}
        s.front = {}
        s.order = []
        s.parent = list(range(4 * n))
        s.opens = [0] * (4 * n)
        s.brands = [0] * (4 * n * COLOURS)
        s.bars = [0] * (4 * n)
        s.nxt = list(range(4 * n))
        s.done = [0] * (4 * n)
        s.closed = [0] * (4 * n)
        s.locked = [0] * n
        s.points = [0] * COLOURS
        s.completed = []
        s.stats = [0] * len(METRICS)
        s.moves = 0
        s.scored = False
        s.picked = -1
        s.near = {}
        s.first = rng.randrange(game.players) if game.random_first else 0
        s.player = s.first
        s._place(0, ORIGIN, 0)
        s._settle(0, [])
        s.current = s.stack.pop()
        s.phase = PLACE
        return s

    # ------------------------------------------------------------- towns
    def _find(self, x: int) -> int:
        parent = self.parent
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def _union(self, a: int, b: int) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra == rb:
            return
        self.parent[rb] = ra
        self.opens[ra] += self.opens[rb]
        self.bars[ra] += self.bars[rb]
        brands = self.brands
        a, b = ra * COLOURS, rb * COLOURS
        brands[a] += brands[b]
        brands[a + 1] += brands[b + 1]
        brands[a + 2] += brands[b + 2]
        brands[a + 3] += brands[b + 3]
        nxt = self.nxt
        nxt[ra], nxt[rb] = nxt[rb], nxt[ra]

    def _attach(self, slot: int, cell: int, rot: int, at: dict[int, int]) -> list[int]:
        """Join tile `slot`'s sections to the towns around `cell`; the neighbours' section ids touched.

        `at` holds the tiles already attached; the tile's own cell is not in it yet.
        """
        g = self.game
        base = slot * 4
        parent, opens = self.parent, self.opens
        parent[base : base + 4] = g.init_parent[slot]
        self.nxt[base : base + 4] = g.init_nxt[slot]
        self.bars[base : base + 4] = g.init_bars[slot]
        self.brands[base * COLOURS : (base + 4) * COLOURS] = g.init_brands[slot]
        opens[base : base + 4] = ZEROS
        fenced = g.edge_fenced[slot]
        rot_of = self.rot_of
        edge_fenced = g.edge_fenced
        touched = []
        find = self._find
        for d in range(4):
            k = (d - rot) & 3
            other = at.get(cell + STEP[d])
            if other is None:
                if not fenced[k]:
                    opens[find(base + k)] += 1
                continue
            ok = (OPPOSITE[d] - rot_of[other]) & 3
            if edge_fenced[other][ok]:
                continue
            r = find(other * 4 + ok)
            opens[r] -= 1
            touched.append(r)
            if not fenced[k]:
                self._union(base + k, r)
        return touched

    def _place(self, slot: int, cell: int, rot: int) -> list[int]:
        """Put tile `slot` on `cell`; the neighbours' section ids whose towns it touched."""
        touched = self._attach(slot, cell, rot, self.at)
        self.at[cell] = slot
        self.cell_of[slot] = cell
        self.rot_of[slot] = rot
        self.order.append(slot)
        front = self.front
        front.pop(cell, None)
        at = self.at
        for step in STEP:
            y = cell + step
            if y not in at:
                front[y] = front.get(y, 0) + 1
        return touched

    def _lift(self, slot: int) -> None:
        """Take tile `slot` off the table and rebuild the towns of the tiles left."""
        cell = self.cell_of[slot]
        del self.at[cell]
        self.cell_of[slot] = -1
        self.order.remove(slot)
        front = self.front
        near = 0
        for step in STEP:
            y = cell + step
            if y in self.at:
                near += 1
            elif front[y] == 1:
                del front[y]
            else:
                front[y] -= 1
        if near:
            front[cell] = near
        self._rebuild()

    def _rebuild(self) -> None:
        """Towns from scratch, tile by tile in placement order; the complete ones were completed before."""
        at: dict[int, int] = {}
        for slot in self.order:
            cell = self.cell_of[slot]
            self._attach(slot, cell, self.rot_of[slot], at)
            at[cell] = slot
        done = self.done
        for i in range(len(done)):
            done[i] = 0
        for slot in self.order:
            for k in range(4):
                r = self._find(slot * 4 + k)
                if self.opens[r] == 0:
                    done[r] = 1

    def _settle(self, slot: int, touched: list[int]) -> bool:
        """Score every town the last placement completed; whether one of them holds a silver bar."""
        opens, done, find = self.opens, self.done, self._find
        bar = False
        base = slot * 4
        for s in (base, base + 1, base + 2, base + 3, *touched):
            r = find(s)
            # `_complete` marks a town done, so it is settled once
            if opens[r] == 0 and not done[r] and self._complete(r):
                bar = bar or self.bars[r] > 0
        return bar

    def _complete(self, r: int) -> bool:
        """Settle the town of root `r`, just closed: lock its tiles and score it, unless it was scored
        before (reopened by a relocation and closed again); whether it scored."""
        g = self.game
        self.done[r] = 1
        tiles = set()
        again = False
        s = r
        while True:
            slot, k = s >> 2, s & 3
            tiles.add(slot)
            self.locked[slot] = 1
            again = again or self.closed[s]
            self.closed[s] = 1
            if g.lock_fences and not g.edge_fenced[slot][k]:
                # the tile across closes the town, by joining it or by its fence: moving it would reopen it
                self.locked[self.at[self.cell_of[slot] + STEP[(k + self.rot_of[slot]) & 3]]] = 1
            s = self.nxt[s]
            if s == r:
                break
        if again:
            return False
        self.scored = True
        counts = self.brands[r * COLOURS : r * COLOURS + COLOURS]
        gained = g.points_of(counts)
        for c in range(COLOURS):
            self.points[c] += gained[c]
        self.completed.append(tuple(counts))
        st = self.stats
        st[M_TOWNS] += 1
        st[M_TILES] += len(tiles)
        st[M_BRANDS] += sum(counts)
        st[M_POINTS] += sum(gained)
        st[M_SCORING] += 1 if any(gained) else 0
        st[M_3COLOURS] += 1 if sum(1 for x in counts if x) >= 3 else 0
        st[M_LARGEST] = max(st[M_LARGEST], sum(counts))
        return True

    # ------------------------------------------------------------ moves
    def current_player(self) -> int:
        return self.player

    def legal_moves(self) -> list[int]:
        phase = self.phase
        if phase == PLACE or phase == DROP:
            rots = self.game.rotations
            if len(rots) == 1:
                return [c * 4 for c in self.front]
            moves: list[int] = []
            add = moves.extend
            for c in self.front:
                c *= 4
                add((c, c + 1, c + 2, c + 3))
            return moves
        if phase == PICK:
            return [DECLINE, *self.movable()]
        return []

    def movable(self) -> list[int]:
        """Tiles that may be relocated: not the start tile, none locked by a completed town (its own, or
        under `town_and_fences` one it fences in), and (when relocations keep the table connected) none
        whose removal splits the table."""
        locked = self.locked
        cuts = cut_cells(self.at, self.cell_of[0]) if self.game.connected else set()
        cell_of = self.cell_of
        return [slot for slot in self.order if slot and not locked[slot] and cell_of[slot] not in cuts]

    def apply(self, move: int) -> None:
        g = self.game
        if g.debug and move not in self.legal_moves():
            raise ValueError(f"illegal move {move} for seat {self.player + 1} in phase {self.phase}")
        self.moves += 1
        self.scored = False
        self.near = {}
        phase = self.phase
        if phase == PLACE:
            slot = self.current
            self.current = -1
            cell, rot = divmod(move, 4)
            self._after_placement(self._settle(slot, self._place(slot, cell, rot)))
        elif phase == PICK:
            if move == DECLINE:
                self.stats[M_DECLINED] += 1
                self._end_turn()
            else:
                self.picked = move
                self._lift(move)
                self.phase = DROP
        elif phase == DROP:
            slot = self.picked
            self.picked = -1
            cell, rot = divmod(move, 4)
            self.stats[M_RELOCATIONS] += 1
            bar = self._settle(slot, self._place(slot, cell, rot))
            self.stats[M_CHAINS] += 1 if bar and g.relocation else 0
            self._after_placement(bar)
        else:
            raise ValueError("the game is over")
        if g.debug:
            self.check_invariants()

    def _after_placement(self, bar: bool) -> None:
        if bar and self.game.relocation and self.movable():
            self.phase = PICK
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.player = (self.player + 1) % self.game.players
        if self.stack:
            self.current = self.stack.pop()
            self.phase = PLACE
        else:
            self.phase = OVER

    # ----------------------------------------------------------- results
    def is_over(self) -> bool:
        return self.phase == OVER

    def game_of(self) -> Game:
        return self.game

    def scores_moved(self) -> bool:
        """Points change only when a town is completed."""
        return self.scored

    def scores(self) -> list[float]:
        return [float(p) for p in self.points[: self.game.players]]

    def result(self) -> Result:
        g = self.game
        scores = g.compensated(self.scores(), self.first)
        top = max(scores)
        tied = [s for s, x in enumerate(scores) if x == top]
        winners = break_tie(tied, self.completed, g.tie_break) if len(tied) > 1 else tied
        placements = placements_from_scores(scores)
        for s in tied:
            if s not in winners:
                placements[s] += 1
        stats = list(self.stats)
        stats[M_TIE] = 1 if len(tied) > 1 else 0
        stats[M_TIE_DECIDED] = 1 if len(tied) > 1 and len(winners) == 1 else 0
        stats[M_NPC] = sum(self.points[g.players :])
        stats[M_OPEN] = g.total_brands - stats[M_BRANDS]
        return Result(
            scores=scores,
            winners=winners,
            draw=len(winners) > 1,
            placements=placements,
            first_player=self.first,
            moves=self.moves,
            metrics={name: float(x) for name, x in zip(METRICS, stats, strict=True)},
        )

    # ------------------------------------------------ copies and views
    def clone(self) -> State:
        new = self._copy()
        new.rng = copy_generator(self.rng)
        return new

    def _copy(self) -> State:
        """Everything but the generator (None in the copy); `near` is shared, as it holds only what the
        position shows and a move replaces it."""
        new = State.__new__(State)
        new.game = self.game
        new.rng = None
        new.stack = self.stack[:]
        new.cell_of = self.cell_of[:]
        new.rot_of = self.rot_of[:]
        new.order = self.order[:]
        new.parent = self.parent[:]
        new.opens = self.opens[:]
        new.brands = self.brands[:]
        new.bars = self.bars[:]
        new.nxt = self.nxt[:]
        new.done = self.done[:]
        new.closed = self.closed[:]
        new.locked = self.locked[:]
        new.points = self.points[:]
        new.completed = self.completed[:]
        new.stats = self.stats[:]
        new.at = self.at.copy()
        new.front = self.front.copy()
        new.current = self.current
        new.phase = self.phase
        new.player = self.player
        new.first = self.first
        new.moves = self.moves
        new.picked = self.picked
        new.scored = self.scored
        new.near = self.near
        return new

    def view(self, player: int) -> State:
        """The table, scores and the drawn tile are public; the stack shows only which tiles are left."""
        v = self._copy()
        v.stack.sort()
        return v

    def sample(self, player: int, rng: random.Random) -> State:
        """The same table with the unseen tiles shuffled afresh and a generator drawn from `rng`."""
        s = self._copy()
        s.stack.sort()
        rng.shuffle(s.stack)
        s.rng = generator(rng.getrandbits(64))
        return s

    # ------------------------------------------------------- heuristics
    def move_gain(self, move: int, seat: int, rng: Any = None) -> float:
        """Change in `seat`'s lead over the best other seat from the towns this placement completes."""
        phase = self.phase
        if phase != PLACE and phase != DROP:
            return 0.0
        slot = self.current if phase == PLACE else self.picked
        cell, rot = divmod(move, 4)
        near = self._around(cell)
        # a quick necessary test: a town around `cell` has every open edge facing it, or the tile closes
        # a town of its own sections; half the placements fail it
        if not near[3] and not self.game.closes_alone[slot][rot][near[1]]:
            return 0.0
        towns = self._completions(slot, rot, near)
        if not towns:
            return 0.0
        n = self.game.players
        before = self.points[:n]
        after = before[:]
        points_of = self.game.points_of
        for counts in towns:
            for c, p in enumerate(points_of(counts)[:n]):
                after[c] += p
        return float(lead(after, seat) - lead(before, seat))

    def _around(self, cell: int) -> Near:
        """What a tile placed on `cell` meets, whatever the tile and its rotation: the directions holding
        a tile and those whose tile is fenced on the shared edge (a bit each), the root of the town met
        through each other direction (-1 where none), and the towns the placement closes (every open
        edge facing `cell`, none scored before). Memoised until the position changes (`near`)."""
        near = self.near.get(cell)
        if near is not None:
            return near
        edge_fenced, at, rot_of, opens = self.game.edge_fenced, self.at, self.rot_of, self.opens
        present = fenced = 0
        roots = [-1, -1, -1, -1]
        facing: dict[int, int] = {}
        for d in range(4):
            other = at.get(cell + STEP[d])
            if other is None:
                continue
            present |= 1 << d
            ok = (OPPOSITE[d] - rot_of[other]) & 3
            if edge_fenced[other][ok]:
                fenced |= 1 << d
                continue
            r = roots[d] = self._find(other * 4 + ok)
            facing[r] = facing.get(r, 0) + 1
        # (closed again after a relocation reopened it, a town scored before and scores nothing)
        done, was_closed = self.done, self._was_closed
        closing = {r for r, k in facing.items() if opens[r] == k and not done[r] and not was_closed(r)}
        near = self.near[cell] = (present, fenced, roots, closing)
        return near

    def completions(self, slot: int, cell: int, rot: int) -> list[list[int]]:
        """Brand counts of the towns that `slot` on `cell` turned `rot` would complete (changes nothing).

        The tile's own towns (`Game.reach`) join the towns they meet through unfenced edges; a joined
        town completes when none of its tile towns faces an empty cell through an unfenced edge and each
        town it met is closing (`_around`); a town met but not joined completes if it is closing.
        """
        return self._completions(slot, rot, self._around(cell))

    def _completions(self, slot: int, rot: int, near: Near) -> list[list[int]]:
        """`completions` of `slot` turned `rot` on the cell `near` describes (`_around`)."""
        present, fenced, roots, closing = near
        joined: list[tuple[set[int], bool, list[int]]] = []  # per joined town: towns met, open, brands
        for counts, gap, ways in self.game.reach(slot, rot, present, fenced):
            met = {roots[d] for d in ways}
            for town in [town for town in joined if town[0] & met]:
                joined.remove(town)
                met |= town[0]
                gap = gap or town[1]
                counts = [a + b for a, b in zip(counts, town[2], strict=True)]
            joined.append((met, gap, counts))
        brands = self.brands
        out = []
        linked: set[int] = set()
        for met, gap, counts in joined:
            linked |= met
            if not gap and met <= closing:
                for r in met:
                    town = brands[r * COLOURS : r * COLOURS + COLOURS]
                    counts = [a + b for a, b in zip(counts, town, strict=True)]
                out.append(counts)
        for r in roots:
            if r in closing and r not in linked:
                linked.add(r)
                out.append(brands[r * COLOURS : r * COLOURS + COLOURS])
        return out

    def _was_closed(self, r: int) -> bool:
        """Whether the town of root `r` holds a section of a town scored before."""
        closed, nxt = self.closed, self.nxt
        s = r
        while True:
            if closed[s]:
                return True
            s = nxt[s]
            if s == r:
                return False

    # -------------------------------------------------------- invariants
    def check_invariants(self) -> None:
        """Every tile once in stack, hand or table; towns, frontier and points as a flood fill finds them."""
        g = self.game
        held = [self.current] if self.current >= 0 else []
        held += [self.picked] if self.picked >= 0 else []
        everywhere = sorted(self.stack + held + list(self.at.values()))
        if everywhere != list(range(g.tiles)):
            raise AssertionError(f"tiles out of place: {everywhere}")
        for cell, slot in self.at.items():
            if self.cell_of[slot] != cell:
                raise AssertionError(f"tile {slot} at {cell} but recorded at {self.cell_of[slot]}")
        if self.cell_of[0] != ORIGIN:
            raise AssertionError("the start tile moved")
        front = {}
        for cell in self.at:
            for step in STEP:
                if cell + step not in self.at:
                    front[cell + step] = front.get(cell + step, 0) + 1
        if front != self.front:
            raise AssertionError("frontier out of step")
        self._check_towns()

    def _check_towns(self) -> None:
        g = self.game
        towns = flood_towns(g, self.at, self.rot_of)
        seen_roots = set()
        on_table = []
        for sections, opens in towns:
            roots = {self._find(s) for s in sections}
            if len(roots) != 1:
                raise AssertionError(f"town {sorted(sections)} split over roots {sorted(roots)}")
            r = roots.pop()
            seen_roots.add(r)
            if self.opens[r] != opens:
                raise AssertionError(f"town of root {r}: {self.opens[r]} open edges kept, {opens} found")
            counts = [sum(g.section_brands[s][c] for s in sections) for c in range(COLOURS)]
            if self.brands[r * COLOURS : r * COLOURS + COLOURS] != counts:
                raise AssertionError(f"town of root {r}: brands out of step")
            if bool(self.done[r]) != (opens == 0):
                raise AssertionError(f"town of root {r}: complete is {opens == 0}, marked {self.done[r]}")
            if opens == 0:
                on_table.append(tuple(counts))
                for s in sections:
                    if not self.locked[s >> 2] or not self.closed[s]:
                        raise AssertionError(f"tile {s >> 2} in a completed town is not locked and closed")
        for s, closed in enumerate(self.closed):
            if closed and not self.locked[s >> 2]:
                raise AssertionError(f"tile {s >> 2} was in a completed town but is not locked")
        points = [0] * COLOURS
        for counts in self.completed:
            ranked = counts if g.npc_ranked else [x if c < g.players else 0 for c, x in enumerate(counts)]
            points = [p + q for p, q in zip(points, town_points(ranked), strict=True)]
        if points != self.points:
            raise AssertionError(f"points {self.points}, the towns scored give {points}")
        if g.lock_fences and sorted(on_table) != sorted(self.completed):
            raise AssertionError("a completed town reopened although the tiles fencing it are locked")


def cut_cells(at: dict[int, int], root: int) -> set[int]:
    """The tiled cells whose removal would split the tiles left (articulation points, Tarjan's DFS)."""
    depth = {root: 0}
    low = {root: 0}
    cuts = set()

    def visit(x: int, parent: int) -> None:
        children = 0
        for step in STEP:
            y = x + step
            if y not in at or y == parent:
                continue
            if y in depth:
                low[x] = min(low[x], depth[y])
                continue
            depth[y] = low[y] = depth[x] + 1
            children += 1
            visit(y, x)
            low[x] = min(low[x], low[y])
            if parent >= 0 and low[y] >= depth[x]:
                cuts.add(x)
        if parent < 0 and children > 1:
            cuts.add(x)

    visit(root, -1)
    return cuts


def flood_towns(game: Game, at: dict[int, int], rot_of: Sequence[int]) -> list[tuple[set[int], int]]:
    """Every town on the table as (section ids, open edges), by a flood fill from scratch (for checks)."""
    cell_of = {slot: cell for cell, slot in at.items()}
    seen: set[int] = set()
    towns = []
    for start in sorted(s * 4 + k for s in at.values() for k in range(4)):
        if start in seen:
            continue
        seen.add(start)
        todo = [start]
        sections = {start}
        opens = 0
        while todo:
            s = todo.pop()
            slot, k = divmod(s, 4)
            near = [slot * 4 + (k + 1) % 4] if not game.faces[slot].diagonals[k] else []
            if not game.faces[slot].diagonals[(k - 1) % 4]:
                near.append(slot * 4 + (k - 1) % 4)
            if not game.edge_fenced[slot][k]:
                d = (k + rot_of[slot]) % 4
                other = at.get(cell_of[slot] + STEP[d])
                if other is None:
                    opens += 1
                else:
                    ok = (OPPOSITE[d] - rot_of[other]) % 4
                    if not game.edge_fenced[other][ok]:
                        near.append(other * 4 + ok)
            for t in near:
                if t not in seen:
                    seen.add(t)
                    sections.add(t)
                    todo.append(t)
        towns.append((sections, opens))
    return towns
