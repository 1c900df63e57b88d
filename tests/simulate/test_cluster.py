"""`--scheduler`: a compare played on a real dask.distributed cluster (a scheduler and two worker
processes on 127.0.0.1) gives the bytes of a local run, resumed after a first part and with a
worker killed mid-run; bad addresses, a scheduler with no worker and a lost last worker are one line."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")  # the [test] extra installs it: CI runs this

ARGS = ["compare", "united_square", "--variant", "default", "--variant", "equal_deal", "--agents", "greedy",
        "--games", "2500", "--seed", "5", "--quiet"]  # fmt: skip


def outputs(folder: Path) -> dict[str, bytes]:
    """Every CSV and the summary of a run, by path inside its folder."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.suffix == ".csv" or p.name == "summary.json"
    }


@pytest.mark.long  # about 40 s of two worker processes: run by .ci/run after the README's command
def test_a_compare_on_a_cluster_is_a_local_compare_even_when_a_worker_dies(run_tool, tmp_path) -> None:
    code, _, err = run_tool("simulate", *ARGS, "--jobs", "1", "--out", str(tmp_path / "local"))
    assert code == 0, err
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        pids = list(client.run(os.getpid).values())
        # first part of the run on the cluster, as if interrupted; the rest resumes it below
        first = ["--games" if a == "--games" else "1200" if a == "2500" else a for a in ARGS]
        out = ["--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "cluster")]
        code, _, err = run_tool("simulate", *first, *out)
        assert code == 0, err
        sizes = {p: p.stat().st_size for p in (tmp_path / "cluster").rglob("games.csv")}
        killed: list[int] = []

        def kill_a_worker_once_rows_are_written() -> None:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if any(p.stat().st_size > size + 5000 for p, size in sizes.items()):
                    os.kill(pids[0], signal.SIGKILL)
                    killed.append(pids[0])
                    return
                time.sleep(0.02)

        killer = threading.Thread(target=kill_a_worker_once_rows_are_written)
        killer.start()
        # the run itself in this thread: the command installs its own signal handlers
        code, _, err = run_tool("simulate", *ARGS, *out)
        killer.join()
    assert killed, "the cluster run ended before a worker could be killed"
    assert code == 0, err
    local, remote_out = outputs(tmp_path / "local"), outputs(tmp_path / "cluster")
    assert local and local == remote_out


def test_a_scheduler_nobody_runs_is_one_line_and_exit_status_2(run_tool, tmp_path) -> None:
    code, _, err = run_tool(
        "simulate", "run", "united_square", "--games", "10", "--quiet", "--scheduler", "tcp://127.0.0.1:9",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 2
    assert "--scheduler tcp://127.0.0.1:9: no dask scheduler answers there" in err
    assert len(err.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir()), "a run that cannot reach its cluster writes nothing"


@pytest.mark.parametrize(
    "address, message",
    [
        ("notaurl", "not a scheduler address; expected [tcp://]HOST:PORT"),
        ("", "not a scheduler address"),
        ("tcp://127.0.0.1:", "not a scheduler address"),
        ("tcp://127.0.0.1:99999", "not a scheduler address"),
        ("http://127.0.0.1:8786", "unknown protocol 'http'"),
        ("inproc://nothing", "an inproc:// address names a scheduler inside one process"),
    ],
)
def test_a_scheduler_address_is_checked_before_dask_sees_it(run_tool, tmp_path, address, message) -> None:
    code, _, err = run_tool(
        "simulate", "run", "united_square", "--games", "10", "--quiet", "--scheduler", address,
        "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert message in err
    assert not any(tmp_path.iterdir())


def test_the_addresses_dask_takes_pass_the_check() -> None:
    from simulate.play.cluster import scheduler_address

    for address in ("tcp://10.0.0.5:8786", "10.0.0.5:8786", "tls://sched.example.org:8786", "tcp://[::1]:8786",
                    "ws://localhost:80", "tcp://my_host-2:1"):  # fmt: skip
        assert scheduler_address(address) == address


LOST_ARGS = ["run", "united_square", "--agents", "random", "--games", "3000", "--seed", "9", "--quiet"]


def _local_csv(tmp_path: Path) -> bytes:
    from printkit.datafile.gamedata import load_game
    from simulate.play.runner import RunConfig, run_to_csv

    rules = load_game("united_square").resolve("default")
    config = RunConfig("united_square", "default", rules.as_dict(), 2, ("random", "random"), 3000, 9)
    return run_to_csv(config, rules, tmp_path / "local", jobs=2).read_bytes()


def _csv_of(out: Path) -> Path:
    return out / "united_square" / "default.random.seed9" / "arms" / "default" / "games.csv"


def _kill_once_rows_are_written(csv_path: Path, pid: int, killed: list[int]) -> threading.Thread:
    def kill() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if csv_path.exists() and csv_path.read_bytes().count(b"\n") > 1:
                os.kill(pid, signal.SIGKILL)
                killed.append(csv_path.read_bytes().count(b"\n") - 1)
                return
            time.sleep(0.01)

    thread = threading.Thread(target=kill)
    thread.start()
    return thread


def test_a_scheduler_with_no_worker_is_one_line_and_writes_nothing(run_tool, tmp_path, monkeypatch) -> None:
    from simulate.play import cluster as backend

    monkeypatch.setattr(backend, "ALONE", 1.0)
    with distributed.LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=None) as cluster:
        code, _, err = run_tool("simulate", *LOST_ARGS, "--scheduler", cluster.scheduler_address,
                                "--out", str(tmp_path))  # fmt: skip
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert f"--scheduler {cluster.scheduler_address}: the scheduler has no worker (none joined in 1 s)" in err
    assert not any(tmp_path.iterdir())


@pytest.mark.long  # a real dask worker killed mid-run (.ci/run's long part)
def test_a_cluster_that_loses_its_last_worker_stops_in_one_line_keeping_the_rows(
    run_tool, tmp_path, monkeypatch
) -> None:
    from simulate.play import cluster as backend

    monkeypatch.setattr(backend, "ALONE", 2.0)
    csv_path = _csv_of(tmp_path)
    with distributed.LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=None) as cluster:
        # a worker with no nanny to start it again, as on a machine that has gone
        worker = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", cluster.scheduler_address, "--no-nanny",
             "--nthreads", "1", "--no-dashboard"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            with distributed.Client(cluster) as client:
                client.wait_for_workers(1, timeout=120)
            killed: list[int] = []
            killer = _kill_once_rows_are_written(csv_path, worker.pid, killed)
            code, _, err = run_tool("simulate", *LOST_ARGS, "--scheduler", cluster.scheduler_address,
                                    "--out", str(tmp_path))  # fmt: skip
            killer.join()
        finally:
            worker.kill()
            worker.wait()
    assert killed and killed[0] < 3000, "the run ended before its worker could be killed"
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "error: --scheduler: the cluster has had no worker for 2 s; the " in err
    assert f"games played are kept in {csv_path}: run the command again to resume" in err
    # the rows written are whole and in order, and a local run resumes them to the rows of a local run
    code, _, err = run_tool("simulate", *LOST_ARGS, "--jobs", "2", "--out", str(tmp_path))
    assert code == 0, err
    assert csv_path.read_bytes() == _local_csv(tmp_path)


@pytest.mark.long  # a real dask worker killed mid-run (.ci/run's long part)
def test_a_last_worker_its_nanny_starts_again_carries_the_run_on(run_tool, tmp_path, monkeypatch) -> None:
    from simulate.play import cluster as backend

    # the nanny's new worker must join within ALONE; on a loaded machine its start (a Python process
    # importing dask and the engines) can take longer than the 10 s a real cluster is allowed
    monkeypatch.setattr(backend, "ALONE", 90.0)
    csv_path = _csv_of(tmp_path)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        (pid,) = client.run(os.getpid).values()
        killed: list[int] = []
        killer = _kill_once_rows_are_written(csv_path, pid, killed)
        code, _, err = run_tool("simulate", *LOST_ARGS, "--scheduler", cluster.scheduler_address,
                                "--out", str(tmp_path))  # fmt: skip
        killer.join()
    assert killed and killed[0] < 3000, "the run ended before its worker could be killed"
    assert code == 0, err
    assert csv_path.read_bytes() == _local_csv(tmp_path)
