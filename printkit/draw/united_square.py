"""United Square's printed components: panels, board, player aid and score pad.

Everything comes from `data/united_square.toml`: the colours (`[[game.colours]]`:
name, rgb, letter), the panel types and size (`components.panel`), the aid and
score pad sizes, and from the resolved rules the board size, the panels per
type, the 2-player pairing, the deal, rounds and start panel. `pieces()` turns
them into plain records; the `_draw_*` functions only lay the records out.

A panel is a square cut by its diagonals into four triangles, one per side,
coloured clockwise from the top as its type lists them; each triangle carries
its colour's letter, upright when read from its own side, and the centre the
type number.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.lib.colors import Color, HexColor, black, white
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
BOARD_BACKGROUND = HexColor("#f4f1e8")
START_BACKGROUND = HexColor("#e4dfcf")
SIDES = ("N", "E", "S", "W")
RGB = re.compile(r"#[0-9a-fA-F]{6}")

Colour = Mapping[str, str]  # name, rgb, letter


# ------------------------------------------------------------------ records
def _colours(data: GameData) -> list[dict[str, str]]:
    raw = data.game.get("colours")
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{data.where()}: game.colours: expected a list of colour tables, got {raw!r}")
    colours = []
    for i, entry in enumerate(raw):
        key = f"game.colours[{i}]"
        if not isinstance(entry, dict):
            raise DataError(f"{data.where()}: {key}: expected a table, got {entry!r}")
        for field in ("name", "rgb", "letter"):
            if not isinstance(entry.get(field), str) or not entry[field]:
                raise DataError(f"{data.where()}: {key}.{field}: expected a string, got {entry.get(field)!r}")
        if not RGB.fullmatch(entry["rgb"]):
            raise DataError(f'{data.where()}: {key}.rgb: expected "#rrggbb", got {entry["rgb"]!r}')
        colours.append({f: entry[f] for f in ("name", "rgb", "letter")})
    return colours


def _panel_types(data: GameData, colours: Sequence[Colour]) -> list[list[Colour]]:
    by_name = {c["name"]: c for c in colours}
    raw = data.components["panel"].get("types")
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{data.where()}: components.panel.types: expected a list of types, got {raw!r}")
    types = []
    for i, names in enumerate(raw):
        key = f"components.panel.types[{i}]"
        if not isinstance(names, list) or len(names) != len(SIDES):
            raise DataError(f"{data.where()}: {key}: expected 4 colour names (N, E, S, W), got {names!r}")
        for name in names:
            if name not in by_name:
                known = ", ".join(by_name)
                raise DataError(f"{data.where()}: {key}: unknown colour {name!r}; expected one of {known}")
        types.append([by_name[n] for n in names])
    return types


def _pairing(data: GameData, rules: Rules, colours: Sequence[Colour]) -> list[list[Colour]]:
    """Colours of seat 1 and seat 2 in a 2-player game from e.g. "ry-bg" (colour letters)."""
    code = rules["pairing_2p"]
    by_letter = {c["letter"].lower(): c for c in colours}
    groups = code.split("-")
    letters = "".join(groups)
    if len(groups) != 2 or sorted(letters) != sorted(by_letter) or len(set(letters)) != len(letters):
        raise DataError(
            f"{data.where()}: rules.pairing_2p: expected two groups of colour letters covering "
            f"{', '.join(sorted(by_letter))} once each, got {code!r}"
        )
    return [[by_letter[ch] for ch in group] for group in groups]


def _ownership(data: GameData, rules: Rules, colours: Sequence[Colour]) -> list[dict[str, Any]]:
    """For each way to play, who owns which colours: headings with rows of (who, colours)."""
    sections = []
    for n in data.player_counts:
        if n == 2:
            seats = _pairing(data, rules, colours)
            rows = [{"who": f"Seat {i + 1}", "colours": c} for i, c in enumerate(seats)]
            sections.append({"heading": "2 players", "rows": rows})
        elif n == len(colours):
            rows = [{"who": f"Seat {i + 1}", "colours": [c]} for i, c in enumerate(colours)]
            sections.append({"heading": f"{n} players, one colour each", "rows": rows})
            if n == 4 and "teams" in data.options.get("mode", {}).get("choices", []):
                rows = [
                    {"who": "Seats 1+3", "colours": [colours[0], colours[2]]},
                    {"who": "Seats 2+4", "colours": [colours[1], colours[3]]},
                ]
                sections.append({"heading": "4 players, teams", "rows": rows})
    return sections


def _seat_colours(data: GameData, rules: Rules, colours: Sequence[Colour]) -> list[list[Colour]]:
    """The colours each seat scores under the chosen rules."""
    if rules.players == 2:
        return _pairing(data, rules, colours)
    return [[c] for c in colours[: rules.players]]


def _summary(rules: Rules, total: int, types: Sequence[Sequence[Colour]]) -> list[str]:
    v = rules.values
    if v["deal"] == "equal":
        deal = f"Deal the {total} panels so that everyone gets as many of each type."
    else:
        deal = f"Deal the {total} panels at random, as many to each player."
    if v["start_panel"] == "fixed":
        top = types[v["start_type"] - 1][-v["start_rotation"] % 4]["name"]
        start = f"Start: a type {v['start_type']} panel, {top} at the top, on the centre cell."
    else:
        start = "Start: a panel of random type and rotation on the centre cell."
    end = "End: the board is full or everyone passes in turn. Most squares wins."
    if v["mode"] == "teams":
        end += " Teams add their squares."
    if v["rounds"] > 1:
        end += f" Play {v['rounds']} rounds and add the scores; deal afresh, the other seat starts."
    return [
        deal + " Hands stay open.",
        start,
        "Turn: place one panel next to a placed one, turned any way but never flipped; "
        "every edge it shares must match colours. If you can place, you must; else pass.",
        "Score: each pair of matching edges makes a square, 1 point to its colour's owner.",
        end,
    ]


def pieces(data: GameData, rules: Rules) -> list[Piece]:
    """Panels (types x panels per type), the board, the player aid and the score pad."""
    colours = _colours(data)
    types = _panel_types(data, colours)
    comps = data.components
    panel_size = tuple(comps["panel"]["size_mm"])
    per_type = rules["panels_per_type"]
    n = rules["board"]
    if len(types) * per_type + 1 != n * n:
        raise DataError(
            f"{data.where()}: rules.panels_per_type: {len(types)} types x {per_type} panels and the "
            f"start panel do not fill a {n}x{n} board; set board and panels_per_type together "
            "(see the variants)"
        )
    out = [
        Piece(
            "panel",
            f"panel type {t} #{k + 1}",
            panel_size,
            _draw_panel,
            record={"type": t, "sides": sides},
        )
        for t, sides in enumerate(types, 1)
        for k in range(per_type)
    ]

    cell_of = comps["board"].get("cell_of", "panel")
    if cell_of not in comps or "size_mm" not in comps[cell_of]:
        raise DataError(
            f"{data.where()}: components.board.cell_of: expected a component with size_mm, got {cell_of!r}"
        )
    cell = tuple(comps[cell_of]["size_mm"])
    start = None
    if rules["start_panel"] == "fixed":
        t = rules["start_type"]
        if not 1 <= t <= len(types):
            raise DataError(f"{data.where()}: rules.start_type: expected 1 to {len(types)}, got {t}")
        start = {"type": t, "rotation": rules["start_rotation"], "sides": types[t - 1]}
    board = {"cells": n, "cell_mm": list(cell), "start": start}
    for k in range(comps["board"].get("count", 1)):
        label = f"board {n}x{n}" + (f" #{k + 1}" if k else "")
        out.append(Piece("board", label, (n * cell[0], n * cell[1]), _draw_board, record=board))

    total = per_type * len(types)
    aid = {
        "title": f"{data.title}: player aid",
        "subtitle": f"{rules.label}, {n}x{n} board",
        "types": types,
        "per_type": per_type,
        "counts": f"{len(types)} types x {per_type} = {total} panels, plus the start panel",
        "ownership": _ownership(data, rules, colours),
        "summary": _summary(rules, total, types),
    }
    for k in range(comps["aid"].get("count", 1)):
        size = tuple(comps["aid"]["size_mm"])
        out.append(Piece("aid", f"player aid #{k + 1}", size, _draw_aid, record=aid))

    teams = rules["mode"] == "teams"
    pad = {
        "title": f"{data.title}: scores",
        "seats": [
            f"Seat {i + 1}" + (f" ({'A' if i % 2 == 0 else 'B'})" if teams else "")
            for i in range(rules.players)
        ],
        "seat_colours": _seat_colours(data, rules, colours),
        "rounds": rules["rounds"],
    }
    for k in range(comps["score_pad"].get("count", 1)):
        size = tuple(comps["score_pad"]["size_mm"])
        out.append(Piece("score_pad", f"score pad #{k + 1}", size, _draw_score_pad, record=pad))
    return out


# ------------------------------------------------------------------ drawing
def _ink_on(rgb: str) -> Color:
    """Black or white, whichever contrasts more with the colour (WCAG luminance)."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(x) for x in HexColor(rgb).rgb())
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return black if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else white


