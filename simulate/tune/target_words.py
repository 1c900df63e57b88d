"""A tune's target in words: a measure's value as the report shows it, its goal, and the head of a
change finding (`draws<=0.10: finalist 1 0% [0, 1] against ...`)."""

from __future__ import annotations

import math
from typing import Any

from simulate.analysis.min_effect import MinEffect
from simulate.analysis.verdict import amount, pct, points, span
from simulate.tune import goals
from simulate.tune.targets import Target
from simulate.words import say


def value_text(t: Target, s: dict[str, Any]) -> str:
    """A target's measure in one arm with its 95% interval: `52% [51, 53] of decided games`."""
    name = t.measure.name
    if name == "first_mover":
        r = s["position_wins"][0]
        return (
            say("tune.share_decided", share=pct(r["p"]), interval=span(r))
            if r["n"]
            else say("tune.no_decided")
        )
    if t.measure.gap:
        rates = goals.side_rates(name, s)
        if not s["decided"]:
            return say("tune.no_decided")
        names = (
            s["side_names"] if name == "seats" else [say("tune.position", n=k + 1) for k in range(len(rates))]
        )
        return say("tune.comma").join(
            f"{n} {pct(r['p'])} {span(r)}" for n, r in zip(names, rates, strict=True)
        )
    if t.measure.share:
        r = s[name]
        return say("tune.share_games", share=pct(r["p"]), interval=span(r))
    d = goals.mean_of(name, s)
    return f"{d['mean']:.2f} [{d['lo']:.2f}, {d['hi']:.2f}]" if d["n"] else "n/a"


def short(t: Target, s: dict[str, Any]) -> str:
    """A target's measure in one arm without its interval: `52%`, `1.2 points` (a gap), `20.10`."""
    value = t.measure.read(s).value
    if math.isnan(value):
        return "n/a"
    if t.measure.gap:
        return points(value)
    return pct(value) if t.measure.share else f"{value:.2f}"


def _shown(t: Target, x: float) -> str:
    if t.measure.gap:
        return points(x)
    return pct(x) if t.measure.share else f"{x:g}"


def goal_text(t: Target, s: dict[str, Any], base: dict[str, Any], me: MinEffect) -> str:
    """The goal an arm is tested against, in words: `within 2 points of a fair 50%`, `at most 10%`."""
    lo, hi = t.goal(s)
    delta = goals.delta_of(t, base, me)
    if t.measure.gap:
        top = goals.band(t, s, base, me)[1]
        if lo <= 0 and math.isfinite(top):
            return say("goal.every_fair", delta=points(top), fair=pct(s["fair_share"]))
    elif t.fair:
        return say("goal.fair", delta=points(me.share), fair=pct(lo))
    if lo == hi:
        if delta is None:
            return say("goal.at", value=_shown(t, lo))
        unit = {"length": "move", "margin": "point"}.get(t.measure.name)
        size = amount(delta, unit) if unit else points(delta)
        return say("goal.near", delta=size, value=_shown(t, lo))
    if math.isinf(lo):
        return say("goal.at_most", value=_shown(t, hi))
    if math.isinf(hi):
        return say("goal.at_least", value=_shown(t, lo))
    return say("goal.between", lo=_shown(t, lo), hi=_shown(t, hi))


def change_head(
    t: Target, base: str, other: str, sa: dict[str, Any], sb: dict[str, Any], me: MinEffect
) -> str:
    """The head of a target's change finding: `draws<=0.10: finalist 1 0% [0, 1] against ...`."""
    return say(
        "tune.change.head",
        target=t.text,
        other=other,
        b=value_text(t, sb),
        base=base,
        a=value_text(t, sa),
        goal=goal_text(t, sb, sa, me),
    )
