"""This Town's compiled core: every gain and evaluation the Python engine gives, the view and the sample
it draws, and the window its grid is cut to.

The conformance suite (`test_fast_conformance.py`) holds the core's states,
legal moves and rows to the engine's; greedy play there compares only each
position's best move. Here, at every position of seeded random games, the
core's `gain` of every legal move is the engine's `move_gain` and its
`evaluate` of every seat the engine's; a view and a sample are the engine's;
and no tile of the engine's games strays outside the window the core's grid
holds (the bound its docstring argues).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from printkit.datafile.gamedata import load_game  # noqa: E402
from printkit_games.this_town.engine import ORIGIN, PICK, WIDTH  # noqa: E402
from simulate.engines import make_game  # noqa: E402
from simulate.fast import core_of, mt  # noqa: E402

DATA = load_game("this_town")
SPECS = ["default", "no_rotation", "fence_lock", "loose_relocation", "p2+npc_not_ranked", "p3", "draft_tiles"]


def _pair(spec: str):
    game = make_game(DATA.resolve(spec))
    core = core_of(game, "fast")
    assert core is not None
    return game, core


def _positions(game, core, seeds):
    """Every position of seeded random games on both at once: (seed, the engine's state, the core's);
    the caller looks, then the game goes on by a random move."""
    for seed in seeds:
        picker = random.Random(seed)
        state = game.new_state(seed)
        s, r = core.new_state(seed)
        while not state.is_over():
            yield seed, state, s
            legal = state.legal_moves()
            move = legal[picker.randrange(len(legal))]
            state.apply(move)
            core.apply(s, r, move)


@pytest.mark.parametrize("spec", SPECS)
def test_every_gain_and_evaluation_is_the_engines(spec):
    from printkit_games.this_town import core as tc

    game, core = _pair(spec)
    t = core.tables
    rng = mt.new_generator()
    mt.seed(rng, 1)
    checked = scoring = 0
    for seed, state, s in _positions(game, core, range(8)):
        seat = state.current_player()
        legal = state.legal_moves()
        for move in legal:
            ours = state.move_gain(move, seat)
            theirs = tc.gain(s.copy(), t, core.move_in(move), seat, rng)
            assert theirs == ours, f"{spec}, seed {seed}, move {state.moves}: gain of {move}"
            scoring += ours != 0
        for other in range(game.players):
            assert tc.evaluate(s, t, other) == state.evaluate(other), f"{spec}, seed {seed}: evaluate"
        checked += len(legal)
    assert checked > 2_000 and scoring > 50


def test_a_view_hides_only_the_stack_order_and_a_sample_draws_as_the_engines():
    from printkit_games.this_town import core as tc

    game, core = _pair("default")
    t = core.tables
    state = game.new_state(4)
    s, r = core.new_state(4)
    for _ in range(6):
        move = state.legal_moves()[0]
        state.apply(move)
        core.apply(s, r, move)
    view = np.empty_like(s)
    tc.make_view(s, t, 1, view)
    assert core.core_fields(view, None) == core.python_fields(state.view(1))
    shuffled = s.copy()  # the same table, the stack in another order: the same view
    at = int(t[0][tc.O_STACK])
    shuffled[at : at + int(s[tc.STACK_LEN])] = shuffled[at : at + int(s[tc.STACK_LEN])][::-1]
    other = np.empty_like(s)
    tc.make_view(shuffled, t, 1, other)
    assert np.array_equal(view, other) and not np.array_equal(s, shuffled)
    for seed in range(20):
        theirs = random.Random(seed)
        sample = state.view(2).sample(2, theirs)
        ours = mt.new_generator()
        mt.seed(ours, seed)
        drawn, spare = np.empty_like(s), mt.new_generator()
        tc.sample(view, t, ours, 2, drawn, spare)
        sample.rng = None  # the sampled game never draws: the core seeds no generator for it
        assert core.core_fields(drawn, None) == core.python_fields(sample), f"seed {seed}"
        assert mt.settle(ours) == list(theirs.getstate()[1]), f"seed {seed}: the agent's generator parted"


@pytest.mark.parametrize("spec", ["default", "loose_relocation", "fence_lock", "p2", "draft_tiles"])
def test_no_tile_leaves_the_window_of_the_cores_grid(spec):
    """The bound the core's grid rests on: at most one relocation per section holding a bar, so no tile
    lies beyond `window` steps of the start tile (nor a frontier cell); checked on the engine's games,
    greedy seats (who relocate most) and random ones."""
    from printkit_games.this_town.core import window
    from simulate.agents.playout import greedy_move

    game, _ = _pair(spec)
    bound = window(game)
    bar_sections = sum(1 for face in game.faces for b in face.bars if b)
    widest = relocations = 0
    for seed in range(60):
        picker = random.Random(seed)
        state = game.new_state(seed)
        while not state.is_over():
            legal = state.legal_moves()
            seat = state.current_player()
            policy = seed % 2
            move = greedy_move(state.view(seat), legal, picker, seat) if policy else picker.choice(legal)
            state.apply(move)
            for cell in [*state.at, *state.front]:
                row, col = divmod(cell - ORIGIN + WIDTH // 2, WIDTH)
                far = max(abs(row), abs(col - WIDTH // 2))
                assert far <= bound, f"{spec}, seed {seed}: a cell {far} steps out, the window holds {bound}"
                widest = max(widest, far)
        relocations = max(relocations, state.stats[8])
        assert state.stats[8] <= bar_sections
    assert relocations > 0 and widest > 4


def test_moves_and_cells_go_in_and_out_of_the_window_unchanged():
    game, core = _pair("default")
    for cell in range(core.width * core.width):
        assert core.cell_in(core.cell_out(cell)) == cell
    for move in [
        -1,
        *range(game.tiles),
        ORIGIN * 4 + 3,
        (ORIGIN - WIDTH - 1) * 4,
        (ORIGIN + 7 * WIDTH + 9) * 4 + 1,
    ]:
        assert core.move_out(core.move_in(move)) == move


def test_the_pick_phase_lists_the_tiles_the_engine_may_relocate():
    """Relocations are reached in these games, and each pick's list is the engine's `movable`."""
    game, core = _pair("default")
    picks = 0
    for _, state, s in _positions(game, core, range(40)):
        legal = state.legal_moves()
        assert core.legal(s) == legal
        if state.phase == PICK:
            picks += 1
            assert legal == [-1, *state.movable()]
    assert picks > 10
