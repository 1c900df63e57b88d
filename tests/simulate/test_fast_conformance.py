"""Every game with a compiled core plays the games of its Python engine: move by move, and row by row.

Over every variant of the game's data file: seeded random and greedy games
(a few thousand moves of each) stepped on both at once (the same legal moves
and the same state after every move, generator included), then runs of every
agent kind through the runner on both engines, compared as CSV text (search
agents included, on each game's first moves: the compiled search draws and
adds in the Python search's order, so it makes the same decisions; the
engine's own agents where its core compiles them). Thousands of whole games
with `pytest -m slow` or `python -m simulate.play.conformance GAME --games 2000`.
"""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from printkit.datafile.gamedata import available_games, load_game  # noqa: E402
from simulate.engines import ENGINES, game_class, make_game  # noqa: E402
from simulate.fast import core_of  # noqa: E402
from simulate.fast.held import Mismatch, _same, step_by_step  # noqa: E402
from simulate.play.conformance import SEARCH_AGENTS, own_agents, same_rows  # noqa: E402

# Per variant, move by move: random games until MOVES moves, greedy games until a third of that (at
# least one game each: a United Square 2p game is 24 moves, a Tiddly-Wink match about a thousand).
MOVES = 2400
GAMES = 100  # random games per variant, row by row (and a third as many greedy)
SEARCH_GAMES = 3  # games per search agent and variant, row by row
# Games of about a thousand moves (a Tiddly-Wink match): 10 greedy games row by row, and 2 search games,
# each stopped after 20 moves (a whole match of mcts:15,depth=0 is minutes on the Python side).
# Twinkle Twinkle: a 4-player game is 160 moves, and a search game on the Python side a few seconds of
# CPU: 10 greedy games, and 2 search games stopped after 40 moves.
# Time Splicers: a 4-player greedy game is about 300 moves: 10 greedy games, 2 search games of 20 moves.
# This Town: a game is 27 moves, but a search decision on the Python side is tens of milliseconds
# (`mc:3` tries every placement, `rollout=greedy` weighs every placement at each rollout move): 10 greedy
# games, and 2 search games stopped after 8 moves (relocations come later; the slow test plays whole
# games).
LONG = {
    "tiddly_wink": (10, 2, 20),
    "twinkle_twinkle": (10, 2, 40),
    "time_splicers": (10, 2, 20),
    "this_town": (10, 2, 8),
}


CORED = ["united_square", "tiddly_wink", "twinkle_twinkle", "time_splicers", "this_town"]


def _cases():
    for name in available_games():
        data = load_game(name)
        if data.engine in ENGINES and game_class(data.engine).core is not None:
            for variant in ["default", *(v for v in data.variants if v != "default")]:
                yield pytest.param(name, variant, id=f"{name}-{variant}")


CASES = list(_cases())


def _pair(name: str, variant: str, sets: tuple[str, ...] = ()):
    game = make_game(load_game(name).resolve(variant, sets))
    core = core_of(game, "fast")
    assert core is not None, "the compiled core does not load"
    return game, core


