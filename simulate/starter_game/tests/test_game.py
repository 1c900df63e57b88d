"""My Game's tests: rules on hand-built positions, properties over many seeded games, and its print.

Run them with `pytest my_game` beside the game's folder (or `pytest` in it). The
rules tests build a position by hand and check what the rules say of it; the
property tests play seeded random games with the invariants checked after
every move; the print test builds the PDF as `printkit build` does.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from printkit.build import build_game
from printkit.datafile.gamedata import load_game
from simulate.engines import make_game

DATA = Path(__file__).resolve().parents[1] / "my_game.toml"


def game(*sets: str, players: int = 2, variant: str = "default"):
    """The engine for the data file's rules with `--set`-style overrides, invariants checked."""
    return make_game(load_game(str(DATA)).resolve(variant, list(sets), players), debug=True)


def play(state, moves):
    for move in moves:
        state.apply(move)
    return state


# ------------------------------------------------------------------ rules, worked out by hand
def test_a_turn_takes_one_to_take_max_and_scores_each():
    state = game("first_player=seat1").new_state(seed=1)
    assert state.current_player() == 0 and state.legal_moves() == [1, 2, 3]
    play(state, [3, 2])  # seat 0 takes 3, seat 1 takes 2: 21 - 5 = 16 left
    assert state.pile == 16 and state.scores() == [3.0, 2.0] and state.current_player() == 0


def test_no_more_than_the_pile_may_be_taken():
    state = play(game("first_player=seat1", "pile=5").new_state(seed=1), [3])
    assert state.legal_moves() == [1, 2]
    with pytest.raises(ValueError):
        state.apply(3)


def test_the_last_pebble_scores_the_bonus_and_ends_the_game():
    # pile 5, bonus 5: seat 0 takes 3, seat 1 takes the last 2 and scores 2 + 5 = 7 against 3
    state = play(game("first_player=seat1", "pile=5").new_state(seed=1), [3, 2])
    assert state.is_over()
    result = state.result()
    assert result.scores == [3.0, 7.0] and result.winners == [1] and not result.draw


def test_equal_points_are_a_draw():
    # pile 4, no bonus: 2 and 2
    state = play(game("first_player=seat1", "pile=4", "last_bonus=0").new_state(seed=1), [2, 2])
    result = state.result()
    assert result.draw and result.winners == [0, 1] and result.placements == [1, 1]


def test_compensation_goes_to_the_later_seat():
    g = game("first_player=seat1", "pile=4", "last_bonus=0", "compensation=0.5")
    state = play(g.new_state(seed=1), [2, 2])
    assert state.result().scores == [2.0, 2.5] and state.result().winners == [1]


def test_a_random_first_player_is_each_seat_in_some_game():
    firsts = {game(players=3).new_state(seed).current_player() for seed in range(40)}
    assert firsts == {0, 1, 2}


# ------------------------------------------------------------------ properties over seeded games
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_every_pebble_taken(players):
    g = game(players=players)
    for seed in range(200):
        state, rng, moves = g.new_state(seed), random.Random(seed), 0
        while not state.is_over():
            state.apply(rng.choice(state.legal_moves()))  # debug: invariants after every move
            moves += 1
        assert moves <= g.max_moves
        result = state.result()
        assert sum(result.scores) == g.pile + g.last_bonus and result.winners


def test_the_same_seed_gives_the_same_game_and_a_clone_is_independent():
    g = game(players=3)
    a, b = g.new_state(7), g.new_state(7)
    assert a.current_player() == b.current_player()
    copy = a.clone()
    a.apply(1)
    assert copy.pile == g.pile and a.pile == g.pile - 1


def test_a_view_holds_no_generator_and_a_sample_agrees_with_it():
    state = play(game().new_state(3), [2])
    view = state.view(0)
    assert view.rng is None and view.pile == state.pile and view.scores() == state.scores()
    sample = view.sample(0, random.Random(1))
    assert sample.rng is not None and sample.pile == view.pile and sample.legal_moves() == view.legal_moves()


# ------------------------------------------------------------------ print
def test_it_prints(tmp_path):
    pdf = build_game(str(DATA), tmp_path)
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 1000
