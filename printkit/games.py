"""The registry of games: one line per shipped game, named as its `[game] engine`, and game folders.

A registered game's modules are found by that name, and a game may lack some
of them (a rules engine before its print kit, or the reverse):

- `printkit/rulesets/<engine>.py`: what its data and rules must satisfy;
- `printkit/draw/<engine>.py`: how its pieces are drawn;
- `simulate/engines/<engine>.py` (or a package of that name): its rules engine (`simulate` reads this
  registry; `printkit` never imports `simulate`).

A game of one's own lives in a **game folder** instead (`simulate new-game`
writes one): a folder holding its data file `<name>.toml` whose `[game] engine`
is `<name>`, beside its modules `rules.py`, `draw.py` and `engine.py`. Loading
that data file registers the folder, and its modules are imported as
`printkit_games.<name>.rules` and so on. They are Python the user wrote: a
data file only brings in the modules of its own folder, and only under its own
name, which no shipped game may have.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType

GAMES = (
    "united_square",
    "tiddly_wink",
    "twinkle_twinkle",
    "this_town",
    "time_splicers",
)

FOLDER_PACKAGE = "printkit_games"  # game folders' modules: printkit_games.<name>.<role>
ROLES = {"printkit.rulesets": "rules", "printkit.draw": "draw", "simulate.engines": "engine"}
_FOLDERS: dict[str, Path] = {}  # game folders registered in this process, by engine name


class Registry(Mapping[str, str]):
    """`{engine: module}` for one role: the shipped games that have the module, then the game folders
    registered so far that have its file. Live, so a folder registered after import is found."""

    def __init__(self, package: str):
        self.package = package
        self.role = ROLES[package]
        self.shipped = {
            name: f"{package}.{name}" for name in GAMES if importlib.util.find_spec(f"{package}.{name}")
        }

    def _folders(self) -> dict[str, str]:
        return {
            name: f"{FOLDER_PACKAGE}.{name}.{self.role}"
            for name, folder in _FOLDERS.items()
            if (folder / f"{self.role}.py").is_file()
        }

    def __getitem__(self, engine: str) -> str:
        if engine in self.shipped:
            return self.shipped[engine]
        return self._folders()[engine]

    def __iter__(self) -> Iterator[str]:
        return iter({**self.shipped, **self._folders()})

    def __len__(self) -> int:
        return len({**self.shipped, **self._folders()})


def modules_in(package: str) -> Registry:
    """`{engine: module}` for each game, shipped or in a game folder, with a module of `package`'s role."""
    return Registry(package)


def is_game_folder(data_file: Path | str, engine: str) -> bool:
    """Whether `data_file` is `<engine>.toml` of a game folder: beside its modules, not a shipped name."""
    path = Path(data_file)
    return (
        bool(engine)
        and engine not in GAMES
        and path.stem == engine
        and any((path.parent / f"{role}.py").is_file() for role in ROLES.values())
    )


def register_folder(data_file: Path | str, engine: str) -> None:
    """Register the game folder of `data_file` for `engine` if it is one (else do nothing).

    The same name from another folder (a second tmp dir, a copy) replaces the
    first, and the first's modules are forgotten so that the new ones load.
    """
    if not is_game_folder(data_file, engine):
        return
    folder = Path(data_file).resolve().parent
    if _FOLDERS.get(engine) == folder:
        return
    prefix = f"{FOLDER_PACKAGE}.{engine}"
    for name in [m for m in sys.modules if m == prefix or m.startswith(prefix + ".")]:
        del sys.modules[name]
    _FOLDERS[engine] = folder
    sys.modules.setdefault(FOLDER_PACKAGE, _package(FOLDER_PACKAGE, []))
    sys.modules[prefix] = _package(prefix, [str(folder)])


def _package(name: str, path: list[str]) -> ModuleType:
    """A package module with no `__init__.py`, whose submodules are the files in `path`."""
    module = ModuleType(name, "A game folder's modules (printkit/games.py).")
    module.__path__ = path
    module.__package__ = name
    return module
