"""Twinkle Twinkle: draft tiles from the observation board onto a 4x5 star chart; five score references.

Rules: the project's rules spec for Twinkle Twinkle, every number and option
read from `data/twinkle_twinkle.toml`; the tiles come from the data file's tile
list through `printkit.twinkle_tiles`, the same records the print-and-play kit
draws.

A turn is two moves by the owner of the standee to act: pick a tile of the
current row (move = its slot, 0..7), then place it (move = PLACE + cell * 8 +
orientation; orientations 0-3 are quarter turns of a star tile, 4-7 the same
after a flip when flipping is allowed; other tiles only 0). Placements that give
the same exits are offered once.

Scoring is a pure function of charts (`score_chart`, `score_charts`): a
chart is a list of `Cell | None`, row by row. `analyse` computes what the
scoring needs once (constellations, asteroid clusters, which black holes are
alone ...), and `gain` gives the exact change in a chart's score from placing
one more tile, from that analysis and the tile's neighbourhood, so that greedy
agents stay fast; the tests check it against the pure function.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

import numpy as np

from printkit.errors import DataError
from printkit.gamedata import Rules
from printkit.twinkle_tiles import KINDS, REFERENCES, check_sides, orient_mask, read_tiles
from simulate.engines.base import AgentBase, GameBase, Result, StateBase, copy_generator, solo_result

STAR, ASTEROID, SATELLITE, PLANET, BLACK_HOLE, COMET = range(6)
CATEGORIES = (
    "constellation_size",
    "constellation_count",
    "new_stars",
    "comets",
    "asteroids",
    "planets",
    "black_holes",
    "satellites",
)
C_SIZE, C_COUNT, C_NEW, C_COMETS, C_ASTEROIDS, C_PLANETS, C_BLACK_HOLES, C_SATELLITES = range(8)
# Exit directions N NE E SE S SW W NW as (row, column) steps.
STEPS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
OPPOSITE = tuple((d + 4) % 8 for d in range(8))
PLACE = 8  # place moves start here; pick moves are slots 0..7
MAX_SLOTS = 8


class Cell(NamedTuple):
    """A tile as it lies on a chart: kind, stars, new stars, and exits after rotation (bitmask)."""

    kind: int
    stars: int = 0
    new: int = 0
    exits: int = 0


# ------------------------------------------------------------------ geometry
@dataclass(frozen=True)
class Geometry:
    """Neighbour tables of a rows x cols chart (cells numbered row by row)."""

    rows: int
    cols: int
    nb: tuple[tuple[int, ...], ...]  # per cell, per direction 0..7: neighbour or -1
    orth: tuple[tuple[int, ...], ...]  # existing orthogonal neighbours
    around: tuple[tuple[int, ...], ...]  # existing orthogonal and diagonal neighbours
    row_of: tuple[int, ...]
    col_of: tuple[int, ...]

    @classmethod
    def make(cls, rows: int, cols: int) -> Geometry:
        nb = []
        for x in range(rows * cols):
            r, c = divmod(x, cols)
            nb.append(
                tuple(
                    (r + dr) * cols + (c + dc) if 0 <= r + dr < rows and 0 <= c + dc < cols else -1
                    for dr, dc in STEPS
                )
            )
        return cls(
            rows=rows,
            cols=cols,
            nb=tuple(nb),
            orth=tuple(tuple(y for d, y in enumerate(n) if y >= 0 and d % 2 == 0) for n in nb),
            around=tuple(tuple(y for y in n if y >= 0) for n in nb),
            row_of=tuple(x // cols for x in range(rows * cols)),
            col_of=tuple(x % cols for x in range(rows * cols)),
        )

    @property
    def size(self) -> int:
        return self.rows * self.cols


# ------------------------------------------------------------------- scoring
def _table(value: int, start: int, points: Sequence[int]) -> int:
    """points[value - start], the last entry for that value or more; 0 below `start`."""
    if value < start or not points:
        return 0
    return points[min(value - start, len(points) - 1)]


@dataclass(frozen=True)
class Scoring:
    """The active score references and every number of the score tables."""

    blue: tuple[bool, ...]  # per reference in REFERENCES order
    largest: int
    size_from: int
    size_points: tuple[int, ...]
    count_from: int
    count_points: tuple[int, ...]
    new_star: int
    comet_star: int
    comet_constellation: int
    asteroid_points: tuple[int, ...]
    asteroid_penalty: int
    planet_green: int
    planet_blue: int
    planet_bonus: int
    bh_green_alone: int
    bh_green_dark: int
    bh_blue_alone: int
    sat_green: int
    sat_blue: int

    @classmethod
    def from_rules(cls, values: Mapping[str, Any]) -> Scoring:
        sides = values["sides"]
        con = values["constellations"]
        return cls(
            blue=tuple(sides[name] == "blue" for name in REFERENCES),
            largest=con["largest"],
            size_from=con["size_from"],
            size_points=tuple(con["size_points"]),
            count_from=con["count_from"],
            count_points=tuple(con["count_points"]),
            new_star=values["new_star_points"],
            comet_star=values["comets"]["green_per_star"],
            comet_constellation=values["comets"]["blue_per_constellation"],
            asteroid_points=tuple(values["asteroids"]["points"]),
            asteroid_penalty=values["asteroids"]["blue_fewest_penalty"],
            planet_green=values["planets"]["green_each"],
            planet_blue=values["planets"]["blue_each"],
            planet_bonus=values["planets"]["blue_most_bonus"],
            bh_green_alone=values["black_holes"]["green_alone"],
            bh_green_dark=values["black_holes"]["green_dark_bonus"],
            bh_blue_alone=values["black_holes"]["blue_alone"],
            sat_green=values["satellites"]["green_per_neighbour"],
            sat_blue=values["satellites"]["blue_per_item"],
        )

    @property
    def blue_comets(self) -> bool:
        return self.blue[0]

    @property
    def blue_asteroids(self) -> bool:
        return self.blue[1]

    @property
    def blue_planets(self) -> bool:
        return self.blue[2]

    @property
    def blue_black_holes(self) -> bool:
        return self.blue[3]

    @property
    def blue_satellites(self) -> bool:
        return self.blue[4]

    def constellation_points(self, sizes: Sequence[int]) -> tuple[int, int]:
        """(size points, count points) of a chart's constellations, given their counted star sizes."""
        top = sorted(sizes, reverse=True)[: self.largest]
        size_pts = sum(_table(s, self.size_from, self.size_points) for s in top)
        return size_pts, _table(len(sizes), self.count_from, self.count_points)

    def asteroid(self, size: int) -> int:
        return _table(size, 1, self.asteroid_points)


