"""Engine evaluations: `move_gain` is the change in `evaluate`, on a view, and greedy plays well on it."""

from __future__ import annotations

import random

import pytest

from printkit.datafile.gamedata import load_game
from printkit_games.united_square.engine import W_OPEN
from simulate.analysis.stats import wilson
from simulate.engines import make_game
from simulate.play.runner import play


def _result(played):
    return played[0] if isinstance(played, tuple) else played


@pytest.mark.parametrize(
    "game, variant",
    [
        ("united_square", "default"),
        ("united_square", "teams"),
        ("tiddly_wink", "default"),
        ("tiddly_wink", "free_pass"),
        ("twinkle_twinkle", "default"),
    ],
)
def test_move_gain_on_a_view_is_the_change_in_evaluate(game, variant):
    # Exact where the move neither ends a round nor makes someone draw (the variants here draw nothing)
    # nor changes a rival's score.
    engine = make_game(load_game(game).resolve(variant, (), None))
    rng = random.Random(2)
    checked = 0
    for seed in range(4):
        state = engine.new_state(seed)
        for _ in range(120):
            if state.is_over():
                break
            seat = state.current_player()
            legal = state.legal_moves()
            view = state.view(seat)
            for move in rng.sample(legal, min(3, len(legal))):
                after = state.clone()
                before = after.evaluate(seat)
                after.apply(move)
                if after.is_over() or after.round != state.round:
                    continue
                assert view.move_gain(move, seat, rng) == pytest.approx(after.evaluate(seat) - before)
                checked += 1
            state.apply(rng.choice(legal))
    assert checked > 100


def test_united_square_counts_waiting_edges_for_their_owners():
    # 2 players, red+yellow against blue+green: at the start only the centre panel lies, and each of its
    # four edges waits in an empty cell (any panel fits one demand), two for each seat's colours.
    engine = make_game(load_game("united_square").resolve("default", (), None))
    state = engine.new_state(1)
    assert state._side_values() == [2 * W_OPEN, 2 * W_OPEN]
    assert state.evaluate(0) == state.evaluate(1) == 0


def _share(engine, agent: str, matches: int) -> tuple[float, int]:
    """Wins of `agent` in one seat (rotating) against random in the others, a shared win split."""
    n = engine.players
    won = 0.0
    for i in range(matches):
        seat = i % n
        names = tuple(agent if s == seat else "random" for s in range(n))
        result = _result(play(engine, names, 5, i, 100_000))
        if seat in result.winners:
            won += 1 / len(result.winners)
    return won, matches


def test_tiddly_wink_greedy_beats_random_clearly():
    # 5 players: a fair share is 1/5. Greedy (shed pips, keep ends it can follow, starve the next seat)
    # must win clearly more, with its 95% interval above the fair share; random in its place does not.
    engine = make_game(load_game("tiddly_wink").resolve("default", (), None))
    won, n = _share(engine, "greedy", 250)
    rate = wilson(round(won), n)
    assert rate["lo"] > 0.2 and rate["p"] > 0.3
    control = wilson(round(_share(engine, "random", 250)[0]), n)
    assert control["lo"] < 0.2 < control["hi"]
