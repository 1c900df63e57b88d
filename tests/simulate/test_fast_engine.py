"""`--engine`: the compiled core plays United Square by default, the Python engine on request or when numba
cannot load (one line says so), and every path writes the same games."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")


def _games_csv(out: Path) -> str:
    (path,) = out.rglob("games.csv")
    return path.read_text()


@pytest.mark.long  # whole runs, reports drawn; the README's command checks the same games move by move
@pytest.mark.parametrize(
    "game",
    [
        ("united_square",),
        ("tiddly_wink", "--variant", "block"),
        ("tiddly_wink", "--variant", "p5"),
        ("time_splicers",),
        ("this_town",),
    ],
)
def test_fast_and_python_engines_write_the_same_games(run_tool, tmp_path, game):
    texts = []
    games = "60" if len(game) == 1 or "block" in game else "4"  # a 5-player match is a thousand moves
    for engine in ("fast", "python"):
        out = tmp_path / engine
        code, _, err = run_tool(
            "simulate", "run", *game, "--agents", "greedy", "--games", games, "--jobs", "1",
            "--engine", engine, "--out", str(out), "--quiet",
        )  # fmt: skip
        assert code == 0, err
        texts.append(_games_csv(out))
    assert texts[0] == texts[1] and texts[0].count("\n") == int(games) + 1


@pytest.mark.long  # a run in a process of its own, numba hidden (.ci/run's long part)
def test_without_numba_the_python_engine_plays_and_says_so_in_one_line(tmp_path, run_tool):
    env = {**os.environ, "SIMULATE_NO_NUMBA": "1"}
    hidden = tmp_path / "hidden"
    args = ["run", "united_square", "--agents", "random", "--games", "40", "--jobs", "2", "--quiet"]
    done = subprocess.run(
        [sys.executable, "-c", "from simulate.cli import main; main()", *args, "--out", str(hidden)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if "compiled engine" in line]
    assert said == [
        "simulate: the compiled engine is unavailable (numba is hidden (SIMULATE_NO_NUMBA is set)); "
        "playing the Python engines"
    ]
    code, _, err = run_tool("simulate", *args, "--out", str(tmp_path / "fast"))
    assert code == 0 and "compiled engine" not in err
    assert _games_csv(hidden) == _games_csv(tmp_path / "fast")


ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "examples" / "pebble_pile" / "pebble_pile.toml"  # a designer's core (compiled-core.md)
NO_CORE = ROOT / "tests" / "games" / "tic_tac_toe" / "tic_tac_toe.toml"


@pytest.mark.parametrize(
    ("args", "path"),
    [
        (["united_square"], "engine fast (compiled core)"),
        (["united_square", "--engine", "python"], "engine python (--engine python)"),
        (["tiddly_wink", "--variant", "block"], "engine fast (compiled core)"),
        (["tiddly_wink", "--variant", "block", "--engine", "python"], "engine python (--engine python)"),
        (["this_town", "--players", "2"], "engine fast (compiled core)"),
        (["this_town", "--engine", "python"], "engine python (--engine python)"),
        (["time_splicers", "--players", "2"], "engine fast (compiled core)"),
        ([str(TUTORIAL)], "engine fast (compiled core)"),
        ([str(NO_CORE)], "engine python only (no compiled core for this game)"),
    ],
)
def test_bench_names_the_engine(run_tool, args, path):
    code, out, err = run_tool("simulate", "bench", *args, "--games", "3", "--repeats", "1")
    assert code == 0, err
    assert path in out and " decisions (moves with a choice)" in out


def test_an_unknown_engine_is_one_line_and_exit_status_2(run_tool):
    code, _, err = run_tool("simulate", "run", "united_square", "--engine", "c")
    assert code == 2 and "'c' is not one of 'fast', 'python'" in err


def test_one_process_at_a_time_compiles_a_core(tmp_path, monkeypatch):
    """Processes started at once on a fresh machine (test or cluster workers) take turns at a core's
    compile: one compiles, the others wait on its lock and then load what it compiled; another core's
    compile does not wait (`python -m simulate.fast` compiles the cores side by side)."""
    import time

    from simulate.fast import compiling

    monkeypatch.setenv("SIMULATE_CACHE_DIR", str(tmp_path))

    def waiter(core: str) -> list[str]:
        code = f"from simulate.fast import compiling\nwith compiling({core!r}): print('in')"
        return [sys.executable, "-c", code]

    with compiling("a.core"):
        other = subprocess.Popen(waiter("b.core"), stdout=subprocess.PIPE, text=True)
        assert other.communicate(timeout=60)[0] == "in\n", "another core's compile waited"
        same = subprocess.Popen(waiter("a.core"), stdout=subprocess.PIPE, text=True)
        time.sleep(3)
        assert same.poll() is None, "it did not wait for the lock"
    assert same.communicate(timeout=60)[0] == "in\n"
    assert sorted(p.name for p in tmp_path.glob("*/compile-*.lock")) == [
        "compile-a.core.lock",
        "compile-b.core.lock",
    ]
