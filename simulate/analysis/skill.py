"""A skill axis: the agent levels every arm is played under, and what the check that they are ordered showed.

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
to head with the ladder's machinery (`simulate.commands.ladder`): the two on
neighbouring seats, each first and second, at every rotation, the other seats
played by the weaker level, under the run's first arm. Only decided games say
which level is stronger (`simulate.analysis.sign_test`): the pair is *ordered*
where the level named stronger wins more of them than it loses, by the exact
sign test at 5%, and *reversed* where it loses more, so shown; draws are
counted beside, so a level that wins 13, loses none and draws 87 is stronger
(p = 0.00024), where a draw counted as half a win would hide it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit.datafile.gamedata import GameData
from printkit.errors import DataError
from simulate.agents import agent_list

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
        one_level(spec, data.engine, f"{data.where()}: game.skill.levels[{i}]")
        for i, spec in enumerate(skill["levels"])
    ]


def one_level(spec: str, engine: str, where: str) -> str:
    names = agent_list(spec, engine, where)
    if len(names) != 1:
        raise DataError(f"{where} {spec}: a level is one agent spec (the agent of every seat)")
    return names[0]


@dataclass(frozen=True)
class Strength:
    """What one pair's head-to-head games showed."""

    weak: str
    strong: str
    # `sign_test(weak wins, strong wins, draws)`: the stronger level's share of decided games with its
    # Wilson interval, the sign test's p, and the draw rate beside
    test: dict[str, Any]
    weak_ahead: dict[str, float]  # the share of all games the weaker level finished ahead (how much luck)

    @property
    def games(self) -> int:
        return self.test["games"]

    @property
    def ordered(self) -> bool:
        """Whether the stronger level wins more decided games than it loses, shown by the sign test."""
        return self.test["stronger"]

    @property
    def reversed(self) -> bool:
        """Whether the level named stronger loses more decided games than it wins, shown by the sign test."""
        return self.test["weaker"]


def strength_of(weak: str, strong: str, weak_wins: int, strong_wins: int, draws: int) -> Strength:
    """The sign test of the stronger level's decided games, draws beside, and the weaker's share of
    games finished ahead."""
    from simulate.analysis.sign_test import sign_test
    from simulate.analysis.stats import wilson

    games = weak_wins + strong_wins + draws
    return Strength(weak, strong, sign_test(weak_wins, strong_wins, draws), wilson(weak_wins, games))
