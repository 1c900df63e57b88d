"""Runs meeting faults: a worker killed mid-run, a chunk that kills its worker twice, a full disk while
games or the report are written, a torn run.json, Ctrl-C while the report is drawn, and a parent killed
with kill -9. Each ends in one line, the games played kept, and (where the run could go on) the files of
an uninterrupted run."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.datafile.gamedata import load_game
from simulate.play import runner
from simulate.play.runner import RunConfig, run_to_csv

RUN = [sys.executable, "-c", "from simulate.entry import main; main()"]
GAMES = 1000  # 16 chunks of 64 games (the last of 40): long enough to lose a worker mid-run, and quick
ARGS = ["run", "united_square", "--agents", "random", "--games", str(GAMES), "--seed", "3", "--quiet"]


def _args(games: int) -> list[str]:
    """ARGS with another number of games."""
    return [*ARGS[:5], str(games), *ARGS[6:]]


def _folder(out: Path) -> Path:
    return out / "united_square" / "default.random.seed3"


def _csv(out: Path) -> Path:
    return _folder(out) / "arms" / "default" / "games.csv"


def outputs(out: Path) -> dict[str, bytes]:
    """Every file in a run's folder, by path inside it."""
    folder = _folder(out)
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> dict[str, bytes]:
    """The files of the run the faults below interrupt, played through without one."""
    out = tmp_path_factory.mktemp("uninterrupted")
    done = subprocess.run([*RUN, *ARGS, "--jobs", "2", "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return outputs(out)


def _workers(pid: int) -> list[int]:
    """The worker processes of the run `pid`, first forked first: its children forked from it, so with its
    command line (any other child, such as one an import starts for a moment, has its own); Linux's
    /proc. While the run imports the report's modules a standby worker is forked after the two."""
    kids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if (
                int(fields[1]) == pid
                and (stat.parent / "cmdline").read_bytes() == Path(f"/proc/{pid}/cmdline").read_bytes()
            ):
                kids.append(int(stat.parent.name))
        except OSError:  # it ended while being read
            continue
    return sorted(kids)  # pids rise as processes are forked (short of a wrap-around of the pid space)


def _start(out: Path, *more: str) -> subprocess.Popen:
    return subprocess.Popen(
        [*RUN, *ARGS, "--jobs", "2", "--out", str(out), *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _wait_for(condition, what: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"no {what} within {timeout} s"
        time.sleep(0.01)


def _rows(csv_path: Path) -> int:
    return csv_path.read_bytes().count(b"\n") - 1 if csv_path.exists() else 0


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds workers through /proc")


@pytest.mark.long  # a real worker killed mid-run (subprocesses) (.ci/run's long part)
@needs_proc
def test_a_worker_killed_with_kill_9_mid_run_is_replaced_and_the_run_writes_an_uninterrupted_runs_files(
    tmp_path, uninterrupted
):
    run = _start(tmp_path)
    # a worker holds its first chunks from the moment it starts
    _wait_for(lambda: len(_workers(run.pid)) >= 2, "two workers")
    os.kill(_workers(run.pid)[0], signal.SIGKILL)  # the first: not the standby
    _, err = run.communicate(timeout=300)  # it must end by itself
    assert run.returncode == 0, err
    (note,) = err.splitlines()  # said only if the worker held a chunk: it was killed mid-run
    assert "a worker process was killed by SIGKILL" in note and "a new one plays them again" in note
    assert outputs(tmp_path) == uninterrupted


@pytest.mark.long  # workers killed twice mid-run (.ci/run's long part)
def test_a_chunk_that_kills_its_worker_twice_stops_the_run_with_one_line_naming_it(
    run_tool, tmp_path, monkeypatch
):
    play = runner._play_chunk

    def deadly(task: tuple[int, range]) -> str:
        if task[1].start == 640:
            os.kill(os.getpid(), signal.SIGKILL)
        return play(task)

    monkeypatch.setattr(runner, "_play_chunk", deadly)
    code, _, err = run_tool("simulate", *ARGS, "--jobs", "2", "--out", str(tmp_path))
    assert code == 2, err
    replayed, error = err.splitlines()
    assert f"playing games 640-703 of {_csv(tmp_path)}; a new one plays them again" in replayed
    assert error.startswith(
        f"error: {_csv(tmp_path)}: games 640-703: their worker process was killed by SIGKILL"
    )
    assert "twice" in error and "run the command again to resume" in error
    kept = [int(line.split(",", 1)[0]) for line in _csv(tmp_path).read_text().splitlines()[1:]]
    assert kept == list(range(len(kept))) and len(kept) <= 640
    assert f"the {len(kept):,} games before them are kept" in error


def test_a_full_disk_while_games_are_written_is_one_line_and_the_run_resumes_to_the_same_files(
    run_tool, tmp_path, monkeypatch, uninterrupted
):
    append = runner.append_rows
    calls = []

    def filling(fh, data: bytes) -> None:
        calls.append(1)
        if len(calls) == 5:  # the disk fills up half-way through the fifth chunk's lines
            fh.write(data[: len(data) // 2])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        append(fh, data)

    monkeypatch.setattr(runner, "append_rows", filling)
    code, _, err = run_tool("simulate", *ARGS, "--jobs", "2", "--out", str(tmp_path))
    csv_path = _csv(tmp_path)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert f"{csv_path}: cannot write (No space left on device); the 256 games played are kept" in err
    assert "run the command again to resume" in err
    assert not (_folder(tmp_path) / "report.pdf").exists()
    *whole, part = csv_path.read_text().split("\n")[1:]
    assert [int(line.split(",", 1)[0]) for line in whole] == list(range(len(whole)))
    assert len(whole) >= 256 and part  # part of a row: the resumed run cuts it off
    monkeypatch.setattr(runner, "append_rows", append)
    code, _, err = run_tool("simulate", *ARGS, "--jobs", "2", "--out", str(tmp_path))
    assert code == 0, err
    assert outputs(tmp_path) == uninterrupted


def test_a_full_disk_while_the_report_is_written_is_one_line_and_the_next_run_writes_it(
    run_tool, tmp_path, monkeypatch, uninterrupted
):
    from simulate.report import document as report

    def full(target, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))

    monkeypatch.setattr(report, "write_text", full)
    code, _, err = run_tool("simulate", *ARGS, "--jobs", "2", "--out", str(tmp_path))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    folder = _folder(tmp_path)
    assert f"{folder / 'report.html'}: cannot write the report (No space left on device)" in err
    assert "every game played is kept" in err
    assert _rows(_csv(tmp_path)) == GAMES
    assert not list(folder.rglob(".*.tmp")) and not (folder / "summary.json").exists()
    monkeypatch.undo()
    code, _, err = run_tool("simulate", *ARGS, "--jobs", "2", "--out", str(tmp_path))
    assert code == 0, err
    assert outputs(tmp_path) == uninterrupted


def test_a_full_disk_under_any_command_is_one_line(run_tool, tmp_path, monkeypatch):
    """Outside a run's games and report (here a sweep's table), the tools' own catch says it in one line."""
    from simulate.commands import sweep

    def full(target, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))

    monkeypatch.setattr(sweep, "write_text", full)
    code, _, err = run_tool(
        "simulate", "sweep", "united_square", "--grid", "deal=random,equal", "--agents", "random",
        "--games", "8", "--quiet", "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("error: cannot write ") and ": No space left on device; free some space" in err


def _config(games: int, seed: int) -> RunConfig:
    rules = load_game("united_square").resolve("default")
    return RunConfig("united_square", "default", rules.as_dict(), 2, ("random", "random"), games, seed)


def test_a_torn_run_json_is_named_as_damaged_and_repair_keeps_the_games_played(
    run_tool, tmp_path, monkeypatch
):
    rules = load_game("united_square").resolve("default")
    whole = run_to_csv(_config(300, 3), rules, tmp_path / "whole").read_bytes()
    args = [*_args(200), "--jobs", "1", "--out", str(tmp_path)]
    assert run_tool("simulate", *args)[0] == 0
    meta, csv_path = _csv(tmp_path).with_name("run.json"), _csv(tmp_path)
    meta.write_bytes(meta.read_bytes()[:40])  # torn, as by a crash while it was written
    played_before = csv_path.read_bytes()
    code, _, err = run_tool("simulate", *args)
    assert code == 2 and err.count("\n") == 1
    assert f"{meta}: damaged (not JSON: cut short or overwritten)" in err
    assert "the 200 games in games.csv" in err and "--repair" in err and "other settings" not in err
    assert csv_path.read_bytes() == played_before
    games_played = []
    play = runner.play

    def counted(game, agents, seed, index, cap):
        games_played.append(index)
        return play(game, agents, seed, index, cap)

    monkeypatch.setattr(runner, "play", counted)
    # the Python engine, whose games go through `play` one by one (a compiled core plays a chunk at once)
    more = ["--jobs", "1", "--engine", "python", "--out", str(tmp_path), "--repair"]
    code, _, err = run_tool("simulate", *_args(300), *more)
    assert code == 0, err
    assert sorted(games_played) == [0, 199, *range(200, 300)]  # two checked, the 200 kept, 100 more played
    assert csv_path.read_bytes() == whole


def test_repair_refuses_games_of_other_settings_beside_a_torn_run_json(run_tool, tmp_path):
    rules = load_game("united_square").resolve("default")
    args = [*_args(50), "--jobs", "1", "--out", str(tmp_path)]
    assert run_tool("simulate", *args)[0] == 0
    csv_path = _csv(tmp_path)
    other = run_to_csv(_config(50, 4), rules, tmp_path / "seed4").read_bytes()  # the same game, seed 4
    csv_path.write_bytes(other)
    csv_path.with_name("run.json").write_text("{")
    code, _, err = run_tool("simulate", *args, "--repair")
    assert code == 2 and err.count("\n") == 1
    assert f"{csv_path}: game 0 played again with this command's settings is not the row" in err
    assert csv_path.read_bytes() == other
    code, _, err = run_tool("simulate", *args, "--repair", "--fresh")
    assert code == 2 and "--fresh and --repair: give one" in err


@pytest.mark.long  # two real runs interrupted while drawing (.ci/run's long part)
@needs_proc
def test_ctrl_c_or_kill_while_the_report_is_drawn_is_one_line_and_no_traceback(tmp_path):
    for how in ("ctrl-c", "kill"):
        out = tmp_path / how
        run = subprocess.Popen(
            [*RUN, *_args(300), "--jobs", "2", "--out", str(out)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        # the figures' folder is made as the drawing of the PDF begins, which takes a second or more
        _wait_for(lambda out=out: any(out.rglob("figures")), "report being drawn")
        time.sleep(0.2)  # into the drawing (a kill leaves its temporary files to the next run)
        if how == "ctrl-c":
            os.killpg(run.pid, signal.SIGINT)  # the whole foreground group
        else:
            run.send_signal(signal.SIGTERM)
        _, err = run.communicate(timeout=120)
        assert run.returncode == 130, (how, err)
        assert err == "simulate: interrupted; files already finished are kept\n", (how, err)
        assert not (_folder(out) / "summary.json").exists()


@pytest.mark.long  # a real parent killed with kill -9 (.ci/run's long part)
@needs_proc
def test_workers_end_with_a_parent_killed_with_kill_9(tmp_path):
    run = subprocess.Popen(
        [*RUN, *_args(200_000), "--jobs", "2", "--out", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _wait_for(lambda: len(_workers(run.pid)) >= 2, "two workers")
    workers = _workers(run.pid)
    run.kill()
    # the workers write to the same stderr: it closes once the last of them has ended
    _, err = run.communicate(timeout=60)
    assert err == "", err
    for pid in workers:
        _wait_for(lambda pid=pid: not Path(f"/proc/{pid}").exists(), f"end of worker {pid}", timeout=30)


def test_ctrl_c_while_the_tool_is_still_starting_is_one_line(tmp_path, monkeypatch, capsys):
    from printkit.entry import launch

    (tmp_path / "slow_start.py").write_text(
        "import os, signal\nos.kill(os.getpid(), signal.SIGINT)  # as if Ctrl-C came during the imports\n"
        "def main():\n    raise AssertionError('not reached')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        with pytest.raises(SystemExit) as stopped:
            launch("simulate", "slow_start")
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
    assert stopped.value.code == 130
    assert capsys.readouterr().err == "simulate: interrupted\n"
