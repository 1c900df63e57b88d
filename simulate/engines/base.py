"""The small interface every game engine offers, so that agents, runner and statistics know no game.

An engine module defines a `Game` (built from resolved `Rules`) whose
`new_state(seed)` returns a `State`. Moves are small ints or tuples; a turn that
needs several decisions is several moves by the same player, and passing is a
move. Chance comes only from the state's own `random.Random`, seeded per game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from printkit.gamedata import Rules


@dataclass
class Result:
    """How a finished game came out.

    `scores` per seat; `winners` the seats that won (both teammates in a team
    game); `draw` when the top is shared between rivals; `placements` 1 = best,
    equal places for equal results; `breakdown` points per category per seat;
    `metrics` game-specific numbers named in the Game's `metric_names`.
    """

    scores: list[float]
    winners: list[int]
    draw: bool
    placements: list[int]
    first_player: int = 0
    moves: int = 0
    breakdown: dict[str, list[float]] = field(default_factory=dict)
    metrics: dict[str, float] = field(default_factory=dict)


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


class State(Protocol):
    """A game in progress."""

    def current_player(self) -> int: ...

    def legal_moves(self) -> list[Any]: ...

    def apply(self, move: Any) -> None: ...

    def is_over(self) -> bool: ...

    def result(self) -> Result: ...

    def scores(self) -> list[float]:
        """Points per seat so far (what a greedy agent maximises)."""
        ...

    def clone(self) -> State: ...

    def view(self, player: int) -> Any:
        """What `player` may see; a state with hidden parts replaced where they are hidden."""
        ...

    def sample(self, player: int, rng: Any) -> State:
        """A full state consistent with `player`'s view (hidden information re-drawn)."""
        ...

    def check_invariants(self) -> None: ...


class Game(Protocol):
    """Builds states for one set of rules and a player count."""

    name: ClassVar[str]
    metric_names: ClassVar[tuple[str, ...]]
    categories: ClassVar[tuple[str, ...]]

    rules: Rules
    players: int

    def new_state(self, seed: int) -> State: ...
