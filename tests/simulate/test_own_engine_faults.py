"""A designer's engine that raises or never ends: one line naming the game, the move and how to replay it,
the games before it kept and no lock left; `simulate replay` shows the game move by move; a game that
never ends is stopped at its cap, and so is every search playout, however the agents search."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.datafile.gamedata import load_game
from simulate.agents.playout import Playout
from simulate.commands.new_game import new_game
from simulate.engines import make_game
from simulate.play.runner import game_seeds

SEED = 5
RUN = [sys.executable, "-c", "from simulate.entry import main; main()"]


def _game_folder(where: Path, name: str, edits: list[tuple[str, str]]) -> Path:
    """A `simulate new-game` folder with its engine's text edited (each (old, new) once)."""
    new_game(name, where)
    engine = where / name / "engine.py"
    text = engine.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    engine.write_text(text)
    return where / name


# the scaffold's take-away game, raising at its fifth move in a game the second seat opens
BRITTLE = [("        self.pile -= move\n", "        if self.turns == 4 and self.first == 1:\n"
            "            raise KeyError(4)\n        self.pile -= move\n")]  # fmt: skip
# ... and one that never ends: the last pebble is never taken, and search playouts run to the end
ENDLESS = [
    ("        self.pile -= move\n", "        self.pile = max(1, self.pile - move)\n"),
    ('    metric_names = ("turns",)\n', '    metric_names = ("turns",)\n    playout_depth = 0\n'),
]


def _first_faulty(data_file: Path) -> int:
    """The first game of run --seed SEED whose first mover is the second seat (worked out from the seeds,
    as the engine draws its first mover: `randrange(players)` of the game's own generator)."""
    for index in range(100):
        game_seed, _ = game_seeds(SEED, index, 2)
        if random.Random(game_seed).randrange(2) == 1:
            return index
    raise AssertionError("no game opened by the second seat")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_engine_that_raises_is_one_line_the_games_before_it_kept_and_no_lock_left(
    tmp_path, run_tool, monkeypatch, jobs
):
    folder = _game_folder(tmp_path, "brittle", BRITTLE)
    monkeypatch.chdir(tmp_path)
    faulty = _first_faulty(folder / "brittle.toml")
    assert faulty > 0  # so that there are games before it to keep
    args = ["run", "brittle", "--agents", "random", "--games", "200", "--seed", str(SEED), "--jobs", jobs]
    code, out, err = run_tool("simulate", *args, "--out", "out", "--quiet")
    arm = Path("out/brittle/default.random.seed5/arms/default")
    assert code == 1
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"error: brittle: game {faulty} of --seed {SEED} (variant default, agents random) ")
    assert "raised KeyError: 4 (engine.py:" in err and " in apply) at move 5;" in err
    assert f"simulate replay brittle --from {arm} --game {faulty}" in err
    rows = (arm / "games.csv").read_text().splitlines()[1:]
    assert [int(r.split(",")[0]) for r in rows] == list(range(faulty))
    assert not list(Path("out").rglob(".lock"))
    # the run is resumable as any stopped run: it meets the same game again, keeping what it had
    code, _, again = run_tool("simulate", *args, "--out", "out", "--quiet")
    assert code == 1 and again == err
    assert (arm / "games.csv").read_text().splitlines()[1:] == rows


def test_replay_reproduces_the_fault_and_shows_the_games_before_it_as_the_run_wrote_them(
    tmp_path, run_tool, monkeypatch
):
    folder = _game_folder(tmp_path, "brittle", BRITTLE)
    monkeypatch.chdir(tmp_path)
    faulty = _first_faulty(folder / "brittle.toml")
    run_tool("simulate", "run", "brittle", "--agents", "random", "--games", "50", "--seed", str(SEED),
             "--out", "out", "--quiet")  # fmt: skip
    arm = "out/brittle/default.random.seed5/arms/default"
    code, out, err = run_tool("simulate", "replay", "brittle", "--from", arm, "--game", str(faulty))
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == (
        f"Brittle: game {faulty} of --seed {SEED}, variant default, 2 players, agents random, "
        "at most 21 moves"
    )
    assert lines[1] == "start: scores 0, 0"
    # the fifth move is chosen by the seat that opened (the second), and raises as it is played
    assert [line.split(".")[0].strip() for line in lines[2:]] == ["1", "2", "3", "4", "5"]
    assert lines[-1].startswith("    5. seat 2 plays ") and "scores" not in lines[-1]
    assert "The engine's traceback:" in err and "raise KeyError(4)" in err
    line = (folder / "engine.py").read_text().splitlines().index("            raise KeyError(4)") + 1
    assert err.splitlines()[-1] == (
        f"error: brittle: game {faulty} of --seed {SEED} raised KeyError: 4 (engine.py:{line} in apply) "
        "at move 5"
    )
    # a game the run finished before it: played again, the row it gives is the row the run wrote
    code, out, _ = run_tool("simulate", "replay", "brittle", "--from", arm, "--game", "0")
    assert code == 0
    assert out.splitlines()[-1] == "games.csv's row of game 0: the same"
    assert out.splitlines()[-2].startswith("result: seat ")
    # the same game from the command line's settings
    code, by_hand, _ = run_tool("simulate", "replay", "brittle", "--seed", str(SEED), "--agents", "random",
                                "--game", "0")  # fmt: skip
    assert code == 0 and by_hand.splitlines() == out.splitlines()[:-1]


