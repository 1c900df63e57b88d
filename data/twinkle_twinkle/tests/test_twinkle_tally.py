"""Twinkle Twinkle's running points per chart (`Tally`), held to hand-worked charts and to `score_chart`.

Hand-built charts are placed tile by tile on a 4 x 5 chart (cells numbered row
by row); every expected number was worked out by hand from the rules spec and
the default tables (2/3/4 stars = 2/4/7 points, asteroid clusters 1/2 = 2/5).
The property tests play seeded random games under random sides and compare the
state's scores and breakdown with rescoring every chart from scratch.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.datafile.gamedata import load_game
from printkit_games.twinkle_twinkle.records import REFERENCES, exit_mask
from printkit_games.twinkle_twinkle.scoring import (
    ASTEROID,
    BLACK_HOLE,
    COMET,
    PLANET,
    SATELLITE,
    STAR,
    Analysis,
    Cell,
    Geometry,
    Scoring,
    rivals,
    score_chart,
)
from printkit_games.twinkle_twinkle.tally import Tally
from simulate.engines import make_game

DATA = load_game("twinkle_twinkle")
GEO = Geometry.make(4, 5)
SIDES = st.lists(st.sampled_from(["green", "blue"]), min_size=5, max_size=5)


def scoring(side: str) -> Scoring:
    return Scoring.from_rules(DATA.resolve("default", [f"sides.{ref}={side}" for ref in REFERENCES]).values)


def star(stars: int, *exits: str) -> Cell:
    return Cell(STAR, stars, 0, exit_mask(list(exits)))


def test_green_points_change_as_each_tile_is_placed() -> None:
    tally = Tally(GEO, scoring("green"), 0)
    # (size, count, new, comets, asteroids, planets, black holes, satellites) after each tile
    steps = [
        (0, star(1, "E"), [0, 0, 0, 0, 0, 0, 0, 0]),  # a lone star is no constellation
        (5, Cell(COMET), [0, 0, 0, 1, 0, 0, 0, 0]),  # the comet below it scores its 1 star
        (1, star(2, "W"), [4, 0, 0, 1, 0, 0, 0, 0]),  # W meets E: 3 stars = 4; not next to the comet
        (10, Cell(BLACK_HOLE), [4, 0, 0, 1, 0, 0, 5, 0]),  # alone and dark: 2 + 3
        (11, Cell(PLANET), [4, 0, 0, 1, 0, 3, 2, 0]),  # planet 3; the black hole is no longer dark
        (15, Cell(SATELLITE), [4, 0, 0, 1, 0, 3, 2, 3]),  # next to the black hole: 3
        (16, Cell(BLACK_HOLE), [4, 0, 0, 1, 0, 3, 4, 6]),  # alone, not dark (a planet); satellite +3
        (19, Cell(ASTEROID), [4, 0, 0, 1, 2, 3, 4, 6]),
        (13, Cell(ASTEROID), [4, 0, 0, 1, 5, 3, 4, 6]),  # diagonal: one cluster of 2
        (17, Cell(BLACK_HOLE), [4, 0, 0, 1, 5, 3, 2, 6]),  # next to the black hole on 16: neither scores
    ]
    cells: list[Cell | None] = [None] * 20
    for x, cell, expected in steps:
        tally.place(x, cell)
        cells[x] = cell
        assert tally.points == expected
        assert tally.breakdown(None, None) == score_chart(cells, GEO, tally.sc)


def test_blue_black_holes_cancel_neighbours_and_the_rivals_are_compared_when_read() -> None:
    tally = Tally(GEO, scoring("blue"), 0)
    tally.place(0, star(2, "E"))
    tally.place(1, star(1, "W"))
    assert tally.points[:2] == [4, 0]  # one constellation of 3 stars
    tally.place(5, Cell(BLACK_HOLE))  # alone: 5; cancels the 2 stars above it: 1 star counts, 0 points
    tally.place(6, Cell(PLANET))  # next to the black hole: cancelled
    tally.place(9, Cell(SATELLITE))  # row 1 holds a black hole and a planet: 3 x 2
    assert tally.points == [0, 0, 0, 0, 0, 0, 5, 6]
    # alone at the table: the fewest asteroids (-5) and the most planets (+8)
    assert tally.breakdown(None, None) == [0, 0, 0, 0, -5, 8, 5, 6]
    assert tally.total(1, 2) == 5 + 6 - 5  # still the fewest asteroids (0 to 1), not the most planets
    assert tally.constellation_sizes() == [1]
    assert tally.unlinked_stars() == 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), sides=SIDES)
def test_scores_kept_tile_by_tile_are_the_pure_scores_after_every_move(seed, players, sides) -> None:
    sets = [f"sides.{ref}={side}" for ref, side in zip(REFERENCES, sides, strict=True)]
    game = make_game(DATA.resolve("default", sets, players))
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
        pure = [
            score_chart(state.cells[s], game.geo, game.scoring, *rivals(state.counts, s))
            for s in range(players)
        ]
        assert state.breakdown() == pure
        assert state.scores() == [float(sum(p)) for p in pure]
        if rng.random() < 0.1:  # a copy played on shares nothing the original still reads
            before = state.scores()
            copy = state.clone() if rng.random() < 0.5 else state.view(state.current_player())
            while not copy.is_over():
                copy.apply(rng.choice(copy.legal_moves()))
            assert state.scores() == before
    analyses = [Analysis(cells, game.geo, game.scoring) for cells in state.cells]
    unlinked = sum(
        c.stars
        for an in analyses
        for x, c in enumerate(an.cells)
        if c is not None and c.kind == STAR and an.comp_raw[an.comp[x]] < 2
    )
    metrics = state.result().metrics
    assert metrics["unlinked_stars"] == unlinked / players
    assert metrics["constellations"] == sum(len(an.sizes) for an in analyses) / players
    assert metrics["largest_constellation"] == sum(max(an.sizes, default=0) for an in analyses) / players
