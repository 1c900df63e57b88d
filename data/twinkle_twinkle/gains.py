"""Twinkle Twinkle: the exact change in a chart's score from placing one more tile, fast enough for greedy.

`gain(an, cell, x, ...)` answers from the chart's `Analysis` and the new tile's
neighbourhood, one function per kind of tile, each category's change worked
out where the tile touches it instead of rescoring the chart. `ChartGains` keeps
those answers per analysed chart, so a greedy player weighing every tile of the
row on every empty space computes each distinct case once: a star tile's gain
depends only on the space, its stars, its new stars and which neighbouring
constellations its exits reach (`link_masks`), so its orientations mostly share
one answer. The tests hold all of this to `score_chart`, the pure reference.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .scoring import (
    ASTEROID,
    BLACK_HOLE,
    COMET,
    DIRECTIONS,
    OPPOSITE,
    PLANET,
    SATELLITE,
    STAR,
    Analysis,
    Cell,
    Scoring,
    bits,
    fewest_asteroids,
    most_planets,
    rivals,
)


# ------------------------------------------------------------- star tiles
def linked_groups(an: Analysis, exits: int, x: int) -> frozenset[int]:
    """Constellation groups a star tile with these exits on `x` joins: its exit meets a neighbour's."""
    return groups_through(an, x, exits & link_masks(an)[x])


def link_masks(an: Analysis) -> list[int]:
    """Per space, the directions in which a star tile's exit would meet a neighbouring star tile's exit."""
    cells, nb = an.cells, an.geo.nb
    masks = [0] * len(cells)
    for x in range(len(cells)):
        for d, y in enumerate(nb[x]):
            c = cells[y] if y >= 0 else None
            if c is not None and c.kind == STAR and c.exits >> OPPOSITE[d] & 1:
                masks[x] |= 1 << d
    return masks


def groups_through(an: Analysis, x: int, links: int) -> frozenset[int]:
    """Groups of the neighbours of `x` in the directions set in `links`."""
    nbx, comp = an.geo.nb[x], an.comp
    return frozenset([comp[nbx[d]] for d in DIRECTIONS[links]])


def star_gain_linked(an: Analysis, stars: int, new: int, x: int, linked: frozenset[int]) -> int:
    """Gain of a star tile (`stars`, `new`) on `x` that joins the groups `linked`."""
    return an.sc.new_star * new + _star_neighbours(an, stars, x) + linked_change(an, stars, x, linked)


def linked_change(an: Analysis, stars: int, x: int, linked: frozenset[int]) -> int:
    """What a star tile of `stars` stars on `x` joining the groups `linked` changes in the
    constellations (and blue comets), its neighbours' green comets and darkness aside."""
    sc = an.sc
    raw = stars + sum(an.comp_raw[c] for c in linked)
    d = 0
    if raw >= 2:  # else a lone star that changes no constellation
        cancelled = sc.blue_black_holes and _touches(an, x, BLACK_HOLE)
        cnt = (0 if cancelled else stars) + sum(an.comp_cnt[c] for c in linked)
        sizes = [an.comp_cnt[c] for c, r in enumerate(an.comp_raw) if r >= 2 and c not in linked]
        d += sum(sc.constellation_points([*sizes, cnt])) - an.const_points
    if sc.blue_comets and an.comets:
        d += _blue_comets_with_star(an, x, linked, raw >= 2) - an.comet_points
    return d


def _touches(an: Analysis, x: int, kind: int) -> bool:
    kinds = an.kinds
    return any(kinds[y] == kind for y in an.geo.orth[x])


def _star_neighbours(an: Analysis, stars: int, x: int) -> int:
    """Green comets next to `x` score its stars; green dark black holes next to it stop being dark."""
    sc = an.sc
    d = 0
    if not sc.blue_comets:
        kinds = an.kinds
        d += sc.comet_star * stars * sum(1 for y in an.geo.orth[x] if kinds[y] == COMET)
    return d + _darkness_lost(an, x)


def _darkness_lost(an: Analysis, x: int) -> int:
    """Green side: a star tile or planet on `x` takes the dark bonus from each dark black hole next to it."""
    sc = an.sc
    if sc.blue_black_holes:
        return 0
    return -sc.bh_green_dark * sum(1 for y in an.geo.orth[x] if an.bh_dark[y])


