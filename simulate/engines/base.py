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
    """How a finished game came out (`State.result()`); `solo_result` builds one from scores alone."""

    scores: list[float]
    """Points per seat at the end, compensation included (`GameBase.compensated`)."""
    winners: list[int]
    """The seats that won: every seat of the winning side (both teammates in a team game), every seat
    sharing the top in a draw; empty for a game stopped by a cap with no winner."""
    draw: bool
    """The top is shared between rival sides."""
    placements: list[int]
    """Per seat, 1 for the best; equal results share a place (`placements_from_scores`)."""
    first_player: int = 0
    """The seat that moved first. The report counts turn positions from it (the first mover's share, the
    second's, ...): a game whose opening seat is drawn must say which it was, or every game reads as
    opened by seat 1."""
    moves: int = 0
    """The moves the game took (0: not counted; the runner counts them anyway)."""
    breakdown: dict[str, list[float]] = field(default_factory=dict)
    """Points per category (the `Game`'s `categories`) per seat, for the report's category figures."""
    metrics: dict[str, float] = field(default_factory=dict)
    """The game's own numbers, one per name of the `Game`'s `metric_names` (a CSV column each)."""
    capped: bool = False
    """A cap stopped the game before its natural end (the engine's own turn or round cap, or the runner's
    move cap): its length is censored, and with no winners named it counts as undecided."""


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
    """A game in progress. Engines subclass it; `__slots__` are welcome (declare `rng` among them).

    The methods without a default every `State` defines; those with one it may override.
    """

    __slots__ = ()
    rng: random.Random | None
    """The game's own generator, the only source of its chance; None in a view."""

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

    A game's `Game` sets the class attributes below that it needs (only `name`
    is required) and defines `new_state`; the methods with a default it may
    override. The report's definitions page prints `metric_docs` and
    `figure_docs`, and the conformance suite fails a metric or figure without one.
    """

    name: ClassVar[str | None] = None
    """The engine's name: its data file's `[game] engine`, and its game folder's name."""
    metric_names: ClassVar[tuple[str, ...]] = ()
    """The game's own numbers per game, in `Result.metrics`: one CSV column and one report figure each."""
    metric_docs: ClassVar[dict[str, str]] = {}
    """One line for a reader per name of `metric_names` (the report's definitions page)."""
    figure_docs: ClassVar[dict[str, str]] = {}
    """One line per figure that `report_extras` draws."""
    docs_ja: ClassVar[dict[str, str]] = {}
    """The lines of `metric_docs` in Japanese, by metric, for `--lang ja` (a metric without one keeps its
    English line)."""
    figure_docs_ja: ClassVar[dict[str, str]] = {}
    """The lines of `figure_docs` in Japanese, by figure, for `--lang ja` (a figure without one keeps its
    English line). Apart from `docs_ja` because a figure may share its name with a metric (a `towns`
    metric, the towns completed in a game, beside a `towns` figure of four panels) and say something else;
    the conformance suite fails a game with Japanese docs that leaves a metric out of `docs_ja` or a figure
    out of `figure_docs_ja`."""
    names_ja: ClassVar[dict[str, str]] = {}
    """The Japanese name, for `--lang ja`, of each name the report prints: every name of `metric_names` and
    `categories` and every figure of `figure_docs` (`"dead_cells": "置けないマス"`), on the verdict page,
    the figures, the definitions page, `sweep.md` and `tune.md` (the details page, the CSV columns and
    summary.json keep the identifiers). A name without one is printed as its English name; the
    conformance suite fails a game that has `docs_ja` (or `names_ja`) but leaves a metric, category or
    figure unnamed here. Short: they are axis titles, legend entries and table heads."""
    names_en: ClassVar[dict[str, str]] = {}
    """The English name the report prints for a name of `metric_names`, `categories` or `figure_docs` whose
    identifier's words do not read as one (`"portal_main": "portal trips"`, where the report would say
    "raises portal main"); a name without one is printed as its identifier's words (`dead cells`). The
    conformance suite fails a key that is none of the game's names."""
    report_metrics: ClassVar[tuple[str, ...] | None] = None
    """The names of `metric_names` the generic report shows; None: all of them."""
    categories: ClassVar[tuple[str, ...]] = ()
    """Score categories, as `Result.breakdown` names them (the report draws each seat's points in each)."""
    agents: ClassVar[dict[str, type[AgentBase]]] = {}
    """The engine's own agent classes by name, beside the generic `random`, `greedy`, `mc`, `mcts` and
    `ismcts` (`--agents NAME`)."""
    max_moves: int = 100_000
    """The most moves a game can take: one that has not ended after this many moves is stopped and counted
    as capped (its length censored, no winner named), and so is every search agent's playout. Set it to
    the longest game the rules allow (a game whose last move is its `max_moves`-th ends as usual); the
    conformance suite fails a random game that has not ended by then. `--max-moves` lowers it for a run."""
    playout_depth: ClassVar[int] = 20
    """How many moves a search agent's random playout runs before `evaluate` scores the position (0 = to
    the end, at most `max_moves`): as far as random moves still tell a good position from a bad one in
    this game. `depth=` on an agent overrides it."""
    playout_scale: ClassVar[float] = 1.0
    """Points of `evaluate` lead over a side that a cut-off playout counts as about 0.73 of a win over it
    (a logistic): about what one good move is worth, so that leads already large do not drown out the move
    being weighed. `scale=` on an agent overrides it."""
    playout_policy: ClassVar[str] = "random"
    """Search agents' default `rollout=`: "random" or "greedy" (by `move_gain`)."""
    search_prior: ClassVar[str] = "none"
    """Search agents' default `prior=`: "none" or "greedy" (moves tried best `move_gain` first)."""
    core: ClassVar[str | None] = None
    """The module of the game's compiled core (a `simulate.fast.core.CoreBase` named `Core`, usually
    `f"{__package__}.core"`), or None: the runner plays on it where `--engine fast` and numba allow (see
    `simulate.fast`)."""

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
    def docs_in(cls, lang: str, figures: bool = False) -> dict[str, str]:
        """The game's `metric_docs` (its `figure_docs` with `figures`) in `lang`: in Japanese the line of
        `docs_ja` (`figure_docs_ja`) where it has one."""
        docs, ja = (cls.figure_docs, cls.figure_docs_ja) if figures else (cls.metric_docs, cls.docs_ja)
        return {name: ja.get(name, doc) for name, doc in docs.items()} if lang == "ja" else dict(docs)


class AgentBase(ABC):
    """Chooses moves for one seat of one game from that seat's view and the legal moves.

    Built per seat and game as `Agent(game, seat, rng)`, `rng` its own seeded generator.
    """

    needs_view: ClassVar[bool] = True
    """False declares that `choose` reads only `legal`: it is then handed `None` instead of a view, and the
    runner builds none."""

    def __init__(self, game: GameBase, seat: int, rng: random.Random):
        self.game = game
        self.seat = seat
        self.rng = rng

    @abstractmethod
    def choose(self, view: StateBase | None, legal: list[Any]) -> Any:
        """One of `legal` for the position `view` shows (`None` when `needs_view` is False)."""
