"""This Town's printed components: the start tile and 24 tiles with one back, score track, markers, reference.

Everything comes from `data/this_town/this_town.toml`: the colours and their brand
shapes (`[[game.colours]]`), the tiles of the tile set the rules choose
(through `records.read_tiles`, the records the engine plays),
the tile, track, marker and reference sizes, and every printed word
(`components.*.text`, in the language `data.lang` chose). The start tile, the
track and the reference are labelled by their component's `title` (their names
in the Tabletop Simulator export and the proofs).

A tile is drawn as the engine reads it: four triangular sections N, E, S, W
cut by faint diagonals; fences thick on the fenced outer edges (just inside
the trim, so that they survive a cut that drifts) and on fenced
half-diagonals from the centre to the corners; brands as their colour's
shape in their section (so that colour-blind players tell them apart by
shape); silver bars as grey ingots. The start tile has a frame and its mark.
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
from printkit.draw.records import table_with
from printkit.errors import DataError
from printkit.layouts.components import RowSpec, layout_pieces
from printkit.layouts.icons import Drawn
from printkit.output.fonts import family
from printkit.pieces.contract import Piece, fill_bleed

from .records import SECTIONS, TileFace, read_tiles, town_points

RGB = re.compile(r"#[0-9a-fA-F]{6}")
SHAPES = ("circle", "square", "triangle", "diamond")
INK = HexColor("#222222")
FAINT = HexColor("#8a7a5a")
# Where a section's contents sit, as fractions of the tile from its centre (x right, y up).
SECTION_CENTRES = {"N": (0.0, 0.27), "E": (0.27, 0.0), "S": (0.0, -0.27), "W": (-0.27, 0.0)}
# The direction along which a section lays out two items side by side.
SECTION_ACROSS = {"N": (1, 0), "E": (0, 1), "S": (1, 0), "W": (0, 1)}
TRACK_KEYS = ("title", "plus")
REFERENCE_KEYS = (
    "title subtitle colours join sentence_join brands_heading setup_heading setup npc "
    "turn_heading turn rotation town_heading town score_heading score example_heading example_columns "
    "rank example_note "
    "bars_heading bars connected no_bars end_heading end tie_break score_track"
).split()
# The seed's scoring example: blue 4, red 2, green 2, yellow 1.
EXAMPLE = (4, 2, 2, 1)


# ------------------------------------------------------------------ records
def _colours(data: GameData) -> list[dict[str, str]]:
    raw = data.game.get("colours")
    if not isinstance(raw, list) or len(raw) != len(SHAPES):
        raise DataError(f"{data.where()}: game.colours: expected {len(SHAPES)} colour tables, got {raw!r}")
    colours = []
    for i, entry in enumerate(raw):
        table = table_with(data, f"game.colours[{i}]", entry, ("name", "rgb", "shape"))
        if not isinstance(table["rgb"], str) or not RGB.fullmatch(table["rgb"]):
            raise DataError(
                f'{data.where()}: game.colours[{i}].rgb: expected "#rrggbb", got {table["rgb"]!r}'
            )
        if table["shape"] not in SHAPES:
            raise DataError(
                f"{data.where()}: game.colours[{i}].shape: expected one of {', '.join(SHAPES)}, "
                f"got {table['shape']!r}"
            )
        colours.append({k: table[k] for k in ("name", "rgb", "shape")})
    if len({c["shape"] for c in colours}) != len(colours):
        raise DataError(f"{data.where()}: game.colours: every colour needs its own shape")
    return colours


def _rgb(data: GameData, key: str, value: Any) -> str:
    if not isinstance(value, str) or not RGB.fullmatch(value):
        raise DataError(f'{data.where()}: {key}: expected "#rrggbb", got {value!r}')
    return value


def _size(data: GameData, name: str) -> tuple[float, float]:
    comp = data.components.get(name)
    if not isinstance(comp, Mapping) or "size_mm" not in comp:
        raise DataError(f"{data.where()}: components.{name}.size_mm: missing")
    w, h = comp["size_mm"]
    return float(w), float(h)


def _text(data: GameData, name: str, keys: Sequence[str]) -> dict[str, Any]:
    return table_with(data, f"components.{name}.text", data.components[name].get("text"), keys)


def _tile_record(
    face: TileFace, colours: Sequence[Mapping[str, str]], look: Mapping[str, Any]
) -> dict[str, Any]:
    return {
        "edges": list(face.edges),
        "diagonals": list(face.diagonals),
        "brands": {s: [dict(colours[c]) for c in b] for s, b in zip(SECTIONS, face.brands, strict=True)},
        "bars": {s: n for s, n in zip(SECTIONS, face.bars, strict=True)},
        **look,
    }


def _tiles(data: GameData, rules: Rules, colours: list[dict[str, str]], fonts: list[str]) -> list[Piece]:
    comp = data.components["tile"]
    faces = read_tiles(data.where(), data.game, data.components, rules["tile_set"], comp.get("count", 0))
    look = {
        "ground": _rgb(data, "components.tile.ground_rgb", comp.get("ground_rgb")),
        "fence": _rgb(data, "components.tile.fence_rgb", comp.get("fence_rgb")),
        "bar": _rgb(data, "components.tile.bar_rgb", comp.get("bar_rgb")),
        "back": _rgb(data, "components.tile.back_rgb", comp.get("back_rgb")),
        "back_text": _text(data, "tile", ["back"])["back"],
        "fonts": fonts,
    }
    start = dict(_tile_record(faces[0], colours, look), mark=_text(data, "start_tile", ["mark"])["mark"])
    title = data.components["start_tile"]["title"]
    out = [Piece("start_tile", title, _size(data, "start_tile"), _draw_tile, _draw_tile_back, start)]
    size = _size(data, "tile")
    for i, face in enumerate(faces[1:], 1):
        record = dict(_tile_record(face, colours, look), number=i)
        out.append(
            Piece("tile", f"tile {i} ({rules['tile_set']})", size, _draw_tile, _draw_tile_back, record)
        )
    return out


def _track(data: GameData, colours: list[dict[str, str]], fonts: list[str]) -> list[Piece]:
    comp = data.components["score_track"]
    spaces, per_row = comp.get("spaces"), comp.get("per_row")
    if not isinstance(spaces, int) or not isinstance(per_row, int) or spaces < 2 or per_row < 2:
        raise DataError(f"{data.where()}: components.score_track: expected spaces and per_row counts >= 2")
    words = _text(data, "score_track", TRACK_KEYS)
    record = {"spaces": spaces, "per_row": per_row, "words": words, "fonts": fonts, "colours": colours}
    track = Piece("score_track", comp["title"], _size(data, "score_track"), _draw_track, record=record)
    plus = _text(data, "score_marker", ["plus"])["plus"]
    markers = [
        Piece(
            "score_marker",
            f"score marker {c['name']}",
            _size(data, "score_marker"),
            _draw_marker,
            _draw_marker_back,
            {"colour": c, "plus": plus, "fonts": fonts},
        )
        for c in colours
    ]
    return [track, *markers]


def _brand_icon(colour: Mapping[str, str]) -> Drawn:
    def draw(canvas: Canvas, box: tuple[float, float, float, float], ink: Any) -> None:
        x, y, w, h = box
        brand(canvas, x + w / 2, y + h / 2, min(w, h), colour)

    return Drawn(draw)


def _reference(data: GameData, rules: Rules, colours: list[dict[str, str]], fonts: list[str]) -> list[Piece]:
    words = _text(data, "reference", REFERENCE_KEYS)
    for key, names in (
        ("colours", [c["name"] for c in colours]),
        ("rotation", ["true", "false"]),
        ("connected", ["true", "false"]),
        # the words for every value the option allows (at least for the one in force)
        ("bars", data.options["relocation_lock"].get("choices", [rules["relocation_lock"]])),
        ("tie_break", data.options["tie_break"].get("choices", [rules["tie_break"]])),
    ):
        table_with(data, f"components.reference.text.{key}", words[key], names)
    names = words["colours"]
    gap = words["sentence_join"]
    v = rules.values
    n = rules.players

    def filled(name: str, **values: Any) -> str:
        return fill_text(data, f"components.reference.text.{name}", words[name], values)

    setup = filled("setup", tiles=data.components["tile"].get("count", 0), players=n)
    if n < len(colours):
        npcs = words["join"].join(names[c["name"]] for c in colours[n:])
        setup += gap + filled("npc", players=n, npcs=npcs)
    turn = words["turn"] + gap + words["rotation"][str(v["rotation"]).lower()]
    bars = (
        words["bars"][v["relocation_lock"]] + gap + words["connected"][str(v["relocation_connected"]).lower()]
    )
    end = gap.join((words["end"], words["tie_break"][v["tie_break"]], words["score_track"]))
    points = town_points(EXAMPLE)
    ranks = sorted(set(EXAMPLE), reverse=True)
    example = [
        {
            "rank": filled("rank", n=ranks.index(count) + 1),
            "colour": c["name"],
            "name": names[c["name"]],
            "count": count,
            "points": p,
        }
        for c, count, p in zip(colours, EXAMPLE, points, strict=True)
    ]
    sections = [
        [words["setup_heading"], setup],
        [words["turn_heading"], turn],
        [words["town_heading"], words["town"]],
        [words["score_heading"], words["score"]],
        [words["bars_heading"], bars if v["relocation"] else words["no_bars"]],
        [words["end_heading"], end],
    ]
    legend = "   ".join(f":{c['name']}: {names[c['name']]}" for c in colours)
    table = {
        "head": list(words["example_columns"]),
        "rows": [
            [r["rank"], f":{r['colour']}: {r['name']}", str(r["count"]), f"<b>{r['points']}</b>"]
            for r in example
        ],
        "lines": "none",
        "widths": [0.12, 0.3, 0.18, 0.4],
        "width": 0.6,
        "align": "left",
        "row_height": 1.7,
    }
    body = [f"<b>{words['brands_heading']}</b>  {legend}"]
    for k, (heading, text) in enumerate(sections):
        body.append(f"<b>{heading}</b>\n{text}")
        if k == 3:  # the seed's scoring example, under the scoring rule
            body += [f"<b>{words['example_heading']}</b>", table, words["example_note"]]
    fields = {
        "title": filled("title", game=data.title),
        "subtitle": filled("subtitle", players=n),
        "sections": sections,
        "example": example,
        "body": body,
    }
    icons = {c["name"]: _brand_icon(c) for c in colours}
    rows = [RowSpec(fields, 1, data.components["reference"]["title"])]
    return layout_pieces(data, "reference", rows, icons)


def pieces(data: GameData, rules: Rules) -> list[Piece]:
    """The start tile, the tiles of the chosen set, the score track and markers, the player reference."""
    colours = _colours(data)
    fam = family(data.lang)
    fonts = [fam.regular, fam.bold]
    return [
        *_tiles(data, rules, colours, fonts),
        *_track(data, colours, fonts),
        *_reference(data, rules, colours, fonts),
    ]


# ------------------------------------------------------------------ drawing
def _fit(text: str, font: str, size: float, width: float) -> float:
    """`size`, or smaller so that `text` fits `width` points."""
    return min(size, size * width / stringWidth(text, font, size))


def _polygon(canvas: Canvas, points: Sequence[tuple[float, float]]) -> None:
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    canvas.drawPath(path, stroke=1, fill=1)


def brand(canvas: Canvas, x: float, y: float, size: float, colour: Mapping[str, str]) -> None:
    """A brand: its colour's shape centred on (x, y), `size` points across, outlined in ink."""
    canvas.saveState()
    canvas.setFillColor(HexColor(colour["rgb"]))
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(max(0.5, size * 0.07))
    r = size / 2
    shape = colour["shape"]
    if shape == "circle":
        canvas.circle(x, y, r * 0.92, stroke=1, fill=1)
    elif shape == "square":
        canvas.rect(x - r * 0.82, y - r * 0.82, r * 1.64, r * 1.64, stroke=1, fill=1)
    else:
        if shape == "triangle":
            points = [(x, y + r), (x + r * 0.95, y - r * 0.75), (x - r * 0.95, y - r * 0.75)]
        else:
            points = [(x, y + r * 1.05), (x + r * 0.8, y), (x, y - r * 1.05), (x - r * 0.8, y)]
        _polygon(canvas, points)
    canvas.restoreState()


