"""Twinkle Twinkle: draft tiles from the observation board onto a 4x5 star chart; five score references.

Rules: the project's rules spec for Twinkle Twinkle, every number and option
read from `data/twinkle_twinkle/twinkle_twinkle.toml`; the tiles come from the data file's tile
list through `records`, the same records the print-and-play kit
draws.

A turn is two moves by the owner of the standee to act: pick a tile of the
current row (move = its slot, 0..7), then place it (move = PLACE + cell * 8 +
orientation; orientations 0-3 are quarter turns of a star tile, 4-7 the same
after a flip when flipping is allowed; other tiles only 0). Placements that give
the same exits are offered once.

Scoring is a pure function of charts (`scoring` in this package); the gains
of placements that greedy agents weigh come from `gains`, kept per analysed
chart, and are held to that pure function by the tests.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from printkit.datafile.gamedata import Rules
from printkit.errors import DataError
from simulate.engines.base import AgentBase, GameBase, Result, StateBase, copy_generator, solo_result
from simulate.engines.draws import generator

from .gains import ChartGains, compared, rival_key
from .records import KINDS, check_sides, orient_mask, read_tiles
from .scoring import (
    CATEGORIES,
    STAR,
    Analysis,
    Cell,
    Geometry,
    Scoring,
    rivals,
)
from .tally import Tally

PLACE = 8  # place moves start here; pick moves are slots 0..7
MAX_SLOTS = 8
# What a slot further left is worth when picking, in points (see State.evaluate); 0.5 and 1 won most
# against plain score-greedy play, 2 and more lost.
W_LEFT = 0.5
# (seat, held tile, its best score gain, move gain per placement move), until the next move
Placing = tuple[int, int, int, dict[int, int]]


# --------------------------------------------------------------------- game
class Game(GameBase):
    """Twinkle Twinkle for one set of rules and a player count."""

    name: ClassVar[str] = "twinkle_twinkle"
    # two moves (a pick and its placement), then the evaluation: random placements ruin charts
    playout_depth: ClassVar[int] = 2
    metric_names: ClassVar[tuple[str, ...]] = (
        "rounds",
        "constellations",
        "largest_constellation",
        "unlinked_stars",
        "slow_left_over",
        "bag_left",
    )
    metric_docs: ClassVar[dict[str, str]] = {
        "rounds": "rounds of tile picks played until every board was full",
        "constellations": "constellations (linked groups of stars) a player ends with, mean over players",
        "largest_constellation": "stars in a player's largest constellation, mean over players",
        "unlinked_stars": "stars in no constellation at the end, mean over players",
        "slow_left_over": "share of rounds after which a slow tile was left over in the row",
        "bag_left": "tiles still in the bag when the game ended",
    }
    figure_docs: ClassVar[dict[str, str]] = {
        "ignored_categories": "of the players who scored nothing in a category, the share who won outright, "
        "with 95% intervals, against an even share: a category nobody can afford to ignore shows a low rate",
        "winners_edge": "mean points per category of the winners minus everyone else's: which reference "
        "sides decide games",
    }
    docs_ja: ClassVar[dict[str, str]] = {
        "rounds": "すべての星図ボードが埋まるまでに行ったタイル選びのラウンド数",
        "constellations": "プレイヤーが最後に持つ星座（線でつながった星のまとまり）の数、プレイヤーの平均",
        "largest_constellation": "プレイヤーの最も大きな星座の星の数、プレイヤーの平均",
        "unlinked_stars": "最後にどの星座にも入っていない星の数、プレイヤーの平均",
        "slow_left_over": "遅いタイルが行に残ったラウンドの割合",
        "bag_left": "ゲーム終了時に袋に残っていたタイルの枚数",
    }
    figure_docs_ja: ClassVar[dict[str, str]] = {
        "ignored_categories": "ある得点の種類で0点だったプレイヤーのうち単独で勝った割合と95%区間を、均等な"
        "割合と比べる：誰も捨てられない種類は割合が低い",
        "winners_edge": "得点の種類ごとの、勝者の平均得点からほかのプレイヤーの平均得点を引いたもの："
        "どの得点リファレンスの面がゲームを決めるか",
    }
    names_en: ClassVar[dict[str, str]] = {
        "slow_left_over": "rounds with a slow tile left over",
        "bag_left": "tiles left in the bag",
        "ignored_categories": "categories ignored",
        "winners_edge": "winners' edge by category",
    }
    names_ja: ClassVar[dict[str, str]] = {
        "rounds": "ラウンド数",
        "constellations": "星座の数",
        "largest_constellation": "最大の星座の星の数",
        "unlinked_stars": "星座に入らない星",
        "slow_left_over": "遅いタイルが残る割合",
        "bag_left": "袋に残ったタイル",
        "constellation_size": "星座の星の数",
        "constellation_count": "星座の数",
        "new_stars": "新星",
        "comets": "彗星",
        "asteroids": "小惑星",
        "planets": "惑星",
        "black_holes": "ブラックホール",
        "satellites": "人工衛星",
        "ignored_categories": "得点の種類を捨てたとき",
        "winners_edge": "得点の種類ごとの勝者の優位",
    }
    categories: ClassVar[tuple[str, ...]] = CATEGORIES
    core: ClassVar[str | None] = f"{__package__}.core"

    def __init__(self, rules: Rules, debug: bool = False):
        self.rules = rules
        self.players = n = rules.players
        self.debug = debug
        v = rules.values
        where = f"{rules.game} ({rules.label})"
        check_sides(v, where)
        self.scoring = Scoring.from_rules(v)
        self.geo = Geometry.make(v["chart"]["rows"], v["chart"]["cols"])
        key = str(n)
        if key not in v["opening"]:
            raise DataError(f"{where}: rules.opening: no opening rows for {n} players")
        if key not in v["standees"]:
            raise DataError(f"{where}: rules.standees: no standee count for {n} players")
        self.cur_size, self.next_size = v["opening"][key]
        per = v["standees"][key]
        self.standee_owner = tuple(s % n for s in range(n * per))
        self.picks = n * per
        if self.geo.size % per:
            raise DataError(
                f"{where}: rules.standees.{key}: {per} standees each cannot fill a chart of "
                f"{self.geo.size} spaces in whole rounds"
            )
        self.rounds = self.geo.size // per
        self.slow_rule = v["slow_tiles"]
        self.flip = v["flip"]
        self.records = read_tiles(rules.components, where)
        self._check_rows(where)
        # per tile: kind, slow flag, and its distinct orientations as (orientation, Cell)
        self.kind = [KINDS.index(r.kind) for r in self.records]
        self.slow = [r.slow and self.slow_rule for r in self.records]
        self.orients: list[list[tuple[int, Cell]]] = []
        self.cell: list[list[Cell | None]] = []
        for r in self.records:
            kind = KINDS.index(r.kind)
            table: list[Cell | None] = [None] * 8
            distinct: list[tuple[int, Cell]] = []
            if kind == STAR:
                seen = set()
                for o in range(8 if self.flip else 4):
                    cell = Cell(STAR, r.star_count, r.new_count, orient_mask(r.exit_mask, o))
                    table[o] = cell
                    if cell.exits not in seen:
                        seen.add(cell.exits)
                        distinct.append((o, cell))
            else:
                table[0] = Cell(kind)
                distinct.append((0, table[0]))
            self.orients.append(distinct)
            self.cell.append(table)
        # tiles that place the same way (all asteroids, twin star tiles) share a signature
        self.shapes = [tuple(c for _, c in d) for d in self.orients]
        signatures: dict[tuple[Cell, ...], int] = {}
        self.signature = [signatures.setdefault(shape, len(signatures)) for shape in self.shapes]
        # per tile, its distinct orientations (what a place move adds to space * 8)
        self.turns = [tuple(o for o, _ in d) for d in self.orients]
        # tiles whose gains depend on the other players' tile counts
        self.compared = [compared(self.scoring, kind) for kind in self.kind]
        # The empty chart's analysis, which every seat's first ask for gains gets: its gains are worked out
        # once for all the games of this object, not once per seat and game.
        self.blank = Analysis(self.blank_chart(), self.geo, self.scoring)
        # copies of states made so far: a state changes a tally or analysis list in place only while
        # this has not moved since it took it for its own (see `State._place`)
        self.copies = 0

    def _check_rows(self, where: str) -> None:
        """Play the rows' tile counts through every round: the current row must always hold a pick each."""
        key = str(self.players)
        if not 1 <= self.cur_size <= MAX_SLOTS:
            raise DataError(f"{where}: rules.opening.{key}: the current row holds 1 to {MAX_SLOTS} tiles")
        bag = len(self.records)
        cur = min(self.cur_size, bag)
        nxt = min(self.next_size, bag - cur)
        bag -= cur + nxt
        for r in range(self.rounds):
            if cur < self.picks:
                raise DataError(
                    f"{where}: rules.opening.{key}: round {r + 1} starts with {cur} tiles in the current "
                    f"row for {self.picks} standees (rows {self.cur_size}/{self.next_size}, "
                    f"{len(self.records)} tiles, chart {self.geo.rows}x{self.geo.cols})"
                )
            cur = cur - self.picks + nxt
            if cur > self.cur_size:
                raise DataError(
                    f"{where}: rules.opening.{key}: {cur} tiles do not fit the current row of "
                    f"{self.cur_size} (the next row may hold at most the picks of a round)"
                )
            nxt = min(self.next_size, bag)
            bag -= nxt

    def new_state(self, seed: int) -> State:
        return State(self, generator(seed))

    def report_extras(self, ctx: Any, arms: list[Any]) -> Any:
        """Win rates of players who ignore a category and the winner's edge (see `report`)."""
        from .report import extras

        return extras(ctx, arms)

    def blank_chart(self) -> list[Cell | None]:
        return [None] * self.geo.size