def _blue_comets_with_star(an: Analysis, x: int, linked: frozenset[int], constellation: bool) -> int:
    """Blue comets' points once a star tile on `x` joins `linked` (a constellation if `constellation`)."""
    cells, orth, sc = an.cells, an.geo.orth, an.sc
    total = 0
    for z in an.comets:
        groups = set()
        for y in orth[z]:
            if y == x:
                if constellation:
                    groups.add(-1)
                continue
            cy = cells[y]
            if cy is not None and cy.kind == STAR:
                c = an.comp[y]
                if c in linked:
                    groups.add(-1)
                elif an.comp_raw[c] >= 2:
                    groups.add(c)
        total += sc.comet_constellation * len(groups)
    return total


def star_gain(
    an: Analysis, cell: Cell, x: int, rival_asteroids: int | None, rival_planets: int | None
) -> int:
    return star_gain_linked(an, cell.stars, cell.new, x, linked_groups(an, cell.exits, x))


# ------------------------------------------------------------ other tiles
def asteroid_gain(
    an: Analysis, cell: Cell, x: int, rival_asteroids: int | None, rival_planets: int | None
) -> int:
    """The clusters around `x` merge; blue: the largest cluster, and maybe no longer the fewest asteroids."""
    sc = an.sc
    merged = {an.ast[y] for y in an.geo.around[x] if an.ast[y] >= 0}
    size = 1 + sum(an.ast_sizes[a] for a in merged)
    if not sc.blue_asteroids:
        return sc.asteroid(size) - sum(sc.asteroid(an.ast_sizes[a]) for a in merged)
    mine = an.counts[ASTEROID]
    d = sc.asteroid(max(an.ast_largest, size)) - sc.asteroid(an.ast_largest)
    fewer = fewest_asteroids(mine, rival_asteroids) - fewest_asteroids(mine + 1, rival_asteroids)
    return d + sc.asteroid_penalty * fewer


def comet_gain(
    an: Analysis, cell: Cell, x: int, rival_asteroids: int | None, rival_planets: int | None
) -> int:
    """A comet changes nothing else: its own points."""
    return an.comet(x)


def satellite_gain(
    an: Analysis, cell: Cell, x: int, rival_asteroids: int | None, rival_planets: int | None
) -> int:
    """A satellite changes nothing else: its own points."""
    return an.satellite(x)


def planet_gain(
    an: Analysis, cell: Cell, x: int, rival_asteroids: int | None, rival_planets: int | None
) -> int:
    """Its own points unless a blue black hole cancels it, the most-planets bonus, darkness, satellites."""
    sc = an.sc
    d = 0
    if not (sc.blue_black_holes and _touches(an, x, BLACK_HOLE)):
        d += sc.planet_blue if sc.blue_planets else sc.planet_green
    if sc.blue_planets:
        mine = an.counts[PLANET]
        d += sc.planet_bonus * (most_planets(mine + 1, rival_planets) - most_planets(mine, rival_planets))
    return d + _darkness_lost(an, x) + _satellites_seeing(an, x)


def black_hole_gain(
    an: Analysis, cell: Cell, x: int, rival_asteroids: int | None, rival_planets: int | None
) -> int:
    """Its own points if alone, neighbouring black holes no longer alone, blue cancellations, satellites."""
    sc = an.sc
    orth = an.geo.orth[x]
    kinds = an.kinds
    bh_next = [y for y in orth if kinds[y] == BLACK_HOLE]
    d = 0
    if not bh_next:
        if sc.blue_black_holes:
            d += sc.bh_blue_alone
        else:
            d += sc.bh_green_alone
            if not any(kinds[y] == STAR or kinds[y] == PLANET for y in orth):
                d += sc.bh_green_dark
    d -= sum(an.black_hole(y) for y in bh_next)
    if sc.blue_black_holes:
        d += _blue_black_hole_cancels(an, x)
    return d + _satellites_seeing(an, x)


