"""Twinkle Twinkle's printed components: 95 tiles, 4 star charts, the observation board, the score
references (green front, blue back) and the standee tokens.

Everything is read from `data/twinkle_twinkle/twinkle_twinkle.toml`. The tiles come from the
tile list through `records.read_tiles`, the records the engine
links by: each exit line is drawn from its star (`exit_lines`) to the exact
edge midpoint or corner of the tile, and on past the trim into the bleed, so
that printed tiles meet where the simulated ones link. Stars are joined by
lines in the order listed; new stars are white with an outline; slow tiles
carry a clock mark in a corner that no line reaches; a tile of another kind
than stars shows its picture and its kind's name (`components.tile.names`).
The charts and the observation board are labelled by their component's
`title` (their names in the Tabletop Simulator export and the proofs).

The star charts print the grid of `rules.chart` at the tile size with the two
constellation tables of `rules.constellations` under it; the observation
board has rows for the largest opening rows of any player count and a turn
order track for the most standees in play; every number on a reference is
formatted into its text from the rules in force (`{key}` is a number of
`rules.<reference>`, `{key_pts}` the same with its unit from `game.units`).
Every printed word is read from the data file in the language `data.lang`
chose, and set in the fonts of `printkit.output.fonts.family(data.lang)`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.datafile.gamedata import GameData, Rules
from printkit.datafile.texts import fill_text
from printkit.draw.records import table_with
from printkit.errors import DataError
from printkit.layouts.components import RowSpec, layout_pieces
from printkit.layouts.icons import Drawn
from printkit.output.colours import ink_on
from printkit.output.fonts import family
from printkit.pieces.contract import Piece, count_by_component, fill_bleed
from printkit.pieces.piece_backs import with_generic_back

from .aid import aid_pieces_for
from .records import (
    EXIT_POINTS,
    KINDS,
    REFERENCES,
    TileRecord,
    check_sides,
    exit_lines,
    read_tiles,
    star_point,
)

RGB = re.compile(r"#[0-9a-fA-F]{6}")
REFERENCE_KIND = {
    "comets": "comet",
    "asteroids": "asteroid",
    "planets": "planet",
    "black_holes": "black_hole",
    "satellites": "satellite",
}
TILE_COLOURS = (
    *KINDS,
    "line",
    "star_fill",
    "new_star_fill",
    "new_star_outline",
    "mark",
    "rock",
    "crater",
    "planet_body",
    "planet_ring",
    "hole_disc",
    "hole_ring",
    "comet_head",
    "comet_tail",
    "satellite_body",
    "satellite_panel",
)
CORNERS = ("NW", "NE", "SE", "SW")
NAMED_KINDS = tuple(k for k in KINDS if k != "star")  # a star tile shows its stars and lines, no name
LINE_WIDTH = 0.045  # of the tile side
REFERENCE_TEXT_PT = 10.0
STAR_RADIUS = 0.095
CHART_MARGIN_MM = 8.0
CHART_TITLE_MM = 12.0
CHART_TABLES_MM = 44.0
BOARD_PAD_MM = 7.0
BOARD_GAP_MM = 3.0
BOARD_LABEL_MM = 7.0
BOARD_TITLE_MM = 12.0


# ------------------------------------------------------------- reading data
def _component(data: GameData, name: str) -> Mapping[str, Any]:
    comp = data.components.get(name)
    if not isinstance(comp, Mapping):
        raise DataError(f"{data.where()}: components.{name}: missing table")
    return comp


def _colours(data: GameData, key: str, raw: Any, names: Sequence[str]) -> dict[str, str]:
    table = table_with(data, key, raw, names)
    for name in names:
        if not isinstance(table[name], str) or not RGB.fullmatch(table[name]):
            raise DataError(f'{data.where()}: {key}.{name}: expected a colour "#rrggbb", got {table[name]!r}')
    return {name: table[name] for name in names}


def _texts(data: GameData, key: str, raw: Any, names: Sequence[str]) -> dict[str, str]:
    table = table_with(data, key, raw, names)
    for name in names:
        if not isinstance(table[name], str):
            raise DataError(f"{data.where()}: {key}.{name}: expected a string, got {table[name]!r}")
    return {name: table[name] for name in names}


def _size(data: GameData, name: str) -> tuple[float, float]:
    size = _component(data, name).get("size_mm")
    if size is None:
        raise DataError(f"{data.where()}: components.{name}.size_mm: missing, expected [width, height] in mm")
    return (float(size[0]), float(size[1]))


def _with_unit(data: GameData, units: Mapping[str, str], value: int) -> str:
    """A number of points in words, from `game.units`: "1 point", "3 points"."""
    name = "point" if value == 1 else "points"
    return fill_text(data, f"game.units.{name}", units[name], {"n": value})


def fill_numbers(data: GameData, key: str, template: str, numbers: Mapping[str, Any]) -> str:
    """`template` with `{name}` replaced by a number of `numbers` and `{name_pts}` by it with its unit."""
    units = _texts(data, "game.units", data.game.get("units"), ("point", "points"))
    values: dict[str, str] = {}
    for name, value in numbers.items():
        if isinstance(value, int) and not isinstance(value, bool):
            values[name] = str(value)
            values[f"{name}_pts"] = _with_unit(data, units, value)
    return fill_text(data, key, template, values)


def table_labels(start: int, count: int) -> list[str]:
    """Column labels of a score table starting at `start`: the last one is `N+`."""
    return [str(start + i) + ("+" if i == count - 1 else "") for i in range(count)]


# ------------------------------------------------------------------ pieces
def pieces(data: GameData, rules: Rules) -> list[Piece]:
    """Tiles, star charts, the observation board, references (front green, back blue), standees."""
    check_sides(rules.values, data.where())
    tile_comp = _component(data, "tile")
    colours = _colours(data, "components.tile.colours", tile_comp.get("colours"), TILE_COLOURS)
    names = _texts(data, "components.tile.names", tile_comp.get("names"), NAMED_KINDS)
    tile_size = _size(data, "tile")
    records = read_tiles(data.components, data.where())
    fam = family(data.lang)
    fonts = [fam.regular, fam.bold]
    tiles = [
        Piece(
            component="tile",
            label=f"tile {r.id}",
            size_mm=tile_size,
            draw_front=draw_tile,
            record=tile_record(r, colours, names, fonts),
        )
        for r in records
    ]
    out = with_generic_back(data, "tile", tiles)  # drawn from a bag: one back for all
    out += _charts(data, rules, colours, tile_size, fonts)
    out.append(_board(data, rules, colours, tile_size, fonts))
    out += _references(data, rules, colours, fonts)
    out += _standees(data, fonts)
    out += aid_pieces_for(data, rules)
    made = count_by_component(out)
    for name, comp in data.components.items():
        if "count" in comp and comp["count"] != made.get(name, 0):
            raise DataError(
                f"{data.where()}: components.{name}.count: says {comp['count']}, "
                f"the data makes {made.get(name, 0)} (check its list, sets or colours)"
            )
    return out


def tile_record(
    r: TileRecord, colours: Mapping[str, str], names: Mapping[str, str], fonts: list[str]
) -> dict[str, Any]:
    """What a tile is drawn from: its data-file record, its colours, its kind's name and the fonts."""
    return {
        "id": r.id,
        "kind": r.kind,
        "stars": [list(p) for p in r.stars],
        "new": list(r.new),
        "exits": list(r.exits),
        "slow": r.slow,
        "name": names.get(r.kind, ""),  # a star tile has none
        "colours": dict(colours),
        "fonts": fonts,
    }


