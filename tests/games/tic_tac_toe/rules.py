"""Tic-tac-toe's rule set: what its data file and rules must satisfy (printkit/datafile/rulesets.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.datafile.rulesets import require
from printkit.datafile.schema import Field
from printkit.datafile.shapes import COMPENSATION, OneOf

if TYPE_CHECKING:
    from printkit.datafile.gamedata import GameData, Rules

FIELDS: dict[str, Field] = {}
PLAYERS = (2,)
RULES: dict[str, Any] = {
    "compensation": COMPENSATION,
    "first_player": OneOf("random", "seat1"),
}
TEXTS: dict[str, tuple[str, ...]] = {"components.aid.text.title": ("game",)}


def check_data(data: GameData) -> None:
    """The board, both kinds of mark and the player aid the drawing needs are in the data file."""
    require(data.components, "board", "size_mm", "rgb")
    require(data.components, "cross", "size_mm", "rgb", "count")
    require(data.components, "nought", "size_mm", "rgb", "count")
    require(data.components, "aid", "size_mm", "text")


def check_rules(data: GameData, rules: Rules) -> None:
    """Nothing beyond each rule's own shape: every combination is playable."""
