"""Twinkle Twinkle's scoring as a pure function of charts: the reference every faster path is tested against.

A chart is a sequence of `Cell | None`, row by row. `Analysis` finds once what
the score references need (constellation groups, asteroid clusters, black holes
alone or dark, planets and black holes per row and column) and the points per
category; `score_chart` and `score_charts` are the scores. Every number comes
from the data file through `Scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .records import REFERENCES

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
# per exits bitmask, its directions
DIRECTIONS = tuple(tuple(d for d in range(8) if exits >> d & 1) for exits in range(256))


class Cell(NamedTuple):
    """A tile as it lies on a chart: kind, stars, new stars, and exits after rotation (bitmask)."""

    kind: int
    stars: int = 0
    new: int = 0
    exits: int = 0


# ------------------------------------------------------------------ geometry
def bits(cells: Sequence[int]) -> int:
    """A set of cells as a bitmask: bit y for cell y."""
    mask = 0
    for y in cells:
        mask |= 1 << y
    return mask


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
    orth2: tuple[tuple[int, ...], ...] = ()  # cells at most two orthogonal steps away, the cell included
    # the same sets as bitmasks (bit y for cell y), and each cell's row and column
    orth_bits: tuple[int, ...] = ()
    orth2_bits: tuple[int, ...] = ()
    around_bits: tuple[int, ...] = ()
    line_bits: tuple[int, ...] = ()

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
        orth = tuple(tuple(y for d, y in enumerate(n) if y >= 0 and d % 2 == 0) for n in nb)
        orth2 = tuple(
            tuple(sorted({z for y in orth[x] for z in orth[y]} | set(orth[x]))) for x in range(len(nb))
        )
        around = tuple(tuple(y for y in n if y >= 0) for n in nb)
        row_of = tuple(x // cols for x in range(rows * cols))
        col_of = tuple(x % cols for x in range(rows * cols))
        cells = range(rows * cols)
        lines = [[y for y in cells if row_of[y] == row_of[x] or col_of[y] == col_of[x]] for x in cells]
        return cls(
            rows=rows,
            cols=cols,
            nb=tuple(nb),
            orth=orth,
            orth2=orth2,
            around=around,
            row_of=row_of,
            col_of=col_of,
            orth_bits=tuple(map(bits, orth)),
            orth2_bits=tuple(map(bits, orth2)),
            around_bits=tuple(map(bits, around)),
            line_bits=tuple(map(bits, lines)),
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


# Per Scoring (by id, with the object itself to tell a reused id apart), the constellation points of each
# list of sizes worked out so far. Kept here, not on the Scoring, which states and their views share.
_KNOWN: dict[int, tuple[Scoring, dict[tuple[int, ...], tuple[int, int]]]] = {}
KNOWN_MOST = 50_000


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

    # per reference, its side read once: the gains ask these at every space of every chart
    blue_comets: bool = field(init=False)
    blue_asteroids: bool = field(init=False)
    blue_planets: bool = field(init=False)
    blue_black_holes: bool = field(init=False)
    blue_satellites: bool = field(init=False)
    asteroid_by_size: tuple[int, ...] = field(init=False)  # points per cluster size, read as `asteroid`

    def __post_init__(self) -> None:
        names = ("blue_comets", "blue_asteroids", "blue_planets", "blue_black_holes", "blue_satellites")
        for name, blue in zip(names, self.blue, strict=True):
            object.__setattr__(self, name, blue)
        # one entry past the table's last, which every larger cluster scores too
        table = self.asteroid_points
        by_size = tuple(_table(size, 1, table) for size in range(len(table) + 2))
        object.__setattr__(self, "asteroid_by_size", by_size)

    def constellation_points(self, sizes: Sequence[int]) -> tuple[int, int]:
        """(size points, count points) of a chart's constellations, given their counted star sizes.

        Kept per list of sizes: the gains ask for the same few lists again and again."""
        mine = _KNOWN.get(id(self))
        if mine is None or mine[0] is not self:
            mine = _KNOWN[id(self)] = (self, {})
        key = tuple(sizes)
        points = mine[1].get(key)
        if points is None:
            if len(mine[1]) >= KNOWN_MOST:  # a long run meets ever more lists: memory stays bounded
                mine[1].clear()
            top = sorted(sizes, reverse=True)[: self.largest]
            size_pts = sum(_table(s, self.size_from, self.size_points) for s in top)
            points = mine[1][key] = size_pts, _table(len(sizes), self.count_from, self.count_points)
        return points

    def asteroid(self, size: int) -> int:
        """Points of an asteroid cluster of `size` tiles."""
        by_size = self.asteroid_by_size
        return by_size[size] if size < len(by_size) else by_size[-1]

    def black_hole(self, alone: bool, dark: bool) -> int:
        """Points of a black hole: only when alone, plus the dark bonus on the green side."""
        if not alone:
            return 0
        if self.blue_black_holes:
            return self.bh_blue_alone
        return self.bh_green_alone + (self.bh_green_dark if dark else 0)


# ------------------------------------------------------------------ analysis
def kind_counts(cells: Sequence[Cell | None]) -> list[int]:
    """Tiles of each kind on the chart."""
    counts = [0] * 6
    for c in cells:
        if c is not None:
            counts[c.kind] += 1
    return counts


def black_hole_shadows(cells: Sequence[Cell | None], geo: Geometry) -> tuple[list[bool], list[bool]]:
    """Star tiles and planets orthogonally next to a black hole (the blue side cancels them)."""
    n = len(cells)
    stars = [False] * n
    planets = [False] * n
    for x, c in enumerate(cells):
        if c is not None and c.kind in (STAR, PLANET):
            hit = any(_is(cells[y], BLACK_HOLE) for y in geo.orth[x])
            (stars if c.kind == STAR else planets)[x] = hit
    return stars, planets


def _is(cell: Cell | None, kind: int) -> bool:
    return cell is not None and cell.kind == kind


def constellation_groups(
    cells: Sequence[Cell | None], geo: Geometry, cancelled: Sequence[bool]
) -> tuple[list[int], list[int], list[int]]:
    """Star tiles joined through matching exits: group id per cell (-1 elsewhere), stars per group
    in all, and stars per group that count (not cancelled)."""
    nb = geo.nb
    comp = [-1] * len(cells)
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
            for d in range(8):
                if cy.exits >> d & 1:
                    z = nb[y][d]
                    if z >= 0 and comp[z] < 0 and _is(cells[z], STAR) and cells[z].exits >> OPPOSITE[d] & 1:
                        comp[z] = cid
                        stack.append(z)
        comp_raw.append(raw)
        comp_cnt.append(cnt)
    return comp, comp_raw, comp_cnt


def asteroid_clusters(cells: Sequence[Cell | None], geo: Geometry) -> tuple[list[int], list[int]]:
    """Asteroids joined orthogonally or diagonally: cluster id per cell (-1 elsewhere), size per cluster."""
    ast = [-1] * len(cells)
    sizes: list[int] = []
    for x, c in enumerate(cells):
        if c is None or c.kind != ASTEROID or ast[x] >= 0:
            continue
        aid = len(sizes)
        ast[x] = aid
        size = 0
        stack = [x]
        while stack:
            y = stack.pop()
            size += 1
            for z in geo.around[y]:
                if ast[z] < 0 and _is(cells[z], ASTEROID):
                    ast[z] = aid
                    stack.append(z)
        sizes.append(size)
    return ast, sizes


def row_col_items(cells: Sequence[Cell | None], geo: Geometry) -> tuple[list[int], list[int]]:
    """Planets and black holes in each row and in each column (what a blue satellite counts)."""
    rows = [0] * geo.rows
    cols = [0] * geo.cols
    for x, c in enumerate(cells):
        if c is not None and c.kind in (PLANET, BLACK_HOLE):
            rows[geo.row_of[x]] += 1
            cols[geo.col_of[x]] += 1
    return rows, cols


def black_hole_company(cells: Sequence[Cell | None], geo: Geometry) -> tuple[list[bool], list[bool]]:
    """Black holes alone (no black hole orthogonally next to them) and dark (alone, and no star tile
    or planet next to them either)."""
    n = len(cells)
    alone = [False] * n
    dark = [False] * n
    for x, c in enumerate(cells):
        if c is not None and c.kind == BLACK_HOLE:
            kinds = {cells[y].kind for y in geo.orth[x] if cells[y] is not None}
            alone[x] = BLACK_HOLE not in kinds
            dark[x] = alone[x] and STAR not in kinds and PLANET not in kinds
    return alone, dark


class Analysis:
    """What scoring needs to know about one chart, computed once from its cells.

    cells: the chart as it was analysed (a tuple: an analysis is never changed
    once made, but for `fast`, the cache of gains a faster path keeps beside it).
    comp: constellation-group id per star cell (-1 elsewhere); comp_raw / comp_cnt:
    stars per group in all / counted (blue black holes cancel stars next to
    them); a group is a constellation when comp_raw >= 2. ast: cluster id per
    asteroid cell. points: per category, without the points that depend on the
    other players (fewest asteroids, most planets).
    """

    # No __slots__: the incremental update copies an analysis's attributes in one `__dict__` update.

    def __init__(self, cells: Sequence[Cell | None], geo: Geometry, sc: Scoring):
        self.cells = cells = tuple(cells)
        self.kinds = tuple(-1 if c is None else c.kind for c in cells)  # per space, its tile's kind or -1
        self.geo, self.sc = geo, sc
        self.fast: Any = None
        self.counts = kind_counts(cells)
        n = len(cells)
        if sc.blue_black_holes:
            self.cancelled, self.planet_dead = black_hole_shadows(cells, geo)
        else:
            self.cancelled, self.planet_dead = [False] * n, [False] * n
        self.comp, self.comp_raw, self.comp_cnt = constellation_groups(cells, geo, self.cancelled)
        self.sizes = [cnt for raw, cnt in zip(self.comp_raw, self.comp_cnt, strict=True) if raw >= 2]
        self.ast, self.ast_sizes = asteroid_clusters(cells, geo)
        self.ast_largest = max(self.ast_sizes, default=0)
        self.row_items, self.col_items = row_col_items(cells, geo)
        self.bh_alone, self.bh_dark = black_hole_company(cells, geo)
        self.comets = [x for x, c in enumerate(cells) if _is(c, COMET)]
        self.satellites = [x for x, c in enumerate(cells) if _is(c, SATELLITE)]
        self._points: list[int] | None = None
        self.totals()

    def totals(self, constellations: bool = True, comets: bool = True) -> None:
        """The sums a gain compares against, constellations' points and blue comets' points (0 on the
        green side, where no gain needs them), redone where asked; per category: `points`, when read."""
        if constellations:
            self.const_points = sum(self.sc.constellation_points(self.sizes))
        if comets:
            self.comet_points = sum(self.comet(z) for z in self.comets) if self.sc.blue_comets else 0

    @property
    def points(self) -> list[int]:
        """Points per category (CATEGORIES order), without the comparisons with other players."""
        if self._points is None:
            self._points = self._category_points()
        return self._points

    def _category_points(self) -> list[int]:
        return [points(self) for points in CATEGORY_POINTS]

    def canonical(self) -> tuple[Any, ...]:
        """Everything this analysis says, with groups and clusters as sets of cells instead of numbers,
        so that two analyses of one chart compare equal however they were made."""

        def partition(ids: Sequence[int]) -> frozenset[frozenset[int]]:
            groups: dict[int, set[int]] = {}
            for x, i in enumerate(ids):
                if i >= 0:
                    groups.setdefault(i, set()).add(x)
            return frozenset(frozenset(g) for g in groups.values())

        stars = {x: (self.comp_raw[c], self.comp_cnt[c]) for x, c in enumerate(self.comp) if c >= 0}
        clusters = {x: self.ast_sizes[a] for x, a in enumerate(self.ast) if a >= 0}
        return (
            self.cells, self.counts, self.cancelled, self.planet_dead, partition(self.comp), stars,
            sorted(self.sizes), self.const_points, partition(self.ast), clusters, self.ast_largest,
            self.row_items, self.col_items, self.bh_alone, self.bh_dark, sorted(self.comets),
            sorted(self.satellites), self.comet_points, self.points,
        )  # fmt: skip

    def comet(self, z: int) -> int:
        """Points of the comet on `z`: per adjacent constellation (blue) or per adjacent star (green)."""
        cells, sc, orth = self.cells, self.sc, self.geo.orth[z]
        if sc.blue_comets:
            groups = {self.comp[y] for y in orth if _is(cells[y], STAR) and self.comp_raw[self.comp[y]] >= 2}
            return sc.comet_constellation * len(groups)
        return sc.comet_star * sum(cells[y].stars for y in orth if _is(cells[y], STAR))

    def black_hole(self, x: int) -> int:
        """Points of the black hole on `x`."""
        return self.sc.black_hole(self.bh_alone[x], self.bh_dark[x])

    def satellite(self, z: int) -> int:
        """Points of the satellite on `z`: its better line (blue) or its planet and black hole neighbours."""
        geo, sc = self.geo, self.sc
        if sc.blue_satellites:
            return sc.sat_blue * max(self.row_items[geo.row_of[z]], self.col_items[geo.col_of[z]])
        cells = self.cells
        return sc.sat_green * sum(
            1 for y in geo.orth[z] if cells[y] is not None and cells[y].kind in (PLANET, BLACK_HOLE)
        )

    def total(self, rival_asteroids: int | None, rival_planets: int | None) -> list[int]:
        """Points per category, with the points that compare against the rivals' counts.

        `rival_asteroids` is the fewest asteroid tiles of any other player and
        `rival_planets` the most planets; None when there is nobody to compare
        with, and then this chart has both the fewest asteroids and the most planets.
        """
        asteroids, planets = rival_points(self.sc, self.counts, rival_asteroids, rival_planets)
        points = list(self.points)
        points[C_ASTEROIDS] += asteroids
        points[C_PLANETS] += planets
        return points


# ---------------------------------------------------------- points per category
def constellation_size_points(an: Analysis) -> int:
    return an.sc.constellation_points(an.sizes)[0]


def constellation_count_points(an: Analysis) -> int:
    return an.sc.constellation_points(an.sizes)[1]


def new_star_points(an: Analysis) -> int:
    return an.sc.new_star * sum(c.new for c in an.cells if c is not None)


def comet_points(an: Analysis) -> int:
    return sum(an.comet(z) for z in an.comets)


def asteroid_points(an: Analysis) -> int:
    """Every cluster (green), or only the largest (blue; the fewest-asteroids penalty is in `total`)."""
    sc = an.sc
    if sc.blue_asteroids:
        return sc.asteroid(an.ast_largest)
    return sum(sc.asteroid(s) for s in an.ast_sizes)


def planet_points(an: Analysis) -> int:
    """Each planet a blue black hole does not cancel (the most-planets bonus is in `total`)."""
    each = an.sc.planet_blue if an.sc.blue_planets else an.sc.planet_green
    return each * sum(1 for x, c in enumerate(an.cells) if _is(c, PLANET) and not an.planet_dead[x])


def black_hole_points(an: Analysis) -> int:
    return sum(an.black_hole(x) for x, c in enumerate(an.cells) if _is(c, BLACK_HOLE))


def satellite_points(an: Analysis) -> int:
    return sum(an.satellite(z) for z in an.satellites)


# in CATEGORIES order
CATEGORY_POINTS = (
    constellation_size_points,
    constellation_count_points,
    new_star_points,
    comet_points,
    asteroid_points,
    planet_points,
    black_hole_points,
    satellite_points,
)
# Per kind of tile placed, the categories whose points it can change.
TOUCHES = {
    STAR: (C_SIZE, C_COUNT, C_NEW, C_COMETS, C_BLACK_HOLES),
    ASTEROID: (C_ASTEROIDS,),
    SATELLITE: (C_SATELLITES,),
    PLANET: (C_PLANETS, C_BLACK_HOLES, C_SATELLITES),
    BLACK_HOLE: (C_SIZE, C_COUNT, C_PLANETS, C_BLACK_HOLES, C_SATELLITES),
    COMET: (C_COMETS,),
}


def fewest_asteroids(mine: int, rival_fewest: int | None) -> bool:
    """Fewest asteroid tiles, ties included (alone, a player has the fewest)."""
    return rival_fewest is None or mine <= rival_fewest


def most_planets(mine: int, rival_most: int | None) -> bool:
    """Most planets, ties included, at least one (alone, a player with a planet has the most)."""
    return mine >= 1 and (rival_most is None or mine >= rival_most)


def rival_points(
    sc: Scoring, counts: Sequence[int], rival_asteroids: int | None, rival_planets: int | None
) -> tuple[int, int]:
    """(asteroid points, planet points) of a chart with these tile counts from the comparisons with the
    rivals (see `Analysis.total`): blue's fewest-asteroids penalty and most-planets bonus."""
    asteroids = planets = 0
    if sc.blue_asteroids and fewest_asteroids(counts[ASTEROID], rival_asteroids):
        asteroids = -sc.asteroid_penalty
    if sc.blue_planets and most_planets(counts[PLANET], rival_planets):
        planets = sc.planet_bonus
    return asteroids, planets


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
    return Analysis(cells, geo, sc).total(rival_asteroids, rival_planets)


def score_charts(charts: Sequence[Sequence[Cell | None]], geo: Geometry, sc: Scoring) -> list[list[int]]:
    """Points per category of every player's chart, the fewest-asteroids and most-planets rules included."""
    analyses = [Analysis(cells, geo, sc) for cells in charts]
    counts = [a.counts for a in analyses]
    return [a.total(*rivals(counts, s)) for s, a in enumerate(analyses)]
