"""Rows tallied as they are played: the same tally as one pass over the finished CSV, however they come."""

from __future__ import annotations

import numpy as np
import pytest

from printkit.datafile.gamedata import load_game
from simulate.analysis import tally
from simulate.analysis.tally import ArmTally, RowFeed, tally_csv
from simulate.commands.arms import play_arm, sides_of
from simulate.engines import make_game
from simulate.play import runner
from simulate.play.runner import RunConfig, run_to_csv


@pytest.fixture
def small_chunks(monkeypatch):
    """Chunks and a reservoir small enough that 100 games cross many chunk edges and get sampled."""
    monkeypatch.setattr(tally, "READ_CHUNK", 16)
    monkeypatch.setattr(tally, "RESERVOIR", 20)
    monkeypatch.setattr(runner, "RESUMED_LINES", 7)


def _csv(tmp_path, games=100):
    data = load_game("united_square")
    rules = data.resolve("default")
    config = RunConfig("united_square", "default", rules.as_dict(), 2, ("random", "random"), games, 5)
    return run_to_csv(config, rules, tmp_path / "run"), sides_of(make_game(rules)), data


def _same(a: ArmTally, b: ArmTally) -> bool:
    ca, cb = a.cols(), b.cols()
    return (
        a.games == b.games
        and a.outcomes == b.outcomes
        and a.lengths == b.lengths
        and all(np.array_equal(ca[k], cb[k], equal_nan=k != "winners") for k in ca)
        and all(a.describe(name) == b.describe(name) for name in a.columns)
    )


def test_rows_fed_in_any_pieces_make_the_tally_of_the_whole_csv(tmp_path, small_chunks):
    path, sides, _ = _csv(tmp_path)
    header, *lines = path.read_text().splitlines(keepends=True)
    whole = tally_csv(path, sides)
    for sizes in ([1], [5, 37], [64], [100]):
        feed = RowFeed(header.rstrip("\n").split(","), sides)
        k = 0
        while k < len(lines):
            for size in sizes:
                feed.add_text("".join(lines[k : k + size]))
                k += size
        assert _same(feed.finish(), whole), sizes
    # rows counted in other chunks than the CSV pass's give another tally: the feed's chunking matters
    other = ArmTally(header.rstrip("\n").split(","), sides)
    rows = [line.rstrip("\n").split(",") for line in lines]
    for k in range(0, len(rows), 10):
        other.add(rows[k : k + 10])
    assert not _same(other, whole)


def test_rows_past_the_limit_are_left_out(tmp_path, small_chunks):
    path, sides, _ = _csv(tmp_path)
    header, *lines = path.read_text().splitlines(keepends=True)
    feed = RowFeed(header.rstrip("\n").split(","), sides, limit=50)
    feed.add_text("".join(lines[:30]))
    feed.add_text("".join(lines[30:]))
    tallied = feed.finish()
    assert tallied.games == 50
    assert _same(tallied, tally_csv(path, sides, limit=50))


def test_a_resumed_arm_is_tallied_as_one_played_at_once(tmp_path, small_chunks):
    data = load_game("united_square")
    rules = data.resolve("default")
    agents = ("random", "random")
    _, fresh = play_arm(data, rules, agents, 100, 5, tmp_path / "fresh", 1, True)
    play_arm(data, rules, agents, 45, 5, tmp_path / "resumed", 1, True)
    _, resumed = play_arm(data, rules, agents, 100, 5, tmp_path / "resumed", 2, False)
    assert _same(resumed, fresh)
    assert _same(fresh, tally_csv(tmp_path / "fresh" / "games.csv", sides_of(make_game(rules))))