class Analysis:
    """What scoring needs to know about one chart, computed once from its cells.

    comp: constellation-group id per star cell (-1 elsewhere); comp_raw / comp_cnt:
    stars per group in all / counted (blue black holes cancel stars next to
    them); a group is a constellation when comp_raw >= 2. ast: cluster id per
    asteroid cell. points: per category, without the points that depend on the
    other players (fewest asteroids, most planets). An analysis is never changed
    once made (but for `memo`, a cache of gains from this chart).
    """

    __slots__ = (
        "comp",
        "comp_raw",
        "comp_cnt",
        "cancelled",
        "sizes",
        "const_points",
        "ast",
        "ast_sizes",
        "ast_largest",
        "counts",
        "row_items",
        "col_items",
        "bh_alone",
        "bh_dark",
        "planet_dead",
        "comets",
        "satellites",
        "comet_points",
        "points",
        "memo",
    )

    def __init__(self, cells: Sequence[Cell | None], geo: Geometry, sc: Scoring):
        self.memo: dict[tuple[Any, ...], int] = {}  # gains from this chart, see State.best_gain
        n = len(cells)
        nb, orth, around = geo.nb, geo.orth, geo.around
        blue_bh = sc.blue_black_holes
        counts = [0] * 6
        for c in cells:
            if c is not None:
                counts[c.kind] += 1
        self.counts = counts
        # stars cancelled by an adjacent black hole (blue side)
        cancelled = [False] * n
        planet_dead = [False] * n
        if blue_bh:
            for x, c in enumerate(cells):
                if c is not None and c.kind in (STAR, PLANET):
                    hit = any(cells[y] is not None and cells[y].kind == BLACK_HOLE for y in orth[x])
                    if c.kind == STAR:
                        cancelled[x] = hit
                    else:
                        planet_dead[x] = hit
        self.cancelled = cancelled
        self.planet_dead = planet_dead
        # constellation groups: star tiles joined through matching exits
        comp = [-1] * n
        comp_raw: list[int] = []
        comp_cnt: list[int] = []
        for x, c in enumerate(cells):
            if c is None or c.kind != STAR or comp[x] >= 0:
                continue
            cid = len(comp_raw)
            comp[x] = cid
            raw = cnt = 0
            stack = [x]
            while stack:
                y = stack.pop()
                cy = cells[y]
                raw += cy.stars
                if not cancelled[y]:
                    cnt += cy.stars
                m = cy.exits
                for d in range(8):
                    if m >> d & 1:
                        z = nb[y][d]
                        if z >= 0 and comp[z] < 0:
                            cz = cells[z]
                            if cz is not None and cz.kind == STAR and cz.exits >> OPPOSITE[d] & 1:
                                comp[z] = cid
                                stack.append(z)
            comp_raw.append(raw)
            comp_cnt.append(cnt)
        self.comp, self.comp_raw, self.comp_cnt = comp, comp_raw, comp_cnt
        self.sizes = [comp_cnt[i] for i in range(len(comp_raw)) if comp_raw[i] >= 2]
        size_pts, count_pts = sc.constellation_points(self.sizes)
        self.const_points = size_pts + count_pts
        # asteroid clusters: orthogonal or diagonal
        ast = [-1] * n
        ast_sizes: list[int] = []
        for x, c in enumerate(cells):
            if c is None or c.kind != ASTEROID or ast[x] >= 0:
                continue
            aid = len(ast_sizes)
            ast[x] = aid
            size = 0
            stack = [x]
            while stack:
                y = stack.pop()
                size += 1
                for z in around[y]:
                    cz = cells[z]
                    if ast[z] < 0 and cz is not None and cz.kind == ASTEROID:
                        ast[z] = aid
                        stack.append(z)
            ast_sizes.append(size)
        self.ast, self.ast_sizes = ast, ast_sizes
        self.ast_largest = max(ast_sizes, default=0)
        # rows and columns: black holes and planets in each
        row_items = [0] * geo.rows
        col_items = [0] * geo.cols
        for x, c in enumerate(cells):
            if c is not None and c.kind in (PLANET, BLACK_HOLE):
                row_items[geo.row_of[x]] += 1
                col_items[geo.col_of[x]] += 1
        self.row_items, self.col_items = row_items, col_items
        # black holes alone (no adjacent black hole) and dark (also no adjacent star tile or planet)
        bh_alone = [False] * n
        bh_dark = [False] * n
        comets: list[int] = []
        satellites: list[int] = []
        for x, c in enumerate(cells):
            if c is None:
                continue
            if c.kind == BLACK_HOLE:
                kinds = [cells[y].kind for y in orth[x] if cells[y] is not None]
                bh_alone[x] = BLACK_HOLE not in kinds
                bh_dark[x] = bh_alone[x] and STAR not in kinds and PLANET not in kinds
            elif c.kind == COMET:
                comets.append(x)
            elif c.kind == SATELLITE:
                satellites.append(x)
        self.bh_alone, self.bh_dark = bh_alone, bh_dark
        self.comets, self.satellites = comets, satellites

        points = [0] * 8
        points[C_SIZE] = size_pts
        points[C_COUNT] = count_pts
        points[C_NEW] = sc.new_star * sum(c.new for c in cells if c is not None)
        self.comet_points = sum(self._comet(z, cells, geo, sc) for z in comets)
        points[C_COMETS] = self.comet_points
        if sc.blue_asteroids:
            points[C_ASTEROIDS] = sc.asteroid(self.ast_largest)
        else:
            points[C_ASTEROIDS] = sum(sc.asteroid(s) for s in ast_sizes)
        each = sc.planet_blue if sc.blue_planets else sc.planet_green
        points[C_PLANETS] = each * sum(
            1 for x, c in enumerate(cells) if c is not None and c.kind == PLANET and not planet_dead[x]
        )
        bh = 0
        for x, c in enumerate(cells):
            if c is not None and c.kind == BLACK_HOLE and bh_alone[x]:
                if blue_bh:
                    bh += sc.bh_blue_alone
                else:
                    bh += sc.bh_green_alone + (sc.bh_green_dark if bh_dark[x] else 0)
        points[C_BLACK_HOLES] = bh
        points[C_SATELLITES] = sum(self._satellite(z, cells, geo, sc) for z in satellites)
        self.points = points

    def _comet(self, z: int, cells: Sequence[Cell | None], geo: Geometry, sc: Scoring) -> int:
        if sc.blue_comets:
            groups = {
                self.comp[y]
                for y in geo.orth[z]
                if cells[y] is not None and cells[y].kind == STAR and self.comp_raw[self.comp[y]] >= 2
            }
            return sc.comet_constellation * len(groups)
        return sc.comet_star * sum(
            cells[y].stars for y in geo.orth[z] if cells[y] is not None and cells[y].kind == STAR
        )

    def _satellite(self, z: int, cells: Sequence[Cell | None], geo: Geometry, sc: Scoring) -> int:
        if sc.blue_satellites:
            return sc.sat_blue * max(self.row_items[geo.row_of[z]], self.col_items[geo.col_of[z]])
        return sc.sat_green * sum(
            1 for y in geo.orth[z] if cells[y] is not None and cells[y].kind in (PLANET, BLACK_HOLE)
        )

    def total(self, sc: Scoring, rival_asteroids: int | None, rival_planets: int | None) -> list[int]:
        """Points per category, with the points that compare against the rivals' counts.

        `rival_asteroids` is the fewest asteroid tiles of any other player and
        `rival_planets` the most planets; None when there is nobody to compare
        with, and then this chart has both the fewest asteroids and the most planets.
        """
        points = list(self.points)
        if sc.blue_asteroids and _fewest_asteroids(self.counts[ASTEROID], rival_asteroids):
            points[C_ASTEROIDS] -= sc.asteroid_penalty
        if sc.blue_planets and _most_planets(self.counts[PLANET], rival_planets):
            points[C_PLANETS] += sc.planet_bonus
        return points


