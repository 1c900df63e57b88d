"""Tiddly-Wink's rule set: one set of dominoes, hands that fit it, and stakes that end a match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.datafile.rulesets import RuleError, require
from printkit.datafile.schema import Field
from printkit.datafile.shapes import COMPENSATION, Between, OneOf

if TYPE_CHECKING:
    from printkit.datafile.gamedata import GameData, Rules

FIELDS: dict[str, Field] = {}
PLAYERS = tuple(range(2, 9))  # the player counts the engine and the print kit support
RULES: dict[str, Any] = {
    "compensation": COMPENSATION,
    "position_counters": Between(0, 100),
    "hand": Between(1, 27),  # 2 players x 27 of a double-nine set's 55
    "counters": Between(1, 1000),  # each player's, all printed: 8,000 counters at most
    "stake": Between(0, 1000),
    "round_cap": Between(1, 100_000),
    "no_double": OneOf("highest_tile", "redeal"),
    "double_bonus": OneOf("once", "chain", "none"),
    "tie": OneOf("split", "carry"),
    "match_end": OneOf("first_bust", "last_standing", "one_round"),
    "match_tie": OneOf("shared", "rounds_won"),
    "all_out": OneOf("split", "none"),
    "round_score": OneOf("pot", "pips"),
    "opening_double_bonus": True,
    "forced_play": True,
    "draw": True,
}


# The printed texts the drawing fills, and the fields each may use (printkit/datafile/texts.py).
_KEY = "components.reference.text"
TEXTS: dict[str, tuple[str, ...]] = {
    f"{_KEY}.title": ("game",),
    f"{_KEY}.counter_units.one": ("n",),
    f"{_KEY}.counter_units.many": ("n",),
    f"{_KEY}.rules.counters": ("counters",),
    f"{_KEY}.rules.deal": ("hand",),
    f"{_KEY}.rules.stake": ("stake_counters",),
    f"{_KEY}.rules.round.*": ("tie",),  # one text per round_score
}


def dominoes(max_pips: int) -> int:
    """Tiles in a double-`max_pips` set: every pair of values 0..max_pips once."""
    return (max_pips + 1) * (max_pips + 2) // 2


def check_data(data: GameData) -> None:
    """A domino set whose count matches its pips; counters and a reference to print."""
    domino = require(data.components, "domino", "size_mm", "face_rgb", "pip_rgb", "line_rgb")
    tiles = dominoes(domino["max_pips"])
    if domino.get("count", tiles) != tiles:
        raise RuleError(
            "components.domino.count",
            f"a double-{domino['max_pips']} set has {tiles} dominoes, got {domino['count']}",
        )
    require(data.components, "counter", "size_mm", "rgb")
    require(data.components, "reference", "size_mm", "text")


def check_rules(data: GameData, rules: Rules) -> None:
    """Every hand is dealt from the set; a stake can be paid and a match can end."""
    v, n = rules.values, rules.players
    tiles = dominoes(data.components["domino"]["max_pips"])
    if n * v["hand"] > tiles:
        raise RuleError(
            "rules.hand",
            f"{n} players x {v['hand']} tiles = {n * v['hand']}, more than the {tiles} dominoes; "
            "lower hand or the player count",
        )
    if v["stake"] > v["counters"]:
        raise RuleError(
            "rules.stake", f"{v['stake']} is more than the {v['counters']} counters each player starts with"
        )
    if v["round_score"] == "pips" and v["stake"]:
        raise RuleError(
            "rules.round_score",
            f'"pips" scores one round of block dominoes without a pot, but stake = {v["stake"]}; '
            'set stake = 0 and match_end = "one_round"',
        )
    if v["stake"] == 0 and v["match_end"] != "one_round":
        raise RuleError(
            "rules.stake",
            f'0 never puts anyone out, so match_end = "{v["match_end"]}" never ends; '
            'set match_end = "one_round" or stake >= 1',
        )
