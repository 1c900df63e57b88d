"""Play many seeded games and stream one CSV row per game.

Game i of a run with seed S takes its seeds from `numpy.random.SeedSequence(S,
spawn_key=(i,))`: one for the game's own chance, one per agent. A game is
therefore a pure function of (rules, S, i, agents), and any number of worker
processes gives the same rows in the same order. Rows are appended to the CSV
as chunks finish, so memory stays flat and an interrupted run resumes where it
stopped (the run's settings are kept in `run.json` beside the CSV and must
match; a `run.json` that is not JSON is named as damaged, and `--repair`
writes it again from the command's settings once the CSV's first and last
games, played again, give the rows it holds).

A run's games are cut into chunks (`_chunks`: ranges of at most CHUNK games);
a chunk is one task, played by `_play_chunk` in a local worker process
(`simulate.play.workers`) or by `play_on_cluster_worker` on a dask worker
(`simulate.play.cluster`), and its CSV lines come back to the parent, which alone
writes, in game order. The arms of a compare (every arm, at every skill level,
and the strength checks' seatings) share one set of workers (`run_all_to_csv`):
their tasks are queued arm after arm, each naming its arm, so the workers play
the next arm's first chunks while the last ones of an arm finish, and each
chunk's lines go to its arm's CSV. A task lost with its worker is played again: locally
the parent sees the worker's process end, starts a new one and sends it the
chunks the dead one held (a chunk that kills its worker twice stops the run);
on a cluster the scheduler does the same. As a chunk is seeded, the replay
gives the same lines, so the files are those of an uninterrupted run.

A fault stops a run with one line and exit status 2, the whole rows written so
far kept and the run resumable: a chunk lost twice, a cluster left with no
worker, a disk that fills up.
"""

from __future__ import annotations

import contextlib
import csv
import fcntl
import functools
import io
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from printkit.atomic import write_text
from printkit.datafile.gamedata import Rules, find_data_file
from printkit.errors import DataError, Fault
from simulate.agents import make_agents
from simulate.engines import make_game
from simulate.engines.base import GameBase, Result, StateBase
from simulate.engines.observer import LeadRecord
from simulate.engines.rows import columns, row
from simulate.engines.seeds import spawned_state
from simulate.fast import ENGINE, core_of
from simulate.play.cluster import CLUSTER, ClusterLost, cluster_rows, cluster_workers
from simulate.play.collector import kept
from simulate.play.faults import GameFault
from simulate.play.workers import ChunkLost, play_chunks

if TYPE_CHECKING:
    import numpy as np

CHUNK = 64  # games a task plays at most
# A run's move cap when the command gives none (`--max-moves`): above any engine's, so the engine's holds.
ENGINE_CAP = 100_000
SLICES = 4  # tasks per worker at least, where the games allow: a run's last task keeps one worker busy alone
RESUMED_LINES = 4_096  # an earlier run's rows are handed on this many at a time


@dataclass(frozen=True)
class RunConfig:
    """Everything that decides the games of one arm of a run."""

    game: str
    label: str
    rules: dict[str, Any]
    players: int
    agents: tuple[str, ...]
    games: int
    seed: int
    max_moves: int = ENGINE_CAP

    def identity(self) -> dict[str, Any]:
        """What must match for a CSV to be resumed (everything but the number of games)."""
        data = asdict(self)
        data.pop("games")
        data["agents"] = list(self.agents)
        return data


def game_seeds(seed: int, index: int, players: int) -> tuple[int, list[int]]:
    """The seed of game `index`'s chance and of each seat's agent: SeedSequence(seed, spawn_key=(index,))."""
    state = spawned_state(seed, index, players + 1)
    return state[0], state[1:]


