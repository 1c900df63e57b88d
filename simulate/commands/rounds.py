"""Playing arms in rounds: each arm's games into its CSV, its rows tallied as they come, and every
question of a level looked at after each round until its headline questions are settled.

An arm (`ArmTask`) is played by the runner into its folder; its rows are
tallied as they are appended (`Tallying`), and the tally is kept from round to
round (`Session`), the runner handing the rows of earlier rounds again as it
resumes and the tally passing over them. `play_in_rounds` plays every level's
arms the rounds of `sequential.rounds` (256 games per arm, then about 1.5 times
as many each round, up to the budget), looks at every question of the level
after each round (`questions.Follow`), and stops a level once its headline
questions are settled (`families.settled`), its budget spent, or its next round
would overrun a budget in time. `play_fixed` is the fixed design: every arm
plays its games, and each question is asked once of them. `simulate run`,
`compare` and a tune's confirmation play their arms this way.

The report's modules (scipy, matplotlib: about a second to import) are
imported only once games are being played, by `load_report_modules`: with
worker processes the parent imports them while the workers play.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.datafile.gamedata import GameData, Rules
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.skill import Pair, Strength
from simulate.commands.options import Budget
from simulate.commands.skill_plan import strength_check
from simulate.engines import make_game
from simulate.engines.rows import columns
from simulate.play.collector import kept
from simulate.play.progress import Progress
from simulate.play.runner import ENGINE_CAP, ArmRun, RunConfig, run_all_to_csv
from simulate.words import say

if TYPE_CHECKING:
    from simulate.analysis.families import Ran
    from simulate.analysis.questions import Ask, Follow
    from simulate.analysis.tally import ArmTally, RowFeed

REPORT_MODULES = (
    "simulate.analysis.balance",
    "simulate.report.document",
    "simulate.analysis.tally",
    "simulate.analysis.verdict_page",
)


def load_report_modules() -> None:
    """Import what tallies and reports need; the runner calls it while its workers play.

    The imports make a few hundred thousand objects that live as long as the
    process: they are made with the collector paused and then frozen
    (`simulate.play.collector`).
    """
    with kept():
        for name in REPORT_MODULES:
            importlib.import_module(name)


def sides_of(engine: Any) -> list[int]:
    """The side each seat plays for."""
    return [engine.side_of(seat) for seat in range(engine.players)]


def arm_run(
    data: GameData,
    rules: Rules,
    agents: tuple[str, ...],
    games: int,
    seed: int,
    folder: Path,
    skip: int = 0,
    max_moves: int = ENGINE_CAP,
) -> tuple[ArmRun, Tallying]:
    """One arm as the runner plays it, its rows tallied as they come (leaving out the first `skip`), its
    games stopped after `max_moves` moves where the engine's cap is higher."""
    config = arm_config(data, rules, agents, games, seed, max_moves)
    game = make_game(rules)
    tallying = Tallying(
        columns(game), sides_of(game), limit=games - skip, skip=skip, keep=game.shown_metrics()
    )
    return ArmRun(config, rules, folder, tallying), tallying


def arm_config(
    data: GameData, rules: Rules, agents: tuple[str, ...], games: int, seed: int, max_moves: int = ENGINE_CAP
) -> RunConfig:
    return RunConfig(
        game=data.name,
        label=rules.label,
        rules=rules.as_dict(),
        players=rules.players,
        agents=agents,
        games=games,
        seed=seed,
        max_moves=max_moves,
    )


class Tallying:
    """`run_to_csv`'s `on_rows`: an arm's rows tallied as they come (`tally.RowFeed`).

    The tally's module (and numpy) is imported with the first rows rather than
    before play, so that worker processes start 0.06 s sooner and, under
    `--jobs` 2 or more, it is imported while they play. Played in rounds, the
    runner hands it the arm's rows from the first again each round
    (`next_round`): the rows tallied already are passed over.
    """

    def __init__(
        self, header: list[str], sides: list[int], limit: int, skip: int = 0, keep: Sequence[str] = ()
    ):
        self._args = (header, sides, limit, keep)
        self._feed: RowFeed | None = None
        self._first = skip
        self._skip = skip

    def __call__(self, text: str) -> None:
        if self._skip:
            lines = text.splitlines(keepends=True)
            dropped, self._skip = min(self._skip, len(lines)), max(0, self._skip - len(lines))
            text = "".join(lines[dropped:])
        if text:
            self._open().add_text(text)

    def finish(self) -> ArmTally:
        return self._open().finish()

    def next_round(self, games: int) -> None:
        """Tally up to `games` rows in all: the runner's rows from the first are handed again, and those
        tallied already (and the first `skip`) are passed over."""
        feed = self._open()
        self._skip = self._first + feed.tally.games
        feed.extend(games - self._first)

    def _open(self) -> RowFeed:
        if self._feed is None:
            from simulate.analysis.tally import RowFeed

            header, sides, limit, keep = self._args
            self._feed = RowFeed(header, sides, limit, keep)
        return self._feed


