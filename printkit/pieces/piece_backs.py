"""Generic backs for pieces that are shuffled face down, dealt or drawn from a bag.

A component whose data table says `back = { rgb = "#rrggbb", text = "..." }`
gets the same back on every piece: the colour over the whole face and its
bleed, a thin frame inside the trim, and the text (the game's title when it
names none) centred, in black or white by contrast (`printkit.output.colours`),
turned along the long side of a tall piece. Backs keep a face-down piece
secret (dominoes, tiles in a bag, cards) and print at no extra paper in duplex,
where the back sheet exists anyway. The text comes through the build's
language like every printed word (`[lang.ja.components.<name>] back = { text }`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.datafile.gamedata import GameData
from printkit.errors import DataError
from printkit.output.colours import ink_on
from printkit.output.fonts import family
from printkit.pieces.contract import Piece, fill_bleed

RGB = re.compile(r"#[0-9a-fA-F]{6}")
FRAME = 0.08  # inset of the frame, as a share of the shorter side


def back_record(data: GameData, component: str) -> dict[str, Any] | None:
    """The component's generic back from its data table, or None when it declares none."""
    raw = data.components.get(component, {}).get("back")
    if raw is None:
        return None
    key = f"components.{component}.back"
    if not isinstance(raw, dict) or not RGB.fullmatch(str(raw.get("rgb", ""))):
        raise DataError(f'{data.where()}: {key}: expected {{ rgb = "#rrggbb", text = "..." }}, got {raw!r}')
    text = raw.get("text", data.title)
    if not isinstance(text, str):
        raise DataError(f"{data.where()}: {key}.text: expected a string, got {text!r}")
    return {"rgb": raw["rgb"], "text": text, "font": family(data.lang).bold}


def with_generic_back(data: GameData, component: str, pieces: Sequence[Piece]) -> list[Piece]:
    """The pieces, with the component's generic back when its data table declares one."""
    back = back_record(data, component)
    if back is None:
        return list(pieces)
    return [replace(p, draw_back=draw_generic_back, record={**p.record, "back": back}) for p in pieces]


def draw_generic_back(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record["back"]
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(rec["rgb"]))
    ink = ink_on(rec["rgb"])
    canvas.saveState()
    inset = min(w, h) * FRAME
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(min(w, h) * 0.012)
    canvas.rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=1, fill=0)
    if h > w * 1.2:  # along the long side of a tall piece
        canvas.translate(w, 0)
        canvas.rotate(90)
        w, h = h, w
    text = rec["text"]
    size = min(h * 0.22, 0.8 * (w - 2 * inset) / max(stringWidth(text, rec["font"], 1.0), 1e-9))
    canvas.setFillColor(ink)
    canvas.setFont(rec["font"], size)
    canvas.drawCentredString(w / 2, h / 2 - size * 0.35, text)
    canvas.restoreState()