def _blue_black_hole_cancels(an: Analysis, x: int) -> int:
    """Blue side: the planets and the stars of star tiles next to `x` stop counting."""
    sc = an.sc
    each_planet = sc.planet_blue if sc.blue_planets else sc.planet_green
    d = 0
    lost: dict[int, int] = {}
    for y in an.geo.orth[x]:
        cy = an.cells[y]
        if cy is None:
            continue
        if cy.kind == STAR and not an.cancelled[y]:
            c = an.comp[y]
            lost[c] = lost.get(c, 0) + cy.stars
        elif cy.kind == PLANET and not an.planet_dead[y]:
            d -= each_planet
    if lost:
        sizes = [an.comp_cnt[c] - lost.get(c, 0) for c in range(len(an.comp_raw)) if an.comp_raw[c] >= 2]
        d += sum(sc.constellation_points(sizes)) - an.const_points
    return d


def _satellites_seeing(an: Analysis, x: int) -> int:
    """Satellites' extra points for a planet or black hole on `x`: in their line (blue), or next to it."""
    sc, geo = an.sc, an.geo
    if not sc.blue_satellites:
        kinds = an.kinds
        return sc.sat_green * sum(1 for y in geo.orth[x] if kinds[y] == SATELLITE)
    r, c = geo.row_of[x], geo.col_of[x]
    d = 0
    for z in an.satellites:
        rz, cz = geo.row_of[z], geo.col_of[z]
        if rz == r or cz == c:
            before = max(an.row_items[rz], an.col_items[cz])
            after = max(an.row_items[rz] + (rz == r), an.col_items[cz] + (cz == c))
            d += sc.sat_blue * (after - before)
    return d


GainFunction = Callable[[Analysis, Cell, int, "int | None", "int | None"], int]
# by kind: STAR, ASTEROID, SATELLITE, PLANET, BLACK_HOLE, COMET
GAINS: tuple[GainFunction, ...] = (
    star_gain,
    asteroid_gain,
    satellite_gain,
    planet_gain,
    black_hole_gain,
    comet_gain,
)


def gain(an: Analysis, cell: Cell, x: int, rival_asteroids: int | None, rival_planets: int | None) -> int:
    """Exact change of the analysed chart's total score if `cell` is placed on empty space `x`.

    `rival_asteroids` / `rival_planets` as in `Analysis.total`.
    """
    return GAINS[cell.kind](an, cell, x, rival_asteroids, rival_planets)


def rival_key(an: Analysis, kind: int, counts: Sequence[Sequence[int]], seat: int) -> tuple[int | None, ...]:
    """The rivals' counts a tile of `kind` has a gain that depends on (see `compared`)."""
    return rivals(counts, seat) if compared(an.sc, kind) else ()


def compared(sc: Scoring, kind: int) -> bool:
    """Whether the gain of a tile of `kind` depends on the rivals' counts: only blue asteroids and planets."""
    return (kind == ASTEROID and sc.blue_asteroids) or (kind == PLANET and sc.blue_planets)


# -------------------------------------------------------------- fast path
NONE = -(10**9)  # the gain listed for a space that is not empty, below any real gain


LoneTerms = tuple[int, int, int, int]
Near = list[tuple[int, int, int]]  # per space, its comets, black holes and dark black holes next to it


def lone_star_terms(an: Analysis, stars: int) -> LoneTerms:
    """What a lone star tile's gain takes from the whole chart: the points per adjacent comet and per
    adjacent dark black hole, and the constellation change away from black holes and next to one
    (blue black holes cancel its stars)."""
    sc = an.sc
    per_comet = 0 if sc.blue_comets else sc.comet_star * stars
    per_dark = 0 if sc.blue_black_holes else -sc.bh_green_dark
    if stars < 2:  # a lone tile of one star is no constellation
        return per_comet, per_dark, 0, 0
    # a lone tile of two or more stars is a constellation of its own
    plain = sum(sc.constellation_points([*an.sizes, stars])) - an.const_points
    by_hole = sum(sc.constellation_points([*an.sizes, 0])) - an.const_points if sc.blue_black_holes else plain
    if sc.blue_comets:
        per_comet += sc.comet_constellation
    return per_comet, per_dark, plain, by_hole


def lone_star_gain(near: tuple[int, int, int], terms: LoneTerms) -> int:
    """The gain of a star tile whose exits meet no neighbour's, on a space with neighbourhood `near`
    (its comets, black holes and dark black holes orthogonally next to it; see `lone_star_terms`)."""
    per_comet, per_dark, plain, by_hole = terms
    comets, holes, dark = near
    return per_comet * comets + per_dark * dark + (by_hole if holes else plain)