@pytest.mark.parametrize("name", CORED)
def test_the_game_has_core_cases(name):
    assert any(case.values[0] == name for case in CASES)


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_random_and_greedy_games_move_by_move(name, variant):
    game, core = _pair(name, variant)
    for policy, budget in (("random", MOVES), ("greedy", MOVES // 3)):
        seed = moves = 0
        while moves < budget:
            moves += step_by_step(game, core, seed, policy)
            seed += 1


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_runs_of_every_agent_give_the_same_rows(name, variant):
    game, core = _pair(name, variant)
    n = game.players
    greedy, search, cap = LONG.get(name, (GAMES // 3, SEARCH_GAMES, 0))
    same_rows(game, ("random",) * n, 3, range(GAMES))
    for agents in ("greedy", *own_agents(game, core)):
        same_rows(game, (agents,) * n, 3, range(greedy))
    for agents in SEARCH_AGENTS:
        same_rows(game, (agents,) * n, 3, range(search), cap)
    mixed = ("random", "mcts:20", "greedy", "ismcts:20", *own_agents(game, core), "random", "greedy")[:n]
    same_rows(game, mixed, 5, range(search), cap)


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


def test_tiddly_wink_deals_by_search_as_the_engine_does(monkeypatch):
    """The core's depth-first deal (what a sample falls back on when rejection keeps failing) places
    the tiles and draws the numbers of the engine's, on constrained deals worked out at random."""
    import random

    import numpy as np

    import printkit_games.tiddly_wink.engine as tw
    from printkit_games.tiddly_wink import core as tc
    from simulate.fast import mt

    game, _ = _pair("tiddly_wink", "default")
    monkeypatch.setattr(tw, "SAMPLE_TRIES", 0)  # straight to the search
    picker = random.Random(5)
    searched = 0
    for case in range(300):
        pool = sorted(picker.sample(range(game.tiles), picker.randrange(4, 20)))
        hands = picker.randrange(1, 6)
        cut = sorted(picker.sample(range(len(pool) + 1), hands))
        need = [b - a for a, b in zip([0, *cut], cut, strict=False)]
        truth = pool[:]
        picker.shuffle(truth)
        # ban each hand numbers none of its true tiles shows, so a deal always exists
        banned = []
        k = 0
        for size in need:
            shown = {x for tile in truth[k : k + size] for x in (game.lo[tile], game.hi[tile])}
            free = [x for x in range(game.values) if x not in shown]
            voids = sum(1 << x for x in picker.sample(free, picker.randrange(len(free) + 1)))
            banned.append(game.match_set[voids])
            k += size
        expected = tw._redeal(pool, need, banned, random.Random(case))
        gen = mt.new_generator()
        mt.seed(gen, case)
        tiles = np.array(pool, dtype=np.int64)
        places = np.empty(len(pool), dtype=np.int64)
        tc.search_deal(tiles, len(pool), np.array(need + [0]), np.array(banned), hands, gen, places)
        pairs = list(zip(tiles.tolist(), places.tolist(), strict=True))
        dealt = [[t for t, h in pairs if h == room] for room in range(hands + 1)]
        assert dealt == expected, f"case {case}"
        reference = random.Random(case)
        tw._redeal(pool, need, banned, reference)
        assert mt.settle(gen) == list(reference.getstate()[1]), f"case {case}: the generator parted"
        searched += any(banned)
    assert searched > 200


@pytest.mark.parametrize(
    ("variant", "sets"),
    [
        ("default", ("compensation=0.5",)),
        ("teams", ("compensation=1.5",)),
        ("battle_royale", ("compensation=-0.75", "first_player=random")),
        ("two_rounds", ("compensation=2",)),
    ],
)
def test_united_square_compensation_on_the_core(variant, sets):
    """United Square's core adds the compensation (komi) as `GameBase.compensated` does: to the scores,
    the winners and the places, a team's once and split between its seats; every search agent reads it
    at a finished game's placements. No variant of the data file sets it: arms built with --set."""
    game, core = _pair("united_square", variant, sets)
    for seed in range(6):
        step_by_step(game, core, seed, "random")
    n = game.players
    for agents in ("random", "greedy", "mcts:20", "ismcts:20", "mc:10"):
        same_rows(game, (agents,) * n, 3, range(40 if agents == "random" else 3))


def test_the_compensation_moves_united_square_rows():
    """The test above can fail: half a point of komi changes the rows of some random 2p games (a tie
    goes to the second player), so a core that dropped it would not match."""

    def rows(sets):
        core = core_of(make_game(load_game("united_square").resolve("default", sets)), "fast")
        return core.rows(core.agent_table(("random", "random")), 3, 0, range(60))

    assert rows(()) != rows(("compensation=0.5",))


def test_a_rule_the_core_does_not_implement_plays_on_python(monkeypatch, capsys):
    """A rule a core's tables do not carry is never played as absent: the game plays on its Python
    engine and stderr says so once."""
    from printkit_games.united_square.core import Core

    game = make_game(load_game("united_square").resolve("default"))
    assert core_of(game, "fast") is not None  # every rule the data file declares is implemented
    monkeypatch.setattr(Core, "implements", Core.implements - {"compensation"})
    fresh = make_game(load_game("united_square").resolve("default", ("compensation=0.5",)))
    assert core_of(fresh, "fast") is None
    assert "does not implement the rule compensation; playing its Python engine" in capsys.readouterr().err


@pytest.mark.parametrize("name", CORED)
def test_every_rule_of_the_data_file_is_implemented_by_the_core(name):
    """So the fast path is what the data file's games play on (a new rule needs its core taught it)."""
    from importlib import import_module

    data = load_game(name)
    cls = import_module(game_class(data.engine).core).Core
    for variant in data.variants:
        assert set(data.resolve(variant).values) <= cls.implements, variant


@pytest.mark.parametrize(
    ("variant", "sets"),
    [
        ("default", ("compensation=0.5", "position_counters=2")),
        ("block", ("compensation=-1.25",)),
        ("last_standing", ("compensation=3", "position_counters=1", "match_tie=rounds_won")),
    ],
)
def test_tiddly_wink_compensation_and_head_start_on_the_core(variant, sets):
    """No variant of the data file sets the compensation or the head start: arms built with --set."""
    game, core = _pair("tiddly_wink", variant, sets)
    for seed in range(4):
        step_by_step(game, core, seed, "random")
    n = game.players
    for agents in ("random", "greedy", "ismcts:20"):
        same_rows(
            game, (agents,) * n, 3, range(20 if agents == "random" else 3), 0 if agents == "random" else 60
        )


@pytest.mark.parametrize(
    ("variant", "sets"),
    [
        ("default", ("compensation=0.5",)),
        ("p2", ("compensation=-1.25", "sides.comets=blue", "sides.planets=blue", "new_star_points=2")),
        (
            "flip",
            (
                "compensation=3",
                "sides.asteroids=blue",
                "sides.black_holes=blue",
                "chart.rows=3",
                "chart.cols=4",
            ),
        ),  # fmt: skip
        ("p3", ("sides.satellites=blue", "sides.black_holes=blue", "constellations.largest=3")),
    ],
)
def test_twinkle_twinkle_compensation_and_mixed_sides_on_the_core(variant, sets):
    """No variant of the data file sets the compensation or mixes the score references' sides: arms
    built with --set, move by move and row by row (greedy_left, the engine's own agent, included)."""
    game, core = _pair("twinkle_twinkle", variant, sets)
    for seed in range(6):
        step_by_step(game, core, seed, "random")
        step_by_step(game, core, seed, "greedy")
    n = game.players
    for agents in ("random", "greedy", "greedy_left", "mcts:20,prior=greedy,rollout=greedy,norm=minmax"):
        same_rows(game, (agents,) * n, 3, range(20 if agents == "random" else 4))


@pytest.mark.parametrize(
    ("variant", "sets"),
    [
        ("default", ("compensation=0.5", "position_tokens=2")),
        ("p2", ("partial_at_edge=lowest", "collapse_order=partial_first", "full_at=fifth")),
        ("p3", ("hand_size=6", "hand_limit=8", "freeze_markers=2", "turn_cap=40")),
        ("shared_colours", ("specials_per_kind=8", "crystal_goal=3", "compensation=-1.25")),
        ("tokens0", ("hand_size=2", "hand_limit=4")),
    ],
)
def test_time_splicers_rules_no_variant_sets_on_the_core(variant, sets):
    """The rules no variant of the data file changes (the compensation and head start, the collapses'
    house rules, the hand's size and limit, freeze markers, the turn cap, a deck of 76 cards): arms
    built with --set, move by move and row by row."""
    game, core = _pair("time_splicers", variant, sets)
    for seed in range(6):
        step_by_step(game, core, seed, "random")
        step_by_step(game, core, seed, "greedy")
    n = game.players
    for agents in ("random", "greedy", "ismcts:20"):
        same_rows(
            game, (agents,) * n, 3, range(40 if agents == "random" else 3), 60 if agents == "ismcts:20" else 0
        )


@pytest.mark.parametrize(
    ("variant", "sets"),
    [
        ("default", ("compensation=0.5",)),
        ("p2", ("compensation=-1.25", "npc_brands=not_ranked")),
        ("p3", ("npc_brands=not_ranked", "first_player=seat1", "tie_break=next_largest")),
        ("loose_relocation", ("relocation_lock=town_and_fences", "rotation=false")),
        ("draft_tiles", ("compensation=3", "tie_break=shared", "relocation_connected=false")),
    ],
)
def test_this_town_arms_without_a_variant_on_the_core(variant, sets):
    """No variant of the data file sets the compensation, leaves NPC brands unranked with NPCs in play,
    or mixes these options: arms built with --set, move by move and row by row."""
    game = make_game(load_game("this_town").resolve(variant, sets))
    core = core_of(game, "fast")
    assert core is not None
    for seed in range(12):
        step_by_step(game, core, seed, "random")
        step_by_step(game, core, seed, "greedy")
    n = game.players
    for agents in ("random", "greedy", "ismcts:20", "mcts:20,prior=greedy,norm=minmax"):
        same_rows(
            game,
            (agents,) * n,
            3,
            range(60 if agents == "random" else 4),
            0 if agents in ("random", "greedy") else 10,
        )