@dataclass(frozen=True)
class ArmTask:
    """One arm at one level: its games go into its folder; `label` names it in the report."""

    level: int
    rules: Rules
    agents: tuple[str, ...]
    folder: Path
    label: str


@dataclass(frozen=True)
class StrengthTask:
    """One strength check of a skill axis: a pair of adjacent levels head to head under `rules`."""

    pair: Pair
    rules: Rules
    folder: Path


@dataclass(frozen=True)
class Setup:
    """What every arm of a session shares: the game, the seed, the workers, whether to start afresh or
    keep a damaged run (`runner.run_to_csv`), the minimum effects, the game's own metrics compared,
    whether the headline questions are each arm's first mover against fair (`questions.asks_of`), and the
    run's move cap (`--max-moves`)."""

    data: GameData
    seed: int
    jobs: int
    fresh: bool = False
    repair: bool = False
    me: MinEffect = MinEffect()
    metrics: tuple[str, ...] = ()
    fair_first: bool = False
    max_moves: int = ENGINE_CAP


class Counting:
    """A progress that only counts the games played, for a caller's own progress (a tune's)."""

    def __init__(self, on_games: Callable[[int], None] | None):
        self.on_games = on_games

    def update(self, n: int) -> None:
        if self.on_games is not None:
            self.on_games(n)

    def grow(self, more: int) -> None:
        """A tune's progress bar counts the confirmation's games at most: nothing to grow."""

    def round(self, text: str) -> None:
        """A tune says nothing of the confirmation's rounds."""


@dataclass
class Played:
    """What a run's games gave: each level's arms' tallies, and the strength checks."""

    tallies: list[list[ArmTally]]
    strengths: list[Strength]


class Session:
    """A run's arms and strength checks, played (or resumed) round after round on one set of workers, each
    arm's tally kept from round to round."""

    def __init__(
        self, setup: Setup, arms: Sequence[ArmTask], checks: Sequence[StrengthTask], progress: Progress
    ):
        self.setup, self.progress = setup, progress
        self.arms, self.checks = list(arms), list(checks)
        self.levels = 1 + max(t.level for t in self.arms)
        self.tallying: dict[int, Tallying] = {}
        self.played: dict[int, int] = {}  # games per arm of each level so far
        self.counted: dict[int, int] = {}  # games of each arm the progress has counted
        self.strengths: list[Strength] | None = None

    def play(self, targets: dict[int, int]) -> None:
        """Play (or resume) every arm of each level in `targets` to that many games; the strength checks
        with the first round."""
        runs: list[ArmRun] = []
        for k, task in enumerate(self.arms):
            if task.level not in targets:
                continue
            n = targets[task.level]
            if k not in self.tallying:
                _, self.tallying[k] = arm_run(
                    self.setup.data,
                    task.rules,
                    task.agents,
                    n,
                    self.setup.seed,
                    task.folder,
                    0,
                    self.setup.max_moves,
                )
            self.tallying[k].next_round(n)
            config = arm_config(
                self.setup.data, task.rules, task.agents, n, self.setup.seed, self.setup.max_moves
            )
            runs.append(ArmRun(config, task.rules, task.folder, self.tallying[k]))
        checks = []
        if self.strengths is None:
            for task in self.checks:
                check = strength_check(
                    self.setup.data, task.rules, task.pair, self.setup.seed, task.folder, self.setup.max_moves
                )
                runs += check.runs()
                checks.append(check)
        fresh = self.setup.fresh and not self.played
        repair = self.setup.repair and not self.played
        playing = [k for k, task in enumerate(self.arms) if task.level in targets]
        # the runner counts an arm's games played in earlier rounds again as it resumes them: not news
        counted = [sum(self.counted.get(k, 0) for k in playing)]

        def progress(n: int) -> None:
            seen = min(counted[0], n)
            counted[0] -= seen
            if n > seen:
                self.progress.update(n - seen)

        run_all_to_csv(runs, self.setup.jobs, fresh, progress, meanwhile=load_report_modules, repair=repair)
        if self.strengths is None:
            self.strengths = [check.strength() for check in checks]
        for k in playing:
            self.tallying[k].finish()
            self.counted[k] = targets[self.arms[k].level]
        self.played.update(targets)

    def tallies(self, level: int) -> list[tuple[str, ArmTally]]:
        """The arms of one level with their tallies so far, by label."""
        return [(t.label, self.tallying[k].finish()) for k, t in enumerate(self.arms) if t.level == level]

    def arms_at(self, level: int) -> int:
        return sum(1 for t in self.arms if t.level == level)

    def result(self) -> Played:
        return Played([[t for _, t in self.tallies(k)] for k in range(self.levels)], self.strengths or [])