def _bar(canvas: Canvas, x: float, y: float, size: float, rgb: str) -> None:
    """A silver bar: an ingot (a trapezoid with a lighter top) centred on (x, y)."""
    w, h = size, size * 0.5
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(max(0.5, size * 0.06))
    canvas.setFillColor(HexColor(rgb))
    _polygon(
        canvas,
        [
            (x - w / 2, y - h / 2),
            (x + w / 2, y - h / 2),
            (x + w * 0.32, y + h / 2),
            (x - w * 0.32, y + h / 2),
        ],
    )
    canvas.setStrokeColor(white)
    canvas.line(x - w * 0.22, y + h * 0.22, x + w * 0.22, y + h * 0.22)
    canvas.restoreState()


def _draw_tile(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(rec["ground"]))
    canvas.saveState()
    cx, cy = w / 2, h / 2
    corners = {"NE": (w, h), "SE": (w, 0), "SW": (0, 0), "NW": (0, h)}
    canvas.setStrokeColor(FAINT)
    canvas.setLineWidth(0.4)
    canvas.setDash(1.5, 2)
    for corner in corners.values():
        canvas.line(cx, cy, *corner)
    canvas.setDash()
    fence = HexColor(rec["fence"])
    width = w * 0.045
    canvas.setStrokeColor(fence)
    canvas.setLineWidth(width)
    canvas.setLineCap(1)
    for name, on in zip(("NE", "SE", "SW", "NW"), rec["diagonals"], strict=True):
        if on:
            canvas.line(cx, cy, *corners[name])
    # an edge fence runs from inside the trim out through the bleed, so a cut that drifts still shows it
    b = piece.bleed_mm * mm
    band = width * 1.2
    edge_bands = {
        "N": (-b, h - band, w + 2 * b, band + b),
        "E": (w - band, -b, band + b, h + 2 * b),
        "S": (-b, -b, w + 2 * b, band + b),
        "W": (-b, -b, band + b, h + 2 * b),
    }
    canvas.setFillColor(fence)
    for name, on in zip(SECTIONS, rec["edges"], strict=True):
        if on:
            canvas.rect(*edge_bands[name], stroke=0, fill=1)
    size = w * 0.16
    for section in SECTIONS:
        items: list[Any] = [("brand", c) for c in rec["brands"][section]]
        items += [("bar", None)] * rec["bars"][section]
        fx, fy = SECTION_CENTRES[section]
        ax, ay = SECTION_ACROSS[section]
        for i, (kind, colour) in enumerate(items):
            offset = (i - (len(items) - 1) / 2) * size * 1.15
            x, y = cx + fx * w + ax * offset, cy + fy * h + ay * offset
            if kind == "brand":
                brand(canvas, x, y, size, colour)
            else:
                _bar(canvas, x, y, size * 1.1, rec["bar"])
    if "mark" in rec:
        canvas.setStrokeColor(white)
        canvas.setLineWidth(w * 0.02)
        canvas.rect(w * 0.1, h * 0.1, w * 0.8, h * 0.8, stroke=1, fill=0)
        bold = rec["fonts"][1]
        text = _fit(rec["mark"], bold, h * 0.07, w * 0.3)
        canvas.setFillColor(INK)
        canvas.setFont(bold, text)
        canvas.drawCentredString(cx, h * 0.115, rec["mark"])
    else:
        number, size = str(rec["number"]), h * 0.05
        width = stringWidth(number, rec["fonts"][0], size)
        canvas.setFillColor(white)  # a light chip, so the number reads on any section colour
        canvas.rect(w - h * 0.07 - width, h * 0.035, width + h * 0.04, size * 1.05, stroke=0, fill=1)
        canvas.setFillColor(INK)
        canvas.setFont(rec["fonts"][0], size)
        canvas.drawRightString(w - h * 0.05, h * 0.05, number)
    canvas.restoreState()


