"""United Square's printed components: panels, start panels, board, player aid and score pad.

Everything comes from `data/united_square/united_square.toml`: the colours (`[[game.colours]]`:
name, rgb, letter), the panel types and size (`components.panel`), the start
panel's look (`components.start_panel`), the aid and score pad sizes, every
printed word (`components.*.text`, in the language `data.lang` chose), and
from the resolved rules the board size, the panels per type, the 2-player
pairing, the deal, rounds and start panel; the board, the aid and the score pad
are labelled by their component's `title` (their names in the Tabletop
Simulator export and the proofs). `pieces()` turns them into plain
records; the `_draw_*` functions only lay the records out, in the fonts of
`printkit.output.fonts.family(data.lang)`.

A panel is a square cut by its diagonals into four triangles, one per side,
coloured clockwise from the top as its type lists them; each triangle carries
its colour's letter, upright when read from its own side, and the centre the
type number. A start panel is a panel with a white frame and a dark centre,
and a back (so that start panels can be shuffled face down): one of each type
when `start_panel = "random"`, the one of `start_type` when it is "fixed".
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.datafile.gamedata import GameData, Rules
from printkit.datafile.texts import fill_text
from printkit.errors import DataError
from printkit.layouts.components import RowSpec, layout_pieces
from printkit.layouts.icons import Drawn
from printkit.output.colours import ink_on
from printkit.output.fonts import family
from printkit.pieces.contract import Piece, fill_bleed

from .rules import pairing_2p

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
    """Colours of seat 1 and seat 2 in a 2-player game, as the rule set reads `rules.pairing_2p`."""
    return [[colours[i] for i in seat] for seat in pairing_2p(data.game["colours"], rules["pairing_2p"])]


def _text(data: GameData, component: str, keys: Sequence[str]) -> dict[str, Any]:
    """The printed words of a component (`components.<component>.text`), every key present."""
    text = data.components[component].get("text")
    if not isinstance(text, dict):
        raise DataError(f"{data.where()}: components.{component}.text: expected a table, got {text!r}")
    for key in keys:
        if key not in text:
            raise DataError(f"{data.where()}: components.{component}.text.{key}: missing")
    return dict(text)


AID_KEYS = (
    "title subtitle types counts_random counts_fixed type_caption owners two_players one_each teams "
    "seat team_seats join sentence_join deal_equal deal_random open_hands start_random start_fixed "
    "turn score end end_teams end_rounds colours"
).split()
PAD_KEYS = ("title", "seat", "name", "game", "round", "total")
AID = "components.aid.text"
PAD = "components.score_pad.text"


def _words(data: GameData, key: str, text: Mapping[str, Any], name: str, **values: Any) -> str:
    """`text[name]`, the text at `key.name`, with its fields filled from `values`."""
    return fill_text(data, f"{key}.{name}", text[name], values)


def _ownership(
    data: GameData, rules: Rules, colours: Sequence[Colour], text: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """For each way to play, who owns which colours: headings with rows of (who, colours)."""
    sections = []
    for n in data.player_counts:
        if n == 2:
            seats = _pairing(data, rules, colours)
            rows = [
                {"who": _words(data, AID, text, "seat", n=i + 1), "colours": c} for i, c in enumerate(seats)
            ]
            sections.append({"heading": text["two_players"], "rows": rows})
        elif n == len(colours):
            rows = [
                {"who": _words(data, AID, text, "seat", n=i + 1), "colours": [c]}
                for i, c in enumerate(colours)
            ]
            sections.append({"heading": _words(data, AID, text, "one_each", n=n), "rows": rows})
            if n == 4 and "teams" in data.options.get("mode", {}).get("choices", []):
                rows = [
                    {
                        "who": _words(data, AID, text, "team_seats", a=1, b=3),
                        "colours": [colours[0], colours[2]],
                    },
                    {
                        "who": _words(data, AID, text, "team_seats", a=2, b=4),
                        "colours": [colours[1], colours[3]],
                    },
                ]
                sections.append({"heading": text["teams"], "rows": rows})
    return sections


def _seat_colours(data: GameData, rules: Rules, colours: Sequence[Colour]) -> list[list[Colour]]:
    """The colours each seat scores under the chosen rules."""
    if rules.players == 2:
        return _pairing(data, rules, colours)
    return [[c] for c in colours[: rules.players]]


def _summary(
    data: GameData,
    rules: Rules,
    total: int,
    starts: int,
    types: Sequence[Sequence[Colour]],
    text: Mapping[str, Any],
) -> list[str]:
    v = rules.values
    deal = _words(data, AID, text, "deal_equal" if v["deal"] == "equal" else "deal_random", total=total)
    if v["start_panel"] == "fixed":
        top = types[v["start_type"] - 1][-v["start_rotation"] % 4]["name"]
        start = _words(
            data, AID, text, "start_fixed", type=v["start_type"], top=text["colours"].get(top, top)
        )
    else:
        start = _words(data, AID, text, "start_random", starts=starts)
    gap = text["sentence_join"]
    end = text["end"]
    if v["mode"] == "teams":
        end += gap + text["end_teams"]
    if v["rounds"] > 1:
        end += gap + _words(data, AID, text, "end_rounds", rounds=v["rounds"])
    return [deal + gap + text["open_hands"], start, text["turn"], text["score"], end]


def _start_panels(
    data: GameData, rules: Rules, types: Sequence[Sequence[Colour]], fonts: list[str]
) -> list[Piece]:
    """One start panel of each type with a random start, else the one of `start_type`."""
    spec = data.components["start_panel"]
    like = spec.get("like", "panel")
    if like not in data.components or "size_mm" not in data.components[like]:
        raise DataError(
            f"{data.where()}: components.start_panel.like: expected a component with size_mm, got {like!r}"
        )
    back = spec.get("back_rgb")
    if not isinstance(back, str) or not RGB.fullmatch(back):
        raise DataError(f'{data.where()}: components.start_panel.back_rgb: expected "#rrggbb", got {back!r}')
    mark = _text(data, "start_panel", ["mark"])["mark"]
    if rules["start_panel"] == "fixed":
        t = rules["start_type"]
        if not 1 <= t <= len(types):
            raise DataError(f"{data.where()}: rules.start_type: expected 1 to {len(types)}, got {t}")
        chosen = [t]
    else:
        chosen = list(range(1, len(types) + 1))
    size = tuple(data.components[like]["size_mm"])
    return [
        Piece(
            "start_panel",
            f"start panel type {t}",
            size,
            _draw_start_panel,
            draw_back=_draw_start_back,
            record={"type": t, "sides": types[t - 1], "mark": mark, "back_rgb": back, "fonts": fonts},
        )
        for t in chosen
    ]


def pieces(data: GameData, rules: Rules) -> list[Piece]:
    """Panels (types x panels per type), start panels, the board, the player aid and the score pad."""
    colours = _colours(data)
    types = _panel_types(data, colours)
    fam = family(data.lang)
    fonts = [fam.regular, fam.bold]
    panels = _panels(data, rules, types, fonts)
    starts = _start_panels(data, rules, types, fonts)
    return [
        *panels,
        *starts,
        *_boards(data, rules, types, fonts),
        *_aids(data, rules, colours, types, len(starts), fonts),
        *_score_pads(data, rules, colours, fonts),
    ]


def _copies(
    data: GameData, component: str, label: str, size: Any, draw: Any, record: dict, numbered: bool = True
) -> list[Piece]:
    """`components.<component>.count` copies (1 if it names none) of one piece, numbered from #1 or #2."""
    count = data.components[component].get("count", 1)
    return [
        Piece(component, label + (f" #{k + 1}" if numbered or k else ""), size, draw, record=record)
        for k in range(count)
    ]