def _record_tile(record: Mapping[str, Any]) -> TileRecord:
    return TileRecord(
        index=0,
        id=record["id"],
        kind=record["kind"],
        stars=tuple(tuple(p) for p in record["stars"]),
        new=tuple(record["new"]),
        exits=tuple(record["exits"]),
        slow=record["slow"],
    )


def _charts(
    data: GameData, rules: Rules, colours: Mapping[str, str], tile: tuple[float, float], fonts: list[str]
) -> list[Piece]:
    comp = _component(data, "chart")
    text = _texts(
        data,
        "components.chart.text",
        comp.get("text"),
        ("title", "size", "count", "stars", "constellations", "points", "new_star"),
    )
    con = rules["constellations"]
    numbers = {**con, "new_star_points": rules["new_star_points"]}
    filled = {
        k: fill_numbers(data, f"components.chart.text.{k}", v, numbers)
        for k, v in text.items()
        if k != "title"
    }
    rows, cols = rules["chart"]["rows"], rules["chart"]["cols"]
    width = cols * tile[0] + 2 * CHART_MARGIN_MM
    height = rows * tile[1] + CHART_TITLE_MM + CHART_TABLES_MM + CHART_MARGIN_MM
    standees = _standee_colours(data)
    count = comp.get("count", 1)
    return [
        Piece(
            component="chart",
            label=f"{comp['title']} {n + 1}",
            size_mm=(width, height),
            draw_front=draw_chart,
            record={
                "number": n + 1,
                "title": fill_numbers(data, "components.chart.text.title", text["title"], {"chart": n + 1}),
                "rows": rows,
                "cols": cols,
                "tile_mm": list(tile),
                "text": filled,
                "size_table": [
                    table_labels(con["size_from"], len(con["size_points"])),
                    list(con["size_points"]),
                ],
                "count_table": [
                    table_labels(con["count_from"], len(con["count_points"])),
                    list(con["count_points"]),
                ],
                "colours": {"background": colours["star"], "line": colours["line"], "mark": colours["mark"]},
                "accent": standees[n % len(standees)]["rgb"],
                "fonts": fonts,
            },
        )
        for n in range(count)
    ]


