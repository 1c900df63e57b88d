"""Time Splicers' printed components: 64 cards with one shared back, the portal card, tokens, turn references.

Everything comes from `data/time_splicers.toml`: the number cards
(`components.number_card`: size, `max_number`, the colours with their letter,
colour-blind mark and RGB, the Singularity's word, the shared back's `back_rgb` and `back_ink_rgb`), the
special cards (`components.special_card`: `rules.specials_per_kind` of each
kind, with their effect text), the permanent Time Portal card, a meeple disc
and `rules.freeze_markers` freeze markers per seat, the time jump token supply
(`count`), `(rules.crystal_goal + 1)` crystals per seat (always enough: no one
holds more than the goal plus one), and one turn reference per seat: the generic aid card (`printkit/aids.py`)
with its words (`text.title`, `text.sections`) filled from the rules in force. Text
comes in the build's language and is set in `printkit.fonts.family(data.lang)`.

A number card shows its number large in its colour, the colour's letter and
mark in two corners (so colours read without colour vision), and the 13 is
marked with rings and the word for Singularity. Tokens carry a drawn symbol,
no words.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.aids import aid_record, draw_aid
from printkit.colours import readable_on
from printkit.draw.records import table_with
from printkit.errors import DataError
from printkit.fonts import family, wrap
from printkit.gamedata import GameData, Rules
from printkit.pieces import Piece, fill_bleed

INK = HexColor("#1a1a1a")
PAPER = HexColor("#fbfaf6")
RGB = re.compile(r"#[0-9a-fA-F]{6}")
MARKS = ("circle", "square", "triangle", "diamond")
SPECIAL_KINDS = ("portal", "jump", "freeze")


# ------------------------------------------------------------------ records
def _component(data: GameData, name: str) -> Mapping[str, Any]:
    comp = data.components.get(name)
    if comp is None or "size_mm" not in comp:
        raise DataError(f"{data.where()}: components.{name}: missing, or without size_mm")
    return comp


def _size(comp: Mapping[str, Any]) -> tuple[float, float]:
    return (float(comp["size_mm"][0]), float(comp["size_mm"][1]))


def _rgb(data: GameData, key: str, value: Any) -> str:
    if not isinstance(value, str) or not RGB.fullmatch(value):
        raise DataError(f'{data.where()}: {key}: expected "#rrggbb", got {value!r}')
    return value


def _back(data: GameData) -> dict[str, Any]:
    """The record of the back every card shares."""
    cards = _component(data, "number_card")
    fam = family(data.lang)
    return {
        "rgb": _rgb(data, "components.number_card.back_rgb", cards.get("back_rgb")),
        "ink_rgb": _rgb(data, "components.number_card.back_ink_rgb", cards.get("back_ink_rgb")),
        "title": data.title,
        "fonts": [fam.regular, fam.bold],
    }


def _colours(data: GameData) -> list[dict[str, str]]:
    key = "components.number_card.colours"
    colours = _component(data, "number_card").get("colours")
    if not isinstance(colours, list) or not colours:
        raise DataError(f"{data.where()}: {key}: expected a list of colours, got {colours!r}")
    out = []
    for i, colour in enumerate(colours):
        entry = table_with(data, f"{key}[{i}]", colour, ("name", "letter", "mark", "rgb"))
        if entry["mark"] not in MARKS:
            raise DataError(
                f"{data.where()}: {key}[{i}].mark: expected one of {', '.join(MARKS)}, got {entry['mark']!r}"
            )
        _rgb(data, f"{key}[{i}].rgb", entry["rgb"])
        out.append(entry)
    return out


def _number_cards(data: GameData, back: dict[str, Any]) -> list[Piece]:
    comp = _component(data, "number_card")
    top = comp.get("max_number")
    colours = _colours(data)
    words = table_with(data, "components.number_card.text", comp.get("text"), ("singularity",))
    fam = family(data.lang)
    pieces = []
    for colour in colours:
        for n in range(1, top + 1):
            record = {
                "number": n,
                "letter": colour["letter"],
                "mark": colour["mark"],
                "rgb": colour["rgb"],
                "singularity": words["singularity"] if n == top else "",
                "fonts": [fam.regular, fam.bold],
                "back": back,
            }
            label = f"{colour['letter']}{n}"
            pieces.append(Piece("number_card", label, _size(comp), _draw_number, _draw_back, record))
    return pieces


def _special_cards(data: GameData, rules: Rules, back: dict[str, Any]) -> list[Piece]:
    comp = _component(data, "special_card")
    keys = ["free", *SPECIAL_KINDS, *(f"{k}_effect" for k in SPECIAL_KINDS)]
    words = table_with(data, "components.special_card.text", comp.get("text"), keys)
    rgb = _rgb(data, "components.special_card.rgb", comp.get("rgb"))
    fam = family(data.lang)
    pieces = []
    for kind in SPECIAL_KINDS:
        record = {
            "kind": kind,
            "title": words[kind],
            "free": words["free"],
            "effect": words[f"{kind}_effect"],
            "rgb": rgb,
            "fonts": [fam.regular, fam.bold],
            "back": back,
        }
        for k in range(rules["specials_per_kind"]):
            pieces.append(
                Piece("special_card", f"{kind} #{k + 1}", _size(comp), _draw_special, _draw_back, record)
            )
    return pieces


def _portal_card(data: GameData) -> Piece:
    comp = _component(data, "portal_card")
    words = table_with(
        data, "components.portal_card.text", comp.get("text"), ("title", "permanent", "effect")
    )
    fam = family(data.lang)
    record = {
        **{k: words[k] for k in ("title", "permanent", "effect")},
        "rgb": _rgb(data, "components.portal_card.rgb", comp.get("rgb")),
        "fonts": [fam.regular, fam.bold],
    }
    return Piece("portal_card", "Time Portal card", _size(comp), _draw_portal, record=record)


def _tokens(data: GameData, rules: Rules) -> list[Piece]:
    """Meeple discs and freeze markers in seat colours, the jump token supply, the crystals."""
    meeple = _component(data, "meeple")
    seats = meeple.get("seat_colours")
    if not isinstance(seats, list) or len(seats) < max(data.player_counts):
        raise DataError(
            f"{data.where()}: components.meeple.seat_colours: expected a colour for each of "
            f"{max(data.player_counts)} seats, got {seats!r}"
        )
    seat_rgb = [_rgb(data, f"components.meeple.seat_colours[{i}]", c) for i, c in enumerate(seats)]
    pieces = [
        Piece("meeple", f"meeple seat {s + 1}", _size(meeple), _draw_meeple, record={"rgb": seat_rgb[s]})
        for s in range(rules.players)
    ]
    freeze = _component(data, "freeze_marker")
    pieces += [
        Piece(
            "freeze_marker",
            f"freeze marker seat {s + 1} #{k + 1}",
            _size(freeze),
            _draw_freeze,
            record={"rgb": seat_rgb[s]},
        )
        for s in range(rules.players)
        for k in range(rules["freeze_markers"])
    ]
    jump = _component(data, "jump_token")
    rgb = _rgb(data, "components.jump_token.rgb", jump.get("rgb"))
    pieces += [
        Piece("jump_token", f"time jump token #{k + 1}", _size(jump), _draw_jump, record={"rgb": rgb})
        for k in range(jump.get("count", 0))
    ]
    crystal = _component(data, "crystal")
    rgb = _rgb(data, "components.crystal.rgb", crystal.get("rgb"))
    total = (rules["crystal_goal"] + 1) * rules.players
    pieces += [
        Piece("crystal", f"time crystal #{k + 1}", _size(crystal), _draw_crystal, record={"rgb": rgb})
        for k in range(total)
    ]
    return pieces


def reference_record(data: GameData, rules: Rules) -> dict[str, Any]:
    """The turn reference's record for the generic aid card, its words filled from the rules in force."""
    key = "components.reference.text.choices"
    names = ("portal", "new_timeline", "portal_collapse", "no_timeline")
    choices = table_with(data, key, _component(data, "reference").get("text", {}).get("choices"), names)
    portal = table_with(data, f"{key}.portal", choices["portal"], ("next_turn", "same_turn"))
    new_line = table_with(data, f"{key}.new_timeline", choices["new_timeline"], ("true", "false"))
    collapse = table_with(data, f"{key}.portal_collapse", choices["portal_collapse"], ("true", "false"))
    no_line = table_with(data, f"{key}.no_timeline", choices["no_timeline"], ("joins", "stays"))
    two_turns = rules["portal"] == "next_turn"
    values = {
        "game": data.title,
        "goal": rules["crystal_goal"],
        "hand": rules["hand_size"],
        "limit": rules["hand_limit"],
        "portal": portal[rules["portal"]],
        "new_timeline": new_line["true" if rules["one_timeline_per_colour"] else "false"],
        # a portal that brings the meeple out at once is a move like any other
        "portal_collapse": collapse["true" if rules["portal_collapse"] else "false"] if two_turns else "",
        "no_timeline": no_line[rules["portal_meeple"]],
    }
    return aid_record(data, "reference", values)


