"""What the verdict page says, put together from every arm, comparison and level of a run.

`build_verdict` turns the summaries (`simulate.analysis.balance`) into findings
(`simulate.analysis.verdict`), then into the bottom line (`simulate.analysis.bottom_line`),
the sections per agent set or level, and, on a skill axis, each question
read across the levels (`simulate.analysis.trend`) and the strength check
(`simulate.analysis.skill`). Every sentence comes from `simulate.words`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from simulate.analysis.bottom_line import (
    LevelChanges,
    agents_note,
    cap_lines,
    change_line,
    first_mover_line,
    ranking_line,
)
from simulate.analysis.stats import fmt_p
from simulate.analysis.trend import trend
from simulate.analysis.verdict import (
    Finding,
    arm_findings,
    called,
    change_finding,
    change_of,
    changes,
    median_length,
    pct,
    span,
)
from simulate.words import display_name, say

if TYPE_CHECKING:
    from simulate.analysis.arm import Arm
    from simulate.analysis.skill import Skill, Strength


@dataclass
class Verdict:
    """The verdict page's content: the bottom line, then per agent set (or level) per arm and per
    comparison, findings in words; on a skill axis, the questions across levels and the strength check."""

    sections: list[tuple[str, list[tuple[str, list[Finding]]]]]
    both: list[str]
    note: str
    bottom: list[str] = field(default_factory=list)
    headline: list[str] = field(default_factory=list)  # the bottom line's first lines: caps, comparisons
    groups: list[list[Arm]] = field(default_factory=list)  # the arms of each level (or agent set)
    levels: list[str] = field(default_factory=list)
    skill: list[str] = field(default_factory=list)
    strength: list[str] = field(default_factory=list)


def _name(arm: Arm) -> str:
    return arm.label.split(" @ ")[0]


def _agents(arm: Arm) -> str:
    return arm.agents[0] if len(set(arm.agents)) == 1 else ",".join(arm.agents)


def build_verdict(
    groups: list[list[Arm]],
    comparisons: dict[str, Any],
    note: str,
    games: Sequence[int] | int,
    seed: int,
    skill: Skill | None = None,
    strengths: Sequence[Strength] = (),
    file_levels: Sequence[str] = (),
) -> Verdict:
    """Findings per agent set (or level) per arm and comparison, and the lines read across them."""
    level_games = [games] * len(groups) if isinstance(games, int) else list(games)
    levels = [_agents(g[0]) for g in groups]
    sections = []
    per_set: list[dict[str, list[Finding]]] = []
    for group, n in zip(groups, level_games, strict=True):
        found: dict[str, list[Finding]] = {_name(arm): arm_findings(arm.summary) for arm in group}
        base = group[0]
        for arm in group[1:]:
            comp = comparisons[f"{arm.label} vs {base.label}"]
            found[say("page.against", other=_name(arm), base=_name(base))] = [
                change_finding(c) for c in changes(_name(base), _name(arm), base.summary, arm.summary, comp)
            ]
        per_set.append(found)
        title = say("page.section", agents=levels[len(per_set) - 1], games=f"{n:,}", seed=seed)
        sections.append((title, list(found.items())))
    ordered = [s.ordered for s in strengths] if skill is not None else []
    verdict = Verdict(sections, [], note, groups=groups, levels=levels)
    verdict.headline = headline_lines(groups, comparisons, levels)
    rest = bottom_lines(groups, comparisons, levels, per_set, skill is not None, ordered, file_levels)
    if len(groups[0]) == 1:  # a run of one arm: its first mover is the headline question
        firsts = 1 if skill is not None else len(groups)
        verdict.headline, rest = verdict.headline + rest[:firsts], rest[firsts:]
    verdict.bottom = verdict.headline + rest
    if skill is not None:
        verdict.skill = skill_lines(groups, levels, level_games, per_set, ordered)
        verdict.strength = strength_lines(groups[0][0], strengths)
    elif len(groups) == 2:
        verdict.both = holds_under_both(per_set, levels)
    return verdict


def headline_lines(groups: list[list[Arm]], comparisons: dict[str, Any], levels: list[str]) -> list[str]:
    """The bottom line's first lines: the levels where a cap stops too many games, then one sentence per
    comparison (what changed first, then the headline question), or for a run of one arm its first mover."""
    caps = cap_lines(
        [
            (level, _name(arm), arm.summary)
            for level, group in zip(levels, groups, strict=True)
            for arm in group
        ]
    )
    first = groups[0]
    lines = []
    for k, arm in enumerate(first[1:], start=1):
        per_level = []
        for level, group in zip(levels, groups, strict=True):
            base, other = group[0], group[k]
            comp = comparisons[f"{other.label} vs {base.label}"]
            found = changes(_name(base), _name(other), base.summary, other.summary, comp)
            per_level.append(LevelChanges(level, base.summary, other.summary, found))
        what = re.split(r"\. |。", arm.changes)[0].rstrip(".。")
        lines.append(change_line(_name(first[0]), _name(arm), what, per_level, len(groups) == 1))
    return caps + lines


def called_order(group: list[Arm], comparisons: dict[str, Any]) -> set[tuple[str, str]]:
    """The (closer, further) pairs of arms whose first mover's change, each arm against the first, is
    called: the comparison has ordered them by distance from fair."""
    base, pairs = group[0], set()
    for arm in group[1:]:
        comp = comparisons[f"{arm.label} vs {base.label}"]
        if "first_mover" not in comp["answers"]:
            continue
        first = change_of("first_mover", comp["answers"]["first_mover"], comp["tests"], _name(base),
                          _name(arm), base.summary, arm.summary)  # fmt: skip
        if called(first.test):
            further_first = first.sign > 0  # the arm's first mover lies further from fair than the base's
            pairs.add((_name(base), _name(arm)) if further_first else (_name(arm), _name(base)))
    return pairs


def bottom_lines(
    groups: list[list[Arm]],
    comparisons: dict[str, Any],
    levels: list[str],
    per_set: list[dict[str, list[Finding]]],
    on_skill: bool,
    ordered: list[bool],
    file_levels: Sequence[str],
) -> list[str]:
    """After the headline lines: the arms ranked at each level, each arm's first mover, the agents."""
    lines = []
    first = groups[0]
    for level, group in zip(levels, groups, strict=True):
        ranked = ranking_line(
            level if len(groups) > 1 else None,
            [(_name(a), a.summary) for a in group],
            called_order(group, comparisons),
        )
        if ranked:
            lines.append(ranked)
    for k, arm in enumerate(first):
        if on_skill:
            found = [per_set[j][_name(arm)][0] for j in range(len(groups))]
            per_level = [(lv, g[k].summary, f) for lv, g, f in zip(levels, groups, found, strict=True)]
            draws = [g[k].summary["draws"] for g in groups]
            lines.append(first_mover_line(_name(arm), per_level, trend(levels, found, ordered, draws)))
        else:
            for j, (level, group) in enumerate(zip(levels, groups, strict=True)):
                f = per_set[j][_name(arm)][0]
                lines.append(first_mover_line(_name(arm), [(level, group[k].summary, f)], None))
    if not on_skill:
        lines.append(agents_note(levels, list(file_levels)))
    return lines