def _board(
    data: GameData, rules: Rules, colours: Mapping[str, str], tile: tuple[float, float], fonts: list[str]
) -> Piece:
    comp = _component(data, "observation_board")
    text = _texts(
        data,
        "components.observation_board.text",
        comp.get("text"),
        ("title", "current", "next", "order", "slow"),
    )
    counts = [str(n) for n in data.player_counts]
    opening, standees = rules["opening"], rules["standees"]
    for key, table in (("opening", opening), ("standees", standees)):
        for n in counts:
            if n not in table:
                raise DataError(f"{data.where()}: rules.{key}.{n}: missing for {n} players")
    current = max(opening[n][0] for n in counts)
    following = max(opening[n][1] for n in counts)
    track = max(int(n) * standees[n] for n in counts)
    slots = max(current, following, track)
    width = slots * tile[0] + (slots - 1) * BOARD_GAP_MM + 2 * BOARD_PAD_MM
    height = BOARD_TITLE_MM + 3 * BOARD_LABEL_MM + 2 * tile[1] + 0.8 * tile[1] + 2 * BOARD_PAD_MM
    return Piece(
        component="observation_board",
        label=comp["title"],
        size_mm=(width, height),
        draw_front=draw_board,
        record={
            "current": current,
            "next": following,
            "track": track,
            "tile_mm": list(tile),
            "text": text,
            "colours": {"background": colours["star"], "line": colours["line"], "mark": colours["mark"]},
            "fonts": fonts,
        },
    )


def _reference_face(
    data: GameData,
    ref: str,
    side: str,
    raw: Mapping[str, str],
    numbers: Mapping[str, Any],
    labels: Mapping[str, str],
    colours: Mapping[str, str],
) -> dict[str, Any]:
    """The fields of one side of a score reference: its colours, words and scoring text."""
    key = f"components.reference.text.{ref}"
    body: list[Any] = [fill_numbers(data, f"{key}.{side}", raw[side], numbers)]
    if ref == "asteroids":  # the cluster sizes and points, a grid as on the rulebook's card
        points = list(numbers["points"])
        sizes, scores = table_labels(1, len(points)), [str(p) for p in points]
        rows = [
            [f"<b>{labels['size']}</b>", *sizes],
            [f"<b>{labels['points']}</b>", *(f"<b>{p}</b>" for p in scores)],
        ]
        body.append(
            {"rows": rows, "lines": "grid", "widths": [0.26], "scale": 0.8, "row_height": 1.7, "gap": True}
        )
        if side == "blue":
            body.append("<b>" + fill_numbers(data, f"{key}.blue_after", raw["blue_after"], numbers) + "</b>")
    return {"ground": colours[side], "side_name": labels[f"side_{side}"], "body": body}