def _panel(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    sides: Sequence[Colour],
    number: int,
    rotation: int = 0,
    bleed: float = 0.0,
) -> None:
    """A panel with its lower-left trim corner at (x, y), sizes in points, turned clockwise.

    `sides` are its colours N, E, S, W unturned; after `rotation` quarter turns
    side k shows `sides[(k - rotation) % 4]`, as in the engine. `number` is
    printed in the centre.
    """
    cx, cy = x + w / 2, y + h / 2
    ll, lr = (x - bleed, y - bleed), (x + w + bleed, y - bleed)
    ur, ul = (x + w + bleed, y + h + bleed), (x - bleed, y + h + bleed)
    corners = {"N": (ul, ur), "E": (ur, lr), "S": (lr, ll), "W": (ll, ul)}
    centroids = {
        "N": (cx, y + h * 5 / 6),
        "E": (x + w * 5 / 6, cy),
        "S": (cx, y + h / 6),
        "W": (x + w / 6, cy),
    }
    turn = {"N": 180, "E": 90, "S": 0, "W": -90}
    size = min(w, h) * 0.17
    canvas.saveState()
    for k, side in enumerate(SIDES):
        colour = sides[(k - rotation) % 4]
        a, b = corners[side]
        path = canvas.beginPath()
        path.moveTo(*a)
        path.lineTo(*b)
        path.lineTo(cx, cy)
        path.close()
        canvas.setFillColor(HexColor(colour["rgb"]))
        canvas.drawPath(path, stroke=0, fill=1)
    canvas.setStrokeColor(white)
    canvas.setLineWidth(max(0.3, min(w, h) * 0.006))
    canvas.line(x, y, x + w, y + h)
    canvas.line(x, y + h, x + w, y)
    for k, side in enumerate(SIDES):
        colour = sides[(k - rotation) % 4]
        canvas.saveState()
        canvas.translate(*centroids[side])
        canvas.rotate(turn[side])
        canvas.setFillColor(_ink_on(colour["rgb"]))
        canvas.setFont(BOLD, size)
        canvas.drawCentredString(0, -0.36 * size, colour["letter"])
        canvas.restoreState()
    r = min(w, h) * 0.1
    canvas.setFillColor(white)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.4)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    canvas.setFillColor(INK)
    canvas.setFont(BOLD, r * 1.1)
    canvas.drawCentredString(cx, cy - 0.38 * r * 1.1, str(number))
    canvas.restoreState()


