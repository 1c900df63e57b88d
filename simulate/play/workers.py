"""Local worker processes that play a run's chunks of games, and play a chunk again when its worker dies.

`play_chunks` forks `jobs` workers, each of which runs `setup(*args)` once and
then `task(chunk)` for every chunk it is sent; the parent yields the results in
chunk order. The parent keeps, per worker, the chunks it has sent it in the
order sent: the first is the one the worker is playing, the others wait in its
pipe (up to `DEPTH`, fewer towards the end of the run, so that the last chunks
go to whichever worker is free first). While the parent does its own work at
the start (`meanwhile`: the report's imports) a thread of its own keeps the
workers supplied.

A worker that dies (kill -9, the out-of-memory killer, a crash in C code) is
noticed at once, as its process sentinel wakes the parent: the parent starts a
new worker and sends it the dead one's chunks, the one it was playing first
(while the parent's thread serves the workers, where forking is not safe, the
new worker is a standby forked before the thread started). A chunk's games are
seeded, so playing it again gives the same rows, and only the
parent writes, so none is written twice. A chunk whose worker dies a second
time is `ChunkLost`: the run stops, naming it.

Signals: a worker ignores Ctrl-C (a terminal sends it to the whole foreground
group; the parent handles it and stops its workers), dies quietly at SIGTERM,
and ends by itself when its parent does (a thread waits on the parent's
sentinel), so a parent killed with kill -9 leaves no worker behind. Ctrl-C and
SIGTERM are held back while a child is forked (`start_child`), so none reaches
it before it has set its own handlers (`in_child`).
"""

from __future__ import annotations

import contextlib
import fcntl
import multiprocessing
import os
import pickle
import signal
import threading
import traceback
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

# chunks a worker holds at most: the one it plays and the next ones, so it never waits for the parent
DEPTH = 4
SERVE_POLL = 0.05  # seconds between looks at `serve_during`'s stop flag

PIPE_BYTES = 1 << 20  # a worker's results pipe (see _roomy)

CHILD_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class ChunkLost(Exception):
    """The worker playing `chunk` died twice; `exitcode` is the second one's (negative: a signal)."""

    def __init__(self, chunk: range, exitcode: int | None):
        super().__init__(chunk, exitcode)
        self.chunk = chunk
        self.exitcode = exitcode


class WorkerTraceback(Exception):
    """The traceback of an error raised in a worker, shown as the cause of the error the parent raises."""


def start_child(process: BaseProcess) -> None:
    """Start a forked child with Ctrl-C and SIGTERM held back until it has set its own handlers.

    A signal that arrives meanwhile waits: the parent gets it once the fork is
    done, the child ignores it (SIGINT) or dies of it (SIGTERM) in `in_child`.
    """
    held = signal.pthread_sigmask(signal.SIG_BLOCK, CHILD_SIGNALS)
    try:
        process.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def in_child() -> None:
    """First thing in a child started by `start_child`: ignore Ctrl-C, die at SIGTERM, end with the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, CHILD_SIGNALS)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent,), daemon=True).start()


def _end_with(parent: BaseProcess) -> None:
    parent.join()  # returns once the parent has ended: its end of the sentinel pipe is closed
    os._exit(1)


def _serve(
    tasks: Connection,
    results: Connection,
    setup: Callable[..., None],
    args: tuple[Any, ...],
    task: Callable[[range], Any],
) -> None:
    """A worker's life: set up, then answer each (number, chunk) with (number, ok, result or error)."""
    in_child()
    try:
        setup(*args)
        broken = None
    except Exception as exc:  # told with the first chunk's answer, as the chunk's error
        broken = _portable(exc)
    try:
        while (message := tasks.recv()) is not None:
            number, chunk = message
            try:
                answer = (number, False, broken) if broken else (number, True, task(chunk))
            except Exception as exc:
                answer = (number, False, _portable(exc))
            results.send(answer)
    except (EOFError, OSError):  # the parent has gone
        pass