def neighbourhoods(an: Analysis) -> list[tuple[int, int, int]]:
    """Per space, the comets, black holes and dark black holes orthogonally next to it."""
    return [neighbourhood(an, x) for x in range(len(an.cells))]


def neighbourhood(an: Analysis, x: int) -> tuple[int, int, int]:
    """The comets, black holes and dark black holes orthogonally next to `x`."""
    kinds, bh_dark = an.kinds, an.bh_dark
    comets = holes = dark = 0
    for y in an.geo.orth[x]:
        k = kinds[y]
        if k == COMET:
            comets += 1
        elif k == BLACK_HOLE:
            holes += 1
            dark += bh_dark[y]
    return comets, holes, dark


_LINK_OPTIONS: dict[tuple[Cell, ...], list[tuple[int, ...]]] = {}


def link_options(cells: Sequence[Cell]) -> list[tuple[int, ...]]:
    """Per mask of the directions a space links in (0..255), the distinct links a star tile whose
    orientations are `cells` can make there; kept per tile shape, as every chart asks the same."""
    options = _LINK_OPTIONS.get(cells)
    if options is None:
        exits = {c.exits for c in cells}
        options = _LINK_OPTIONS[tuple(cells)] = [tuple({e & m for e in exits}) for m in range(256)]
    return options


# Per kind of tile placed: the kinds whose gains elsewhere it can change (see the gain functions).
CHANGES = {
    STAR: frozenset((STAR, COMET, PLANET, BLACK_HOLE)),
    ASTEROID: frozenset((ASTEROID,)),
    SATELLITE: frozenset((PLANET, BLACK_HOLE)),
    PLANET: frozenset((STAR, SATELLITE, PLANET, BLACK_HOLE)),
    BLACK_HOLE: frozenset((STAR, SATELLITE, PLANET, BLACK_HOLE)),
    COMET: frozenset((STAR,)),
}


def reach_of(an: Analysis, x: int, placed: int, kind: int, moved: int) -> int | None:
    """The empty spaces (a bitmask) where a tile of `kind` may gain differently once a tile of kind
    `placed` lies on `x` (`an` the chart with it; `moved` the spaces next to a black hole that stopped or
    started being alone or dark); None when that may be anywhere."""
    if kind not in CHANGES[placed]:
        return 0
    sc, geo = an.sc, an.geo
    if kind == STAR:
        everywhere = placed == STAR or (placed == BLACK_HOLE and sc.blue_black_holes)
        everywhere |= placed == COMET and sc.blue_comets
        return None if everywhere else geo.orth2_bits[x]
    if kind == ASTEROID:  # placed an asteroid: the spaces around its cluster (blue: the largest counts)
        if sc.blue_asteroids:
            return None
        cluster, around, reach = an.ast[x], geo.around_bits, 0
        for y, a in enumerate(an.ast):
            if a == cluster:
                reach |= around[y]
        return reach
    if kind == COMET:  # placed a star tile: green comets count the stars next to them
        return None if sc.blue_comets else geo.orth_bits[x]
    if kind == SATELLITE:  # placed a planet or black hole: next to it (green), in its line (blue)
        return (geo.line_bits if sc.blue_satellites else geo.orth_bits)[x]
    return _company_reach(an, x, placed, kind, moved)


def _company_reach(an: Analysis, x: int, placed: int, kind: int, moved: int) -> int | None:
    """Where a planet's or black hole's gain may change: next to `x` when the new tile is company they
    count, and next to each black hole whose being alone or dark changed; None when blue rules compare
    further (satellites in line, the most planets, black holes cancelling constellations)."""
    sc, orth = an.sc, an.geo.orth_bits
    if sc.blue_satellites and placed in (SATELLITE, PLANET, BLACK_HOLE):
        return None
    if kind == PLANET and placed == PLANET and sc.blue_planets:
        return None
    if kind == BLACK_HOLE and sc.blue_black_holes and placed in (STAR, BLACK_HOLE):
        return None
    return moved | orth[x] if kind == BLACK_HOLE or placed in (SATELLITE, BLACK_HOLE) else moved


