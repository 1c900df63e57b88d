"""This Town rules: hand-built positions with answers worked out from the rules spec, and many seeds.

Positions use tiles made for the test (the start tile stays the data file's:
X fence, one brand per section, blue N, red E, green S, yellow W). A "box" is a
tile fenced on all four edges with no half-diagonal: its four sections are
one town, complete the moment it is placed. Placing a box next to the start
tile also closes the start tile's section on that side, a one-brand town.
"""

from __future__ import annotations

import random

import pytest

from printkit.datafile.gamedata import load_game
from printkit_games.this_town.engine import DECLINE, ORIGIN, PICK, PLACE, WIDTH, break_tie, town_points
from printkit_games.this_town.records import DIAGONALS, SECTIONS, TileFace
from simulate.engines import make_game

DATA = load_game("this_town")
BLUE, RED, GREEN, YELLOW = range(4)
EAST, NORTH, WEST = ORIGIN + 1, ORIGIN - WIDTH, ORIGIN - 1


def face(fences: str = "", brands: dict[str, list[int]] | None = None, bars: str = "") -> TileFace:
    """A tile from fence names ("N E S NE"), brands per section and sections holding bars."""
    on = fences.split()
    brands = brands or {}
    return TileFace(
        edges=tuple(s in on for s in SECTIONS),
        diagonals=tuple(d in on for d in DIAGONALS),
        brands=tuple(tuple(brands.get(s, ())) for s in SECTIONS),
        bars=tuple(bars.split().count(s) for s in SECTIONS),
    )


BOX = "N E S W"


def position(tiles: list[TileFace], order: list[int], spec: str = "default", players: int | None = None):
    """A game with the data file's start tile and `tiles` as slots 1.., drawn in `order`, seat 1 first."""
    game = make_game(DATA.resolve(spec, players=players), debug=True)
    game.faces = [game.faces[0], *tiles]
    game.tiles = len(game.faces)
    game._tables(game.faces)
    state = game.new_state(0)
    state.stack = list(reversed(order[1:]))
    state.current = order[0]
    state.player = 0
    state.check_invariants()
    return game, state


def place(state, cell: int, rot: int = 0) -> None:
    state.apply(cell * 4 + rot)


# ------------------------------------------------------------------ scoring
def test_the_seeds_scoring_example():
    # blue 4 first, red and green 2 share second, yellow 1 is third (not fourth)
    assert town_points([4, 2, 2, 1]) == [2, 1, 1, 0]


def test_the_seeds_example_scores_through_the_engine():
    box = face(BOX, {"N": [BLUE, BLUE], "E": [BLUE, BLUE], "S": [RED, RED], "W": [GREEN, GREEN, YELLOW]})
    _, state = position([box, face()], [1, 2])
    place(state, EAST)
    # the box scores the example; the start tile's east section (one red brand) closes for nothing
    assert state.scores() == [2.0, 1.0, 1.0, 0.0]
    assert sorted(state.completed) == [(0, 1, 0, 0), (4, 2, 2, 1)]


def test_a_town_of_one_colour_scores_nothing():
    assert town_points([3, 0, 0, 0]) == [0, 0, 0, 0]
    assert town_points([0, 0, 0, 0]) == [0, 0, 0, 0]
    _, state = position([face(BOX, {"N": [GREEN, GREEN], "S": [GREEN]}), face()], [1, 2])
    place(state, EAST)
    assert state.stats[0] == 2  # two towns completed
    assert state.scores() == [0.0, 0.0, 0.0, 0.0]


def test_equal_counts_share_a_rank_and_the_last_rank_scores_nothing():
    assert town_points([2, 2, 0, 0]) == [0, 0, 0, 0]
    assert town_points([3, 1, 1, 0]) == [1, 0, 0, 0]
    assert town_points([1, 2, 3, 4]) == [0, 1, 2, 3]


def test_npc_brands_rank_but_npcs_cannot_win():
    # 2 players (blue, red); green is an NPC and ranks between them: blue 3 -> 2, green 2 -> 1, red 1 -> 0
    box = face(BOX, {"N": [BLUE, BLUE, BLUE], "E": [GREEN, GREEN], "S": [RED]})
    _, state = position([box, face()], [1, 2], spec="p2")
    place(state, EAST)
    assert state.points == [2, 0, 1, 0]
    result = state.result()
    assert result.scores == [2.0, 0.0] and result.winners == [0]
    assert result.metrics["npc_points"] == 1.0
    # left out of the ranking, green no longer splits blue from red: blue 3 -> 1, red 0
    _, state = position([box, face()], [1, 2], spec="p2+npc_not_ranked")
    place(state, EAST)
    assert state.points == [1, 0, 0, 0]