def _references(
    data: GameData, rules: Rules, colours: Mapping[str, str], fonts: list[str]
) -> list[Piece]:
    """Each score reference, `sets` times: the green side on the front, the blue side on its back."""
    comp = _component(data, "reference")
    side_colours = _colours(
        data, "components.reference.colours", comp.get("colours"), ("green", "blue", "text", "panel", "ink")
    )
    sides = _texts(data, "components.reference.side_names", comp.get("side_names"), ("green", "blue"))
    table = _texts(data, "components.reference.table", comp.get("table"), ("size", "points"))
    labels = {**table, "side_green": sides["green"], "side_blue": sides["blue"]}
    sets = comp.get("sets", 1)
    if not isinstance(sets, int) or isinstance(sets, bool) or sets < 1:
        raise DataError(f"{data.where()}: components.reference.sets: expected a count >= 1, got {sets!r}")
    texts = table_with(data, "components.reference.text", comp.get("text"), REFERENCES)
    rows = []
    for ref in REFERENCES:
        key = f"components.reference.text.{ref}"
        needed = ("name", "green", "blue") + (("blue_after",) if ref == "asteroids" else ())
        raw = _texts(data, key, texts[ref], needed)
        kind = REFERENCE_KIND[ref]
        common = {
            "reference": ref,
            "kind": kind,
            "name": raw["name"],
            "footer": comp.get("footer", ""),
            "icon_rgb": colours[kind],
            "text_rgb": side_colours["text"],
            "panel_rgb": side_colours["panel"],
            "ink_rgb": side_colours["ink"],
        }
        front = _reference_face(data, ref, "green", raw, rules[ref], labels, side_colours)
        back = _reference_face(data, ref, "blue", raw, rules[ref], labels, side_colours)
        rows.append(RowSpec({**common, **front}, sets, f"{raw['name']} reference", back_fields=back))
    icons = {kind: _picture_icon(kind, colours) for kind in REFERENCE_KIND.values()}
    return layout_pieces(data, "reference", rows, icons)


def _picture_icon(kind: str, colours: Mapping[str, str]) -> Drawn:
    """A kind of tile's picture, for the references' layout."""
    icon_col = {k: HexColor(v) for k, v in colours.items()}

    def draw(canvas: Canvas, box: tuple[float, float, float, float], colour: Color) -> None:
        x, y, w, h = box
        _draw_picture(canvas, kind, x + w / 2, y + h / 2, min(w, h), icon_col)

    return Drawn(draw)


def _standee_colours(data: GameData) -> list[dict[str, str]]:
    raw = _component(data, "standee").get("colours")
    if not isinstance(raw, list) or not raw:
        raise DataError(f"{data.where()}: components.standee.colours: expected a list of {{ name, rgb }}")
    out = []
    for i, entry in enumerate(raw):
        key = f"components.standee.colours[{i}]"
        out.append(
            {
                **_texts(data, key, entry, ("name",)),
                **_colours(data, key, entry, ("rgb",)),
            }
        )
    return out


def _standees(data: GameData, fonts: list[str]) -> list[Piece]:
    size = _size(data, "standee")
    return [
        Piece(
            component="standee",
            label=f"standee {c['name']}",
            size_mm=size,
            draw_front=draw_standee,
            record={"name": c["name"], "rgb": c["rgb"], "number": i + 1, "fonts": fonts},
        )
        for i, c in enumerate(_standee_colours(data))
    ]


# ----------------------------------------------------------------- drawing
def _star(canvas: Canvas, cx: float, cy: float, r: float, fill: Color, outline: Color | None = None) -> None:
    """A five-pointed star centred on (cx, cy), outer radius r (points)."""
    path = canvas.beginPath()
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        if i == 0:
            path.moveTo(x, y)
        else:
            path.lineTo(x, y)
    path.close()
    canvas.setFillColor(fill)
    if outline is not None:
        canvas.setStrokeColor(outline)
        canvas.setLineWidth(max(0.6, r * 0.12))
        canvas.setLineJoin(1)
    canvas.drawPath(path, stroke=1 if outline is not None else 0, fill=1)


