"""The search agents on positions worked out by hand, and ISMCTS reading its view only through `sample`."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from printkit.datafile.gamedata import load_game
from simulate.agents.basic import GreedyAgent
from simulate.agents.flat import FlatMonteCarloAgent
from simulate.agents.ismcts import ISMCTSAgent
from simulate.agents.mcts import MCTSAgent
from simulate.agents.playout import side_rewards
from simulate.agents.search import Bounds, Node, ucb_child, widening
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
    from simulate.play.runner import play

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


class Tally(GameBase):
    """Two players each take once a number of points from 0 to 9; the higher total wins."""

    name = "tally"

    def __init__(self):
        self.players = 2

    def new_state(self, seed: int) -> TallyState:
        return TallyState(self, [0.0, 0.0], 0)


class TallyState(StateBase):
    __slots__ = ("game", "rng", "points", "player")

    def __init__(self, game: Tally, points: list[float], player: int):
        self.game, self.rng, self.points, self.player = game, None, points, player

    def current_player(self) -> int:
        return self.player if self.player < 2 else -1

    def legal_moves(self) -> list[int]:
        return list(range(10)) if self.player < 2 else []

    def apply(self, move: int) -> None:
        self.points[self.player] += move
        self.player += 1

    def is_over(self) -> bool:
        return self.player == 2

    def result(self) -> Result:
        return solo_result(self.scores())

    def scores(self) -> list[float]:
        return list(self.points)

    def clone(self) -> TallyState:
        return TallyState(self.game, list(self.points), self.player)

    def view(self, player: int) -> TallyState:
        return self.clone()

    def sample(self, player: int, rng: random.Random) -> TallyState:
        return self.clone()

    def check_invariants(self) -> None:
        assert 0 <= self.player <= 2

    def game_of(self) -> Tally:
        return self.game


@pytest.mark.parametrize(
    "visits, allowed", [(0, 1), (1, 1), (2, 2), (4, 2), (5, 3), (9, 3), (10, 4), (200, 15)]
)
def test_widening_allows_the_ceiling_of_the_square_root_of_visits(visits, allowed):
    assert widening(visits) == allowed


@pytest.mark.parametrize("cls", [MCTSAgent, ISMCTSAgent])
@pytest.mark.parametrize("seed", range(3))
def test_the_greedy_prior_searches_the_best_moves_first_and_widens_slowly(cls, seed):
    # Nine iterations from the root (visits 0..8 before each): one child until 2 visits, two until 5,
    # then three; best move_gain first, so exactly the moves worth 9, 8 and 7 points.
    game = Tally()
    state = game.new_state(0)
    agent = cls(game, 0, random.Random(seed), count=9, prior="greedy", depth=0)
    root = Node(-1)
    for determinization in agent.determinizations(state.view(0)):
        agent.iterate(root, determinization)
    assert sorted(root.children) == [7, 8, 9]


@pytest.mark.parametrize("cls", [MCTSAgent, ISMCTSAgent])
def test_without_the_prior_every_move_is_tried_once_first(cls):
    game = Tally()
    state = game.new_state(0)
    agent = cls(game, 0, random.Random(1), count=10, depth=0)
    root = Node(-1)
    for determinization in agent.determinizations(state.view(0)):
        agent.iterate(root, determinization)
    assert sorted(root.children) == list(range(10))


@pytest.mark.parametrize("scale, mine", [(1.0, 1 / (1 + math.exp(-10))), (5.0, 1 / (1 + math.exp(-2)))])
def test_a_cut_off_playout_rewards_the_lead_through_a_logistic_of_its_scale(scale, mine):
    # Seat 0 took 5 points, seat 1 is to move: evaluate gives +5 and -5, a difference of 10.
    game = Tally()
    state = game.new_state(0)
    state.apply(5)
    rewards = side_rewards(state, scale)
    assert rewards == pytest.approx([mine, 1 - mine])


def test_a_finished_playout_rewards_placement_whatever_the_scale():
    state = Tally().new_state(0)
    state.apply(5)
    state.apply(5)
    assert side_rewards(state, 0.1) == [0.5, 0.5]
    state = Tally().new_state(0)
    state.apply(3)
    state.apply(4)
    assert side_rewards(state, 7.0) == [0.0, 1.0]


def test_bounds_stretch_each_seats_means_onto_the_unit_interval():
    bounds = Bounds(2)
    for mean in (0.7, 0.9, 0.8):
        bounds.see(1, mean)
    assert bounds.stretch(1) == pytest.approx((0.7, 0.2))
    assert bounds.stretch(0) == (0.0, 1.0)  # nothing seen: left as it is
    bounds.see(0, 0.5)
    assert bounds.stretch(0) == (0.0, 1.0)  # one value: no span to stretch by


def test_min_max_normalisation_lets_a_narrow_lead_outweigh_exploration():
    # Parent 12 visits; A: mean 0.9 over 10, B: mean 0.8 over 2, c = 1.4.
    # Raw UCB1: A 0.9 + 1.4 * sqrt(ln 12 / 10) = 1.598, B 0.8 + 1.4 * sqrt(ln 12 / 2) = 2.361: B.
    # Stretched by the means seen (0.8 .. 0.9): A 1 + 0.698 = 1.698, B 0 + 1.561: A.
    node = Node(-1)
    node.visits = 12
    for move, visits, mean in (("A", 10, 0.9), ("B", 2, 0.8)):
        child = node.children[move] = Node(0)
        child.visits, child.total = visits, mean * visits
    bounds = Bounds(1)
    bounds.see(0, 0.9)
    bounds.see(0, 0.8)
    assert ucb_child(node, ["A", "B"], 1.4, use_avail=False)[0] == "B"
    assert ucb_child(node, ["A", "B"], 1.4, use_avail=False, bounds=bounds)[0] == "A"
