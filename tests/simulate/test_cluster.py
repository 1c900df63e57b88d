"""`--scheduler`: a compare played on a real dask.distributed cluster (a scheduler and two worker
processes on 127.0.0.1) gives the bytes of a local run, resumed after a first part and with a
worker killed mid-run."""

from __future__ import annotations

import os
import signal
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
