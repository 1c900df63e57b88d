"""Planning a skill axis (`--skill`: its levels and games) and playing the strength check of each pair of
adjacent levels with the ladder's machinery (`simulate.commands.ladder`); what a skill axis is, and what
a check showed, are `simulate.analysis.skill`."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.datafile.gamedata import GameData, Rules
from printkit.errors import DataError
from simulate.agents.spec import split_specs
from simulate.analysis.skill import (
    STRENGTH_GAMES,
    Level,
    Pair,
    Skill,
    Strength,
    file_levels,
    one_level,
    strength_of,
)
from simulate.commands.options import PlayOptions
from simulate.play.runner import ENGINE_CAP


def plan_skill(data: GameData, named: str, games: int | None, strength_games: int | None) -> Skill:
    """The levels of `--skill` (`named`, or the data file's when empty), with their games.

    `games` (an explicit `--games`) plays that many at every level;
    `strength_games` that many in every strength check.
    """
    declared = file_levels(data)
    skill = data.game.get("skill") or {}
    if named:
        names = [one_level(spec, data.engine, "--skill") for spec in split_specs(named)]
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
def ladder_plan(data: GameData, rules: Rules, pair: Pair, seed: int, max_moves: int = ENGINE_CAP) -> Any:
    """The ladder of the pair (weaker first): the other seats played by the weaker level."""
    from simulate.commands.ladder import LadderPlan, arrangements

    seatings = len(arrangements("a", "b", rules.players, ""))
    filler = pair.weak if rules.players > 2 else None
    per = math.ceil(pair.games / seatings)
    return LadderPlan(data, rules, (pair.weak, pair.strong), filler, per, seed, max_moves)


def strength_games(rules: Rules, pair: Pair) -> int:
    """Games a pair's check plays: its count rounded up to whole seatings."""
    from simulate.commands.ladder import arrangements

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
    from simulate.play.runner import run_all_to_csv

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
        from simulate.commands.ladder import pair_results

        (result,) = pair_results(self.plan, self.seated)
        return strength_of(self.pair.weak, self.pair.strong, result.wins_a, result.wins_b, result.draws)


def strength_check(
    data: GameData, rules: Rules, pair: Pair, seed: int, folder: Path, max_moves: int = ENGINE_CAP
) -> StrengthCheck:
    """The pair's strength check, its seatings' games to be played into `folder` (each stopped after
    `max_moves` moves where the engine's cap is higher)."""
    from simulate.commands.ladder import seated_runs

    plan = ladder_plan(data, rules, pair, seed, max_moves)
    return StrengthCheck(pair, plan, seated_runs(plan, folder))
