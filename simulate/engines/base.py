"""The one declared interface every game engine offers, so that agents, runner and reports know no game.

An engine module defines a `Game` (a subclass of `GameBase`, built from
resolved `Rules` and a player count) whose `new_state(seed)` returns a `State`
(a subclass of `StateBase`). Moves are small ints or tuples; a turn that needs
several decisions is several moves by the same player, and passing is a move.
Chance comes only from the state's own `random.Random`, seeded per game.

Every hook is declared here, with its default where it has one; a subclass
that leaves a required part undefined fails when its module is imported, with
a line naming what is missing. Nothing is looked up with `getattr`.

Hidden information: `view(seat)` is a state of the same class holding exactly
what that seat may see, with no random generator (`rng is None`), no other
hand, no deck or bag order. `sample(seat, rng)`, called on a view or a full
state, returns a full state consistent with that seat's view, its hidden parts
and its generator drawn from `rng` (determinization). Agents only ever get
views; the runner keeps the real state.

Agents subclass `AgentBase`: built per seat as `Agent(game, seat, rng)`, they
answer `choose(view, legal)`. One that picks from the legal moves alone (random
play) says so with `needs_view = False` and is handed `None`, so the runner
does not build a view it would not read.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from printkit.datafile.gamedata import Rules
from simulate.engines.draws import copy_generator  # noqa: F401  (engines take it from here, for `clone`)


@dataclass
class Result:
    """How a finished game came out.

    `scores` per seat; `winners` the seats that won (both teammates in a team
    game); `draw` when the top is shared between rivals; `placements` 1 = best,
    equal places for equal results; `breakdown` points per category per seat;
    `metrics` game-specific numbers named in the Game's `metric_names`;
    `capped` when a cap stopped the game before its natural end (the engine's
    own turn or round cap, or the runner's move cap): its length is censored,
    and with no winners named it counts as undecided.
    """

    scores: list[float]
    winners: list[int]
    draw: bool
    placements: list[int]
    first_player: int = 0
    moves: int = 0
    breakdown: dict[str, list[float]] = field(default_factory=dict)
    metrics: dict[str, float] = field(default_factory=dict)
    capped: bool = False


def placements_from_scores(scores: list[float]) -> list[int]:
    """Standard competition ranking: 1 for the best, equal scores share a place."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


def solo_result(scores: list[float], **extra: Any) -> Result:
    """A result for games where each seat plays for itself and the highest score wins."""
    top = max(scores)
    winners = [i for i, s in enumerate(scores) if s == top]
    return Result(
        scores=list(scores),
        winners=winners,
        draw=len(winners) > 1,
        placements=placements_from_scores(scores),
        **extra,
    )


def _require(cls: type, base: type, names: tuple[str, ...]) -> None:
    """Refuse, at class creation (so at import), a concrete engine class that lacks a required part."""
    missing = [n for n in names if getattr(cls, n, None) is None]
    missing += sorted(getattr(cls, "__abstractmethods__", ()))
    if missing:
        raise TypeError(
            f"{cls.__module__}.{cls.__qualname__} does not define {', '.join(missing)}, "
            f"which every {base.__name__} subclass must (see simulate/engines/base.py)"
        )


class StateBase(ABC):
    """A game in progress. Engines subclass it; `__slots__` are welcome (declare `rng` among them)."""

    __slots__ = ()
    rng: random.Random | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # ABC computes __abstractmethods__ after __init_subclass__, so check what is still abstract here
        cls.__abstractmethods__ = frozenset(
            name for name in dir(cls) if getattr(getattr(cls, name, None), "__isabstractmethod__", False)
        )
        _require(cls, StateBase, ())

    @abstractmethod
    def current_player(self) -> int:
        """The seat to move."""

    @abstractmethod
    def legal_moves(self) -> list[Any]:
        """The moves the player to act may make (never empty while the game is not over)."""

    @abstractmethod
    def apply(self, move: Any) -> None:
        """Play `move` for the player to act (it must be one of `legal_moves()`)."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended (naturally or at the engine's own cap)."""

    @abstractmethod
    def result(self) -> Result:
        """How the game came out; only called once `is_over()`."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Points per seat so far, as a player would read them off the table (a new list each call)."""

    def scores_moved(self) -> bool:
        """Whether the last move may have changed `scores()`, so the runner's observer reads them.

        True after every move by default. An engine whose scores move only at
        set points (a round settled) or cost much to compute says when; the
        observer then records the lead at those points (and at the end).
        """
        return True

    @abstractmethod
    def clone(self) -> StateBase:
        """An independent copy (its own generator in the same state)."""

    @abstractmethod
    def view(self, player: int) -> StateBase:
        """What `player` may see: a state without generator, other hands, or deck and bag order."""

    @abstractmethod
    def sample(self, player: int, rng: random.Random) -> StateBase:
        """A full state consistent with `player`'s view, hidden parts and generator drawn from `rng`."""

    @abstractmethod
    def check_invariants(self) -> None:
        """Raise AssertionError if a piece is lost, doubled or out of step (debug mode, tests)."""

    def evaluate(self, seat: int) -> float:
        """A heuristic value of this position for `seat`, higher is better; what `greedy` maximises.

        The default is the lead of `seat`'s side over the best other side by
        score; engines override it with what a good player weighs (pieces
        kept, ends held, cards towards a collapse).
        """
        game = self.game_of()
        totals: dict[int, float] = {}
        for s, points in enumerate(self.scores()):
            side = game.side_of(s)
            totals[side] = totals.get(side, 0.0) + points
        mine = totals.pop(game.side_of(seat))
        return mine - max(totals.values(), default=0.0)

    def move_gain(self, move: Any, seat: int, rng: random.Random) -> float:
        """How much `evaluate(seat)` changes if `move` is played now (callable on a view).

        The default plays the move on a sampled full state; engines override
        it with a cheap incremental answer that needs no sampling.
        """
        after = self.sample(seat, rng)
        before = after.evaluate(seat)
        after.apply(move)
        return after.evaluate(seat) - before

    def capped_result(self) -> Result:
        """How a game stopped by the runner's move cap stands: the result so far, no winners named.

        Engines whose `result()` needs a finished game override this.
        """
        result = self.result()
        result.capped = True
        result.winners = []
        result.draw = False
        return result

    @abstractmethod
    def game_of(self) -> GameBase:
        """The `Game` this state belongs to."""


class GameBase(ABC):
    """Builds states for one set of rules and a player count.

    Class attributes: `name` (the engine's registry key, required),
    `metric_names` (the game's own per-game numbers in `Result.metrics`, one
    CSV column each), `report_metrics` (those shown in the generic report;
    None means all), `categories` (score categories of `Result.breakdown`),
    `agents` (the engine's own agent classes by name, beside the generic ones),
    `playout_depth` (how far search agents' random playouts run), `playout_scale`
    (what lead in `evaluate` a cut-off playout counts as a clear win),
    `playout_policy` and `search_prior` (search agents' default rollout and prior), `core` (the
    module of its compiled core, if it has one),
    `metric_docs` (one line for a reader per name of `metric_names`) and
    `figure_docs` (one line per figure `report_extras` draws), which the
    report's definitions page prints; the conformance suite fails a metric or
    figure without one. `docs_ja`: the same lines in Japanese, by name, for
    `--lang ja` (a name without one keeps its English line). Methods with
    defaults: `side_of`, `shown_metrics`, `report_extras`, `docs_in`.
    """

    name: ClassVar[str | None] = None
    metric_names: ClassVar[tuple[str, ...]] = ()
    metric_docs: ClassVar[dict[str, str]] = {}
    figure_docs: ClassVar[dict[str, str]] = {}
    docs_ja: ClassVar[dict[str, str]] = {}
    report_metrics: ClassVar[tuple[str, ...] | None] = None
    categories: ClassVar[tuple[str, ...]] = ()
    agents: ClassVar[dict[str, type[AgentBase]]] = {}
    # A game that has not ended after this many moves is stopped and counted as capped.
    max_moves: int = 100_000
    # How many moves a search agent's playout runs before `evaluate` scores the position (0 = to
    # the end): as far as random moves still tell a good position from a bad one in this game.
    playout_depth: ClassVar[int] = 20
    # Points of `evaluate` lead over a side that a cut-off playout counts as about 0.73 of a win
    # over it (a logistic): about what one good move is worth, so that leads already large do not
    # drown out the move being weighed.
    playout_scale: ClassVar[float] = 1.0
    # Search agents' defaults for `rollout=` ("random" or "greedy") and `prior=` ("none" or "greedy").
    playout_policy: ClassVar[str] = "random"
    search_prior: ClassVar[str] = "none"
    # The module of the game's compiled core (a `simulate.fast.core.CoreBase` named `Core`), or None:
    # the runner plays on it where `--engine fast` and numba allow (see `simulate.fast`).
    core: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.__abstractmethods__ = frozenset(
            name for name in dir(cls) if getattr(getattr(cls, name, None), "__isabstractmethod__", False)
        )
        _require(cls, GameBase, ("name",))

    def __init__(self, rules: Rules, debug: bool = False):
        self.rules = rules
        self.players = rules.players
        self.debug = debug

    @abstractmethod
    def new_state(self, seed: int) -> StateBase:
        """A new game, its chance seeded by `seed`."""

    def side_of(self, seat: int) -> int:
        """The side `seat` plays for: itself, or its team in a team game."""
        return seat

    @cached_property
    def compensation(self) -> float:
        """The data file's `compensation` rule: points at the end for each later turn position (0: none).

        Every data file declares it; rules without it (a test's own) get none.
        """
        return float(self.rules.values.get("compensation", 0.0))

    def compensated(self, scores: list[float], first: int) -> list[float]:
        """Final `scores` with the compensation added: the side k-th to move (from seat `first`) gets k
        times it, shared equally among its seats, so a team gets it once. As komi does, a fractional
        value breaks ties: with whole-point scores, 0.5 gives every tie to the later side.

        Engines call it where their final scores become a result, before ranking them, so that
        search agents reading a finished game's placements see the compensation too.
        """
        step = self.compensation
        if not step:
            return scores
        n = len(scores)
        sides = [self.side_of(s) for s in range(n)]
        opening: dict[int, int] = {}
        for k in range(n):
            opening.setdefault(sides[(first + k) % n], len(opening))
        members = [sides.count(side) for side in sides]
        return [x + step * opening[sides[s]] / members[s] for s, x in enumerate(scores)]

    def shown_metrics(self) -> tuple[str, ...]:
        """The game's own metrics that the generic report shows."""
        return self.metric_names if self.report_metrics is None else self.report_metrics

    def report_extras(self, ctx: Any, arms: list[Any]) -> Any:
        """The game's own part of the report (a `simulate.report.context.Extras`), or None for none."""
        return None

    @classmethod
    def docs_in(cls, lang: str, docs: dict[str, str]) -> dict[str, str]:
        """`docs` (its metric or figure docs) in `lang`: the game's Japanese line where it has one."""
        return (
            {name: cls.docs_ja.get(name, doc) for name, doc in docs.items()} if lang == "ja" else dict(docs)
        )


class AgentBase(ABC):
    """Chooses moves for one seat of one game from that seat's view and the legal moves.

    `needs_view = False` declares that `choose` reads only `legal` (it is then
    handed `None` instead of a view).
    """

    needs_view: ClassVar[bool] = True

    def __init__(self, game: GameBase, seat: int, rng: random.Random):
        self.game = game
        self.seat = seat
        self.rng = rng

    @abstractmethod
    def choose(self, view: StateBase | None, legal: list[Any]) -> Any:
        """One of `legal` for the position `view` shows (`None` when `needs_view` is False)."""
