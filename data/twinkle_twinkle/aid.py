"""Twinkle Twinkle's setup and turn card: the words of `components.aid.text` filled from the rules.

The card itself is a generic player aid (`printkit/draw/aids.py`, drawn by the `aid` layout); this module
supplies its numbers (tiles in the bag, spaces of a chart), the words chosen by
the options in force (slow tiles, flipping), and the table of opening rows and
standees per player count from `rules.opening` and `rules.standees`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.datafile.gamedata import GameData, Rules
from printkit.datafile.texts import fill_text
from printkit.draw.aids import aid_fields, aid_pieces
from printkit.draw.records import table_with
from printkit.pieces.contract import Piece

KEY = "components.aid.text"


def _by_flag(data: GameData, words: Mapping[str, Any], name: str, flag: bool) -> str:
    table = table_with(data, f"{KEY}.{name}", words.get(name), ("true", "false"))
    return str(table["true" if flag else "false"])


def opening_table(data: GameData, rules: Rules) -> dict[str, Any]:
    """Opening rows (current, next) and standees per player, one row per player count."""
    words = data.components["aid"]["text"]
    heads = table_with(
        data, f"{KEY}.table", words.get("table"), ("players", "current", "next", "standees", "row")
    )
    opening, standees = rules["opening"], rules["standees"]
    rows = [
        [fill_text(data, f"{KEY}.table.row", heads["row"], {"n": n}), *opening[str(n)], standees[str(n)]]
        for n in data.player_counts
    ]
    return {"head": [heads["players"], heads["current"], heads["next"], heads["standees"]], "rows": rows}


def aid_pieces_for(data: GameData, rules: Rules) -> list[Piece]:
    """The setup and turn cards of the rules in force."""
    words = data.components["aid"].get("text", {})
    chart = rules["chart"]
    values = {
        "tiles": len(data.components["tile"]["tiles"]),
        "spaces": chart["rows"] * chart["cols"],
        "slow": _by_flag(data, words, "slow", rules["slow_tiles"]),
        "slow_next": _by_flag(data, words, "slow_next", rules["slow_tiles"]),
        "star_turns": _by_flag(data, words, "star_turns", rules["flip"]),
    }
    fields = aid_fields(data, "aid", values, {"opening": opening_table(data, rules)})
    return aid_pieces(data, "aid", fields)