def test_replay_refuses_settings_that_from_gives_and_a_folder_of_several_arms(
    tmp_path, run_tool, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_tool("simulate", "replay", "united_square", "--from", "nowhere", "--game", "0")
    assert code == 2 and err == "error: --from nowhere: no such folder\n"
    for arm in ("out/arms/default", "out/arms/board7"):
        Path(arm).mkdir(parents=True)
        Path(arm, "run.json").write_text("{}")
    code, _, err = run_tool("simulate", "replay", "united_square", "--from", "out", "--game", "0")
    assert code == 2 and "holds 2 arms; give one arm's folder: out/arms/board7, out/arms/default" in err
    code, _, err = run_tool("simulate", "replay", "united_square", "--from", "out/arms/board7", "--game", "0",
                            "--seed", "2", "--agents", "greedy")  # fmt: skip
    assert code == 2 and err == "error: --from gives the run's own settings; drop --seed, --agents\n"
    code, _, err = run_tool("simulate", "replay", "united_square", "--from", "out/arms/board7", "--game", "0")
    assert code == 2 and err == "error: --from out/arms/board7: a run of None, not of 'united_square'\n"


def test_a_playout_of_a_game_that_never_ends_stops_at_the_games_move_cap(tmp_path):
    folder = _game_folder(tmp_path, "endless", ENDLESS)
    game = make_game(load_game(str(folder / "endless.toml")).resolve())
    assert game.playout_depth == 0 and game.max_moves == 21
    state = game.new_state(1)
    rewards = Playout("random", 0, random.Random(1), 1.0, game.max_moves).rewards(state)
    assert state.turns == 21 and not state.is_over() and len(rewards) == 2  # `turns`: the moves played
    Playout("random", 5, random.Random(1), 1.0, game.max_moves).rewards(state)
    assert state.turns == 26


# A run's games without its report, in a process of its own (a search that did not stop would hang it).
RUN_ONLY = """
import sys
from pathlib import Path
from printkit.datafile.gamedata import load_game
from simulate.play.runner import RunConfig, run_to_csv
data = load_game(sys.argv[1])
rules = data.resolve()
agents = (sys.argv[2],) * rules.players
run_to_csv(RunConfig(data.name, "default", rules.as_dict(), rules.players, agents, int(sys.argv[3]), 1,
                     int(sys.argv[4])), rules, Path("arm"))
"""


def _capped_rows(tmp_path: Path, agents: str, games: int, max_moves: int) -> list[list[str]]:
    """Play `games` games of the endless game under `agents`, capped at `max_moves` moves; their rows."""
    done = subprocess.run([sys.executable, "-c", RUN_ONLY, "endless", agents, str(games), str(max_moves)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    header, *rows = (tmp_path / "arm" / "games.csv").read_text().splitlines()
    capped = header.split(",").index("capped")
    assert all(r.split(",")[capped] == "1" for r in rows)
    return [r.split(",") for r in rows]


@pytest.mark.parametrize("agents", ["mcts:50", "ismcts:50"])
def test_search_agents_finish_every_game_of_a_game_that_never_ends_at_the_cap(tmp_path, agents):
    _game_folder(tmp_path, "endless", ENDLESS)
    started = time.monotonic()
    rows = _capped_rows(tmp_path, agents, 4, 100_000)
    # each decision is at most 50 playouts of at most 21 moves: about 22,000 moves a game
    assert time.monotonic() - started < 300
    assert len(rows) == 4 and {r[2] for r in rows} == {"21"}


def test_a_runs_cap_below_the_engines_stops_games_and_playouts_there(tmp_path, monkeypatch):
    _game_folder(tmp_path, "endless", ENDLESS)
    rows = _capped_rows(tmp_path, "mcts:10", 3, 9)
    assert len(rows) == 3 and {r[2] for r in rows} == {"9"}


def test_max_moves_on_the_command_line_caps_a_replay_at_most_at_the_engines_cap(
    tmp_path, run_tool, monkeypatch
):
    _game_folder(tmp_path, "endless", ENDLESS)
    monkeypatch.chdir(tmp_path)
    for given, cap in (("500", 21), ("7", 7)):
        code, out, _ = run_tool("simulate", "replay", "endless", "--agents", "random", "--game", "0",
                                "--max-moves", given)  # fmt: skip
        lines = out.splitlines()
        assert code == 0 and lines[0].endswith(f"at most {cap} moves")
        assert lines[-1].startswith("result: stopped at the move cap, no winner named;")
        assert lines[-1].endswith(f"{cap} moves, seat 1 moved first") or lines[-1].endswith(
            f"{cap} moves, seat 2 moved first"
        )
