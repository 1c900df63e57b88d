"""Agents: who chooses the moves. Generic agents here; an engine adds its own in `Game.agents`.

An agent is built per seat for one game, `Agent(game, seat, rng, **params)`,
with its own seeded `random.Random`, and answers `choose(view, legal) -> move`
from its seat's view (see `simulate.engines.base.AgentBase`). On the command
line an agent is a spec (`simulate.agents.spec`): `random`, `greedy`, `mc:20`,
`mcts:200,c=0.7`, `ismcts:200,rollout=greedy`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from printkit.errors import DataError
from simulate.agents.basic import GreedyAgent, RandomAgent
from simulate.agents.flat import FlatMonteCarloAgent
from simulate.agents.ismcts import ISMCTSAgent
from simulate.agents.mcts import MCTSAgent
from simulate.agents.spec import parse_spec, spec_kwargs, split_specs
from simulate.engines import game_class
from simulate.engines.base import AgentBase
from simulate.engines.draws import generator

GENERIC: dict[str, type[AgentBase]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mc": FlatMonteCarloAgent,
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
}


def agent_kinds(engine: str) -> dict[str, type[AgentBase]]:
    """Every agent usable with this engine: the generic ones plus the engine's own."""
    kinds = dict(GENERIC)
    kinds.update(game_class(engine).agents)
    return kinds


def plain_agents(engine: str) -> list[str]:
    """The agents of this engine that take no count (not the search agents)."""
    return [name for name, cls in agent_kinds(engine).items() if not getattr(cls, "count_name", None)]


def agent_list(spec: str, engine: str, where: str = "--agents") -> tuple[str, ...]:
    """Any number of comma-separated agent specs, each checked and in canonical form."""
    kinds = agent_kinds(engine)
    return tuple(str(parse_spec(piece, kinds, f"{where} {spec}")) for piece in split_specs(spec))


def parse_agents(spec: str, engine: str, players: int) -> tuple[str, ...]:
    """`greedy` for every seat, or one spec per seat: `random,mcts:200,c=0.7`."""
    names = agent_list(spec, engine)
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise DataError(f"--agents {spec}: expected 1 or {players} agents (one per seat), got {len(names)}")
    return names


@lru_cache(maxsize=256)
def _agent_makers(names: tuple[str, ...], engine: str) -> tuple[tuple[type[AgentBase], dict[str, Any]], ...]:
    """Per seat, the class and keyword arguments of its spec, worked out once: the runner builds agents
    for every game."""
    kinds = agent_kinds(engine)
    makers = []
    for name in names:
        spec = parse_spec(name, kinds, "agent")
        cls = kinds[spec.kind]
        makers.append((cls, spec_kwargs(spec, cls)))
    return tuple(makers)


def make_agents(names: tuple[str, ...], game: Any, seeds: list[int]) -> list[AgentBase]:
    """The agent each canonical spec names, one per seat, each with a generator of its own from `seeds`."""
    makers = _agent_makers(names, game.rules.meta["engine"])
    return [
        cls(game, seat, generator(seed), **kwargs)
        for seat, ((cls, kwargs), seed) in enumerate(zip(makers, seeds, strict=True))
    ]


def describe_agents(engine: str) -> list[str]:
    """One line per agent of this engine (and one per parameter), for `simulate agents` and help."""
    lines = []
    for name, cls in agent_kinds(engine).items():
        usage = f"{name}:N" if getattr(cls, "count_name", None) else name
        doc = (cls.__doc__ or "").strip().splitlines()[0] if cls.__doc__ else ""
        own = "" if name in GENERIC else " (this game's own)"
        if usage != name:
            doc += f" N = {cls.count_name}."
        lines.append(f"{usage:<12} {doc}{own}")
        for key, param in getattr(cls, "params", {}).items():
            default = "" if param.default is None else f" (default {param.default})"
            lines.append(f"{'':<12}   ,{key}=... {param.doc}{default}")
    return lines