QUESTIONS_OF_ARM = (("first mover", "q.first"), ("seat balance", "q.seats"))
QUESTIONS_OF_CHANGE = (
    ("first mover change", "q.first_change"),
    ("seat balance change", "q.seats_change"),
    ("draw rate", "q.draws_change"),
    ("margin", "q.margin_change"),
    ("length change", "q.length_change"),
)


def skill_lines(
    groups: list[list[Arm]],
    levels: list[str],
    level_games: list[int],
    per_set: list[dict[str, list[Finding]]],
    ordered: list[bool],
) -> list[str]:
    """Every question read across the levels: each arm's, then each comparison's."""
    games = say("join.list").join(f"{n:,}" for n in level_games)
    lines = [say("skill.levels", levels=say("join.list").join(levels), games=games)]
    for k, arm in enumerate(groups[0]):
        name = _name(arm)
        draws = [g[k].summary["draws"] for g in groups]
        for question, key in QUESTIONS_OF_ARM:
            found = [next(f for f in per_set[j][name] if f.question == question) for j in range(len(groups))]
            text = trend(levels, found, ordered, draws).text
            lines.append(say("skill.question", question=say(key), arm=name, trend=text))
        lines += value_lines(name, [g[k].summary for g in groups], levels)
    base = _name(groups[0][0])
    for arm in groups[0][1:]:
        where = say("page.against", other=_name(arm), base=base)
        for question, key in QUESTIONS_OF_CHANGE:
            found = [
                next((f for f in per_set[j][where] if f.question == question), None)
                for j in range(len(groups))
            ]
            if None in found:  # a measure that never varied at some level (a game that never draws)
                continue
            text = trend(levels, found, ordered).text
            lines.append(
                say("skill.question_change", question=say(key), other=_name(arm), base=base, trend=text)
            )
    return lines