def _draw_panel(canvas: Canvas, piece: Piece) -> None:
    w, h = piece.width_mm * mm, piece.height_mm * mm
    _panel(canvas, 0, 0, w, h, piece.record["sides"], piece.record["type"], bleed=piece.bleed_mm * mm)


def _draw_board(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    n = rec["cells"]
    cw, ch = rec["cell_mm"][0] * mm, rec["cell_mm"][1] * mm
    fill_bleed(canvas, piece, BOARD_BACKGROUND)
    canvas.saveState()
    mid = n // 2
    sx, sy = mid * cw, mid * ch
    start = rec["start"]
    if start:
        _panel(canvas, sx, sy, cw, ch, start["sides"], start["type"], rotation=start["rotation"])
    else:
        canvas.setFillColor(START_BACKGROUND)
        canvas.rect(sx, sy, cw, ch, stroke=0, fill=1)
        canvas.setFillColor(INK)
        canvas.setFont(BOLD, min(cw, ch) * 0.16)
        canvas.drawCentredString(sx + cw / 2, sy + ch / 2 - min(cw, ch) * 0.06, "START")
    canvas.setStrokeColor(FAINT)
    canvas.setLineWidth(0.6)
    for i in range(1, n):
        canvas.line(i * cw, 0, i * cw, n * ch)
        canvas.line(0, i * ch, n * cw, i * ch)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(1.2)
    canvas.rect(0.6, 0.6, n * cw - 1.2, n * ch - 1.2, stroke=1, fill=0)
    canvas.restoreState()


def _header(canvas: Canvas, piece: Piece, title: str, subtitle: str, band: float) -> None:
    """A dark title band across the top of the piece, into the bleed."""
    w, h, b = piece.width_mm * mm, piece.height_mm * mm, piece.bleed_mm * mm
    canvas.setFillColor(INK)
    canvas.rect(-b, h - band, w + 2 * b, band + b, stroke=0, fill=1)
    canvas.setFillColor(white)
    size = band * 0.42
    canvas.setFont(BOLD, size)
    canvas.drawString(band * 0.35, h - band / 2 - size * 0.36, title)
    if subtitle:
        canvas.setFont(FONT, size * 0.6)
        canvas.drawRightString(w - band * 0.35, h - band / 2 - size * 0.22, subtitle)


def _swatches(canvas: Canvas, x: float, y: float, size: float, colours: Sequence[Colour]) -> float:
    """Squares of the colours with their letters, lower-left at (x, y); returns the width used."""
    for i, colour in enumerate(colours):
        left = x + i * size * 1.2
        canvas.setFillColor(HexColor(colour["rgb"]))
        canvas.rect(left, y, size, size, stroke=0, fill=1)
        canvas.setFillColor(_ink_on(colour["rgb"]))
        canvas.setFont(BOLD, size * 0.7)
        canvas.drawCentredString(left + size / 2, y + size * 0.25, colour["letter"])
    return len(colours) * size * 1.2


def _draw_aid(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    pad = min(w, h) * 0.05
    band = h * 0.11
    canvas.saveState()
    _header(canvas, piece, rec["title"], rec["subtitle"], band)
    text = h * 0.026

    # Left half: the panel types with their counts, above the rules summary.
    half = w / 2
    top = h - band - pad
    rule_top = h * 0.34
    canvas.setFillColor(INK)
    canvas.setFont(BOLD, text * 1.1)
    canvas.drawString(pad, top - text, "Panel types")
    canvas.setFont(FONT, text * 0.9)
    canvas.drawString(pad, top - 2.3 * text, rec["counts"])
    types = rec["types"]
    cols = (len(types) + 1) // 2
    pitch = (half - 2 * pad) / cols
    cell_h = (top - 3.5 * text - rule_top) / 2
    size = min(pitch * 0.7, cell_h - 2.6 * text)
    for i, sides in enumerate(types):
        r, c = divmod(i, cols)
        px = pad + c * pitch + (pitch - size) / 2
        py = top - 3.5 * text - (r + 1) * cell_h + 2.2 * text
        _panel(canvas, px, py, size, size, sides, i + 1)
        canvas.setFillColor(INK)
        canvas.setFont(FONT, text * 0.9)
        canvas.drawCentredString(px + size / 2, py - 1.3 * text, f"type {i + 1}  x{rec['per_type']}")

    # Right half: who owns which colours.
    x = half + pad / 2
    y = top - text
    canvas.setFont(BOLD, text * 1.1)
    canvas.drawString(x, y, "Who owns which colour")
    swatch = text * 1.2
    for section in rec["ownership"]:
        y -= 1.7 * text
        canvas.setFillColor(INK)
        canvas.setFont(BOLD, text * 0.9)
        canvas.drawString(x, y, section["heading"])
        rows = section["rows"]
        per_line = 2 if len(rows) > 2 else 1
        col_w = (w - pad - x) / per_line
        for j, row in enumerate(rows):
            if j % per_line == 0:
                y -= swatch * 1.3
            rx = x + (j % per_line) * col_w
            canvas.setFillColor(INK)
            canvas.setFont(FONT, text * 0.9)
            canvas.drawString(rx, y + swatch * 0.25, row["who"])
            used = _swatches(canvas, rx + text * 5, y, swatch, row["colours"])
            names = " + ".join(c["name"] for c in row["colours"])
            canvas.setFillColor(INK)
            canvas.drawString(rx + text * 5 + used + text * 0.3, y + swatch * 0.25, names)
    rule_top = min(rule_top, y - text)

    # Bottom: the rules in short.
    canvas.setStrokeColor(FAINT)
    canvas.setLineWidth(0.5)
    canvas.line(pad, rule_top, w - pad, rule_top)
    canvas.setFillColor(INK)
    leading = text * 1.3
    y = rule_top - leading
    for line in rec["summary"]:
        for part in simpleSplit(line, FONT, text * 0.95, w - 2 * pad - text):
            canvas.setFont(FONT, text * 0.95)
            canvas.drawString(pad, y, part)
            y -= leading
    canvas.restoreState()


def _draw_score_pad(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    pad = min(w, h) * 0.06
    band = h * 0.09
    canvas.saveState()
    _header(canvas, piece, rec["title"], "", band)
    seats = rec["seats"]
    label_w = w * 0.24
    col_w = (w - 2 * pad - label_w) / len(seats)
    text = h * 0.024
    row_h = text * 2.4
    top = h - band - pad
    # Header: seat names and the colours each one scores.
    canvas.setFillColor(INK)
    widest = max(stringWidth(seat, BOLD, text) for seat in seats)
    head = min(text, text * col_w * 0.9 / widest)
    for i, seat in enumerate(seats):
        cx = pad + label_w + (i + 0.5) * col_w
        canvas.setFont(BOLD, head)
        canvas.drawCentredString(cx, top - text, seat)
        colours = rec["seat_colours"][i]
        swatch = text * 1.2
        width = len(colours) * swatch * 1.2 - swatch * 0.2
        _swatches(canvas, cx - width / 2, top - 2.8 * text, swatch, colours)
        canvas.setFillColor(INK)
    canvas.setFont(FONT, text)
    table_top = top - 3.6 * text
    rows = ["Name"]
    rounds = rec["rounds"]
    count = int((table_top - pad) // row_h) - 1
    game = 1
    while len(rows) + rounds + (rounds > 1) <= count + 1:
        if rounds == 1:
            rows.append(f"Game {game}")
        else:
            rows += [f"Game {game} R{r + 1}" for r in range(rounds)] + [f"Game {game} total"]
        game += 1
    canvas.setStrokeColor(FAINT)
    canvas.setLineWidth(0.5)
    bottom = table_top - len(rows) * row_h
    for r, label in enumerate(rows):
        y = table_top - (r + 1) * row_h
        canvas.setFont(BOLD if label == "Name" or label.endswith("total") else FONT, text)
        canvas.drawString(pad + text * 0.3, y + row_h * 0.35, label)
        canvas.line(pad, y, w - pad, y)
    canvas.line(pad, table_top, w - pad, table_top)
    for i in range(len(seats) + 1):
        x = pad + label_w + i * col_w
        canvas.line(x, table_top, x, bottom)
    canvas.line(pad, table_top, pad, bottom)
    canvas.restoreState()
