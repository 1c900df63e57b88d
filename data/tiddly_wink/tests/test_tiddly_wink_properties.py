"""Tiddly-Wink over many seeds, invariants checked after every move: tiles, counters, views, endings."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import printkit_games.tiddly_wink.engine as tw
from printkit.datafile.gamedata import load_game
from simulate.engines import make_game
from simulate.play.runner import play

DATA = load_game("tiddly_wink")
SPECS = [
    "default",
    "leaflet",
    "pagat",
    "no_bonus",
    "free_pass",
    "redeal",
    "last_standing",
    "block",
    "p2",
    "p8",
]
# Short matches: few counters, a low cap, so that every example stays quick.
SHORT = ("counters=4", "round_cap=30")


def build(spec, sets=SHORT, debug=True):
    return make_game(DATA.resolve(spec, sets if spec != "block" else ()), debug=debug)


def seats_of(state):
    return range(state.game.players)


def playthrough(game, seed, agent_kinds=("random",)):
    """Yield every state of a match played by the given agents (the same state object, moved on)."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    kinds = [agent_kinds[s % len(agent_kinds)] for s in seats_of(state)]
    own = tw.Game.agents
    agents = [None if kind == "random" else own[kind](game, s, rng) for s, kind in enumerate(kinds)]
    yield state
    for _ in range(20_000):
        if state.is_over():
            return
        legal = state.legal_moves()
        seat = state.current_player()
        agent = agents[seat]
        state.apply(agent.choose(state.view(seat), legal) if agent else rng.choice(legal))
        yield state
    raise AssertionError("the match did not end")


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    spec=st.sampled_from(SPECS),
    agents=st.sampled_from([("random",), ("heavy",), ("keep_ends",), ("heavy", "keep_ends", "random")]),
    counters=st.sampled_from([1, 3, 10]),
    cap=st.sampled_from([1, 8, 200]),
)
def test_every_match_ends_with_every_tile_and_counter_accounted_for(seed, spec, agents, counters, cap):
    # debug: check_invariants after every move (all 28 tiles once, counters, the line's ends)
    game = build(spec, (f"counters={counters}", f"round_cap={cap}"))
    total = game.players * game.start_counters
    for state in playthrough(game, seed, agents):
        assert sum(state.counters) + state.pot == total
        if not state.over:
            places = [state.line, *state.hands, sum(1 << t for t in state.bone)]
            assert sum(bin(m).count("1") for m in places) == 28
    assert state.is_over()
    assert state.round <= game.round_cap
    result = state.result()
    assert result.scores == [float(c) for c in (state.points if game.pip_score else state.counters)]
    if result.capped:
        assert state.round == game.round_cap
    positions = sum(result.metrics[f"round_wins_pos{k + 1}"] for k in range(8))
    assert positions + result.metrics["tied_rounds"] == result.metrics["rounds"]
    blocked = sum(result.metrics[f"blocked_wins_pos{k + 1}"] for k in range(8))
    assert blocked + result.metrics["tied_rounds"] == result.metrics["blocked_rounds"]


def _slots(state):
    return {name: getattr(state, name) for name in tw.State.__slots__ if name != "game"}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), spec=st.sampled_from(SPECS))
def test_a_view_never_reveals_another_hand_or_the_boneyard(seed, spec):
    game = build(spec)
    rng = random.Random(seed ^ 0x5EED)
    for k, state in enumerate(playthrough(game, seed)):
        if k % 3:
            continue
        for p in seats_of(state):
            view = state.view(p)
            assert view.rng is None and not view.script
            assert view.hands[p] == state.hands[p]
            assert all(view.hands[q] is None for q in seats_of(state) if q != p)
            assert view.bone == [tw.HIDDEN] * len(state.bone)
            assert view.public(p) == state.public(p)
            # another deal of the unseen tiles gives exactly the same view
            other = state.sample(p, rng)
            assert _slots(other.view(p)) == _slots(view)
            if k > 200:
                break


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), spec=st.sampled_from(SPECS))
def test_samples_are_full_states_consistent_with_the_view_and_playable(seed, spec):
    game = build(spec)
    rng = random.Random(seed)
    for k, state in enumerate(playthrough(game, seed, ("keep_ends",))):
        if state.over or k % 4:
            continue
        p = state.current_player()
        sample = state.view(p).sample(p, rng)
        sample.check_invariants()  # all tiles placed once, voids respected
        assert sample.public(p) == state.public(p)
        assert sample.legal_moves() == state.legal_moves()
        # a sample plays on by itself, through the end of the round and into the next
        start = sample.round
        for _ in range(200):
            if sample.is_over() or sample.round > start + 1:
                break
            sample.apply(rng.choice(sample.legal_moves()))
        assert sample.is_over() or sample.round > start
        if k > 60:
            break


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_fallback_search_finds_a_deal_when_rejection_gives_up(seed):
    game = build("default")
    rng = random.Random(seed)
    saved = tw.SAMPLE_TRIES
    tw.SAMPLE_TRIES = 0
    try:
        for k, state in enumerate(playthrough(game, seed)):
            if state.over or k % 5:
                continue
            p = state.current_player()
            sample = state.sample(p, rng)
            sample.check_invariants()
            assert sample.public(p) == state.public(p)
            if k > 100:
                break
    finally:
        tw.SAMPLE_TRIES = saved


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), spec=st.sampled_from(SPECS))
def test_same_seed_same_match(seed, spec):
    game = build(spec, debug=False)
    runs = [play(game, ("random",) * game.players, seed, 3, 100_000)[0] for _ in range(2)]
    assert runs[0] == runs[1]


def _pips(game, hand):
    return sum(game.pips[t] for t in range(game.tiles) if hand >> t & 1)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), agents=st.sampled_from([("random",), ("heavy",), ("keep_ends", "random")]))
def test_block_is_decided_as_openspiels_block_dominoes_returns(seed, agents):
    # OpenSpiel's returns: equal pip totals 0 each; else the lower total scores the other's pips
    game = build("block")
    *_, state = playthrough(game, seed, agents)
    a, b = (_pips(game, state.hands[s]) for s in (0, 1))
    result = state.result()
    if a == b:
        assert result.scores == [0.0, 0.0] and result.draw
    elif a < b:
        assert result.scores == [float(b), 0.0] and result.winners == [0]
    else:
        assert result.scores == [0.0, float(a)] and result.winners == [1]


def test_block_decides_most_games():
    # the measure: `simulate run tiddly_wink --variant block --agents random` once drew every game
    game = build("block", debug=False)
    games = 400
    decided = sum(not play(game, ("random", "random"), 1, i, 100_000)[0].draw for i in range(games))
    assert decided > games / 2
