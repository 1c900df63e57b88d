"""Tic-tac-toe's printed pieces: the board, the crosses and noughts, and a player aid.

Sizes, colours and counts come from the data file; each piece is drawn at the
origin and knows nothing of pages (printkit packs them onto sheets).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.datafile.gamedata import GameData, Rules
from printkit.draw.aids import aid_fields, aid_pieces
from printkit.pieces.contract import Piece, fill_bleed


def pieces(data: GameData, rules: Rules) -> list[Piece]:
    """Every piece of the game, in a stable order."""
    board = _one(data, "board", _draw_board)
    marks = _one(data, "cross", _draw_cross) + _one(data, "nought", _draw_nought)
    return board + marks + aid_pieces(data, "aid", aid_fields(data, "aid", {}))


def _one(data: GameData, name: str, draw: Callable[[Canvas, Piece], None]) -> list[Piece]:
    comp = data.components[name]
    size = (float(comp["size_mm"][0]), float(comp["size_mm"][1]))
    record = {"rgb": comp["rgb"]}
    return [Piece(name, f"{name} #{k + 1}", size, draw, record=record) for k in range(comp.get("count", 1))]


def _draw_board(canvas: Canvas, piece: Piece) -> None:
    """The board: its colour over the face and bleed, and the two lines each way of a 3 by 3 grid."""
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(piece.record["rgb"]))
    canvas.saveState()
    canvas.setLineWidth(1.5 * mm)
    for k in (1, 2):
        canvas.line(w * k / 3, h * 0.05, w * k / 3, h * 0.95)
        canvas.line(w * 0.05, h * k / 3, w * 0.95, h * k / 3)
    canvas.restoreState()


def _draw_cross(canvas: Canvas, piece: Piece) -> None:
    """A cross: white strokes corner to corner on the mark's colour."""
    with _mark(canvas, piece) as (w, h):
        canvas.line(w * 0.25, h * 0.25, w * 0.75, h * 0.75)
        canvas.line(w * 0.25, h * 0.75, w * 0.75, h * 0.25)


def _draw_nought(canvas: Canvas, piece: Piece) -> None:
    """A nought: a white ring on the mark's colour."""
    with _mark(canvas, piece) as (w, h):
        canvas.circle(w / 2, h / 2, min(w, h) * 0.28, stroke=1, fill=0)


@contextmanager
def _mark(canvas: Canvas, piece: Piece) -> Iterator[tuple[float, float]]:
    """A mark's colour over its face and bleed, and a thick white pen for its shape (width and height in
    points)."""
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(piece.record["rgb"]))
    canvas.saveState()
    canvas.setStrokeColor(white)
    canvas.setLineWidth(min(w, h) * 0.1)
    yield w, h
    canvas.restoreState()
