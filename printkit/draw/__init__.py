"""Drawing modules: a game's data file names its module by `[game] engine`.

Each game registered in `printkit/games.py` with a module `printkit.draw.<engine>` that
exposes `pieces(data: GameData, rules: Rules) -> list[Piece]` under the
contract in `printkit/pieces.py`. Modules are imported only when a game needs
them, so one broken or slow drawing module never affects the others. To add a
game, write its module; its one registry line is in `printkit/games.py`.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from printkit.errors import DataError
from printkit.gamedata import GameData, Rules
from printkit.games import modules_in
from printkit.pieces import Piece

DRAWERS = modules_in("printkit.draw")  # registered in printkit/games.py
# Pieces of one build: the data file's bounds keep every game well under it (Tiddly-Wink's 8 players
# with 1,000 counters each are 8,000); past it the sheets would run to hundreds.
MAX_PIECES = 10_000


def has_drawing(data: GameData) -> bool:
    """Whether a drawing module is registered for this game's engine."""
    return data.engine in DRAWERS


def drawing_module(data: GameData) -> ModuleType:
    """The drawing module named by the game's `[game] engine`."""
    if not has_drawing(data):
        known = ", ".join(sorted(DRAWERS))
        raise DataError(
            f"{data.where()}: game.engine: no drawing module for {data.engine!r}; expected one of {known}"
        )
    return importlib.import_module(DRAWERS[data.engine])


def pieces_for(data: GameData, rules: Rules) -> list[Piece]:
    """Every physical piece of the game under these rules, in the module's stable order."""
    items = drawing_module(data).pieces(data, rules)
    if len(items) > MAX_PIECES:
        raise DataError(
            f"{data.where()}: {len(items):,} pieces under variant {rules.label!r}; at most {MAX_PIECES:,} "
            "in one build"
        )
    for piece in items:
        w, h = piece.size_mm
        if not (w > 0 and h > 0):
            raise DataError(
                f"{data.where()}: components.{piece.component}: {piece.label} has size "
                f"{w} x {h} mm; expected both > 0"
            )
    return items
