"""Tiddly-Wink's compiled core hides what a seat cannot see: the other hands and every boneyard slot.

The core keeps the boneyard in a fixed run of slots and deals by shuffling every tile into them, so
the slots past the boneyard's length still hold tiles: after the deal, copies of the boneyard's last
tiles (the next ones drawn); after a draw, the tile just drawn into another hand. A view must blank
them all, as the Python engine's view keeps no such slots at all.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from printkit.datafile.gamedata import load_game  # noqa: E402
from printkit_games.tiddly_wink.engine import HIDDEN  # noqa: E402
from simulate.engines import make_game  # noqa: E402
from simulate.fast import core_of, mt  # noqa: E402

DATA = load_game("tiddly_wink")


def _core_positions(core, seed: int, moves: int):
    """The core's states along a random game, up to `moves` moves."""
    from printkit_games.tiddly_wink import core as tc

    picker = random.Random(seed)
    s, r = core.new_state(seed)
    buf = np.empty(int(core.common[4]), dtype=np.int64)
    for _ in range(moves):
        if tc.is_over(s):
            return
        yield s
        count = tc.legal_count(s, core.tables)
        core.apply(s, r, int(tc.legal_nth(s, core.tables, picker.randrange(count), buf)))


@pytest.mark.parametrize("variant", ["leaflet", "p2", "p5"])
def test_a_view_shows_no_other_hand_no_boneyard_tile_and_no_seed(variant):
    from printkit_games.tiddly_wink import core as tc

    game = make_game(DATA.resolve(variant, ()))
    core = core_of(game, "fast")
    t = core.tables
    tiles = int(t[0][tc.C_TILES])
    view = np.empty_like(core.new_state(0)[0])
    drawn_checked = 0
    for seed in range(6):
        for s in _core_positions(core, seed, 200):
            for seat in range(game.players):
                tc.make_view(s, t, seat, view)
                where = f"{variant}, seed {seed}, move {s[tc.MOVES]}, seat {seat}"
                others = [view[tc.O_HANDS + q] for q in range(game.players) if q != seat]
                assert not any(others), f"{where}: another hand shows"
                slots = view[tc.O_BONE : tc.O_BONE + tiles]
                shown = sorted(set(slots.tolist()) - {HIDDEN})
                assert not shown, f"{where}: boneyard slots show tiles {shown}"
                assert view[tc.PENDING] == view[tc.SEED_LO] == view[tc.SEED_HI] == 0, f"{where}: a seed"
            drawn_checked += int(s[tc.DRAWS] > 0)
    if DATA.resolve(variant, ()).values.get("draw"):
        assert drawn_checked > 0, "no position after a draw was checked"


def test_a_sample_of_a_view_has_the_same_view():
    """The positions the seat cannot tell from the true one all look the same to it."""
    from printkit_games.tiddly_wink import core as tc

    game = make_game(DATA.resolve("leaflet", ()))
    core = core_of(game, "fast")
    t = core.tables
    view, again, sampled = (np.empty_like(core.new_state(0)[0]) for _ in range(3))
    sampled_r = mt.new_generator()
    rng = mt.new_generator()
    mt.seed(rng, 7)
    checked = 0
    for seed in range(4):
        for s in _core_positions(core, seed, 120):
            seat = int(tc.current(s))
            tc.make_view(s, t, seat, view)
            tc.sample(view, t, rng, seat, sampled, sampled_r)
            tc.make_view(sampled, t, seat, again)
            assert (again == view).all(), f"seed {seed}, move {s[tc.MOVES]}: the view of a sample differs"
            checked += 1
    assert checked > 100
