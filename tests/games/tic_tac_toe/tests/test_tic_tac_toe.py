"""Tic-tac-toe's tests: rules and the evaluation on hand-built positions, random play against the exact
answer, and how often each level of play draws.

The exact answer of random play is counted here over the engine's own game
tree (every legal move equally likely) and checked against the figures worked
out on paper in the engine's docstring; seeded games through the runner must
then agree with it within their simulation error.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from statsmodels.stats.proportion import proportion_confint

from printkit.build import build_game
from printkit.datafile.gamedata import load_game
from simulate.engines import make_game
from simulate.play.runner import play

DATA = Path(__file__).resolve().parents[1] / "tic_tac_toe.toml"


def game(*sets: str, variant: str = "default"):
    """The engine for the data file's rules with `--set`-style overrides, invariants checked."""
    return make_game(load_game(str(DATA)).resolve(variant, list(sets), 2), debug=True)


def position(moves: list[int], first: str = "seat1"):
    """The position after `moves` (squares 0-8, row by row), seat 1 (index 0) moving first."""
    state = game(f"first_player={first}").new_state(seed=1)
    for move in moves:
        state.apply(move)
    return state


# ------------------------------------------------------------------ rules, worked out by hand
def test_three_in_a_row_wins_at_once():
    # X (seat 0): 0, 1, 2 across the top; O (seat 1): 3, 4
    state = position([0, 3, 1, 4, 2])
    assert state.is_over() and state.moves == 5
    result = state.result()
    assert result.winners == [0] and not result.draw and result.scores == [1.0, 0.0]


@pytest.mark.parametrize(
    "moves,winner",
    [([0, 1, 3, 2, 6], 0), ([1, 0, 2, 4, 3, 8], 1), ([2, 0, 4, 1, 6], 0)],  # column, diagonal, anti-diagonal
)
def test_a_column_and_either_diagonal_win(moves, winner):
    assert position(moves).result().winners == [winner]


