"""Twinkle Twinkle: the analysis of a chart one tile later, changed only where the new tile touches it.

`analysis_after(an, x, cell)` gives what `Analysis(cells with cell on x)` gives
(the same groups up to their numbering, the same points) without walking the
whole chart again: a star tile merges the constellation groups its exits meet,
an asteroid the clusters around it, a black hole or planet changes its
neighbours' company. Lists and sums the new tile does not touch are shared
with the earlier analysis, which is never changed. The tests hold it to a
fresh `Analysis` after every move of many games.
"""

from __future__ import annotations

from simulate.engines.twinkle_twinkle_scoring import (
    BLACK_HOLE,
    C_COUNT,
    C_NEW,
    C_SIZE,
    CATEGORY_POINTS,
    COMET,
    DIRECTIONS,
    OPPOSITE,
    PLANET,
    STAR,
    TOUCHES,
    Analysis,
    Cell,
)


def analysis_after(an: Analysis, x: int, cell: Cell) -> Analysis:
    """The analysis of `an`'s chart with `cell` placed on its empty space `x`."""
    new = Analysis.__new__(Analysis)
    new.__dict__.update(an.__dict__)
    new.fast = None
    new.cells = an.cells[:x] + (cell,) + an.cells[x + 1 :]
    new.kinds = an.kinds[:x] + (cell.kind,) + an.kinds[x + 1 :]
    new.counts = an.counts[:]
    new.counts[cell.kind] += 1
    _UPDATES[cell.kind](new, x, cell)
    kind = cell.kind
    constellations = kind in (STAR, BLACK_HOLE)
    pair = new.sc.constellation_points(new.sizes) if constellations else (0, 0)
    if constellations:
        new.const_points = pair[0] + pair[1]
    new.totals(constellations=False, comets=kind in (STAR, COMET))
    if an._points is not None:
        new._points = points = an._points[:]
        for category in TOUCHES[kind]:
            if category == C_SIZE or category == C_COUNT:  # worked out above
                points[category] = pair[category == C_COUNT]
            elif category == C_NEW:
                points[C_NEW] += new.sc.new_star * cell.new
            else:
                points[category] = CATEGORY_POINTS[category](new)
    return new


def _orth_of_kind(an: Analysis, x: int, kind: int) -> list[int]:
    kinds = an.kinds
    return [y for y in an.geo.orth[x] if kinds[y] == kind]


def _star(an: Analysis, x: int, cell: Cell) -> None:
    """Merge the groups the tile's exits meet into one new group; black holes next to it stop being dark."""
    nbx = an.geo.nb[x]
    linked = set()
    for d in DIRECTIONS[cell.exits]:
        cy = an.cells[nbx[d]] if nbx[d] >= 0 else None
        if cy is not None and cy.kind == STAR and cy.exits >> OPPOSITE[d] & 1:
            linked.add(an.comp[nbx[d]])
    cancelled = an.sc.blue_black_holes and bool(_orth_of_kind(an, x, BLACK_HOLE))
    if cancelled:
        an.cancelled = an.cancelled[:]
        an.cancelled[x] = True
    gid = len(an.comp_raw)
    an.comp = [gid if c in linked else c for c in an.comp] if linked else an.comp[:]
    an.comp[x] = gid
    an.comp_raw = an.comp_raw + [cell.stars + sum(an.comp_raw[c] for c in linked)]
    an.comp_cnt = an.comp_cnt + [(0 if cancelled else cell.stars) + sum(an.comp_cnt[c] for c in linked)]
    for c in linked:  # absorbed: no cell refers to them any more
        an.comp_raw[c] = an.comp_cnt[c] = 0
    _resize(an)
    _lose_darkness(an, x)


def _resize(an: Analysis) -> None:
    an.sizes = [cnt for raw, cnt in zip(an.comp_raw, an.comp_cnt, strict=True) if raw >= 2]


def _lose_darkness(an: Analysis, x: int) -> None:
    """A star tile or planet on `x`: black holes next to it are no longer dark."""
    dark = [y for y in _orth_of_kind(an, x, BLACK_HOLE) if an.bh_dark[y]]
    if dark:
        an.bh_dark = an.bh_dark[:]
        for y in dark:
            an.bh_dark[y] = False


def _asteroid(an: Analysis, x: int, cell: Cell) -> None:
    """Merge the clusters around the new asteroid into one new cluster."""
    merged = {an.ast[y] for y in an.geo.around[x] if an.ast[y] >= 0}
    aid = len(an.ast_sizes)
    an.ast = [aid if a in merged else a for a in an.ast] if merged else an.ast[:]
    an.ast[x] = aid
    size = 1 + sum(an.ast_sizes[a] for a in merged)
    an.ast_sizes = an.ast_sizes + [size]
    for a in merged:
        an.ast_sizes[a] = 0
    an.ast_largest = max(an.ast_largest, size)


def _in_line(an: Analysis, x: int) -> None:
    """A planet or black hole on `x` counts in its row and column."""
    an.row_items = an.row_items[:]
    an.col_items = an.col_items[:]
    an.row_items[an.geo.row_of[x]] += 1
    an.col_items[an.geo.col_of[x]] += 1


def _planet(an: Analysis, x: int, cell: Cell) -> None:
    _in_line(an, x)
    if an.sc.blue_black_holes and _orth_of_kind(an, x, BLACK_HOLE):
        an.planet_dead = an.planet_dead[:]
        an.planet_dead[x] = True
    _lose_darkness(an, x)


def _black_hole(an: Analysis, x: int, cell: Cell) -> None:
    """Alone or dark itself; black holes next to it are neither any more; blue: cancels its neighbours."""
    _in_line(an, x)
    kinds = {an.cells[y].kind for y in an.geo.orth[x] if an.cells[y] is not None}
    an.bh_alone = an.bh_alone[:]
    an.bh_dark = an.bh_dark[:]
    an.bh_alone[x] = BLACK_HOLE not in kinds
    an.bh_dark[x] = an.bh_alone[x] and STAR not in kinds and PLANET not in kinds
    for y in _orth_of_kind(an, x, BLACK_HOLE):
        an.bh_alone[y] = an.bh_dark[y] = False
    if an.sc.blue_black_holes:
        _cancel_neighbours(an, x)


def _cancel_neighbours(an: Analysis, x: int) -> None:
    """Blue side: the stars and planets next to a new black hole stop counting."""
    an.cancelled = an.cancelled[:]
    an.planet_dead = an.planet_dead[:]
    an.comp_cnt = an.comp_cnt[:]
    for y in an.geo.orth[x]:
        cy = an.cells[y]
        if cy is None:
            continue
        if cy.kind == STAR and not an.cancelled[y]:
            an.cancelled[y] = True
            an.comp_cnt[an.comp[y]] -= cy.stars
        elif cy.kind == PLANET:
            an.planet_dead[y] = True
    _resize(an)


def _comet(an: Analysis, x: int, cell: Cell) -> None:
    an.comets = an.comets + [x]


def _satellite(an: Analysis, x: int, cell: Cell) -> None:
    an.satellites = an.satellites + [x]


# by kind: STAR, ASTEROID, SATELLITE, PLANET, BLACK_HOLE, COMET
_UPDATES = (_star, _asteroid, _satellite, _planet, _black_hole, _comet)
