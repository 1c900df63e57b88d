"""The search agents on positions worked out by hand, and ISMCTS reading its view only through `sample`."""

from __future__ import annotations

import random
from typing import Any

import pytest

from printkit.gamedata import load_game
from simulate.agents.basic import GreedyAgent
from simulate.agents.flat import FlatMonteCarloAgent
from simulate.agents.ismcts import ISMCTSAgent
from simulate.agents.mcts import MCTSAgent
from simulate.engines import make_game
from simulate.engines.base import GameBase, Result, StateBase, solo_result


class Race(GameBase):
    """Two players take 1 to 3 counters in turn from a pile; whoever takes the last one wins."""

    name = "race"

    def __init__(self, pile: int):
        self.players = 2
        self.pile = pile

    def new_state(self, seed: int) -> RaceState:
        return RaceState(self, self.pile, 0)


class RaceState(StateBase):
    __slots__ = ("game", "rng", "pile", "player", "winner")

    def __init__(self, game: Race, pile: int, player: int, winner: int = -1):
        self.game, self.rng, self.pile, self.player, self.winner = game, None, pile, player, winner

    def current_player(self) -> int:
        return self.player

    def legal_moves(self) -> list[int]:
        return [k for k in (1, 2, 3) if k <= self.pile]

    def apply(self, move: int) -> None:
        self.pile -= move
        if self.pile == 0:
            self.winner = self.player
        self.player = 1 - self.player

    def is_over(self) -> bool:
        return self.winner >= 0

    def result(self) -> Result:
        return solo_result(self.scores())

    def scores(self) -> list[float]:
        return [float(s == self.winner) for s in range(2)]

    def clone(self) -> RaceState:
        return RaceState(self.game, self.pile, self.player, self.winner)

    def view(self, player: int) -> RaceState:
        return self.clone()

    def sample(self, player: int, rng: random.Random) -> RaceState:
        return self.clone()

    def check_invariants(self) -> None:
        assert self.pile >= 0

    def game_of(self) -> Race:
        return self.game


@pytest.mark.parametrize("cls", [MCTSAgent, ISMCTSAgent])
@pytest.mark.parametrize("seed", range(5))
def test_search_takes_the_last_counters_when_that_wins_at_once(cls, seed):
    # 3 left: taking 3 wins now; taking 1 or 2 leaves 2 or 1, which the opponent takes and wins.
    game = Race(3)
    state = game.new_state(0)
    agent = cls(game, 0, random.Random(seed), count=50, depth=0)
    assert agent.choose(state.view(0), state.legal_moves()) == 3


@pytest.mark.parametrize("seed", range(5))
def test_uct_leaves_a_multiple_of_four(seed):
    # From 7 the only winning move is to take 3: every reply from 4 leaves 1-3 for us to take.
    game = Race(7)
    state = game.new_state(0)
    agent = MCTSAgent(game, 0, random.Random(seed), count=400, depth=0)
    assert agent.choose(state.view(0), state.legal_moves()) == 3


def test_flat_monte_carlo_takes_the_win():
    game = Race(2)
    state = game.new_state(0)
    agent = FlatMonteCarloAgent(game, 0, random.Random(1), count=5, depth=0)
    assert agent.choose(state.view(0), state.legal_moves()) == 2


class Instrumented:
    """Wraps a view and records every attribute an agent reads from it."""

    def __init__(self, view: StateBase):
        object.__setattr__(self, "_view", view)
        object.__setattr__(self, "read", [])

    def __getattr__(self, name: str) -> Any:
        self.read.append(name)
        return getattr(self._view, name)


def _mid_match(rules_variant: str) -> tuple[Any, StateBase]:
    data = load_game("tiddly_wink")
    game = make_game(data.resolve(rules_variant, (), None))
    state = game.new_state(11)
    rng = random.Random(3)
    while len(state.legal_moves()) < 2:
        state.apply(rng.choice(state.legal_moves()))
    return game, state


def test_ismcts_reads_its_view_only_through_sample():
    game, state = _mid_match("default")
    seat = state.current_player()
    view = Instrumented(state.view(seat))
    agent = ISMCTSAgent(game, seat, random.Random(5), count=30)
    move = agent.choose(view, state.legal_moves())
    assert move in state.legal_moves()
    assert set(view.read) == {"sample"}
    assert len(view.read) == 30  # one determinization per iteration


def test_ismcts_cannot_tell_apart_deals_its_seat_cannot_see():
    # Two matches that differ only in the hidden tiles give equal views, so the same choices.
    game, state = _mid_match("default")
    seat = state.current_player()
    other = state.view(seat).sample(seat, random.Random(99))
    assert other.hands != state.hands
    assert other.view(seat).public(seat) == state.view(seat).public(seat)
    picks = [
        ISMCTSAgent(game, seat, random.Random(7), count=40).choose(s.view(seat), s.legal_moves())
        for s in (state, other)
    ]
    assert picks[0] == picks[1]


def test_greedy_reads_nothing_but_its_view():
    game, state = _mid_match("default")
    seat = state.current_player()
    view = Instrumented(state.view(seat))
    GreedyAgent(game, seat, random.Random(1)).choose(view, state.legal_moves())
    assert set(view.read) == {"move_gain"}


class Peeker(GreedyAgent):
    """Plays greedily but first tries to read what its seat may not see, and keeps what it found."""

    found: list[Any] = []

    def choose(self, view, legal):
        others = [h for s, h in enumerate(getattr(view, "hands", [])) if s != self.seat]
        self.found.append(
            {
                "rng": view.rng,
                "other hands": [h for h in others if h is not None],
                "boneyard": [t for t in getattr(view, "bone", []) if t >= 0],
                "bag order": getattr(view, "bag", None),
            }
        )
        return super().choose(view, legal)


@pytest.mark.parametrize(
    "game, hidden_hands", [("tiddly_wink", True), ("twinkle_twinkle", True), ("united_square", False)]
)
def test_an_agent_that_peeks_finds_no_hand_deck_order_or_generator(game, hidden_hands, monkeypatch):
    # United Square plays with open hands, so there another hand is fair to read; its next deal is not.
    from simulate import agents
    from simulate.runner import play

    monkeypatch.setitem(agents.GENERIC, "peeker", Peeker)
    Peeker.found = []
    engine = make_game(load_game(game).resolve("default", (), None))
    play(engine, ("peeker",) * engine.players, 3, 0, 2000)
    assert Peeker.found
    for seen in Peeker.found:
        assert seen["rng"] is None and seen["boneyard"] == []
        assert seen["other hands"] == [] or not hidden_hands
        bag = seen["bag order"]
        assert bag is None or bag == sorted(bag)  # only which tiles are left, not their order