def exit_segments(
    record: Mapping[str, Any], side: float, bleed: float = 0.0
) -> list[tuple[str, tuple[float, ...]]]:
    """(exit, (x1, y1, x2, y2)) in points for each exit line of a star tile drawn `side` points wide.

    The line runs from its star to the exit's point on the trim edge and on by
    `bleed` points in the same direction.
    """
    tile = _record_tile(record)
    out = []
    for star, name in exit_lines(tile):
        sx, sy = star_point(tile.stars[star])
        ex, ey = EXIT_POINTS[name]
        x1, y1, x2, y2 = sx * side, (1 - sy) * side, ex * side, (1 - ey) * side
        length = math.hypot(x2 - x1, y2 - y1)
        if bleed and length:
            x2 += (x2 - x1) / length * bleed * math.sqrt(2)
            y2 += (y2 - y1) / length * bleed * math.sqrt(2)
        out.append((name, (x1, y1, x2, y2)))
    return out


def draw_tile(canvas: Canvas, piece: Piece) -> None:
    """A tile at the origin: its kind's background and picture, or its stars and lines."""
    rec = piece.record
    font, bold = rec["fonts"]
    side = piece.width_mm * mm
    col = {k: HexColor(v) for k, v in rec["colours"].items()}
    canvas.saveState()
    fill_bleed(canvas, piece, col[rec["kind"]])
    if rec["kind"] == "star":
        _draw_star_tile(canvas, rec, side, piece.bleed_mm * mm, col)
        free = [c for c in CORNERS if c not in rec["exits"]]
    else:
        _draw_picture(canvas, rec["kind"], side / 2, side * 0.56, side * 0.62, col, rec["id"])
        canvas.setFillColor(col["mark"])
        canvas.setFont(bold, side * 0.1)
        canvas.drawCentredString(side / 2, side * 0.08, rec["name"].upper())
        free = ["NW", "NE"]  # the name runs along the bottom
    if rec["slow"] and free:
        _clock(canvas, *_corner(free.pop(0), side), side * 0.085, col["mark"])
    if free and rec["id"]:
        x, y = _corner(free[-1], side)
        canvas.setFillColor(col["mark"])
        canvas.setFillAlpha(0.55)
        canvas.setFont(font, side * 0.075)
        canvas.drawCentredString(x, y - side * 0.025, rec["id"])
    canvas.restoreState()


def _corner(name: str, side: float) -> tuple[float, float]:
    """The centre of the free space in a corner of the tile."""
    fx, fy = EXIT_POINTS[name]
    inset = 0.13
    return ((inset if fx == 0 else 1 - inset) * side, (1 - (inset if fy == 0 else 1 - inset)) * side)


def _draw_star_tile(
    canvas: Canvas, rec: Mapping[str, Any], side: float, bleed: float, col: Mapping[str, Color]
) -> None:
    width = LINE_WIDTH * side
    canvas.setStrokeColor(col["line"])
    canvas.setLineWidth(width)
    canvas.setLineCap(1)
    points = [star_point(p) for p in rec["stars"]]
    xy = [(x * side, (1 - y) * side) for x, y in points]
    for (x1, y1), (x2, y2) in zip(xy, xy[1:], strict=False):
        canvas.line(x1, y1, x2, y2)
    canvas.setLineCap(0)  # butt ends: the exit line stops exactly at the trim (or runs on into the bleed)
    canvas.setFillColor(col["line"])
    for _, (x1, y1, x2, y2) in exit_segments(rec, side, bleed):
        canvas.line(x1, y1, x2, y2)
    for name in rec["exits"]:
        ex, ey = EXIT_POINTS[name]
        canvas.circle(ex * side, (1 - ey) * side, width * 1.1, stroke=0, fill=1)
    for (x, y), new in zip(xy, rec["new"], strict=True):
        if new:
            _star(canvas, x, y, STAR_RADIUS * side, col["new_star_fill"], col["new_star_outline"])
        else:
            _star(canvas, x, y, STAR_RADIUS * side, col["star_fill"])


