"""Each engine is held to what its rule set declares (`printkit/datafile/<engine>.py`).

The rule set is what printkit and simulate both check data files, variants and
`--set` against, so a value it lets through must be one the engine plays, and
plays as itself: every player count of `PLAYERS` plays seeded random games to
the end with invariants on; every value of every `OneOf` rule (and both values
of a yes-no rule) does too, and plays differently from the data file's
default in at least one seeded game, so an engine that read an unknown value
as some other (United Square played `deal = "snake"` as `random`) fails here.
Every rule of a shipped data file must be declared, so none can be widened.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from printkit.datafile.gamedata import GameData, Rules, available_games, load_game
from printkit.datafile.rulesets import ruleset
from printkit.datafile.shapes import OneOf
from printkit.errors import DataError
from simulate.engines import ENGINES, make_game

GAMES = [name for name in available_games() if load_game(name).engine in ENGINES]
SEEDS = range(12)  # seeded games per variant in which a value must play differently from the default
# Rules that only matter in a rare position, with the settings that make it less rare and the seeds
# to look in: Tiddly-Wink's all_out is for every player still in failing to pay the stake at once,
# after a tied blocked round (4 games in 100 of these).
PROBES = {
    ("tiddly_wink", "all_out"): (
        ["p2", "hand=10", "match_end=last_standing", "tie=carry", "counters=1", "stake=1"],
        range(200),
    )
}


def _play(rules: Rules, seed: int) -> tuple[Any, ...]:
    """A seeded random game to its end with invariants on: who made which move, and the result."""
    game = make_game(rules, debug=True)
    state = game.new_state(seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over():
        assert len(moves) < game.max_moves
        legal = state.legal_moves()
        move = legal[rng.randrange(len(legal))]
        moves.append((state.current_player(), move))
        state.apply(move)
    result = state.result()
    return tuple(moves), tuple(result.scores), tuple(result.winners), result.draw


def _choices(data: GameData) -> list[tuple[str, Any]]:
    """(rule, value) for every value a `OneOf` rule implements and both values of every yes-no rule."""
    out = []
    for name, shape in ruleset(data.engine).RULES.items():
        if isinstance(shape, OneOf):
            out += [(name, value) for value in shape.values]
        elif shape is True:
            out += [(name, True), (name, False)]
    return out


def _resolved(data: GameData, spec: list[str], players: int | None = None) -> Rules | None:
    try:
        return data.resolve(spec, players=players)
    except DataError:
        return None


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_of_the_data_file_is_declared_with_the_values_it_offers(name):
    data = load_game(name)
    rules = ruleset(data.engine).RULES
    assert set(data.rules) <= set(rules), (
        f"rules its rule set does not declare: {set(data.rules) - set(rules)}"
    )
    for rule, shape in rules.items():
        if isinstance(shape, OneOf) and "choices" in data.options[rule]:
            assert sorted(map(str, data.options[rule]["choices"])) == sorted(map(str, shape.values)), rule


@pytest.mark.parametrize("name", GAMES)
def test_every_player_count_the_rule_set_supports_plays_to_the_end(name):
    data = load_game(name)
    supported = ruleset(data.engine).PLAYERS
    assert set(data.player_counts) <= set(supported)
    default = data.resolve()
    for n in supported:
        rules = _resolved(data, [], n) or replace(default, players=n)
        for seed in range(3):
            _, scores, _, _ = _play(rules, seed)
            assert len(scores) == n


@pytest.mark.parametrize("name", GAMES)
def test_every_implemented_value_plays_and_plays_as_itself(name):
    data = load_game(name)
    variants = ["default", *(v for v in data.variants if v != "default")]
    by_rule: dict[str, list[Any]] = {}
    for rule, value in _choices(data):
        by_rule.setdefault(rule, []).append(value)
    for rule, values in by_rule.items():
        probe, seeds = PROBES.get((name, rule), ([], SEEDS))
        played: set[str] = set()
        apart: set[str] = set()  # values seen playing differently from another value of the rule
        for variant in ["default"] if probe else variants:
            resolved = {}
            for value in values:
                setting = f"{rule}={str(value).lower() if isinstance(value, bool) else value}"
                rules = _resolved(data, [variant, *probe, setting])
                if rules is not None:  # else this value does not fit that variant (teams need 4 players, ...)
                    resolved[str(value)] = rules
            played |= set(resolved)
            games: dict[str, list[Any]] = {value: [] for value in resolved}
            for seed in seeds:  # seed by seed, so the search stops once every value has played apart
                for value, rules in resolved.items():
                    games[value].append(_play(rules, seed))
                apart |= {
                    v for v, mine in games.items() if any(o != mine for k, o in games.items() if k != v)
                }
                if apart >= set(resolved):
                    break
            if apart >= set(map(str, values)):
                break
        assert played >= set(map(str, values)), (
            f"{rule}: {set(map(str, values)) - played} resolve under no variant"
        )
        assert apart >= set(map(str, values)), (
            f"{rule}: {set(map(str, values)) - apart} play as another value"
        )