def _fewest_asteroids(mine: int, rival_fewest: int | None) -> bool:
    """Fewest asteroid tiles, ties included (alone, a player has the fewest)."""
    return rival_fewest is None or mine <= rival_fewest


def _most_planets(mine: int, rival_most: int | None) -> bool:
    """Most planets, ties included, at least one (alone, a player with a planet has the most)."""
    return mine >= 1 and (rival_most is None or mine >= rival_most)


def rivals(counts: Sequence[Sequence[int]], seat: int) -> tuple[int | None, int | None]:
    """(fewest asteroid tiles, most planets) among the players other than `seat`."""
    others = [c for s, c in enumerate(counts) if s != seat]
    if not others:
        return None, None
    return min(c[ASTEROID] for c in others), max(c[PLANET] for c in others)


def score_chart(
    cells: Sequence[Cell | None],
    geo: Geometry,
    sc: Scoring,
    rival_asteroids: int | None = None,
    rival_planets: int | None = None,
) -> list[int]:
    """Points per category (CATEGORIES order) of one chart, finished or partial."""
    return Analysis(cells, geo, sc).total(sc, rival_asteroids, rival_planets)


def score_charts(charts: Sequence[Sequence[Cell | None]], geo: Geometry, sc: Scoring) -> list[list[int]]:
    """Points per category of every player's chart, the fewest-asteroids and most-planets rules included."""
    analyses = [Analysis(cells, geo, sc) for cells in charts]
    counts = [a.counts for a in analyses]
    return [a.total(sc, *rivals(counts, s)) for s, a in enumerate(analyses)]


