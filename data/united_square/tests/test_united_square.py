"""United Square rules: hand-built positions with answers worked out from the rules spec, and many seeds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.datafile.gamedata import load_game
from printkit.errors import DataError
from printkit_games.united_square.engine import PASS
from simulate.engines import make_game

R, B, Y, G = 0, 1, 2, 3
DATA = load_game("united_square")


def build(spec="fixed_start", players=None, debug=True, sets=()):
    return make_game(DATA.resolve(spec, sets, players), debug=debug)


def orientation(game, north, east, south, west):
    """The orientation index that puts these colours on N, E, S, W."""
    return game.orient.index((north, east, south, west))


def fresh(game, seed=0):
    state = game.new_state(seed)
    state.player = 0
    return state


def test_fixed_start_panel_is_type_one_unrotated_in_the_centre():
    game = build()
    state = fresh(game)
    # data file: type 1 = red, blue, yellow, green clockwise from the top
    assert state.cells[12] == 0
    assert game.orient[0] == (R, B, Y, G)
    # a quarter turn clockwise moves the top colour to the east side
    assert game.orient[1] == (G, R, B, Y)


def test_the_fit_table_holds_every_orientation_whose_sides_meet_every_demand_and_no_other():
    # the definition, signature by signature: a side demanding colour c (digit c + 1 in base 5,
    # N E S W from the lowest digit) needs c there; a side demanding nothing (digit 0) takes any
    game = build("default")
    for sig in range(625):
        demands = [sig // 5**side % 5 - 1 for side in range(4)]
        fit = [
            o
            for o, cols in enumerate(game.orient)
            if all(d < 0 or cols[s] == d for s, d in enumerate(demands))
        ]
        assert game.match[sig] == fit, sig
        for x in (0, 12, 24):
            assert game.fits[x][sig] == tuple(x * 24 + o for o in fit)
    # worked by hand: red demanded on the north side alone fits the 4 orientations with red on top,
    # one per panel type (six types, each showing each colour once)
    assert [game.orient[o][0] for o in game.match[R + 1]] == [R] * 6


def test_placements_next_to_the_start_must_match_the_shared_edge():
    game = build()
    state = fresh(game)
    state.hands[0] = [4] * 6
    east = [m for m in state.legal_moves() if m // 24 == 13]
    # the start panel shows blue on its east edge: any panel with blue on its west side fits,
    # and each colour order is one of the 24 orientations, so 3! = 6 fit
    assert sorted(m % 24 for m in east) == sorted(o for o, c in enumerate(game.orient) if c[3] == B)
    assert len(east) == 6
    # only the four cells touching the centre are open
    assert {m // 24 for m in state.legal_moves()} == {7, 11, 13, 17}


def test_illegal_placement_is_refused_in_debug_mode():
    game = build()
    state = fresh(game)
    state.hands[0] = [4] * 6
    red_west = orientation(game, B, Y, G, R)
    with pytest.raises(ValueError):
        state.apply(13 * 24 + red_west)
    not_adjacent = orientation(game, R, B, Y, G)
    with pytest.raises(ValueError):
        state.apply(0 * 24 + not_adjacent)


def test_a_panel_the_player_does_not_hold_is_not_legal():
    game = build()
    state = fresh(game)
    state.hands[0] = [1, 0, 0, 0, 0, 0]
    assert all(game.type_of[m % 24] == 0 for m in state.legal_moves())


def test_squares_score_for_the_owner_of_their_colour():
    # hands are set by hand below, so the panel count check is off;
    # 2 players, seat 1 red+yellow, seat 2 blue+green
    game = build(debug=False)
    state = fresh(game)
    state.hands = [[4] * 6, [4] * 6]
    # seat 1 puts a panel east of the start: the shared edge is blue -> a blue square for seat 2
    state.apply(13 * 24 + orientation(game, Y, G, R, B))
    assert state.scores() == [0, 1]
    # seat 2 puts a panel north of the start: the shared edge is red -> seat 1 scores
    state.apply(7 * 24 + orientation(game, G, Y, R, B))
    assert state.scores() == [1, 1]
    # seat 1 fills the cell north of the east panel, touching both: its south edge must be
    # yellow (the east panel's north) and its west edge yellow too (the north panel's east)
    # -> that cell is dead, and no move may go there
    assert all(m // 24 != 8 for m in state.legal_moves())


def test_a_cell_asked_for_one_colour_on_two_sides_is_dead_and_counted():
    game = build(sets=("first_player=seat1",), debug=False)
    state = fresh(game)
    state.hands = [[4] * 6, [4] * 6]
    state.apply(13 * 24 + orientation(game, Y, G, R, B))  # north edge yellow
    state.apply(7 * 24 + orientation(game, G, Y, R, B))  # east edge yellow
    assert state.sig[8] and not game.match[state.sig[8]]
    # end the game by passing all round and count the dead cell
    state.hands = [[0] * 6, [0] * 6]
    state.apply(PASS)
    state.apply(PASS)
    assert state.is_over()
    result = state.result()
    assert result.metrics["dead_cells"] == 1
    assert result.metrics["empty_cells"] == 22
    assert result.metrics["early_end"] == 1


def test_game_ends_when_every_player_passes_in_succession():
    game = build(debug=False)
    state = fresh(game)
    state.hands = [[0] * 6, [1, 0, 0, 0, 0, 0]]
    assert state.legal_moves() == [PASS]
    state.apply(PASS)
    assert not state.is_over()
    state.apply(state.legal_moves()[0])  # seat 2 places: the passes no longer run in succession
    state.apply(PASS)
    assert not state.is_over()
    state.apply(PASS)
    assert state.is_over()


def test_team_ranking_puts_the_winning_team_first_then_own_counts():
    game = build("teams+fixed_start", debug=False)
    state = fresh(game)
    # one colour each: seat 1 red, seat 2 blue, seat 3 yellow, seat 4 green; teams 1+3 vs 2+4
    state.squares = [5, 6, 4, 2]
    state.points = [5, 6, 4, 2]
    state._end_round()
    result = state.result()
    assert result.scores == [5, 6, 4, 2]
    assert result.winners == [0, 2]  # 9 against 8
    assert result.placements == [1, 3, 2, 4]  # seat 2 scored most, but its team lost
    assert not result.draw


def test_team_tie_is_a_draw():
    game = build("teams+fixed_start", debug=False)
    state = fresh(game)
    state.squares = [4, 6, 4, 2]
    state._end_round()
    result = state.result()
    assert result.draw
    assert sorted(result.winners) == [0, 1, 2, 3]


def _checkerboard(r, c):
    """Colours (N, E, S, W) of a full 5x5 board that matches everywhere, worked by hand."""
    north, south = (R, Y) if r % 2 == 0 else (Y, R)
    east, west = (B, G) if c % 2 == 0 else (G, B)
    return north, east, south, west


def test_a_full_5x5_board_scores_40_squares():
    game = build(debug=False)
    state = fresh(game)
    state.hands = [[100] * 6, [100] * 6]
    order = sorted(range(25), key=lambda x: abs(x // 5 - 2) + abs(x % 5 - 2))
    assert game.orient[state.cells[12]] == _checkerboard(2, 2)
    for x in order[1:]:
        state.apply(x * 24 + orientation(game, *_checkerboard(*divmod(x, 5))))
    assert state.is_over()
    result = state.result()
    # 20 horizontal pairs (10 blue, 10 green) and 20 vertical pairs (10 yellow, 10 red)
    assert sum(result.scores) == 40
    assert result.breakdown == {"red": [10, 0], "blue": [0, 10], "yellow": [10, 0], "green": [0, 10]}
    assert result.draw and result.metrics["early_end"] == 0


def test_equal_deal_gives_everyone_the_same_types():
    game = build("equal_deal")
    state = game.new_state(3)
    assert state.hands == [[2] * 6, [2] * 6]
    game4 = build("battle_royale+equal_deal")
    assert game4.new_state(3).hands == [[1] * 6] * 4


def test_random_deal_splits_24_panels_equally():
    game = build("default")
    for seed in range(20):
        hands = game.new_state(seed).hands
        assert [sum(h) for h in hands] == [12, 12]
        assert [sum(h[t] for h in hands) for t in range(6)] == [4] * 6


def test_two_rounds_add_up_and_the_other_seat_starts_round_two():
    game = build("two_rounds+fixed_start", sets=("first_player=seat1",))
    state = game.new_state(5)
    assert state.player == 0
    rng = random.Random(1)
    while state.round == 0:
        state.apply(rng.choice(state.legal_moves()))
    assert state.player == 1 and state.filled == 1
    first_round = state.scores()
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
    assert all(total >= part for total, part in zip(state.result().scores, first_round, strict=True))
    assert state.result().metrics["rounds"] == 2


@pytest.mark.parametrize(
    "spec, sets, players, message",
    [
        ("teams", (), 2, "teams needs 4 players"),
        ("two_rounds", (), 4, "2-player rule"),
        ("default", ("board=7",), None, "needs 8 panels of each type"),
    ],
)
def test_impossible_combinations_are_refused_with_the_reason(spec, sets, players, message):
    with pytest.raises(DataError, match=message):
        make_game(DATA.resolve(spec, sets, players))


def _filled_pairs(state):
    n = state.game.size
    pairs = 0
    for x, o in enumerate(state.cells):
        r, c = divmod(x, n)
        if o < 0:
            continue
        if c + 1 < n and state.cells[x + 1] >= 0:
            pairs += 1
        if r + 1 < n and state.cells[x + n] >= 0:
            pairs += 1
    return pairs


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    spec=st.sampled_from(["default", "board7", "equal_deal", "teams", "battle_royale", "fixed_start"]),
)
def test_every_game_ends_with_squares_equal_to_filled_adjacent_pairs(seed, spec):
    game = build(spec)  # debug: invariants checked after every move
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(400):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    assert state.is_over()
    result = state.result()
    assert sum(sum(v) for v in result.breakdown.values()) == _filled_pairs(state)
    assert sum(result.scores) == _filled_pairs(state)
    assert result.metrics["empty_cells"] == sum(1 for o in state.cells if o < 0)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_same_seed_same_game(seed):
    game = build("default")
    runs = []
    for _ in range(2):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))
        runs.append((state.cells, state.result().scores))
    assert runs[0] == runs[1]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 20))
def test_a_clone_plays_on_without_touching_the_original(seed, steps):
    game = build("default")
    state = game.new_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_moves()))
    before = (state.cells[:], [h[:] for h in state.hands], state.scores(), state.player)
    copy = state.clone()
    while not copy.is_over():
        copy.apply(copy.legal_moves()[0])
    assert (state.cells, state.hands, state.scores(), state.player) == before


def test_greedy_gain_in_a_team_game_counts_the_teammates_colour():
    # teams: seats 1+3 (red, yellow) against 2+4 (blue, green); start panel R,B,Y,G (N,E,S,W).
    # evaluate: squares made plus W_OPEN (1/2) per edge waiting in a cell some panel still fits.
    game = build("teams+fixed_start", debug=False)
    state = fresh(game)
    # the start panel's four edges wait in its four neighbours: R and Y for team 1, B and G for team 2
    assert state._side_values() == [1.0, 1.0]
    yellow_square = 17 * 24 + orientation(game, Y, B, R, G)  # south of the start: its north edge meets yellow
    # team 1: +1 (the yellow square) - 1/2 (the yellow edge no longer waits) + 1/2 (its red edge now waits
    # in cell 22); team 2: + 1/2 + 1/2 (its blue and green edges wait in cells 18 and 16): level again
    for seat in range(4):
        assert state.move_gain(yellow_square, seat) == 0
    state.apply(yellow_square)
    assert state._side_values() == [2.0, 2.0]
    assert state.scores() == [0, 0, 1, 0]  # the square is yellow's, seat 3's
    # a panel at 16 meeting the green edge of 17 makes a green square (seat 4's): teammates see the same
    # gain, rivals its opposite, and it is the change in evaluate
    green_square = 16 * 24 + orientation(game, R, G, Y, B)
    gain = state.move_gain(green_square, 1)
    assert gain == state.move_gain(green_square, 3) == -state.move_gain(green_square, 0)
    after = state.clone()
    after.apply(green_square)
    assert gain == after.evaluate(1) - state.evaluate(1) and after.scores()[3] == 1


@pytest.mark.parametrize("pairing, seat_colours", [("ry-bg", [[R, Y], [B, G]]), ("rb-yg", [[R, B], [Y, G]])])
def test_the_2_player_pairing_is_read_from_the_data_file_by_engine_and_drawing(pairing, seat_colours):
    from printkit_games.united_square.draw import _pairing

    rules = DATA.resolve("default", [f"pairing_2p={pairing}"])
    game = make_game(rules)
    assert [list(cols) for cols in game.owned] == seat_colours
    names = [c["name"] for c in DATA.game["colours"]]
    drawn = _pairing(DATA, rules, [{"name": n} for n in names])
    assert [[names.index(c["name"]) for c in seat] for seat in drawn] == seat_colours


def test_the_deal_figure_counts_both_deals_of_a_two_round_game():
    game = build("two_rounds", debug=False)
    state = game.new_state(3)
    rng = random.Random(3)

    def spread(hands):
        return sum(max(h[t] for h in hands) - min(h[t] for h in hands) for t in range(6))

    first = spread(state.hands)
    while state.round == 0:
        state.apply(rng.choice(state.legal_moves()))
    second = spread(state.hands)
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
    assert first > 0 and second > 0
    assert state.result().metrics["deal_lopsided"] == first + second


@pytest.mark.parametrize("spec", ["default", "battle_royale", "teams"])
def test_move_gain_is_the_change_in_evaluate(spec):
    # the fast two-side count and the general path agree with playing the move and evaluating
    game = build(spec, debug=False)
    rng = random.Random(5)
    for seed in range(5):
        state = game.new_state(seed)
        while not state.is_over():
            seat = state.current_player()
            for move in state.legal_moves()[:12]:
                after = state.clone()
                after.apply(move)
                assert state.move_gain(move, seat) == after.evaluate(seat) - state.evaluate(seat)
            state.apply(rng.choice(state.legal_moves()))


def test_reading_scores_only_after_a_square_gives_the_observer_the_same_columns(monkeypatch) -> None:
    """United Square says its scores moved only when a panel completed a square; the observer's
    columns must be those it gets from reading the scores after every move."""
    from printkit_games.united_square.engine import State
    from simulate.play.runner import play

    game = make_game(load_game("united_square").resolve("teams", (), None))
    names = ("random",) * game.players
    told = [play(game, names, 3, i, game.max_moves)[1] for i in range(60)]
    monkeypatch.setattr(State, "scores_moved", lambda self: True)
    every = [play(game, names, 3, i, game.max_moves)[1] for i in range(60)]
    assert told == every
    assert any(row["lead_changes"] > 0 for row in told)
