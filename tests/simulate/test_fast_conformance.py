"""Every game with a compiled core plays the games of its Python engine: move by move, and row by row.

Over every variant of the game's data file: seeded random and greedy games
stepped on both at once (the same legal moves and the same state after every
move, generator included), then runs of every agent kind through the runner
on both engines, compared as CSV text (search agents included: the compiled
search draws and adds in the Python search's order, so it makes the same
decisions). A few hundred games per variant here; thousands with
`pytest -m slow` or `python -m simulate.fast.conformance GAME --games 2000`.
"""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from printkit.gamedata import available_games, load_game  # noqa: E402
from simulate.engines import ENGINES, game_class, make_game  # noqa: E402
from simulate.fast import core_of  # noqa: E402
from simulate.fast.conformance import SEARCH_AGENTS, Mismatch, _same, same_rows, step_by_step  # noqa: E402

GAMES = 100  # random and as many greedy games per variant, move by move
SEARCH_GAMES = 3  # games per search agent and variant, row by row


def _cases():
    for name in available_games():
        data = load_game(name)
        if data.engine in ENGINES and game_class(data.engine).core is not None:
            for variant in ["default", *(v for v in data.variants if v != "default")]:
                yield pytest.param(name, variant, id=f"{name}-{variant}")


CASES = list(_cases())


def _pair(name: str, variant: str):
    game = make_game(load_game(name).resolve(variant))
    core = core_of(game, "fast")
    assert core is not None, "the compiled core does not load"
    return game, core


def test_united_square_has_a_core_case():
    assert any(case.values[0] == "united_square" for case in CASES)


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_random_and_greedy_games_move_by_move(name, variant):
    game, core = _pair(name, variant)
    for seed in range(GAMES):
        step_by_step(game, core, seed, "random")
    for seed in range(GAMES // 3):
        step_by_step(game, core, seed, "greedy")


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_runs_of_every_agent_give_the_same_rows(name, variant):
    game, _ = _pair(name, variant)
    n = game.players
    same_rows(game, ("random",) * n, 3, range(GAMES))
    same_rows(game, ("greedy",) * n, 3, range(GAMES // 3))
    for agents in SEARCH_AGENTS:
        same_rows(game, (agents,) * n, 3, range(SEARCH_GAMES))
    mixed = ("random", "mcts:20", "greedy", "ismcts:20")[:n]
    same_rows(game, mixed, 5, range(SEARCH_GAMES))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variant"), CASES)
def test_thousands_of_games_move_by_move(name, variant):
    game, core = _pair(name, variant)
    for seed in range(2000):
        step_by_step(game, core, 10_000 + seed, "random")
        step_by_step(game, core, 10_000 + seed, "greedy")
    for agents in SEARCH_AGENTS:
        same_rows(game, (agents,) * game.players, 11, range(40))


def test_a_core_that_parts_from_the_engine_is_caught():
    """The check can fail: a core state nudged off the engine's is reported, naming the field."""
    game, core = _pair("united_square", "default")
    state = game.new_state(4)
    s, r = core.new_state(4)
    _same(core.python_fields(state), core.core_fields(s, r), "as dealt")
    s[core.rules.PASS_COUNT] += 1
    with pytest.raises(Mismatch, match="counts"):
        _same(core.python_fields(state), core.core_fields(s, r), "nudged")
