"""One conformance suite over every registered engine and every variant of its data file.

In the spirit of OpenSpiel's random-simulation test: seeded random games with
invariants checked after every move end within the game's `max_moves`; the
same seed gives the same game; a clone is independent of its original; a
seat's view holds no generator (nor its state) and nothing hidden (it is the
same whatever a sample redraws of the hidden parts); a sample agrees with the
view it was drawn from and plays on to the end. A game gets all of this by
being registered in `simulate.engines.ENGINES` with a data file naming it.

Games per case: the issue asks 1,000 random games per variant; that takes
minutes for Tiddly-Wink's 17 variants of ~1,200-move matches alone, so each
engine plays 1,000 games spread over its variants (at least GAMES_MIN per
variant), and the view, sample and clone checks run on VIEW_GAMES games per
variant at VIEW_POSITIONS positions each.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from printkit.datafile.gamedata import available_games, load_game
from printkit.errors import DataError
from simulate.engines import ENGINES, make_game
from simulate.engines.base import GameBase, StateBase
from simulate.play.runner import play

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

GAMES_PER_ENGINE = 1000
GAMES_MIN = 40
VIEW_GAMES = 6
VIEW_POSITIONS = 8
SAME_SEED_GAMES = 3


def _cases() -> Iterator[Any]:
    """(data file, variant, games) for each variant of each data file whose engine is registered."""
    for name in available_games():
        try:
            data = load_game(name)
        except DataError:
            yield pytest.param(name, None, 0, id=f"{name}-unloadable")  # each test then fails on the error
            continue
        if data.engine not in ENGINES:
            continue
        variants = ["default", *(v for v in data.variants if v != "default")]
        games = max(GAMES_MIN, math.ceil(GAMES_PER_ENGINE / len(variants)))
        for variant in variants:
            yield pytest.param(name, variant, games, id=f"{name}-{variant}")


CASES = list(_cases())


def _game(name: str, variant: str | None, debug: bool = True) -> GameBase:
    if variant is None:
        load_game(name)  # raises the data file's error
    return make_game(load_game(name).resolve(variant), debug=debug)


def _random_game(game: GameBase, seed: int) -> tuple[StateBase, list[Any]]:
    """Play a seeded random game to its end within `max_moves`; return the final state and the moves."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over():
        assert len(moves) < game.max_moves, f"seed {seed}: no end after {game.max_moves} moves"
        legal = state.legal_moves()
        assert legal, f"seed {seed}: no legal move for seat {state.current_player()} before the end"
        move = legal[rng.randrange(len(legal))]
        moves.append(move)
        state.apply(move)
    return state, moves


def _positions(game: GameBase, seed: int, count: int) -> Iterator[StateBase]:
    """`count` positions of a seeded random game, spread over it (the state moves on between them)."""
    _, moves = _random_game(game, seed)
    picks = set(random.Random(seed).sample(range(len(moves)), min(count, len(moves))))
    state = game.new_state(seed)
    for k, move in enumerate(moves):
        if k in picks:
            yield state
        state.apply(move)


# ------------------------------------------------------------ what a view may hold
GENERATORS = (
    random.Random,
    np.random.Generator,
    np.random.RandomState,
    np.random.BitGenerator,
    np.random.SeedSequence,
)


def _is_generator_state(value: Any) -> bool:
    """`random.Random.getstate()`'s shape: (version, 625 words, gauss)."""
    return (
        isinstance(value, tuple) and len(value) == 3 and isinstance(value[1], tuple) and len(value[1]) == 625
    )


def public_form(obj: Any, path: str = "view", seen: dict[int, str] | None = None, full: bool = False) -> Any:
    """The view's object graph as plain nested tuples, refusing any generator or generator state.

    The `Game` (rules and tables, the same for every seat) is left out; every
    other object is walked through its slots and attributes. `full` is for
    whole states: their generator is kept as its state instead of refused.
    """
    seen = {} if seen is None else seen
    if full and isinstance(obj, random.Random):
        return ("generator", obj.getstate())
    if isinstance(obj, GENERATORS) or _is_generator_state(obj):
        raise AssertionError(f"{path}: a random generator or its state ({type(obj).__name__}) in a view")
    if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
        return obj
    if isinstance(obj, GameBase):
        return "<game>"
    if id(obj) in seen:
        return ("<same as>", seen[id(obj)])
    seen[id(obj)] = path
    if isinstance(obj, (list, tuple)):
        return (
            type(obj).__name__,
            tuple(public_form(v, f"{path}[{i}]", seen, full) for i, v in enumerate(obj)),
        )
    if isinstance(obj, (set, frozenset)):
        return ("set", tuple(sorted((public_form(v, f"{path}{{}}", seen, full) for v in obj), key=repr)))
    if isinstance(obj, dict):
        items = [
            (public_form(k, f"{path}.key", seen, full), public_form(v, f"{path}[{k!r}]", seen, full))
            for k, v in obj.items()
        ]
        return ("dict", tuple(sorted(items, key=repr)))
    if isinstance(obj, np.ndarray):
        return ("array", obj.dtype.str, obj.shape, obj.tobytes())
    fields = {}
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name) and name not in fields:
                fields[name] = getattr(obj, name)
    fields.update(getattr(obj, "__dict__", {}))
    return (
        type(obj).__name__,
        tuple((k, public_form(v, f"{path}.{k}", seen, full)) for k, v in sorted(fields.items())),
    )


