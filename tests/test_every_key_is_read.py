"""Every key of a shipped data file is read by something: changed alone, it changes what a tool makes.

How a key is changed and which tool must show it: `tests/data_keys.py`. The whole check builds and
plays thousands of changed files, so it is marked long (`.ci/run` runs it after the README's
command), and so is the check that each excuse of `NO_CHANGE` is needed; the default suite checks
a seeded sample of each game's keys and the check itself.
"""

from __future__ import annotations

import random

import pytest

from printkit.datafile.gamedata import check_game
from tests import data_keys
from tests.data_keys import (
    NO_CHANGE,
    SHIPPED,
    UNSEEN,
    Context,
    changes,
    context,
    data_file,
    excuse,
    leaf_keys,
    matches,
    raw_file,
    readers,
    unread,
)

SAMPLE = 5  # keys of each game the default suite changes


@pytest.mark.long
@pytest.mark.parametrize("game", SHIPPED)
def test_every_key_of_a_shipped_data_file_is_read(game, tmp_path):
    problems = [p for key in leaf_keys(raw_file(game), game) if (p := unread(game, key, tmp_path))]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", SHIPPED)
def test_a_sample_of_each_games_keys_is_read(game, tmp_path):
    keys = random.Random(f"sample of {game}").sample(leaf_keys(raw_file(game), game), SAMPLE)
    problems = [p for key in keys if (p := unread(game, key, tmp_path))]
    assert not problems, "\n".join(problems)


@pytest.mark.long
def test_every_excuse_excuses_a_key_of_which_no_change_is_accepted(tmp_path):
    keys = [(g, k) for g in SHIPPED for k in leaf_keys(raw_file(g), g)]

    def unchangeable(game, key):
        return next(changes(game, key, context(key, tmp_path)), None) is None

    unneeded = [p for p, _why in NO_CHANGE if not any(unchangeable(g, k) for g, k in keys if matches(p, k))]
    assert not unneeded


def test_every_unseen_pattern_matches_a_key_and_no_key_of_a_games_own():
    keys = [k for g in SHIPPED for k in leaf_keys(raw_file(g), g)]
    assert all(any(matches(p, k) for k in keys) for p, _why in UNSEEN)
    assert all(p.startswith("layouts.") for p, _why in UNSEEN)


def test_a_key_no_reader_shows_is_caught(tmp_path):
    # a variant's doc is printed by `printkit list`; the games never read it
    key = ("variants", "goal5", "doc")
    assert unread("time_splicers", key, tmp_path) is None
    found = unread("time_splicers", key, tmp_path, names=("games",))
    assert found is not None and found.startswith("variants.goal5.doc = ") and "read by nothing" in found


def test_a_key_the_compiled_core_does_not_read_is_caught(tmp_path, monkeypatch):
    # a core that ignores the crystal goal plays the shipped file's games whatever the goal says
    game, key = "time_splicers", ("rules", "crystal_goal")
    shipped = check_game(raw_file(game), data_file(game))
    real = data_keys.core_games
    assert real(shipped, Context("default", "en", tmp_path)) is not None
    monkeypatch.setattr(data_keys, "core_games", lambda _data, ctx: real(shipped, ctx))
    found = unread(game, key, tmp_path)
    assert found is not None and found.startswith("rules.crystal_goal = 1: the compiled core plays other")


def test_a_rule_is_changed_to_its_bound_and_a_list_loses_an_item(tmp_path):
    ctx = Context("default", "en", tmp_path)
    goal = ("rules", "crystal_goal")
    assert next(changes("time_splicers", goal, ctx))[0] == 1  # options.crystal_goal.min
    assert next(changes("time_splicers", ("rules", "portal"), ctx))[0] == "same_turn"
    assert next(changes("time_splicers", ("game", "headline"), ctx))[0] == ["goal5"]
    assert readers(goal)[0] == "games" and readers(("game", "headline")) == ("demo arms",)


def test_one_entry_of_a_manifest_stands_for_all():
    raw = raw_file("twinkle_twinkle")
    tiles = [k for k in leaf_keys(raw, "twinkle_twinkle") if k[:3] == ("components", "tile", "tiles")]
    assert len({k[3] for k in tiles}) == 1 and 0 <= tiles[0][3] < len(raw["components"]["tile"]["tiles"])
    assert {k[4] for k in tiles} == set(raw["components"]["tile"]["tiles"][tiles[0][3]])


def test_no_change_of_the_engine_is_accepted_and_that_is_excused(tmp_path):
    key = ("game", "engine")
    assert next(changes("time_splicers", key, Context("default", "en", tmp_path)), None) is None
    assert excuse(key) is not None and unread("time_splicers", key, tmp_path) is None
