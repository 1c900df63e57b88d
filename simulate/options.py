"""How the playing commands (run, compare, sweep) play their arms: the options they share, checked once.

`simulate run`, `compare` and `sweep` take the same `--set`, `--players`,
`--agents`, `--games`, `--seed`, `--jobs`, `--out`, `--fresh`, `--repair`, `--quiet`,
`--precision` and `--max-games`; the command line gathers them into one
`PlayOptions`, which `arms.run_arms` and `sweep.run_sweep` take whole (the
game and its counts are checked by `arms.load_for_run`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.errors import DataError

DEFAULT_MAX_GAMES = 100_000
DEFAULT_SWEEP_GAMES = 128  # two full chunks of the runner: as quick as 100 games with --jobs 2


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

    def __post_init__(self) -> None:
        """Refuse a `--precision` no interval can meet, a cap below `--games`, or --fresh with --repair."""
        check_resume(self.fresh, self.repair)
        if self.precision is not None and not 0 < self.precision < 0.5:
            raise DataError(
                f"--precision: expected a half-width between 0 and 0.5 (e.g. 0.02), got {self.precision}"
            )
        if self.precision is not None and self.max_games < self.games:
            raise DataError(f"--max-games: expected at least --games ({self.games}), got {self.max_games}")