def _clock(canvas: Canvas, cx: float, cy: float, r: float, colour: Color) -> None:
    canvas.saveState()
    canvas.setStrokeColor(colour)
    canvas.setFillColor(colour)
    canvas.setLineWidth(r * 0.2)
    canvas.setLineCap(1)
    canvas.circle(cx, cy, r, stroke=1, fill=0)
    canvas.line(cx, cy, cx, cy + r * 0.65)
    canvas.line(cx, cy, cx + r * 0.5, cy)
    canvas.circle(cx, cy, r * 0.12, stroke=0, fill=1)
    canvas.restoreState()


def _draw_picture(
    canvas: Canvas, kind: str, cx: float, cy: float, size: float, col: Mapping[str, Color], variety: str = ""
) -> None:
    """The picture of a kind of tile in a square of `size` points centred on (cx, cy)."""
    s = size / 2
    spin = sum(map(ord, variety)) % 6 * 60  # turn the picture a little per tile, for variety
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.setLineJoin(1)
    if kind == "asteroid":
        canvas.rotate(spin)
        outline = [0.85, 0.7, 0.92, 0.75, 0.88, 0.66, 0.9, 0.78, 0.83]
        path = canvas.beginPath()
        for i, k in enumerate(outline):
            a = 2 * math.pi * i / len(outline)
            (path.moveTo if i == 0 else path.lineTo)(k * s * math.cos(a), k * s * math.sin(a))
        path.close()
        canvas.setFillColor(col["rock"])
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.setFillColor(col["crater"])
        for x, y, r in ((-0.3, 0.2, 0.16), (0.25, -0.15, 0.2), (0.1, 0.4, 0.09), (-0.2, -0.4, 0.1)):
            canvas.circle(x * s, y * s, r * s, stroke=0, fill=1)
    elif kind == "planet":
        canvas.setFillColor(col["planet_body"])
        canvas.circle(0, 0, 0.55 * s, stroke=0, fill=1)
        canvas.rotate(-20)
        canvas.setStrokeColor(col["planet_ring"])
        canvas.setLineWidth(0.09 * s)
        canvas.ellipse(-0.95 * s, -0.25 * s, 0.95 * s, 0.25 * s, stroke=1, fill=0)
        canvas.setFillColor(col["planet_body"])  # the upper half of the body hides the ring behind it
        canvas.wedge(-0.55 * s, -0.55 * s, 0.55 * s, 0.55 * s, 0, 180, stroke=0, fill=1)
    elif kind == "black_hole":
        canvas.rotate(-15)
        canvas.setFillColor(col["hole_disc"])
        canvas.ellipse(-0.95 * s, -0.32 * s, 0.95 * s, 0.32 * s, stroke=0, fill=1)
        canvas.setStrokeColor(col["hole_ring"])
        canvas.setLineWidth(0.06 * s)
        canvas.circle(0, 0, 0.5 * s, stroke=1, fill=0)
        canvas.setFillColor(col["black_hole"])
        canvas.circle(0, 0, 0.44 * s, stroke=0, fill=1)
    elif kind == "comet":
        canvas.rotate(spin % 120 - 20)
        canvas.setFillColor(col["comet_tail"])
        for k, spread in enumerate((0.34, 0.22, 0.1)):
            path = canvas.beginPath()
            path.moveTo(0.45 * s, spread * s)
            path.lineTo(-0.95 * s, (0.05 - 0.1 * k) * s)
            path.lineTo(0.45 * s, -spread * s)
            path.close()
            canvas.setFillAlpha(0.45 + 0.25 * k)
            canvas.drawPath(path, stroke=0, fill=1)
        canvas.setFillAlpha(1)
        canvas.setFillColor(col["comet_head"])
        canvas.circle(0.5 * s, 0, 0.3 * s, stroke=0, fill=1)
    elif kind == "satellite":
        canvas.rotate(spin % 90 - 30)
        canvas.setFillColor(col["satellite_panel"])
        canvas.setStrokeColor(col["satellite_body"])
        canvas.setLineWidth(0.03 * s)
        for sign in (-1, 1):
            canvas.rect(
                sign * 0.3 * s - (0.6 * s if sign < 0 else 0), -0.22 * s, 0.6 * s, 0.44 * s, stroke=1, fill=1
            )
            canvas.line(sign * 0.6 * s, -0.22 * s, sign * 0.6 * s, 0.22 * s)
        canvas.setFillColor(col["satellite_body"])
        canvas.rect(-0.22 * s, -0.3 * s, 0.44 * s, 0.6 * s, stroke=0, fill=1)
        canvas.setStrokeColor(col["satellite_body"])
        canvas.line(0, 0.3 * s, 0, 0.55 * s)
        canvas.circle(0, 0.6 * s, 0.08 * s, stroke=0, fill=1)
    canvas.restoreState()


