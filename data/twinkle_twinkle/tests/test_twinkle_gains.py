"""Twinkle Twinkle's fast path held to the pure `score_chart` over many random positions.

Positions come from seeded random games under random sides of the five
references; at each one, every placement of sampled tiles is scored by the
fast path (gains kept and carried from chart to chart) and by rescoring the
chart from scratch with `score_chart`, rivals' counts included.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.datafile.gamedata import load_game
from printkit_games.twinkle_twinkle.engine import PLACE
from printkit_games.twinkle_twinkle.gains import ChartGains, rival_key, spaces
from printkit_games.twinkle_twinkle.records import REFERENCES
from printkit_games.twinkle_twinkle.scoring import Analysis, Geometry, rivals, score_chart
from simulate.engines import make_game
from simulate.play.runner import play

DATA = load_game("twinkle_twinkle")
SIDES = st.lists(st.sampled_from(["green", "blue"]), min_size=5, max_size=5)


def game_for(players: int, sides: list[str]):
    sets = [f"sides.{ref}={side}" for ref, side in zip(REFERENCES, sides, strict=True)]
    return make_game(DATA.resolve("default", sets, players))


def pure_gains(game, state, seat: int, placements) -> dict:
    """Change of `seat`'s total by rescoring its chart with and without `cell` on `x`, for every
    `(key, cell, x)` of `placements` (the chart without it is scored once for all of them)."""
    rival = rivals(state.counts, seat)
    before = sum(score_chart(state.cells[seat], game.geo, game.scoring, *rival))
    gains = {}
    for key, cell, x in placements:
        after = list(state.cells[seat])
        after[x] = cell
        gains[key] = sum(score_chart(after, game.geo, game.scoring, *rival)) - before
    return gains


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), sides=SIDES)
def test_every_gain_of_the_fast_path_is_the_change_of_the_pure_score(seed, players, sides) -> None:
    game = game_for(players, sides)
    state = game.new_state(seed)
    rng = random.Random(seed)
    tiles = list(range(len(game.records)))
    while not state.is_over():
        legal = state.legal_moves()
        seat = state.current_player()
        if legal[0] < PLACE:  # weigh the row as greedy does, so that gains are kept and carried
            for move in legal:
                state.score_gain(move, seat)
        else:
            gains = state.gains(seat)
            empty = [x for x, c in enumerate(state.cells[seat]) if c is None]
            for tile in rng.sample(tiles, 3) + [state.held]:
                rival = rival_key(gains.an, game.kind[tile], state.counts, seat)
                pure = pure_gains(
                    game, state, seat, [((x, o), cell, x) for x in empty for o, cell in game.orients[tile]]
                )
                fast = gains.placements(game.orients[tile], rival)
                assert fast == {x * 8 + o: g for (x, o), g in pure.items()}
                assert gains.best_of(game.signature[tile], game.shapes[tile], rival) == max(pure.values())
        state.apply(rng.choice(legal))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4]), sides=SIDES)
def test_the_analysis_carried_from_move_to_move_is_the_analysis_made_afresh(seed, players, sides) -> None:
    game = game_for(players, sides)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_over():
        for seat in range(players):
            state.gains(seat)  # every chart analysed, so each placement updates one in place
        move = rng.choice(state.legal_moves())
        state.apply(move)
        for seat in range(players):
            kept = state.an[seat]
            fresh = Analysis(state.cells[seat], game.geo, game.scoring)
            assert kept.canonical() == fresh.canonical()
            assert kept.fast.links == ChartGains(fresh).links


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4]), sides=SIDES)
def test_every_analysis_read_off_a_tally_stays_the_analysis_of_its_chart(seed, players, sides) -> None:
    # An analysis shares its tally's lists; the tally must copy them before its next change, so an
    # analysis kept from early in the game still describes the chart it was made for at the end.
    game = game_for(players, sides)
    state = game.new_state(seed)
    rng = random.Random(seed)
    kept = []
    while not state.is_over():
        for seat in range(players):
            state.gains(seat)
            kept.append((tuple(state.cells[seat]), state.an[seat]))
        state.apply(rng.choice(state.legal_moves()))
    assert len({id(an) for _, an in kept}) > players * 10  # charts analysed afresh as they changed
    for cells, an in kept:
        assert an.canonical() == Analysis(cells, game.geo, game.scoring).canonical()


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), sides=SIDES)
def test_the_empty_charts_gains_shared_by_every_game_stay_the_pure_gains(seed, sides) -> None:
    # Every game of one Game object starts from its one analysis of the empty chart, and the gains
    # carried from it share what stays true; after greedy games it must still hold the empty chart's.
    game = game_for(4, sides)
    for index in range(3):
        play(game, ("greedy",) * 4, seed, index, game.max_moves)
    state = game.new_state(seed)
    assert state.gains(0).an is game.blank
    gains = game.blank.fast
    one_each = {game.signature[tile]: tile for tile in range(len(game.records))}  # tiles placed alike
    for tile in one_each.values():
        rival = rival_key(gains.an, game.kind[tile], state.counts, 0)
        pure = pure_gains(
            game, state, 0, [(x * 8 + o, c, x) for x in range(20) for o, c in game.orients[tile]]
        )
        assert gains.placements(game.orients[tile], rival) == pure
        assert gains.best_of(game.signature[tile], game.shapes[tile], rival) == max(pure.values())


def test_bitmasks_of_cells_and_their_cells() -> None:
    geo = Geometry.make(4, 5)
    # cell 0: right (1) and below (5); its line is row 0 (0-4) and column 0 (0, 5, 10, 15)
    assert geo.orth_bits[0] == 1 << 1 | 1 << 5
    assert geo.line_bits[0] == 0b11111 | 1 << 5 | 1 << 10 | 1 << 15
    # cell 12 (row 2, column 2): above 7, right 13, below 17, left 11
    assert geo.orth_bits[12] == 1 << 7 | 1 << 11 | 1 << 13 | 1 << 17
    assert tuple(spaces(geo.line_bits[0])) == (0, 1, 2, 3, 4, 5, 10, 15)
    assert tuple(spaces(0)) == ()
    assert tuple(spaces(1 << 19 | 1 << 9 | 1 << 10)) == (9, 10, 19)
    assert tuple(spaces(1 << 23 | 1)) == (0, 23)  # beyond the tables' 20 cells
