"""Every field of a run's summary.json, with what it means: the declaration its reference page is written
from, and what a test holds real summaries to (a field the report writes without a line here fails it).

A path names a field from the top (`arms.<arm>.draws`): `<...>` stands for a
name the run chooses (an arm's label, a seat's number, a metric's name) and
`[]` for every item of a list. Fields of one shape (a share with its interval,
a spread of values, a test) are described once, in `SHAPES`, and not walked
into. `python -m simulate.report.summary_fields` prints the page.
"""

from __future__ import annotations

from typing import Any

SHAPES = {
    "share": "a share of games with its 95% interval: `k` of `n` games, `p` = k/n, `lo` to `hi` (Wilson's "
    "score interval)",
    "spread": "per-game values: `n` games with a value, `mean` with its 95% t interval `lo` to `hi`, `sd`, "
    "`median`, `min`, `max`",
    "test": "one test: `test` (its name), `p` (null where it cannot be made, with `why`) and `p_holm` (after "
    "Holm's correction over all the report's tests), and its own numbers where it has them (`chi2` and "
    "`dof`; `u` and `effect`, the probability that a game of the second arm has the larger value; `delta`, "
    "the margin of an equivalence test)",
    "difference": "a change between two arms' shares: `diff` (the second's less the first's) with its 95% "
    "interval `lo` to `hi`",
}

