"""Twinkle Twinkle: one chart's points per category, kept up to date tile by tile.

The runner reads every seat's score at the end of every round. `Tally.place`
changes only what the new tile touches (the constellation groups its exits
join, the asteroid clusters around it, its neighbours' company, the satellites
in its line) and the points of the categories it can change, in place. The
points that compare a chart with the others (fewest asteroids, most planets)
are added when read, from the players' tile counts (`Tally.total`). A chart
whose gains greedy players weigh gets its next `Analysis` read off the tally
(`Tally.analysis`) instead of worked out again. The tests hold the points to
the pure `score_chart` after every move of many seeded games, and each
analysis read off a tally to one made afresh.
"""

from __future__ import annotations

from collections.abc import Sequence

from .scoring import (
    BLACK_HOLE,
    C_ASTEROIDS,
    C_BLACK_HOLES,
    C_COMETS,
    C_COUNT,
    C_NEW,
    C_PLANETS,
    C_SATELLITES,
    C_SIZE,
    COMET,
    DIRECTIONS,
    OPPOSITE,
    PLANET,
    SATELLITE,
    STAR,
    Analysis,
    Cell,
    Geometry,
    Scoring,
    rival_points,
)


class Tally:
    """Points per category of one chart (CATEGORIES order, rivals aside) and what keeps them current.

    kinds: kind per space (-1 empty); comp: constellation group per star space
    (-1 elsewhere), raw / cnt: stars per group in all / counted (blue black holes
    cancel stars next to them); ast: asteroid cluster per space, ast_sizes per
    cluster; alone / dark: per black hole space; cancelled / dead: blue black
    holes' effect on the stars and planets next to them.
    """

    __slots__ = (
        "geo", "sc", "kinds", "stars", "exits", "counts", "points", "comp", "raw", "cnt", "ast",
        "ast_sizes", "ast_largest", "alone", "dark", "cancelled", "dead", "row_items", "col_items",
        "comets", "satellites", "stamp", "sizes",
    )  # fmt: skip

    def __init__(self, geo: Geometry, sc: Scoring, stamp: int):
        n = geo.size
        self.geo, self.sc = geo, sc
        self.stamp = stamp  # the owner's count of copies when it made this (see `State._place`)
        self.kinds = [-1] * n
        self.stars = [0] * n
        self.exits = [0] * n
        self.counts = [0] * 6
        self.points = [0] * 8
        self.comp = [-1] * n
        self.raw: list[int] = []
        self.cnt: list[int] = []
        self.ast = [-1] * n
        self.ast_sizes: list[int] = []
        self.ast_largest = 0
        self.alone = [False] * n
        self.dark = [False] * n
        self.cancelled = [False] * n
        self.dead = [False] * n
        self.row_items = [0] * geo.rows
        self.col_items = [0] * geo.cols
        self.comets: list[int] = []
        self.satellites: list[int] = []
        self.sizes: list[int] = []  # see `constellation_sizes`; replaced, never changed in place

    def copy(self, stamp: int) -> Tally:
        new = Tally.__new__(Tally)
        new.geo, new.sc, new.ast_largest, new.stamp = self.geo, self.sc, self.ast_largest, stamp
        new.kinds, new.stars, new.exits = self.kinds[:], self.stars[:], self.exits[:]
        new.counts, new.points = self.counts[:], self.points[:]
        new.comp, new.raw, new.cnt = self.comp[:], self.raw[:], self.cnt[:]
        new.ast, new.ast_sizes = self.ast[:], self.ast_sizes[:]
        new.alone, new.dark = self.alone[:], self.dark[:]
        new.cancelled, new.dead = self.cancelled[:], self.dead[:]
        new.row_items, new.col_items = self.row_items[:], self.col_items[:]
        new.comets, new.satellites, new.sizes = self.comets[:], self.satellites[:], self.sizes
        return new

    def analysis(self, cells: Sequence[Cell | None]) -> Analysis:
        """The `Analysis` of this chart (`cells`), read off what the tally keeps instead of worked out
        again: the same groups, numbered alike, and the same sums.

        It shares the tally's lists, so the tally is marked to be copied before its next
        change (`stamp` -1, see `State._place`): an analysis never changes once made."""
        self.stamp = -1
        an = Analysis.__new__(Analysis)
        an.cells, an.kinds, an.geo, an.sc, an.fast = tuple(cells), self.kinds, self.geo, self.sc, None
        an.counts, an.cancelled, an.planet_dead = self.counts, self.cancelled, self.dead
        an.comp, an.comp_raw, an.comp_cnt = self.comp, self.raw, self.cnt
        an.sizes = self.sizes
        an.ast, an.ast_sizes, an.ast_largest = self.ast, self.ast_sizes, self.ast_largest
        an.row_items, an.col_items = self.row_items, self.col_items
        an.bh_alone, an.bh_dark = self.alone, self.dark
        an.comets, an.satellites = self.comets, self.satellites
        points = self.points
        an.const_points = points[C_SIZE] + points[C_COUNT]
        an.comet_points = points[C_COMETS] if self.sc.blue_comets else 0
        an._points = None
        return an

    def total(self, rival_asteroids: int | None, rival_planets: int | None) -> int:
        """The chart's score, the comparisons with the rivals' counts included (see `Analysis.total`)."""
        asteroids, planets = rival_points(self.sc, self.counts, rival_asteroids, rival_planets)
        return sum(self.points) + asteroids + planets

    def breakdown(self, rival_asteroids: int | None, rival_planets: int | None) -> list[int]:
        """Points per category (CATEGORIES order), the comparisons with the rivals included."""
        asteroids, planets = rival_points(self.sc, self.counts, rival_asteroids, rival_planets)
        points = self.points[:]
        points[C_ASTEROIDS] += asteroids
        points[C_PLANETS] += planets
        return points

    def constellation_sizes(self) -> list[int]:
        """Counted stars of each constellation (a group of two stars or more), in group order; kept as
        the constellations change (not to be changed by the caller)."""
        return self.sizes

    def unlinked_stars(self) -> int:
        """Stars on star tiles in no constellation."""
        raw, comp, stars = self.raw, self.comp, self.stars
        return sum(stars[x] for x, k in enumerate(self.kinds) if k == STAR and raw[comp[x]] < 2)

    def place(self, x: int, cell: Cell) -> None:
        """Put `cell` on the empty space `x` and bring the points up to date."""
        kind = cell.kind
        self.kinds[x] = kind
        self.counts[kind] += 1
        _PLACE[kind](self, x, cell)

    # ------------------------------------------------------------ star tiles
    def _star(self, x: int, cell: Cell) -> None:
        """Join the groups its exits meet; green comets next to it score its stars; darkness lost."""
        sc, kinds, comp, orth = self.sc, self.kinds, self.comp, self.geo.orth[x]
        self.stars[x], self.exits[x] = cell.stars, cell.exits
        linked = set()
        nbx, exits = self.geo.nb[x], self.exits
        for d in DIRECTIONS[cell.exits]:
            y = nbx[d]
            if y >= 0 and kinds[y] == STAR and exits[y] >> OPPOSITE[d] & 1:
                linked.add(comp[y])
        cancelled = sc.blue_black_holes and any(kinds[y] == BLACK_HOLE for y in orth)
        self.cancelled[x] = cancelled
        gid = len(self.raw)
        raw, cnt = cell.stars, 0 if cancelled else cell.stars
        if linked:
            for y, c in enumerate(comp):
                if c in linked:
                    comp[y] = gid
            for c in linked:  # absorbed: no space refers to them any more
                raw += self.raw[c]
                cnt += self.cnt[c]
                self.raw[c] = self.cnt[c] = 0
        comp[x] = gid
        self.raw.append(raw)
        self.cnt.append(cnt)
        if raw >= 2:  # else a lone star tile of one star: no constellation changes
            self._constellations()
        self.points[C_NEW] += sc.new_star * cell.new
        if self.comets:
            if sc.blue_comets:
                self._blue_comets()
            else:
                comets = sum(1 for y in orth if kinds[y] == COMET)
                self.points[C_COMETS] += sc.comet_star * cell.stars * comets
        if self.counts[BLACK_HOLE]:
            self._lose_darkness(x)

    def _constellations(self) -> None:
        sizes = self.sizes = [c for r, c in zip(self.raw, self.cnt, strict=True) if r >= 2]
        size, count = self.sc.constellation_points(sizes)
        self.points[C_SIZE], self.points[C_COUNT] = size, count

    def _blue_comets(self) -> None:
        """Blue: each comet scores per constellation next to it."""
        kinds, comp, raw, orth = self.kinds, self.comp, self.raw, self.geo.orth
        self.points[C_COMETS] = self.sc.comet_constellation * sum(
            len({comp[y] for y in orth[z] if kinds[y] == STAR and raw[comp[y]] >= 2}) for z in self.comets
        )

    def _lose_darkness(self, x: int) -> None:
        """A star tile or planet on `x`: black holes next to it are no longer dark (green: no bonus)."""
        kinds, dark = self.kinds, self.dark
        for y in self.geo.orth[x]:
            if kinds[y] == BLACK_HOLE and dark[y]:
                dark[y] = False
                if not self.sc.blue_black_holes:
                    self.points[C_BLACK_HOLES] -= self.sc.bh_green_dark

    # ----------------------------------------------------------- other tiles
    def _asteroid(self, x: int, cell: Cell) -> None:
        """The clusters around it merge: green scores every cluster, blue only the largest."""
        sc, ast, sizes = self.sc, self.ast, self.ast_sizes
        merged = {ast[y] for y in self.geo.around[x] if ast[y] >= 0}
        aid = len(sizes)
        if merged:
            for y, a in enumerate(ast):
                if a in merged:
                    ast[y] = aid
        ast[x] = aid
        size = 1 + sum(sizes[a] for a in merged)
        sizes.append(size)
        self.ast_largest = max(self.ast_largest, size)  # blue scores it; the gains read it on both sides
        if sc.blue_asteroids:
            self.points[C_ASTEROIDS] = sc.asteroid(self.ast_largest)
        else:
            self.points[C_ASTEROIDS] += sc.asteroid(size) - sum(sc.asteroid(sizes[a]) for a in merged)
        for a in merged:
            sizes[a] = 0

    def _comet(self, x: int, cell: Cell) -> None:
        sc, kinds = self.sc, self.kinds
        self.comets.append(x)
        if sc.blue_comets:
            self._blue_comets()
        else:
            self.points[C_COMETS] += sc.comet_star * sum(
                self.stars[y] for y in self.geo.orth[x] if kinds[y] == STAR
            )

    def _satellite(self, x: int, cell: Cell) -> None:
        """Its better line's planets and black holes (blue), or those next to it (green)."""
        sc, geo, kinds = self.sc, self.geo, self.kinds
        self.satellites.append(x)
        if sc.blue_satellites:
            self.points[C_SATELLITES] += sc.sat_blue * max(
                self.row_items[geo.row_of[x]], self.col_items[geo.col_of[x]]
            )
        else:
            self.points[C_SATELLITES] += sc.sat_green * sum(
                1 for y in geo.orth[x] if kinds[y] == PLANET or kinds[y] == BLACK_HOLE
            )

    def _planet(self, x: int, cell: Cell) -> None:
        """Its own points unless a blue black hole is next to it; satellites see it; darkness lost."""
        sc = self.sc
        self._in_line(x)
        dead = sc.blue_black_holes and any(self.kinds[y] == BLACK_HOLE for y in self.geo.orth[x])
        self.dead[x] = dead
        if not dead:
            self.points[C_PLANETS] += sc.planet_blue if sc.blue_planets else sc.planet_green
        if self.counts[BLACK_HOLE]:
            self._lose_darkness(x)

    def _black_hole(self, x: int, cell: Cell) -> None:
        """Alone (and dark) or not; black holes next to it lose their points; blue: cancels its neighbours."""
        sc, kinds, orth = self.sc, self.kinds, self.geo.orth[x]
        self._in_line(x)
        holes = [y for y in orth if kinds[y] == BLACK_HOLE]
        lost = sum(self._hole_points(y) for y in holes)
        for y in holes:
            self.alone[y] = self.dark[y] = False
        self.alone[x] = not holes
        self.dark[x] = not holes and not any(kinds[y] == STAR or kinds[y] == PLANET for y in orth)
        self.points[C_BLACK_HOLES] += self._hole_points(x) - lost
        if sc.blue_black_holes:
            self._cancel_neighbours(x)

    def _hole_points(self, x: int) -> int:
        return self.sc.black_hole(self.alone[x], self.dark[x])

    def _cancel_neighbours(self, x: int) -> None:
        """Blue side: the stars and planets next to a new black hole stop counting."""
        sc, kinds = self.sc, self.kinds
        stars = False
        for y in self.geo.orth[x]:
            if kinds[y] == STAR and not self.cancelled[y]:
                self.cancelled[y] = stars = True
                self.cnt[self.comp[y]] -= self.stars[y]
            elif kinds[y] == PLANET and not self.dead[y]:
                self.dead[y] = True
                self.points[C_PLANETS] -= sc.planet_blue if sc.blue_planets else sc.planet_green
        if stars:
            self._constellations()

    def _seen_by_satellites(self, x: int, r: int, c: int) -> int:
        """Satellites' gain from a planet or black hole on `x` (row `r`, column `c`): in their line (blue),
        or next to it (green)."""
        sc, geo, rows, cols = self.sc, self.geo, self.row_items, self.col_items
        if sc.blue_satellites:
            gain = 0
            for z in self.satellites:
                rz, cz = geo.row_of[z], geo.col_of[z]
                if rz == r or cz == c:
                    gain += max(rows[rz] + (rz == r), cols[cz] + (cz == c)) - max(rows[rz], cols[cz])
            return sc.sat_blue * gain
        kinds = self.kinds
        return sc.sat_green * sum(1 for y in geo.orth[x] if kinds[y] == SATELLITE)

    def _in_line(self, x: int) -> None:
        """A planet or black hole on `x` counts in its row and column: satellites that see it gain."""
        geo = self.geo
        r, c = geo.row_of[x], geo.col_of[x]
        rows, cols = self.row_items, self.col_items
        if self.satellites:
            self.points[C_SATELLITES] += self._seen_by_satellites(x, r, c)
        rows[r] += 1
        cols[c] += 1


# by kind: STAR, ASTEROID, SATELLITE, PLANET, BLACK_HOLE, COMET
_PLACE = (Tally._star, Tally._asteroid, Tally._satellite, Tally._planet, Tally._black_hole, Tally._comet)
