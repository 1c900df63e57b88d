"""The runner: results independent of --jobs, resumable CSVs, and the statistics they feed."""

from __future__ import annotations

import json

import pytest

from printkit.datafile.gamedata import load_game
from printkit.errors import DataError
from simulate.analysis import stats
from simulate.commands.arms import run_arms
from simulate.commands.options import PlayOptions
from simulate.engines import make_game
from simulate.play import runner
from simulate.play.runner import CHUNK, SLICES, RunConfig, _chunks, game_seeds, read_rows, run_to_csv


def _arms(tmp_path, jobs, name):
    options = PlayOptions(
        agents=("random,greedy",), games=300, seed=7, jobs=jobs, out=tmp_path / name, fresh=True, quiet=True
    )
    outcome = run_arms("united_square", ["default", "equal_deal"], options)
    folder, written = outcome.folder, outcome.written
    return folder, written


def test_jobs_1_and_2_give_the_same_games_summary_and_report(tmp_path):
    one, w1 = _arms(tmp_path, 1, "one")
    two, w2 = _arms(tmp_path, 2, "two")
    for arm in ("default", "equal_deal"):
        assert (one / "arms" / arm / "games.csv").read_bytes() == (
            two / "arms" / arm / "games.csv"
        ).read_bytes()
    # every file of the report, the PNGs a second process draws under --jobs 2 among them
    assert set(w1) == set(w2)
    for name, path in w1.items():
        assert path.read_bytes() == w2[name].read_bytes(), name
    summary = json.loads(w1["summary"].read_text())
    assert summary["arms"]["default"]["games"] == 300
    assert set(summary["comparisons"]) == {"equal_deal vs default"}


def test_a_small_run_is_cut_into_enough_tasks_for_every_worker_and_a_big_one_into_full_chunks():
    # worked by hand: 100 games on 2 workers want 4 tasks each, so tasks of ceil(100 / 8) = 13
    assert [len(c) for c in _chunks(0, 100, 2)] == [13] * 7 + [9]
    # a resumed run cuts what is left: games 70..99 on 2 workers, tasks of ceil(30 / 8) = 4
    assert [c.start for c in _chunks(70, 100, 2)] == list(range(70, 100, 4))
    assert [len(c) for c in _chunks(0, 20_000, 2)] == [CHUNK] * 312 + [20_000 - 312 * CHUNK]
    assert [len(c) for c in _chunks(0, 3, 8)] == [1, 1, 1]
    for start, stop, workers in ((0, 1, 1), (5, 1000, 3), (0, 4096, 16), (17, 18, 2), (0, 250, 64)):
        chunks = _chunks(start, stop, workers)
        assert [g for c in chunks for g in c] == list(range(start, stop))
        assert max(map(len, chunks)) <= CHUNK
        assert len(chunks) >= min(stop - start, SLICES * workers)


def test_seeds_depend_on_seed_and_index_only():
    assert game_seeds(1, 5, 2) == game_seeds(1, 5, 2)
    assert game_seeds(1, 5, 2) != game_seeds(1, 6, 2)
    assert game_seeds(1, 5, 2) != game_seeds(2, 5, 2)


def test_an_interrupted_run_resumes_without_losing_or_repeating_games(tmp_path):
    data = load_game("united_square")
    rules = data.resolve("default")
    config = RunConfig("united_square", "default", rules.as_dict(), 2, ("random", "random"), 200, 3)
    whole = run_to_csv(config, rules, tmp_path / "whole").read_text()
    part_dir = tmp_path / "part"
    csv_path = run_to_csv(config, rules, part_dir)
    lines = whole.split("\n")
    # keep 80 games and half of the 81st row, as a kill in mid-write would
    csv_path.write_text("\n".join(lines[:81]) + "\n" + lines[81][:7])
    run_to_csv(config, rules, part_dir)
    assert csv_path.read_text() == whole


def test_resuming_with_other_settings_is_refused(tmp_path):
    data = load_game("united_square")
    rules = data.resolve("default")
    config = RunConfig("united_square", "default", rules.as_dict(), 2, ("random", "random"), 20, 3)
    run_to_csv(config, rules, tmp_path)
    other = RunConfig("united_square", "default", rules.as_dict(), 2, ("random", "random"), 20, 4)
    with pytest.raises(DataError, match=r"other settings \(seed 3 -> 4\); pass --fresh"):
        run_to_csv(other, rules, tmp_path)


def test_wilson_interval_matches_a_hand_computation():
    # 8 of 10: centre (0.8 + 1.92/20) / 1.384, half 1.96*sqrt(0.016 + 0.0096)/1.384
    r = stats.wilson(8, 10, z=1.96)
    assert r["lo"] == pytest.approx(0.4902, abs=1e-4)
    assert r["hi"] == pytest.approx(0.9433, abs=1e-4)
    assert stats.wilson(0, 10)["lo"] == 0.0
    # at 200 games rounding once put the lower bound of 0 of 200 above 0, breaking error bars
    assert stats.wilson(0, 200)["lo"] == 0.0 and stats.wilson(200, 200)["hi"] == 1.0


def test_read_rows_limits_to_the_games_asked_for(tmp_path):
    data = load_game("united_square")
    rules = data.resolve("default")
    config = RunConfig("united_square", "default", rules.as_dict(), 2, ("random", "random"), 50, 3)
    cols = read_rows(run_to_csv(config, rules, tmp_path), limit=20)
    assert len(cols["game"]) == 20 and cols["winners"][0]


def test_loading_the_report_modules_leaves_the_garbage_collector_as_it_found_it_with_its_objects_frozen():
    import gc

    from simulate.commands.arms import load_report_modules

    was = gc.isenabled()
    try:
        for state in (True, False):
            (gc.enable if state else gc.disable)()
            gc.unfreeze()
            load_report_modules()
            assert gc.isenabled() is state
            # what is alive then (the modules, the games read) is left out of every later collection
            assert gc.get_freeze_count() > 100_000
    finally:
        gc.unfreeze()
        (gc.enable if was else gc.disable)()


def test_a_cluster_worker_keeps_the_games_of_its_last_runs_only_and_plays_the_rows_of_a_local_run():
    # a worker outlives the commands it serves: run after run, it must not keep every run's game
    rules = load_game("united_square").resolve("default")
    job = (rules, ("random", "random"), 3, 100_000, False, "fast")  # the engine travels in the job
    local = runner._play_rows(make_game(rules), ("random", "random"), 3, 100_000, range(5, 9))
    runner._RUN_GAMES.clear()
    for k in range(runner.KEPT_RUNS + 3):
        assert runner.play_on_cluster_worker(job, f"run{k}", range(5, 9)) == local
    assert list(runner._RUN_GAMES) == [f"run{k}" for k in range(3, runner.KEPT_RUNS + 3)]
    # a run whose game was let go builds it again and plays the same rows
    assert runner.play_on_cluster_worker(job, "run0", range(5, 9)) == local
    runner._RUN_GAMES.clear()
