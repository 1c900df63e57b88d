"""Rules engines: a game's data file names its engine by `[game] engine`, the `engine.py` of its game folder.

Game folders are found and registered by `printkit/datafile/games.py`, for printkit and simulate alike;
the interface every engine implements is `simulate/engines/base.py`.
"""

from __future__ import annotations

import importlib

from printkit.datafile.gamedata import GameData, Rules
from printkit.datafile.games import modules_in, register_folder
from printkit.errors import DataError
from simulate.engines.base import GameBase

ENGINES = modules_in("engine")  # game folders: printkit/datafile/games.py


def no_engine(where: str, title: str, engine: str) -> DataError:
    """The one line for a game that prints but has no rules engine to simulate it."""
    named = f" ({engine!r} is not one of {', '.join(sorted(ENGINES))})" if engine else ""
    return DataError(
        f"{where}: {title} has no rules engine{named}, so it prints but cannot be simulated; "
        "README.md's section 'Add a game' tells how to add one"
    )


def require_engine(data: GameData) -> None:
    """Refuse a game without a registered rules engine, in `no_engine`'s words."""
    if data.engine not in ENGINES:
        raise no_engine(str(data.path), data.title, data.engine)


def game_class(engine: str, where: str = "") -> type[GameBase]:
    """The `Game` class of a registered engine (`where`: the data file, for the error line)."""
    if engine not in ENGINES:
        known = ", ".join(sorted(ENGINES))
        prefix = f"{where}: " if where else ""
        raise DataError(f"{prefix}game.engine: no engine {engine!r}; expected one of {known}")
    return importlib.import_module(ENGINES[engine]).Game


def make_game(rules: Rules, debug: bool = False) -> GameBase:
    """Build the engine named by the rules' data file for these rules.

    The loader's rule set refuses what an engine cannot play; an engine that
    still refuses its rules gets the data file put in front of its message.
    """
    engine = rules.meta.get("engine", "")
    register_folder(rules.data_file, engine)  # a worker process that has not loaded the file
    if engine not in ENGINES:
        raise no_engine(rules.data_file, rules.meta.get("title", rules.game), engine)
    game = game_class(engine, rules.data_file)
    try:
        return game(rules, debug=debug)
    except DataError as exc:
        if rules.data_file and not str(exc).partition(": ")[0].endswith(".toml"):
            raise DataError(f"{rules.data_file}: {exc}") from None
        raise
