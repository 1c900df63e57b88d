"""`printkit new NAME`: a starter game that builds at once: a data file, a CSV of cards and a layout file.

The files (`printkit/starter/`) are the smallest useful print-and-play deck: a poker-size card
drawn from each row of `cards.csv` (a count column, an icon in the text), a
shared back, the layouts in `layouts.toml`. They are written into a new folder
`NAME/` (refused if it exists, so nothing is overwritten); `printkit build
NAME/NAME.toml` prints them, and `--watch` rebuilds as they are edited.
"""

from __future__ import annotations

import re
from pathlib import Path

from printkit.atomic import write_output
from printkit.errors import DataError

NAME = re.compile(r"[a-z][a-z0-9_]{0,40}")

STARTER = Path(__file__).resolve().parent / "starter"  # the files, NAME and TITLE in them filled in
FILES = {"game.toml": "{name}.toml", "cards.csv": "cards.csv", "layouts.toml": "layouts.toml"}


def new_game(name: str, where: Path | str = ".") -> list[Path]:
    """Write the starter files of game `name` into `where/name/`; return their paths."""
    if not NAME.fullmatch(name):
        raise DataError(
            f"new: {name!r} is not a game name; use lower-case letters, digits and _ (e.g. my_cards)"
        )
    folder = Path(where) / name
    if folder.exists():
        raise DataError(f"new: {folder} exists already; choose another name or remove it")
    title = name.replace("_", " ").title()
    written = []
    for source, target in FILES.items():
        text = (STARTER / source).read_text(encoding="utf-8")
        path = folder / target.format(name=name)
        write_output(path, text.replace("NAME", name).replace("TITLE", title))
        written.append(path)
    return written