# path: (shape, or "" for a plain value or a structure described in words; what it is)
FIELDS: dict[str, tuple[str, str]] = {
    "game": ("", "The game's name (its data file's)."),
    "title": ("", "The game's title, in the report's language."),
    "config": ("", "How the run was played."),
    "config.games": ("", "Games per arm (a list, one per level, with a skill axis)."),
    "config.seed": ("", "The run's seed: game i is seeded from (seed, i)."),
    "config.arms": ("", "The arms, in the order given."),
    "config.arms[].label": ("", "The arm's variant spec as given (`default`, `board7+deal=equal`)."),
    "config.arms[].players": ("", "Its player count."),
    "config.arms[].rules": ("", "Its rules as resolved: every rule of the data file with its value."),
    "config.agents": ("", "Per agent set (or skill level), per arm, the agent of each seat."),
    "config.min_effect": ("", "The smallest differences that matter (`--min-effect`)."),
    "config.min_effect.share": ("", "In a share of games (0.02: two percentage points)."),
    "config.min_effect.length_moves": ("", "In a game's length, in moves (null: a share of it instead)."),
    "config.min_effect.length_share": ("", "In a game's length, as a share of the baseline's median."),
    "config.min_effect.margin": ("", "In the winner's margin, in points."),
    "config.min_effect.lead_changes": ("", "In lead changes per game."),
    "config.min_effect.decisive_at": ("", "In the share of the moves before the winner leads for good."),
    "config.min_effect.drama": ("", "In drama: points the winner trailed by at worst."),
    "config.min_effect.spread": ("", "In the final spread between the best and worst side, in points."),
    "config.min_effect.metrics_share": ("", "In a game's own metric, as a share of the baseline's mean."),
    "config.design": ("", "`rounds` (played until settled, `--budget`) or `fixed` (`--games N`)."),
    "config.budget": ("", "In rounds: the budget, `games` per arm at each level or `seconds` in all."),
    "config.stopped": (
        "",
        "In rounds, per level, why play stopped: `settled`, `budget` (spent) or `time` (a budget in time).",
    ),
    "arms.<arm>.answers": (
        "",
        "Each question of the arm against its fair value (`first_mover`, `seat_balance`), as its family "
        "answered it: the values `a` (fair) and `b`, `diff` with its 95% interval `lo` to `hi` (in rounds, "
        "the confidence sequence's), the minimum effect `delta`, the raw and adjusted p-values (`p`, "
        "`p_within`, `p_holm`, `p_within_holm`), `called`, `equivalent`, the games read, and for a question "
        "left open the games that would settle it (`need`).",
    ),
    "comparisons.<comparison>.answers": (
        "",
        "Every measure compared between the two arms, as `arms.<arm>.answers`, with whether its games were "
        "tested in pairs (`paired`, `correlation`, `saved`: games per arm the pairing saved).",
    ),
    "method": ("", "The footnote: how the games were played and the questions tested (the families)."),
    "config.precision": ("", "`--precision`: the half-width the arms played on until (when given)."),
    "config.skill": ("", "With a skill axis: its `levels`, `games` per level, `strength_games` per check."),
    "arms": (
        "",
        "Each arm's summary, by its label (`default`, or `default @ greedy` under several agent sets).",
    ),
    "arms.<arm>.players": ("", "Its player count."),
    "arms.<arm>.agents": ("", "The agent of each seat."),
    "arms.<arm>.games": ("", "Games played."),
    "arms.<arm>.sides": ("", "Sides: seats, or teams in a team game."),
    "arms.<arm>.side_names": ("", "Each side's name (`seat 1`, `team 1 (seats 1, 3)`)."),
    "arms.<arm>.side_seats": ("", "Each side's seats (from 1)."),
    "arms.<arm>.fair_share": ("", "A side's share of decided games if the game were fair: 1 / sides."),
    "arms.<arm>.decided": ("", "Games one side won alone (not drawn, not stopped by a cap)."),
    "arms.<arm>.side_wins[]": ("share", "Per side (seat or team) as seated: its wins of the decided games."),
    "arms.<arm>.position_wins[]": (
        "share",
        "Per turn position (the first mover, the second, ...: whichever seat opened): its wins of the "
        "decided games. `position_wins[0]` is the first mover's advantage; `side_wins` is the seats', "
        "which differ from it where the opening seat is drawn.",
    ),
    "arms.<arm>.side_half_wins[]": (
        "share",
        "Per side, of all games: a win counts 1, a draw shared by k sides 1/k each, a capped game 1/sides.",
    ),
    "arms.<arm>.position_half_wins[]": ("share", "The same per turn position."),
    "arms.<arm>.draws": ("share", "Drawn games (the top shared between rival sides), of all games."),
    "arms.<arm>.capped": (
        "share",
        "Games stopped by a cap (the engine's `max_moves` or its own turn cap, or `--max-moves`), of all "
        "games: their lengths are censored and, with no winner named, they are undecided.",
    ),
    "arms.<arm>.first_player_advantage": ("", "The first mover's share of decided games less fair."),
    "arms.<arm>.largest_seat_gap": ("", "The largest side's share of decided games less the smallest's."),
    "arms.<arm>.tests": ("", "The arm's own tests, each against fair."),
    "arms.<arm>.tests.first_mover": ("test", "Is the first mover's share of decided games fair?"),
    "arms.<arm>.tests.first_mover_within": ("test", "Is it within `min_effect.share` of fair?"),
    "arms.<arm>.tests.seat_balance": ("test", "Are the sides' shares equal?"),
    "arms.<arm>.tests.seat_balance_within": ("test", "Is every side's share within `min_effect.share`?"),
    "arms.<arm>.scores.<seat>": ("spread", "Final scores of seat n (`seat_1`, ...)."),
    "arms.<arm>.side_scores.<side>": ("spread", "Final scores of side n (`side_1`, ...), its seats' summed."),
    "arms.<arm>.margin": ("spread", "The winner's lead over the runner-up at the end, in points."),
    "arms.<arm>.moves": ("spread", "Moves per game (capped games at their cap)."),
    "arms.<arm>.length": (
        "",
        "The length of a game with capped games censored (Kaplan-Meier): `games`, `capped`, the `median` "
        "(null when more than half were capped) and `at_least` (the cap, when it is).",
    ),
    "arms.<arm>.metrics.<metric>": ("spread", "Each of the game's own metrics (`Game.metric_names`)."),
    "arms.<arm>.generic.<metric>": (
        "spread",
        "The observer's figures for every game: `lead_changes`, `decisive_at` (the share of the game played "
        "when the winner took the lead for good), `drama` (how far the winner trailed at most), `spread` "
        "(the best side's final score less the worst's).",
    ),
    "arms.<arm>.categories.<category>": ("spread", "Points per seat in each score category, seats pooled."),
    "arms.<arm>.score_all": ("spread", "Final scores of every seat, pooled."),
    "comparisons": ("", "Each arm against the first of its agent set, by `<arm> vs <first arm>`."),
    "comparisons.<comparison>.draw_rate_change": ("difference", "The change in the draw rate."),
    "comparisons.<comparison>.first_mover_change": (
        "difference",
        "The change in the first mover's share of decided games (absent where the arms' sides differ).",
    ),
    "comparisons.<comparison>.margin_change": ("", "The change in the mean margin, in points."),
    "comparisons.<comparison>.tests.<test>": (
        "test",
        "One test per question, and beside it its equivalence test (`<question>_within`: is the change "
        "smaller than the minimum effect?): `draw_rate`, `first_mover`, `seat_balance`, `margin`, `length`.",
    ),
    "verdict": ("", "The verdict page: per section its title, per question its name and its sentences."),
    "bottom_line": ("", "The bottom line, a sentence per item, as the terminal prints it."),
    "skill": ("", "With a skill axis: what each question does across the levels (sentences)."),
    "strength": ("", "With a skill axis: whether each level beats the one below (sentences)."),
    "holds_under_both": ("", "With two agent sets: the conclusions that hold under both."),
    "tests_corrected": ("", "How many tests Holm's correction was made over."),
    "game_specific": ("", "The game's own summary, as its report page (`report.py`) makes it, if any."),
}


