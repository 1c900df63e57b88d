"""What every command that plays games shares before it plays: the game loaded and checked for a run, the
worker count, the arms of a game's headline comparison, and the folder names made from a game, a variant
or an agent set."""

from __future__ import annotations

import os
import re

from printkit.datafile.gamedata import GameData, load_game
from printkit.errors import DataError
from printkit.filenames import safe_part
from simulate.analysis.skill import file_levels
from simulate.engines import ENGINES, require_engine


def slug(text: str) -> str:
    """A folder name for a game, a variant label or an agent set (`printkit.filenames.safe_part`)."""
    return safe_part(re.sub(r"[^A-Za-z0-9_.=+-]+", "_", text).strip("_"))


def machine_cores() -> int:
    """Processors this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


PER_CORE, PER_CORE_FORCED = 4, 16  # worker processes per core, without and with --force


def worker_count(jobs: int | None, force: bool) -> int:
    """`--jobs`: by default the machine's cores; more than 4 per core only with `--force`, never past 16."""
    cores = machine_cores()
    if jobs is None:
        return cores
    if jobs > PER_CORE * cores and not force:
        raise DataError(
            f"--jobs: {jobs} workers for this machine's {cores} cores (more than {PER_CORE} per core) would "
            f"only slow the run; give at most {PER_CORE * cores}, or --force"
        )
    if jobs > PER_CORE_FORCED * cores:
        raise DataError(
            f"--jobs: {jobs:,} workers for this machine's {cores} cores; at most {PER_CORE_FORCED * cores} "
            f"even with --force (a process each, and only {cores} to run them)"
        )
    return jobs


def headline_arms(data: GameData) -> list[str]:
    """The arms of the game's headline comparison (`simulate demo`): its `game.headline` where that names
    two or more and the game has an engine; else none."""
    arms = list(data.game.get("headline", []))
    return arms if data.engine in ENGINES and len(arms) >= 2 else []


def load_for_run(game: str, games: int, jobs: int) -> GameData:
    """The game's data, once the run's counts are checked and the game has an engine."""
    if games < 1:
        raise DataError(f"--games: expected at least 1, got {games}")
    if jobs < 1:
        raise DataError(f"--jobs: expected at least 1, got {jobs}")
    data = load_game(game)
    require_engine(data)
    file_levels(data)  # the data file's skill levels name agents of this game
    return data
