"""Twinkle Twinkle scoring on hand-built charts; every expected number was worked out by hand.

Charts are drawn as 4 rows of 5 cells. A cell is "." (empty), "A" asteroid,
"T" satellite, "P" planet, "B" black hole, "C" comet, or a star tile written
`<stars>[*<new>]:<exits>` such as `2:N,E` (two stars, exits N and E) or
`1*1:SW` (one star, which is new). The default tables are 2/3/4/5/6/7/8+ stars
= 2/4/7/11/18/21/25, 2/3/4/5/6/7/8+ constellations = 2/5/9/14/20/27/35, asteroid
clusters 1/2/3/4/5/6+ = 2/5/9/14/20/27.
"""

from __future__ import annotations

import pytest

from printkit.datafile.gamedata import load_game
from printkit_games.twinkle_twinkle.engine import Game
from printkit_games.twinkle_twinkle.records import exit_mask
from printkit_games.twinkle_twinkle.scoring import (
    ASTEROID,
    BLACK_HOLE,
    CATEGORIES,
    COMET,
    PLANET,
    SATELLITE,
    STAR,
    Cell,
    Geometry,
    Scoring,
    score_chart,
    score_charts,
)

GEO = Geometry.make(4, 5)
LETTERS = {"A": ASTEROID, "T": SATELLITE, "P": PLANET, "B": BLACK_HOLE, "C": COMET}
DATA = load_game("twinkle_twinkle")
REFS = ("comets", "asteroids", "planets", "black_holes", "satellites")


def scoring(blue: str = "", spec: str = "default") -> Scoring:
    """Default tables; the references named in `blue` (comma-separated) on their blue side."""
    sets = [f"sides.{name}=blue" for name in blue.split(",") if name]
    return Scoring.from_rules(DATA.resolve(spec, sets).values)


def cell(code: str) -> Cell | None:
    if code == ".":
        return None
    if code in LETTERS:
        return Cell(LETTERS[code])
    stars, _, exits = code.partition(":")
    count, _, new = stars.partition("*")
    return Cell(STAR, int(count), int(new or 0), exit_mask(exits.split(",")))


def chart(*rows: str) -> list[Cell | None]:
    cells = [cell(code) for row in rows for code in row.split()]
    assert len(cells) == 20
    return cells


def points(cells: list[Cell | None], sc: Scoring, **rivals: int) -> dict[str, int]:
    return dict(zip(CATEGORIES, score_chart(cells, GEO, sc, **rivals), strict=True))


GREEN = scoring()


# ------------------------------------------------------------- links
def test_edge_link_needs_an_exit_on_both_sides_of_the_shared_edge() -> None:
    linked = chart("1:E 1:W . . .", ". . . . .", ". . . . .", ". . . . .")
    assert points(linked, GREEN)["constellation_size"] == 2  # one constellation of 2 stars
    one_sided = chart("1:E 1:N . . .", ". . . . .", ". . . . .", ". . . . .")
    p = points(one_sided, GREEN)
    assert p["constellation_size"] == 0 and p["constellation_count"] == 0


def test_corner_link_continues_straight_into_the_diagonal_neighbour() -> None:
    cells = chart("1:SE . . . .", ". 1:NW . . .", ". . . . .", ". . . . .")
    assert points(cells, GREEN)["constellation_size"] == 2
    # NE of a tile links only to a SW exit of the tile up-right of it
    cells = chart(". 1:SW . . .", "1:NE . . . .", ". . . . .", ". . . . .")
    assert points(cells, GREEN)["constellation_size"] == 2
    cells = chart(". 1:SE . . .", "1:NE . . . .", ". . . . .", ". . . . .")
    assert points(cells, GREEN)["constellation_size"] == 0


def test_a_corner_exit_facing_an_orthogonal_neighbour_does_not_link() -> None:
    # (0,0) SE and (0,1) SW reach the same corner point but make a right angle: no link.
    apart = chart("1:SE 1:SW . . .", ". . . . .", ". . . . .", ". . . . .")
    assert points(apart, GREEN)["constellation_size"] == 0
    # (1,1) NW links to (0,0) SE; its NW corner is also (0,1)'s SW corner, which stays out:
    # a constellation of 2 stars (2 points), not 3 (4 points).
    cells = chart("1:SE 1:SW . . .", ". 1:NW . . .", ". . . . .", ". . . . .")
    p = points(cells, GREEN)
    assert p["constellation_size"] == 2 and p["constellation_count"] == 0


def test_a_two_star_tile_alone_is_a_constellation() -> None:
    cells = chart("2:N . . . .", ". . . . .", ". . . . .", ". . . . .")
    p = points(cells, GREEN)
    assert p["constellation_size"] == 2  # 2 stars
    assert p["constellation_count"] == 0  # one constellation scores nothing
    lone = chart("1:N . . . .", ". . . . .", ". . . . .", ". . . . .")
    assert sum(points(lone, GREEN).values()) == 0


