"""What a tune's confirmation asks of each target, with the report's own tests: is an arm within the
goal, and did a finalist move toward it?

*Within* (one arm): the goal, a single value widened either side by its measure's minimum effect
(`--min-effect`: `share` for every share and gap, `length` of the baseline's median, `margin`; a
game's own metric has none, so only its ranges and bounds are tested), against:

- a share (the first mover's of decided games at fair among them): one-sided exact binomial tests
  against the goal's ends (`stats.share_between`, which `stats.tost_share` is); every turn
  position's or seat's share at once for a gap (`stats.all_within`);
- a mean: one-sided t tests against the ends (`stats.mean_between`).

*Change* (a finalist against the rules as they were, `verdict.Change`): the report's own test between
the two arms for that measure with its equivalence test beside it (`verdict.changes`: draws,
margin, length); a measure the report reads otherwise gets a test of its own: seats and turn
positions as shares of decided games (chi-square, Agresti-Caffo equivalence of every side), the first
mover's share of decided games and the share capped Fisher's exact test, scores and a game's own
metrics Welch's t test (no minimum effect, so no equivalence). Its direction comes from the two arms'
misses of the goal: closer to it or further from it (closer to or further from *fair* for a fair
goal, in the verdict's words), *and across it* where they lie on either side. Both inside the goal is
no change to speak of.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np

from simulate.analysis import stats
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.tally import ArmTally
from simulate.analysis.verdict import Change, changes, mean_change, sides_moved
from simulate.tune.targets import Target

# the questions of `verdict.changes` that test a target's measure between two arms (the report's first
# mover and seats are scores with draws as half, a target's are shares of decided games: not these)
REPORT_QUESTIONS = {
    "draws": "draw rate",
    "margin": "margin",
    "length": "length change",
}


def delta_of(t: Target, base: dict[str, Any], me: MinEffect) -> float | None:
    """The measure's minimum effect in its own unit (a fraction for shares), None where it has none."""
    if t.measure.share:
        return me.share
    if t.measure.name == "length":
        return me.length(base["moves"]["median"])
    if t.measure.name == "margin":
        return me.margin
    return None


def band(t: Target, s: dict[str, Any], base: dict[str, Any], me: MinEffect) -> tuple[float, float]:
    """The goal an arm is tested against: a single value widened by the minimum effect either side."""
    lo, hi = t.goal(s)
    delta = delta_of(t, base, me)
    if lo == hi and delta is not None:
        return lo - delta, hi + delta
    return lo, hi


def rate(name: str, s: dict[str, Any]) -> dict[str, Any]:
    """A share measure's rate (k, n, p, interval) in a summary."""
    return {"first_mover": s["position_wins"][0], "draws": s["draws"], "capped": s["capped"]}[name]


def side_rates(name: str, s: dict[str, Any]) -> list[dict[str, Any]]:
    """The shares of decided games a gap measure reads: each side's, or each turn position's."""
    return s["side_wins" if name == "seats" else "position_wins"]


def mean_of(name: str, s: dict[str, Any]) -> dict[str, Any]:
    """A mean measure's figures (n, mean, sd, interval) in a summary."""
    fixed = {"length": s["moves"], "margin": s["margin"], "score": s["score_all"]}
    if name in fixed:
        return fixed[name]
    return s["generic"].get(name) or s["metrics"].get(name) or {"n": 0, "mean": math.nan, "sd": math.nan}


def within(t: Target, s: dict[str, Any], base: dict[str, Any], me: MinEffect) -> dict[str, Any]:
    """The test that arm `s` lies within the target's goal (see the module's docstring)."""
    name = t.measure.name
    lo, hi = band(t, s, base, me)
    if t.measure.gap:
        if lo > 0:
            why = "a lower bound on the largest gap is no test of every side"
            return {"test": "equivalence", "p": None, "why": why}
        fair = s["fair_share"]
        parts = [stats.share_between(r["k"], r["n"], fair - hi, fair + hi) for r in side_rates(name, s)]
        return stats.all_within(parts, "side's share" if name == "seats" else "turn position's share")
    if t.measure.share:
        r = rate(name, s)
        return stats.share_between(r["k"], r["n"], lo, hi)
    if lo == hi:
        why = f"{name} has no minimum effect to widen a single value by; give its goal as a range"
        return {"test": "one-sided t tests against the goal's ends", "p": None, "why": why}
    return stats.mean_between(mean_of(name, s), lo, hi)


def misses(t: Target, sa: dict[str, Any], sb: dict[str, Any]) -> tuple[float, float]:
    return t.miss(sa)[0], t.miss(sb)[0]


