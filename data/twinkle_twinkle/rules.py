"""Twinkle Twinkle's rule set: tiles, what the drawings need, rows and standees that fill a chart."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from printkit.datafile.rulesets import RuleError, as_rule_errors, require
from printkit.datafile.schema import Field
from printkit.datafile.shapes import COMPENSATION, Between, OneOf, PerPlayers

from .records import REFERENCES, check_sides, read_tiles

if TYPE_CHECKING:
    from printkit.datafile.gamedata import GameData, Rules

MAX_ROW = 8  # tiles an observation board's row holds
FIELDS: dict[str, Field] = {}
PLAYERS = (2, 3, 4)  # the player counts the engine and the print kit support
POINTS = Between(0, 1000)  # any score-table entry: a game's total stays in the tens of thousands
RULES: dict[str, Any] = {
    "compensation": COMPENSATION,
    "slow_tiles": True,
    "flip": True,
    "new_star_points": POINTS,
    "chart": {"rows": Between(2, MAX_ROW), "cols": Between(2, MAX_ROW)},
    "opening": PerPlayers([Between(1, MAX_ROW), Between(0, MAX_ROW)]),  # [current row, next row]
    "standees": PerPlayers(Between(1, 4)),
    "sides": dict.fromkeys(REFERENCES, OneOf("green", "blue")),
    "constellations": {
        "largest": Between(0, 100),
        "size_from": Between(1, 100),
        "size_points": [POINTS],
        "count_from": Between(1, 100),
        "count_points": [POINTS],
    },
    "comets": {"green_per_star": POINTS, "blue_per_constellation": POINTS},
    "asteroids": {"points": [POINTS], "blue_fewest_penalty": POINTS},
    "planets": {"green_each": POINTS, "blue_each": POINTS, "blue_most_bonus": POINTS},
    "black_holes": {"green_alone": POINTS, "green_dark_bonus": POINTS, "blue_alone": POINTS},
    "satellites": {"green_per_neighbour": POINTS, "blue_per_item": POINTS},
}


def _numbers(*names: str) -> tuple[str, ...]:
    """Fields for numbers: `{name}` is the number, `{name_pts}` it with its unit (`game.units`)."""
    return tuple(f for name in names for f in (name, f"{name}_pts"))


def _integers(table: dict[str, Any]) -> list[str]:
    return [name for name, shape in table.items() if isinstance(shape, Between)]


# The printed texts the drawing fills, and the fields each may use (printkit/datafile/texts.py). A score
# reference's texts take the numbers of its own rule table; the aid's title and sections take the same.
_AID = ("game", "tiles", "spaces", "slow", "slow_next", "star_turns")
TEXTS: dict[str, tuple[str, ...]] = {
    "game.units.point": ("n",),
    "game.units.points": ("n",),
    "components.chart.text.title": _numbers("chart"),
    "components.chart.text.*": _numbers(*_integers(RULES["constellations"]), "new_star_points"),
    **{
        f"components.reference.text.{ref}.{side}": _numbers(*_integers(RULES[ref]))
        for ref in REFERENCES
        for side in ("green", "blue")
    },
    "components.reference.text.asteroids.blue_after": _numbers(*_integers(RULES["asteroids"])),
    "components.aid.text.title": _AID,
    "components.aid.text.sections[*].text": _AID,
    "components.aid.text.table.row": ("n",),
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