def test_an_npc_ahead_of_every_player_does_not_win():
    box = face(BOX, {"N": [GREEN, GREEN, GREEN], "E": [YELLOW, YELLOW], "S": [BLUE]})
    for spec, winners in (("p2", [0]), ("p2+shared_ties", [0, 1])):
        _, state = position([box, face()], [1, 2], spec=spec)
        place(state, EAST)
        place(state, WEST)
        assert state.is_over()
        # green (NPC) 2, yellow (NPC) 1, blue 0, red 0: only the players can win; they tie on 0,
        # and in the largest town (the box) blue has a brand where red has none
        result = state.result()
        assert state.points == [0, 0, 2, 1]
        assert result.winners == winners and result.draw == (len(winners) > 1)


# --------------------------------------------------------------- completion
def test_a_town_left_open_by_one_unfenced_edge_is_not_complete():
    open_east = face("N E S", {"N": [BLUE], "S": [RED]})  # unfenced on its W edge
    _, state = position([open_east, face(BOX), face()], [1, 2, 3])
    # turned half round, its open edge faces east, onto an empty cell; its fenced edge faces the start
    place(state, EAST, rot=2)
    town = state._find(1 * 4)
    assert state.opens[town] == 1 and not state.done[town]
    assert state.completed == [(0, 1, 0, 0)]  # only the start tile's east section, fenced off
    assert state.scores() == [0.0, 0.0, 0.0, 0.0]
    # a box on that last empty cell closes it: blue 1 and red 1 share first place, so nothing scores
    place(state, EAST + 1)
    assert state.done[state._find(1 * 4)]
    assert sorted(state.completed[1:]) == [(0, 0, 0, 0), (1, 1, 0, 0)]  # the box itself, and the town


def test_towns_join_across_unfenced_edges_and_through_unfenced_half_diagonals():
    # a tile with no fences joins the start tile's east section; its other three edges stay open
    _, state = position([face(), face()], [1, 2])
    place(state, EAST)
    town = state._find(4)
    assert state._find(1) == town  # the start tile's east section (id 1) is in it
    assert state.opens[town] == 3
    assert state.brands[town * 4 : town * 4 + 4] == [0, 1, 0, 0]


# -------------------------------------------------------------- relocation
def chain_position():
    """Start; a plain box east; an open-on-one-side tile with a bar beyond it, open edge out; a plain
    tile west; then a box with a bar north, which completes and grants a relocation."""
    tiles = [
        face(BOX, bars="N"),  # 1: north of the start, completes with a bar
        face("N E S", bars="N"),  # 2: unfenced on W; a bar
        face(BOX),  # 3: east of the start
        face(),  # 4: west of the start, joins the yellow section, stays open
        face(),  # 5: still in the stack
    ]
    game, state = position(tiles, [3, 2, 4, 1, 5])
    place(state, EAST)
    place(state, EAST + 1, rot=2)  # open edge faces east
    place(state, WEST)
    place(state, NORTH)
    return game, state


def test_a_completed_town_with_a_bar_grants_a_relocation_but_not_of_the_start_or_a_completed_tile():
    _, state = chain_position()
    assert state.phase == PICK and state.current_player() == 3
    # the start tile (0), the boxes (1, 3: completed towns) may not move; 2 and 4 may
    assert state.legal_moves() == [DECLINE, 2, 4]
    with pytest.raises(ValueError):
        state.apply(0)
    with pytest.raises(ValueError):
        state.apply(3)


def test_a_relocation_that_completes_a_town_with_a_bar_grants_another():
    _, state = chain_position()
    state.apply(2)
    # tile 2 back beside the box, its open edge now against the box's fence: complete, with a bar
    assert (EAST + 1) * 4 in state.legal_moves()
    place(state, EAST + 1, rot=0)
    assert state.phase == PICK and state.current_player() == 3
    assert state.stats[8:11] == [1, 0, 1]  # relocations, declined, chains
    assert state.legal_moves() == [DECLINE, 4]
    state.apply(DECLINE)
    assert state.phase == PLACE and state.current_player() == 0 and state.current == 5


