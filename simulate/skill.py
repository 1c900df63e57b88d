"""A skill axis: the agent levels every arm is played under, and the check that they are ordered.

`simulate run/compare --skill` plays every arm at each level (one agent spec
in every seat), weakest first. A game's default levels and their games per
arm are declared in its data file:

    [game.skill]
    levels = ["random", "greedy", "mcts:100", "mcts:400"]
    games = [2000, 2000, 500, 200]        # games per arm at each level
    strength_games = [200, 200, 200]      # games per pair of adjacent levels

`--skill random,greedy,mcts:200` names other levels (each takes the data
file's count where the file lists it, else `--games`); `--games N` plays N
at every level. The strength check plays each pair of adjacent levels head
to head with the ladder's machinery (`simulate.ladder`): the two on
neighbouring seats, each first and second, at every rotation, the other seats
played by the weaker level, under the run's first arm. The stronger level's
share of those games (a draw as half) with its 95% Wilson interval says
whether the pair is *ordered*: the interval lies above one half.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.errors import DataError
from printkit.gamedata import GameData, Rules
from simulate.agents import agent_list
from simulate.agents.spec import split_specs
from simulate.options import PlayOptions

STRENGTH_GAMES = 200  # games per adjacent pair the data file does not count


@dataclass(frozen=True)
class Level:
    """One level of the axis: the agent spec in every seat and the games per arm."""

    agent: str
    games: int


@dataclass(frozen=True)
class Pair:
    """Two adjacent levels and the games of their strength check."""

    weak: str
    strong: str
    games: int


@dataclass(frozen=True)
class Skill:
    """The levels, weakest first, and the strength check of each adjacent pair."""

    levels: tuple[Level, ...]
    pairs: tuple[Pair, ...]

    @property
    def names(self) -> list[str]:
        return [level.agent for level in self.levels]


def file_levels(data: GameData) -> list[str]:
    """The data file's levels in canonical form, each checked against the game's agents."""
    skill = data.game.get("skill")
    if not skill:
        return []
    return [
        _one(spec, data.engine, f"{data.where()}: game.skill.levels[{i}]")
        for i, spec in enumerate(skill["levels"])
    ]


def _one(spec: str, engine: str, where: str) -> str:
    names = agent_list(spec, engine, where)
    if len(names) != 1:
        raise DataError(f"{where} {spec}: a level is one agent spec (the agent of every seat)")
    return names[0]


def plan_skill(data: GameData, named: str, games: int | None, strength_games: int | None) -> Skill:
    """The levels of `--skill` (`named`, or the data file's when empty), with their games.

    `games` (an explicit `--games`) plays that many at every level;
    `strength_games` that many in every strength check.
    """
    declared = file_levels(data)
    skill = data.game.get("skill") or {}
    if named:
        names = [_one(spec, data.engine, "--skill") for spec in split_specs(named)]
    elif declared:
        names = declared
    else:
        raise DataError(
            f"{data.where()}: game.skill: no default levels; name them, e.g. --skill random,greedy"
        )
    if len(names) < 2:
        raise DataError(f"--skill {named}: a skill axis needs two or more levels, weakest first")
    if len(set(names)) != len(names):
        raise DataError(f"--skill {named}: a level is named twice")
    per_level = dict(zip(declared, skill.get("games", []), strict=False))
    fallback = PlayOptions.games  # a level the data file does not count plays as many as --games by default
    levels = tuple(Level(n, games if games is not None else per_level.get(n, fallback)) for n in names)
    per_pair = dict(
        zip(zip(declared, declared[1:], strict=False), skill.get("strength_games", []), strict=False)
    )
    pairs = tuple(
        Pair(weak, strong, strength_games or per_pair.get((weak, strong), STRENGTH_GAMES))
        for weak, strong in zip(names, names[1:], strict=False)
    )
    return Skill(levels, pairs)


# ------------------------------------------------------------------ the strength check
@dataclass(frozen=True)
class Strength:
    """What one pair's head-to-head games showed."""

    weak: str
    strong: str
    games: float
    strong_share: dict[str, float]  # the stronger level's share, a draw as half, with its Wilson interval
    weak_ahead: dict[str, float]  # the share of games the weaker level finished ahead

    @property
    def ordered(self) -> bool:
        """Whether the stronger level's interval lies above one half."""
        return self.strong_share["n"] > 0 and self.strong_share["lo"] > 0.5


def ladder_plan(data: GameData, rules: Rules, pair: Pair, seed: int) -> Any:
    """The ladder of the pair (weaker first): the other seats played by the weaker level."""
    from simulate.ladder import LadderPlan, arrangements

    seatings = len(arrangements("a", "b", rules.players, ""))
    filler = pair.weak if rules.players > 2 else None
    return LadderPlan(data, rules, (pair.weak, pair.strong), filler, math.ceil(pair.games / seatings), seed)


def strength_games(rules: Rules, pair: Pair) -> int:
    """Games a pair's check plays: its count rounded up to whole seatings."""
    from simulate.ladder import arrangements

    seatings = len(arrangements("a", "b", rules.players, ""))
    return math.ceil(pair.games / seatings) * seatings


def play_strength(
    data: GameData,
    rules: Rules,
    pair: Pair,
    seed: int,
    folder: Path,
    jobs: int,
    fresh: bool,
    on_progress: Callable[[int], None] | None,
    repair: bool = False,
) -> Strength:
    """Play (or resume) one pair's strength check into `folder`; what it showed (`repair`: see
    `runner.run_to_csv`)."""
    from simulate.runner import run_all_to_csv

    check = strength_check(data, rules, pair, seed, folder)
    run_all_to_csv(check.runs(), jobs, fresh, on_progress, repair=repair)
    return check.strength()


@dataclass(frozen=True)
class StrengthCheck:
    """One pair's strength check as the runner's arms (its ladder's seatings), to be played with others."""

    pair: Pair
    plan: Any  # the pair's `ladder.LadderPlan`
    seated: list[Any]  # its `ladder.SeatedRun`s

    def runs(self) -> list[Any]:
        """The seatings' `runner.ArmRun`s, to hand to `runner.run_all_to_csv`."""
        return [one.run for one in self.seated]

    def strength(self) -> Strength:
        """What the check showed, once its seatings are played."""
        from simulate.ladder import pair_results

        (result,) = pair_results(self.plan, self.seated)
        return strength_of(self.pair.weak, self.pair.strong, result.wins_a, result.wins_b, result.draws)


def strength_check(data: GameData, rules: Rules, pair: Pair, seed: int, folder: Path) -> StrengthCheck:
    """The pair's strength check, its seatings' games to be played into `folder`."""
    from simulate.ladder import seated_runs

    plan = ladder_plan(data, rules, pair, seed)
    return StrengthCheck(pair, plan, seated_runs(plan, folder))


def strength_of(weak: str, strong: str, weak_wins: float, strong_wins: float, draws: float) -> Strength:
    """The stronger level's share (a draw as half) and the weaker's share of games finished ahead."""
    from simulate.stats import wilson

    games = weak_wins + strong_wins + draws
    return Strength(weak, strong, games, wilson(strong_wins + draws / 2, games), wilson(weak_wins, games))