def gain(
    an: Analysis,
    cells: Sequence[Cell | None],
    cell: Cell,
    x: int,
    geo: Geometry,
    sc: Scoring,
    rival_asteroids: int | None,
    rival_planets: int | None,
) -> int:
    """Exact change of the chart's total score if `cell` is placed on empty space `x`.

    `an` is the analysis of `cells` as they are; only what the new tile touches
    is recomputed.
    """
    kind = cell.kind
    orth = geo.orth[x]
    blue_bh = sc.blue_black_holes
    d = 0
    if kind == STAR:
        m = cell.exits
        nbx = geo.nb[x]
        linked = set()
        for k in range(8):
            if m >> k & 1:
                y = nbx[k]
                if y >= 0:
                    cy = cells[y]
                    if cy is not None and cy.kind == STAR and cy.exits >> OPPOSITE[k] & 1:
                        linked.add(an.comp[y])
        dark_lost = 0
        cancelled = False
        comets = 0
        for y in orth:
            cy = cells[y]
            if cy is not None:
                if cy.kind == BLACK_HOLE:
                    cancelled = blue_bh
                    if an.bh_dark[y]:
                        dark_lost += 1
                elif cy.kind == COMET:
                    comets += 1
        raw = cell.stars + sum(an.comp_raw[c] for c in linked)
        cnt = (0 if cancelled else cell.stars) + sum(an.comp_cnt[c] for c in linked)
        if raw >= 2:  # else a lone star that changes no constellation
            key = ("joined", frozenset(linked), cnt)
            joined = an.memo.get(key)
            if joined is None:
                sizes = [an.comp_cnt[c] for c, r in enumerate(an.comp_raw) if r >= 2 and c not in linked]
                sizes.append(cnt)
                joined = an.memo[key] = sum(sc.constellation_points(sizes)) - an.const_points
            d += joined
        d += sc.new_star * cell.new
        if not blue_bh:
            d -= sc.bh_green_dark * dark_lost
        if sc.blue_comets:
            if an.comets:
                after = 0
                for z in an.comets:
                    groups = set()
                    for y in geo.orth[z]:
                        if y == x:
                            if raw >= 2:
                                groups.add(-1)
                            continue
                        cy = cells[y]
                        if cy is not None and cy.kind == STAR:
                            c = an.comp[y]
                            if c in linked:
                                groups.add(-1)
                            elif an.comp_raw[c] >= 2:
                                groups.add(c)
                    after += sc.comet_constellation * len(groups)
                d += after - an.comet_points
        else:
            d += sc.comet_star * cell.stars * comets
        return d
    if kind == ASTEROID:
        merged = {an.ast[y] for y in geo.around[x] if an.ast[y] >= 0}
        size = 1 + sum(an.ast_sizes[a] for a in merged)
        if sc.blue_asteroids:
            largest = max(an.ast_largest, size)
            d += sc.asteroid(largest) - sc.asteroid(an.ast_largest)
            mine = an.counts[ASTEROID]
            d += sc.asteroid_penalty * (
                _fewest_asteroids(mine, rival_asteroids) - _fewest_asteroids(mine + 1, rival_asteroids)
            )
        else:
            d += sc.asteroid(size) - sum(sc.asteroid(an.ast_sizes[a]) for a in merged)
        return d
    if kind == COMET:
        if sc.blue_comets:
            groups = {
                an.comp[y]
                for y in orth
                if cells[y] is not None and cells[y].kind == STAR and an.comp_raw[an.comp[y]] >= 2
            }
            return sc.comet_constellation * len(groups)
        return sc.comet_star * sum(
            cells[y].stars for y in orth if cells[y] is not None and cells[y].kind == STAR
        )
    if kind == SATELLITE:
        if sc.blue_satellites:
            return sc.sat_blue * max(an.row_items[geo.row_of[x]], an.col_items[geo.col_of[x]])
        return sc.sat_green * sum(
            1 for y in orth if cells[y] is not None and cells[y].kind in (PLANET, BLACK_HOLE)
        )
    # planets and black holes: both count for satellites
    each_planet = sc.planet_blue if sc.blue_planets else sc.planet_green
    bh_next = [y for y in orth if cells[y] is not None and cells[y].kind == BLACK_HOLE]
    if kind == PLANET:
        if not (blue_bh and bh_next):
            d += each_planet
        if sc.blue_planets:
            mine = an.counts[PLANET]
            d += sc.planet_bonus * (
                _most_planets(mine + 1, rival_planets) - _most_planets(mine, rival_planets)
            )
        if not blue_bh:
            d -= sc.bh_green_dark * sum(1 for y in bh_next if an.bh_dark[y])
    else:
        if not bh_next:
            if blue_bh:
                d += sc.bh_blue_alone
            else:
                d += sc.bh_green_alone
                if not any(cells[y] is not None and cells[y].kind in (STAR, PLANET) for y in orth):
                    d += sc.bh_green_dark
        for y in bh_next:
            if an.bh_alone[y]:
                if blue_bh:
                    d -= sc.bh_blue_alone
                else:
                    d -= sc.bh_green_alone + (sc.bh_green_dark if an.bh_dark[y] else 0)
        if blue_bh:
            lost: dict[int, int] = {}
            for y in orth:
                cy = cells[y]
                if cy is None:
                    continue
                if cy.kind == STAR and not an.cancelled[y]:
                    c = an.comp[y]
                    lost[c] = lost.get(c, 0) + cy.stars
                elif cy.kind == PLANET and not an.planet_dead[y]:
                    d -= each_planet
            if lost:
                sizes = [
                    an.comp_cnt[c] - lost.get(c, 0) for c in range(len(an.comp_raw)) if an.comp_raw[c] >= 2
                ]
                d += sum(sc.constellation_points(sizes)) - an.const_points
    # satellites see the new planet or black hole
    if sc.blue_satellites:
        if an.satellites:
            r, c = geo.row_of[x], geo.col_of[x]
            for z in an.satellites:
                rz, cz = geo.row_of[z], geo.col_of[z]
                if rz == r or cz == c:
                    before = max(an.row_items[rz], an.col_items[cz])
                    after = max(an.row_items[rz] + (rz == r), an.col_items[cz] + (cz == c))
                    d += sc.sat_blue * (after - before)
    else:
        d += sc.sat_green * sum(1 for y in orth if cells[y] is not None and cells[y].kind == SATELLITE)
    return d