def _grid_table(
    canvas: Canvas,
    x: float,
    y: float,
    width: float,
    rows: Sequence[Sequence[str]],
    size: float,
    colour: Color,
    fonts: Sequence[str],
) -> float:
    """A table of equal columns whose first column is a label; returns its height (points)."""
    cols = len(rows[0])
    label_w = width * 0.26
    cell = (width - label_w) / (cols - 1)
    row_h = size * 1.7
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(0.5)
    for i, row in enumerate(rows):
        top = y - i * row_h
        canvas.setFillColor(colour)
        canvas.setFont(fonts[1], size)
        canvas.drawString(x + 2, top - row_h + size * 0.55, row[0])
        canvas.setFont(fonts[1] if i else fonts[0], size)
        for j, value in enumerate(row[1:]):
            cx = x + label_w + (j + 0.5) * cell
            canvas.drawCentredString(cx, top - row_h + size * 0.55, value)
        canvas.line(x, top - row_h, x + width, top - row_h)
    canvas.rect(x, y - len(rows) * row_h, width, len(rows) * row_h, stroke=1, fill=0)
    for j in range(cols - 1):
        lx = x + label_w + j * cell
        canvas.line(lx, y, lx, y - len(rows) * row_h)
    return len(rows) * row_h


def draw_chart(canvas: Canvas, piece: Piece) -> None:
    """A star chart: its title, the grid of empty spaces at tile size, and the two constellation tables."""
    rec = piece.record
    font, bold = fonts = rec["fonts"]
    text = rec["text"]
    col = {k: HexColor(v) for k, v in rec["colours"].items()}
    accent = HexColor(rec["accent"])
    w, h, b = piece.width_mm * mm, piece.height_mm * mm, piece.bleed_mm * mm
    tw, th = rec["tile_mm"][0] * mm, rec["tile_mm"][1] * mm
    margin = CHART_MARGIN_MM * mm
    canvas.saveState()
    fill_bleed(canvas, piece, col["background"])
    canvas.setFillColor(accent)  # the stripe reaches the trim, so it runs on into the bleed
    canvas.rect(-b, h - 3 * mm, w + 2 * b, 3 * mm + b, stroke=0, fill=1)
    canvas.setFillColor(col["mark"])
    canvas.setFont(bold, 14)
    canvas.drawString(margin, h - CHART_TITLE_MM * mm + 1 * mm, rec["title"])
    top = h - CHART_TITLE_MM * mm
    canvas.setStrokeColor(col["line"])
    canvas.setLineWidth(0.8)
    canvas.setDash(2, 2)
    for r in range(rec["rows"]):
        for c in range(rec["cols"]):
            canvas.rect(margin + c * tw, top - (r + 1) * th, tw, th, stroke=1, fill=0)
    canvas.setDash()
    canvas.setLineWidth(1.4)
    canvas.rect(margin, top - rec["rows"] * th, rec["cols"] * tw, rec["rows"] * th, stroke=1, fill=0)
    y = top - rec["rows"] * th - 7 * mm
    width = w - 2 * margin
    canvas.setFillColor(col["mark"])
    canvas.setFont(bold, 9)
    canvas.drawString(margin, y, text["size"])
    y -= 2 * mm
    size_rows = [[text["stars"], *rec["size_table"][0]], [text["points"], *map(str, rec["size_table"][1])]]
    y -= _grid_table(canvas, margin, y, width, size_rows, 8, col["mark"], fonts) + 6 * mm
    canvas.setFillColor(col["mark"])
    canvas.setFont(bold, 9)
    canvas.drawString(margin, y, text["count"])
    y -= 2 * mm
    count_rows = [
        [text["constellations"], *rec["count_table"][0]],
        [text["points"], *map(str, rec["count_table"][1])],
    ]
    y -= _grid_table(canvas, margin, y, width, count_rows, 8, col["mark"], fonts) + 5 * mm
    _star(canvas, margin + 2 * mm, y + 1 * mm, 2.2 * mm, HexColor("#ffffff"), col["line"])
    canvas.setFillColor(col["mark"])
    canvas.setFont(font, 8.5)
    canvas.drawString(margin + 6 * mm, y, text["new_star"])
    canvas.restoreState()