def check_view(state: StateBase, seat: int, rng: random.Random) -> StateBase:
    """A view of `seat` holds no generator and nothing hidden; samples agree with it. Returns a sample."""
    view = state.view(seat)
    assert isinstance(view, StateBase)
    seen = public_form(view)
    # A full state redrawn from the seat's knowledge has other hidden parts; its view must be the same.
    redrawn = state.sample(seat, rng)
    assert public_form(redrawn.view(seat)) == seen, "the view shows something a sample redraws (hidden)"
    from_view = view.sample(seat, rng)
    assert public_form(from_view.view(seat)) == seen, "a sample drawn from the view disagrees with it"
    assert from_view.rng is not None and from_view.rng is not getattr(state, "rng", None)
    from_view.check_invariants()
    return from_view


def _play_out(state: StateBase, rng: random.Random) -> None:
    """Play `state` on at random to its end, which must come within `max_moves` moves (the runner's cap: a
    game that ends with its `max_moves`-th move ends, as it does in a run)."""
    limit = state.game_of().max_moves
    for played in range(limit + 1):
        if state.is_over():
            state.result()
            return
        if played == limit:
            break
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError(f"a sampled state did not end within {limit} moves")


# ------------------------------------------------------------------ the suite
@pytest.mark.parametrize(("name", "variant", "games"), CASES)
def test_random_games_keep_their_invariants_and_end_within_max_moves(name, variant, games):
    game = _game(name, variant)
    for seed in range(games):
        state, moves = _random_game(game, seed)
        result = state.result()
        assert len(result.scores) == game.players and len(result.placements) == game.players
        assert all(0 <= w < game.players for w in result.winners)
        assert result.moves in (0, len(moves)), "Result.moves is the number of moves played"


@pytest.mark.parametrize(("name", "variant", "games"), CASES)
def test_the_same_seed_gives_the_same_game(name, variant, games):
    game = _game(name, variant, debug=False)
    for seed in range(SAME_SEED_GAMES):
        one, moves_one = _random_game(game, 1000 + seed)
        two, moves_two = _random_game(game, 1000 + seed)
        assert moves_one == moves_two
        assert one.result() == two.result()


@pytest.mark.parametrize(("name", "variant", "games"), CASES)
def test_a_clone_is_independent_of_its_original(name, variant, games):
    game = _game(name, variant, debug=False)
    for seed in range(VIEW_GAMES):
        for state in _positions(game, seed, 2):
            before = public_form(state, full=True)
            copy = state.clone()
            assert public_form(copy, full=True) == before
            _play_out(copy, random.Random(seed))
            assert public_form(state, full=True) == before, "playing a clone changed its original"
            # the clone carries the generator's state: the same moves give the same game
            again, other = state.clone(), state.clone()
            _play_out(again, random.Random(seed + 1))
            _play_out(other, random.Random(seed + 1))
            assert again.result() == other.result()
            break


@pytest.mark.parametrize(("name", "variant", "games"), CASES)
def test_views_leak_nothing_and_samples_agree_and_play_to_the_end(name, variant, games):
    game = _game(name, variant)
    rng = random.Random(7)
    for seed in range(VIEW_GAMES):
        for state in _positions(game, seed, VIEW_POSITIONS):
            for seat in range(game.players):
                sample = check_view(state, seat, rng)
            _play_out(sample, rng)