def value_lines(arm: str, summaries: list[dict[str, Any]], levels: list[str]) -> list[str]:
    """Draws, length and margin of one arm at each level (questions with no fair line to test against)."""
    rows = (
        ("q.draws", lambda s: f"{pct(s['draws']['p'])} {span(s['draws'])}"),
        ("q.length", median_length),
        (
            "q.margin",
            lambda s: f"{s['margin']['mean']:.2f} [{s['margin']['lo']:.2f}, {s['margin']['hi']:.2f}]",
        ),
    )
    out = []
    for key, show in rows:
        values = say("join.list").join(
            say("skill.value", value=show(s), level=lv) for s, lv in zip(summaries, levels, strict=True)
        )
        out.append(say("skill.values", question=say(key), arm=arm, values=values))
    return out


def strength_lines(first: Arm, strengths: Sequence[Strength]) -> list[str]:
    """Where the levels were played head to head, whether each pair is ordered, and how much luck there is."""
    if not strengths:
        return []
    players = first.players
    lines = [
        say(
            "strength.where",
            arm=_name(first),
            players=str(players),
            filler=say("strength.filler") if players > 2 else "",
            rotations=say("strength.rotations") if players > 2 else "",
        )
    ]
    lines += [strength_line(s) for s in strengths]
    luck = say("join.list").join(
        say(
            "strength.luck_pair",
            share=f"{pct(s.weak_ahead['p'])} {span(s.weak_ahead)}",
            weak=s.weak,
            strong=s.strong,
        )
        for s in strengths
    )
    lines.append(say("strength.luck", shares=luck))
    return lines


def strength_line(s: Strength) -> str:
    """One pair: its record of won, lost and drawn games, the share of decided games the stronger level
    won with the sign test's p, and what that shows (stronger, not shown, weaker, or nothing decided)."""
    t = s.test
    record = say(
        "strength.record",
        strong=s.strong,
        weak=s.weak,
        games=f"{t['games']:,}",
        won=f"{t['wins_b']:,}",
        lost=f"{t['wins_a']:,}",
        drawn=f"{t['draws']['k']:,}",
        draws=pct(t["draws"]["p"]),
    )
    if not t["decided"]:
        return record + say("strength.none_decided")
    key = "ordered" if s.ordered else "reversed" if s.reversed else "not_ordered"
    decided = say("strength.decided", share=pct(t["share"]), interval=span(t), p=fmt_p(t["p"]))
    return record + decided + say(f"strength.{key}")


def holds_under_both(per_set: list[dict[str, list[Finding]]], names: list[str]) -> list[str]:
    """For each conclusion that calls something, whether the other agent set reaches the same one."""
    lines = []
    a, b = per_set
    a_name, b_name = names
    for where, findings in a.items():
        other = {f.question: f for f in b[where]}
        for fa, fb in ((f, other[f.question]) for f in findings if f.question in other):
            if fa.conclusion in ("info",) or (
                fa.conclusion in ("none", "n/a") and fb.conclusion in ("none", "n/a")
            ):
                continue
            question = question_words(fa.question)
            if fa.conclusion == fb.conclusion:
                said = _said(fa)
                lines.append(
                    say("both.same", where=where, question=question, conclusion=said, a=a_name, b=b_name)
                )
            else:
                lines.append(
                    say(
                        "both.differ",
                        where=where,
                        question=question,
                        a=a_name,
                        b=b_name,
                        fa=_said(fa),
                        fb=_said(fb),
                    )
                )
    lines.append(say("both.rest", a=a_name, b=b_name))
    return lines


def question_words(question: str) -> str:
    """A question's name in words (a game's own metric by its name in the language)."""
    if question.startswith("metric "):
        return display_name(question.removeprefix("metric "))
    return say(f"question.{question}")


# conclusions that are keys rather than words (a comparison's conclusion is its words already)
SAID = ("none", "n/a", "within", "small", "advantage", "disadvantage", "imbalance", "balanced", "drawn")


def _said(f: Finding) -> str:
    """A finding's conclusion in words: its own words (`an advantage`), or what its state says."""
    if f.conclusion in SAID:
        return say(f"said.{f.conclusion}")
    return f.conclusion