def _asks(session: Session, level: int) -> list[Ask]:
    from simulate.analysis.questions import asks_of

    return asks_of(session.tallies(level), session.setup.metrics, session.setup.fair_first)


def play_fixed(session: Session, games: Sequence[int]) -> Ran:
    """The fixed design: every level's arms play their games, and every question is asked once of them."""
    session.play(dict(enumerate(games)))
    return asked(session, list(games))


def asked(session: Session, games: list[int]) -> Ran:
    """Every question of each level asked once, of the games its arms have played."""
    from simulate.analysis.families import asked_once

    return asked_once([_asks(session, k) for k in range(len(games))], games, session.setup.me)


def play_in_rounds(session: Session, budgets: Sequence[int], seconds: float | None = None) -> Ran:
    """Play every level in rounds (`sequential.rounds` of its budget) until its headline questions are
    settled, its budget is spent, or, for a budget in time, its next round would overrun it.

    The rounds are fixed before any game, the same seeds in the same order, so where a level stops in
    games depends on its games alone, never on `--jobs`; a rerun resumes the games already played and
    looks at them round by round again, then plays on. Each level plays its round apart from the others,
    so that its time per game is known for the next.
    """
    from simulate.analysis.families import Ran, decide, settled
    from simulate.analysis.questions import HEADLINE, Follow, slots
    from simulate.analysis.sequential import rounds

    schedules = [rounds(b) for b in budgets]
    levels = len(budgets)
    step, stopped = [0] * levels, [""] * levels
    cost: list[float | None] = [None] * levels  # seconds per game of each level's last round
    follows: list[Follow | None] = [None] * levels
    settled_at: dict[str, int] = {}
    start = time.monotonic()
    while not all(stopped):
        targets = {}
        for k in range(levels):
            if stopped[k]:
                continue
            n = schedules[k][step[k]]
            more = (n - session.played.get(k, 0)) * session.arms_at(k)
            if (
                seconds is not None
                and cost[k] is not None
                and time.monotonic() - start + more * cost[k] > seconds
            ):
                stopped[k] = "time"
                continue
            targets[k] = n
        if not targets:
            break
        session.progress.round(
            say(
                "progress.round",
                n=max(step) + 1,
                games=say("join.list").join(f"{n:,}" for n in targets.values()),
            )
        )
        for k, n in targets.items():
            before, began = session.played.get(k, 0), time.monotonic()
            games = (n - before) * session.arms_at(k)
            if step[k]:
                session.progress.grow(games)
            session.play({k: n})
            cost[k] = (time.monotonic() - began) / max(1, games)
            follow = follows[k] or Follow(_asks(session, k), session.setup.me, sequential=True)
            follow.look(n)
            follows[k] = follow
        done = [f for f in follows if f is not None]
        decisions = decide(done, HEADLINE)
        for k, n in targets.items():
            for ident in slots(done[k]):
                d = decisions.get(f"{k}|{ident}")
                if d is not None and (d.called or d.equivalent):
                    settled_at.setdefault(f"{k}|{ident}", n)
            if settled(done, k, decisions):
                stopped[k] = "settled"
            elif step[k] + 1 >= len(schedules[k]):
                stopped[k] = "budget"
            else:
                step[k] += 1
    games = [session.played[k] for k in range(levels)]
    spent = Budget(seconds=seconds).text() if seconds is not None else None
    return Ran([f for f in follows if f is not None], games, stopped, settled_at, spent)
