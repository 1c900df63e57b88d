"""Twinkle Twinkle's compiled core: every gain and evaluation the Python engine gives, under every mix
of the five score references' sides.

The conformance suite (`test_fast_conformance.py`) holds the core's states,
legal moves and rows to the engine's; greedy play there compares only each
position's best move. Here, at every position of seeded random games, the
core's `gain` of every legal move is the engine's `move_gain` and its
`evaluate` of every seat the engine's, for each of the 32 mixes of sides and
each player count; and the final scores, compensation included.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

pytest.importorskip("numba")

from printkit.datafile.gamedata import load_game  # noqa: E402
from printkit_games.twinkle_twinkle.records import REFERENCES  # noqa: E402
from simulate.engines import make_game  # noqa: E402
from simulate.fast import core_of, mt  # noqa: E402

DATA = load_game("twinkle_twinkle")
MIXES = list(itertools.product(["green", "blue"], repeat=5))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_gain_and_evaluation_is_the_engines(players):
    from printkit_games.twinkle_twinkle import core as tc

    rng = mt.new_generator()
    mt.seed(rng, 1)
    checked = 0
    for k, sides in enumerate(MIXES):
        sets = [f"sides.{ref}={side}" for ref, side in zip(REFERENCES, sides, strict=True)]
        sets += ["compensation=0.5"] if k % 2 else []
        game = make_game(DATA.resolve("default", sets, players))
        core = core_of(game, "fast")
        assert core is not None
        t = core.tables
        picker = random.Random(k)
        state = game.new_state(k)
        s, r = core.new_state(k)
        while not state.is_over():
            seat = state.current_player()
            legal = state.legal_moves()
            for move in legal:
                ours = state.move_gain(move, seat)
                theirs = tc.gain(s, t, move, seat, rng)
                assert theirs == ours, f"{sides}, seed {k}, move {state.moves}: gain of {move}"
            for other in range(players):
                assert tc.evaluate(s, t, other) == state.evaluate(other), f"{sides}, seed {k}: evaluate"
            checked += len(legal)
            move = legal[picker.randrange(len(legal))]
            state.apply(move)
            core.apply(s, r, move)
        final = np.empty(players, dtype=np.float64)
        tc.final_scores(s, t, final)
        assert final.tolist() == game.compensated(state.scores(), state.first), f"{sides}: final scores"
    assert checked > 10_000
