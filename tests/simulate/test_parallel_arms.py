"""Parallel arms: a compare plays every arm, every skill level and every strength check on one set of
workers, the next arm's games begun while the last ones of an arm are played, and still writes the
files of `--jobs 1`, resumes each arm where it stopped, and survives a worker lost mid-compare."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from printkit.datafile.gamedata import load_game
from simulate.play import runner
from simulate.play.runner import ArmRun, RunConfig, run_all_to_csv

COMPARE = ["compare", "united_square", "--variant", "default", "--variant", "board7", "--agents", "greedy",
           "--games", "150", "--seed", "4", "--quiet"]  # fmt: skip
SKILL = ["compare", "united_square", "--variant", "default", "--variant", "equal_deal", "--skill",
         "random,greedy", "--games", "60", "--strength-games", "40", "--seed", "2", "--quiet"]  # fmt: skip
WAIT = 60.0  # seconds a chunk of the first arm waits for the second arm's games to begin


def outputs(out: Path) -> dict[str, bytes]:
    """Every file a run wrote under `out`, by path inside it (a run leaves no lock file)."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def _compare(run_tool, args: list[str], out: Path, *more: str) -> dict[str, bytes]:
    code, _, err = run_tool("simulate", *args, "--out", str(out), *more)
    assert code == 0, err
    return outputs(out)


