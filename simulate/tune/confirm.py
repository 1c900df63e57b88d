"""A tune's confirmation: its finalists replayed on fresh seeds beside the rules as they were, and judged
as a report judges its arms.

Each finalist and the *baseline* (the rules the tune started from) play their games on a seed no
search game used (the tune's seed + 1000), under the search's agents, or, on a skill axis (`--skill`),
at every level, with the strength check of each pair of adjacent levels (under the baseline's rules).
A finalist that is the rules as they were is the baseline's own games. As `simulate compare` does,
they play in rounds until every headline question is settled, here each arm's first mover against
fair (is the setting fair?), at most `--confirm` games per arm (or each level's games from the data
file on a skill axis); `--confirm N` given plays N games per arm, a fixed number
(`simulate.commands.rounds`).

The arms are then what `simulate compare` makes of them: `balance.summarize`, every question's answer
adjusted in its family (`simulate.analysis.families`), the verdict of `verdict_page.build_verdict`
(its bottom line, each question across the levels, the strength check, every finding). Each target
adds the tests of `simulate.tune.goals` (within the goal, and the change against the baseline); they
form a family of their own (Holm's step-down, a change and its equivalence test in one slot).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from simulate.agents import parse_agents
from simulate.analysis import balance, families
from simulate.analysis.arm import Arm
from simulate.analysis.families import Ran
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.multiplicity import Decision, adjust
from simulate.analysis.skill import Skill, Strength
from simulate.analysis.verdict import Change
from simulate.analysis.verdict_page import Verdict, build_verdict
from simulate.commands.arms import agents_name, method_note
from simulate.commands.rounds import (
    ArmTask,
    Counting,
    Session,
    Setup,
    StrengthTask,
    play_fixed,
    play_in_rounds,
)
from simulate.commands.runs import slug
from simulate.commands.skill_plan import strength_games
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
) -> tuple[list[list[Arm]], list[Strength], Ran]:
    """Play (or resume) every arm at every level, and the strength checks: the arms by level, and how
    the rounds went."""
    o = plan.options
    seed = o.seed + CONFIRM_SEED_OFFSET
    levels = levels_of(plan)
    tasks = []
    for j, level in enumerate(levels):
        for arm in arms:
            sub = plan.folder / "confirm"
            sub = (sub / slug(level.name) if plan.skill else sub) / slug(arm.folder)
            label = f"{arm.name} @ {level.name}" if plan.skill else arm.name
            tasks.append(ArmTask(j, arm.rules, level.agents, sub, label))
    checks = [
        StrengthTask(
            pair,
            plan.base,
            plan.folder / "confirm" / "strength" / f"{slug(pair.weak)}-vs-{slug(pair.strong)}",
        )
        for pair in (plan.skill.pairs if plan.skill else ())
    ]
    setup = Setup(plan.data, seed, o.jobs, me=o.min_effect, metrics=tuple(plan.metric_names), fair_first=True)
    session = Session(setup, tasks, checks, Counting(on_games))
    budgets = [level.games for level in levels]
    ran = play_fixed(session, budgets) if o.confirm_given else play_in_rounds(session, budgets)
    played = session.result()
    groups = []
    for j, row in enumerate(played.tallies):
        group = []
        for arm, task, tally in zip(arms, [t for t in tasks if t.level == j], row, strict=True):
            summary = balance.summarize(tally, plan.metric_names, plan.categories)
            group.append(
                Arm(task.label, arm.rules.players, task.agents, tally.cols(), summary, tally, arm.changes)
            )
        groups.append(group)
    return groups, played.strengths, ran


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
    ran: Ran,
    skill: Skill | None = None,
    strengths: Sequence[Strength] = (),
    file_levels: Sequence[str] = (),
) -> Confirmation:
    """Every arm against the baseline (each group's first arm) at each level: the report's answers in
    their families, and the targets' tests as a family of their own."""
    comparisons, decisions = families.judged([[(a.label, a.summary) for a in g] for g in groups], ran)
    judged = []
    for group in groups:
        base = group[0]
        rows = []
        for k, arm in enumerate(group):
            comp = comparisons[f"{arm.label} vs {base.label}"] if k else None
            rows.append([_judge_one(i, t, base, arm, comp, me) for i, t in enumerate(targets)])
        judged.append(rows)
    found = adjust_targets(groups, comparisons)
    note = method_note([*decisions.values(), *found], ran.stopped[0] != "fixed")
    verdict = build_verdict(groups, comparisons, note, ran.games, seed, skill, strengths, file_levels)
    return Confirmation(
        tuple(targets),
        list(levels),
        list(ran.games),
        groups,
        comparisons,
        judged,
        verdict,
        len(decisions) + len(found),
        list(strengths),
        seed,
        me,
        skill is not None,
    )


TARGETS = "targets"


def adjust_targets(groups: list[list[Arm]], comparisons: dict[str, Any]) -> list[Decision]:
    """The targets' tests as one family (`multiplicity.adjust`): each arm's within-the-goal test, and each
    finalist's change with its equivalence test in one slot; their adjusted p-values written in place."""
    slots: list[tuple[dict[str, Any] | None, dict[str, Any] | None, str]] = []
    for group in groups:
        for arm in group:
            for key, test in arm.summary["tests"].items():
                if key.startswith("target ") and key.endswith(" within"):
                    slots.append((None, test, f"{arm.label}|{key}"))
    for name, comp in comparisons.items():
        for key, test in comp["tests"].items():
            if key.startswith("target ") and key.endswith(" change"):
                slots.append((test, comp["tests"][f"{key} within"], f"{name}|{key}"))
    rows = [(TARGETS, ident, *(t.get("p") if t else None for t in (d, w))) for d, w, ident in slots]
    found = adjust(rows)
    for (difference, within, _), decision in zip(slots, found, strict=True):
        if difference is not None:
            difference["p_holm"] = decision.p_difference
        if within is not None:
            within["p_holm"] = decision.p_equivalence
    return found


def _judge_one(i: int, t: Target, base: Arm, arm: Arm, comp: dict[str, Any] | None, me: MinEffect) -> Judged:
    """Target i in one arm: its within test (kept in the arm's tests), and its change if it is a finalist."""
    test = goals.within(t, arm.summary, base.summary, me)
    key = f"target {i}"
    arm.summary["tests"][f"{key} within"] = test
    if comp is None:
        return Judged(test, None)
    head = change_head(t, name_of(base), name_of(arm), base.summary, arm.summary, me)
    found = goals.change(t, head, base.summary, arm.summary, base.tally, arm.tally, comp, me, key)
    return Judged(test, found)