class State(StateBase):
    """A game in progress: bag, the two observation rows, standees, and each player's chart."""

    __slots__ = (
        "game",
        "rng",
        "bag",
        "cur",
        "nxt",
        "standee_at",
        "order",
        "turn",
        "held",
        "placed",
        "cells",
        "counts",
        "filled",
        "an",
        "round",
        "first",
        "moves",
        "slow_left",
        "over",
        "placing",
        "tallies",
        "an_stamp",
        "free",
        "bag_sorted",
    )

    def __init__(self, game: Game, rng: random.Random):
        self.game = game
        self.rng: random.Random | None = rng
        # the placements of the held tile weighed since the last move (see `_placements`)
        self.placing: Placing | None = None
        n = game.players
        self.bag = list(range(len(game.records)))
        rng.shuffle(self.bag)
        self.bag_sorted: tuple[int, ...] | None = None  # what a view shows of the bag, until it changes
        self.cur = [-1] * game.cur_size
        self.nxt = [-1] * game.next_size
        self._fill(self.cur)
        self._fill(self.nxt)
        # The standees are dropped at random: every opening order is equally likely.
        self.order = list(range(game.picks))
        rng.shuffle(self.order)
        self.first = game.standee_owner[self.order[0]]
        self.standee_at = [-1] * game.picks
        self.turn = 0
        self.held = -1
        self.placed = [[-1] * game.geo.size for _ in range(n)]
        # per seat, the place move of each empty space in orientation 0 (the others follow it)
        self.free = [list(range(PLACE, PLACE + 8 * game.geo.size, 8)) for _ in range(n)]
        self.cells = [game.blank_chart() for _ in range(n)]
        self.counts = [[0] * 6 for _ in range(n)]
        self.filled = [0] * n
        # Each chart's analysis, made when gains are first asked for. The list is shared with copies of
        # this state, so that an analysis a view makes is kept for the state it shows, and copied before
        # a change when a copy was made since this state last took it for its own (see `_mine`).
        self.an: list[Analysis | None] = [None] * n
        self.an_stamp = game.copies
        # each chart's points kept current tile by tile (the runner reads the scores every round);
        # shared with copies of this state in the same way as the analyses
        self.tallies = [Tally(game.geo, game.scoring, game.copies) for _ in range(n)]
        self.round = 0
        self.moves = 0
        self.slow_left = 0
        self.over = False

    def _fill(self, row: list[int]) -> None:
        """Draw tiles into a row's empty spaces left to right; a slow tile takes the rightmost empty space."""
        slow = self.game.slow
        bag = self.bag
        self.bag_sorted = None
        while bag and -1 in row:
            t = bag.pop()
            if slow[t]:
                row[max(i for i, v in enumerate(row) if v < 0)] = t
            else:
                row[row.index(-1)] = t

    # ------------------------------------------------------------- interface
    def current_player(self) -> int:
        return self.game.standee_owner[self.order[self.turn]] if not self.over else -1

    def legal_moves(self) -> list[int]:
        if self.over:
            return []
        if self.held < 0:
            return [slot for slot, t in enumerate(self.cur) if t >= 0]
        free = self.free[self.game.standee_owner[self.order[self.turn]]]  # the player to act's
        turns = self.game.turns[self.held]
        return free[:] if len(turns) == 1 else [move + o for move in free for o in turns]

    def apply(self, move: int) -> None:
        g = self.game
        if g.debug and move not in self.legal_moves():
            raise ValueError(f"illegal move {move} for seat {self.current_player()}")
        self.moves += 1
        self.placing = None
        standee = self.order[self.turn]
        if move < PLACE:
            self.held = self.cur[move]
            self.cur[move] = -1
            self.standee_at[standee] = move
        else:
            x, o = divmod(move - PLACE, 8)
            self._place(g.standee_owner[standee], x, self.held, o)
            self.held = -1
            self.turn += 1
            if self.turn == len(self.order):
                self._end_round()
        if g.debug:
            self.check_invariants()

    def _place(self, seat: int, x: int, tile: int, o: int) -> None:
        """Put `tile` in orientation `o` on `seat`'s space `x`, copying first what copies of this state share.

        A copy shares each seat's chart (its lists, tally and analysis) until
        either state places a tile on it. `game.copies` counts the copies of
        states made: while it has not moved since this state took a chart's
        tally for its own, nothing else holds that chart.
        """
        g = self.game
        cell = g.cell[tile][o]
        stamp = g.copies
        if self.an_stamp != stamp:
            self.an = self.an[:]
            self.an_stamp = stamp
        tally = self.tallies[seat]
        if tally.stamp != stamp:
            tally = self.tallies[seat] = tally.copy(stamp)
            self.placed[seat] = self.placed[seat][:]
            self.cells[seat] = self.cells[seat][:]
            self.counts[seat] = self.counts[seat][:]
            self.free[seat] = self.free[seat][:]
        self.free[seat].remove(PLACE + 8 * x)
        self.placed[seat][x] = tile * 8 + o
        self.cells[seat][x] = cell
        self.counts[seat][g.kind[tile]] += 1
        self.filled[seat] += 1
        tally.place(x, cell)
        an = self.an[seat]
        if an is not None:  # the tally has just done the analysis's work: the new one is read off it
            new = tally.analysis(self.cells[seat])
            if an.fast is not None:
                new.fast = an.fast.after(new, x, cell)
            self.an[seat] = new

    def _end_round(self) -> None:
        """Next order from the standees' slots; leftovers slide left, the next row moves up, refilled."""
        g = self.game
        self.round += 1
        self.order = sorted(range(g.picks), key=self.standee_at.__getitem__)
        self.standee_at = [-1] * g.picks
        self.turn = 0
        left = [t for t in self.cur if t >= 0]
        if any(g.slow[t] for t in left):
            self.slow_left += 1
        if all(f == g.geo.size for f in self.filled):
            self.over = True
            return
        moved = left + [t for t in self.nxt if t >= 0]
        self.cur = moved + [-1] * (g.cur_size - len(moved))
        self.nxt = [-1] * g.next_size
        self._fill(self.nxt)

    def analysis(self, seat: int) -> Analysis:
        an = self.an[seat]
        if an is None:
            g = self.game
            an = g.blank if not self.filled[seat] else Analysis(self.cells[seat], g.geo, g.scoring)
            self.an[seat] = an
        return an

    def gains(self, seat: int) -> ChartGains:
        """The gains of placements on `seat`'s chart as it is (kept with its analysis)."""
        an = self.analysis(seat)
        if an.fast is None:
            an.fast = ChartGains(an)
        return an.fast

    def best_gain(self, tile: int, seat: int) -> int:
        """The most `seat`'s score can rise by placing `tile` anywhere, in any orientation."""
        g = self.game
        an = self.an[seat]
        gains = an.fast if an is not None and an.fast is not None else self.gains(seat)
        rival = rivals(self.counts, seat) if g.compared[tile] else ()
        return gains.best_of(g.signature[tile], g.shapes[tile], rival)

    def evaluate(self, seat: int) -> float:
        """Lead in points, plus the best placement of a tile `seat` holds, less W_LEFT a slot of its standees.

        A standee further left this round moves up next round's turn order
        (first choice of the next row), so a slot to the left is worth W_LEFT.
        """
        g = self.game
        value = super().evaluate(seat)
        if self.held >= 0 and self.current_player() == seat:
            value += self.best_gain(self.held, seat)
        owner = g.standee_owner
        return value - W_LEFT * sum(x for k, x in enumerate(self.standee_at) if x >= 0 and owner[k] == seat)

    def move_gain(self, move: int, seat: int, rng: Any = None) -> float:
        """Change in `evaluate(seat)`: a pick is worth its tile's best placement, less W_LEFT a slot;
        a placement its rise in `seat`'s score, less the best placement it gives up.

        Exact unless the placement changes a rival's score (most planets, fewest asteroids).
        """
        if move < PLACE:
            return self.best_gain(self.cur[move], seat) - W_LEFT * move
        placing = self.placing  # greedy asks once per placement: the check of `_placing`, inline
        if placing is None or placing[0] != seat:
            placing = self._placing(seat)
        return placing[3][move]

    def score_gain(self, move: int, seat: int) -> int:
        """Rise of `seat`'s score: for a pick, from the tile's best placement; for a placement, from it."""
        if move < PLACE:
            return self.best_gain(self.cur[move], seat)
        placing = self._placing(seat)
        return placing[3][move] + placing[2]

    def _placing(self, seat: int) -> Placing:
        """The placements of the held tile on `seat`'s chart weighed, kept while chart and tile stay."""
        placing = self.placing
        if placing is None or placing[0] != seat:
            placing = self.placing = self._placements(seat)
        return placing

    def _placements(self, seat: int) -> Placing:
        """The best gain of the held tile on `seat`'s chart and, per placement move, its `move_gain`: its
        score gain less that best one (greedy weighs every placement against the same best)."""
        g = self.game
        tile = self.held
        gains = self.gains(seat)
        rival = rival_key(gains.an, g.kind[tile], self.counts, seat)
        best = self.best_gain(tile, seat)
        return seat, tile, best, gains.placements(g.orients[tile], rival, PLACE, best)

    def is_over(self) -> bool:
        return self.over

    def breakdown(self) -> list[list[int]]:
        """Points per seat per category (CATEGORIES order) of the charts as they are."""
        return [t.breakdown(*rivals(self.counts, s)) for s, t in enumerate(self.tallies)]

    def game_of(self) -> Game:
        return self.game

    def scores(self) -> list[float]:
        sc = self.game.scoring
        if not (sc.blue_asteroids or sc.blue_planets):  # no points compare the charts
            return [float(sum(t.points)) for t in self.tallies]
        return [float(t.total(*rivals(self.counts, s))) for s, t in enumerate(self.tallies)]

    def scores_moved(self) -> bool:
        """Scoring a chart is costly: the lead is read at the end of each round, when all have placed."""
        return self.over or (self.turn == 0 and self.held < 0)

    def result(self) -> Result:
        g = self.game
        n = g.players
        per_seat = self.breakdown()
        scores = g.compensated([float(sum(b)) for b in per_seat], self.first)
        breakdown = {name: [float(per_seat[s][i]) for s in range(n)] for i, name in enumerate(CATEGORIES)}
        sizes = [t.constellation_sizes() for t in self.tallies]
        metrics = {
            "rounds": float(self.round),
            # means of whole numbers: exact sums, one division (what numpy's mean gives, without its cost)
            "constellations": sum(len(a) for a in sizes) / n,
            "largest_constellation": sum(max(a, default=0) for a in sizes) / n,
            "unlinked_stars": sum(t.unlinked_stars() for t in self.tallies) / n,
            "slow_left_over": self.slow_left / max(self.round, 1),
            "bag_left": float(len(self.bag)),
        }
        return solo_result(
            scores, breakdown=breakdown, first_player=self.first, moves=self.moves, metrics=metrics
        )

    def clone(self) -> State:
        new = self._copy(self.bag[:])
        new.rng = copy_generator(self.rng)
        return new

    def _copy(self, bag: list[int]) -> State:
        """A copy of everything but the generator, holding `bag`."""
        new = State.__new__(State)  # everything is set below: no need of __init__
        new.game, new.rng, new.placing = self.game, None, None
        new.bag, new.bag_sorted = bag, self.bag_sorted
        new.cur = self.cur[:]
        new.standee_at = self.standee_at[:]
        new.nxt, new.order = self.nxt, self.order  # replaced at the end of a round, never changed in place
        new.filled = self.filled[:]
        # each seat's chart shared until either state places a tile on it (see `_place`)
        self.game.copies += 1
        new.placed, new.cells, new.counts = self.placed[:], self.cells[:], self.counts[:]
        new.free = self.free[:]
        new.an, new.an_stamp = self.an, self.an_stamp
        new.tallies = self.tallies[:]
        new.turn, new.held, new.round, new.first = self.turn, self.held, self.round, self.first
        new.moves, new.slow_left, new.over = self.moves, self.slow_left, self.over
        return new

    def view(self, player: int) -> State:
        """Everything but the order of the tiles in the bag (kept sorted) and the generator."""
        return self._copy(list(self._sorted_bag()))

    def _sorted_bag(self) -> tuple[int, ...]:
        """The bag sorted, kept until a row is filled from it (greedy makes a view for every move)."""
        bag = self.bag_sorted
        if bag is None:
            bag = self.bag_sorted = tuple(sorted(self.bag))
        return bag

    def sample(self, player: int, rng: random.Random) -> State:
        """A full state consistent with the view: the bag in an order, and a generator, drawn from `rng`."""
        new = self._copy(list(self._sorted_bag()))
        rng.shuffle(new.bag)
        new.rng = generator(rng.getrandbits(64))
        return new

    def check_invariants(self) -> None:
        """All tiles accounted for exactly once; charts, counts, standees and cached analyses in step."""
        g = self.game
        held = [self.held] if self.held >= 0 else []
        on_charts = [p // 8 for chart in self.placed for p in chart if p >= 0]
        everywhere = self.bag + [t for t in self.cur if t >= 0] + [t for t in self.nxt if t >= 0]
        everywhere += held + on_charts
        if sorted(everywhere) != list(range(len(g.records))):
            raise AssertionError(f"tiles not accounted for exactly once: {len(everywhere)} places")
        if sorted(self.order) != list(range(g.picks)):
            raise AssertionError(f"turn order {self.order} is not every standee once")
        per = g.picks // g.players
        done = self.turn if not self.over else 0
        for seat in range(g.players):
            chart = self.placed[seat]
            counts = [0] * 6
            for x, p in enumerate(chart):
                cell = self.cells[seat][x]
                if p < 0:
                    if cell is not None:
                        raise AssertionError(f"seat {seat} cell {x}: a tile without a record")
                    continue
                t, o = divmod(p, 8)
                if o not in [oo for oo, _ in g.orients[t]] or cell != g.cell[t][o]:
                    raise AssertionError(f"seat {seat} cell {x}: tile {t} in orientation {o} misrecorded")
                counts[g.kind[t]] += 1
            if self.free[seat] != [PLACE + 8 * x for x, p in enumerate(chart) if p < 0]:
                raise AssertionError(f"seat {seat}: free spaces {self.free[seat]} for chart {chart}")
            if counts != self.counts[seat] or sum(counts) != self.filled[seat]:
                raise AssertionError(f"seat {seat}: counts {self.counts[seat]} for {counts}")
            mine = sum(1 for k in self.order[:done] if g.standee_owner[k] == seat)
            expected = self.round * per + mine if not self.over else g.geo.size
            if self.filled[seat] != expected:
                raise AssertionError(f"seat {seat}: {self.filled[seat]} tiles placed, expected {expected}")
            fresh = Analysis(self.cells[seat], g.geo, g.scoring)
            an = self.an[seat]
            if an is not None and fresh.canonical() != an.canonical():
                raise AssertionError(f"seat {seat}: the analysis kept does not match the chart")
            kept = self.tallies[seat]
            if kept.points != fresh.points or kept.counts != counts:
                raise AssertionError(f"seat {seat}: points {kept.points} kept for {fresh.points}")
        slots = [s for s in self.standee_at if s >= 0]
        if len(set(slots)) != len(slots) or any(self.cur[s] >= 0 for s in slots):
            raise AssertionError(f"standees on slots {slots} of row {self.cur}")
        if not self.over and len(slots) != self.turn + (1 if self.held >= 0 else 0):
            raise AssertionError(f"{len(slots)} standees out for turn {self.turn}")


# -------------------------------------------------------------------- agents
class GreedyLeftAgent(AgentBase):
    """Greedy on its own score, but a tile further left is worth LEFT_WEIGHT points per place.

    Taking a tile further left moves its standee up the next round's turn order,
    which gives the first choice of the next row. The placement is the greedy one.
    """

    LEFT_WEIGHT = 0.5  # tuned against greedy: 0.5 and 1 win most (2 and more lose)

    def choose(self, view: StateBase | None, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        assert view is not None
        picking = legal[0] < PLACE
        best: list[int] = []
        best_value = float("-inf")
        for rank, move in enumerate(legal):
            value = view.score_gain(move, self.seat) - (self.LEFT_WEIGHT * rank if picking else 0.0)
            if value > best_value:
                best_value, best = value, [move]
            elif value == best_value:
                best.append(move)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]


Game.agents = {"greedy_left": GreedyLeftAgent}