def both_within(t: Target, sa: dict[str, Any], sb: dict[str, Any]) -> bool:
    """Whether both arms' measures lie inside the goal (no miss to bring closer)."""
    return misses(t, sa, sb) == (0.0, 0.0)


def direction(t: Target, sa: dict[str, Any], sb: dict[str, Any]) -> tuple[str, int]:
    """The word key of b's move against a (`closer`, `goal_further_across`, ...) and its sign (-1 closer)."""
    ma, mb = misses(t, sa, sb)
    word = "closer" if mb < ma else "further"
    lo, hi = t.goal(sb)
    a, b = t.measure.read(sa).value, t.measure.read(sb).value
    across = (a < lo and b > hi) or (a > hi and b < lo)
    return ("" if t.fair else "goal_") + word + ("_across" if across else ""), -1 if word == "closer" else 1


def change(
    t: Target,
    head: str,
    sa: dict[str, Any],
    sb: dict[str, Any],
    ta: ArmTally,
    tb: ArmTally,
    comp: dict[str, Any],
    me: MinEffect,
    key: str,
) -> Change:
    """Arm b against the baseline a for one target: the report's test of its measure, in its direction.

    Tests the report's comparison does not hold are added to `comp["tests"]` under `key` (so that they
    join the report's Holm family).
    """
    word, sign = direction(t, sa, sb)
    name = t.measure.name
    if name in REPORT_QUESTIONS:
        by_question = {c.question: c for c in changes("a", "b", sa, sb, comp)}
        found = by_question[REPORT_QUESTIONS[name]]
    elif t.measure.gap:  # every seat's or turn position's share of decided games
        found = _sides_change(name, sa, sb, me)
    elif t.measure.share:  # the first mover's share of decided games, the share capped
        found = _rate_change(rate(name, sa), rate(name, sb), me)
    else:
        found = _mean_change(name, sa, sb, ta, tb)
    if name not in REPORT_QUESTIONS:
        comp["tests"][f"{key} change"] = found.test
        comp["tests"][f"{key} change within"] = found.within
    return replace(found, question=t.text, head=head, word=word, sign=sign)


def _sides_change(name: str, sa: dict[str, Any], sb: dict[str, Any], me: MinEffect) -> Change:
    ra, rb = side_rates(name, sa), side_rates(name, sb)
    table = np.array([[r["k"] for r in ra], [r["k"] for r in rb]])
    within_each = [
        stats.tost_rates(a["k"], a["n"], b["k"], b["n"], me.share) for a, b in zip(ra, rb, strict=True)
    ]
    decided = (sa["decided"] + sb["decided"]) / max(sa["games"] + sb["games"], 1)
    return Change(
        name,
        stats.contingency(table),
        stats.all_within(within_each, "side's share" if name == "seats" else "turn position's share"),
        "",
        "",
        0,
        sides_moved(ra, rb),
        "share",
        me.share,
        stats.games_to_settle_rates(sa["fair_share"], me.share, decided),
    )


def _rate_change(a: dict[str, Any], b: dict[str, Any], me: MinEffect) -> Change:
    d = stats.diff_interval(a["k"], a["n"], b["k"], b["n"])
    pooled = (a["k"] + b["k"]) / max(a["n"] + b["n"], 1)
    return Change(
        "rate",
        stats.fisher(a["k"], a["n"], b["k"], b["n"]),
        stats.tost_rates(a["k"], a["n"], b["k"], b["n"], me.share),
        "",
        "",
        0,
        (d["diff"], d["lo"], d["hi"]),
        "share",
        me.share,
        stats.games_to_settle_rates(pooled, me.share),
    )


def _columns(name: str, tally: ArmTally) -> np.ndarray:
    cols = tally.cols()
    if name == "score":
        return np.concatenate([cols[f"score_{seat + 1}"] for seat in range(tally.players)])
    return np.asarray(cols[name], dtype=float) if name in cols else np.array([])


def _mean_change(name: str, sa: dict[str, Any], sb: dict[str, Any], ta: ArmTally, tb: ArmTally) -> Change:
    a, b = _columns(name, ta), _columns(name, tb)
    a, b = a[~np.isnan(a)], b[~np.isnan(b)]
    test = {"test": "Welch t", **stats.welch(a, b)}
    why = f"{name} has no minimum effect to test a change against"
    return Change(
        "mean",
        test,
        {"test": "equivalence", "p": None, "why": why},
        "",
        "",
        0,
        mean_change(mean_of(name, sa), mean_of(name, sb)),
        "value",
        0.0,
        None,
    )
