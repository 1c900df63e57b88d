"""Twinkle Twinkle engine: property tests over many seeds (invariants checked after every move),
turn order, slow tiles, exact greedy gains, agents and bad input."""

from __future__ import annotations

import dataclasses
import math
import random
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.datafile.gamedata import load_game
from printkit.errors import DataError, run_cli
from printkit_games.twinkle_twinkle.engine import PLACE
from printkit_games.twinkle_twinkle.records import (
    REFERENCES,
    exit_mask,
    exit_names,
    mirror_mask,
    orient_mask,
    read_tiles,
    rotate_mask,
)
from printkit_games.twinkle_twinkle.scoring import score_charts
from simulate.agents import make_agents, parse_agents
from simulate.cli import cli
from simulate.engines import make_game
from simulate.play.runner import play

DATA = load_game("twinkle_twinkle")
SIDES = st.lists(st.sampled_from(["green", "blue"]), min_size=5, max_size=5)


def game_for(players: int, sides: list[str] | None = None, spec: str = "default"):
    sets = [f"sides.{ref}={side}" for ref, side in zip(REFERENCES, sides or [], strict=False)]
    return make_game(DATA.resolve(spec, sets, players), debug=True)


def play_random(game, seed: int) -> tuple[object, list[int]]:
    state = game.new_state(seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over():
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state.apply(move)  # debug: checks every invariant, all 95 tiles included
    return state, moves


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 3, 4]),
    sides=SIDES,
    spec=st.sampled_from(["default", "no_slow", "flip", "asteroids_7"]),
)
def test_random_games_fill_every_chart_and_account_for_all_95_tiles(seed, players, sides, spec) -> None:
    game = game_for(players, sides, spec)
    state, moves = play_random(game, seed)
    assert all(f == 20 for f in state.filled)
    assert all(None not in cells for cells in state.cells)
    tiles = state.bag + [t for t in state.cur + state.nxt if t >= 0]
    tiles += [p // 8 for chart in state.placed for p in chart]
    assert sorted(tiles) == list(range(95))
    per = {2: 2, 3: 1, 4: 1}[players]
    assert state.round == 20 // per
    assert len(moves) == 2 * 20 * players
    result = state.result()
    assert result.scores == [float(sum(b)) for b in score_charts(state.cells, game.geo, game.scoring)]
    assert [sum(result.breakdown[c][s] for c in game.categories) for s in range(players)] == result.scores


def test_every_mask_turned_four_times_or_flipped_twice_is_itself() -> None:
    for mask in range(256):
        turned = mask
        for _ in range(4):
            turned = rotate_mask(turned, 1)
        assert turned == mask
        assert mirror_mask(mirror_mask(mask)) == mask
        assert orient_mask(mask, 0) == mask
        assert rotate_mask(mask, 1).bit_count() == mask.bit_count()
    assert exit_names(rotate_mask(exit_mask(["N", "E"]), 1)) == ("E", "S")
    assert exit_names(rotate_mask(exit_mask(["NE"]), 1)) == ("SE",)
    assert exit_names(mirror_mask(exit_mask(["N", "NE", "E"]))) == ("N", "W", "NW")


def test_every_star_tile_turned_four_times_in_the_engine_is_itself() -> None:
    game = game_for(4)
    for t, record in enumerate(game.records):
        if record.kind != "star":
            assert [o for o, _ in game.orients[t]] == [0]
            continue
        cells = [game.cell[t][o] for o in range(4)]
        assert cells[0].exits == record.exit_mask
        for o in range(4):
            assert rotate_mask(cells[o].exits, 4 - o) == record.exit_mask
            assert cells[o].stars == record.star_count and cells[o].new == record.new_count


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_the_same_seed_gives_the_same_game(seed, players) -> None:
    game = game_for(players)
    agents = parse_agents("greedy_left" if seed % 2 else "greedy", "twinkle_twinkle", players)
    runs = []
    for _ in range(2):
        state = game.new_state(seed)
        seats = make_agents(agents, game, [seed + s for s in range(players)])
        moves = []
        while not state.is_over():
            seat = state.current_player()
            move = seats[seat].choose(state.view(seat), state.legal_moves())
            moves.append(move)
            state.apply(move)
        runs.append((moves, state.result()))
    assert runs[0] == runs[1]
    assert play_random(game, seed)[1] == play_random(game, seed)[1]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), sides=SIDES)
def test_score_gain_is_the_exact_change_of_the_pure_score(seed, players, sides) -> None:
    game = game_for(players, sides)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_over():
        legal = state.legal_moves()
        seat = state.current_player()
        before = sum(score_charts(state.cells, game.geo, game.scoring)[seat])
        if legal[0] >= PLACE:
            best = max(state.score_gain(m, seat) for m in legal)
            for move in rng.sample(legal, min(4, len(legal))):
                after = state.clone()
                after.apply(move)
                assert sum(score_charts(after.cells, game.geo, game.scoring)[seat]) - before == (
                    state.score_gain(move, seat)
                )
        else:
            for move in legal:
                held = state.clone()
                held.apply(move)
                best_held = max(held.score_gain(m, seat) for m in held.legal_moves())
                assert state.score_gain(move, seat) == best_held
        move = rng.choice(legal)
        state.apply(move)
        if legal[0] >= PLACE:
            assert best >= sum(score_charts(state.cells, game.geo, game.scoring)[seat]) - before


