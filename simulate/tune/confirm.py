"""A tune's confirmation: its finalists replayed on fresh seeds beside the rules as they were, and judged
as a report judges its arms.

Each finalist and the *baseline* (the rules the tune started from) play their games on a seed no
search game used (the tune's seed + 1000): `--confirm` games under the search's agents, or, on a
skill axis (`--skill`), each level's games at every level, with the strength check of each pair of
adjacent levels (`skill_plan.play_strength`, under the baseline's rules). A finalist that is the rules as
they were is the baseline's own games.

The arms are then what `simulate compare` makes of them: `balance.summarize` and `balance.compare`
with `--min-effect`, the verdict of `verdict_page.build_verdict` (its bottom line, each question
across the levels, the strength check, every finding). Each target adds the tests of
`simulate.tune.goals` (within the goal, and the change against the baseline) where the report does
not already hold them, and every test is Holm-corrected as one family (`balance.apply_holm`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from simulate.agents import parse_agents
from simulate.analysis import balance
from simulate.analysis.arm import Arm
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.skill import Skill, Strength
from simulate.analysis.verdict import Change
from simulate.analysis.verdict_page import Verdict, build_verdict
from simulate.commands.arms import agents_name, play_arm
from simulate.commands.runs import slug
from simulate.commands.skill_plan import play_strength, strength_games
from simulate.tune import goals
from simulate.tune.plan import CONFIRM_SEED_OFFSET
from simulate.tune.space import Setting
from simulate.tune.target_words import change_head
from simulate.tune.targets import Target
from simulate.words import say

if TYPE_CHECKING:
    from simulate.tune.plan import TunePlan


@dataclass(frozen=True)
class Level:
    """Agents the confirmation plays under: a level of a skill axis, or the search's own agents."""

    name: str
    agents: tuple[str, ...]
    games: int


def levels_of(plan: TunePlan) -> list[Level]:
    """The confirmation's levels: the skill axis's, weakest first, or the search's agents alone."""
    if plan.skill is None:
        return [Level(agents_name(plan.agents), plan.agents, plan.options.confirm)]
    players = plan.base.players
    return [
        Level(lv.agent, parse_agents(lv.agent, plan.data.engine, players), lv.games)
        for lv in plan.skill.levels
    ]


def confirm_games(plan: TunePlan) -> int:
    """Games the confirmation plays at most (every finalist an arm of its own), strength checks too."""
    arms = plan.options.finalists + 1
    pairs = plan.skill.pairs if plan.skill is not None else ()
    return arms * sum(lv.games for lv in levels_of(plan)) + sum(strength_games(plan.base, p) for p in pairs)


@dataclass(frozen=True)
class ArmPlan:
    """One arm of the confirmation: its name, setting (None: the baseline), rules and folder name."""

    name: str
    setting: Setting | None
    rules: Any
    folder: str
    changes: str


def arm_plans(plan: TunePlan, finalists: Sequence[Setting]) -> list[ArmPlan]:
    """The baseline, then each finalist that is not the rules as they were, named by its rank."""
    base = plan.base_setting()
    base_values = {k.key: plan.base_value(k.key) for k in plan.space.knobs}
    arms = [ArmPlan(say("tune.base"), None, plan.base, "baseline", "")]
    for rank, s in enumerate(finalists, 1):
        if s != base:
            name = say("tune.finalist", rank=rank)
            arms.append(
                ArmPlan(name, s, plan.rules(s), plan.space.folder(s), plan.space.changes(s, base_values))
            )
    return arms