def play(
    game: GameBase,
    agents_names: tuple[str, ...],
    seed: int,
    index: int,
    max_moves: int,
    trace: Trace | None = None,
) -> tuple[Result, dict[str, float]]:
    """Play game `index` of a run to its end, or stop it capped after `max_moves` moves.

    Each agent gets its seat's view (or None if it reads none) and the legal
    moves, never the state. Returns the result and the observer's generic
    columns, and beside them under "choices" the moves that had a choice (for
    `simulate bench`; no CSV column). Anything the engine or an agent raises
    becomes a `GameFault` naming the game and the move. `trace` (`simulate
    replay`) is told each move chosen and the scores the observer is shown.
    """
    moves, stage, state = 0, "setup", None
    try:
        game_seed, agent_seeds = game_seeds(seed, index, game.players)
        state = game.new_state(game_seed)
        agents = make_agents(agents_names, game, agent_seeds)
        views = [agent.needs_view for agent in agents]
        choose = [agent.choose for agent in agents]
        record = LeadRecord(game)
        see = record.see
        if trace is not None:
            choose, see = trace.wrap(choose, see)
        # the state's methods bound once: this loop runs for every move of every game
        moved, scores, is_over = state.scores_moved, state.scores, state.is_over
        current, legal_moves, apply, view = state.current_player, state.legal_moves, state.apply, state.view
        every = type(state).scores_moved is StateBase.scores_moved  # scores seen after every move
        see(0, scores())
        seen = choices = 0
        stage = "move"
        while not is_over():
            if moves >= max_moves:
                stage = "result"
                result = state.capped_result()
                break
            seat = current()
            legal = legal_moves()
            if len(legal) > 1:
                choices += 1
            apply(choose[seat](view(seat) if views[seat] else None, legal))
            moves += 1
            if every or moved():
                see(moves, scores())
                seen = moves
        else:
            stage = "result"
            result = state.result()
        if seen != moves:
            see(moves, state.scores())
        observed = record.columns(result)
    except Exception as exc:
        raise GameFault.of(index, moves, stage, exc) from exc
    observed["choices"] = choices
    return result, observed


class Trace(Protocol):
    """What `play` tells a watcher of one game (`simulate replay`): it wraps the seats' `choose` and the
    observer's `see`, and is told through them of each move chosen and the scores after it."""

    def wrap(
        self, choose: list[Callable[..., Any]], see: Callable[[int, Sequence[float]], None]
    ) -> tuple[list[Callable[..., Any]], Callable[[int, Sequence[float]], None]]: ...


# ------------------------------------------------------------ worker processes
_WORKER: dict[str, Any] = {}
# What a worker needs to play an arm's games: rules, agents, seed, move cap, debug checks, engine.
Job = tuple[Rules, tuple[str, ...], int, int, bool, str]
Task = tuple[int, range]  # an arm's number among the jobs of `run_all_to_csv`, and games of it


def _init_worker(jobs: tuple[Job, ...], games: tuple[GameBase, ...]) -> None:
    """A worker's setup: the jobs of every arm it may be sent games of, and their games, built and their
    compiled cores loaded by the parent before it forked (nothing is sent): no worker builds them again,
    which took each worker about 0.1 s of CPU an arm."""
    _WORKER["jobs"] = jobs
    _WORKER["games"] = games


def _play_chunk(task: Task) -> str:
    """The CSV lines of games of an arm: written in the worker, so the parent only appends them."""
    arm, indices = task
    _, agents, seed, _, _, engine = _WORKER["jobs"][arm]
    game = _WORKER["games"][arm]  # capped to the run's --max-moves in the parent (`capped_game`)
    return csv_text(_play_rows(game, agents, seed, game.max_moves, indices, engine))


def capped_game(rules: Rules, max_moves: int, debug: bool = False) -> GameBase:
    """The engine for a run's games, its `max_moves` lowered to the run's cap (`--max-moves`) where that
    is lower: the runner stops a game there, and search agents' playouts read it from the game too."""
    game = make_game(rules, debug=debug)
    game.max_moves = min(max_moves, game.max_moves)
    return game


