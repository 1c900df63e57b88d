"""The engine contract: required parts are refused at class creation, and agents see only views."""

from __future__ import annotations

import pytest

from printkit.datafile.gamedata import load_game
from simulate.engines import make_game
from simulate.play.runner import play


def test_agents_get_their_seats_view_never_the_state(monkeypatch):
    import simulate.agents as agents
    from simulate.engines.base import AgentBase

    seen = []

    class Spy(AgentBase):
        def choose(self, view, legal):
            seen.append((self.seat, view))
            return legal[0]

    monkeypatch.setitem(agents.GENERIC, "spy", Spy)
    game = make_game(load_game("tiddly_wink").resolve("p3"))
    play(game, ("spy", "random", "spy"), 1, 0, 100_000)
    assert seen and {seat for seat, _ in seen} == {0, 2}
    for seat, view in seen:
        assert view.rng is None and view.viewer == seat
        assert all(hand is None for s, hand in enumerate(view.hands) if s != seat)


def test_an_engine_missing_a_required_part_fails_when_its_class_is_made():
    from simulate.engines.base import GameBase, StateBase

    with pytest.raises(TypeError, match=r"does not define name, which every GameBase subclass must"):

        class NoName(GameBase):
            def new_state(self, seed):
                return None

    with pytest.raises(TypeError, match=r"does not define .*legal_moves.*view"):

        class Half(StateBase):
            def current_player(self):
                return 0