def test_without_connected_relocation_a_tile_holding_the_table_together_may_move():
    tiles = [face(BOX, bars="N"), face(), face(), face()]
    # start, 2 east, 3 further east (held on only by 2), then the box north: 2 splits the table
    _, state = position(tiles, [2, 3, 1, 4])
    place(state, EAST)
    place(state, EAST + 1)
    place(state, NORTH)
    assert state.legal_moves() == [DECLINE, 3]
    _, state = position(tiles, [2, 3, 1, 4], spec="loose_relocation")
    place(state, EAST)
    place(state, EAST + 1)
    place(state, NORTH)
    assert state.legal_moves() == [DECLINE, 2, 3]


def test_a_tile_that_is_its_own_completed_town_is_locked():
    # the box east is a completed town of its own (and closes the start tile's east section)
    _, state = position([face(BOX), face(BOX, bars="S"), face()], [1, 2, 3])
    place(state, EAST)
    place(state, WEST)
    assert state.phase == PLACE  # every tile is locked, so the bar grants nothing


def fenced_town_position(spec="default"):
    """Start; A east of it (fenced N and S, blue brands N and S, a bar in E), open to the start's red east
    section and to the east; then C beyond A, fenced only on the edge it turns to A. C closes the town
    {start's east section, A}: blue 2 against red 1, so blue scores 1, and its bar grants a relocation.
    C is not part of that town: only its fence closes it."""
    tiles = [face("N S", {"N": [BLUE], "S": [BLUE]}, bars="E"), face("W"), face(), face()]
    game, state = position(tiles, [1, 2, 3, 4], spec=spec)
    place(state, EAST)
    assert state.opens[state._find(1)] == 1  # A's east edge faces an empty cell
    place(state, EAST + 1)
    assert state.completed == [(2, 1, 0, 0)] and state.scores() == [1.0, 0.0, 0.0, 0.0]
    return game, state


def test_the_spec_locks_only_the_tiles_of_a_completed_town():
    _, state = fenced_town_position()
    # the start tile and A (in the town) stay; C, whose fence closes it, may be lifted
    assert state.phase == PICK and state.current_player() == 1
    assert state.legal_moves() == [DECLINE, 2]


def test_the_stricter_lock_also_holds_a_tile_whose_fence_closes_a_completed_town():
    _, state = fenced_town_position("fence_lock")
    # C is locked too, so nothing may move and the bar grants nothing
    assert state.phase == PLACE and state.current_player() == 2
    assert state.stats[8:11] == [0, 0, 0]  # relocations, declined, chains


def test_a_town_reopened_by_a_relocation_scores_once_and_grants_nothing_when_it_closes_again():
    _, state = fenced_town_position()
    state.apply(2)  # lift C: the town is open again on A's east edge
    town = state._find(1)
    assert not state.done[town] and state.opens[town] == 1
    # closing it again with C would score nothing: greedy sees no gain
    assert state.completions(2, EAST + 1, 0) == []
    assert state.move_gain((EAST + 1) * 4, 1) == 0.0
    place(state, EAST + 1)  # C back where it was: the town is complete again
    assert state.done[state._find(1)]
    # no second scoring, and its bar grants no second relocation
    assert state.completed == [(2, 1, 0, 0)] and state.scores() == [1.0, 0.0, 0.0, 0.0]
    assert state.phase == PLACE and state.current_player() == 2
    assert state.stats[8:11] == [1, 0, 0]  # one relocation, no chain