def csv_text(rows: list[list[Any]]) -> str:
    """Rows as the lines of the games CSV."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


# In a cluster worker: the game of each of the last runs it played chunks of, oldest first. A worker
# outlives the commands it serves, and a game object holds up to about 0.6 MB of tables.
_RUN_GAMES: dict[str, GameBase] = {}
KEPT_RUNS = 8
_RUN_GAMES_LOCK = threading.Lock()  # a worker may run tasks in several threads


def play_on_cluster_worker(job: Job, key: str, indices: range) -> list[list[Any]]:
    """A cluster task: the rows of games `indices` of run `key`, its game built once per worker process.

    The same rows `_play_chunk` writes in a local worker. The worker's signals are
    left to dask: a task runs in a thread of the worker, not in its main thread.
    """
    rules, agents, seed, max_moves, debug, engine = job
    with _RUN_GAMES_LOCK:
        game = _RUN_GAMES.get(key)
        if game is None:
            game = _RUN_GAMES[key] = capped_game(rules, max_moves, debug)
            while len(_RUN_GAMES) > KEPT_RUNS:
                del _RUN_GAMES[next(iter(_RUN_GAMES))]
    return _play_rows(game, agents, seed, game.max_moves, indices, engine)


def _play_rows(
    game: GameBase, agents: tuple[str, ...], seed: int, max_moves: int, indices: range, engine: str = "python"
) -> list[list[Any]]:
    """The CSV rows of games `indices` of a run, on the game's compiled core where `engine` allows."""
    fast = compiled(game, agents, engine)
    if fast is not None:
        core, table = fast
        return core.rows(table, seed, max_moves, indices)
    rows: list[list[Any]] = []
    try:
        for i in indices:
            rows.append(row(i, play(game, agents, seed, i, max_moves), game))
    except GameFault as fault:
        raise fault.with_rows(rows) from fault.__cause__
    return rows


def compiled(game: GameBase, agents: tuple[str, ...], engine: str) -> tuple[Any, Any] | None:
    """The game's compiled core and these agents' table for it, or None where the Python engine plays."""
    if engine != "fast" or game.core is None:
        return None  # the common case for games without a core: not even simulate.fast is imported
    core = core_of(game, engine)
    table = None if core is None else core.agent_table(agents)
    if table is None:
        return None
    core.copy_for(table)  # compiled or loaded here: in the parent, before it forks its workers
    return core, table


