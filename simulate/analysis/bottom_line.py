"""The bottom line: one sentence per comparison, first on page 1, in report.html and in the terminal.

Each comparison says what changed, whether it moved the first mover closer
to or further from fair, and whether that change is called, at each level:
the words follow the test *between* the arms (`verdict.changes`), never the
contrast of two lines about each arm alone. Then the arms ranked by how far
their first mover's share lies from fair (with the interval its own interval
gives), per level; then, per arm, the first mover's answer (across the levels
of a skill axis, with the trend); and a line on which agents it rests on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from simulate.analysis import stats
from simulate.analysis.trend import Trend
from simulate.analysis.verdict import Change, Finding, judge, p_of, p_within, pct, points, span
from simulate.words import say


@dataclass(frozen=True)
class LevelChange:
    """One comparison's first-mover change at one level: the two arms' summaries and the change's tests."""

    level: str
    base: dict[str, Any]
    other: dict[str, Any]
    change: Change


def _direction(c: Change) -> str:
    return say(f"word.{c.word}")


def called_words(c: Change) -> str:
    """Whether the change is called, in the bottom line's words."""
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
    if c.need is None:  # no minimum effect to size the games by (a cap cut lengths, a game's own metric)
        return say("bottom.open_unsized", p=p_of(c.test))
    return say("bottom.open", p=p_of(c.test), need=f"{c.need:,}", delta=c.size(c.delta, adj=True))


def decided_share(r: dict[str, Any]) -> str:
    """A share of decided games in percent, or that none was decided (never a NaN)."""
    return pct(r["p"]) if r["n"] else say("bottom.none_decided")


def change_line(base: str, other: str, what: str, per_level: Sequence[LevelChange], one_level: bool) -> str:
    """One comparison: the first mover's move at each level, toward fair or away, and whether it is called."""
    fair = pct(per_level[0].other["fair_share"])
    if one_level:
        (lc,) = per_level
        a, b = lc.base["position_wins"][0], lc.other["position_wins"][0]
        return say(
            "bottom.change",
            other=other,
            base=base,
            changes=what,
            direction=_direction(lc.change),
            a=decided_share(a),
            b=decided_share(b),
            fair=fair,
            called=called_words(lc.change),
            level=lc.level,
        )
    parts = [
        say(
            "bottom.change_level",
            level=lc.level,
            a=decided_share(lc.base["position_wins"][0]),
            b=decided_share(lc.other["position_wins"][0]),
            direction=_direction(lc.change),
            called=called_words(lc.change),
        )
        for lc in per_level
    ]
    return say(
        "bottom.change_levels",
        other=other,
        base=base,
        changes=what,
        fair=fair,
        levels=say("join.parts").join(parts),
    )


def first_mover_line(
    arm: str, per_level: Sequence[tuple[str, dict[str, Any], Finding]], trend: Trend | None
) -> str:
    """One arm's first mover: its share and answer at its one level, or at every level with the trend;
    at a level that draws nearly every game, that its edge turns into draws."""
    fair = pct(per_level[0][1]["fair_share"])
    if trend is None:
        ((level, s, f),) = per_level
        r = s["position_wins"][0]
        if f.state == "drawn" or not r["n"]:
            key = "bottom.first_drawn" if f.state == "drawn" else "bottom.first_none"
            return say(key, arm=arm, level=level, draws=pct(s["draws"]["p"]), interval=span(s["draws"]))
        return say(
            "bottom.first",
            arm=arm,
            share=pct(r["p"]),
            interval=span(r),
            fair=fair,
            answer=f.answer,
            level=level,
        )
    shares = say("join.list").join(_level_share(lv, s, f) for lv, s, f in per_level)
    depends = say(
        "bottom.holds" if trend.key == "holds" else "bottom.depends" if trend.skill else "bottom.unshown"
    )
    return say("bottom.first_levels", arm=arm, depends=depends, levels=shares, fair=fair, trend=trend.text)


def _level_share(level: str, s: dict[str, Any], f: Finding) -> str:
    """The first mover's share of decided games at one level of several, or that it has none; where the
    level draws nearly every game, its draws beside."""
    r = s["position_wins"][0]
    draws = s["draws"]
    drawn = (
        say("bottom.level_drawn", draws=pct(draws["p"]), interval=span(draws)) if f.state == "drawn" else ""
    )
    if not r["n"]:
        return say("bottom.level_none", level=level, drawn=drawn)
    return say("bottom.level_share", share=pct(r["p"]), interval=span(r), level=level, drawn=drawn)


def ranking_line(level: str | None, arms: Sequence[tuple[str, dict[str, Any]]]) -> str | None:
    """The arms ranked by their first mover's distance from fair, with intervals; where intervals of
    neighbours in the ranking overlap, it says the games do not rank them."""
    rated = [
        (label, stats.distance_from(s["position_wins"][0], s["fair_share"]))
        for label, s in arms
        if s["decided"]
    ]
    if len(rated) < 2:
        return None
    rated.sort(key=lambda item: item[1]["d"])
    ranks = say("join.list").join(
        say("bottom.rank", arm=label, d=points(d["d"]), lo=f"{100 * d['lo']:.0f}", hi=f"{100 * d['hi']:.0f}")
        for label, d in rated
    )
    where = say("bottom.under_level", level=level) if level else ""
    text = say("bottom.ranked", where=where, ranks=ranks)
    overlapping = [(a, b) for (a, da), (b, db) in zip(rated, rated[1:], strict=False) if db["lo"] <= da["hi"]]
    if overlapping:
        pairs = say("bottom.pairs_joint").join(say("bottom.pair", a=a, b=b) for a, b in overlapping)
        text += say("bottom.ranked_overlap", pairs=pairs)
    return text


def agents_note(agent_sets: Sequence[str], levels: Sequence[str]) -> str:
    """Item 6: a verdict without a skill axis says which agents it rests on and how to check it."""
    if len(agent_sets) == 1:
        suggested = say("join.list").join(levels) if levels else say("bottom.default_levels")
        return say("bottom.one_set", agents=agent_sets[0], levels=suggested)
    return say("bottom.two_sets", agents=say("list.and").join(agent_sets))
