"""The code's layout holds its design (docs/notes/code-layout.md): no circle of imports, no import from a
lower floor up to a higher one, `printkit/` and `simulate/` name no game, and every game folder (the
five that ship, the tutorial's, a new one) has the same shape."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from printkit.datafile.games import shipped_data, shipped_games
from simulate.commands.new_game import new_game

ROOT = Path(__file__).resolve().parents[1]
GAME_PACKAGE = "printkit_games"

# Floors, lowest first: a module imports only from its own floor or lower ones. A prefix names a package
# or a module; the game folders (`printkit_games.<game>`) stand on top of everything.
FLOORS = [
    ("printkit.errors", "printkit.atomic", "printkit.filenames", "printkit.languages", "printkit.entry"),
    ("printkit.output",),
    ("printkit.datafile",),
    ("printkit.pieces",),
    ("printkit.layouts",),
    ("printkit.draw",),
    ("printkit.sheets",),
    ("printkit.build",),
    ("printkit.exports",),
    ("printkit.cli", "printkit.watch", "printkit.scaffold", "printkit"),
    ("simulate.words", "simulate.words_ja"),
    ("simulate.engines",),
    ("simulate.agents",),
    ("simulate.fast",),
    ("simulate.play",),
    ("simulate.analysis",),
    ("simulate.report",),
    ("simulate.commands",),
    ("simulate.tune",),
    ("simulate.cli", "simulate.entry", "simulate"),
    (GAME_PACKAGE,),
]


def _modules() -> dict[str, Path]:
    """Every module of the two packages and of the shipped game folders, by dotted name."""
    found = {}
    for package in ("printkit", "simulate"):
        for path in (ROOT / package).rglob("*.py"):
            if "starter_game" in path.parts:  # a game folder's template, copied out by `new-game`
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    for game in shipped_games():
        for path in (ROOT / "data" / game).glob("*.py"):
            found[f"{GAME_PACKAGE}.{game}.{path.stem}"] = path
    return found


def _owner(name: str, modules: dict[str, Path]) -> str | None:
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project's modules that `name` imports anywhere in its file (lazily or for type checking too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            targets = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(owner for t in targets if (owner := _owner(t, modules)) and owner != name)
    return found


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iteratively)."""
    index, low, on_stack, stack, found, counter = {}, {}, set(), [], [], [0]

    def visit(root: str) -> None:
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _floor(name: str) -> int:
    best, floor = -1, None
    for i, prefixes in enumerate(FLOORS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, floor = len(prefix), i
    assert floor is not None, f"{name} stands on no floor of FLOORS"
    return floor


def test_no_module_imports_its_way_back_to_itself(graph):
    assert _circles(graph) == []


def test_the_check_finds_a_circle():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_imports_from_a_floor_above_its_own(graph):
    upward = [
        f"{name} -> {target}" for name, targets in graph.items() for target in targets
        if _floor(target) > _floor(name)
    ]  # fmt: skip
    assert upward == []


def test_every_module_stands_on_a_floor_and_the_floors_are_used(graph):
    used = {_floor(name) for name in graph}
    assert used == set(range(len(FLOORS)))


# ------------------------------------------------------------------ printkit and simulate name no game
def _names_of(game: str) -> list[re.Pattern[str]]:
    """A game's engine name and title, however they are written (`this_town`, `This Town`, `this-town`)."""
    data = tomllib.loads((ROOT / "data" / game / f"{game}.toml").read_text(encoding="utf-8"))
    words = [game.split("_"), re.findall(r"[A-Za-z]+", data["game"]["title"])[:2]]
    return [re.compile(r"[\W_]*".join(map(re.escape, w)), re.IGNORECASE) for w in words]


# Each game's short forms in prose or keys, besides its name and title.
SHORT_FORMS = [re.compile(w, re.IGNORECASE) for w in (r"\btwinkle", r"\btiddly", r"\bsplicer")]


def _text_files(folder: Path) -> list[Path]:
    return [
        p for p in folder.rglob("*") if p.is_file() and p.suffix in {".py", ".toml", ".md", ".txt", ".csv"}
        and "__pycache__" not in p.parts
    ]  # fmt: skip


def test_printkit_and_simulate_name_no_game():
    patterns = [p for game in shipped_games() for p in _names_of(game)] + SHORT_FORMS
    named = []
    for package in ("printkit", "simulate"):
        for path in _text_files(ROOT / package):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if any(p.search(line) for p in patterns):
                    named.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert named == []


def test_the_check_finds_a_game_however_it_is_written():
    patterns = [p for game in shipped_games() for p in _names_of(game)]
    for line in ("see This Town's tiles", "the united_square core", "Time-Splicers", "TIDDLY WINK"):
        assert any(p.search(line) for p in patterns), line
    assert not any(p.search("a square board of towns") for p in patterns)


def test_five_games_ship():
    assert len(shipped_games()) == 5 and shipped_data() == ROOT / "data"


# ------------------------------------------------------------------ every game folder has one shape
ROLES = {"rules.py": "rule set", "engine.py": "rules engine", "draw.py": "drawing", "tests": "tests"}
NEEDED = {"data file", *ROLES.values()}


def roles(folder: Path) -> dict[str, str]:
    """Each entry of a game folder and its role: the data file, the four the scaffold writes, a compiled
    core, a report page, or a module of the game's own."""
    found = {}
    for entry in sorted(folder.iterdir()):
        if entry.name == "__pycache__":
            continue
        if entry.name == f"{folder.name}.toml":
            found[entry.name] = "data file"
        elif entry.name in ROLES:
            found[entry.name] = ROLES[entry.name]
        elif entry.name == "core.py":
            found[entry.name] = "compiled core"
        elif entry.name == "report.py":
            found[entry.name] = "report page"
        elif entry.suffix == ".py" and not entry.name.startswith("test"):
            found[entry.name] = "module of its own"
        else:
            found[entry.name] = "unexpected"
    return found


def _scaffold(tmp_path: Path, core: bool = False) -> Path:
    new_game("my_game", tmp_path, core)
    return tmp_path / "my_game"


def test_a_new_game_the_tutorials_and_every_shipped_game_have_the_same_shape(tmp_path):
    # the tutorial's game ends with a compiled core (docs/guides/compiled-core.md), as `--core` writes one
    (tmp_path / "with_core").mkdir()
    folders = [_scaffold(tmp_path / "with_core", core=True), ROOT / "examples" / "pebble_pile"]
    folders += [ROOT / "data" / game for game in shipped_games()]
    for folder in folders:
        found = roles(folder)
        assert set(found.values()) >= NEEDED, f"{folder}: {found}"
        assert "unexpected" not in found.values(), f"{folder}: {found}"
        assert all(t.name.startswith("test_") for t in (folder / "tests").glob("*.py")), folder
    assert set(roles(folders[0]).values()) == set(roles(folders[1]).values()) == NEEDED | {"compiled core"}
    assert set(roles(_scaffold(tmp_path)).values()) == NEEDED