def draw_board(canvas: Canvas, piece: Piece) -> None:
    """The observation board: the current and next round rows and the turn order track."""
    rec = piece.record
    font, bold = rec["fonts"]
    text = rec["text"]
    col = {k: HexColor(v) for k, v in rec["colours"].items()}
    w, h = piece.width_mm * mm, piece.height_mm * mm
    tw, th = rec["tile_mm"][0] * mm, rec["tile_mm"][1] * mm
    pad, gap, label = BOARD_PAD_MM * mm, BOARD_GAP_MM * mm, BOARD_LABEL_MM * mm
    canvas.saveState()
    fill_bleed(canvas, piece, col["background"])
    canvas.setFillColor(col["mark"])
    canvas.setFont(bold, 14)
    canvas.drawString(pad, h - pad - 5 * mm, text["title"])
    canvas.setFont(font, 7.5)
    canvas.drawRightString(w - pad - 6 * mm, h - pad - 4.5 * mm, text["slow"])
    _clock(canvas, w - pad - 2.5 * mm, h - pad - 3.5 * mm, 2.2 * mm, col["mark"])
    y = h - BOARD_TITLE_MM * mm - pad
    for name, count in (("current", rec["current"]), ("next", rec["next"])):
        canvas.setFillColor(col["mark"])
        canvas.setFont(bold, 9)
        canvas.drawString(pad, y - 5 * mm, text[name])
        y -= label
        canvas.setStrokeColor(col["line"])
        canvas.setLineWidth(1)
        for i in range(count):
            canvas.roundRect(pad + i * (tw + gap), y - th, tw, th, 2 * mm, stroke=1, fill=0)
        # the clock at the right end: where slow tiles go
        _clock(canvas, pad + (count - 1) * (tw + gap) + tw - 4 * mm, y - th + 4 * mm, 2 * mm, col["line"])
        y -= th
    canvas.setFillColor(col["mark"])
    canvas.setFont(bold, 9)
    canvas.drawString(pad, y - 5 * mm, text["order"])
    y -= label
    r = 0.4 * th
    for i in range(rec["track"]):
        cx = pad + i * (tw + gap) + tw / 2
        canvas.setStrokeColor(col["line"])
        canvas.circle(cx, y - r - 1 * mm, r, stroke=1, fill=0)
        canvas.setFillColor(col["line"])
        canvas.setFont(bold, 12)
        canvas.drawCentredString(cx, y - r - 1 * mm - 4, str(i + 1))
        if i:
            canvas.setStrokeColor(col["line"])
            canvas.line(cx - tw - gap + r, y - r - 1 * mm, cx - r, y - r - 1 * mm)
    canvas.restoreState()


def draw_standee(canvas: Canvas, piece: Piece) -> None:
    """A standee token in its player's colour: a star and the colour's name."""
    rec = piece.record
    w, h = piece.width_mm * mm, piece.height_mm * mm
    canvas.saveState()
    fill_bleed(canvas, piece, HexColor(rec["rgb"]))
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.circle(w / 2, h * 0.58, min(w, h) * 0.32, stroke=0, fill=1)
    _star(canvas, w / 2, h * 0.57, min(w, h) * 0.27, HexColor(rec["rgb"]))
    canvas.setFillColor(ink_on(rec["rgb"]))
    canvas.setFont(rec["fonts"][1], 7)
    canvas.drawCentredString(w / 2, h * 0.1, rec["name"].upper())
    canvas.restoreState()