def play(
    plan: TunePlan, arms: Sequence[ArmPlan], on_games: Callable[[int], None] | None = None
) -> tuple[list[list[Arm]], list[Strength]]:
    """Play (or resume) every arm at every level, then the strength checks: the arms by level."""
    o, me = plan.options, plan.options.min_effect
    seed = o.seed + CONFIRM_SEED_OFFSET
    levels = levels_of(plan)
    groups = []
    for level in levels:
        group = []
        for arm in arms:
            sub = plan.folder / "confirm"
            sub = (sub / slug(level.name) if plan.skill else sub) / slug(arm.folder)
            _, tally = play_arm(
                plan.data, arm.rules, level.agents, level.games, seed, sub, o.jobs, False, on_games
            )
            summary = balance.summarize(tally, plan.metric_names, plan.categories, me)
            label = f"{arm.name} @ {level.name}" if plan.skill else arm.name
            group.append(
                Arm(label, arm.rules.players, level.agents, tally.cols(), summary, tally, arm.changes)
            )
        groups.append(group)
    strengths = [
        play_strength(
            plan.data,
            plan.base,
            pair,
            seed,
            plan.folder / "confirm" / "strength" / f"{slug(pair.weak)}-vs-{slug(pair.strong)}",
            o.jobs,
            False,
            on_games,
        )
        for pair in (plan.skill.pairs if plan.skill else ())
    ]
    return groups, strengths


@dataclass
class Judged:
    """One target in one arm at one level: its within-the-goal test, and its change against the baseline
    (None for the baseline itself)."""

    within: dict[str, Any]
    change: Change | None


@dataclass
class Confirmation:
    """The confirmation judged: its arms by level, their comparisons, each target's tests, the verdict."""

    targets: tuple[Target, ...]
    levels: list[str]
    level_games: list[int]
    groups: list[list[Arm]]
    comparisons: dict[str, Any]
    judged: list[list[list[Judged]]]  # [level][arm][target]
    verdict: Verdict
    tests: int
    strengths: list[Strength]
    seed: int
    me: MinEffect
    on_skill: bool


def name_of(arm: Arm) -> str:
    return arm.label.split(" @ ")[0]


def judge(
    targets: Sequence[Target],
    groups: list[list[Arm]],
    levels: Sequence[str],
    seed: int,
    me: MinEffect,
    skill: Skill | None = None,
    strengths: Sequence[Strength] = (),
    file_levels: Sequence[str] = (),
) -> Confirmation:
    """Every arm against the baseline (each group's first arm) at each level, Holm over the whole family."""
    comparisons: dict[str, Any] = {}
    judged = []
    for group in groups:
        base = group[0]
        rows = []
        for k, arm in enumerate(group):
            comp = None
            if k:
                comp = balance.compare(base.tally, arm.tally, base.summary, arm.summary, me)
                comparisons[f"{arm.label} vs {base.label}"] = comp
            rows.append([_judge_one(i, t, base, arm, comp, me) for i, t in enumerate(targets)])
        judged.append(rows)
    summaries = {a.label: a.summary for group in groups for a in group}
    tests = balance.apply_holm(summaries, comparisons)
    level_games = [g[0].tally.games for g in groups]
    verdict = build_verdict(groups, comparisons, tests, level_games, seed, me, skill, strengths, file_levels)
    return Confirmation(
        tuple(targets),
        list(levels),
        level_games,
        groups,
        comparisons,
        judged,
        verdict,
        tests,
        list(strengths),
        seed,
        me,
        skill is not None,
    )


def _judge_one(i: int, t: Target, base: Arm, arm: Arm, comp: dict[str, Any] | None, me: MinEffect) -> Judged:
    """Target i in one arm: its within test (kept in the arm's tests), and its change if it is a finalist."""
    test = goals.within(t, arm.summary, base.summary, me)
    key = f"target {i}"
    if not (t.fair and t.measure.name in ("first_mover", "seats")):
        arm.summary["tests"][f"{key} within"] = test  # the report's own tests hold the others
    if comp is None:
        return Judged(test, None)
    head = change_head(t, name_of(base), name_of(arm), base.summary, arm.summary, me)
    found = goals.change(t, head, base.summary, arm.summary, base.tally, arm.tally, comp, me, key)
    return Judged(test, found)