def _panels(data: GameData, rules: Rules, types: Sequence[Sequence[Colour]], fonts: list[str]) -> list[Piece]:
    panel_size = tuple(data.components["panel"]["size_mm"])
    per_type = rules["panels_per_type"]  # the rule set has checked that they fill the board
    return [
        Piece(
            "panel",
            f"panel type {t} #{k + 1}",
            panel_size,
            _draw_panel,
            record={"type": t, "sides": sides, "fonts": fonts},
        )
        for t, sides in enumerate(types, 1)
        for k in range(per_type)
    ]


def _boards(data: GameData, rules: Rules, types: Sequence[Sequence[Colour]], fonts: list[str]) -> list[Piece]:
    comps = data.components
    n = rules["board"]
    cell_of = comps["board"].get("cell_of", "panel")
    if cell_of not in comps or "size_mm" not in comps[cell_of]:
        raise DataError(
            f"{data.where()}: components.board.cell_of: expected a component with size_mm, got {cell_of!r}"
        )
    cell = tuple(comps[cell_of]["size_mm"])
    start = None
    if rules["start_panel"] == "fixed":
        t = rules["start_type"]
        start = {"type": t, "rotation": rules["start_rotation"], "sides": types[t - 1]}
    board = {
        "cells": n,
        "cell_mm": list(cell),
        "start": start,
        "label": _text(data, "board", ["start"])["start"],
        "fonts": fonts,
    }
    size = (n * cell[0], n * cell[1])
    title = comps["board"]["title"]
    return _copies(data, "board", f"{title} {n}x{n}", size, _draw_board, board, numbered=False)


