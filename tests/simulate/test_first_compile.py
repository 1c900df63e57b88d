"""A core's first compile: a stamp per core (editing one game's core compiles that core alone), a designer's
folder cached like a shipped one, and the line said before compiling, its progress and the time kept."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from printkit.datafile.games import shipped_data
from simulate.fast import first_compile
from simulate.fast.jit import cache_folder, core_sources

STAMPS = """
import json, sys
from pathlib import Path
from printkit.datafile.games import register_folder
import importlib
from simulate.fast.jit import stamp_of, cache_folder
out = {}
for folder in sys.argv[1:]:
    name = Path(folder).name
    register_folder(Path(folder) / f"{name}.toml", name)
    core = f"printkit_games.{name}.core"
    importlib.import_module(core)
    out[name] = [stamp_of(core), stamp_of(core + "_search"), str(cache_folder(core))]
out["shared"] = [stamp_of("simulate.fast.mt")]
print(json.dumps(out))
"""


def _stamps(*folders: Path) -> dict[str, list[str]]:
    """Each game folder's core's stamp, its search copy's and its cache folder, and the shared parts'
    stamp, as a process that loaded them computes them (numba makes the cache folders at import: a
    cache of its own)."""
    cache = folders[0].parent / "cache"
    env = {**os.environ, "SIMULATE_CACHE_DIR": str(cache)}
    command = [sys.executable, "-c", STAMPS, *map(str, folders)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def _edit(path: Path) -> None:
    path.write_text(path.read_text() + "\n# an edit\n")


def test_editing_one_games_core_changes_that_cores_stamp_alone(tmp_path):
    shipped = shipped_data()
    assert shipped is not None
    games = [tmp_path / name for name in ("united_square", "tiddly_wink", "time_splicers")]
    for folder in games:
        shutil.copytree(shipped / folder.name, folder, ignore=shutil.ignore_patterns("tests", "__pycache__"))
    before = _stamps(*games)
    us, tw, ts = before["united_square"], before["tiddly_wink"], before["time_splicers"]
    assert us[0] == us[1] and tw[0] == tw[1]  # a core and its copy of the search template go together
    assert len({us[0], tw[0], ts[0], before["shared"][0]}) == 4
    assert us[2].endswith(f"printkit_games.united_square.core/{us[0]}")

    _edit(games[1] / "core.py")
    after = _stamps(*games)
    assert after["united_square"] == us and after["time_splicers"] == ts
    assert after["shared"] == before["shared"]
    assert after["tiddly_wink"][0] != tw[0] and after["tiddly_wink"][1] != tw[1]

    _edit(games[1] / "draw.py")  # not a part of the core: nothing to compile
    assert _stamps(*games) == after
    _edit(games[1] / "engine.py")  # the core compiles the engine's constants in
    assert _stamps(*games)["tiddly_wink"][0] != after["tiddly_wink"][0]


def test_editing_a_file_time_splicers_core_imports_recompiles_that_core_alone(tmp_path):
    """Its core imports constants from its engine and its rules: an edit of either is an edit of the
    core; its report page is not."""
    shipped = shipped_data()
    assert shipped is not None
    games = [tmp_path / name for name in ("united_square", "time_splicers")]
    for folder in games:
        shutil.copytree(shipped / folder.name, folder, ignore=shutil.ignore_patterns("tests", "__pycache__"))
    stamps = _stamps(*games)
    for name in ("engine.py", "rules.py", "core.py", "report.py"):
        _edit(games[1] / name)
        now = _stamps(*games)
        assert now["united_square"] == stamps["united_square"] and now["shared"] == stamps["shared"]
        changed = now["time_splicers"][0] != stamps["time_splicers"][0]
        assert changed == (name != "report.py"), name
        assert now["time_splicers"][0] == now["time_splicers"][1]
        stamps = now


# Worked out by hand from each folder's relative imports at the top of its files: the core's, then those
# of each file it imports (Twinkle Twinkle's engine brings its gains, records, scoring and tally).
CORE_FILES = {
    "united_square": {"core.py", "engine.py", "rules.py"},
    "tiddly_wink": {"core.py", "engine.py"},
    "twinkle_twinkle": {"core.py", "engine.py", "gains.py", "records.py", "scoring.py", "tally.py"},
    "time_splicers": {"core.py", "engine.py", "rules.py"},
    "this_town": {"core.py", "engine.py", "records.py"},
}


@pytest.mark.parametrize("game", sorted(CORE_FILES))
def test_a_cores_stamp_covers_every_file_of_its_folder_it_imports(game):
    shipped = shipped_data()
    assert shipped is not None
    files = core_sources((shipped / game / "core.py").resolve())
    assert {path.name for path in files} == CORE_FILES[game]
    assert {path.parent for path in files} == {(shipped / game).resolve()}


def test_every_shipped_core_is_stamped_with_its_engine():
    shipped = shipped_data()
    assert shipped is not None
    cores = sorted(shipped.glob("*/core.py"))
    assert {core.parent.name for core in cores} >= set(CORE_FILES)
    for core in cores:
        assert core.resolve().parent / "engine.py" in core_sources(core.resolve()), core


def test_a_designers_folder_core_is_cached_in_the_cache_under_its_own_stamp(tmp_path):
    shipped = shipped_data()
    assert shipped is not None
    mine = tmp_path / "my_game"
    mine.mkdir()
    (mine / "my_game.toml").write_text("")  # the registry only needs the data file to be there
    shutil.copy(shipped / "united_square" / "core.py", mine / "core.py")
    shutil.copy(shipped / "united_square" / "engine.py", mine / "engine.py")
    shutil.copy(shipped / "united_square" / "rules.py", mine / "rules.py")
    stamps = _stamps(mine, shipped / "united_square")
    assert Path(stamps["my_game"][2]).parent.name == "printkit_games.my_game.core"
    # the same sources under another name: the same stamp, in a folder of its own
    assert stamps["my_game"][0] == stamps["united_square"][0]


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("SIMULATE_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_the_first_compile_says_so_in_one_line_keeps_its_time_and_then_says_nothing(cache):
    module = "simulate.fast.a_core"
    out = io.StringIO()
    assert not first_compile.is_compiled(module)
    with first_compile.said(module, "Pebble Pile core", 42.0, out):
        cache_folder(module).mkdir(parents=True)  # numba makes it as it compiles
    lines = out.getvalue().splitlines()
    assert lines[0] == f"simulate: compiling the Pebble Pile core once, about 42 s; cached in {cache}"
    assert lines[-1].startswith("simulate: the Pebble Pile core compiled in ") and len(lines) == 2
    assert first_compile.is_compiled(module)
    kept = float((cache / module / first_compile.SECONDS).read_text())
    assert 0 <= kept < 5 and first_compile.expected_seconds(module, 42.0) == kept
    again = io.StringIO()
    with first_compile.said(module, "Pebble Pile core", 42.0, again):
        pass
    assert again.getvalue() == ""


def test_a_long_compile_shows_its_progress_and_a_failed_one_is_not_marked(cache, monkeypatch):
    monkeypatch.setattr(first_compile, "EVERY", 0.05)
    module = "simulate.fast.b_core"
    out = io.StringIO()
    with pytest.raises(RuntimeError), first_compile.said(module, "Pebble Pile core", 3.0, out):
        cache_folder(module).mkdir(parents=True)
        time.sleep(0.3)
        raise RuntimeError("numba failed")
    lines = out.getvalue().splitlines()
    assert any(line.startswith("simulate: compiling the Pebble Pile core: ") for line in lines[1:])
    assert not first_compile.is_compiled(module)
    assert first_compile.expected_seconds(module, 3.0) == 3.0  # nothing measured


def test_the_cache_folder_is_shown_with_the_home_as_a_tilde(monkeypatch):
    monkeypatch.setenv("HOME", "/home/ann")
    assert first_compile._shown(Path("/home/ann/.cache/x")) == "~/.cache/x"
    assert first_compile._shown(Path("/tmp/x")) == "/tmp/x"
