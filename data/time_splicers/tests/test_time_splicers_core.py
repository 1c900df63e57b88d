"""Time Splicers' compiled core: every legal move, gain, evaluation, view and sample the Python engine gives.

The conformance suite (`test_fast_conformance.py`) holds the core's states,
legal moves and rows to the engine's; greedy play there compares only each
position's chosen move. Here, at every position of seeded random games of
every variant: the random agent's way to a move (`legal_count`, `legal_nth`)
is `legal`'s list; the core's `gain` of every legal move is the engine's
`move_gain`, on the seat's view and on the full state (a greedy playout's);
its `evaluate` of every seat the engine's; a sample of the view deals the
engine's sample, from the same draws; and a view tells nothing the seat may
not know.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from printkit.datafile.gamedata import load_game  # noqa: E402
from printkit_games.time_splicers.engine import HIDDEN  # noqa: E402
from simulate.engines import make_game  # noqa: E402
from simulate.fast import core_of, mt  # noqa: E402

DATA = load_game("time_splicers")
VARIANTS = ["default", *(v for v in DATA.variants if v != "default")]


def _pair(variant: str, sets: tuple[str, ...] = ()):
    game = make_game(DATA.resolve(variant, sets))
    core = core_of(game, "fast")
    assert core is not None
    return game, core


def _positions(game, core, seed):
    """Every position of a random game, on both: (Python state, core state, core generator)."""
    picker = random.Random(seed)
    state = game.new_state(seed)
    s, r = core.new_state(seed)
    while not state.is_over():
        yield state, s, r
        legal = state.legal_moves()
        move = legal[picker.randrange(len(legal))]
        state.apply(move)
        core.apply(s, r, move)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_legal_move_gain_and_evaluation_is_the_engines(variant):
    from printkit_games.time_splicers import core as tc

    game, core = _pair(variant)
    t = core.tables
    rng = mt.new_generator()
    mt.seed(rng, 1)
    view = np.empty_like(core.new_state(0)[0])
    buf = np.empty(int(core.common[4]), dtype=np.int64)
    checked = 0
    for seed in range(3):
        for state, s, _ in _positions(game, core, seed):
            seat = state.current_player()
            legal = state.legal_moves()
            assert tc.legal_count(s, t) == len(legal), f"seed {seed}, move {state.moves}: legal_count"
            nth = [int(tc.legal_nth(s, t, k, buf)) for k in range(len(legal))]
            assert nth == legal, f"seed {seed}, move {state.moves}: legal_nth"
            python_view = state.view(seat)
            tc.make_view(s, t, seat, view)
            for move in legal:
                where = f"seed {seed}, move {state.moves}: gain of {state.describe(move)}"
                assert tc.gain(view, t, move, seat, rng) == python_view.move_gain(move, seat), where
                assert tc.gain(s, t, move, seat, rng) == state.move_gain(move, seat), f"{where}, full state"
            for other in range(game.players):
                assert tc.evaluate(s, t, other) == state.evaluate(other), f"seed {seed}: evaluate"
            checked += len(legal)
    assert checked > 300


@pytest.mark.parametrize("variant", ["default", "specials8", "shared_colours", "p2"])
def test_a_sample_of_the_view_deals_the_engines_sample_and_the_view_tells_nothing_more(variant):
    """At every 5th position: the core's sample of the seat's view is the engine's sample of it, card for
    card, from the same draws of the agent's generator (and a sample's own generator is seeded with the
    engine's seed once it is drawn from); the view of that sample, a deal the seat cannot tell from the
    true one, is the same view."""
    from printkit_games.time_splicers import core as tc

    game, core = _pair(variant)
    t = core.tables
    view = np.empty_like(core.new_state(0)[0])
    again = np.empty_like(view)
    sampled = np.empty_like(view)
    sampled_r = mt.new_generator()
    samples = 0
    for seed in range(3):
        for k, (state, s, _) in enumerate(_positions(game, core, seed)):
            if k % 5:
                continue
            seat = state.current_player()
            tc.make_view(s, t, seat, view)
            hands = view[t[0][tc.O_LOC] : t[0][tc.O_LOC] + game.cards]
            assert set(hands.tolist()) <= {seat, tc.DECK, tc.DISCARD, tc.TABLE}, "a view shows another hand"
            deck = view[t[0][tc.O_DECK] : t[0][tc.O_DECK] + view[tc.DECK_LEN]]
            assert (deck == HIDDEN).all() and view[tc.SEED_LO] == view[tc.SEED_HI] == 0
            python_rng = random.Random(seed * 1000 + k)
            ours = mt.new_generator()
            mt.seed(ours, seed * 1000 + k)
            python_sample = state.view(seat).sample(seat, python_rng)
            tc.sample(view, t, ours, seat, sampled, sampled_r)
            where = f"seed {seed}, move {state.moves}"
            fields = core.core_fields(sampled, None)
            for key, value in core.python_fields(python_sample).items():
                if key != "generator":
                    assert fields[key] == value, f"{where}: the sample's {key}"
            assert mt.settle(ours) == list(python_rng.getstate()[1]), f"{where}: the agent's draws"
            seed_word = int(sampled[tc.SEED_HI]) << 32 | int(sampled[tc.SEED_LO])
            mt.seed(sampled_r, np.uint64(seed_word))
            assert mt.settle(sampled_r) == list(python_sample.rng.getstate()[1]), f"{where}: its generator"
            tc.make_view(sampled, t, seat, again)
            assert (again == view).all(), f"{where}: the view of a sample is not the view"
            samples += 1
    assert samples > 20


def test_a_hidden_deck_ends_a_gain_that_turns_up_a_timeline_as_the_engine_does():
    """A collapse that leaves no timeline turns up the deck's top number card: on what the seat knows
    (a hidden deck) the engine ends the game there, capped, and values that. By hand: seat 1 on R4 of
    the only timeline R3 R4 places R5: a partial collapse of 3-4-5, a crystal, no timeline left."""
    from printkit_games.time_splicers import core as tc

    game = make_game(DATA.resolve("default", players=2))
    state = game.position([["R3", "R4"]], [["R5", "B1"], ["Y2"]], ["R4", "R3"], deck=["B7"])
    core = core_of(game, "fast")
    assert core is not None
    s = _core_state(core, state)
    place = [m for m in state.legal_moves() if state.describe(m) == "place R5"][0]
    view = state.view(0)
    # before: no crystal, a token (0.25), R5 makes a run (0.3); after: 1 crystal, capped, the token
    assert view.move_gain(place, 0) == pytest.approx(1 + 0.25 - 0.55)
    core_view = np.empty_like(s)
    tc.make_view(s, core.tables, 0, core_view)
    assert tc.gain(core_view, core.tables, place, 0, mt.new_generator()) == view.move_gain(place, 0)
    after = view._copy(0)
    after.apply(place)
    assert after.over and after.capped and after.winner == -1


@pytest.mark.parametrize(
    "spec, crystals",
    [
        ("stall_ends", [0, 0]),
        ("stall_ends", [1, 2]),
        ("stall_ends+compensation=0.5", [1, 1]),
        ("default", [0, 0]),
    ],
)
def test_a_position_nobody_can_change_ends_the_core_game_as_it_ends_the_engines(spec, crystals):
    """The rules tests' stall (G5 alone; hands with no green card, no 5, no portal or freeze card, at 4
    cards): seat 1 steps into the portal and, under `stall = "ends"`, the game ends on both, the core's
    result naming the winners (a mask) and the draw as the engine's `Result` does; under the default it
    goes on."""
    from printkit_games.time_splicers import core as tc
    from printkit_games.time_splicers.engine import ENTER, SHIFT
    from simulate.fast.search import R_DRAW, R_WINNERS, res_size

    game = make_game(DATA.resolve(spec.split("+")[0], spec.split("+")[1:], players=2))
    hands = [["R4", "R6", "B3", "Y13"], ["R2", "R3", "R13", "Y11"]]
    state = game.position([["G5"]], hands, ["G5", "G5"], crystals=crystals)
    core = core_of(game, "fast")
    assert core is not None
    s = _core_state(core, state)
    assert core.legal(s) == state.legal_moves() == [ENTER << SHIFT]
    state.apply(ENTER << SHIFT)
    core.apply(s, mt.new_generator(), ENTER << SHIFT)
    fields = core.core_fields(s, None)
    for key, value in core.python_fields(state).items():
        if key != "generator":
            assert fields[key] == value, key
    assert bool(tc.is_over(s)) == state.is_over() == state.stalled == (spec != "default")
    if state.is_over():
        res = np.zeros(int(res_size(core.common)), dtype=np.float64)
        tc.result(s, core.tables, core.common, False, res)
        result = state.result()
        assert int(res[R_WINNERS]) == sum(1 << seat for seat in result.winners)
        assert res[R_DRAW] == float(result.draw) and not tc.stopped_by_cap(s)
        assert res[3 : 3 + 2].tolist() == result.scores and res[5:7].tolist() == result.placements


@pytest.mark.parametrize("spec, seeds", [("stall_ends+p2", (3, 17)), ("stall_ends+quick_portal+p2", (27,))])
def test_random_games_that_stall_are_the_engines_move_by_move_and_row_by_row(spec, seeds):
    """Seeded random games the rule ends (seed 3 at turn 26, 17 at turn 3; with the quick portal seed
    27 at turn 9), stepped on both; then a run of 2-player games, about one in nine of which stalls,
    compared as CSV rows (the winners and the draw column of a shared win)."""
    from simulate.fast.held import step_by_step
    from simulate.play.conformance import same_rows

    game = make_game(DATA.resolve(spec))
    core = core_of(game, "fast")
    assert core is not None
    for seed in seeds:
        step_by_step(game, core, seed, "random")
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_moves()
            state.apply(legal[rng.randrange(len(legal))])
        assert state.stalled, seed
    same_rows(game, ("random", "random"), 3, range(60))


def _core_state(core, state):
    """The core state of a hand-set Python position (`Game.position`): its cards dealt into the layout."""
    from printkit_games.time_splicers import core as tc

    t = core.tables
    ints = t[0]
    s = np.zeros(int(ints[tc.C_LENGTH]), dtype=np.int64)
    s[tc.VIEWER] = s[tc.WINNER] = s[tc.SCORED_AT] = -1
    s[ints[tc.O_WHERE] : ints[tc.O_WHERE] + ints[tc.C_NUMBERS]] = -1
    s[ints[tc.O_SLOT_COLOUR] : ints[tc.O_SLOT_COLOUR] + ints[tc.C_SLOTS]] = -1
    s[ints[tc.O_LOC] : ints[tc.O_LOC] + ints[tc.C_CARDS]] = tc.DECK
    n = core.game.players
    s[tc.N_ACTIVE] = n
    s[tc.PLAYER] = s[tc.FIRST] = state.player
    for line in state.lines:
        slot = tc.open_slot(s, ints, line[0])
        for c in line[1:]:
            s[ints[tc.O_SLOT_BITS] + slot] |= 1 << (core.game.number_of[c] - 1)
            tc.lay(s, ints, c, slot)
    for p in range(n):
        for c in range(core.game.cards):
            if state.hands[p] >> c & 1:
                tc.take(s, ints, p, c)
        s[tc.SIZES + p] = state.sizes[p]
        s[tc.POS + p] = state.pos[p]
        s[tc.MARKERS + p] = state.markers[p]
        s[tc.TOKENS + p] = state.tokens[p]
        s[tc.CRYSTALS + p] = state.crystals[p]
    for k, c in enumerate(state.deck):
        s[ints[tc.O_DECK] + k] = c
    s[tc.DECK_LEN] = len(state.deck)
    fields = core.core_fields(s, None)
    for key, value in core.python_fields(state).items():
        if key != "generator":
            assert fields[key] == value, f"the hand-set core state's {key}"
    return s