def test_only_the_two_largest_constellations_score_their_size_and_all_count() -> None:
    # sizes 5 (3+2), 3 (1+2) and 2; a lone star is no constellation.
    cells = chart("3:E 2:W . 1:E 2:W", ". . . . .", "2:S . . . .", ". . . . 1:N")
    p = points(cells, GREEN)
    assert p["constellation_size"] == 11 + 4  # 5 stars and 3 stars; the 2-star one does not score size
    assert p["constellation_count"] == 5  # 3 constellations


def test_tables_cap_at_their_last_entry() -> None:
    nine_stars = chart("3:E 3:E,W 3:W . .", ". . . . .", ". . . . .", ". . . . .")
    assert points(nine_stars, GREEN)["constellation_size"] == 25  # 8+ stars
    # nine separate two-star tiles: their N exits face tiles without an S exit
    nine_groups = chart("2:N 2:N 2:N 2:N 2:N", "2:N 2:N 2:N 2:N .", ". . . . .", ". . . . .")
    p = points(nine_groups, GREEN)
    assert p["constellation_count"] == 35  # 8+ constellations
    assert p["constellation_size"] == 2 + 2


def test_new_stars_score_one_each_and_count_as_stars_of_their_constellation() -> None:
    cells = chart("1*1:E 2*1:W . . .", ". . . . .", ". . . . .", ". . . . .")
    p = points(cells, GREEN)
    assert p["new_stars"] == 2
    assert p["constellation_size"] == 4  # 3 stars, new ones included


def test_rotated_game_tiles_link_as_the_engine_records_them() -> None:
    game = Game(DATA.resolve("default"), debug=True)
    ids = [r.id for r in game.records]
    diagonal = ids.index("ST39")  # two stars, exits NE and SW
    straight = ids.index("ST33")  # two stars, exits N and S
    cells: list[Cell | None] = [None] * 20
    cells[5] = game.cell[diagonal][0]  # (1,0): NE points at (0,1)
    cells[1] = game.cell[diagonal][0]  # (0,1): SW points back at (1,0)
    cells[6] = game.cell[straight][1]  # (1,1) turned once: exits E and W, links to nothing above
    cells[7] = game.cell[straight][1]  # (1,2): W meets (1,1)'s E
    p = points(cells, GREEN)
    assert p["constellation_size"] == 7 + 7  # two constellations of 4 stars
    assert p["constellation_count"] == 2


# ------------------------------------------------------------ comets
COMET_CHART = chart(". 1:SW . . .", "1:NE C 1:N . .", ". 2:N . . .", ". . . . .")


def test_green_comet_scores_the_stars_on_orthogonally_adjacent_tiles() -> None:
    assert points(COMET_CHART, GREEN)["comets"] == 1 + 1 + 1 + 2
    diagonal_only = chart("2:N . . . .", ". C . . .", ". . . . .", ". . . . .")
    assert points(diagonal_only, GREEN)["comets"] == 0


def test_blue_comet_scores_each_distinct_adjacent_constellation() -> None:
    # above and left are one constellation (corner link), below a two-star tile,
    # right a lone star: 2 constellations.
    p = points(COMET_CHART, scoring("comets"))
    assert p["comets"] == 3 * 2
    assert p["constellation_count"] == 2


# --------------------------------------------------------- asteroids
ASTEROIDS = chart("A . . A .", ". A . . .", ". . . . A", ". . A A .")


def test_green_asteroids_score_every_cluster_joined_orthogonally_or_diagonally() -> None:
    # clusters: (0,0)+(1,1) = 2, (0,3) = 1, (3,2)+(3,3)+(2,4) = 3
    assert points(ASTEROIDS, GREEN)["asteroids"] == 5 + 2 + 9


def test_asteroid_table_readings() -> None:
    seven = chart("A A A A A", "A A . . .", ". . . . .", ". . . . .")
    assert points(seven, GREEN)["asteroids"] == 27  # default: 6+ = 27
    assert points(seven, scoring(spec="asteroids_7"))["asteroids"] == 35  # other reading: 7+ = 35


def test_blue_asteroids_largest_cluster_and_fewest_tiles_lose_five_ties_included() -> None:
    sc = scoring("asteroids")
    two = chart("A . . . .", ". A . . .", ". . . . .", ". . . . .")  # 2 tiles, one cluster of 2
    split = chart("A . . . A", ". . . . .", ". . . . .", ". . . . .")  # 2 tiles, clusters 1 and 1
    three = chart("A A A . .", ". . . . .", ". . . . .", ". . . . .")  # 3 tiles, cluster 3
    by_seat = score_charts([two, split, three], GEO, sc)
    asteroids = [seat[CATEGORIES.index("asteroids")] for seat in by_seat]
    assert asteroids == [5 - 5, 2 - 5, 9]
    assert points(ASTEROIDS, sc, rival_asteroids=7)["asteroids"] == 9 - 5  # 6 tiles <= 7
    assert points(ASTEROIDS, sc, rival_asteroids=5)["asteroids"] == 9


