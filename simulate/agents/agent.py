"""The generic agents' base: the engine contract's `AgentBase` plus what a command-line spec may set.

Agent kinds with a count (`mc:N`, `mcts:N`) name it in `count_name` and
declare their `key=value` parameters in `params`; `simulate.agents.spec`
checks command-line specs against these.
"""

from __future__ import annotations

from typing import ClassVar

from simulate.agents.spec import Param
from simulate.engines.base import AgentBase


class Agent(AgentBase):
    """One seat's player. `choose` gets `state.view(seat)` and the legal moves, never the state."""

    count_name: ClassVar[str | None] = None
    params: ClassVar[dict[str, Param]] = {}
