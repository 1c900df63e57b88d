"""The bottom line: what changed first, then the headline question; first on page 1, in report.html and in
the terminal.

First, any level where a cap stops more than a few games unfinished
(`what_changed.cap_warnings`: "25% [22, 28] of goal5's games under greedy stop at the cap unfinished").
Then one sentence per comparison: what the arm changes (from the data file's doc), the changes that are called
and at least their minimum effect, largest first in minimum effects
(`what_changed.leading`), in a designer's words ("shortens games by a third"),
then the headline question, the first mover's score share (a win 1, a draw
half) with the draw rate beside it, and after how many games it settled or
how many more it would need. Direction words ("closer to fair") are said only
of a called change. Then the arms ranked by how far their first mover's share
lies from fair, per level; then, per arm, the first mover's answer (across the
levels of a skill axis, with the trend); and a line on which agents it rests
on.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from simulate.analysis import what_changed
from simulate.analysis.trend import Trend
from simulate.analysis.verdict import (
    Change,
    Finding,
    drawn_text,
    judge,
    magnitude,
    more_text,
    p_of,
    p_within,
    pct,
    points,
    settle_text,
    share_interval,
    side_names,
    span,
    state_of,
    value_text,
)
from simulate.words import display_name, say

MAX_SAID = 3  # changes the bottom line names before "and N more"
# Fractions a length change is said in ("shortens games by a third"), with the largest relative error of
# the estimate each may round from; beyond them, a percentage
FRACTIONS = ((1 / 2, "half"), (1 / 3, "third"), (1 / 4, "quarter"), (1 / 5, "fifth"), (1 / 10, "tenth"))
NEAR = 0.12
TIMES = 1.75  # a length this many times the baseline's or more is said in times ("1.8 times as long")


@dataclass(frozen=True)
class LevelChanges:
    """One comparison at one level: the two arms' summaries and every measure's change."""

    level: str
    base: dict[str, Any]
    other: dict[str, Any]
    changes: list[Change]

    @property
    def headline(self) -> Change | None:
        return next((c for c in self.changes if c.key == "first_mover"), None)


def called_words(c: Change) -> str:
    """Whether the change is called, in the bottom line's words (a tune's lines)."""
    size = abs(c.effect[0])
    state = judge(c.test, c.within, size, c.delta)
    if state == "matters":
        return say("bottom.called", p=p_of(c.test))
    if state == "small":
        return say("bottom.called_small", p=p_of(c.test))
    if state == "within":
        return say("bottom.within", delta=c.size(c.delta), p_within=p_within(c.within))
    if state == "n/a":
        return say("bottom.na", p=p_of(c.test))
    if c.need is None:  # no minimum effect to size the games by (a game's own metric)
        return say("bottom.open_unsized", p=p_of(c.test))
    return say("bottom.open", p=p_of(c.test), need=f"{c.need:,}", delta=c.size(c.delta, adj=True))


def by_fraction(a: float, b: float) -> str:
    """How much longer or shorter b is than a, in words: `by a third`, `by 12%`."""
    change = abs(b / a - 1)
    for fraction, name in FRACTIONS:
        if abs(change - fraction) <= NEAR * fraction:
            return say(f"by.{name}")
    return say("by.pct", pct=f"{100 * change:.0f}")


def what_words(c: Change, other: dict[str, Any]) -> str:
    """One called change in a designer's words: `shortens games by a third (204 moves against 302 on
    average)`."""
    a = c.answer or {}
    fields = {"a": value_text(c.key, a["a"]), "b": value_text(c.key, a["b"])}
    way = "up" if a["diff"] > 0 else "down"
    if c.key == "seat_balance":
        side = side_names(other)[int(a["side"].removeprefix("side_")) - 1]
        return say("what.seat_balance", **fields, side=side)
    if c.key == "first_mover":
        return say(
            "what.first_mover", **fields, direction=say(f"word.{c.word}"), fair=pct(other["fair_share"])
        )
    if c.key == "length":
        if not (math.isfinite(a["a"]) and a["a"] > 0):
            return say(f"what.length.{way}_plain", **fields)
        if a["b"] >= TIMES * a["a"]:
            return say("what.length.times", **fields, x=f"{a['b'] / a['a']:.1f}")
        return say(f"what.length.{way}", **fields, by=by_fraction(a["a"], a["b"]))
    if c.key.startswith("metric "):
        return say(f"what.metric.{way}", **fields, name=display_name(c.key.removeprefix("metric ")))
    return say(f"what.{c.key}.{way}", **fields)


def as_what_changed(c: Change) -> what_changed.Change:
    a = c.answer or {}
    return what_changed.Change(
        c.key, a["diff"], a["lo"], a["hi"], c.delta, bool(a["called"]), bool(a["equivalent"])
    )


def changed_words(changes: Sequence[Change], other: dict[str, Any]) -> str:
    """What changed, first: the called changes at least their minimum effect, largest first, at most
    `MAX_SAID` of them named. The first mover is the headline question, said after. A game's own
    metrics come after the measures every report has: their minimum effect is only a default (5% of
    the mean), where the others' are the designer's (`--min-effect`), so "largest" is sure of them
    alone."""
    by_key = {c.key: c for c in changes if c.key != "first_mover" and c.answer is not None}
    every = [as_what_changed(c) for k, c in by_key.items() if not k.startswith("metric ")]
    own = [as_what_changed(c) for k, c in by_key.items() if k.startswith("metric ")]
    leading = what_changed.leading(every) + what_changed.leading(own)
    if not leading:
        return say("bottom.nothing_changed")
    said = say("join.list").join(what_words(by_key[w.measure], other) for w in leading[:MAX_SAID])
    if len(leading) > MAX_SAID:
        said += say("bottom.more_changes", n=len(leading) - MAX_SAID)
    return said


def drawn_pair(base: dict[str, Any], other: dict[str, Any]) -> str:
    """`; drawn 3% and 5%` beside the first mover's shares, where either arm drew a game."""
    if not (base["draws"]["k"] or other["draws"]["k"]):
        return ""
    return say("head.drawn", a=pct(base["draws"]["p"]), b=pct(other["draws"]["p"]))


def headline_words(lc: LevelChanges) -> str:
    """The headline question of one comparison at one level: the first mover's score share in both arms
    (a draw as half), the draw rate beside it, whether it moved and after how many games that settled."""
    c = lc.headline
    if c is None or c.answer is None:
        return say("head.none")
    a = c.answer
    fields = {
        "a": pct(a["a"]),
        "b": pct(a["b"]),
        "fair": pct(lc.other["fair_share"]),
        "drawn": drawn_pair(lc.base, lc.other),
        "p": p_of(c.test),
        "settled": settle_text(a),
    }
    state = state_of(a)
    if state == "matters":
        return say("head.matters", **fields, direction=say(f"word.{c.word}"))
    if state == "small":
        return say("head.small", **fields)
    if state == "within":
        return say("head.within", **fields, delta=points(a["delta"]), p_within=p_within(c.within))
    if state == "n/a":
        return say("head.na", **fields)
    return say("head.open", **fields, more=more_text(a).rstrip(".。"))


def change_line(base: str, other: str, what: str, per_level: Sequence[LevelChanges], one_level: bool) -> str:
    """One comparison: what changed first, then the headline question, at each level."""
    if one_level:
        (lc,) = per_level
        return say(
            "bottom.compare",
            other=other,
            base=base,
            changes=what,
            changed=changed_words(lc.changes, lc.other),
            headline=headline_words(lc),
            level=lc.level,
        )
    parts = [
        say(
            "bottom.compare_level",
            level=lc.level,
            changed=changed_words(lc.changes, lc.other),
            headline=headline_words(lc),
        )
        for lc in per_level
    ]
    return say(
        "bottom.compare_levels",
        other=other,
        base=base,
        changes=what,
        levels=say("join.sentences").join(parts),
    )


def cap_lines(levels: Sequence[tuple[str, str, dict[str, Any]]]) -> list[str]:
    """One line per arm and level where a cap stops too many games (`what_changed.cap_warnings`), the
    most capped first: (level, arm, summary)."""
    where = {f"{level}\t{arm}": (level, arm) for level, arm, _ in levels}
    found = what_changed.cap_warnings(
        [(f"{level}\t{arm}", s["capped"]["k"], s["games"]) for level, arm, s in levels]
    )
    return [
        say(
            "bottom.cap",
            share=pct(w.share),
            interval=f"[{100 * w.lo:.0f}, {100 * w.hi:.0f}]",
            level=where[w.level][0],
            arm=where[w.level][1],
        )
        for w in found
    ]


def first_mover_line(
    arm: str, per_level: Sequence[tuple[str, dict[str, Any], Finding]], trend: Trend | None
) -> str:
    """One arm's first mover: its score share and answer at its one level, or at every level with the
    trend; at a level that draws nearly every game, that its edge turns into draws."""
    fair = pct(per_level[0][1]["fair_share"])
    if trend is None:
        ((level, s, f),) = per_level
        if f.state == "drawn":
            draws = s["draws"]
            return say(
                "bottom.first_drawn", arm=arm, level=level, draws=pct(draws["p"]), interval=span(draws)
            )
        a = s["answers"]["first_mover"]
        more = more_text(a).rstrip(".。") if f.state == "open" else settle_text(a)
        answer = say("join.list").join([f.answer, more])
        return say(
            "bottom.first",
            arm=arm,
            share=pct(a["b"]),
            interval=share_interval(a),
            fair=fair,
            drawn=drawn_text(s),
            answer=answer,
            level=level,
        )
    shares = say("join.list").join(_level_share(lv, s, f) for lv, s, f in per_level)
    depends = say(
        "bottom.holds" if trend.key == "holds" else "bottom.depends" if trend.skill else "bottom.unshown"
    )
    return say("bottom.first_levels", arm=arm, depends=depends, levels=shares, fair=fair, trend=trend.text)


def _level_share(level: str, s: dict[str, Any], f: Finding) -> str:
    """The first mover's score share at one level of several; where the level draws nearly every game,
    its draws beside."""
    a, draws = s["answers"]["first_mover"], s["draws"]
    drawn = (
        say("bottom.level_drawn", draws=pct(draws["p"]), interval=span(draws)) if f.state == "drawn" else ""
    )
    return say("bottom.level_share", share=pct(a["b"]), interval=share_interval(a), level=level, drawn=drawn)


def ranking_line(
    level: str | None,
    arms: Sequence[tuple[str, dict[str, Any]]],
    ordered_pairs: Collection[tuple[str, str]] = (),
) -> str | None:
    """The arms ranked by their first mover's distance from fair (score share, a draw as half), with
    intervals; where intervals of neighbours in the ranking overlap, it says the games do not rank them,
    unless a called comparison of the two already did (`ordered_pairs`: (closer, further) pairs).
    Overlapping intervals alone do not show two arms alike, and the line must not contradict the
    comparison said above it."""
    rated = []
    for label, s in arms:
        a = s["answers"]["first_mover"]
        near, far = magnitude((a["diff"], a["lo"], a["hi"]))
        rated.append((label, {"d": abs(a["diff"]), "lo": near, "hi": far}))
    if len(rated) < 2:
        return None
    rated.sort(key=lambda item: item[1]["d"])
    ranks = say("join.list").join(
        say("bottom.rank", arm=label, d=points(d["d"]), lo=f"{100 * d['lo']:.0f}", hi=f"{100 * d['hi']:.0f}")
        for label, d in rated
    )
    where = say("bottom.under_level", level=level) if level else ""
    text = say("bottom.ranked", where=where, ranks=ranks)
    overlapping = [
        (a, b)
        for (a, da), (b, db) in zip(rated, rated[1:], strict=False)
        if db["lo"] <= da["hi"] and (a, b) not in ordered_pairs
    ]
    if overlapping:
        pairs = say("bottom.pairs_joint").join(say("bottom.pair", a=a, b=b) for a, b in overlapping)
        text += say("bottom.ranked_overlap", pairs=pairs)
    return text


def agents_note(agent_sets: Sequence[str], levels: Sequence[str]) -> str:
    """A verdict without a skill axis says which agents it rests on and how to check it."""
    if len(agent_sets) == 1:
        suggested = say("join.list").join(levels) if levels else say("bottom.default_levels")
        return say("bottom.one_set", agents=agent_sets[0], levels=suggested)
    return say("bottom.two_sets", agents=say("list.and").join(agent_sets))