def moved_holes(before: Analysis, an: Analysis, x: int) -> int:
    """The spaces (a bitmask) next to a black hole that stopped or started being alone or dark when a
    tile was placed on `x` (`before` the chart without it, `an` with it): only black holes on or next
    to `x` can."""
    if not an.counts[BLACK_HOLE]:
        return 0
    alone, dark, alone_before, dark_before = an.bh_alone, an.bh_dark, before.bh_alone, before.bh_dark
    orth, moved = an.geo.orth_bits, 0
    for b in (x, *an.geo.orth[x]):
        if alone[b] != alone_before[b] or dark[b] != dark_before[b]:
            moved |= orth[b]
    return moved


def _carried(lists: dict[Any, list[int]], stale: dict[Any, int], an: Analysis, x: int, placed: int,
             moved: int) -> tuple[dict[Any, list[int]], dict[Any, int]]:  # fmt: skip
    """Per-space gain lists (keyed by kind and rivals) one tile (`placed` on `x`, see `reach_of`) later:
    `x` and each list's reach marked stale (bitmasks: worked out again, in a copy, when the list is next
    read), and a list dropped where its reach is everywhere."""
    kept: dict[Any, list[int]] = {}
    out_of_date: dict[Any, int] = {}
    here, changes, reaches = 1 << x, CHANGES[placed], {}
    for key, gains in lists.items():
        kind = key[0]
        if kind in changes:
            if kind not in reaches:
                reaches[kind] = reach_of(an, x, placed, kind, moved)
            reach = reaches[kind]
            if reach is None:
                continue
            here_too = reach | here
        else:
            here_too = here
        kept[key] = gains
        out_of_date[key] = stale.get(key, 0) | here_too
    return kept, out_of_date


# the cells of every 10-bit mask, for cells 0-9 and for cells 10-19: a chart of up to 20 spaces reads
# a mask's cells in two look-ups
_LOW = tuple(tuple(y for y in range(10) if m >> y & 1) for m in range(1024))
_HIGH = tuple(tuple(10 + y for y in range(10) if m >> y & 1) for m in range(1024))


def spaces(mask: int) -> Sequence[int]:
    """The cells of a bitmask, in increasing order."""
    if mask < 1 << 20:
        return _LOW[mask & 1023] + _HIGH[mask >> 10]
    return [y for y in range(mask.bit_length()) if mask >> y & 1]