def pieces(data: GameData, rules: Rules) -> list[Piece]:
    """Number cards, special cards, the portal card, tokens and one turn reference per seat."""
    back = _back(data)
    ref = _component(data, "reference")
    record = reference_record(data, rules)
    references = [
        Piece("reference", f"turn reference #{s + 1}", _size(ref), draw_aid, record=record)
        for s in range(rules.players)
    ]
    return [
        *_number_cards(data, back),
        *_special_cards(data, rules, back),
        _portal_card(data),
        *_tokens(data, rules),
        *references,
    ]


# ------------------------------------------------------------------ drawing helpers
def _mark(canvas: Canvas, shape: str, cx: float, cy: float, r: float) -> None:
    """A filled colour-blind mark of radius `r` centred on (cx, cy) in the current fill colour."""
    if shape == "circle":
        canvas.circle(cx, cy, r, stroke=0, fill=1)
        return
    if shape == "square":
        side = r * 1.7
        canvas.rect(cx - side / 2, cy - side / 2, side, side, stroke=0, fill=1)
        return
    if shape == "triangle":
        points = [(cx, cy + r), (cx - r * 0.95, cy - r * 0.7), (cx + r * 0.95, cy - r * 0.7)]
    else:
        points = [(cx, cy + r * 1.15), (cx + r * 0.85, cy), (cx, cy - r * 1.15), (cx - r * 0.85, cy)]
    _polygon(canvas, points)


