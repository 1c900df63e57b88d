"""Agents: who chooses the moves. Generic agents here; an engine adds its own in `Game.agents`.

An agent is built per seat for one game, `Agent(game, seat, rng)`, with its own
seeded `random.Random`, and answers `choose(view, legal) -> move` (see
`simulate.engines.base.AgentBase`).
"""

from __future__ import annotations

import random
from typing import Any

from printkit.errors import DataError
from simulate.agents.basic import GreedyAgent, RandomAgent
from simulate.engines import game_class
from simulate.engines.base import AgentBase

GENERIC = {"random": RandomAgent, "greedy": GreedyAgent}


def agent_kinds(engine: str) -> dict[str, type]:
    """Every agent usable with this engine: the generic ones plus the engine's own."""
    kinds = dict(GENERIC)
    kinds.update(game_class(engine).agents)
    return kinds


def parse_agents(spec: str, engine: str, players: int) -> tuple[str, ...]:
    """`greedy` for every seat, or one name per seat: `random,greedy`."""
    names = tuple(s.strip() for s in spec.split(",") if s.strip())
    kinds = agent_kinds(engine)
    for name in names:
        if name not in kinds:
            raise DataError(
                f"--agents {spec}: unknown agent {name!r}; expected one of {', '.join(sorted(kinds))}"
            )
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise DataError(f"--agents {spec}: expected 1 or {players} names (one per seat), got {len(names)}")
    return names


def make_agents(names: tuple[str, ...], game: Any, seeds: list[int]) -> list[AgentBase]:
    kinds = agent_kinds(game.rules.meta["engine"])
    return [kinds[name](game, seat, random.Random(seeds[seat])) for seat, name in enumerate(names)]