@pytest.mark.parametrize(("players", "rows", "standees"), [(2, (5, 4), 4), (3, (4, 3), 3), (4, (5, 4), 4)])
def test_opening_rows_and_standees_by_player_count(players, rows, standees) -> None:
    game = game_for(players)
    state = game.new_state(7)
    assert (len(state.cur), len(state.nxt)) == rows
    assert all(t >= 0 for t in state.cur + state.nxt)
    assert sorted(state.order) == list(range(standees))
    owners = sorted(game.standee_owner)
    assert owners == sorted(list(range(players)) * (standees // players))


def test_next_order_follows_the_standees_on_the_row_and_the_leftover_slides_left() -> None:
    game = game_for(2)
    state = game.new_state(3)
    cur, nxt = state.cur[:], state.nxt[:]
    order = state.order[:]
    # each standee in turn takes the rightmost tile left: the last to pick ends up leftmost
    for _ in order:
        state.apply(max(state.legal_moves()))
        state.apply(state.legal_moves()[0])
    assert state.order == order[::-1]
    leftover = cur[0]
    assert state.cur[0] == leftover
    assert state.cur[1:] == nxt
    assert game.standee_owner[state.order[0]] == game.standee_owner[order[-1]]


def _slow_on_the_right(game, row: list[int]) -> bool:
    flags = [game.slow[t] for t in row if t >= 0]
    return flags == sorted(flags)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_slow_tiles_go_to_the_right_end_of_each_new_row(seed, players) -> None:
    game = game_for(players)
    state = game.new_state(seed)
    assert _slow_on_the_right(game, state.cur) and _slow_on_the_right(game, state.nxt)
    rng = random.Random(seed)
    rounds = 0
    while not state.is_over():
        state.apply(rng.choice(state.legal_moves()))
        if state.round != rounds and not state.is_over():
            rounds = state.round
            assert _slow_on_the_right(game, state.nxt)


def test_slow_tiles_are_the_three_star_tiles_and_three_planets_and_the_option_turns_them_off() -> None:
    records = read_tiles(DATA.components, "test")
    slow = [r for r in records if r.slow]
    assert [r.kind for r in slow].count("planet") == 3
    assert sorted(r.star_count for r in slow if r.kind == "star") == [3] * 6
    assert sum(game_for(4, spec="no_slow").slow) == 0


def test_tile_set_composition() -> None:
    records = read_tiles(DATA.components, "test")
    kinds = [r.kind for r in records]
    assert len(records) == 95
    assert {k: kinds.count(k) for k in set(kinds)} == {
        "star": 50,
        "asteroid": 12,
        "satellite": 8,
        "planet": 9,
        "black_hole": 8,
        "comet": 8,
    }
    stars = [r for r in records if r.kind == "star"]
    assert sum(r.star_count for r in stars) == 76
    assert sum(r.new_count for r in stars) == 10
    assert all(1 <= len(r.exits) <= 4 for r in stars)


def test_view_hides_the_bag_order_and_sample_redraws_it() -> None:
    game = game_for(3)
    state = game.new_state(11)
    view = state.view(0)
    assert view.bag == sorted(state.bag) and view.cur == state.cur and view.placed == state.placed
    sample = state.sample(0, random.Random(5))
    assert sorted(sample.bag) == sorted(state.bag) and sample.nxt == state.nxt
    sample.check_invariants()


def test_greedy_outscores_random() -> None:
    game = game_for(2)
    greedy = random_ = 0.0
    for i in range(6):
        greedy += sum(play(game, ("greedy", "greedy"), 5, i, 10_000)[0].scores)
        random_ += sum(play(game, ("random", "random"), 5, i, 10_000)[0].scores)
    assert greedy > random_ * 1.3


def test_greedy_left_prefers_the_leftmost_tile_when_gains_are_equal() -> None:
    game = game_for(4, spec="default")
    state = game.new_state(2)
    agent = make_agents(("greedy_left",) * 4, game, [0, 1, 2, 3])[state.current_player()]
    legal = state.legal_moves()
    gains = [state.score_gain(m, state.current_player()) for m in legal]
    choice = agent.choose(state.view(state.current_player()), legal)
    rank = legal.index(choice)
    weight = agent.LEFT_WEIGHT
    assert all(gains[rank] - weight * rank >= g - weight * r for r, g in enumerate(gains))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--set", "sides.comets=purple"],
            'rules.sides.comets: expected one of "green", "blue", got "purple"',
        ),
        (["--players", "5"], "takes 2, 3, 4 players, got 5"),
        (["--set", "chart.rows=8"], "rules.opening.4: round"),
    ],
)
def test_bad_input_is_one_line_and_exit_status_2(args, message, monkeypatch, capsys, tmp_path) -> None:
    argv = ["simulate", "run", "twinkle_twinkle", "--games", "2", "--out", str(tmp_path), *args]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as exit_info:
        run_cli(cli, "simulate")
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not any(tmp_path.iterdir())


def test_engine_rejects_side_names_when_built_directly() -> None:
    with pytest.raises(DataError, match='rules.sides.planets: expected one of "green", "blue"'):
        DATA.resolve("default", ["sides.planets=red"])
    base = DATA.resolve("default")
    values = base.as_dict()
    values["sides"]["planets"] = "red"
    with pytest.raises(DataError, match="rules.sides.planets"):
        make_game(dataclasses.replace(base, values=values))


@pytest.mark.parametrize("players", [3, 4])
def test_every_opening_turn_order_comes_up_about_equally_often(players) -> None:
    # standees dropped at random: all n! orders, each about 1/n! of the time (3,000 seeds: 6 or 24 orders)
    game = game_for(players, spec="default")
    orders = Counter(tuple(game.new_state(seed).order) for seed in range(3000))
    assert len(orders) == math.factorial(game.picks)
    expected = 3000 / math.factorial(game.picks)
    assert all(abs(k - expected) < 5 * math.sqrt(expected) for k in orders.values())