def _polygon(canvas: Canvas, points: list[tuple[float, float]], stroke: int = 0) -> None:
    """A closed polygon filled in the current fill colour (and outlined when `stroke`)."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=stroke, fill=1)


def _frame(canvas: Canvas, piece: Piece, colour: Color, inset_mm: float = 3.0) -> tuple[float, float]:
    """The card's coloured edge over the bleed and a paper panel inside it; returns (w, h) in points."""
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, colour)
    canvas.setFillColor(PAPER)
    inset = inset_mm * mm
    canvas.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, 2.5 * mm, stroke=0, fill=1)
    return w, h


def _text_block(
    canvas: Canvas, text: str, font: str, size: float, x: float, top: float, width: float, centred: bool
) -> float:
    """Wrapped lines from `top` down; returns the y below the last line."""
    y = top
    for line in wrap(text, font, size, width):
        y -= size * 1.25
        if centred:
            canvas.drawCentredString(x + width / 2, y, line)
        else:
            canvas.drawString(x, y, line)
    return y


def _fit(text: str, font: str, size: float, width: float, height: float, floor: float = 6.0) -> float:
    """The largest size up to `size` at which `text` wraps into `width` x `height` points."""
    while size > floor and len(wrap(text, font, size, width)) * size * 1.25 > height:
        size -= 0.25
    return size