def test_placement_needs_a_shared_edge_and_rotation_can_be_turned_off():
    _, state = position([face(), face()], [1, 2])
    cells = {m // 4 for m in state.legal_moves()}
    assert cells == {NORTH, EAST, ORIGIN + WIDTH, WEST}
    assert len(state.legal_moves()) == 16
    _, state = position([face(), face()], [1, 2], spec="no_rotation")
    assert sorted(state.legal_moves()) == sorted(c * 4 for c in cells)


# ----------------------------------------------------------------- ties
def test_tie_break_largest_town_its_first_ranked_tied_player_wins():
    towns = [(1, 3, 0, 0), (2, 0, 0, 0)]
    assert break_tie([0, 1], towns, "largest_town") == [1]
    assert break_tie([0, 1], towns, "next_largest") == [1]
    assert break_tie([0, 1], towns, "shared") == [0, 1]


def test_tie_break_shared_first_place_in_the_largest_town_is_a_draw_unless_the_next_largest_settles_it():
    towns = [(3, 3, 1, 0), (2, 0, 0, 0)]
    assert break_tie([0, 1], towns, "largest_town") == [0, 1]
    assert break_tie([0, 1], towns, "next_largest") == [0]


def test_tie_break_several_largest_towns_is_a_draw_unless_a_smaller_town_settles_it():
    towns = [(1, 4, 0, 0), (5, 0, 0, 0), (0, 2, 0, 0)]
    assert break_tie([0, 1], towns, "largest_town") == [0, 1]
    assert break_tie([0, 1], towns, "next_largest") == [1]
    assert break_tie([0, 1], towns[:2], "next_largest") == [0, 1]


def test_the_tie_break_decides_the_result_and_is_counted():
    for spec, winners in (("default", [1]), ("shared_ties", [0, 1])):
        _, state = position([face(), face()], [1, 2], spec=spec)
        state.points = [2, 2, 1, 0]
        state.completed = [(1, 3, 0, 0), (2, 0, 0, 0)]
        result = state.result()
        assert result.winners == winners
        assert result.metrics["tie"] == 1.0
        assert result.metrics["tie_decided"] == float(len(winners) == 1)
        assert result.placements[:2] == ([2, 1] if len(winners) == 1 else [1, 1])


# ------------------------------------------------------------ many seeds
def random_game(game, seed):
    rng = random.Random(seed)
    state = game.new_state(seed)
    while not state.is_over():
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize("spec", ["default", "loose_relocation", "p2+npc_not_ranked", "draft_tiles"])
def test_random_games_keep_every_invariant_and_end_with_the_stack(spec):
    game = make_game(DATA.resolve(spec), debug=True)
    for seed in range(40):
        state = random_game(game, seed)
        assert not state.stack and state.current == -1
        assert len(state.at) == game.tiles
        result = state.result()
        assert result.metrics["towns"] == len(state.completed)


def test_move_gain_is_the_change_in_lead_that_the_move_makes():
    game = make_game(DATA.resolve("default"))
    checked = 0
    for seed in range(15):
        rng = random.Random(seed)
        state = game.new_state(seed)
        while not state.is_over():
            legal = state.legal_moves()
            seat = state.current_player()
            for move in legal[:: max(1, len(legal) // 8)]:
                after = state.clone()
                before = after.evaluate(seat)
                after.apply(move)
                assert state.move_gain(move, seat, rng) == after.evaluate(seat) - before
                checked += 1
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 1000


@pytest.mark.parametrize(
    "spec", ["default", "fence_lock", "loose_relocation", "p2+npc_not_ranked", "draft_tiles"]
)
def test_completions_are_the_towns_a_placement_scores(spec):
    """`completions` (what `move_gain` reads, worked out from the cell's surroundings) names exactly the
    towns that playing the placement scores, at every placement of random games, relocations included."""
    game = make_game(DATA.resolve(spec))
    checked = scored = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = game.new_state(seed)
        while not state.is_over():
            legal = state.legal_moves()
            if state.phase != PICK:
                slot = state.current if state.phase == PLACE else state.picked
                for move in legal:
                    after = state.clone()
                    after.apply(move)
                    towns = sorted(after.completed[len(state.completed) :])
                    assert sorted(map(tuple, state.completions(slot, *divmod(move, 4)))) == towns
                    checked += 1
                    scored += bool(towns)
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 3000 and scored > 100


def test_a_view_hides_the_stack_order_and_a_sample_reshuffles_only_the_unseen_tiles():
    game = make_game(DATA.resolve("default"))
    one, two = game.new_state(1), game.new_state(2)
    for _ in range(5):
        one.apply(one.legal_moves()[0])
    view = one.view(1)
    assert view.rng is None and view.stack == sorted(one.stack)
    assert view.current == one.current and view.at == one.at
    sample = view.sample(1, random.Random(7))
    assert sorted(sample.stack) == sorted(one.stack) and sample.at == one.at and sample.rng is not None
    # the view of a state is the same whatever its hidden order
    assert sorted(two.view(0).stack) == two.view(0).stack
    while not sample.is_over():
        sample.apply(sample.legal_moves()[-1])
    sample.check_invariants()
