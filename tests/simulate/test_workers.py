"""`simulate.play.workers`: chunks played by forked workers in chunk order, a chunk whose worker dies played
again by a new worker, a chunk that kills its worker twice named, and errors in a worker raised in the
parent."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from simulate.play import workers
from simulate.play.workers import ChunkLost, play_chunks

CHUNKS = [range(k, k + 5) for k in range(0, 60, 5)]
SQUARES = [[i * i for i in chunk] for chunk in CHUNKS]


def _nothing() -> None:
    pass


def _squares(chunk: range) -> list[int]:
    return [i * i for i in chunk]


class _DyingAt:
    """A task whose worker is killed (SIGKILL) on starting chunk `start`, the first `times` times only.

    The count is kept in a file, as each attempt runs in a new worker process.
    """

    def __init__(self, start: int, times: int, tally: Path):
        self.start, self.times, self.tally = start, times, tally

    def __call__(self, chunk: range) -> list[int]:
        if chunk.start == self.start:
            with self.tally.open("a") as fh:
                fh.write("x")
            if len(self.tally.read_text()) <= self.times:
                os.kill(os.getpid(), signal.SIGKILL)
        return _squares(chunk)


def test_workers_give_every_chunks_result_in_chunk_order():
    assert list(play_chunks(CHUNKS, 3, _nothing, (), _squares)) == SQUARES


def test_a_chunk_whose_worker_dies_is_played_again_by_a_new_worker(tmp_path):
    replayed = []
    task = _DyingAt(25, 1, tmp_path / "tally")
    told = lambda chunk, code: replayed.append((chunk, code))  # noqa: E731
    got = list(play_chunks(CHUNKS, 2, _nothing, (), task, on_replay=told))
    assert got == SQUARES
    assert replayed == [(range(25, 30), -signal.SIGKILL)]
    assert (tmp_path / "tally").read_text() == "xx"  # played twice: the death, then the replay


def test_a_dead_workers_waiting_chunks_go_to_others_without_counting_as_deaths(tmp_path, monkeypatch):
    # 12 chunks on 2 workers: each holds three, the one that kills it and two waiting behind it
    monkeypatch.setattr(workers, "DEPTH", 4)
    replayed = []
    task = _DyingAt(0, 1, tmp_path / "tally")
    got = list(play_chunks(CHUNKS, 2, _nothing, (), task, on_replay=lambda c, code: replayed.append(c)))
    assert got == SQUARES
    assert replayed == [range(0, 5)]


def test_a_chunk_that_kills_its_worker_twice_stops_the_run_naming_it(tmp_path):
    task = _DyingAt(40, 2, tmp_path / "tally")
    with pytest.raises(ChunkLost) as lost:
        list(play_chunks(CHUNKS, 2, _nothing, (), task))
    assert lost.value.chunk == range(40, 45)
    assert lost.value.exitcode == -signal.SIGKILL


def _fails(chunk: range) -> list[int]:
    if chunk.start == 10:
        raise ValueError(f"no rows for {chunk.start}")
    return _squares(chunk)


def _setup_fails() -> None:
    raise KeyError("no such rule")


def test_an_error_in_a_worker_is_raised_in_the_parent_with_the_workers_traceback():
    with pytest.raises(ValueError, match="no rows for 10") as raised:
        list(play_chunks(CHUNKS, 2, _nothing, (), _fails))
    assert isinstance(raised.value.__cause__, workers.WorkerTraceback)
    assert "_fails" in str(raised.value.__cause__)
    with pytest.raises(KeyError, match="no such rule"):
        list(play_chunks(CHUNKS, 2, _setup_fails, (), _squares))


def test_the_workers_are_gone_once_the_results_are_given_or_the_caller_stops(monkeypatch):
    started = []
    fork = workers._Workers._fork

    def counted(self):
        process, *pipes = fork(self)
        started.append(process)
        return process, *pipes

    monkeypatch.setattr(workers._Workers, "_fork", counted)
    assert list(play_chunks(CHUNKS, 2, _nothing, (), _squares)) == SQUARES
    played = play_chunks(CHUNKS, 2, _nothing, (), _squares)
    assert next(played) == SQUARES[0]
    played.close()  # as a run stopped by an error or Ctrl-C closes it
    assert len(started) == 4
    assert all(p.exitcode is not None for p in started)


def _until(condition, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.01)


class _DyingOnceAt:
    """A task whose worker is killed on starting each chunk of `starts`, the first time only."""

    def __init__(self, starts: tuple[int, ...], folder: Path):
        self.starts, self.folder = starts, folder

    def __call__(self, chunk: range) -> list[int]:
        if chunk.start in self.starts:
            return _DyingAt(chunk.start, 1, self.folder / f"tally-{chunk.start}")(chunk)
        return _squares(chunk)


def _busy_pool(task) -> tuple[workers._Workers, list[range]]:
    replayed: list[range] = []
    pool = workers._Workers(CHUNKS, 2, (_nothing, (), task), lambda c, e: replayed.append(c))
    for _ in range(2):
        pool.start()
    return pool, replayed


def test_while_the_parent_is_busy_a_thread_keeps_the_workers_playing_and_a_standby_replaces_a_dead_one(
    tmp_path,
):
    pool, replayed = _busy_pool(_DyingAt(20, 1, tmp_path / "tally"))
    try:
        # the parent's own work: it returns only once every chunk is played, the dead worker's too
        pool.serve_during(lambda: _until(lambda: len(pool.done) == 12))
        assert replayed == [CHUNKS[4]] and len(pool.live) == 2 and not pool.dead and not pool.standby
        assert [pool.result(k) for k in range(12)] == SQUARES
    finally:
        pool.stop(graceful=True)


def test_a_second_worker_lost_while_the_parent_is_busy_is_replaced_once_it_is_done(tmp_path):
    pool, replayed = _busy_pool(_DyingOnceAt((20, 40), tmp_path))
    try:
        # it returns once every chunk but the second dead worker's is played: they wait for a new worker
        pool.serve_during(
            lambda: _until(lambda: pool.dead and len(pool.done) + len(pool.dead[0].chunks) == 12)
        )
        assert sorted(c.start for c in replayed) == [20, 40] and len(pool.live) == 2 and not pool.dead
        assert [pool.result(k) for k in range(12)] == SQUARES
    finally:
        pool.stop(graceful=True)


def test_chunks_sent_to_a_worker_that_has_just_died_go_to_a_new_one():
    # a worker can die between its last answer and the parent's next chunk: the send finds no reader
    pool = workers._Workers(CHUNKS, 1, (_nothing, (), _squares), lambda c, e: None)
    try:
        pool.start()
        (worker,) = pool.live
        worker.process.kill()
        worker.process.join()
        pool.todo.extend(worker.chunks)  # as if it had answered them all: the next ones go to it
        worker.chunks.clear()
        pool._send(worker)  # finds its pipe broken, and says nothing
        assert [pool.result(k) for k in range(12)] == SQUARES
    finally:
        pool.stop(graceful=True)


def test_the_parent_sleeps_until_a_worker_answers(monkeypatch):
    """It wakes about once per chunk answered, never spinning while the workers play."""
    wakes = []
    wait = workers.wait

    def counted(*args, **kwargs):
        wakes.append(1)
        return wait(*args, **kwargs)

    monkeypatch.setattr(workers, "wait", counted)
    chunks = [range(k, k + 1) for k in range(40)]
    assert len(list(play_chunks(chunks, 2, _nothing, (), _squares))) == 40
    assert len(wakes) <= 40