def _swatch_icons(colours: Sequence[Colour]) -> dict[str, dict[str, str]]:
    """A square of each colour with its letter, for the aid's and score pad's text (`:red:`)."""
    return {c["name"]: {"shape": "square", "fill": c["rgb"], "text": c["letter"]} for c in colours}


def _swatches(colours: Sequence[Colour]) -> str:
    return "".join(f":{c['name']}:" for c in colours)


def _panel_icon(sides: Sequence[Colour], number: int, bold: str) -> Drawn:
    def draw(canvas: Canvas, box: tuple[float, float, float, float], colour: Any) -> None:
        _panel(canvas, *box, sides, number, bold)

    return Drawn(draw)


def _ownership_rows(
    data: GameData, rules: Rules, colours: Sequence[Colour], text: Mapping[str, Any]
) -> list[Any]:
    """Who owns which colours, as table rows: a heading, then seats two to a row when there are more."""
    rows: list[Any] = []
    for section in _ownership(data, rules, colours, text):
        rows.append(f"<b>{section['heading']}</b>")
        cells = []
        for row in section["rows"]:
            names = text["join"].join(text["colours"].get(c["name"], c["name"]) for c in row["colours"])
            cells += [row["who"], f"{_swatches(row['colours'])} <b>{names}</b>"]
        per_row = 4 if len(section["rows"]) > 2 else 2
        rows += [cells[i : i + per_row] for i in range(0, len(cells), per_row)]
    return rows


def _aids(
    data: GameData,
    rules: Rules,
    colours: Sequence[Colour],
    types: Sequence[Sequence[Colour]],
    starts: int,
    fonts: list[str],
) -> list[Piece]:
    text = _text(data, "aid", AID_KEYS)
    per_type, n = rules["panels_per_type"], rules["board"]
    total = per_type * len(types)
    counts = "counts_fixed" if starts == 1 else "counts_random"
    fields: dict[str, Any] = {
        "title": _words(data, AID, text, "title", game=data.title),
        "subtitle": _words(data, AID, text, "subtitle", variant=rules.label, n=n),
        "types_heading": text["types"],
        "owners_heading": text["owners"],
        "counts": _words(
            data, AID, text, counts, types=len(types), per_type=per_type, total=total, starts=starts
        ),
        "ownership": _ownership_rows(data, rules, colours, text),
        "summary": "\n".join(_summary(data, rules, total, starts, types, text)),
    }
    for t in range(1, len(types) + 1):
        fields[f"caption{t}"] = _words(data, AID, text, "type_caption", type=t, per_type=per_type)
    icons: dict[str, Any] = {f"panel{t}": _panel_icon(sides, t, fonts[1]) for t, sides in enumerate(types, 1)}
    icons.update(_swatch_icons(colours))
    count = data.components["aid"].get("count", 1)
    return layout_pieces(data, "aid", [RowSpec(fields, count, data.components["aid"]["title"])], icons)


def _per_game(data: GameData, text: Mapping[str, Any], name: str, **values: Any) -> str:
    """The score pad's text `name` with its fields filled but `{g}`, left for the sheet's rows to number.

    What the fill gives is a template again (its braces doubled), so a `{{` of the data file's stays a brace.
    """
    filled = _words(data, PAD, text, name, g="\0", **values)
    return filled.replace("{", "{{").replace("}", "}}").replace("\0", "{g}")


def _score_pads(data: GameData, rules: Rules, colours: Sequence[Colour], fonts: list[str]) -> list[Piece]:
    teams = rules["mode"] == "teams"
    text = _text(data, "score_pad", PAD_KEYS)
    seats = [
        _words(data, PAD, text, "seat", n=i + 1) + (f" ({'A' if i % 2 == 0 else 'B'})" if teams else "")
        for i in range(rules.players)
    ]
    owned = _seat_colours(data, rules, colours)
    blank = [""] * len(seats)
    if rules["rounds"] == 1:
        games = [[_per_game(data, text, "game"), *blank]]
    else:
        games = [[_per_game(data, text, "round", r=r + 1), *blank] for r in range(rules["rounds"])]
        games.append([f"<b>{_per_game(data, text, 'total')}</b>", *blank])
    fields = {
        "title": _words(data, PAD, text, "title", game=data.title),
        "seats": [["", *(f"<b>{s}</b>" for s in seats)], ["", *(_swatches(c) for c in owned)]],
        "score_head": [[f"<b>{text['name']}</b>", *blank]],
        "score_rows": games,
    }
    pad = data.components["score_pad"]
    rows = [RowSpec(fields, pad.get("count", 1), pad["title"])]
    return layout_pieces(data, "score_pad", rows, _swatch_icons(colours))


