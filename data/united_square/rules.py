"""United Square's rule set: four colours, the six panel types, rules that fit the board and players."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from printkit.datafile.rulesets import RuleError, require
from printkit.datafile.schema import Field
from printkit.datafile.shapes import COMPENSATION, Between, OneOf

if TYPE_CHECKING:
    from printkit.datafile.gamedata import GameData, Rules

FIELDS: dict[str, Field] = {}
PLAYERS = (2, 4)  # the player counts the engine and the print kit support
RULES: dict[str, Any] = {
    "compensation": COMPENSATION,
    "board": Between(3, 13),  # 13 x 13 cells: 28 panels of each type
    "panels_per_type": Between(1, 28),
    "deal": OneOf("random", "equal"),
    "mode": OneOf("solo", "teams"),
    "rounds": OneOf(1, 2),
    "start_panel": OneOf("random", "fixed"),
    "start_type": Between(1, 6),
    "start_rotation": Between(0, 3),
    "first_player": OneOf("random", "seat1"),
    "pairing_2p": "",
}

SIDES = 4  # a panel has four edges, one per colour
_COUNTS = ("types", "per_type", "total", "starts")
# The printed texts the drawing fills, and the fields each may use (printkit/datafile/texts.py).
TEXTS: dict[str, tuple[str, ...]] = {
    "components.aid.text.title": ("game",),
    "components.aid.text.subtitle": ("variant", "n"),
    "components.aid.text.counts_random": _COUNTS,
    "components.aid.text.counts_fixed": _COUNTS,
    "components.aid.text.type_caption": ("type", "per_type"),
    "components.aid.text.one_each": ("n",),
    "components.aid.text.seat": ("n",),
    "components.aid.text.team_seats": ("a", "b"),
    "components.aid.text.deal_equal": ("total",),
    "components.aid.text.deal_random": ("total",),
    "components.aid.text.start_random": ("starts",),
    "components.aid.text.start_fixed": ("type", "top"),
    "components.aid.text.end_rounds": ("rounds",),
    "components.score_pad.text.title": ("game",),
    "components.score_pad.text.seat": ("n",),
    "components.score_pad.text.game": ("g",),
    "components.score_pad.text.round": ("g", "r"),
    "components.score_pad.text.total": ("g",),
}


def check_data(data: GameData) -> None:
    """Four colours with a name and a letter each; panel types that are every cyclic order of them once."""
    names = _colour_names(data.game.get("colours"))
    panel = require(data.components, "panel", "size_mm", "types")
    require(data.components, "start_panel")
    require(data.components, "board")
    require(data.components, "aid", "size_mm", "text")
    require(data.components, "score_pad", "size_mm", "text")
    _check_types(panel["types"], names)


def check_rules(data: GameData, rules: Rules) -> None:
    """The panels fill the board; teams, two rounds and an equal deal fit the player count."""
    v, n = rules.values, rules.players
    types = len(data.components["panel"]["types"])
    size, per_type = v["board"], v["panels_per_type"]
    needed, rest = divmod(size * size - 1, types)
    if rest or per_type != needed:
        fill = f"needs {needed} panels of each type" if not rest else f"cannot be filled by {types} types"
        raise RuleError(
            "rules.panels_per_type",
            f"a {size}x{size} board {fill} (with the start panel), got {per_type}; "
            "set board and panels_per_type together",
        )
    if v["mode"] == "teams" and n != 4:
        raise RuleError("rules.mode", f"teams needs 4 players, got {n}")
    if v["rounds"] == 2 and n != 2:
        raise RuleError("rules.rounds", f"2 rounds is a 2-player rule, got {n} players")
    if v["deal"] == "equal" and per_type % n:
        raise RuleError(
            "rules.deal", f"an equal deal of {per_type} panels per type cannot be split between {n} players"
        )
    pairing_2p(data.game["colours"], v["pairing_2p"])
    if v["start_type"] > types:
        raise RuleError("rules.start_type", f"expected a panel type 1 to {types}, got {v['start_type']}")


def pairing_2p(colours: list[Any], code: str) -> list[list[int]]:
    """The colours each seat owns in a 2-player game, as indices into `game.colours`, from e.g. "ry-bg".

    Each group is a seat's colour letters; together they name every colour once.
    """
    _colour_names(colours)
    letters = [c["letter"].lower() for c in colours]
    groups = code.lower().split("-")
    joined = "".join(groups)
    if len(groups) != 2 or sorted(joined) != sorted(letters) or len(set(joined)) != len(joined):
        raise RuleError(
            "rules.pairing_2p",
            f"expected two groups of colour letters covering {', '.join(sorted(letters))} once each, "
            f"got {code!r}",
        )
    return [[letters.index(ch) for ch in group] for group in groups]


def _colour_names(colours: Any) -> list[str]:
    if not isinstance(colours, list) or len(colours) != SIDES:
        raise RuleError("game.colours", f"expected {SIDES} colours, one per panel edge")
    for i, colour in enumerate(colours):
        if not colour.get("letter"):
            raise RuleError(
                f"game.colours[{i}].letter", "missing; the panels print it for colour-blind players"
            )
    names = [c["name"] for c in colours]
    letters = [c["letter"].lower() for c in colours]
    if len(set(names)) != SIDES or len(set(letters)) != SIDES:
        raise RuleError(
            "game.colours", f"expected {SIDES} different names and letters, got {names} {letters}"
        )
    return names


def _check_types(types: list[Any], names: list[str]) -> None:
    """Each type lists every colour once (N, E, S, W); no type is another turned; together they are all."""
    seen: dict[tuple[str, ...], int] = {}
    for i, sides in enumerate(types):
        key = f"components.panel.types[{i}]"
        if not isinstance(sides, list) or sorted(map(str, sides)) != sorted(names):
            raise RuleError(
                key, f"expected the {SIDES} colours {', '.join(names)} once each (N, E, S, W), got {sides}"
            )
        for turn in range(SIDES):
            turned = tuple(sides[turn:] + sides[:turn])
            if turned in seen:
                raise RuleError(
                    key, f"the panel of types[{seen[turned]}] turned: a panel type is listed twice"
                )
        seen[tuple(sides)] = i
    count = math.factorial(SIDES - 1)
    if len(types) != count:
        raise RuleError(
            "components.panel.types", f"expected all {count} cyclic orders of the colours, got {len(types)}"
        )
