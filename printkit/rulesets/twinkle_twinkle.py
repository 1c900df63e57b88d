"""Twinkle Twinkle's rule set: tiles, what the drawings need, rows and standees that fill a chart."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.records.twinkle_tiles import REFERENCES, check_sides, read_tiles
from printkit.rulesets import RuleError, as_rule_errors, require
from printkit.rulesets.shapes import PerPlayers
from printkit.schema import Field

if TYPE_CHECKING:
    from printkit.gamedata import GameData, Rules

MAX_ROW = 8  # tiles an observation board's row holds
FIELDS: dict[str, Field] = {}
RULES: dict[str, Any] = {
    "compensation": 0.0,
    "slow_tiles": True,
    "flip": True,
    "new_star_points": 0,
    "chart": {"rows": 0, "cols": 0},
    "opening": PerPlayers([0, 0]),  # [current row, next row]
    "standees": PerPlayers(0),
    "sides": dict.fromkeys(REFERENCES, ""),
    "constellations": {
        "largest": 0,
        "size_from": 0,
        "size_points": [0],
        "count_from": 0,
        "count_points": [0],
    },
    "comets": {"green_per_star": 0, "blue_per_constellation": 0},
    "asteroids": {"points": [0], "blue_fewest_penalty": 0},
    "planets": {"green_each": 0, "blue_each": 0, "blue_most_bonus": 0},
    "black_holes": {"green_alone": 0, "green_dark_bonus": 0, "blue_alone": 0},
    "satellites": {"green_per_neighbour": 0, "blue_per_item": 0},
}


def check_data(data: GameData) -> None:
    """Every tile listed and well formed; the colours and words each printed component needs."""
    require(data.components, "tile", "size_mm", "colours", "names", "tiles")
    require(data.components, "chart", "text")
    require(data.components, "observation_board", "text")
    require(data.components, "reference", "size_mm", "colours", "side_names", "table", "text")
    require(data.components, "standee", "size_mm", "colours")
    with as_rule_errors():
        read_tiles(data.components, "")


def check_rules(data: GameData, rules: Rules) -> None:
    """Reference sides green or blue; opening rows and standees for the player count that fill the chart."""
    v, n = rules.values, rules.players
    with as_rule_errors():
        check_sides(v, "")
    key = str(n)
    for table in ("opening", "standees"):
        if key not in v[table]:
            raise RuleError(f"rules.{table}", f"no entry for {n} players")
    per = v["standees"][key]
    spaces = v["chart"]["rows"] * v["chart"]["cols"]
    if spaces % per:
        raise RuleError(
            f"rules.standees.{key}",
            f"{per} standees each cannot fill a chart of {spaces} spaces in whole rounds",
        )
    _check_rows(v["opening"][key], n * per, spaces // per, len(data.components["tile"]["tiles"]), key)


def _check_rows(opening: list[int], picks: int, rounds: int, bag: int, key: str) -> None:
    """Play the rows' tile counts through every round: the current row must always hold a pick each."""
    cur_size, next_size = opening
    if not 1 <= cur_size <= MAX_ROW:
        raise RuleError(f"rules.opening.{key}", f"the current row holds 1 to {MAX_ROW} tiles, got {cur_size}")
    cur = min(cur_size, bag)
    nxt = min(next_size, bag - cur)
    bag -= cur + nxt
    for r in range(rounds):
        if cur < picks:
            raise RuleError(
                f"rules.opening.{key}",
                f"round {r + 1} starts with {cur} tiles in the current row for {picks} standees",
            )
        cur = cur - picks + nxt
        if cur > cur_size:
            raise RuleError(
                f"rules.opening.{key}",
                f"{cur} tiles do not fit the current row of {cur_size} "
                "(the next row may hold at most the picks of a round)",
            )
        nxt = min(next_size, bag)
        bag -= nxt
