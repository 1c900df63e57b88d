"""Time Splicers' rule set: number cards the engine deals and the drawing prints, a hand under the limit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.datafile.rulesets import RuleError, require
from printkit.datafile.schema import Field
from printkit.datafile.shapes import COMPENSATION, Between, OneOf

if TYPE_CHECKING:
    from printkit.datafile.gamedata import GameData, Rules

MAX_COLOURS = 8  # colours of number cards the engine's card masks hold
NUMBERS = (3, 20)  # the lowest and highest max_number: 3 makes one partial collapse possible
MAX_CARDS = 128  # a move is `kind << 7 | card` (engine.SHIFT), so a card's id fits in 7 bits

FIELDS: dict[str, Field] = {}
PLAYERS = (2, 3, 4)  # the player counts the engine and the print kit support
RULES: dict[str, Any] = {
    "compensation": COMPENSATION,
    "position_tokens": Between(0, 20),
    "crystal_goal": Between(1, 50),
    "specials_per_kind": Between(0, 20),
    "start_tokens": Between(0, 20),
    "freeze_markers": Between(0, 10),
    "hand_size": Between(1, 20),
    "hand_limit": Between(2, 40),
    "one_timeline_per_colour": True,
    "portal": OneOf("next_turn", "same_turn"),
    "portal_collapse": True,
    "portal_meeple": OneOf("joins", "stays"),
    "partial_at_edge": OneOf("right", "lowest"),
    "collapse_order": OneOf("full_first", "partial_first"),
    "full_at": OneOf("fifth_or_later", "fifth"),
    "turn_cap": Between(10, 100_000),
    "stall": OneOf("play_on", "ends"),
}
# The printed texts the drawing fills, and the fields each may use (printkit/datafile/texts.py): the turn
# reference's title and sections all take the same values.
_REFERENCE = ("game", "goal", "hand", "limit", "portal", "new_timeline", "portal_collapse", "no_timeline")
TEXTS: dict[str, tuple[str, ...]] = {
    "components.reference.text.title": _REFERENCE,
    "components.reference.text.sections[*].text": _REFERENCE,
}


def check_data(data: GameData) -> None:
    """1 to 8 colours of number cards numbered 1 to 3..20, counted right; the other printed cards present."""
    cards = require(data.components, "number_card", "size_mm", "colours", "max_number", "back_rgb")
    colours, top = cards["colours"], cards["max_number"]
    if not 1 <= len(colours) <= MAX_COLOURS:
        raise RuleError("components.number_card.colours", f"expected 1 to {MAX_COLOURS} colours")
    lo, hi = NUMBERS
    if not lo <= top <= hi:
        raise RuleError("components.number_card.max_number", f"expected {lo} to {hi}, got {top}")
    if cards.get("count", len(colours) * top) != len(colours) * top:
        raise RuleError(
            "components.number_card.count",
            f"{len(colours)} colours of 1..{top} are {len(colours) * top} cards, got {cards['count']}",
        )
    require(data.components, "special_card", "size_mm", "rgb", "text")
    require(data.components, "portal_card", "size_mm", "rgb", "text")
    require(data.components, "reference", "size_mm", "text")


def check_rules(data: GameData, rules: Rules) -> None:
    """A hand drawn up to `hand_size` never breaks `hand_limit` by itself; the deck fits the moves."""
    v = rules.values
    cards = rules.components["number_card"]
    numbers = len(cards["colours"]) * cards["max_number"]
    if numbers + 3 * v["specials_per_kind"] > MAX_CARDS:
        raise RuleError(
            "rules.specials_per_kind",
            f"{numbers} number cards and 3 x {v['specials_per_kind']} special cards are "
            f"{numbers + 3 * v['specials_per_kind']} cards; the engine plays at most {MAX_CARDS}",
        )
    if v["hand_size"] > v["hand_limit"]:
        raise RuleError(
            "rules.hand_size",
            f"{v['hand_size']} is more than rules.hand_limit {v['hand_limit']}, so every draw would cost "
            "a token; lower hand_size or raise hand_limit",
        )