# --------------------------------------------------------------------- game
class Game(GameBase):
    """Twinkle Twinkle for one set of rules and a player count."""

    name: ClassVar[str] = "twinkle_twinkle"
    metric_names: ClassVar[tuple[str, ...]] = (
        "rounds",
        "constellations",
        "largest_constellation",
        "unlinked_stars",
        "slow_left_over",
        "bag_left",
    )
    categories: ClassVar[tuple[str, ...]] = CATEGORIES

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
        shapes: dict[tuple[Cell, ...], int] = {}
        self.signature = [shapes.setdefault(tuple(c for _, c in d), len(shapes)) for d in self.orients]

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
        return State(self, random.Random(seed))

    def report_extras(self, ctx: Any, arms: list[Any]) -> Any:
        """Win rates of players who ignore a category and the winner's edge (see `twinkle_twinkle_report`)."""
        from simulate.engines.twinkle_twinkle_report import extras

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
    )

    def __init__(self, game: Game, rng: random.Random | None, _blank: bool = False):
        self.game = game
        self.rng = rng
        if _blank:
            return
        n = game.players
        self.bag = list(range(len(game.records)))
        rng.shuffle(self.bag)
        self.cur = [-1] * game.cur_size
        self.nxt = [-1] * game.next_size
        self._fill(self.cur)
        self._fill(self.nxt)
        standees = list(range(game.picks))
        if game.picks == n:
            # Standees dropped at random; the seats sit in a ring, so start at a random seat.
            start = rng.randrange(n)
            self.order = [(start + i) % n for i in range(n)]
        else:
            rng.shuffle(standees)
            self.order = standees
        self.first = game.standee_owner[self.order[0]]
        self.standee_at = [-1] * game.picks
        self.turn = 0
        self.held = -1
        self.placed = [[-1] * game.geo.size for _ in range(n)]
        self.cells = [game.blank_chart() for _ in range(n)]
        self.counts = [[0] * 6 for _ in range(n)]
        self.filled = [0] * n
        self.an: list[Analysis | None] = [None] * n
        self.round = 0
        self.moves = 0
        self.slow_left = 0
        self.over = False

    def _fill(self, row: list[int]) -> None:
        """Draw tiles into a row's empty spaces left to right; a slow tile takes the rightmost empty space."""
        slow = self.game.slow
        bag = self.bag
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
        seat = self.current_player()
        placed = self.placed[seat]
        orients = self.game.orients[self.held]
        return [PLACE + x * 8 + o for x in range(len(placed)) if placed[x] < 0 for o, _ in orients]

    def apply(self, move: int) -> None:
        g = self.game
        if g.debug and move not in self.legal_moves():
            raise ValueError(f"illegal move {move} for seat {self.current_player()}")
        self.moves += 1
        standee = self.order[self.turn]
        if move < PLACE:
            self.held = self.cur[move]
            self.cur[move] = -1
            self.standee_at[standee] = move
        else:
            x, o = divmod(move - PLACE, 8)
            seat = g.standee_owner[standee]
            t = self.held
            self.placed[seat][x] = t * 8 + o
            self.cells[seat][x] = g.cell[t][o]
            self.counts[seat][g.kind[t]] += 1
            self.filled[seat] += 1
            self.an[seat] = None
            self.held = -1
            self.turn += 1
            if self.turn == len(self.order):
                self._end_round()
        if g.debug:
            self.check_invariants()

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
            an = self.an[seat] = Analysis(self.cells[seat], self.game.geo, self.game.scoring)
        return an

    def _gain(self, seat: int, cell: Cell, x: int, rival: tuple[int | None, int | None]) -> int:
        """`gain` of placing `cell` on `x` of `seat`'s chart, cached on the chart's analysis.

        The analysis is replaced whenever the chart changes, and the rivals'
        counts are part of the key, so a cached gain is never stale.
        """
        an = self.analysis(seat)
        key = (cell, x, rival)
        value = an.memo.get(key)
        if value is None:
            g = self.game
            value = an.memo[key] = gain(an, self.cells[seat], cell, x, g.geo, g.scoring, *rival)
        return value

    def best_gain(self, tile: int, seat: int) -> int:
        """The most `seat`'s score can rise by placing `tile` anywhere, in any orientation."""
        g = self.game
        an = self.analysis(seat)
        rival = rivals(self.counts, seat)
        key = (g.signature[tile], rival)
        best = an.memo.get(key)
        if best is None:
            cells = self.cells[seat]
            shapes = g.orients[tile]
            best = max(
                self._gain(seat, cell, x, rival)
                for x in range(len(cells))
                if cells[x] is None
                for _, cell in shapes
            )
            an.memo[key] = best
        return best

    def move_gain(self, move: int, seat: int, rng: Any = None) -> int:
        """Rise of `seat`'s score: for a pick, from the tile's best placement; for a placement, from it."""
        if move < PLACE:
            return self.best_gain(self.cur[move], seat)
        x, o = divmod(move - PLACE, 8)
        return self._gain(seat, self.game.cell[self.held][o], x, rivals(self.counts, seat))

    def is_over(self) -> bool:
        return self.over

    def breakdown(self) -> list[list[int]]:
        """Points per seat per category (CATEGORIES order) of the charts as they are."""
        sc = self.game.scoring
        return [self.analysis(s).total(sc, *rivals(self.counts, s)) for s in range(self.game.players)]

    def game_of(self) -> Game:
        return self.game

    def scores(self) -> list[float]:
        return [float(sum(b)) for b in self.breakdown()]

    def scores_moved(self) -> bool:
        """Scoring a chart is costly: the lead is read at the end of each round, when all have placed."""
        return self.over or (self.turn == 0 and self.held < 0)

    def result(self) -> Result:
        g = self.game
        n = g.players
        per_seat = self.breakdown()
        scores = [float(sum(b)) for b in per_seat]
        breakdown = {name: [float(per_seat[s][i]) for s in range(n)] for i, name in enumerate(CATEGORIES)}
        analyses = [self.analysis(s) for s in range(n)]
        unlinked = 0
        for s, an in enumerate(analyses):
            cells = self.cells[s]
            unlinked += sum(
                c.stars
                for x, c in enumerate(cells)
                if c is not None and c.kind == STAR and an.comp_raw[an.comp[x]] < 2
            )
        metrics = {
            "rounds": float(self.round),
            "constellations": float(np.mean([len(a.sizes) for a in analyses])),
            "largest_constellation": float(np.mean([max(a.sizes, default=0) for a in analyses])),
            "unlinked_stars": unlinked / n,
            "slow_left_over": self.slow_left / max(self.round, 1),
            "bag_left": float(len(self.bag)),
        }
        return solo_result(
            scores, breakdown=breakdown, first_player=self.first, moves=self.moves, metrics=metrics
        )

    def clone(self) -> State:
        new = self._copy()
        new.rng = copy_generator(self.rng)
        return new

    def _copy(self) -> State:
        """A copy of everything but the generator."""
        new = State(self.game, None, _blank=True)
        new.bag = self.bag[:]
        new.cur = self.cur[:]
        new.nxt = self.nxt[:]
        new.standee_at = self.standee_at[:]
        new.order = self.order[:]
        new.placed = [p[:] for p in self.placed]
        new.cells = [c[:] for c in self.cells]
        new.counts = [c[:] for c in self.counts]
        new.filled = self.filled[:]
        new.an = self.an[:]  # analyses are never changed after they are made
        for name in ("turn", "held", "round", "first", "moves", "slow_left", "over"):
            setattr(new, name, getattr(self, name))
        return new

    def view(self, player: int) -> State:
        """Everything but the order of the tiles in the bag (kept sorted) and the generator."""
        new = self._copy()
        new.bag.sort()
        return new

    def sample(self, player: int, rng: random.Random) -> State:
        """A full state consistent with the view: the bag in an order, and a generator, drawn from `rng`."""
        new = self._copy()
        new.bag.sort()
        rng.shuffle(new.bag)
        new.rng = random.Random(rng.getrandbits(64))
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
            if counts != self.counts[seat] or sum(counts) != self.filled[seat]:
                raise AssertionError(f"seat {seat}: counts {self.counts[seat]} for {counts}")
            mine = sum(1 for k in self.order[:done] if g.standee_owner[k] == seat)
            expected = self.round * per + mine if not self.over else g.geo.size
            if self.filled[seat] != expected:
                raise AssertionError(f"seat {seat}: {self.filled[seat]} tiles placed, expected {expected}")
            an = self.an[seat]
            if an is not None:
                fresh = Analysis(self.cells[seat], g.geo, g.scoring)
                if fresh.points != an.points:
                    raise AssertionError(f"seat {seat}: stale analysis")
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
            value = view.move_gain(move, self.seat, self.rng) - (self.LEFT_WEIGHT * rank if picking else 0.0)
            if value > best_value:
                best_value, best = value, [move]
            elif value == best_value:
                best.append(move)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]


Game.agents = {"greedy_left": GreedyLeftAgent}