def test_a_full_board_with_no_line_is_a_draw():
    # X O X / X O O / O X X: no three in a row for either
    state = position([0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert state.is_over()
    result = state.result()
    assert result.draw and result.winners == [0, 1] and result.placements == [1, 1]


def test_a_marked_square_and_a_finished_game_take_no_mark():
    state = position([4])
    assert 4 not in state.legal_moves() and len(state.legal_moves()) == 8
    with pytest.raises(ValueError):
        state.apply(4)
    over = position([0, 3, 1, 4, 2])
    with pytest.raises(ValueError):
        over.apply(5)


def test_who_moves_first():
    assert position([]).current_player() == 0
    firsts = {game().new_state(seed).current_player() for seed in range(20)}
    assert firsts == {0, 1}  # drawn with the game's own generator


def test_compensation_goes_to_the_second_player():
    # a draw with compensation 0.5: the second player (seat 1 when seat 0 opens) wins it
    state = game("first_player=seat1", "compensation=0.5").new_state(seed=1)
    for move in [0, 1, 2, 4, 3, 5, 7, 6, 8]:
        state.apply(move)
    assert state.result().scores == [0.0, 0.5] and state.result().winners == [1]


# ------------------------------------------------------------------ the evaluation, by hand
def test_a_line_the_mover_completes_now_is_won_for_it():
    # X 0, 1; O 3, 4; X to move and completes 0-1-2: +100 for X, -100 for O
    state = position([0, 3, 1, 4])
    assert state.winning_squares(0) == {2} and state.winning_squares(1) == {5}
    assert state.evaluate(0) == 100.0 and state.evaluate(1) == -100.0


def test_a_fork_the_mover_cannot_block_is_half_lost():
    # The corner fork: X 0, O 4, X 8, O 2, X 6. X threatens 0-3-6 (square 3) and 6-7-8 (square 7); O,
    # to move, has no line to complete (2-4-6 holds X's 6): it blocks one, X completes the other.
    state = position([0, 4, 8, 2, 6])
    assert state.winning_squares(0) == {3, 7} and state.winning_squares(1) == set()
    assert state.evaluate(1) == -50.0 and state.evaluate(0) == 50.0


def test_open_lines_count_by_their_marks():
    # X in the centre, O in corner 0, X to move. X's lines of one mark: 3-4-5, 1-4-7, 2-4-6 (0-4-8
    # holds O's): 3 x 1. O's: 0-1-2, 0-3-6: 2 x 1. X: 3 - 2 = 1, O: -1.
    state = position([4, 0])
    assert state.evaluate(0) == 1.0 and state.evaluate(1) == -1.0
    # X 4, 5 against O 0, 8, X to move: X completes 3-4-5 at 3 now, a won position for X
    two = position([4, 0, 5, 8])
    assert two.winning_squares(0) == {3} and two.evaluate(0) == 100.0
    # X 4, 5 against O 0, 3, X to move: O's one threat (0-3-6 at 6) is X's to block, not a won line.
    # X's lines of one mark: 1-4-7, 2-5-8, 2-4-6 = 3; O's: 0-1-2 (one mark, 1) and 0-3-6 (two, 4) = 5
    quiet = position([4, 0, 5, 3])
    assert quiet.winning_squares(1) == {6} and quiet.winning_squares(0) == set()
    assert quiet.evaluate(0) == 3.0 - 5.0


def test_it_prints_a_board_five_of_each_mark_and_an_aid(tmp_path):
    from printkit.draw import pieces_for

    data = load_game(str(DATA))
    names = [piece.component for piece in pieces_for(data, data.resolve("default", [], 2))]
    assert names == ["board"] + ["cross"] * 5 + ["nought"] * 5 + ["aid"]
    pdf = build_game(str(DATA), tmp_path)
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 1000


# ------------------------------------------------------------------ properties over many games
def test_random_games_keep_the_invariants_and_are_the_same_for_the_same_seed():
    g = game()
    for index in range(300):
        result, _ = play(g, ("random", "random"), 5, index, g.max_moves)  # invariants after every move
        again, _ = play(g, ("random", "random"), 5, index, g.max_moves)
        assert result == again and not result.capped and 5 <= result.moves <= 9


def _exact(state, memo: dict) -> tuple[Fraction, Fraction, Fraction]:
    """The first mover's win, the second's and a draw, with every legal move equally likely (each
    position counted once: the same marks always go on the same way)."""
    key = tuple(state.board)
    if key in memo:
        return memo[key]
    if state.is_over():
        outcome = [Fraction(0)] * 3
        outcome[2 if state.winner == -1 else 0 if state.winner == state.first else 1] = Fraction(1)
    else:
        legal = state.legal_moves()
        outcome = [Fraction(0)] * 3
        for move in legal:
            after = state.clone()
            after.apply(move)
            outcome = [t + x / len(legal) for t, x in zip(outcome, _exact(after, memo), strict=True)]
    memo[key] = (outcome[0], outcome[1], outcome[2])
    return memo[key]


def test_the_exact_answer_of_random_play():
    first, second, draw = _exact(game("first_player=seat1").new_state(seed=1), {})
    assert (first, second, draw) == (Fraction(737, 1260), Fraction(363, 1260), Fraction(160, 1260))
    assert first / (first + second) == Fraction(67, 100)


def test_random_games_give_the_first_mover_67_percent_of_decided_games():
    # 4,000 seeded games: their share of decided games must hold 0.67 within a 99.9% interval
    g = game()
    first = decided = 0
    for index in range(4000):
        result, _ = play(g, ("random", "random"), 1, index, g.max_moves)
        if not result.draw:
            decided += 1
            first += result.winners == [result.first_player]
    lo, hi = proportion_confint(first, decided, alpha=0.001, method="wilson")
    assert lo < 0.67 < hi and 0.1 < 1 - decided / 4000 < 0.16  # draws 12.7%


def _drawn(agents: tuple[str, str], games: int) -> int:
    g = make_game(load_game(str(DATA)).resolve("default", [], 2))  # no invariant checks inside searches
    return sum(play(g, agents, 3, index, g.max_moves)[0].draw for index in range(games))


def test_greedy_self_play_draws_every_game():
    assert _drawn(("greedy", "greedy"), 300) == 300


def test_mcts_200_mostly_draws():
    # measured 69 of 100 (seed 7); more than half of 40 here (a level that never draws would fail)
    assert _drawn(("mcts:200", "mcts:200"), 40) > 20


@pytest.mark.long  # about 10 s of search
def test_mcts_1000_nearly_always_draws():
    assert _drawn(("mcts:1000", "mcts:1000"), 40) >= 36
