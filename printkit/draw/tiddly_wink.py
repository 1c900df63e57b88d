"""Tiddly-Wink's printed components: the dominoes, the counters and a one-page rules reference.

Everything comes from `data/tiddly_wink.toml`: the set (`components.domino`:
`max_pips`, `count`, `size_mm` and colours), the counters (`components.counter`:
size and colour; as many as `rules.counters` for every seat of the rules in
force) and the reference sheet's size. The reference prints the resolved
rules: a short text written from the option values, then every option with its
value, its source and its documentation, so that a printed copy says which
rules it was balanced for.

A domino is drawn upright (two square halves one above the other, the lower
number at the bottom) when it is taller than wide, else side by side; pips sit
on a 3 x 3 grid as on real dominoes, and a line divides the halves.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import DataError
from printkit.gamedata import GameData, Rules
from printkit.pieces import Piece, fill_bleed

FONT = "Helvetica"
BOLD = "Helvetica-Bold"
INK = HexColor("#222222")
FAINT = HexColor("#777777")
CHANGED = HexColor("#b3261e")
RGB = re.compile(r"#[0-9a-fA-F]{6}")

# Pip positions on a 3 x 3 grid (column, row from the top), as dominoes show them.
GRID = {
    "tl": (0, 0),
    "tc": (1, 0),
    "tr": (2, 0),
    "ml": (0, 1),
    "mc": (1, 1),
    "mr": (2, 1),
    "bl": (0, 2),
    "bc": (1, 2),
    "br": (2, 2),
}
PIPS = {
    0: (),
    1: ("mc",),
    2: ("tr", "bl"),
    3: ("tr", "mc", "bl"),
    4: ("tl", "tr", "bl", "br"),
    5: ("tl", "tr", "mc", "bl", "br"),
    6: ("tl", "tr", "ml", "mr", "bl", "br"),
    7: ("tl", "tr", "ml", "mc", "mr", "bl", "br"),
    8: ("tl", "tc", "tr", "ml", "mr", "bl", "bc", "br"),
    9: tuple(GRID),
}


# ------------------------------------------------------------------ records
def _component(data: GameData, name: str) -> Mapping[str, Any]:
    comp = data.components.get(name)
    if comp is None or "size_mm" not in comp:
        raise DataError(f"{data.where()}: components.{name}: missing, or without size_mm")
    return comp


def _rgb(data: GameData, key: str, comp: Mapping[str, Any], field: str) -> str:
    value = comp.get(field)
    if not isinstance(value, str) or not RGB.fullmatch(value):
        raise DataError(f'{data.where()}: components.{key}.{field}: expected "#rrggbb", got {value!r}')
    return value


def _dominoes(data: GameData) -> list[Piece]:
    comp = _component(data, "domino")
    top = comp.get("max_pips")
    if isinstance(top, bool) or not isinstance(top, int) or not 0 <= top <= max(PIPS):
        raise DataError(
            f"{data.where()}: components.domino.max_pips: expected an integer 0..{max(PIPS)}, got {top!r}"
        )
    tiles = [(a, b) for b in range(top + 1) for a in range(b + 1)]
    count = comp.get("count", len(tiles))
    if count != len(tiles):
        raise DataError(
            f"{data.where()}: components.domino.count: a double-{top} set has {len(tiles)} dominoes, "
            f"got {count}"
        )
    colours = {f: _rgb(data, "domino", comp, f) for f in ("face_rgb", "pip_rgb", "line_rgb")}
    size = (float(comp["size_mm"][0]), float(comp["size_mm"][1]))
    return [
        Piece("domino", f"domino [{a}|{b}]", size, _draw_domino, record={"low": a, "high": b, **colours})
        for a, b in tiles
    ]


def _counters(data: GameData, rules: Rules) -> list[Piece]:
    comp = _component(data, "counter")
    record = {"rgb": _rgb(data, "counter", comp, "rgb"), "value": 1}
    size = (float(comp["size_mm"][0]), float(comp["size_mm"][1]))
    total = rules["counters"] * rules.players
    return [Piece("counter", f"counter #{k + 1}", size, _draw_counter, record=record) for k in range(total)]


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def summary(rules: Rules) -> list[str]:
    """The rules in force, in a few sentences written from the option values."""
    v = rules.values
    stake = v["stake"]
    lines = []
    if v["match_end"] != "one_round" or stake:
        lines.append(f"Counters: everyone starts with {v['counters']}.")
    boneyard = "draw from it when you cannot play." if v["draw"] else "it stays face down and unused."
    lines.append(
        f"Deal: shuffle the dominoes face down; each player draws {v['hand']}, kept hidden. "
        f"The rest is the boneyard: {boneyard}"
    )
    if stake:
        lines.append(
            f"Stake: at the start of each round everyone puts {stake} counter{'s' if stake > 1 else ''} "
            "in the pot. A player who cannot pay is out."
        )
    lead = "The holder of the highest double plays it face up"
    if v["opening_double_bonus"] and v["double_bonus"] != "none":
        lead += " and earns the double's extra tile"
    if v["no_double"] == "redeal":
        lead += ". If nobody holds a double, shuffle and deal again."
    else:
        lead += ". If nobody holds a double, the tile with the most pips leads (equal pips: the higher end)."
    lines.append("Lead: " + lead)
    turn = "Turn, clockwise: join a tile to either open end, matching pips; the line never branches. "
    turn += "If you can play you must. " if v["forced_play"] else "You may pass even when you could play. "
    if v["draw"]:
        turn += "If you cannot, draw until you can play or the boneyard is empty; then pass."
    else:
        turn += "If you cannot, pass."
    lines.append(turn)
    bonus = {
        "once": "Doubles: after a double, play one more tile if you can.",
        "chain": "Doubles: after a double, play one more tile if you can; a double played "
        "that way earns another (double, double, then one more).",
        "none": "Doubles: no extra tile.",
    }[v["double_bonus"]]
    lines.append(bonus)
    tie = (
        "equal lowest totals split the pot, the remainder stays in it"
        if v["tie"] == "split"
        else "equal lowest totals: nobody wins, the pot carries to the next round"
    )
    lines.append(
        "Round: the first to play their last tile takes the pot. If everyone passes in turn, "
        f"the lowest pip total in hand takes it; {tie}."
    )
    end = {
        "first_bust": "Match: ends when a player cannot pay the stake; most counters wins.",
        "last_standing": "Match: players who cannot pay drop out; the others play on until one "
        "holds every counter.",
        "one_round": "Match: a single round.",
    }[v["match_end"]]
    if v["match_end"] != "one_round":
        end += f" (Simulated matches stop after {v['round_cap']} rounds.)"
    lines.append(end)
    return lines


def _reference(data: GameData, rules: Rules) -> Piece:
    comp = _component(data, "reference")
    published = data.game.get("published_players", data.player_counts)
    inside = rules.players in published
    options = [
        {
            "name": name,
            "value": _show(rules[name]),
            "default": _show(data.rules[name]),
            "changed": rules[name] != data.rules[name],
            "source": option["source"],
            "doc": option["doc"],
        }
        for name, option in data.options.items()
    ]
    record = {
        "title": f"{data.title}: rules reference",
        "subtitle": f"rules {rules.label}, {rules.players} players"
        + ("" if inside else f" (published: {min(published)}-{max(published)})"),
        "summary": summary(rules),
        "options": options,
        "sources": list(data.game.get("sources", [])),
    }
    size = (float(comp["size_mm"][0]), float(comp["size_mm"][1]))
    return Piece("reference", "rules reference", size, _draw_reference, record=record)


def pieces(data: GameData, rules: Rules) -> list[Piece]:
    """The dominoes of the set, the counters for every seat, and the rules reference."""
    return [*_dominoes(data), *_counters(data, rules), _reference(data, rules)]


# ------------------------------------------------------------------ drawing
def _half(canvas: Canvas, x: float, y: float, side: float, n: int, colour: Any, upright: bool) -> None:
    """The pips of `n` in the square half with lower-left corner (x, y), in points."""
    r = side * 0.08
    canvas.setFillColor(colour)
    for spot in PIPS[n]:
        col, row = GRID[spot]
        if not upright:  # side by side: turn the pattern a quarter so a 6 runs along the domino
            col, row = row, 2 - col
        cx = x + side * (0.25 + 0.25 * col)
        cy = y + side * (0.75 - 0.25 * row)
        canvas.circle(cx, cy, r, stroke=0, fill=1)


def _draw_domino(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(rec["face_rgb"]))
    canvas.saveState()
    upright = h >= w
    pip = HexColor(rec["pip_rgb"])
    canvas.setStrokeColor(HexColor(rec["line_rgb"]))
    canvas.setLineCap(1)
    # the domino's rounded edge, just inside the cut
    inset = min(w, h) * 0.035
    canvas.setLineWidth(0.5)
    canvas.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, min(w, h) * 0.1, stroke=1, fill=0)
    if upright:
        side = min(w, h / 2)
        x = (w - side) / 2
        _half(canvas, x, h / 2 - side, side, rec["low"], pip, upright)
        _half(canvas, x, h / 2, side, rec["high"], pip, upright)
        canvas.setLineWidth(side * 0.025)
        canvas.line(w * 0.14, h / 2, w * 0.86, h / 2)
    else:
        side = min(h, w / 2)
        y = (h - side) / 2
        _half(canvas, w / 2 - side, y, side, rec["low"], pip, upright)
        _half(canvas, w / 2, y, side, rec["high"], pip, upright)
        canvas.setLineWidth(side * 0.025)
        canvas.line(w / 2, h * 0.14, w / 2, h * 0.86)
    canvas.restoreState()


def _draw_counter(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(rec["rgb"]))
    canvas.saveState()
    r = min(w, h) / 2
    canvas.setStrokeColor(white)
    canvas.setLineWidth(r * 0.08)
    canvas.circle(w / 2, h / 2, r * 0.78, stroke=1, fill=0)
    canvas.setFillColor(white)
    size = r * 0.9
    canvas.setFont(BOLD, size)
    canvas.drawCentredString(w / 2, h / 2 - size * 0.36, str(rec["value"]))
    canvas.restoreState()


def _draw_reference(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h, b = piece.width_mm * mm, piece.height_mm * mm, piece.bleed_mm * mm
    fill_bleed(canvas, piece, white)
    canvas.saveState()
    pad = 8 * mm
    band = 16 * mm
    canvas.setFillColor(INK)
    canvas.rect(-b, h - band, w + 2 * b, band + b, stroke=0, fill=1)
    canvas.setFillColor(white)
    canvas.setFont(BOLD, 15)
    canvas.drawString(pad, h - band / 2 - 2, rec["title"])
    canvas.setFont(FONT, 9)
    canvas.drawString(pad, h - band + 3.5 * mm - 4, rec["subtitle"])

    width = w - 2 * pad
    foot = pad
    for source in rec["sources"]:
        foot += len(simpleSplit(source, FONT, 6.5, width)) * 8
    canvas.setFillColor(FAINT)
    canvas.setFont(FONT, 6.5)
    y = pad
    for source in reversed(rec["sources"]):
        for part in reversed(simpleSplit(source, FONT, 6.5, width)):
            canvas.drawString(pad, y, part)
            y += 8
    canvas.setFont(BOLD, 6.5)
    canvas.drawString(pad, y, "Sources")

    # the largest type that leaves room for the sources at the foot
    top = h - band - pad
    scale = 1.0
    while scale > 0.5 and _reference_body(None, rec, w, top, pad, scale) < foot + 14:
        scale -= 0.05
    _reference_body(canvas, rec, w, top, pad, scale)
    canvas.restoreState()


def _reference_body(
    canvas: Canvas | None, rec: Mapping[str, Any], w: float, top: float, pad: float, scale: float
) -> float:
    """The rules summary and the options table from `top` down; returns the lowest y used.

    With `canvas` None it only measures.
    """
    width = w - 2 * pad
    text, leading = 10.0 * scale, 13.0 * scale
    y = top
    for line in rec["summary"]:
        head, _, rest = line.partition(": ")
        extra = stringWidth(head, BOLD, text) - stringWidth(head, FONT, text)
        for k, part in enumerate(simpleSplit(f"{head}: {rest}", FONT, text, width - extra)):
            y -= leading
            if canvas is None:
                continue
            canvas.setFillColor(INK)
            if k == 0:
                canvas.setFont(BOLD, text)
                canvas.drawString(pad, y, head + ":")
                canvas.setFont(FONT, text)
                canvas.drawString(pad + stringWidth(head + ": ", BOLD, text), y, part[len(head) + 2 :])
            else:
                canvas.drawString(pad, y, part)
        y -= 4 * scale

    y -= 20 * scale
    if canvas is not None:
        canvas.setFillColor(INK)
        canvas.setFont(BOLD, 12 * scale)
        canvas.drawString(pad, y, "Options in force")
        canvas.setFont(FONT, 7.5)
        canvas.setFillColor(FAINT)
        canvas.drawRightString(
            w - pad, y, "red: changed from the data file's default  |  source: seed, pub or house"
        )
        canvas.setStrokeColor(FAINT)
        canvas.setLineWidth(0.4)
    y -= 5 * scale
    small, small_leading = 8.5 * scale, 10.5 * scale
    name_w = max(stringWidth(o["name"], BOLD, small) for o in rec["options"]) + 3 * mm
    value_w = max(stringWidth(o["value"], BOLD, small) for o in rec["options"]) + 3 * mm
    source_w = stringWidth("house", FONT, small) + 3 * mm
    doc_x = pad + name_w + value_w + source_w
    for option in rec["options"]:
        doc = simpleSplit(option["doc"], FONT, small, w - pad - doc_x)
        if option["changed"]:
            doc.append(f"(default: {option['default']})")
        if canvas is not None:
            canvas.line(pad, y, w - pad, y)
        y -= small_leading
        if canvas is not None:
            canvas.setFillColor(INK)
            canvas.setFont(BOLD, small)
            canvas.drawString(pad, y, option["name"])
            canvas.setFillColor(CHANGED if option["changed"] else INK)
            canvas.drawString(pad + name_w, y, option["value"])
            canvas.setFillColor(FAINT)
            canvas.setFont(FONT, small)
            canvas.drawString(pad + name_w + value_w, y, option["source"])
            canvas.setFillColor(INK)
            for k, part in enumerate(doc):
                canvas.drawString(doc_x, y - k * small_leading, part)
        y -= (len(doc) - 1) * small_leading + 5 * scale
    if canvas is not None:
        canvas.line(pad, y, w - pad, y)
    return y
