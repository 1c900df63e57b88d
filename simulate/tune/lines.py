"""A tune's confirmation in words: the bottom line, each target across the levels, and every finding.

The verdict's own lines come first (`verdict_page.build_verdict`: what each finalist changed, its
first mover's score against the baseline's, the arms ranked by their distance from fair, each arm's
first mover, across the levels on a skill axis). Each target adds, in the same words, one line per
finalist (did it move the measure closer to the goal, and is that called) and one per arm (is it
shown within the goal): a target's measure is its own (`first_mover` reads the share of decided
games, where the verdict reads the score with draws as half). Every
sentence is a template of `simulate.words`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from simulate.analysis.bottom_line import called_words
from simulate.analysis.trend import trend
from simulate.analysis.verdict import (
    Change,
    Finding,
    called,
    change_finding,
    p_of,
)
from simulate.tune import goals
from simulate.tune.target_words import goal_text, short, value_text
from simulate.tune.targets import Target
from simulate.words import say

if TYPE_CHECKING:
    from simulate.tune.confirm import Confirmation


# ------------------------------------------------------------------ findings
def change_of(t: Target, c: Change, sa: dict[str, Any], sb: dict[str, Any]) -> Finding:
    """A target's change as a finding (what a skill axis reads across the levels)."""
    if goals.both_within(t, sa, sb):
        text = say("tune.change.both", head=c.head)
        return Finding(c.question, "both", text, "within", 0, c.effect, say("answer.both_within"))
    return change_finding(c)


def goal_answer(t: Target, within: dict[str, Any]) -> str:
    """Whether an arm is within the goal: shown, or not."""
    if within.get("p") is None:
        return say("tune.answer.na", p=p_of(within))
    return say("tune.answer.within" if called(within) else "tune.answer.open", p=p_of(within))


def _called_under(t: Target, c: Change, sa: dict[str, Any], sb: dict[str, Any], level: str | None) -> str:
    """One level's part of a change line: the two values, the direction and whether it is called."""
    if goals.both_within(t, sa, sb):
        return say("tune.both_within_level", level=level, a=short(t, sa), b=short(t, sb))
    return say(
        "bottom.change_level",
        level=level,
        a=short(t, sa),
        b=short(t, sb),
        direction=say(f"word.{c.word}"),
        called=called_words(c),
    )


def change_line(conf: Confirmation, i: int, k: int) -> str:
    """Target i, finalist arm k against the baseline, at every level."""
    t = conf.targets[i]
    first_base, first_arm = conf.groups[0][0], conf.groups[0][k]
    fields = {
        "target": t.text,
        "other": _name(first_arm.label),
        "base": _name(first_base.label),
        "measure": t.measure.doc,
        "goal": goal_text(t, first_arm.summary, first_base.summary, conf.me),
    }
    if conf.on_skill:
        parts = [
            _called_under(t, conf.judged[j][k][i].change, g[0].summary, g[k].summary, level)
            for j, (g, level) in enumerate(zip(conf.groups, conf.levels, strict=True))
        ]
        return say("tune.change_levels", **fields, levels=say("tune.sep").join(parts))
    c = conf.judged[0][k][i].change
    sa, sb = first_base.summary, first_arm.summary
    if goals.both_within(t, sa, sb):
        return say("tune.both_within", **fields, a=short(t, sa), b=short(t, sb))
    called_text = say("bottom.called_under", called=called_words(c), level=conf.levels[0])
    return say(
        "tune.change",
        **fields,
        direction=say(f"word.{c.word}"),
        a=short(t, sa),
        b=short(t, sb),
        called=called_text,
    )


def goal_line(conf: Confirmation, i: int, k: int) -> str:
    """Target i in arm k: its measure against the goal, at every level."""
    t = conf.targets[i]
    base = conf.groups[0][0].summary
    arm = conf.groups[0][k]
    fields = {"arm": _name(arm.label), "target": t.text, "goal": goal_text(t, arm.summary, base, conf.me)}
    per_level = [
        (level, g[k].summary, goal_answer(t, conf.judged[j][k][i].within))
        for j, (g, level) in enumerate(zip(conf.groups, conf.levels, strict=True))
    ]
    if conf.on_skill:
        parts = [say("tune.goal_level", value=value_text(t, s), level=lv, answer=a) for lv, s, a in per_level]
        return say("tune.goal_levels", **fields, levels=say("tune.sep").join(parts))
    ((level, s, answer),) = per_level
    return say("tune.goal", **fields, value=value_text(t, s), answer=answer, level=level)


def _name(label: str) -> str:
    return label.split(" @ ")[0]


# ------------------------------------------------------------------ the page's parts
def finalists_line(conf: Confirmation, labels: list[tuple[str, str, bool]], games: str) -> str:
    """The search's finalists, best first: (name, setting, is the baseline), and the games they got."""
    base = say("tune.base")
    parts = [
        say(
            "tune.finalist_is_base" if is_base else "tune.finalist_setting",
            label=name,
            setting=setting,
            base=base,
        )
        for name, setting, is_base in labels
    ]
    return say("tune.finalists", finalists=say("tune.sep").join(parts), games=games, base=base)


def bottom_lines(conf: Confirmation) -> list[str]:
    """The verdict's bottom line with each target's lines before its closing note on the agents."""
    own = []
    arms = len(conf.groups[0])
    for i in range(len(conf.targets)):
        own += [change_line(conf, i, k) for k in range(1, arms)]
        own += [goal_line(conf, i, k) for k in range(arms)]
    verdict = conf.verdict.bottom
    if conf.on_skill:
        return verdict + own
    return verdict[:-1] + own + verdict[-1:]  # the last line says which agents the verdict rests on


def skill_lines(conf: Confirmation) -> list[str]:
    """Each question across the levels: the verdict's, then each target's change for every finalist."""
    if not conf.on_skill:
        return []
    ordered = [s.ordered for s in conf.strengths]
    lines = list(conf.verdict.skill)
    base = _name(conf.groups[0][0].label)
    for i, t in enumerate(conf.targets):
        for k in range(1, len(conf.groups[0])):
            found = [
                change_of(t, conf.judged[j][k][i].change, g[0].summary, g[k].summary)
                for j, g in enumerate(conf.groups)
            ]
            text = trend(conf.levels, found, ordered).text
            other = _name(conf.groups[0][k].label)
            lines.append(say("skill.question_change", question=t.text, other=other, base=base, trend=text))
    return lines


def target_findings(conf: Confirmation, j: int) -> list[tuple[str, list[str]]]:
    """Level j's findings on the targets the verdict does not answer: per arm its goal, per finalist
    its change."""
    out = []
    group = conf.groups[j]
    base = group[0]
    for k, arm in enumerate(group):
        lines = []
        for i, t in enumerate(conf.targets):
            judged = conf.judged[j][k][i]
            answer = goal_answer(t, judged.within)
            goal = goal_text(t, arm.summary, base.summary, conf.me)
            lines.append(
                say(
                    "tune.goal",
                    arm=_name(arm.label),
                    target=t.text,
                    value=value_text(t, arm.summary),
                    goal=goal,
                    answer=answer,
                    level=conf.levels[j],
                )
            )
            if judged.change is not None:
                lines.append(change_of(t, judged.change, base.summary, arm.summary).text)
        if lines:
            out.append((_name(arm.label), lines))
    return out