# ------------------------------------------------------------ planets
def test_planets_green_three_each_blue_two_each_and_most_planets_ties_included() -> None:
    two = chart("P . P . .", ". . . . .", ". . . . .", ". . . . .")
    one = chart("P . . . .", ". . . . .", ". . . . .", ". . . . .")
    none = chart(". . . . .", ". . . . .", ". . . . .", ". . . . .")
    col = CATEGORIES.index("planets")
    assert [s[col] for s in score_charts([two, two, one], GEO, GREEN)] == [6, 6, 3]
    blue = scoring("planets")
    assert [s[col] for s in score_charts([two, two, one], GEO, blue)] == [4 + 8, 4 + 8, 2]
    assert [s[col] for s in score_charts([none, none], GEO, blue)] == [0, 0]  # at least one planet


# ------------------------------------------------------- black holes
# B . T . B      (0,0) alone and dark: (1,0) is an asteroid; (0,4) alone and dark
# A . P B .      (1,3) alone, next to the planet (1,2) and the star tile (2,3)
# . . B 2 1      (2,2) alone, next to the planet (1,2) and the star tile (2,3)
# B B . . P      (3,0) and (3,1) touch each other
HOLES = chart("B . T . B", "A . P B .", ". . B 2:E 1:W", "B B . . P")


def test_green_black_holes() -> None:
    p = points(HOLES, GREEN)
    assert p["black_holes"] == (2 + 3) + (2 + 3) + 2 + 2 + 0 + 0
    assert p["constellation_size"] == 4  # 3 stars
    assert p["planets"] == 3 + 3
    assert p["satellites"] == 3  # the planet below it, though that planet touches black holes
    assert p["asteroids"] == 2
    assert sum(p.values()) == 14 + 4 + 6 + 3 + 2


def test_blue_black_holes_cancel_adjacent_stars_and_planets() -> None:
    p = points(HOLES, scoring("black_holes"))
    assert p["black_holes"] == 5 * 4  # four black holes with no black hole beside them
    # (2,3)'s two stars touch black holes and do not count: the constellation counts 1 star
    assert p["constellation_size"] == 0
    assert p["constellation_count"] == 0  # still one constellation (3 stars), which scores 0
    assert p["planets"] == 3  # (1,2) touches black holes and scores nothing; (3,4) scores
    assert p["satellites"] == 3


def test_blue_black_hole_cancelled_planets_still_count_for_most_planets() -> None:
    sc = scoring("black_holes,planets")
    hidden = chart("P B P . .", ". . . . .", ". . . . .", ". . . . .")  # 2 planets, both cancelled
    one = chart("P . . . .", ". . . . .", ". . . . .", ". . . . .")
    col = CATEGORIES.index("planets")
    assert [s[col] for s in score_charts([hidden, one], GEO, sc)] == [0 + 8, 2]


def test_blue_black_hole_cancels_stars_that_count_toward_the_largest_constellations() -> None:
    # a 5-star constellation with 2 stars next to a black hole counts 3 (4 points), not 5 (11)
    cells = chart("3:E 2:W . . .", ". B . . .", ". . . . .", ". . . . .")
    assert points(cells, GREEN)["constellation_size"] == 11
    assert points(cells, scoring("black_holes"))["constellation_size"] == 4


def test_all_blue_on_the_black_hole_chart_alone() -> None:
    p = points(HOLES, scoring(",".join(REFS)))
    # alone, a chart has the fewest asteroids (-5) and the most planets (+8)
    assert p == {
        "constellation_size": 0,
        "constellation_count": 0,
        "new_stars": 0,
        "comets": 0,
        "asteroids": 2 - 5,
        "planets": 2 + 8,
        "black_holes": 20,
        "satellites": 3 * 2,  # row 0: two black holes; column 2: a planet and a black hole
    }


# --------------------------------------------------------- satellites
# B P . . .
# . T T P B
# . P . . .
# . B . . .
SATELLITES = chart("B P . . .", ". T T P B", ". P . . .", ". B . . .")


def test_green_satellite_scores_orthogonally_adjacent_black_holes_and_planets() -> None:
    # (1,1): planets above and below; (1,2): the planet to its right
    assert points(SATELLITES, GREEN)["satellites"] == 3 * 2 + 3 * 1


def test_blue_satellite_chooses_the_better_of_its_row_and_its_column() -> None:
    # (1,1): row 1 holds P and B (2), column 1 holds P, P and B (3) -> 3
    # (1,2): row 1 holds P and B (2), column 2 nothing -> 2
    assert points(SATELLITES, scoring("satellites"))["satellites"] == 3 * 3 + 3 * 2


@pytest.mark.parametrize("blue", ["", "comets,asteroids,planets,black_holes,satellites"])
def test_an_empty_chart_scores_nothing_but_the_alone_rules(blue: str) -> None:
    p = points([None] * 20, scoring(blue))
    assert p["asteroids"] == (-5 if blue else 0)
    assert sum(v for k, v in p.items() if k != "asteroids") == 0