def undocumented(summary: dict[str, Any]) -> list[str]:
    """The paths of `summary` (a summary.json read back) that `FIELDS` does not describe, sorted."""
    missing: set[str] = set()
    _walk(summary, "", missing)
    return sorted(missing)


def _walk(value: Any, path: str, missing: set[str]) -> None:
    """Check the fields below `path`, if any are declared: a field of a shape, or one declared without
    fields below it (a value, or a structure its line describes), is not walked into."""
    if path and not any(p.startswith((f"{path}.", f"{path}[]")) for p in FIELDS):
        return
    if isinstance(value, dict):
        for key, item in value.items():
            child = _child(path, key)
            if child is None:
                missing.add(f"{path}.{key}" if path else key)
            else:
                _walk(item, child, missing)
    elif isinstance(value, list):
        for item in value:
            _walk(item, f"{path}[]", missing)


def _child(path: str, key: str) -> str | None:
    """The declared path of `key` under `path`: its own name, or the placeholder the run's names take (a
    path is declared where it, or a field below it, is in FIELDS)."""
    prefix = f"{path}." if path else ""
    for declared in FIELDS:
        own = declared.startswith(prefix + key) and declared[len(prefix + key) :][:1] in ("", ".", "[")
        if own:
            return prefix + key
    for declared in FIELDS:
        if declared.startswith(prefix + "<"):
            return prefix + declared[len(prefix) :].split(".", 1)[0]
    return None


def render() -> str:
    """The reference page, as Markdown."""
    lines = [
        "# summary.json reference",
        "",
        "*Generated from `simulate/report/summary_fields.py` when the site is built (`python -m",
        "simulate.report.summary_fields` prints it); a test holds every summary a run writes to it, so a",
        "field the report writes is listed here.*",
        "",
        "`simulate run` and `simulate compare` write `summary.json` beside the report: everything the",
        "report says, as numbers. A path names a field from the top: `<arm>` stands for an arm's label,",
        "`<seat>` for `seat_1`, `seat_2`, ..., `[]` for each item of a list (per side, per turn position).",
        "Shares are of games; intervals are 95%.",
        "",
        "## Shapes",
        "",
        "Fields of these shapes are not listed further.",
        "",
        "| shape | holds |",
        "|---|---|",
        *(f"| {name} | {text} |" for name, text in SHAPES.items()),
        "",
        "## Fields",
        "",
        "| path | shape | what it is |",
        "|---|---|---|",
        *(f"| `{path}` | {shape} | {doc} |" for path, (shape, doc) in FIELDS.items()),
    ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render(), end="")