# ------------------------------------------------------------------ cards
def _draw_number(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    font, bold = rec["fonts"]
    colour = HexColor(rec["rgb"])
    canvas.saveState()
    w, h = _frame(canvas, piece, colour)
    number = str(rec["number"])
    ink = readable_on(rec["rgb"], PAPER.hexval().replace("0x", "#"))  # yellow numbers dark enough to read
    for flip in (False, True):  # corner indices, the second turned for a reader across the table
        canvas.saveState()
        if flip:
            canvas.translate(w, h)
            canvas.rotate(180)
        canvas.setFillColor(ink)
        canvas.setFont(bold, 15)
        canvas.drawCentredString(9 * mm, h - 11 * mm, number)
        _mark(canvas, rec["mark"], 9 * mm, h - 16 * mm, 2.2 * mm)
        canvas.setFillColor(INK)
        canvas.setFont(bold, 8)
        canvas.drawCentredString(9 * mm, h - 22 * mm, rec["letter"])
        canvas.restoreState()
    if rec["singularity"]:
        canvas.setStrokeColor(colour)
        for k in range(3):
            canvas.setLineWidth(0.6 + 0.4 * k)
            canvas.circle(w / 2, h / 2, (12 + 4 * k) * mm, stroke=1, fill=0)
        canvas.setFillColor(INK)
        canvas.setFont(bold, 9)
        canvas.drawCentredString(w / 2, h / 2 - 25 * mm, rec["singularity"])
    canvas.setFillColor(ink)
    size = 64 if len(number) == 1 else 56
    canvas.setFont(bold, size)
    canvas.drawCentredString(w / 2, h / 2 - size * 0.36, number)
    canvas.restoreState()


def _special_icon(canvas: Canvas, kind: str, cx: float, cy: float, r: float, colour: Color) -> None:
    canvas.setStrokeColor(colour)
    canvas.setFillColor(colour)
    canvas.setLineCap(1)
    if kind == "portal":
        for k in range(4):
            canvas.setLineWidth(1.2)
            canvas.ellipse(
                cx - r * (1 - 0.2 * k),
                cy - r * 0.6 * (1 - 0.2 * k),
                cx + r * (1 - 0.2 * k),
                cy + r * 0.6 * (1 - 0.2 * k),
                stroke=1,
                fill=0,
            )
    elif kind == "jump":
        canvas.setLineWidth(r * 0.16)
        path = canvas.beginPath()
        path.moveTo(cx - r, cy - r * 0.4)
        path.curveTo(cx - r * 0.5, cy + r * 0.9, cx + r * 0.5, cy + r * 0.9, cx + r * 0.8, cy - r * 0.2)
        canvas.drawPath(path, stroke=1, fill=0)
        _arrow_head(canvas, cx + r * 0.8, cy - r * 0.2, r * 0.35)
    else:
        _snowflake(canvas, cx, cy, r)


def _arrow_head(canvas: Canvas, x: float, y: float, r: float) -> None:
    _polygon(canvas, [(x + r * 0.3, y - r), (x - r * 0.9, y + r * 0.1), (x + r * 0.7, y + r * 0.6)])


def _snowflake(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    canvas.setLineWidth(r * 0.12)
    for k in range(6):
        a = math.pi / 3 * k + math.pi / 2
        ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
        canvas.line(cx, cy, ex, ey)
        for side in (-1, 1):
            b = a + side * math.pi / 4
            mx, my = cx + r * 0.6 * math.cos(a), cy + r * 0.6 * math.sin(a)
            canvas.line(mx, my, mx + r * 0.3 * math.cos(b), my + r * 0.3 * math.sin(b))


def _draw_special(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    font, bold = rec["fonts"]
    colour = HexColor(rec["rgb"])
    canvas.saveState()
    w, h = _frame(canvas, piece, colour)
    canvas.setFillColor(colour)
    canvas.rect(3 * mm, h - 17 * mm, w - 6 * mm, 14 * mm, stroke=0, fill=1)
    canvas.setFillColor(white)
    title = 13.0
    while stringWidth(rec["title"], bold, title) > w - 10 * mm:
        title -= 0.5
    canvas.setFont(bold, title)
    canvas.drawCentredString(w / 2, h - 13.5 * mm, rec["title"])
    canvas.setFillColor(colour)
    canvas.setFont(font, 8)
    canvas.drawCentredString(w / 2, h - 22 * mm, rec["free"])
    _special_icon(canvas, rec["kind"], w / 2, h - 37 * mm, 10 * mm, colour)
    width, room = w - 12 * mm, 30 * mm
    size = _fit(rec["effect"], font, 9.0, width, room, floor=7.0)
    canvas.setFillColor(INK)
    canvas.setFont(font, size)
    _text_block(canvas, rec["effect"], font, size, 6 * mm, h - 51 * mm, width, centred=False)
    canvas.restoreState()


def _draw_back(canvas: Canvas, piece: Piece) -> None:
    back = piece.record["back"]
    font, bold = back["fonts"]
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(back["rgb"]))
    canvas.saveState()
    ink = HexColor(back["ink_rgb"])
    canvas.setStrokeColor(ink)
    for k in range(7):
        canvas.setLineWidth(0.5 + 0.15 * k)
        r = (3 + 3.6 * k) * mm
        canvas.circle(w / 2, h / 2, r, stroke=1, fill=0)
    canvas.setLineWidth(0.8)
    canvas.roundRect(4 * mm, 4 * mm, w - 8 * mm, h - 8 * mm, 3 * mm, stroke=1, fill=0)
    canvas.setFillColor(ink)
    size = 12.0
    while stringWidth(back["title"], bold, size) > w - 12 * mm:
        size -= 0.5
    canvas.setFont(bold, size)
    canvas.drawCentredString(w / 2, 9 * mm, back["title"])
    canvas.restoreState()


def _draw_portal(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    font, bold = rec["fonts"]
    colour = HexColor(rec["rgb"])
    canvas.saveState()
    w, h = _frame(canvas, piece, colour)
    _special_icon(canvas, "portal", 20 * mm, h / 2, 13 * mm, colour)
    x, width = 38 * mm, w - 43 * mm
    canvas.setFillColor(colour)
    canvas.setFont(bold, 14)
    canvas.drawString(x, h - 14 * mm, rec["title"])
    canvas.setFont(bold, 8)
    canvas.drawString(x, h - 19.5 * mm, rec["permanent"])
    size = _fit(rec["effect"], font, 9.0, width, h - 30 * mm, floor=7.0)
    canvas.setFillColor(INK)
    canvas.setFont(font, size)
    _text_block(canvas, rec["effect"], font, size, x, h - 22 * mm, width, centred=False)
    canvas.restoreState()


# ------------------------------------------------------------------ tokens
def _disc(canvas: Canvas, piece: Piece, rgb: str) -> tuple[float, float, float]:
    """A token's colour over the bleed; returns its centre and radius in points."""
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(rgb))
    return w / 2, h / 2, min(w, h) / 2


def _draw_meeple(canvas: Canvas, piece: Piece) -> None:
    canvas.saveState()
    cx, cy, r = _disc(canvas, piece, piece.record["rgb"])
    canvas.setFillColor(white)
    canvas.circle(cx, cy + r * 0.38, r * 0.22, stroke=0, fill=1)
    body = [(-0.5, -0.55), (-0.22, 0.12), (0.22, 0.12), (0.5, -0.55)]
    _polygon(canvas, [(cx + r * x, cy + r * y) for x, y in body])
    canvas.restoreState()


def _draw_freeze(canvas: Canvas, piece: Piece) -> None:
    canvas.saveState()
    cx, cy, r = _disc(canvas, piece, piece.record["rgb"])
    canvas.setStrokeColor(white)
    _snowflake(canvas, cx, cy, r * 0.62)
    canvas.restoreState()


def _draw_jump(canvas: Canvas, piece: Piece) -> None:
    canvas.saveState()
    cx, cy, r = _disc(canvas, piece, piece.record["rgb"])
    _special_icon(canvas, "jump", cx, cy - r * 0.1, r * 0.6, white)
    canvas.restoreState()


def _draw_crystal(canvas: Canvas, piece: Piece) -> None:
    canvas.saveState()
    cx, cy, r = _disc(canvas, piece, piece.record["rgb"])
    canvas.setFillColor(HexColor("#1f4e79"))
    canvas.setStrokeColor(white)
    canvas.setLineWidth(0.6)
    top, mid, low = cy + r * 0.6, cy + r * 0.2, cy - r * 0.65
    _polygon(
        canvas,
        [(cx - r * 0.3, top), (cx + r * 0.3, top), (cx + r * 0.55, mid), (cx, low), (cx - r * 0.55, mid)],
        stroke=1,
    )
    canvas.line(cx - r * 0.55, mid, cx + r * 0.55, mid)
    canvas.line(cx, low, cx - r * 0.15, mid)
    canvas.line(cx, low, cx + r * 0.15, mid)
    canvas.restoreState()
