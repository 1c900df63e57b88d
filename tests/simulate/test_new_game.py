"""`simulate new-game` writes a game folder that passes its own tests and the project's, plays and prints;
the tutorial's finished game (`examples/pebble_pile/`) does the same; bad names are refused in one line."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.datafile.gamedata import load_game
from simulate.engines import make_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "pebble_pile"
# The project's suites that run over every game found, and so over a game folder in the current directory.
PROJECT_SUITES = (
    "tests/simulate/test_conformance.py",
    "tests/simulate/test_ruleset_conformance.py",
    "tests/printkit/test_print_modes.py",
)


def _pytest(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "pytest", "-o", "addopts=", "-q", "-p", "no:cacheprovider", *args]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600)


def _games_played(run_folder: Path) -> int:
    (csv,) = run_folder.rglob("games.csv")
    return len(csv.read_text(encoding="utf-8").splitlines()) - 1


def _plays_and_prints(run_tool, game: str, out: Path) -> None:
    """`simulate run GAME --games 10` plays ten games (on two workers) and `printkit build GAME` prints."""
    run = ["run", game, "--games", "10", "--jobs", "2", "--out", str(out / "run")]
    code, _, err = run_tool("simulate", *run)
    assert code == 0, err
    assert _games_played(out / "run") == 10
    code, printed, err = run_tool("printkit", "build", game, "--out", str(out / "pdf"))
    assert code == 0, err
    assert (out / "pdf" / f"{Path(game).stem}.pdf").read_bytes().startswith(b"%PDF") and "pebble" in printed


@pytest.mark.long  # runs pytest as a user would, in a process of its own (.ci/run's long part)
def test_a_new_game_passes_its_tests_plays_and_prints(tmp_path, run_tool, monkeypatch):
    code, out, err = run_tool("simulate", "new-game", "my_game", "--dir", str(tmp_path))
    assert code == 0, err
    folder = tmp_path / "my_game"
    made = sorted(p.name for p in folder.iterdir())
    assert made == ["draw.py", "engine.py", "my_game.toml", "rules.py", "tests"]
    assert [p.name for p in (folder / "tests").iterdir()] == ["test_my_game.py"]
    tests = _pytest(cwd=tmp_path)  # as a user would: `pytest` where the game folder is
    assert tests.returncode == 0 and " passed" in tests.stdout, tests.stdout + tests.stderr
    monkeypatch.chdir(tmp_path)  # found by name from the folder that holds it
    _plays_and_prints(run_tool, "my_game", tmp_path / "out")


@pytest.mark.long  # runs three of the project's suites in a process of their own (.ci/run's long part)
def test_the_project_suites_run_over_a_new_game_and_pass(tmp_path, run_tool):
    run_tool("simulate", "new-game", "my_game", "--dir", str(tmp_path))
    suites = [str(ROOT / suite) for suite in PROJECT_SUITES]
    result = _pytest(*suites, "-k", "my_game", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    passed = int(re.search(r"(\d+) passed", result.stdout).group(1))
    assert passed >= 10  # the conformance cases of both variants, the rule set's, the print modes'


@pytest.mark.long  # runs pytest as a user would, in a process of its own (.ci/run's long part)
def test_the_tutorials_game_passes_its_tests_plays_and_prints(tmp_path, run_tool):
    folder = tmp_path / "pebble_pile"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns("__pycache__"))
    tests = _pytest(cwd=tmp_path)
    assert tests.returncode == 0 and " passed" in tests.stdout, tests.stdout + tests.stderr
    _plays_and_prints(run_tool, str(folder / "pebble_pile.toml"), tmp_path / "out")


def test_the_tutorials_rule_plays_as_it_says():
    game = make_game(load_game(str(EXAMPLE / "pebble_pile.toml")).resolve("no_repeat", [], 2), debug=True)
    state = game.new_state(seed=3)
    state.apply(2)
    assert 2 not in state.legal_moves()


@pytest.mark.parametrize(
    "name,message",
    [
        ("My Game", "is not a game name"),
        ("class", "is not a game name"),
        ("twinkle_twinkle", "is a game the project ships"),
        ("taken", "exists already"),
    ],
)
def test_new_game_refuses_in_one_line_and_writes_nothing(tmp_path, run_tool, name, message):
    (tmp_path / "taken").mkdir()
    code, out, err = run_tool("simulate", "new-game", name, "--dir", str(tmp_path))
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"] and not any((tmp_path / "taken").iterdir())


def test_the_same_name_from_another_folder_loads_that_folders_modules(tmp_path, run_tool):
    for where, pile in (("a", 7), ("b", 9)):
        (tmp_path / where).mkdir()
        run_tool("simulate", "new-game", "twin", "--dir", str(tmp_path / where))
        data = tmp_path / where / "twin" / "twin.toml"
        data.write_text(data.read_text(encoding="utf-8").replace("pile = 21", f"pile = {pile}"), "utf-8")
    for where, pile in (("a", 7), ("b", 9), ("a", 7)):
        game = make_game(load_game(str(tmp_path / where / "twin" / "twin.toml")).resolve("default"))
        module = Path(sys.modules[type(game).__module__].__file__)
        assert game.pile == pile and module.parent.parent.name == where
