"""A designer's compiled core: `simulate new-game NAME --core` writes one and names it in the engine; a core
that parts from its engine is refused in one line naming the first move where they part; a designer's core
is cached under a stamp of its own folder, the shipped cores under the shared one."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from printkit.datafile.gamedata import load_game
from printkit.errors import DataError
from simulate.commands.new_game import new_game
from simulate.engines import make_game
from simulate.fast.held import held_to_engine
from simulate.fast.jit import core_sources, module_stamp, stamp


def test_new_game_with_core_writes_the_core_and_its_test_and_names_it_in_the_engine(tmp_path):
    files = new_game("cobble", tmp_path, core=True)
    names = [str(p.relative_to(tmp_path / "cobble")) for p in files]
    assert names[-2:] == ["core.py", "tests/test_cobble_core.py"]
    assert 'core = f"{__package__}.core"' in (tmp_path / "cobble" / "engine.py").read_text()
    assert "Cobble's compiled core" in (tmp_path / "cobble" / "core.py").read_text()
    plain = new_game("pebble", tmp_path)
    assert not (tmp_path / "pebble" / "core.py").exists() and len(plain) == len(files) - 2
    assert "    core = None  #" in (tmp_path / "pebble" / "engine.py").read_text()


class _EngineAsCore:
    """Stands in for a compiled core: the Python engine's own states, with one fault in a chosen place."""

    def __init__(self, game, fault: str):
        self.game, self.fault = game, fault

    def new_state(self, seed):
        state = self.game.new_state(seed)
        if self.fault == "pile":
            state.pile -= 1
        return state, None

    def legal(self, s):
        moves = s.legal_moves()
        return moves[::-1] if self.fault == "order" else moves

    def apply(self, s, r, move):
        s.apply(move)

    def python_fields(self, state):
        return {"pile": state.pile, "points": list(state.points), "player": state.to_move}

    def core_fields(self, s, r):
        return self.python_fields(s)


@pytest.fixture
def cobble(tmp_path):
    new_game("cobble", tmp_path, core=True)
    data = load_game(str(tmp_path / "cobble" / "cobble.toml"))
    return make_game(data.resolve("default", ["first_player=seat1"]))


def test_a_core_that_parts_from_its_engine_is_refused_with_the_first_move_where_they_part(cobble):
    held_to_engine(cobble, _EngineAsCore(cobble, "none"))  # the same games: accepted
    # a pile of 21, take 1 to 3: at the first position the engine offers 1, 2, 3
    with pytest.raises(DataError) as refused:
        held_to_engine(cobble, _EngineAsCore(cobble, "order"))
    assert str(refused.value) == (
        "the compiled core of cobble parts from its engine (seed 0, move 0: legal moves [1, 2, 3] in Python, "
        "[3, 2, 1] compiled); fix its core.py, or play the engine alone with --engine python"
    )
    with pytest.raises(DataError, match=r"\(seed 0, after 0 moves: pile is 21 in Python, 20 compiled\)"):
        held_to_engine(cobble, _EngineAsCore(cobble, "pile"))


def _module(name: str, file: Path) -> None:
    module = types.ModuleType(name)
    module.__file__ = str(file)
    sys.modules[name] = module


def test_a_designers_core_is_cached_by_its_own_folder_and_a_shipped_core_by_the_shared_stamp(
    tmp_path, monkeypatch
):
    for game, text in (("one", "A = 1\n"), ("two", "A = 2\n")):
        (tmp_path / game).mkdir()
        (tmp_path / game / "core.py").write_text(text)
        monkeypatch.setitem(sys.modules, f"printkit_games.{game}.core", None)
        _module(f"printkit_games.{game}.core", tmp_path / game / "core.py")
    one, two = module_stamp("printkit_games.one.core"), module_stamp("printkit_games.two.core")
    assert len({one, two, stamp()}) == 3  # each folder its own, neither the shared one
    assert module_stamp("printkit_games.one.core_search") == one  # its copy of the search with it
    shipped = next(path for path in core_sources() if path.name == "core.py")
    monkeypatch.setitem(sys.modules, "printkit_games.shipped_one.core", None)
    _module("printkit_games.shipped_one.core", shipped)
    assert module_stamp("printkit_games.shipped_one.core") == stamp()
    assert module_stamp("simulate.fast.mt") == stamp()