def _roomy(results: Connection) -> None:
    """Make a worker's results pipe as large as Linux lets anyone (1 MiB; 64 KiB by default), so that a
    worker does not wait to send while the parent is busy: it imports the report's modules while the
    workers start, a second or, on a loaded machine, several."""
    with contextlib.suppress(AttributeError, OSError):  # not Linux, or this user's pipe memory spent
        fcntl.fcntl(results.fileno(), fcntl.F_SETPIPE_SZ, PIPE_BYTES)


def _portable(exc: Exception) -> tuple[Exception, str]:
    """An error and its traceback's text, as they can be sent to the parent."""
    text = "".join(traceback.format_exception(exc))
    try:
        pickle.dumps(exc)
    except Exception:
        exc = RuntimeError(f"{type(exc).__name__}: {exc}")
    return exc, text


@dataclass
class _Worker:
    """A worker process, its pipes, and the numbers of the chunks it holds (the one it plays first)."""

    process: BaseProcess
    tasks: Connection  # the parent's ends of the worker's two pipes
    results: Connection
    chunks: deque[int] = field(default_factory=deque)

    def end(self) -> None:
        """Wait for the process to end (it has been told to, or has died), then close the pipes."""
        self.process.join()
        self.tasks.close()
        self.results.close()


class _Workers:
    """The worker processes of one `play_chunks` call and the chunks each holds."""

    def __init__(
        self, chunks: list[range], jobs: int, spec: tuple[Any, ...], on_replay: Callable[[range, int], None]
    ):
        self.chunks = chunks
        self.jobs = jobs
        self.spec = spec  # (setup, args, task)
        self.on_replay = on_replay
        self.todo: deque[int] = deque(range(len(chunks)))
        self.done: dict[int, tuple[bool, Any]] = {}
        self.deaths: Counter[int] = Counter()
        self.live: list[_Worker] = []
        self.dead: list[_Worker] = []  # died while forking was not safe: replaced afterwards
        self.standby: list[_Worker] = []  # forked before `serve_during`'s thread, to replace a worker in it
        self.ctx = multiprocessing.get_context("fork")

    def start(self) -> None:
        worker = _Worker(*self._fork())
        self.live.append(worker)
        self._send(worker)

    def _fork(self) -> tuple[BaseProcess, Connection, Connection]:
        tasks_in, tasks = self.ctx.Pipe(duplex=False)
        results, results_out = self.ctx.Pipe(duplex=False)
        _roomy(results_out)
        process = self.ctx.Process(target=_serve, args=(tasks_in, results_out, *self.spec), daemon=True)
        try:
            start_child(process)
        finally:
            tasks_in.close()
            results_out.close()
        return process, tasks, results

    def _send(self, worker: _Worker) -> None:
        """Top up the chunks `worker` holds: up to DEPTH while there are plenty, fewer towards the end, so
        that the last chunks go to whichever worker is free first."""
        hold = max(1, min(DEPTH, len(self.todo) // (2 * self.jobs)))
        while self.todo and len(worker.chunks) < hold:
            number = self.todo.popleft()
            worker.chunks.append(number)
            try:
                worker.tasks.send((number, self.chunks[number]))
            except OSError:  # it has just died: its sentinel says so next, and its chunks go to a new one
                return

    def result(self, number: int) -> Any:
        """Chunk `number`'s result, once some worker has played it."""
        while number not in self.done:
            self._wait(None, replace=True)
        ok, value = self.done.pop(number)
        if not ok:
            error, text = value
            raise error from WorkerTraceback(text)
        return value

    def _wait(self, timeout: float | None, replace: bool) -> None:
        """Take the results that come within `timeout`, topping up each worker that sent one; a worker that
        died is replaced, or (not `replace`) kept aside for `replace_dead`."""
        busy = [w for w in self.live if w.chunks]
        ready = set(wait([w.results for w in busy] + [w.process.sentinel for w in busy], timeout))
        for worker in busy:
            if worker.process.sentinel in ready:
                self._read(worker)  # what it sent before it died
                self.live.remove(worker)
                self.dead.append(worker)
            elif worker.results in ready:
                self._read(worker)
                self._send(worker)
        self.replace_dead(fork=replace)

    def _read(self, worker: _Worker) -> None:
        while worker.chunks and worker.results.poll():
            try:
                number, ok, value = worker.results.recv()
            except (EOFError, OSError):  # it died: its sentinel says so too
                return
            worker.chunks.remove(number)
            self.done[number] = (ok, value)

    def replace_dead(self, fork: bool = True) -> None:
        """The chunks each dead worker held go back first in line, to a new worker: one forked now or (not
        `fork`) the standby, while there is one."""
        while self.dead and (fork or self._standby_ready()):
            dead = self.dead.pop()
            dead.end()
            if not dead.chunks:
                continue
            playing = dead.chunks[0]
            self.deaths[playing] += 1
            if self.deaths[playing] > 1:
                raise ChunkLost(self.chunks[playing], dead.process.exitcode)
            self.on_replay(self.chunks[playing], dead.process.exitcode or 0)
            self.todo.extendleft(reversed(dead.chunks))
            if fork:
                self.start()
            else:
                self.live.append(self.standby.pop())
                self._send(self.live[-1])

    def _standby_ready(self) -> bool:
        """Whether a standby worker is there to take a dead one's chunks (one killed itself is let go)."""
        while self.standby and not self.standby[-1].process.is_alive():
            self.standby.pop().end()
        return bool(self.standby)

    def serve_during(self, meanwhile: Callable[[], None]) -> None:
        """Call `meanwhile()` while a thread takes the workers' results and sends them chunks.

        `meanwhile` (the report's imports: a second, up to a minute on a
        loaded machine) would otherwise leave the workers waiting for chunks.
        No process is forked while a second thread runs (a child of a parent
        with threads may inherit a lock held for ever), so a standby worker is
        forked first: the first worker that dies meanwhile is replaced by it at
        once, any other once `meanwhile` returns.
        """
        self.standby.append(_Worker(*self._fork()))
        stop = threading.Event()
        failed: list[BaseException] = []

        def serve() -> None:
            try:
                while not stop.is_set():
                    self._wait(SERVE_POLL, replace=False)
            except BaseException as exc:  # raised again by the main thread, below
                failed.append(exc)

        thread = threading.Thread(target=serve, name="simulate-workers", daemon=True)
        thread.start()
        try:
            meanwhile()
        finally:
            stop.set()
            thread.join()
        for idle in self.standby:  # not needed now: told to end (and waited for in `stop`)
            with contextlib.suppress(OSError):
                idle.tasks.send(None)
        if failed:
            raise failed[0]
        self.replace_dead()

    def stop(self, graceful: bool) -> None:
        """End every worker: by telling it to once the run is done, at once (SIGTERM) otherwise.

        Closing the parent's end of a pipe would not tell a worker: the workers
        forked after it hold a copy of that end.
        """
        for worker in self.live + self.standby:
            if graceful:
                with contextlib.suppress(OSError):  # it died after its last chunk: nothing is lost
                    worker.tasks.send(None)
            else:
                worker.process.terminate()
        for worker in self.live + self.dead + self.standby:
            worker.end()


def play_chunks(
    chunks: list[range],
    jobs: int,
    setup: Callable[..., None],
    args: tuple[Any, ...],
    task: Callable[[range], Any],
    meanwhile: Callable[[], None] | None = None,
    on_replay: Callable[[range, int], None] = lambda chunk, exitcode: None,
) -> Iterator[Any]:
    """`task(chunk)` for every chunk, played by `jobs` forked workers that each ran `setup(*args)`; the
    results in chunk order.

    `meanwhile` is called once the workers are playing. `on_replay(chunk,
    exitcode)` is told of a chunk played again because its worker died.
    """
    workers = _Workers(chunks, jobs, (setup, args, task), on_replay)
    graceful = False
    try:
        for _ in range(min(jobs, len(chunks))):
            workers.start()
        if meanwhile is not None:
            workers.serve_during(meanwhile)
        for number in range(len(chunks)):
            yield workers.result(number)
        graceful = True
    finally:
        workers.stop(graceful)
