"""Tiddly-Wink's printed components: the dominoes, the counters and a one-page rules reference.

Everything comes from `data/tiddly_wink/tiddly_wink.toml`: the set (`components.domino`:
`max_pips`, `count`, `size_mm` and colours), the counters (`components.counter`:
size and colour; as many as `rules.counters` for every seat of the rules in
force) and the reference sheet's size and words (`components.reference.text`,
in the language `data.lang` chose; the options' docs and `game.sources` come
translated the same way). The reference prints the resolved rules: a short
text written from the option values, then every option with its value, its
source and its documentation, so that a printed copy says which rules it was
balanced for. Text is set in the fonts of `printkit.output.fonts.family(data.lang)`
and wrapped with `printkit.output.fonts.wrap`.

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
from reportlab.pdfgen.canvas import Canvas

from printkit.datafile.gamedata import GameData, Rules
from printkit.datafile.texts import fill_text
from printkit.draw.aids import aid_pieces, card_fields
from printkit.draw.records import table_with
from printkit.errors import DataError
from printkit.layouts.elements import GRID, PIPS  # pip positions, as the layouts' pips draw them
from printkit.output.fonts import family
from printkit.pieces.contract import Piece, fill_bleed
from printkit.pieces.piece_backs import with_generic_back

INK = HexColor("#222222")
FAINT = HexColor("#777777")
CHANGED = HexColor("#b3261e")
RGB = re.compile(r"#[0-9a-fA-F]{6}")


# The reference's words (`components.reference.text`): the keys it must hold,
# the heads of the summary lines, and the summary's texts that are not tables
# keyed by an option's values.
KEY = "components.reference.text"
TEXT_KEYS = ("title", "colon", "counter_units", "heads", "rules")
HEADS = ("counters", "deal", "stake", "lead", "turn", "doubles", "round", "match")
RULE_TEXTS = ("counters", "deal", "stake", "lead", "lead_bonus", "turn")


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
    top = comp["max_pips"]  # its range is checked on load, for print and simulation alike
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
    fam = family(data.lang)
    record = {"rgb": _rgb(data, "counter", comp, "rgb"), "value": 1, "fonts": [fam.regular, fam.bold]}
    size = (float(comp["size_mm"][0]), float(comp["size_mm"][1]))
    total = rules["counters"] * rules.players
    return [Piece("counter", f"counter #{k + 1}", size, _draw_counter, record=record) for k in range(total)]


def _fill(data: GameData, key: str, template: str, **values: Any) -> str:
    """`template` with its `{name}` fields filled in (`printkit.datafile.texts.fill_text`)."""
    return fill_text(data, key, template, values)


def _value_key(value: Any) -> str:
    """How a rule's value names an entry of a words table: true/false for yes-no rules."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _choices(data: GameData, option: str) -> list[Any]:
    """Every value a rule may take: its option's choices, or true and false for a yes-no rule."""
    if isinstance(data.rules[option], bool):
        return [True, False]
    return list(data.options[option].get("choices", []))


def _by_value(data: GameData, words: Mapping[str, Any], key: str, option: str, value: Any) -> str:
    """The words of table `key` for the value of `option` in force; the table needs every value."""
    names = [_value_key(v) for v in _choices(data, option)]
    table = table_with(data, f"{KEY}.rules.{key}", words.get(key), names)
    return table[_value_key(value)]


def _counters_text(data: GameData, words: Mapping[str, Any], n: int) -> str:
    """`n` counters in words: "1 counter", "3 counters"."""
    units = table_with(data, f"{KEY}.counter_units", words["counter_units"], ("one", "many"))
    one_or_many = "one" if n == 1 else "many"
    return _fill(data, f"{KEY}.counter_units.{one_or_many}", units[one_or_many], n=n)


def _reference_words(data: GameData) -> dict[str, Any]:
    """The reference's printed words (`components.reference.text`), every key present."""
    words = table_with(data, KEY, _component(data, "reference").get("text"), TEXT_KEYS)
    table_with(data, f"{KEY}.heads", words["heads"], HEADS)
    table_with(data, f"{KEY}.rules", words["rules"], RULE_TEXTS)
    return words


def summary(data: GameData, rules: Rules) -> list[list[str]]:
    """The rules in force as [head, text] lines, written from the option values in the data's words."""
    words = _reference_words(data)
    heads, said = words["heads"], words["rules"]
    v = rules.values

    def fill(key: str, **values: Any) -> str:
        return _fill(data, f"{KEY}.rules.{key}", said[key], **values)

    def pick(key: str, option: str) -> str:
        return _by_value(data, said, key, option, v[option])

    stake = v["stake"]
    lines = []
    if v["match_end"] != "one_round" or stake:
        lines.append([heads["counters"], fill("counters", counters=v["counters"])])
    lines.append([heads["deal"], fill("deal", hand=v["hand"]) + pick("draw_boneyard", "draw")])
    if stake:
        lines.append([heads["stake"], fill("stake", stake_counters=_counters_text(data, words, stake))])
    lead = fill("lead")
    if v["opening_double_bonus"] and v["double_bonus"] != "none":
        lead += fill("lead_bonus")
    lines.append([heads["lead"], lead + pick("no_double", "no_double")])
    turn = fill("turn") + pick("forced_play", "forced_play") + pick("draw", "draw")
    lines.append([heads["turn"], turn])
    lines.append([heads["doubles"], pick("double_bonus", "double_bonus")])
    scoring = v["round_score"]
    round_text = _fill(
        data, f"{KEY}.rules.round.{scoring}", pick("round", "round_score"), tie=pick("tie", "tie")
    )
    lines.append([heads["round"], round_text])
    match_tie = "match_tie_pips" if scoring == "pips" else "match_tie"
    lines.append([heads["match"], pick("match_end", "match_end") + pick(match_tie, "match_tie")])
    return lines


def _reference(data: GameData, rules: Rules) -> list[Piece]:
    """The players' rules cards: the rules in force in players' words, as a player aid."""
    words = _reference_words(data)
    title = _fill(data, f"{KEY}.title", words["title"], game=data.title)
    sections = [{"head": head, "text": text} for head, text in summary(data, rules)]
    fields = card_fields(data, "reference", title, sections, words["colon"], {"band": "#222222"})
    return aid_pieces(data, "reference", fields)


def pieces(data: GameData, rules: Rules) -> list[Piece]:
    """The dominoes of the set, the counters for every seat, and the rules reference."""
    dominoes = with_generic_back(data, "domino", _dominoes(data))
    return [*dominoes, *_counters(data, rules), *_reference(data, rules)]


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
    canvas.setFont(rec["fonts"][1], size)
    canvas.drawCentredString(w / 2, h / 2 - size * 0.36, str(rec["value"]))
    canvas.restoreState()
