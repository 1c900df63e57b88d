"""Print-shop files: one page per piece face, at trim size plus bleed, with TrimBox and BleedBox.

A print shop imposes and cuts the pages itself, so each page holds one piece:
the page (MediaBox) and its BleedBox are the trim grown by the bleed on every
side, the TrimBox is the piece's trim size, and there are no marks. A piece
with a back is followed by its back page, so a shop reading the file as
front/back pairs prints them double-sided. The artwork is the same drawing as
in home mode; only the sheets differ.
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit.errors import DataError
from printkit.pieces.contract import Piece
from printkit.sheets.geometry import Block, Placement, Rect, Sheet

SHOP_BLEED_MM = 3.0  # what most shops ask for when the user names none


def shop_layout(pieces: Sequence[Piece], bleed: float) -> list[Sheet]:
    """One sheet per face of every piece, in the pieces' order, each back right after its front."""
    if not pieces:
        raise DataError("nothing to print: the game has no pieces")
    sheets: list[Sheet] = []
    for index, piece in enumerate(pieces):
        w, h = piece.size_mm
        size = (w + 2 * bleed, h + 2 * bleed)
        trim = Rect(bleed, bleed, w, h)
        placement = Placement(piece.with_bleed(bleed), index, trim)
        sides = ("front", "back") if piece.draw_back is not None else ("front",)
        for side in sides:
            sheets.append(
                Sheet(size, [Block([placement])], side=side, trim_box=trim, bleed_box=Rect(0, 0, *size))
            )
    return sheets