# ------------------------------------------------- a last move: the suite and the runner agree
@pytest.mark.parametrize("cap", [7, 6])
def test_a_game_ending_with_its_max_moves_th_move_ends_for_the_suite_as_for_the_runner(cap):
    """Pebble Pile with 7 pebbles taken one at a time lasts exactly 7 moves: within a cap of 7 for both the
    suite's checks and the runner; with a cap of 6 the runner stops it capped and the suite fails it."""
    data = load_game(str(EXAMPLES / "pebble_pile" / "pebble_pile.toml"))
    game = make_game(data.resolve("default", ["pile=7", "take_max=1"]))
    game.max_moves = cap
    result, _ = play(game, ("random", "random"), 1, 0, cap)
    assert result.capped == (cap < 7)
    for check in (lambda: _random_game(game, 0), lambda: _play_out(game.new_state(0), random.Random(0))):
        if cap == 7:
            check()
        else:
            with pytest.raises(AssertionError, match="within 6 moves|no end after 6 moves"):
                check()


# ------------------------------------------------- the checks catch a leaky view
def _leaky(state: StateBase, leak: Any) -> StateBase:
    """`state` as an instance of a subclass whose `view` lets `leak(view, state)` put something back."""
    base = type(state)

    class Leaky(base):  # type: ignore[misc, valid-type]
        __slots__ = ()

        def view(self, player: int) -> StateBase:
            v = base.view(self, player)
            leak(v, self)
            return v

    state.__class__ = Leaky
    return state


def _mid_game(name: str, variant: str, seed: int = 3) -> StateBase:
    game = _game(name, variant)
    return next(iter(_positions(game, seed, 1)))


def _set(name: str, value: Any) -> Any:
    return lambda view, state: setattr(view, name, value(state))


@pytest.mark.parametrize(
    ("name", "variant", "leak", "message"),
    [
        ("united_square", "default", _set("rng", lambda s: s.rng), "random generator"),
        ("twinkle_twinkle", "p2", _set("rng", lambda s: random.Random(0)), "random generator"),
        ("tiddly_wink", "p3", _set("rng", lambda s: s.rng.getstate()), "random generator"),
        ("tiddly_wink", "p3", _set("hands", lambda s: s.hands[:]), "hidden"),
        ("tiddly_wink", "p3", _set("bone", lambda s: s.bone[:]), "hidden"),
        ("twinkle_twinkle", "p2", _set("bag", lambda s: s.bag[:]), "hidden"),
    ],
    ids=[
        "us-generator",
        "twinkle-generator",
        "tiddly-generator-state",
        "tiddly-hands",
        "tiddly-boneyard",
        "twinkle-bag-order",
    ],
)
def test_the_view_check_fails_on_a_view_that_keeps_a_generator_or_hidden_parts(name, variant, leak, message):
    state = _mid_game(name, variant)
    check_view(state, 0, random.Random(1))  # the engine's own view passes
    leaky = _leaky(state, leak)
    with pytest.raises(AssertionError, match=message):
        check_view(leaky, 0, random.Random(1))


ENGINE_GAMES = sorted({name for name, variant, _ in (c.values for c in CASES) if variant == "default"})


@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_every_metric_and_figure_of_the_game_has_a_doc_for_the_definitions_page(name, tmp_path):
    """The report's definitions page prints a doc for each figure: a game's metric or figure without
    one fails here. The figures are those `report_extras` draws from a few random games."""
    import matplotlib.pyplot as plt

    from simulate.analysis import balance
    from simulate.analysis.arm import Arm
    from simulate.commands.arms import arm_changes, play_arm
    from simulate.report import context

    data = load_game(name)
    rules = data.resolve("default")
    game = make_game(rules)
    missing = [m for m in game.metric_names if not game.metric_docs.get(m, "").strip()]
    assert not missing, f"{name}: metric_names without a doc in metric_docs: {missing}"
    agents = ("random",) * rules.players
    _, tally = play_arm(data, rules, agents, 6, 1, tmp_path / "arm", 1, True)
    summary = balance.summarize(tally, game.shown_metrics(), game.categories)
    arm = Arm("default", rules.players, agents, tally.cols(), summary, tally, arm_changes(data, rules))
    ctx = context.Context(data.title, name, 6, 1, game.shown_metrics(), game.categories)
    extras = game.report_extras(ctx, [arm, arm]) or context.Extras()
    undocumented = [f for f in extras.figures if not game.figure_docs.get(f, "").strip()]
    for fig in extras.figures.values():
        plt.close(fig)
    assert not undocumented, f"{name}: report figures without a doc in figure_docs: {undocumented}"


