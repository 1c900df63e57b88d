"""Play the chunks of a run's games on a dask.distributed cluster (`--scheduler ADDRESS`), not locally.

Each chunk of games is one task; the parent takes the results back in game
order and writes them as a local run does, so the CSV, summary and report are
the same bytes. A game is a pure function of (rules, seed, index, agents), so
a task that the cluster runs again after a worker is lost gives the same rows,
and since only the parent writes, none is written twice. Dask is an optional
extra (`pip install -e '.[dask]'`); the local path never imports it.
"""

from __future__ import annotations

import contextlib
import contextvars
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from printkit.errors import DataError

# The client of the cluster the runs started in this context send their chunks to (None: local processes).
CLUSTER: contextvars.ContextVar[Any] = contextvars.ContextVar("cluster", default=None)


@contextlib.contextmanager
def on_cluster(address: str | None) -> Iterator[None]:
    """Within this block, runs play their games on the cluster at `address` (None: locally).

    It connects on entry, so an address nobody answers at is refused before a
    run writes anything, and every run of the command shares one connection.
    """
    if address is None:
        yield
        return
    with _client(address) as client:
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


def cluster_workers(client: Any) -> int:
    """How many tasks the cluster runs at once: its workers' threads, all told."""
    return max(1, sum(client.nthreads().values()))


def cluster_rows(
    client: Any, task: Callable[[Any, str, range], list[list[Any]]], job: Any, chunks: Iterable[range]
) -> Iterator[list[list[Any]]]:
    """Rows chunk by chunk, in game order, each chunk played as a task on the cluster of `client`.

    `task(job, key, chunk)` runs on a worker: `job` is sent to every worker
    once, and `key` names the run, so a worker can keep what it builds from
    `job` for the run's later chunks.
    """
    key = uuid.uuid4().hex
    remote_job = client.scatter(job, broadcast=True)
    futures = [
        client.submit(task, remote_job, key, chunk, key=f"simulate-{key}-{chunk.start}") for chunk in chunks
    ]
    for future in futures:
        yield future.result()
        future.release()
