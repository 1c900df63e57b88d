"""My Game's rule set: what its data file and rules must satisfy (printkit/datafile/rulesets.py).

printkit and simulate both check the data file, every variant and every
`--set` against it, so a rule the engine cannot play never reaches it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.datafile.rulesets import RuleError, require
from printkit.datafile.schema import Field
from printkit.datafile.shapes import COMPENSATION, Between, OneOf

if TYPE_CHECKING:
    from printkit.datafile.gamedata import GameData, Rules

FIELDS: dict[str, Field] = {}  # keys its components hold beyond printkit/datafile/schema.py's
PLAYERS = (2, 3, 4)  # the player counts the engine and the drawing support
RULES: dict[str, Any] = {  # each rule the engine reads, with the values it implements
    "compensation": COMPENSATION,
    "pile": Between(1, 200),
    "take_max": Between(1, 10),
    "last_bonus": Between(0, 100),
    "first_player": OneOf("random", "seat1"),
}
# The printed texts the drawing fills, and the {fields} each may use (printkit/datafile/texts.py).
TEXTS: dict[str, tuple[str, ...]] = {
    "components.aid.text.title": ("game",),
    "components.aid.text.sections[*].text": ("pile", "take_max", "last_bonus", "players"),
}


def check_data(data: GameData) -> None:
    """The pebbles and the player aid the drawing needs are in the data file."""
    require(data.components, "pebble", "size_mm", "rgb")
    require(data.components, "aid", "size_mm", "text")


def check_rules(data: GameData, rules: Rules) -> None:
    """Once defaults, variant, `--set` and player count are resolved: a limit no larger than the pile."""
    pile, take_max = rules.values["pile"], rules.values["take_max"]
    if take_max > pile:
        raise RuleError("rules.take_max", f"at most the pile of {pile}, got {take_max}")
