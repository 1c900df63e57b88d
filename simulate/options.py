"""How the playing commands (run, compare, sweep) play their arms: the options they share, checked once.

`simulate run`, `compare` and `sweep` take the same `--set`, `--players`,
`--agents`, `--games`, `--seed`, `--jobs`, `--out`, `--fresh`, `--quiet`,
`--precision` and `--max-games` (run and compare also `--skill`, `--min-effect`
and `--paper`); the command line gathers them into one
`PlayOptions`, which `arms.run_arms` and `sweep.run_sweep` take whole (the
game and its counts are checked by `arms.load_for_run`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.errors import DataError
from simulate.min_effect import DEFAULT, MinEffect

DEFAULT_MAX_GAMES = 100_000
DEFAULT_SWEEP_GAMES = 128  # two full chunks of the runner: as quick as 100 games with --jobs 2


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
    quiet: bool = False
    precision: float | None = None
    max_games: int = DEFAULT_MAX_GAMES
    # a skill axis: None for none, "" for the data file's levels, else the levels named (`--skill`)
    skill: str | None = None
    games_given: bool = False  # `--games` was given: with a skill axis, every level plays that many
    strength_games: int | None = None  # games per strength check, instead of the data file's
    min_effect: MinEffect = DEFAULT
    paper: str = "a4"

    def __post_init__(self) -> None:
        """Refuse a `--precision` no interval can meet, or a cap below `--games`."""
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
