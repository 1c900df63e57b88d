"""How the playing commands (run, compare, sweep) play their arms: the options they share, checked once.

`simulate run`, `compare` and `sweep` take the same `--set`, `--players`,
`--agents`, `--games`, `--seed`, `--jobs`, `--out`, `--fresh`, `--repair`, `--quiet`,
`--precision`, `--max-games` and `--max-moves` (run and compare also `--skill`, `--min-effect`
and `--paper`); the command line gathers them into one
`PlayOptions`, which `arms.run_arms` and `sweep.run_sweep` take whole (the
game and its counts are checked by `runs.load_for_run`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.errors import DataError
from simulate.analysis.min_effect import DEFAULT, MinEffect
from simulate.play.runner import ENGINE_CAP

DEFAULT_MAX_GAMES = 100_000
DEFAULT_SWEEP_GAMES = 128  # two full chunks of the runner: as quick as 100 games with --jobs 2
# Games one command may play without --force: hours of play even for the quickest games; a larger
# sweep or compare is more often a slip of the keyboard than a plan.
MAX_GAMES_UNFORCED = 1_000_000


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

    def per_arm(self) -> int:
        """The most games an arm may play: `--games`, or `--max-games` when playing to a precision."""
        return self.games if self.precision is None else self.max_games

    def check_total(self, arms: int, total: int | None = None) -> None:
        """Refuse, without `--force`, a command whose arms would play more than `MAX_GAMES_UNFORCED` games.

        `total` is the games in all where arms play different numbers (a skill axis' levels).
        """
        games = "--max-games" if self.precision is not None else "--games"
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
