"""My Game's printed pieces: the pebbles and a player aid (printkit/pieces/contract.py has the contract).

Every size, colour, count and word comes from the data file: a pebble is a
round counter of `components.pebble` (as many as `rules.pile` of the rules in
force), the aid is printkit's generic player aid (printkit/draw/aids.py), its
sections filled from the rules in force. A piece is drawn at the origin and
knows nothing of pages; printkit packs them onto sheets.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.datafile.gamedata import GameData, Rules
from printkit.draw.aids import aid_fields, aid_pieces
from printkit.pieces.contract import Piece, fill_bleed


def pieces(data: GameData, rules: Rules) -> list[Piece]:
    """Every piece of the game under these rules, in a stable order."""
    return _pebbles(data, rules) + _aid(data, rules)


def _pebbles(data: GameData, rules: Rules) -> list[Piece]:
    comp = data.components["pebble"]
    size = (float(comp["size_mm"][0]), float(comp["size_mm"][1]))
    record = {"rgb": comp["rgb"]}
    count = rules["pile"]
    return [Piece("pebble", f"pebble #{k + 1}", size, _draw_pebble, record=record) for k in range(count)]


def _aid(data: GameData, rules: Rules) -> list[Piece]:
    values = {
        "pile": rules["pile"],
        "take_max": rules["take_max"],
        "last_bonus": rules["last_bonus"],
        "players": rules.players,
    }
    return aid_pieces(data, "aid", aid_fields(data, "aid", values))


def _draw_pebble(canvas: Canvas, piece: Piece) -> None:
    """A pebble: its colour over the face and the bleed, a white ring inside the cut."""
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(piece.record["rgb"]))
    canvas.saveState()
    canvas.setStrokeColor(white)
    canvas.setLineWidth(min(w, h) * 0.05)
    canvas.circle(w / 2, h / 2, min(w, h) * 0.36, stroke=1, fill=0)
    canvas.restoreState()
