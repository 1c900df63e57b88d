"""Time Splicers' printed components: which cards and tokens the rules in force make, drawn by layouts.

Everything comes from `data/time_splicers/time_splicers.toml`: the number cards
(`components.number_card`: size, `max_number`, the colours with their name (a
card is labelled `red 13`), letter, colour-blind mark and RGB, the
Singularity's word, the shared back's `back_rgb` and `back_ink_rgb`), the
special cards (`components.special_card`: `rules.specials_per_kind` of each
kind, with their effect text), the permanent Time Portal card (labelled by its
title), a meeple disc and `rules.freeze_markers` freeze markers per
seat, the time jump token supply (`count`), `(rules.crystal_goal + 1)`
crystals per seat (always enough: no one holds more than the goal plus one),
and one turn reference per seat: the generic aid card (`printkit/draw/aids.py`)
with its words (`text.title`, `text.sections`) filled from the rules in force.

This module only says what there is; every piece is drawn by its layout in
the data file's `[layouts.*]` (`printkit/layouts/`): a number card shows
its number large in its colour, the colour's letter and mark in two corners
(so colours read without colour vision), and the 13 is marked with rings and
the word for Singularity. Tokens carry a drawn symbol, no words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from printkit.datafile.gamedata import GameData, Rules
from printkit.draw.aids import aid_fields, aid_pieces
from printkit.draw.records import table_with
from printkit.errors import DataError
from printkit.layouts.components import RowSpec, layout_pieces
from printkit.pieces.contract import Piece

RGB = re.compile(r"#[0-9a-fA-F]{6}")
MARKS = ("circle", "square", "triangle", "diamond")
SPECIAL_KINDS = ("portal", "jump", "freeze")  # the seed's special cards, each with its rule in the engine


def _component(data: GameData, name: str) -> Mapping[str, Any]:
    comp = data.components.get(name)
    if comp is None or "size_mm" not in comp:
        raise DataError(f"{data.where()}: components.{name}: missing, or without size_mm")
    return comp


def _rgb(data: GameData, key: str, value: Any) -> str:
    if not isinstance(value, str) or not RGB.fullmatch(value):
        raise DataError(f'{data.where()}: {key}: expected "#rrggbb", got {value!r}')
    return value


def _back(data: GameData) -> dict[str, str]:
    """The colours of the back every card shares."""
    cards = _component(data, "number_card")
    return {
        "back_rgb": _rgb(data, "components.number_card.back_rgb", cards.get("back_rgb")),
        "back_ink_rgb": _rgb(data, "components.number_card.back_ink_rgb", cards.get("back_ink_rgb")),
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


def _number_cards(data: GameData, back: dict[str, str]) -> list[Piece]:
    comp = _component(data, "number_card")
    top = comp.get("max_number")
    words = table_with(data, "components.number_card.text", comp.get("text"), ("singularity",))
    rows = [
        RowSpec(
            {
                "number": n,
                "letter": colour["letter"],
                "mark": colour["mark"],
                "rgb": colour["rgb"],
                "singularity": words["singularity"] if n == top else "",
                **back,
            },
            label=f"{colour['name']} {n}",
        )
        for colour in _colours(data)
        for n in range(1, top + 1)
    ]
    return layout_pieces(data, "number_card", rows)


def _special_cards(data: GameData, rules: Rules, back: dict[str, str]) -> list[Piece]:
    comp = _component(data, "special_card")
    keys = ["free", *SPECIAL_KINDS, *(f"{k}_effect" for k in SPECIAL_KINDS)]
    words = table_with(data, "components.special_card.text", comp.get("text"), keys)
    rgb = _rgb(data, "components.special_card.rgb", comp.get("rgb"))
    rows = [
        RowSpec(
            {
                "kind": kind,
                "title": words[kind],
                "free": words["free"],
                "effect": words[f"{kind}_effect"],
                "rgb": rgb,
                **back,
            },
            rules["specials_per_kind"],
            kind,
        )
        for kind in SPECIAL_KINDS
    ]
    return layout_pieces(data, "special_card", [r for r in rows if r.count])


def _portal_card(data: GameData) -> list[Piece]:
    comp = _component(data, "portal_card")
    words = table_with(
        data, "components.portal_card.text", comp.get("text"), ("title", "permanent", "effect")
    )
    fields = {
        **{k: words[k] for k in ("title", "permanent", "effect")},
        "rgb": _rgb(data, "components.portal_card.rgb", comp.get("rgb")),
    }
    return layout_pieces(data, "portal_card", [RowSpec(fields, label=comp["title"])])


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
    players = range(rules.players)
    markers = rules["freeze_markers"]
    pieces = layout_pieces(
        data, "meeple", [RowSpec({"rgb": seat_rgb[s]}, label=f"meeple seat {s + 1}") for s in players]
    )
    if markers:
        rows = [RowSpec({"rgb": seat_rgb[s]}, markers, f"freeze marker seat {s + 1}") for s in players]
        pieces += layout_pieces(data, "freeze_marker", rows)
    jump = _component(data, "jump_token")
    rgb = _rgb(data, "components.jump_token.rgb", jump.get("rgb"))
    pieces += layout_pieces(
        data, "jump_token", [RowSpec({"rgb": rgb}, jump.get("count", 0), "time jump token")]
    )
    crystal = _component(data, "crystal")
    rgb = _rgb(data, "components.crystal.rgb", crystal.get("rgb"))
    total = (rules["crystal_goal"] + 1) * rules.players
    pieces += layout_pieces(data, "crystal", [RowSpec({"rgb": rgb}, total, "time crystal")])
    return pieces


def reference_fields(data: GameData, rules: Rules) -> dict[str, Any]:
    """The turn reference's fields for the generic aid card, its words filled from the rules in force."""
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
    return aid_fields(data, "reference", values)


def pieces(data: GameData, rules: Rules) -> list[Piece]:
    """Number cards, special cards, the portal card, tokens and one turn reference per seat."""
    back = _back(data)
    references = aid_pieces(data, "reference", reference_fields(data, rules), "turn reference", rules.players)
    return [
        *_number_cards(data, back),
        *_special_cards(data, rules, back),
        *_portal_card(data),
        *_tokens(data, rules),
        *references,
    ]
