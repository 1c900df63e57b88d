"""How the playing commands (run, compare, sweep) play their arms: the options they share, checked once.

`simulate run`, `compare` and `sweep` take the same `--set`, `--players`,
`--agents`, `--games`, `--seed`, `--jobs`, `--out`, `--fresh`, `--repair`, `--quiet`,
`--precision`, `--max-games` and `--max-moves` (run and compare also `--skill`, `--min-effect`,
`--budget` and `--paper`); the command line gathers them into one
`PlayOptions`, which `arms.run_arms` and `sweep.run_sweep` take whole (the
game and its counts are checked by `runs.load_for_run`).

Run and compare play in rounds until every headline question is settled
(`sequential`), unless `--games N` (or `--precision`) asks for a fixed number of
games. `--budget` bounds the rounds: games per arm at every level (`20000`),
or a time for the whole command (`90s`, `10m`, `1h`). Without it an arm plays at
most `DEFAULT_BUDGET` games, or on a skill axis each level the games its data
file gives (`[game.skill] games`): a default in games, so that where a run
stops never depends on the machine; a budget in time is asked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import DataError
from simulate.analysis.min_effect import DEFAULT, MinEffect
from simulate.play.runner import ENGINE_CAP

DEFAULT_MAX_GAMES = 100_000
# Games per arm a run plays at most without --budget: under greedy, the 2-point questions settle
# well within it (a Python engine's 20,000 games an arm is about 6 minutes of both cores of a laptop;
# a compiled core's under one); a question it leaves open is said with the games it would need.
DEFAULT_BUDGET = 20_000
# The demo's budget: its games all play on compiled cores, where 50,000 greedy games an arm take under a
# minute of both cores; a one-point change of the first mover's score needs about 33,000 an arm to be
# shown within two points (measured in docs/guides/reading-a-report.md), which 20,000 left open.
DEMO_BUDGET = 50_000
UNITS = {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600}
DEFAULT_SWEEP_GAMES = 128  # two full chunks of the runner: as quick as 100 games with --jobs 2
# Games one command may play without --force: hours of play even for the quickest games; a larger
# sweep or compare is more often a slip of the keyboard than a plan.
MAX_GAMES_UNFORCED = 1_000_000


@dataclass(frozen=True)
class Budget:
    """What a run in rounds may spend: games per arm (at every level), or seconds for the whole command."""

    games: int | None = None
    seconds: float | None = None

    def text(self) -> str:
        """The budget as the command line wrote it back: `20,000 games per arm`, `10 min`."""
        if self.seconds is None:
            return f"{self.games:,}"
        minutes, seconds = divmod(round(self.seconds), 60)
        return f"{minutes} min" + (f" {seconds} s" if seconds else "") if minutes else f"{seconds} s"


def parse_budget(text: str | None) -> Budget | None:
    """`--budget`: games per arm (`20000`, `20_000`, `20,000`) or a time (`90s`, `10m`, `1.5h`)."""
    if text is None:
        return None
    plain = text.strip().replace(",", "").replace("_", "")
    if plain.isdigit() and int(plain) > 0:
        return Budget(games=int(plain))
    timed = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(s|sec|m|min|h)", plain)
    if timed and float(timed.group(1)) > 0:
        return Budget(seconds=float(timed.group(1)) * UNITS[timed.group(2)])
    raise DataError(
        f"--budget {text}: expected games per arm (e.g. 20000) or a time for the whole command "
        "(e.g. 90s, 10m, 1h)"
    )


def check_resume(fresh: bool, repair: bool) -> None:
    """`--fresh` plays an earlier run's games again and `--repair` keeps them: not both."""
    if fresh and repair:
        raise DataError("--fresh and --repair: give one (--fresh plays the games again, --repair keeps them)")


@dataclass(frozen=True)
class PlayOptions:
    """The options shared by every command that plays arms of games."""

    sets: tuple[str, ...] = ()
    players: int | None = None
    # one agent spec per agent set (`greedy`, `random,mcts:200`); two compare the arms under both
    agents: tuple[str, ...] = ("greedy",)
    games: int = 2000
    seed: int = 1
    jobs: int = 1
    out: Path = Path("output")
    fresh: bool = False
    repair: bool = False
    quiet: bool = False
    precision: float | None = None
    max_games: int = DEFAULT_MAX_GAMES
    max_moves: int = ENGINE_CAP  # `--max-moves`: games and search playouts stop there (below the engine's)
    force: bool = False  # --force: more workers than 4 per core, more games than MAX_GAMES_UNFORCED
    # a skill axis: None for none, "" for the data file's levels, else the levels named (`--skill`)
    skill: str | None = None
    games_given: bool = False  # `--games` was given: with a skill axis, every level plays that many
    strength_games: int | None = None  # games per strength check, instead of the data file's
    min_effect: MinEffect = DEFAULT
    paper: str = "a4"
    budget: Budget | None = None  # --budget: None for the default (`DEFAULT_BUDGET`, or the data file's)
    until_settled: bool = False  # play in rounds (run and compare without --games)

    def __post_init__(self) -> None:
        """Refuse a `--precision` no interval can meet, a cap below `--games`, or --fresh with --repair."""
        check_resume(self.fresh, self.repair)
        if self.precision is not None and not 0 < self.precision < 0.5:
            raise DataError(
                f"--precision: expected a half-width between 0 and 0.5 (e.g. 0.02), got {self.precision}"
            )
        if self.precision is not None and self.max_games < self.games:
            raise DataError(f"--max-games: expected at least --games ({self.games}), got {self.max_games}")
        if self.skill is not None and self.precision is not None:
            raise DataError(
                "--precision: not with --skill, whose levels play the games the data file or --games give"
            )
        if self.budget is not None and not self.sequential:
            raise DataError("--budget: not with --games or --precision, which fix the games played")

    @property
    def sequential(self) -> bool:
        """Play in rounds until settled: asked for, and no `--precision` fixes the games instead."""
        return self.until_settled and self.precision is None

    def per_arm(self) -> int:
        """The most games an arm may play: `--games`, `--max-games` when playing to a precision or for a
        time, or the budget in games when playing in rounds."""
        if self.sequential:
            if self.budget is None:
                return DEFAULT_BUDGET
            return self.budget.games if self.budget.games is not None else self.max_games
        return self.games if self.precision is None else self.max_games

    def check_total(self, arms: int, total: int | None = None) -> None:
        """Refuse, without `--force`, a command whose arms would play more than `MAX_GAMES_UNFORCED` games.

        `total` is the games in all where arms play different numbers (a skill axis' levels).
        """
        games = "--max-games" if self.precision is not None else "--games"
        if self.sequential:
            if self.budget is not None and self.budget.seconds is not None:
                return  # a time bounds the games
            games = "--budget"
        if total is None:
            total = arms * self.per_arm()
            said = f"{arms:,} arms x {self.per_arm():,} games = {total:,} games"
        else:
            said = f"{arms:,} arms at their levels and the strength checks = {total:,} games"
        if total > MAX_GAMES_UNFORCED and not self.force:
            raise DataError(
                f"{games}: {said}, more than the {MAX_GAMES_UNFORCED:,} one command plays unasked; "
                "give fewer, or --force to play them all"
            )
