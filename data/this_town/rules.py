"""This Town's rule set: well-formed start tile and tile sets, the set in force, a colour per seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.datafile.rulesets import RuleError, as_rule_errors, require
from printkit.datafile.schema import STRINGS, Field
from printkit.datafile.shapes import COMPENSATION, OneOf

from .records import read_tiles

if TYPE_CHECKING:
    from printkit.datafile.gamedata import GameData, Rules

# A tile's face, on the start tile's component (the other tiles list theirs in `sets`).
FIELDS: dict[str, Field] = {
    "fences": STRINGS,
    "brands": Field(
        "a table of sections, each a list of colour names",
        lambda v: isinstance(v, dict) and all(STRINGS.ok(x) for x in v.values()),
    ),
    "bars": STRINGS,
}
PLAYERS = (2, 3, 4)  # the player counts the engine and the print kit support
MAX_TILES = (
    120  # tiles in a set: the engine's searches of the table stay well inside Python's recursion limit
)
RULES: dict[str, Any] = {
    "compensation": COMPENSATION,
    "tile_set": "",
    "rotation": True,
    "relocation": True,
    "relocation_connected": True,
    "relocation_lock": OneOf("town", "town_and_fences"),
    "tie_break": OneOf("largest_town", "next_largest", "shared"),
    "npc_brands": OneOf("ranked", "not_ranked"),
    "first_player": OneOf("random", "seat1"),
}
# The printed texts the drawing fills, and the fields each may use (printkit/datafile/texts.py).
TEXTS: dict[str, tuple[str, ...]] = {
    "components.reference.text.title": ("game",),
    "components.reference.text.subtitle": ("players",),
    "components.reference.text.setup": ("tiles", "players"),
    "components.reference.text.npc": ("players", "npcs"),
    "components.reference.text.rank": ("n",),
}


def check_data(data: GameData) -> None:
    """Every tile set holds `count` well-formed tiles; the start tile is well formed."""
    require(data.components, "start_tile", "size_mm")
    tile = require(data.components, "tile", "size_mm", "count", "sets")
    if not isinstance(tile["sets"], dict):
        raise RuleError("components.tile.sets", "expected a table of named tile lists")
    if tile["count"] > MAX_TILES:
        raise RuleError("components.tile.count", f"at most {MAX_TILES} tiles, got {tile['count']}")
    with as_rule_errors():
        for name in tile["sets"]:
            read_tiles("", data.game, data.components, name, tile["count"])


def check_rules(data: GameData, rules: Rules) -> None:
    """The tile set in force exists; every seat has a colour."""
    sets = data.components["tile"]["sets"]
    if rules["tile_set"] not in sets:
        known = ", ".join(sets)
        raise RuleError("rules.tile_set", f"no tile set {rules['tile_set']!r}; expected one of {known}")
    colours = len(data.game.get("colours", []))
    if rules.players > colours:
        raise RuleError("players", f"at most {colours} colours (game.colours), got {rules.players} players")