# ------------------------------------------------- a game in Japanese names all it shows
def unnamed_in_japanese(game: type[GameBase]) -> list[str]:
    """The metrics, score categories and figures that a game speaking Japanese (with `docs_ja` or
    `names_ja`) leaves without a Japanese name in `names_ja`; none for a game with no Japanese at all."""
    if not (game.docs_ja or game.names_ja):
        return []
    shown = dict.fromkeys((*game.metric_names, *game.categories, *game.figure_docs))
    return [name for name in shown if not game.names_ja.get(name, "").strip()]


@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_a_game_in_japanese_names_every_metric_category_and_figure_in_japanese(name):
    """A Japanese report prints a game's own names by `names_ja`: a game with Japanese docs that left a
    name out would print it as an English identifier among Japanese words, half translated."""
    game = type(make_game(load_game(name).resolve("default")))
    missing = unnamed_in_japanese(game)
    assert not missing, (
        f"{name}: has docs_ja, so names_ja must give a Japanese name to each metric, category and figure; "
        f"missing: {missing}"
    )


def undocumented_in_japanese(game: type[GameBase]) -> list[str]:
    """What a game with Japanese docs (`docs_ja` or `figure_docs_ja`) leaves without a Japanese line, and
    the keys of either that name none of its metrics (figures): a figure's line kept in `docs_ja` would be
    printed for the metric of the same name. Nothing for a game with no Japanese docs at all."""
    if not (game.docs_ja or game.figure_docs_ja):
        return []
    out = [f"metric {m}" for m in game.metric_names if not game.docs_ja.get(m, "").strip()]
    out += [f"figure {f}" for f in game.figure_docs if not game.figure_docs_ja.get(f, "").strip()]
    out += [f"docs_ja {k}: no such metric" for k in game.docs_ja if k not in game.metric_names]
    out += [f"figure_docs_ja {k}: no such figure" for k in game.figure_docs_ja if k not in game.figure_docs]
    return out


@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_a_game_in_japanese_documents_every_metric_and_every_figure_apart_in_japanese(name):
    """The definitions page prints a metric's line from `docs_ja` and a figure's from `figure_docs_ja`: a
    game that left one out would print its English line among Japanese ones."""
    game = type(make_game(load_game(name).resolve("default")))
    # a game with no figures of its own (the starter game `simulate new-game` writes) has none to document
    assert game.docs_ja and (game.figure_docs_ja or not game.figure_docs), f"{name}: no docs in Japanese"
    missing = undocumented_in_japanese(game)
    assert not missing, f"{name}: Japanese docs missing or misplaced: {missing}"


def test_the_japanese_docs_check_fails_a_figures_line_among_the_metrics_and_passes_an_english_game():
    full = type(make_game(load_game("this_town").resolve("default")))
    # the figure's line where the metric's belongs, as one dict for both once had it
    mixed = {"docs_ja": {**full.docs_ja, "towns": full.figure_docs_ja["towns"], "stray": "なし"}}
    games = (full, type("Mixed", (full,), {**mixed, "figure_docs_ja": {}}))
    games += (type("English", (full,), {"docs_ja": {}, "figure_docs_ja": {}}),)
    assert [undocumented_in_japanese(game) for game in games] == [
        [], ["figure towns", "docs_ja stray: no such metric"], [],
    ]  # fmt: skip


@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_a_games_english_names_name_only_its_own_metrics_categories_and_figures(name):
    """`names_en` renames what the report prints: a key that is none of the game's names (a misspelt or
    renamed metric) would rename nothing, silently."""
    game = type(make_game(load_game(name).resolve("default")))
    stray = set(game.names_en) - {*game.metric_names, *game.categories, *game.figure_docs}
    assert not stray, f"{name}: names_en names no metric, category or figure of the game: {sorted(stray)}"
    assert all(words.strip() and "_" not in words for words in game.names_en.values()), name


def test_the_japanese_names_check_fails_a_half_translated_game_and_passes_an_english_one():
    full = type(make_game(load_game("united_square").resolve("default")))

    class Half(full):
        names_ja = {k: v for k, v in full.names_ja.items() if k not in ("dead_cells", "red")}

    class English(full):
        docs_ja: dict[str, str] = {}
        names_ja: dict[str, str] = {}

    assert unnamed_in_japanese(full) == []
    assert unnamed_in_japanese(Half) == ["dead_cells", "red"]
    assert unnamed_in_japanese(English) == []
    English.names_ja = {"rounds": "ラウンド数"}  # names alone make it a game in Japanese too
    assert "dead_cells" in unnamed_in_japanese(English) and "rounds" not in unnamed_in_japanese(English)