def _chunks(start: int, stop: int, workers: int) -> list[range]:
    """Games `start..stop-1` as tasks of at most CHUNK games, and at least SLICES per worker where there
    are games enough: 100 search-agent games on two workers are 8 tasks of 13, not 64 and 36."""
    size = max(1, min(CHUNK, -(-(stop - start) // (SLICES * workers))))
    return [range(i, min(i + size, stop)) for i in range(start, stop, size)]


@dataclass(frozen=True)
class ArmRun:
    """One arm to play into `folder/games.csv`, and who reads its rows as they come (see `run_to_csv`)."""

    config: RunConfig
    rules: Rules
    folder: Path
    on_rows: Callable[[str], None] | None = None

    @property
    def csv_path(self) -> Path:
        return self.folder / "games.csv"


def iter_chunks(
    runs: list[ArmRun],
    starts: list[int],
    jobs: int = 1,
    debug: bool = False,
    meanwhile: Callable[[], None] | None = None,
) -> Iterator[tuple[int, int, str]]:
    """Yield (arm, games, their CSV lines) chunk by chunk: arm `k`'s games `starts[k]..` to its end, arm
    after arm, each in game order.

    One set of workers (or the cluster) plays every arm: its tasks are queued
    arm after arm, so the next arm's chunks are played while the last ones of
    the arm before are. `meanwhile` is called once worker processes are
    playing, for this process's own work in the meantime (with no workers it
    is not called).
    """
    # every arm's game held for the run (a game and its core: up to a few MB of tables an arm)
    with kept():
        games = tuple(capped_game(run.rules, run.config.max_moves, debug) for run in runs)
        jobs_of = tuple(
            (run.rules, run.config.agents, run.config.seed, run.config.max_moves, debug, engine)
            for run, game in zip(runs, games, strict=True)
            for engine in [_engine_for(game, run.config.agents)]
        )
    client = CLUSTER.get()
    workers = jobs if client is None else cluster_workers(client)
    tasks = [
        (k, chunk) for k, run in enumerate(runs) for chunk in _chunks(starts[k], run.config.games, workers)
    ]
    done = 0
    try:
        for item in _played(runs, tasks, jobs_of, games, jobs, client, meanwhile):
            yield item
            done += 1
    except GameFault as fault:  # raised by the chunk after the last one yielded: its arm is told
        fault.arm = tasks[done][0]
        raise


def _played(
    runs: list[ArmRun],
    tasks: list[Task],
    jobs_of: tuple[Job, ...],
    games: tuple[GameBase, ...],
    jobs: int,
    client: Any,
    meanwhile: Callable[[], None] | None,
) -> Iterator[tuple[int, int, str]]:
    """`iter_chunks`' chunks, played on the cluster of `client`, in this process or by `jobs` workers."""
    if client is not None:
        for (k, _), rows in zip(
            tasks, cluster_rows(client, play_on_cluster_worker, jobs_of, tasks), strict=True
        ):
            yield k, len(rows), csv_text(rows)
        return
    jobs = min(jobs, len(tasks))
    if jobs <= 1:
        _init_worker(jobs_of, games)
        for task in tasks:
            yield task[0], len(task[1]), _play_chunk(task)
        return
    say = functools.partial(_say_replayed, [run.csv_path for run in runs])
    played = play_chunks(tasks, jobs, _init_worker, (jobs_of, games), _play_chunk, meanwhile, say)
    with contextlib.closing(played):
        for (k, chunk), lines in zip(tasks, played, strict=True):
            yield k, len(chunk), lines


def _say_replayed(csv_paths: list[Path], task: Task, exitcode: int) -> None:
    arm, chunk = task
    print(
        f"simulate: a worker process {_death(exitcode)} playing games {chunk.start}-{chunk.stop - 1} "
        f"of {csv_paths[arm]}; a new one plays them again",
        file=sys.stderr,
        flush=True,
    )


def _death(exitcode: int | None) -> str:
    """How a worker process ended, from its exit code (negative: the signal that killed it)."""
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        note = " (kill -9, or the system out of memory)" if -exitcode == signal.SIGKILL else ""
        return f"was killed by {name}{note}"
    return f"exited with status {exitcode}"


def _engine_for(game: GameBase, agents: tuple[str, ...]) -> str:
    """The engine this context's runs play `game` on ("fast" only where a core will play these games).

    A compiled core is compiled, or loaded from its cache, here in the parent (`core_of`):
    worker processes forked after that inherit it instead of compiling it each.
    """
    engine = ENGINE.get()
    if engine == "fast" and compiled(game, agents, engine) is None:
        return "python"
    return engine


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Hold a run folder for this process while it writes there.

    A second run on the same folder is refused with one line; temporary files
    left by a run that was killed are removed once the folder is held. The
    lock file goes when the folder is let go, however the run ends (a run
    killed with kill -9 leaves it, but not held: the next run takes it).
    """
    lock = folder / ".lock"
    handle = _held(lock, folder)
    with handle:
        try:
            for left in folder.rglob(".*.tmp"):
                left.unlink(missing_ok=True)
            yield
        finally:
            lock.unlink(missing_ok=True)  # before letting go, so that no other run holds a file unlinked


def _held(lock: Path, folder: Path) -> Any:
    """The open lock file of `folder`, locked by this process; refused if another run holds it.

    A run that takes the lock of a file its holder has just unlinked (it opened
    the file before the unlink) holds nothing: it opens the new file instead.
    """
    while True:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle = lock.open("a")
        except OSError as exc:
            raise DataError(f"--out: cannot write the run folder {folder}: {exc.strerror or exc}") from None
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise DataError(
                f"{folder}: another run is writing this folder; wait for it to end or pass --out elsewhere"
            ) from None
        try:
            if os.stat(lock).st_ino == os.fstat(handle.fileno()).st_ino:
                return handle
        except FileNotFoundError:
            pass
        handle.close()


def run_to_csv(
    config: RunConfig,
    rules: Rules,
    folder: Path,
    jobs: int = 1,
    fresh: bool = False,
    on_progress: Callable[[int], None] | None = None,
    debug: bool = False,
    meanwhile: Callable[[], None] | None = None,
    on_rows: Callable[[str], None] | None = None,
    repair: bool = False,
) -> Path:
    """Play the arm's games into `folder/games.csv`, resuming a matching earlier run.

    `meanwhile`: see `iter_chunks`. `on_rows` gets the CSV lines of every game
    of the file, in order: an earlier run's first, then each chunk's as it is
    appended (so a caller can tally them while games are played). `repair`:
    keep the games of a CSV whose `run.json` is damaged (see `_resume`).
    """
    (csv_path,) = run_all_to_csv(
        [ArmRun(config, rules, folder, on_rows)], jobs, fresh, on_progress, debug, meanwhile, repair
    )
    return csv_path


def run_all_to_csv(
    runs: list[ArmRun],
    jobs: int = 1,
    fresh: bool = False,
    on_progress: Callable[[int], None] | None = None,
    debug: bool = False,
    meanwhile: Callable[[], None] | None = None,
    repair: bool = False,
) -> list[Path]:
    """Play every arm's games into its `games.csv` (as `run_to_csv` does one), on one set of workers.

    Every arm is resumed first (each where an earlier run stopped), then the
    games still to play are played arm after arm without the workers waiting
    between arms (`iter_chunks`), each chunk appended to its arm's CSV in game
    order. Returns the CSVs' paths, in the order of `runs`.
    """
    starts = []
    for run in runs:
        game = make_game(run.rules, debug=debug)
        try:
            run.folder.mkdir(parents=True, exist_ok=True)
            done = _resume(run.config, game, run.folder, fresh, repair, run.on_rows)
        except OSError as exc:
            raise DataError(_not_written(exc, run.csv_path, None)) from None
        if on_progress and done:
            on_progress(min(done, run.config.games))
        starts.append(done)
    todo = [k for k, run in enumerate(runs) if starts[k] < run.config.games]
    if todo:
        left, begun = [runs[k] for k in todo], [starts[k] for k in todo]
        _append_played(left, begun, iter_chunks(left, begun, jobs, debug, meanwhile), on_progress)
    return [run.csv_path for run in runs]


def _append_played(
    runs: list[ArmRun],
    written: list[int],
    played: Iterator[tuple[int, int, str]],
    on_progress: Callable[[int], None] | None,
) -> None:
    """Append each chunk's lines to its arm's CSV, which holds `written[k]` games of arm `k` (counted on
    as they are appended); a fault stops it in one line."""
    arm, open_arm, fh = 0, -1, None  # the cluster's first wait is for the first arm's games
    try:
        with contextlib.closing(played):
            for arm, games, text in played:
                csv_path = runs[arm].csv_path
                try:
                    if arm != open_arm:  # the arm after: its CSV is opened as the one before is closed
                        if fh is not None:
                            fh.close()
                        fh, open_arm = csv_path.open("ab", buffering=0), arm
                    append_rows(fh, text.encode())
                except OSError as exc:
                    raise DataError(_not_written(exc, csv_path, written[arm])) from None
                written[arm] += games
                if runs[arm].on_rows:
                    runs[arm].on_rows(text)
                if on_progress:
                    on_progress(games)
    except GameFault as fault:
        faulty = fault.arm
        kept = _keep_before(runs[faulty], fh if faulty == open_arm else None, fault, written[faulty])
        raise Fault(_fault_line(runs[faulty], fault, kept)) from None
    except ChunkLost as lost:
        lost_arm, chunk = lost.chunk  # perhaps an arm after the one being written: queued, played ahead
        first, last = chunk.start, chunk.stop - 1
        raise DataError(
            f"{runs[lost_arm].csv_path}: games {first}-{last}: their worker process {_death(lost.exitcode)}, "
            f"twice; the {written[lost_arm]:,} games before them are kept: run the command again to resume "
            f"(with fewer --jobs if memory ran out)"
        ) from None
    except ClusterLost as lost:
        raise DataError(
            f"--scheduler: {lost}; the {written[arm]:,} games played are kept in {runs[arm].csv_path}: "
            f"run the command again to resume"
        ) from None
    finally:
        if fh is not None:
            fh.close()


def _keep_before(run: ArmRun, fh: Any, fault: GameFault, written: int) -> int:
    """Append the rows of the games of the fault's chunk played before it (`fh`: the arm's CSV if it is
    open); return how many games the CSV then holds."""
    if not fault.rows:
        return written
    try:
        if fh is None:
            with run.csv_path.open("ab", buffering=0) as opened:
                append_rows(opened, csv_text(fault.rows).encode())
        else:
            append_rows(fh, csv_text(fault.rows).encode())
    except OSError as exc:
        raise DataError(_not_written(exc, run.csv_path, written)) from None
    if run.on_rows:
        run.on_rows(csv_text(fault.rows))
    return written + len(fault.rows)


def _fault_line(run: ArmRun, fault: GameFault, kept: int) -> str:
    """The one line for a game that raised: which game, what, what was kept, how to replay it."""
    config = run.config
    agents = config.agents[0] if len(set(config.agents)) == 1 else ",".join(config.agents)
    return (
        f"{config.game}: game {fault.index} of --seed {config.seed} (variant {config.label}, agents "
        f"{agents}) raised {fault.error} ({fault.where}) {fault.at()}; {_kept(kept)} in {run.csv_path}; "
        f"replay it move by move: simulate replay {replay_name(run.rules)} --from {run.folder} --game "
        f"{fault.index}"
    )


def _kept(games: int) -> str:
    if games == 0:
        return "no game before it is kept"
    return "the game before it is kept" if games == 1 else f"the {games:,} games before it are kept"


def replay_name(rules: Rules) -> str:
    """The game as a command names it from here: by name where that finds its data file, else by path."""
    try:
        if find_data_file(rules.game).resolve() == Path(rules.data_file).resolve():
            return rules.game
    except DataError:
        pass
    return rules.data_file


def append_rows(fh: Any, data: bytes) -> None:
    """Append `data` to the unbuffered CSV `fh` now: a write that fails (a full disk) leaves at most part
    of a row, which a resumed run cuts off, and no buffer holds the rest back to write it later."""
    view = memoryview(data)
    while view:
        view = view[fh.write(view) :]


def _not_written(exc: OSError, csv_path: Path, kept: int | None) -> str:
    """One line for a run's file that could not be written (most often: the disk is full)."""
    where = exc.filename or csv_path
    said = f"{where}: cannot write ({exc.strerror or exc})"
    if kept is None:
        return f"{said}: free some space and run the command again"
    return (
        f"{said}; the {kept:,} games played are kept in {csv_path}: free some space and run the "
        f"command again to resume"
    )


def _resume(
    config: RunConfig,
    game: GameBase,
    folder: Path,
    fresh: bool,
    repair: bool,
    on_rows: Callable[[str], None] | None,
) -> int:
    """The number of games `folder/games.csv` holds of this arm (their lines given to `on_rows`).

    A fresh start writes the header, then `run.json` (atomically, so a
    `run.json` beside a CSV always says whose games it holds). A damaged
    `run.json` with games beside it is refused, or with `repair` written again
    once the CSV's first and last games replay as the rows it holds.
    """
    csv_path, meta_path = folder / "games.csv", folder / "run.json"
    header = columns(game)
    if fresh or not (csv_path.exists() and meta_path.exists()):
        meta_path.unlink(missing_ok=True)
        with csv_path.open("w", newline="") as fh:
            csv.writer(fh, lineterminator="\n").writerow(header)
        write_text(meta_path, _identity_text(config))
        return 0
    earlier, damage = read_identity(meta_path)
    if damage:
        kept = _complete_rows(csv_path, header)
        if kept and not repair:
            raise DataError(
                f"{meta_path}: damaged ({damage}), so nothing says which settings the {kept:,} games in "
                f"games.csv were played with; pass --repair to keep them (their first and last game are "
                f"played again to check them) or --fresh to play them again"
            )
        if kept:
            _check_replayed(csv_path, game, config, kept)
        write_text(meta_path, _identity_text(config))
    elif earlier != config.identity():
        raise DataError(
            f"{csv_path}: holds games of other settings ({_changes(earlier, config.identity())}); "
            f"pass --fresh to replace them or --out to write elsewhere"
        )
    return _complete_rows(csv_path, header, on_rows)


def _identity_text(config: RunConfig) -> str:
    return json.dumps(config.identity(), indent=2, sort_keys=True)


def read_identity(meta_path: Path) -> tuple[dict[str, Any], str]:
    """An earlier run's settings from its `run.json`, or what is wrong with a damaged one."""
    try:
        earlier = json.loads(meta_path.read_bytes())
    except UnicodeDecodeError:
        return {}, "not text"
    except json.JSONDecodeError:
        return {}, "not JSON: cut short or overwritten"
    if not isinstance(earlier, dict):
        return {}, "not a JSON object"
    return earlier, ""


def _changes(earlier: dict[str, Any], now: dict[str, Any]) -> str:
    changed = [key for key in now if earlier.get(key) != now[key]]
    return ", ".join(f"{key} {_brief(earlier.get(key))} -> {_brief(now[key])}" for key in changed)


def _check_replayed(csv_path: Path, game: GameBase, config: RunConfig, kept: int) -> None:
    """Refuse a CSV whose first or last game, played again under `config`, is not the row it holds."""
    wanted = sorted({0, kept - 1})
    held = _lines_at(csv_path, wanted)
    game = capped_game(game.rules, config.max_moves, game.debug)
    for k in wanted:
        again = csv_text([row(k, play(game, config.agents, config.seed, k, game.max_moves), game)])
        if again != held[k]:
            raise DataError(
                f"{csv_path}: game {k} played again with this command's settings is not the row the file "
                f"holds, so its games are of other settings; pass --fresh to play them again or --out "
                f"to write elsewhere"
            )


def _lines_at(csv_path: Path, wanted: list[int]) -> dict[int, str]:
    """The CSV lines of games `wanted` (by their place in the file, the header not counted)."""
    found: dict[int, str] = {}
    with csv_path.open(newline="") as fh:
        next(fh)
        for k, line in enumerate(fh):
            if k in wanted:
                found[k] = line
            if len(found) == len(wanted):
                break
    return found


def _brief(value: Any) -> str:
    """A setting as one short piece of text for an error line."""
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    if isinstance(value, dict):
        return "changed rules"
    return str(value)


def _complete_rows(csv_path: Path, header: list[str], on_rows: Callable[[str], None] | None = None) -> int:
    """Count whole rows of an earlier run and cut off a row left half-written by an interruption.

    Reads line by line, so resuming a run of a million games holds one row at a
    time (and `on_rows` gets them a few thousand lines at a time).
    """
    lines: list[str] = []
    with csv_path.open("rb+") as fh:
        first = fh.readline().decode()
        if first.rstrip("\r\n").split(",") != header:
            raise DataError(f"{csv_path}: header does not match this game; pass --fresh to replace it")
        count, whole_end = 0, fh.tell()
        for raw in fh:
            if not raw.endswith(b"\n"):
                break
            line = raw.decode()
            _check_row(csv_path, count, line.rstrip("\r\n"), header)
            count += 1
            whole_end += len(raw)
            if on_rows:
                lines.append(line)
                if len(lines) == RESUMED_LINES:
                    on_rows("".join(lines))
                    lines = []
        fh.truncate(whole_end)
    if on_rows and lines:
        on_rows("".join(lines))
    return count


def _check_row(csv_path: Path, k: int, line: str, header: list[str]) -> None:
    """Refuse, naming the line, a row that is not the next game's row of numbers."""
    fields = line.split(",")
    good = len(fields) == len(header) and fields[0] == str(k)
    text_column = header.index("winners")
    try:
        if good:
            [float(f) for j, f in enumerate(fields) if j != text_column]
    except ValueError:
        good = False
    if not good:
        shown = line if len(line) <= 40 else line[:37] + "..."
        raise DataError(
            f"{csv_path}: line {k + 2} is not the row of game {k} ({shown!r}); "
            f"pass --fresh to play this arm again from the start"
        )


def read_rows(csv_path: Path, limit: int | None = None) -> dict[str, np.ndarray | list[str]]:
    """Columns of a games CSV: numbers as float arrays, `winners` as strings."""
    import numpy as np  # here, so that a run starts its workers without numpy (0.06 s)

    with csv_path.open(newline="") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        data: list[list[str]] = [r for r, _ in zip(reader, range(limit or 10**12), strict=False)]
    out: dict[str, np.ndarray | list[str]] = {}
    for j, name in enumerate(header):
        values = [r[j] for r in data]
        out[name] = values if name == "winners" else np.array(values, dtype=float)
    return out
