"""The registry of games: every game with code of its own is a **game folder**, found by folder, not by name.

A game folder holds its data file `<name>.toml` (whose `[game] engine` is
`<name>`) beside the modules its description needs, each optional:

- `rules.py`: what its data and rules must satisfy (`printkit.datafile.rulesets`);
- `draw.py`: how its pieces are drawn (`printkit.draw`);
- `engine.py`: its rules engine (`simulate.engines`), and any modules these
  import from the folder (a compiled core, scoring, a report page, records).

The games the project ships are the folders of its data directory
(`shipped_data()`), registered when this module is first imported; a
designer's folder (`simulate new-game` writes one) is registered when its data
file is loaded. Either way its modules are imported as
`printkit_games.<name>.<module>` and import each other relatively. They are
Python someone wrote: a data file only brings in the modules of its own
folder, and only under its own name; a folder registered under a name that
another folder had replaces it (and the first's modules are forgotten).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType

FOLDER_PACKAGE = "printkit_games"  # game folders' modules: printkit_games.<name>.<role>
ROLES = ("rules", "draw", "engine")
_FOLDERS: dict[str, Path] = {}  # game folders registered in this process, by engine name


def shipped_data() -> Path | None:
    """The games the project ships: the checkout's `data/` folder when running from a checkout, and the
    copy installed as `printkit/games_data/` otherwise (None if neither is there)."""
    package = Path(__file__).resolve().parents[1]  # printkit/
    for shipped in (package.parent / "data", package / "games_data"):
        if shipped.is_dir():
            return shipped
    return None


def folders_in(folder: Path) -> Iterator[Path]:
    """The data files of the game folders in `folder`: `<sub>/<sub>.toml`, sorted."""
    for sub in sorted(folder.iterdir()):
        try:
            if (sub / f"{sub.name}.toml").is_file():
                yield sub / f"{sub.name}.toml"
        except OSError:  # a folder we may not read holds no game of ours
            continue


class Registry(Mapping[str, str]):
    """`{engine: module}` for one role: the game folders registered so far that have its file. Live, so
    a folder registered after import is found."""

    def __init__(self, role: str):
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}; expected one of {', '.join(ROLES)}")
        self.role = role

    def _folders(self) -> dict[str, str]:
        return {
            name: f"{FOLDER_PACKAGE}.{name}.{self.role}"
            for name, folder in sorted(_FOLDERS.items())
            if (folder / f"{self.role}.py").is_file()
        }

    def __getitem__(self, engine: str) -> str:
        return self._folders()[engine]

    def __iter__(self) -> Iterator[str]:
        return iter(self._folders())

    def __len__(self) -> int:
        return len(self._folders())


def modules_in(role: str) -> Registry:
    """`{engine: module}` for each registered game folder with a module of `role` (one of `ROLES`)."""
    return Registry(role)


def is_game_folder(data_file: Path | str, engine: str) -> bool:
    """Whether `data_file` is `<engine>.toml` of a game folder: beside at least one of its modules."""
    path = Path(data_file)
    return (
        bool(engine) and path.stem == engine and any((path.parent / f"{role}.py").is_file() for role in ROLES)
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


def shipped_games() -> list[str]:
    """The names of the games the project ships, sorted."""
    shipped = shipped_data()
    return [path.stem for path in folders_in(shipped)] if shipped else []


def _package(name: str, path: list[str]) -> ModuleType:
    """A package module with no `__init__.py`, whose submodules are the files in `path`."""
    module = ModuleType(name, "A game folder's modules (printkit/datafile/games.py).")
    module.__path__ = path
    module.__package__ = name
    return module


def _register_shipped() -> None:
    shipped = shipped_data()
    for data_file in folders_in(shipped) if shipped else ():
        register_folder(data_file, data_file.stem)


_register_shipped()
