"""Play the chunks of a run's games on a dask.distributed cluster (`--scheduler ADDRESS`), not locally.

Each chunk of games is one task; the parent takes the results back in game
order and writes them as a local run does, so the CSV, summary and report are
the same bytes. A game is a pure function of (rules, seed, index, agents), so
a task that the cluster runs again after a worker is lost gives the same rows,
and since only the parent writes, none is written twice. Dask is an optional
extra (`pip install -e '.[dask]'`); the local path never imports it.

Faults: the address is parsed before dask sees it, and a scheduler that has
no worker within `ALONE` seconds is refused before a run writes anything. The
run's settings reach the workers as a task of their own, not as scattered
data, so that the cluster can compute them again when the workers holding
them are lost (scattered data lost with the last worker cancels every task
that needs it). While the parent waits for a chunk it watches the workers: a
cluster left with none for `ALONE` seconds, a chunk the scheduler gives up on
(its workers died while playing it, `KilledWorker`) and a scheduler that goes
away each stop the run with `ClusterLost`, the rows already written kept.
"""

from __future__ import annotations

import contextlib
import contextvars
import re
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import CancelledError
from typing import Any

from printkit.errors import DataError

# The client of the cluster the runs started in this context send their chunks to (None: local processes).
CLUSTER: contextvars.ContextVar[Any] = contextvars.ContextVar("cluster", default=None)

SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")  # dask's network protocols (inproc reaches no other process)
ALONE = 10.0  # seconds a cluster may have no worker, at the start or during a run
POLL = 1.0  # seconds between looks at the workers while a chunk is awaited
HOST = re.compile(r"[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\]")


class ClusterLost(Exception):
    """The cluster can no longer play the run's games; the message says why, for one error line."""


def scheduler_address(address: str) -> str:
    """`address` if dask can connect to it ([tcp://]HOST:PORT and the like); a `DataError` otherwise."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "tcp", address
    expected = "expected [tcp://]HOST:PORT, e.g. tcp://10.0.0.5:8786"
    if scheme == "inproc":
        raise DataError(
            f"--scheduler {address}: an inproc:// address names a scheduler inside one process; "
            f"give the scheduler's network address, {expected.removeprefix('expected ')}"
        )
    host, colon, port = rest.rpartition(":")
    if scheme not in SCHEMES:
        known = ", ".join(SCHEMES)
        raise DataError(f"--scheduler {address!r}: unknown protocol {scheme!r} ({known}); {expected}")
    if not (colon and HOST.fullmatch(host) and port.isdigit() and 0 < int(port) < 65536):
        raise DataError(f"--scheduler {address!r}: not a scheduler address; {expected}")
    return address


@contextlib.contextmanager
def on_cluster(address: str | None) -> Iterator[None]:
    """Within this block, runs play their games on the cluster at `address` (None: locally).

    It connects on entry, so an address nobody answers at, or a scheduler with
    no worker, is refused before a run writes anything, and every run of the
    command shares one connection.
    """
    if address is None:
        yield
        return
    with _client(scheduler_address(address)) as client:
        try:
            client.wait_for_workers(1, timeout=ALONE)
        except TimeoutError:
            raise DataError(
                f"--scheduler {address}: the scheduler has no worker (none joined in {ALONE:.0f} s); "
                f"start one on each machine with: dask worker {address}"
            ) from None
        token = CLUSTER.set(client)
        try:
            yield
        finally:
            CLUSTER.reset(token)


def _client(address: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise DataError(
            "--scheduler needs dask.distributed: pip install -e '.[dask]' (here and on every worker)"
        ) from None
    try:
        return Client(address, set_as_default=False, timeout=5)
    except (OSError, TimeoutError) as exc:
        raise DataError(f"--scheduler {address}: no dask scheduler answers there ({exc})") from None
    except (TypeError, ValueError) as exc:  # e.g. tls:// without the TLS settings in dask's configuration
        raise DataError(f"--scheduler {address}: cannot connect ({exc})") from None


def cluster_workers(client: Any) -> int:
    """How many tasks the cluster runs at once: its workers' threads, all told."""
    return max(1, sum(client.nthreads().values()))


def _given(value: Any) -> Any:
    """A task that returns its argument: how the run's settings reach the workers (see the module's notes)."""
    return value


def cluster_rows(
    client: Any,
    task: Callable[[Any, str, range], list[list[Any]]],
    jobs: Sequence[Any],
    chunks: Iterable[tuple[int, range]],
) -> Iterator[list[list[Any]]]:
    """Rows chunk by chunk, in the order of `chunks`, each chunk played as a task on the cluster of `client`.

    A chunk is (arm, games): `task(jobs[arm], key, games)` runs on a worker.
    Each job is computed once per cluster (and again if it is lost), and `key`
    names the arm of this call, so a worker can keep what it builds from a job
    for that arm's later chunks. Every chunk is submitted at once, so the
    cluster plays the next arm's while the last ones of an arm finish.
    """
    key = uuid.uuid4().hex
    remote_jobs = [client.submit(_given, job, key=f"simulate-{key}-job{arm}") for arm, job in enumerate(jobs)]
    futures = [
        (
            games,
            client.submit(
                task, remote_jobs[arm], f"{key}-{arm}", games, key=f"simulate-{key}-{arm}-{games.start}"
            ),
        )
        for arm, games in chunks
    ]
    finished = False
    try:
        for games, future in futures:
            yield _result(client, games, future)
            future.release()
        finished = True
    finally:
        if not finished:  # stopped: the cluster need not play the rest
            client.cancel([future for _, future in futures])
        for remote_job in remote_jobs:
            remote_job.release()


def _result(client: Any, chunk: range, future: Any) -> Any:
    """A chunk's rows once the cluster has played them; `ClusterLost` if it cannot."""
    from distributed import KilledWorker

    games = f"games {chunk.start}-{chunk.stop - 1}"
    alone_since: float | None = None
    while True:
        try:
            return future.result(timeout=POLL)
        except TimeoutError:
            pass
        except KilledWorker:
            raise ClusterLost(f"{games}: the cluster gave up on them, as workers died playing them") from None
        except CancelledError:
            raise ClusterLost(f"{games}: the cluster cancelled them (its scheduler stopped)") from None
        if _has_workers(client):
            alone_since = None
        elif alone_since is None:
            alone_since = time.monotonic()
        elif time.monotonic() - alone_since > ALONE:
            raise ClusterLost(f"the cluster has had no worker for {ALONE:.0f} s")


def _has_workers(client: Any) -> bool:
    try:
        return bool(client.nthreads())
    except OSError:  # the scheduler cannot be reached: as good as no worker
        return False
