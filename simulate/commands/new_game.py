"""`simulate new-game NAME`: a game folder with a small complete game that prints, plays and tests at once.

The files (`simulate/starter_game/`) are a take-away game for 2 to 4 players:
its data file, rule set, rules engine, drawing and tests, with `my_game` and
`My Game` in them replaced by the new name and title; with `--core`, a
compiled core of the same rules and the test that holds it to the engine
(docs/guides/compiled-core.md). They are written into
`DIR/NAME/`, a game folder (printkit/datafile/games.py), found by name from `DIR` or
when `DIR` is on `PRINTKIT_DATA`. The folder appears whole or not at all: the
files are written into a scratch folder beside it, which is then renamed.
"""

from __future__ import annotations

import keyword
import re
import shutil
import tempfile
from pathlib import Path

from printkit.atomic import write_output
from printkit.datafile.games import shipped_games
from printkit.errors import DataError

NAME = re.compile(r"[a-z][a-z0-9_]{0,40}")
STARTER = Path(__file__).resolve().parents[1] / "starter_game"
FILES = {  # starter file: the file it becomes in the game folder
    "game.toml": "{name}.toml",
    "rules.py": "rules.py",
    "engine.py": "engine.py",
    "draw.py": "draw.py",
    "tests/test_game.py": "tests/test_{name}.py",
}
CORE_FILES = {  # with --core: the compiled core and its test
    "core.py": "core.py",
    "tests/test_core.py": "tests/test_{name}_core.py",
}
# the engine's line naming its core: none, or with --core the core.py beside it
NO_CORE = "    core = None  # the compiled core's module: `simulate new-game NAME --core` writes one\n"
WITH_CORE = '    core = f"{__package__}.core"  # the compiled core (core.py), held to this engine by a test\n'


def check_name(name: str) -> None:
    """Refuse a name that is no Python identifier in lower case, or that a shipped game has."""
    if not NAME.fullmatch(name) or keyword.iskeyword(name):
        raise DataError(
            f"new-game: {name!r} is not a game name; use a lower-case letter, then letters, digits "
            "and _ (at most 41), e.g. my_game"
        )
    if name in shipped_games():
        raise DataError(f"new-game: {name!r} is a game the project ships; choose another name")


def new_game(name: str, where: Path | str = ".", core: bool = False) -> list[Path]:
    """Write game `name`'s folder into `where` (with `core`, a compiled core and its test too); return the
    paths of its files."""
    check_name(name)
    where = Path(where)
    folder = where / name
    if folder.exists():
        raise DataError(f"new-game: {folder} exists already; choose another name or --dir")
    if not where.is_dir():
        raise DataError(f"new-game: --dir {where}: no such folder")
    title = name.replace("_", " ").title()
    files = {**FILES, **(CORE_FILES if core else {})}
    scratch = Path(tempfile.mkdtemp(prefix=f".{name}-", dir=where))
    try:
        for source, target in files.items():
            text = (STARTER / source).read_text(encoding="utf-8")
            text = text.replace("my_game", name).replace("My Game", title)
            if core and source == "engine.py":
                text = text.replace(NO_CORE, WITH_CORE)
            path = scratch / target.format(name=name)
            path.parent.mkdir(exist_ok=True)
            write_output(path, text)
        scratch.rename(folder)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return [folder / target.format(name=name) for target in files.values()]