# ------------------------------------------------------------------ drawing
def _fit_size(text: str, font: str, size: float, width: float) -> float:
    """`size`, or smaller so that `text` fits `width` points."""
    return min(size, size * width / stringWidth(text, font, size))


def _panel(
    canvas: Canvas,
    x: float,
    y: float,
    w: float,
    h: float,
    sides: Sequence[Colour],
    number: int,
    bold: str,
    rotation: int = 0,
    bleed: float = 0.0,
    start: bool = False,
) -> None:
    """A panel with its lower-left trim corner at (x, y), sizes in points, turned clockwise.

    `sides` are its colours N, E, S, W unturned; after `rotation` quarter turns
    side k shows `sides[(k - rotation) % 4]`, as in the engine. `number` is
    printed in the centre, in font `bold`; a `start` panel has a white frame
    and a dark centre.
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
        canvas.setFillColor(ink_on(colour["rgb"]))
        canvas.setFont(bold, size)
        canvas.drawCentredString(0, -0.36 * size, colour["letter"])
        canvas.restoreState()
    if start:
        frame = min(w, h) * 0.035
        canvas.setStrokeColor(white)
        canvas.setLineWidth(frame)
        inset = min(w, h) * 0.07
        canvas.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, stroke=1, fill=0)
    r = min(w, h) * (0.13 if start else 0.1)
    canvas.setFillColor(INK if start else white)
    canvas.setStrokeColor(white if start else INK)
    canvas.setLineWidth(0.4)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    canvas.setFillColor(white if start else INK)
    canvas.setFont(bold, r * 1.1)
    canvas.drawCentredString(cx, cy - 0.38 * r * 1.1, str(number))
    canvas.restoreState()


def _draw_panel(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    _panel(canvas, 0, 0, w, h, rec["sides"], rec["type"], rec["fonts"][1], bleed=piece.bleed_mm * mm)


def _draw_start_panel(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    b = piece.bleed_mm * mm
    _panel(canvas, 0, 0, w, h, rec["sides"], rec["type"], rec["fonts"][1], bleed=b, start=True)


def _draw_start_back(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(rec["back_rgb"]))
    canvas.saveState()
    canvas.setStrokeColor(white)
    canvas.setLineWidth(min(w, h) * 0.035)
    inset = min(w, h) * 0.07
    canvas.rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=1, fill=0)
    canvas.setFillColor(white)
    size = _fit_size(rec["mark"], rec["fonts"][1], min(w, h) * 0.16, w - 4 * inset)
    canvas.setFont(rec["fonts"][1], size)
    canvas.drawCentredString(w / 2, h / 2 - 0.36 * size, rec["mark"])
    canvas.restoreState()


def _draw_board(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    n = rec["cells"]
    cw, ch = rec["cell_mm"][0] * mm, rec["cell_mm"][1] * mm
    fill_bleed(canvas, piece, BOARD_BACKGROUND)
    canvas.saveState()
    mid = n // 2
    sx, sy = mid * cw, mid * ch
    start = rec["start"]
    bold = rec["fonts"][1]
    if start:
        sides, number = start["sides"], start["type"]
        _panel(canvas, sx, sy, cw, ch, sides, number, bold, rotation=start["rotation"], start=True)
    else:
        canvas.setFillColor(START_BACKGROUND)
        canvas.rect(sx, sy, cw, ch, stroke=0, fill=1)
        canvas.setFillColor(INK)
        size = _fit_size(rec["label"], bold, min(cw, ch) * 0.16, cw * 0.85)
        canvas.setFont(bold, size)
        canvas.drawCentredString(sx + cw / 2, sy + ch / 2 - size * 0.36, rec["label"])
    canvas.setStrokeColor(FAINT)
    canvas.setLineWidth(0.6)
    b = piece.bleed_mm * mm  # the lines reach the trim, so they run on into the bleed
    for i in range(1, n):
        canvas.line(i * cw, -b, i * cw, n * ch + b)
        canvas.line(-b, i * ch, n * cw + b, i * ch)
    canvas.setStrokeColor(INK)  # the frame's outer edge is the trim, so it runs on into the bleed
    canvas.setLineWidth(1.2 + 2 * b)
    canvas.rect(0.6 - b, 0.6 - b, n * cw - 1.2 + 2 * b, n * ch - 1.2 + 2 * b, stroke=1, fill=0)
    canvas.restoreState()