class ChartGains:
    """Gains of placements on one analysed chart, each distinct case worked out once and kept.

    Made once per analysis (`Analysis.fast`), so it never outlives the chart it
    describes. Gains per kind of tile are lists over the spaces (NONE where a
    space is taken), so that the best place for a tile is one `max`. A star
    tile whose exits meet no neighbour's scores the same in every orientation,
    and the same on every space with no comet or black hole next to it
    (`lone_star_gain`): the best such space is found among the few spaces that
    have one (`special`). Only the spaces where an exit can meet a
    neighbour's (`linkable`) are worked out orientation by orientation. The
    empty spaces, those where an exit can meet a neighbour's and those with a
    comet or black hole next to them are bitmasks carried from chart to chart.
    `rival` arguments are `rival_key`s.
    """

    __slots__ = (
        "an",
        "links",
        "linkable",
        "near",
        "terms",
        "free",
        "linked",
        "special",
        "lone_best",
        "joined",
        "kinds",
        "kinds_stale",
        "best",
    )

    def __init__(self, an: Analysis):
        self.an = an
        self.links = link_masks(an)
        self.linkable: Sequence[int] | None = None
        self.near: list[tuple[int, int, int]] | None = None
        self.terms: dict[int, LoneTerms] = {}
        self.free = bits([x for x, c in enumerate(an.cells) if c is None])
        self.linked = bits([x for x, m in enumerate(self.links) if m])
        self.special: int | None = None  # read off `near`, with it
        self.lone_best: dict[int, int] = {}
        # per space, the gain of a star tile joining neighbours there, by links * 8 + stars (stars < 8)
        self.joined: list[dict[int, int] | None] = [None] * len(an.cells)
        self.kinds: dict[tuple[int, tuple[int | None, ...]], list[int]] = {}
        # spaces (bitmask) where a kept list of gains is out of date, worked out again when next read
        self.kinds_stale: dict[tuple[int, tuple[int | None, ...]], int] = {}
        self.best: dict[int | tuple[int, tuple[int | None, ...]], int] = {}  # by shape (and rivals)

    def of(self, cell: Cell, x: int, rival: tuple[int | None, ...]) -> int:
        """Gain of placing `cell` on `x`."""
        if cell.kind != STAR:
            return self._kind(cell, rival)[x]
        links = cell.exits & self.links[x]
        base = self._joined(x, links, cell.stars) if links else self._lone_at(x, cell.stars)
        return base + self.an.sc.new_star * cell.new

    def best_of(self, shape: int, cells: Sequence[Cell], rival: tuple[int | None, ...]) -> int:
        """The best gain of a tile whose distinct orientations are `cells` (`shape` names that set)."""
        key = (shape, rival) if rival else shape
        best = self.best.get(key)
        if best is None:
            first = cells[0]
            if first.kind != STAR:
                best = max(self._kind(first, rival))
            else:
                best = self._star_best(cells) + self.an.sc.new_star * first.new
            self.best[key] = best
        return best

    def _star_best(self, cells: Sequence[Cell]) -> int:
        """Best gain (without new stars) of a star tile whose distinct orientations are `cells`."""
        stars = cells[0].stars
        best = self._lone_best(stars)
        if self.linkable is None:
            self.linkable = spaces(self.free & self.linked)
        if not self.linkable:
            return best
        options, links, joined = link_options(cells), self.links, self.joined
        near, terms = self._near(), self._terms(stars)
        for x in self.linkable:
            here = joined[x]
            for k in options[links[x]]:
                if not k:
                    gain = lone_star_gain(near[x], terms)
                else:
                    gain = here.get(k * 8 + stars) if here is not None else None
                    if gain is None:
                        gain = self._joined(x, k, stars)
                        here = joined[x]
                if gain > best:
                    best = gain
        return best

    def after(self, an: Analysis, x: int, cell: Cell) -> ChartGains:
        """These gains for `an`, the chart with `cell` on `x`: only what that tile can change is redone."""
        new = ChartGains.__new__(ChartGains)
        new.an = an
        placed = cell.kind
        new.free = self.free & ~(1 << x)
        new.linkable = None
        if placed == STAR:
            new.links, new.linked = self._links_after(an, x, cell)
        else:
            new.links, new.linked = self.links, self.linked
        moved = moved_holes(self.an, an, x)
        new.near, new.special = self._near_after(an, x, placed, moved)
        new.kinds, new.kinds_stale = _carried(self.kinds, self.kinds_stale, an, x, placed, moved)
        reach = reach_of(an, x, placed, STAR, moved)
        new.terms = {}
        # a space's gains stay true away from the reach: shared with this chart's (both may add to them)
        if reach is None:
            new.joined = [None] * len(an.cells)
        else:
            new.joined = self.joined[:]
            for y in spaces(reach):
                new.joined[y] = None
        new.lone_best = {}
        new.best = {}
        return new

    def _links_after(self, an: Analysis, x: int, cell: Cell) -> tuple[list[int], int]:
        """A star tile on `x`: the spaces its exits point at can now link to it (links, and `linked`)."""
        links, linked = self.links[:], self.linked
        for d, y in enumerate(an.geo.nb[x]):
            if y >= 0 and cell.exits >> d & 1:
                links[y] |= 1 << OPPOSITE[d]
                linked |= 1 << y
        return links, linked

    def _near_after(self, an: Analysis, x: int, placed: int, moved: int) -> tuple[Near | None, int | None]:
        """Neighbourhoods (and `special`) change next to a new comet or black hole, and next to a black
        hole that stops being dark (`moved`, see `moved_holes`)."""
        near, special = self.near, self.special
        changed = moved | an.geo.orth_bits[x] if placed == COMET or placed == BLACK_HOLE else moved
        if near is None or special is None or not changed:
            return near, special
        near = near[:]
        for y in spaces(changed):
            near[y] = around = neighbourhood(an, y)
            special = special | 1 << y if around != (0, 0, 0) else special & ~(1 << y)
        return near, special

    def _kind(self, cell: Cell, rival: tuple[int | None, ...]) -> list[int]:
        key = (cell.kind, rival)
        gains = self.kinds.get(key)
        an, f, rivals_ = self.an, GAINS[cell.kind], rival or (None, None)
        if gains is None:
            gains = [NONE if c is not None else f(an, cell, x, *rivals_) for x, c in enumerate(an.cells)]
            self.kinds[key] = gains
        elif key in self.kinds_stale:  # a list carried from the chart before: shared, so copied
            gains = self.kinds[key] = gains[:]
            cells = an.cells
            for x in spaces(self.kinds_stale.pop(key)):
                gains[x] = NONE if cells[x] is not None else f(an, cell, x, *rivals_)
        return gains

    def _near(self) -> Near:
        near = self.near
        if near is None or self.special is None:
            near = self.near = neighbourhoods(self.an)
            self.special = bits([x for x, around in enumerate(near) if around != (0, 0, 0)])
        return near

    def _terms(self, stars: int) -> LoneTerms:
        terms = self.terms.get(stars)
        if terms is None:
            terms = self.terms[stars] = lone_star_terms(self.an, stars)
        return terms

    def _lone_at(self, x: int, stars: int) -> int:
        """Gain of a star tile of `stars` stars (none new) on empty space `x`, its exits meeting none."""
        return lone_star_gain(self._near()[x], self._terms(stars))

    def _lone_best(self, stars: int) -> int:
        """Best lone gain over the spaces where no exit can meet a neighbour's (NONE if there are none)."""
        best = self.lone_best.get(stars)
        if best is None:
            near, terms = self._near(), self._terms(stars)
            lone, special = self.free & ~self.linked, self.special
            assert special is not None  # set with `near`
            # spaces with no comet or black hole next to them all score the plain term
            best = terms[2] if lone & ~special else NONE
            for x in spaces(lone & special):
                gain = lone_star_gain(near[x], terms)
                if gain > best:
                    best = gain
            self.lone_best[stars] = best
        return best

    def _joined(self, x: int, links: int, stars: int) -> int:
        here = self.joined[x]
        if here is None:
            here = self.joined[x] = {}
        value = here.get(links * 8 + stars)
        if value is None:
            an = self.an
            sc, (comets, _, dark) = an.sc, self._near()[x]
            # its green comets and the darkness it takes, as `_star_neighbours` counts them, read off `near`
            value = (0 if sc.blue_comets else sc.comet_star * stars * comets) + (
                0 if sc.blue_black_holes else -sc.bh_green_dark * dark
            )
            value += linked_change(an, stars, x, groups_through(an, x, links))
            here[links * 8 + stars] = value
        return value

    def placements(
        self,
        orients: Sequence[tuple[int, Cell]],
        rival: tuple[int | None, ...],
        first_key: int = 0,
        less: int = 0,
    ) -> dict[int, int]:
        """The gain of every placement of a tile with these distinct (orientation, Cell)s, less `less`,
        keyed by `first_key` + space * 8 + orientation."""
        first = orients[0][1]
        cells = self.an.cells
        if first.kind != STAR:  # one orientation, 0
            gains = self._kind(first, rival)
            return {first_key + x * 8: gains[x] - less for x, c in enumerate(cells) if c is None}
        links, stars, near = self.links, first.stars, self._near()
        per_comet, per_dark, plain, by_hole = self._terms(stars)  # lone_star_gain's, inline
        bonus, joined = self.an.sc.new_star * first.new - less, self.joined
        out = {}
        for x, c in enumerate(cells):
            if c is not None:
                continue
            here, key = links[x], first_key + x * 8
            comets, holes, dark = near[x]
            lone = per_comet * comets + per_dark * dark + (by_hole if holes else plain) + bonus
            if not here:  # no exit can meet a neighbour's: every orientation scores alone
                for o, _ in orients:
                    out[key + o] = lone
                continue
            known = joined[x]
            for o, cell in orients:
                k = cell.exits & here
                if k:
                    gain = known.get(k * 8 + stars) if known is not None else None
                    if gain is None:
                        gain = self._joined(x, k, stars)
                        known = joined[x]
                    out[key + o] = gain + bonus
                else:
                    out[key + o] = lone
        return out