def _draw_tile_back(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(rec["back"]))
    canvas.saveState()
    canvas.setStrokeColor(HexColor(rec["ground"]))
    canvas.setLineWidth(w * 0.02)
    canvas.rect(w * 0.08, h * 0.08, w * 0.84, h * 0.84, stroke=1, fill=0)
    bold = rec["fonts"][1]
    text = _fit(rec["back_text"], bold, h * 0.1, w * 0.72)
    canvas.setFillColor(HexColor(rec["ground"]))
    canvas.setFont(bold, text)
    canvas.drawCentredString(w / 2, h / 2 - text * 0.36, rec["back_text"])
    canvas.restoreState()


def _draw_track(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    font, bold = rec["fonts"]
    spaces, per_row = rec["spaces"], rec["per_row"]
    rows = -(-spaces // per_row)
    fill_bleed(canvas, piece, HexColor("#f6efdc"))
    canvas.saveState()
    pad = h * 0.05
    head = h * 0.1
    canvas.setFillColor(INK)
    canvas.setFont(bold, head * 0.8)
    canvas.drawString(pad, h - pad - head * 0.8, rec["words"]["title"])
    note = rec["words"]["plus"]
    size = _fit(note, font, head * 0.45, w * 0.7)
    canvas.setFont(font, size)
    canvas.drawRightString(w - pad, h - pad - head * 0.7, note)
    top = h - 2 * pad - head
    cell_w = (w - 2 * pad) / per_row
    cell_h = (top - pad) / rows
    canvas.setLineWidth(0.8)
    for n in range(spaces):
        row, col = divmod(n, per_row)
        if row % 2:
            col = per_row - 1 - col  # the zig-zag: every other row runs back
        x = pad + col * cell_w
        y = top - (row + 1) * cell_h
        canvas.setFillColor(HexColor("#eadcb8") if n % 5 else HexColor("#d9c28f"))
        canvas.setStrokeColor(HexColor("#5a3a1e"))
        canvas.rect(x + 1, y + 1, cell_w - 2, cell_h - 2, stroke=1, fill=1)
        canvas.setFillColor(INK)
        canvas.setFont(bold, cell_h * 0.32)
        canvas.drawString(x + cell_w * 0.1, y + cell_h * 0.62, str(n))
    canvas.restoreState()


def _draw_marker(canvas: Canvas, piece: Piece) -> None:
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, white)
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    canvas.rect(0, 0, w, h, stroke=1, fill=0)
    brand(canvas, w / 2, h / 2, min(w, h) * 0.7, rec["colour"])
    canvas.restoreState()


def _draw_marker_back(canvas: Canvas, piece: Piece) -> None:
    """The +20 side: the colour as a ring, so that the marker still tells whose it is."""
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    fill_bleed(canvas, piece, HexColor(rec["colour"]["rgb"]))  # the ring reaches the trim: on into the bleed
    canvas.saveState()
    ring = min(w, h) * 0.12
    canvas.setFillColor(white)
    canvas.rect(ring, ring, w - 2 * ring, h - 2 * ring, stroke=0, fill=1)
    bold = rec["fonts"][1]
    size = _fit(rec["plus"], bold, h * 0.36, w * 0.66)
    canvas.setFillColor(INK)
    canvas.setFont(bold, size)
    canvas.drawCentredString(w / 2, h / 2 - size * 0.36, rec["plus"])
    canvas.restoreState()
