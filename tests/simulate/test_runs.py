"""Runs as processes meet them: a locked folder, Ctrl-C and kill, a kill's leftovers, a broken CSV, caps."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.datafile.gamedata import load_game
from simulate.play.runner import RunConfig, folder_lock, read_rows, run_to_csv

RUN = [sys.executable, "-c", "from simulate.cli import main; main()"]


def _folder(out: Path, seed: int = 1) -> Path:
    return out / "united_square" / f"default.random.seed{seed}"


def _args(out: Path, games: int, *more: str) -> list[str]:
    return [
        *RUN,
        "run",
        "united_square",
        "--agents",
        "random",
        "--games",
        str(games),
        "--out",
        str(out),
        *more,
    ]


def _quiet_run(out: Path, games: int) -> list[str]:
    """`simulate run` of random United Square games, for the in-process tool runner."""
    return ["simulate", *_args(out, games, "--quiet")[len(RUN) :]]


def _game_column(csv_path: Path) -> list[int]:
    return [int(line.split(",", 1)[0]) for line in csv_path.read_text().splitlines()[1:]]


def test_a_run_folder_held_by_another_run_is_refused_with_one_line(run_tool, tmp_path):
    folder = _folder(tmp_path)
    with folder_lock(folder):
        before = sorted(p.name for p in folder.iterdir())
        code, out, err = run_tool(*_quiet_run(tmp_path, 50))
        assert sorted(p.name for p in folder.iterdir()) == before
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "another run is writing this folder" in err and str(folder) in err


@pytest.mark.long  # two real processes racing for a folder (.ci/run's long part)
def test_two_identical_runs_started_together_one_runs_and_the_csv_holds_each_game_once(tmp_path):
    games = 6000
    runs = [
        subprocess.Popen(
            _args(tmp_path, games, "--jobs", "1", "--quiet"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    results = [(p.wait(timeout=300), p.stderr.read()) for p in runs]
    codes = sorted(code for code, _ in results)
    assert codes == [0, 2], results
    refused = next(err for code, err in results if code == 2)
    assert refused.count("\n") == 1 and "another run is writing this folder" in refused
    csv_path = _folder(tmp_path) / "arms" / "default" / "games.csv"
    assert _game_column(csv_path) == list(range(games))


def _interrupt(tmp_path: Path, how: str) -> tuple[int, str]:
    """Start a two-worker run, wait for its first rows, then stop it as a terminal or `kill` would."""
    proc = subprocess.Popen(
        _args(tmp_path, 200_000, "--jobs", "2", "--quiet"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    csv_path = _folder(tmp_path) / "arms" / "default" / "games.csv"
    start = csv_path.stat().st_size if csv_path.exists() else 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (
        csv_path.exists() and csv_path.stat().st_size > start + 10_000
    ):
        time.sleep(0.05)
    if how == "ctrl-c":
        os.killpg(proc.pid, signal.SIGINT)  # the whole foreground group, workers included
    else:
        proc.send_signal(signal.SIGTERM)  # `kill PID`: the parent only
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err


@pytest.mark.long  # real runs interrupted and resumed (.ci/run's long part)
def test_ctrl_c_and_kill_print_one_line_no_worker_tracebacks_and_the_run_carries_on(tmp_path):
    for how in ("ctrl-c", "kill"):
        code, err = _interrupt(tmp_path, how)
        assert code == 130, (how, err)
        assert err.count("\n") == 1 and "interrupted" in err, (how, err)
        assert "Traceback" not in err and "ForkPoolWorker" not in err, (how, err)
    csv_path = _folder(tmp_path) / "arms" / "default" / "games.csv"
    done = _game_column(csv_path)
    assert done == list(range(len(done)))  # whole rows, in order, none twice


def test_a_temporary_report_file_left_by_a_kill_is_removed_by_the_next_run(run_tool, tmp_path):
    folder = _folder(tmp_path)
    (folder / "figures").mkdir(parents=True)
    left = [folder / ".report.pdf.k1ll3d.tmp", folder / "figures" / ".margins.png.x2.tmp"]
    for path in left:
        path.write_bytes(b"half a file")
    code, _, err = run_tool(*_quiet_run(tmp_path, 30))
    assert code == 0, err
    assert not any(path.exists() for path in left)
    assert (folder / "report.pdf").exists()


def test_a_garbage_line_in_a_csv_names_its_line_and_fresh(run_tool, tmp_path):
    args = ["simulate", "run", "united_square", "--agents", "random", "--out", str(tmp_path), "--quiet"]
    assert run_tool(*args, "--games", "40")[0] == 0
    csv_path = _folder(tmp_path) / "arms" / "default" / "games.csv"
    lines = csv_path.read_text().splitlines(keepends=True)
    lines[6] = "this is not, a game\n"
    csv_path.write_text("".join(lines))
    broken = csv_path.read_bytes()
    code, out, err = run_tool(*args, "--games", "60")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert f"{csv_path}: line 7 is not the row of game 5" in err and "--fresh" in err
    assert csv_path.read_bytes() == broken
    code, _, err = run_tool(*args, "--games", "60", "--fresh")
    assert code == 0, err
    assert _game_column(csv_path) == list(range(60))


def test_games_stopped_by_the_move_cap_are_counted_as_capped_rows(tmp_path):
    rules = load_game("united_square").resolve("default")
    config = RunConfig(
        "united_square", "default", rules.as_dict(), 2, ("random", "random"), 20, 3, max_moves=4
    )
    cols = read_rows(run_to_csv(config, rules, tmp_path))
    assert list(cols["capped"]) == [1.0] * 20
    assert list(cols["moves"]) == [4.0] * 20
    assert cols["winners"] == [""] * 20 and list(cols["draw"]) == [0.0] * 20