@pytest.fixture(scope="module")
def one_job(tmp_path_factory) -> dict[str, bytes]:
    """The two-arm compare's files with `--jobs 1`: no worker process, arm after arm in this one."""
    import subprocess
    import sys

    out = tmp_path_factory.mktemp("one-job")
    command = [sys.executable, "-c", "from simulate.entry import main; main()", *COMPARE, "--jobs", "1"]
    done = subprocess.run([*command, "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return outputs(out)


def test_a_two_arm_compare_writes_the_same_files_whatever_jobs_is(run_tool, tmp_path, one_job):
    assert sum(name.endswith("games.csv") for name in one_job) == 2
    for jobs in ("2", "3"):
        assert _compare(run_tool, COMPARE, tmp_path / jobs, "--jobs", jobs) == one_job, jobs


@pytest.mark.long  # worker processes playing whole compares (.ci/run's long part)
def test_a_skill_compare_writes_the_same_files_whatever_jobs_is(run_tool, tmp_path):
    """Every level's arms and the strength check's seatings on one set of workers; the report too,
    its skill figure (a constrained layout) included."""
    first = _compare(run_tool, SKILL, tmp_path / "1", "--jobs", "1")
    # two arms at two levels, and the strength check's two seatings
    assert sum(name.endswith("games.csv") for name in first) == 6
    assert any(name.endswith("skill.png") for name in first)
    for jobs in ("2", "3"):
        again = _compare(run_tool, SKILL, tmp_path / jobs, "--jobs", jobs)
        assert again == first, jobs


def _runs(folder: Path, games: int) -> list[ArmRun]:
    """Two arms of United Square (the default deal and the equal deal), random agents."""
    data = load_game("united_square")
    out = []
    for variant in ("default", "equal_deal"):
        rules = data.resolve(variant)
        config = RunConfig("united_square", rules.label, rules.as_dict(), 2, ("random", "random"), games, 1)
        out.append(ArmRun(config, rules, folder / variant))
    return out


def test_one_set_of_workers_plays_every_arm_and_begins_the_next_before_the_last_chunk_ends(
    tmp_path, monkeypatch
):
    """The first arm's last chunk waits until a chunk of the second arm has begun: arm after arm on
    fresh workers each, it would wait in vain. Every chunk notes the process that played it."""
    play = runner._play_chunk
    begun = tmp_path / "second-arm-begun"

    def noted(task: tuple[int, range]) -> str:
        arm, games = task
        (tmp_path / f"pid-{os.getpid()}").touch()
        if arm == 1:
            begun.touch()
        elif games.stop == 200:  # the first arm's last chunk
            deadline = time.monotonic() + WAIT
            while not begun.exists():
                if time.monotonic() > deadline:
                    raise RuntimeError("the second arm's games had not begun")
                time.sleep(0.01)
        return play(task)

    monkeypatch.setattr(runner, "_play_chunk", noted)
    paths = run_all_to_csv(_runs(tmp_path / "arms", 200), jobs=2)
    assert len(list(tmp_path.glob("pid-*"))) == 2  # two workers, started once for both arms
    alone = run_all_to_csv(_runs(tmp_path / "alone", 200)[1:], jobs=1)
    assert paths[1].read_bytes() == alone[0].read_bytes()


@pytest.mark.long  # worker processes playing whole compares (.ci/run's long part)
def test_a_compare_stopped_mid_arm_resumes_each_arm_where_it_stopped(
    run_tool, tmp_path, monkeypatch, one_job
):
    out = tmp_path / "resumed"
    whole = _compare(run_tool, COMPARE, out, "--jobs", "2")
    assert whole == one_job
    first, second = (next(out.rglob(f"{arm}/games.csv")) for arm in ("default", "board7"))
    # as a compare stopped in its second arm leaves them: the first arm whole, the second cut short
    # with its last row half-written (and nothing of the report)
    second.write_bytes(b"".join(second.read_bytes().splitlines(keepends=True)[:71]) + b"40,1,3")
    for name in ("report.pdf", "summary.json"):
        next(out.rglob(name)).unlink()
    played: list[tuple[str, int]] = []
    play = runner.play

    def counted(game, agents, seed, index, cap):
        played.append((game.rules.label, index))
        return play(game, agents, seed, index, cap)

    with monkeypatch.context() as patch:
        patch.setattr(runner, "play", counted)
        # the Python engine, whose games go through `play` one by one: the same rows as the cores'
        again = _compare(run_tool, COMPARE, out, "--jobs", "1", "--engine", "python")
    assert played == [("board7", k) for k in range(70, 150)]  # only the second arm's missing games
    assert first.read_bytes() == one_job[str(first.relative_to(out))]
    assert again == one_job


@pytest.mark.long  # worker processes playing whole compares (.ci/run's long part)
def test_a_worker_killed_mid_compare_is_replaced_and_the_compare_writes_the_files_of_one_job(
    run_tool, tmp_path, monkeypatch, one_job
):
    play = runner._play_chunk
    killed = tmp_path / "killed"

    def deadly_once(task: tuple[int, range]) -> str:
        arm, games = task
        # mid-way through the second arm: its second chunk, whichever worker takes it (with `start > 0`
        # the chunk killed was whichever of the later ones a worker began first, a race)
        if arm == 1 and games.start == 19 and not killed.exists():
            killed.touch()
            os.kill(os.getpid(), 9)
        return play(task)

    monkeypatch.setattr(runner, "_play_chunk", deadly_once)
    code, _, err = run_tool("simulate", *COMPARE, "--jobs", "2", "--out", str(tmp_path / "out"))
    assert code == 0, err
    (note,) = err.splitlines()
    board7 = next((tmp_path / "out").rglob("board7/games.csv"))
    assert "a worker process was killed by SIGKILL" in note
    assert note.endswith(f"playing games 19-37 of {board7}; a new one plays them again")
    assert outputs(tmp_path / "out") == one_job


def test_a_chunk_of_a_later_arm_that_kills_twice_names_that_arms_file(run_tool, tmp_path, monkeypatch):
    play = runner._play_chunk

    def deadly(task: tuple[int, range]) -> str:
        arm, games = task
        if arm == 1 and games.start == 19:  # the second arm's second chunk (chunks of 19 games)
            os.kill(os.getpid(), 9)
        return play(task)

    monkeypatch.setattr(runner, "_play_chunk", deadly)
    code, _, err = run_tool("simulate", *COMPARE, "--jobs", "2", "--out", str(tmp_path))
    assert code == 2, err
    replayed, error = err.splitlines()
    board7 = next(tmp_path.rglob("board7/games.csv"))
    assert replayed.endswith(f"playing games 19-37 of {board7}; a new one plays them again")
    assert error.startswith(f"error: {board7}: games 19-37: their worker process was killed by SIGKILL")
    assert "twice" in error and "run the command again to resume" in error
    kept = [int(line.split(",", 1)[0]) for line in board7.read_text().splitlines()[1:]]
    assert kept == list(range(len(kept))) and len(kept) <= 19
    assert f"the {len(kept):,} games before them are kept" in error
    assert not list(tmp_path.rglob("report.pdf"))
