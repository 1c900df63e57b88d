"""What every game's compiled core shares on the Python side: agents as a table, runs of games as rows.

A game's core module (the `core.py` of its game folder) defines its rules as
compiled functions (the names `simulate.fast.template.RULES` lists) and a
`Core(CoreBase)` built from the Python `Game`. `CoreBase` then gives the
runner the rows of a run's games (`rows`, the numbers `rows.row` writes,
played wholly in compiled code) and the conformance test a state it can step
move by move (`new_state`, `legal`, `apply`).

Agents: the generic agents (`random`, `greedy`, `mc`, `mcts`, `ismcts`) with
any of their parameters are played by the compiled search, and an engine's
own agents where its core compiles them (`own_agents`); a run that names any
other plays on the Python engine (`agent_table` returns None).
"""

from __future__ import annotations

import sys
from typing import Any, ClassVar

import numpy as np

from simulate.agents import _agent_makers
from simulate.agents.basic import GreedyAgent, RandomAgent
from simulate.agents.flat import FlatMonteCarloAgent
from simulate.agents.ismcts import ISMCTSAgent
from simulate.agents.mcts import MCTSAgent
from simulate.engines.base import GameBase
from simulate.engines.rows import number
from simulate.fast import seeds
from simulate.fast.template import OPTIONAL, RULES, instantiate

KINDS = {RandomAgent: 0, GreedyAgent: 1, FlatMonteCarloAgent: 2, MCTSAgent: 3, ISMCTSAgent: 4}


def _columns(numbers: np.ndarray) -> list[list[Any]]:
    """The columns of `numbers` as `simulate.engines.rows.row` writes them (`number`): whole numbers as
    ints, others rounded to 6 places; the columns of whole numbers found and converted at once."""

    whole = np.all(numbers == np.floor(numbers), axis=0)  # a nan is not equal to itself: value by value
    ints = iter(numbers[:, whole].T.astype(np.int64).tolist())
    return [
        next(ints) if whole[j] else [number(x) for x in numbers[:, j].tolist()] for j in range(whole.size)
    ]


class CoreBase:
    """A game's compiled core for one `Game`: its tables, its shape (`common`) and its search.

    `own_agents` maps the engine's own agent classes its core compiles to their kinds (`search.OWN`
    on), which the core's `own_choose` plays; `implements` names the rules it plays.
    """

    own_agents: ClassVar[dict[type, int]] = {}
    # The rules (data-file keys) whose values the core's tables carry: a game with any other rule set
    # plays on its Python engine (`simulate.fast.core_of`), so no rule is ever played silently as absent.
    implements: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: GameBase, tables: tuple[np.ndarray, ...], move_offset: int, move_space: int,
                 max_legal: int):  # fmt: skip
        self.game = game
        self.tables = tables
        n = game.players
        seat_side = [game.side_of(seat) for seat in range(n)]
        order = list(dict.fromkeys(seat_side))  # sides as they first appear, as side_rewards counts them
        shape = [n, len(order), move_offset, move_space, max_legal]
        shape += [len(game.metric_names), len(game.categories)]
        self.common = np.array(shape + seat_side + order, dtype=np.int64)
        module = sys.modules[type(self).__module__]
        rules = {name: getattr(module, name) for name in (*RULES, *OPTIONAL) if hasattr(module, name)}
        self.search = instantiate(module.__name__, rules)
        self.rules = module

    # ---------------------------------------------------------------- agents
    def agent_table(self, names: tuple[str, ...]) -> np.ndarray | None:
        """One row of parameters per seat (`search.A_*`), or None if a seat's agent has no compiled form."""
        game = self.game
        rows = []
        for cls, kwargs in _agent_makers(names, game.rules.meta["engine"]):
            kind = KINDS.get(cls, self.own_agents.get(cls))
            if kind is None:
                return None
            rollout = kwargs.get("rollout") or game.playout_policy
            prior = kwargs.get("prior") or game.search_prior
            depth = kwargs.get("depth")
            depth = game.playout_depth if depth is None else depth
            scale = kwargs.get("scale")
            rows.append(
                [
                    kind,
                    kwargs.get("count", 0),
                    kwargs.get("c", 0.0),
                    float(rollout == "greedy"),
                    float(prior == "greedy"),
                    float(kwargs.get("norm") == "minmax"),
                    min(depth, game.max_moves) if depth else game.max_moves,  # as `Playout` caps it
                    game.playout_scale if scale is None else scale,
                ]
            )
        return np.array(rows, dtype=np.float64)

    # ---------------------------------------------------------------- games
    def numbers(self, agents: np.ndarray, seed: int, max_moves: int, indices: range) -> np.ndarray:
        """Per game of `indices`: the row's numbers (`search.write_row`'s layout)."""
        out = np.empty((len(indices), self.search.row_size(self.common)), dtype=np.float64)
        run = seeds.run_pool(seed)
        self.search.play_games(
            self.tables, self.common, agents, run, indices.start, indices.stop, max_moves, out
        )
        return out

    def rows(self, agents: np.ndarray, seed: int, max_moves: int, indices: range) -> list[list[Any]]:
        """The CSV rows `simulate.engines.rows.row` writes for games `indices`, value for value."""
        n = self.game.players
        numbers = self.numbers(agents, seed, max_moves, indices)[:, :-1]
        numbers[:, 0] += 1  # seats counted from 1
        masks = numbers[:, 3].astype(np.int64).tolist()
        named = {m: ";".join(str(seat + 1) for seat in range(n) if m >> seat & 1) for m in set(masks)}
        columns = [list(indices), *_columns(numbers)]
        columns[4] = [named[mask] for mask in masks]
        return [list(row) for row in zip(*columns, strict=True)]

    def warm_up(self) -> None:
        """Compile (or load from the cache) what a run calls, before worker processes fork."""
        agents = np.zeros((self.game.players, 8), dtype=np.float64)
        self.numbers(agents, 0, 0, range(0, 1))

    # ---------------------------------------------------------------- move by move
    def new_state(self, seed: int) -> tuple[np.ndarray, np.ndarray]:
        return self.rules.new_state(self.tables, np.uint64(seed))

    def legal(self, s: np.ndarray) -> list[int]:
        buf = np.empty(int(self.common[4]), dtype=np.int64)
        return [int(m) for m in buf[: self.rules.legal(s, self.tables, buf)]]

    def apply(self, s: np.ndarray, r: np.ndarray, move: int) -> None:
        self.rules.apply(s, r, self.tables, move)

    def python_fields(self, state: Any) -> dict[str, Any]:
        """What the conformance test compares of a Python state (each core says)."""
        raise NotImplementedError

    def core_fields(self, s: np.ndarray, r: np.ndarray | None) -> dict[str, Any]:
        """The same fields of a core state."""
        raise NotImplementedError
