"""Drawing modules: a game's data file names its module by `[game] engine`; layouts draw the rest.

A game folder (`printkit/datafile/games.py`) may hold a `draw.py` that exposes
`pieces(data: GameData, rules: Rules) -> list[Piece]` under the contract in
`printkit/pieces/contract.py`. Modules are imported only when a game needs them, so one
broken or slow drawing module never affects the others.

A game with no drawing module is drawn from its components' layouts, each
from its own rows (`printkit/layouts/components.py`), so a game needs no
Python to print. A drawing module may draw components by layouts too, giving
the rows it computes from the rules in force.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from printkit.datafile.gamedata import GameData, Rules
from printkit.datafile.games import modules_in
from printkit.errors import DataError
from printkit.pieces.contract import Piece

DRAWERS = modules_in("draw")  # game folders: printkit/datafile/games.py
# Pieces of one build: the data file's bounds keep every game well under it (8 players with 1,000
# counters each, the most a shipped game allows, are 8,000); past it the sheets would run to hundreds.
MAX_PIECES = 10_000


def has_drawing(data: GameData) -> bool:
    """Whether the game prints: a drawing module is for its engine, or a layout for every component."""
    if data.engine in DRAWERS:
        return True
    return bool(data.components) and all("layout" in comp for comp in data.components.values())


def drawing_module(data: GameData) -> ModuleType:
    """The drawing module named by the game's `[game] engine`."""
    if not has_drawing(data):
        known = ", ".join(sorted(DRAWERS))
        raise DataError(
            f"{data.where()}: game.engine: no drawing module for {data.engine!r}; expected one of {known}"
        )
    return importlib.import_module(DRAWERS[data.engine])


def pieces_for(data: GameData, rules: Rules, *, check: bool = True) -> list[Piece]:
    """Every physical piece of the game under these rules, in a stable order (its module's or layouts').

    With `check` (the default; what a build needs), every piece's check runs first, so a bad value in
    a row is one line before anything is drawn; `printkit list`, which only counts the pieces, skips
    them (they resolve every face, most of its time)."""
    if data.engine in DRAWERS or (data.engine and not has_drawing(data)):
        items = drawing_module(data).pieces(data, rules)  # (or: no drawing module for its engine)
    else:
        items = _layout_pieces(data)
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
    if check:
        for run in dict.fromkeys(piece.check for piece in items if piece.check is not None):
            run()  # once a row: a row's copies share their check
    return items


def _layout_pieces(data: GameData) -> list[Piece]:
    """A game with no drawing module: every component drawn by its layout."""
    from printkit.layouts.components import file_pieces  # only such builds pay for it

    items: list[Piece] = []
    for name, comp in data.components.items():
        if "layout" not in comp:
            raise DataError(
                f'{data.where()}: components.{name}: no layout; give it layout = "NAME" and a '
                "[layouts.NAME] table (docs/guides/layouts.md), or remove it"
            )
        items += file_pieces(data, name)
    return items
