"""Time Splicers' rule set: number cards the engine deals and the drawing prints, a hand under the limit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.rulesets import RuleError, require
from printkit.schema import Field

if TYPE_CHECKING:
    from printkit.gamedata import GameData, Rules

MAX_COLOURS = 8  # colours of number cards the engine's card masks hold
NUMBERS = (3, 20)  # the lowest and highest max_number: 3 makes one partial collapse possible

FIELDS: dict[str, Field] = {}
RULES: dict[str, Any] = {
    "compensation": 0.0,
    "position_tokens": 0,
    "crystal_goal": 0,
    "specials_per_kind": 0,
    "start_tokens": 0,
    "freeze_markers": 0,
    "hand_size": 0,
    "hand_limit": 0,
    "one_timeline_per_colour": True,
    "portal": "",
    "portal_collapse": True,
    "portal_meeple": "",
    "partial_at_edge": "",
    "collapse_order": "",
    "full_at": "",
    "turn_cap": 0,
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
    """A hand drawn up to `hand_size` never breaks `hand_limit` by itself."""
    v = rules.values
    if v["hand_size"] > v["hand_limit"]:
        raise RuleError(
            "rules.hand_size",
            f"{v['hand_size']} is more than rules.hand_limit {v['hand_limit']}, so every draw would cost "
            "a token; lower hand_size or raise hand_limit",
        )
