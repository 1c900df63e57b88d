"""A tune's confirmation: its finalists replayed on fresh seeds beside the rules as they were, and tested.

Each finalist and the *baseline* (the rules the tune started from, its knobs
at their values there) play `games` games on a seed no search game used. The
arms get the report's own figures (`balance.summarize`), its tests between
each finalist and the baseline (`balance.compare`) and its wording
(`verdict.arm_findings`, `verdict.comparison_findings`); beside them, for
each target, two tests of this module:

- *closer*: is the finalist's miss smaller than the baseline's? A one-sided z
  test on the difference of the two misses (each with its standard error);
  for a `fair` goal this reads "closer to fair".
- *within*: does the finalist's measure lie within the goal, widened by
  `min_effect` either side for a single value (`fair`, `=X`)? For a share,
  one-sided exact binomial tests against each finite end (two one-sided tests
  for a point goal, Schuirmann's TOST); for a mean, one-sided t tests; for a
  gap measure (seats, positions), every side's share within `min_effect` of
  fair at once (intersection-union: the largest p).

Every test of the confirmation, the report's and these, is Holm-corrected as
one family (`balance.apply_holm`), so "closer" or "within" is said only where
its corrected p is below 0.05.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scipy import stats as sps

from simulate import balance, stats
from simulate.tune.targets import Target

CLOSER = "one-sided z test on the two misses"


def closer(miss_a: float, se_a: float, miss_b: float, se_b: float) -> dict[str, Any]:
    """Is miss b smaller than miss a? One-sided z test on a - b (p small when b is clearly smaller)."""
    if miss_a == 0 and miss_b == 0:
        return {"test": CLOSER, "p": None, "why": "both arms are within the goal"}
    se = math.hypot(se_a, se_b)
    if not math.isfinite(se):
        return {"test": CLOSER, "p": None, "why": "an arm has too few games to measure"}
    if se == 0:
        return {"test": CLOSER, "p": 0.0 if miss_b < miss_a else 1.0}
    return {"test": CLOSER, "z": (miss_a - miss_b) / se, "p": float(sps.norm.sf((miss_a - miss_b) / se))}


def share_within(k: float, n: int, lo: float, hi: float) -> dict[str, Any]:
    """Is the rate of k in n within [lo, hi]? One-sided exact binomial tests against each finite end
    inside (0, 1): "at most lo" rejected by k or more successes, "at least hi" by k or fewer."""
    test = "one-sided exact binomial tests against the goal's ends"
    if n == 0:
        return {"test": test, "p": None, "why": "no games to count"}
    k = int(round(k))
    p_lo = float(sps.binom.sf(k - 1, n, lo)) if 0 < lo < 1 else (0.0 if lo <= 0 else 1.0)
    p_hi = float(sps.binom.cdf(k, n, hi)) if 0 < hi < 1 else (0.0 if hi >= 1 else 1.0)
    return {"test": test, "p": max(p_lo, p_hi)}


def mean_within(d: dict[str, Any], lo: float, hi: float) -> dict[str, Any]:
    """Is a mean (n, mean, sd) within [lo, hi]? One-sided t tests against each finite end."""
    test = "one-sided t tests against the goal's ends"
    n = d["n"]
    if n < 2:
        return {"test": test, "p": None, "why": "fewer than two games"}
    se = d["sd"] / math.sqrt(n)
    ends = []
    for edge, sign in ((lo, 1.0), (hi, -1.0)):
        if math.isfinite(edge):
            gap = sign * (d["mean"] - edge)
            ends.append(float(sps.t.sf(gap / se, n - 1)) if se > 0 else (0.0 if gap > 0 else 1.0))
    return {"test": test, "p": max(ends) if ends else 0.0}


def within(target: Target, summary: dict[str, Any], min_effect: float) -> dict[str, Any]:
    """The *within* test of one target in one arm (see the module's docstring)."""
    lo, hi = target.goal(summary)
    name = target.measure.name
    if target.measure.share and lo == hi:
        lo, hi = lo - min_effect, hi + min_effect
    elif not target.measure.share and lo == hi:
        return {"test": "within", "p": None, "why": "a single value of a mean has no margin to test within"}
    if name in ("seats", "positions"):
        rates = summary["side_wins" if name == "seats" else "position_wins"]
        fair = summary["fair_share"]
        parts = [share_within(r["k"], r["n"], fair - hi, fair + hi) for r in rates]
        if any(p["p"] is None for p in parts):
            return {"test": "every side within (intersection-union)", "p": None, "why": "no decided game"}
        return {"test": "every side within (intersection-union)", "p": max(p["p"] for p in parts)}
    if target.measure.share:
        r = _rate(name, summary)
        return share_within(r["k"], r["n"], lo, hi)
    return mean_within(_mean_of(name, summary), lo, hi)


def _rate(name: str, s: dict[str, Any]) -> dict[str, Any]:
    return {"first_mover": s["position_wins"][0], "draws": s["draws"], "capped": s["capped"]}[name]


def _mean_of(name: str, s: dict[str, Any]) -> dict[str, Any]:
    fixed = {"length": s["moves"], "margin": s["margin"], "score": s["score_all"]}
    if name in fixed:
        return fixed[name]
    return s["generic"].get(name) or s["metrics"][name]


@dataclass
class Judged:
    """One finalist's confirmation: its summary, its tests against the baseline, and per target the tests."""

    label: str
    summary: dict[str, Any]
    comparison: dict[str, Any]
    closer: list[dict[str, Any]]
    within: list[dict[str, Any]]


def judge(
    targets: Sequence[Target],
    base: tuple[str, Any, dict[str, Any]],
    finalists: Sequence[tuple[str, Any, dict[str, Any]]],
    min_effect: float,
) -> tuple[list[Judged], int]:
    """Every finalist (label, tally, summary) against the baseline; Holm over the whole family.

    Returns the judged finalists and the number of tests in the family.
    """
    base_label, base_tally, base_summary = base
    judged = []
    for label, tally, summary in finalists:
        comparison = balance.compare(base_tally, tally, base_summary, summary)
        closer_tests, within_tests = [], []
        for t in targets:
            ma, sa = t.miss(base_summary)
            mb, sb = t.miss(summary)
            closer_tests.append(closer(ma, sa, mb, sb))
            within_tests.append(within(t, summary, min_effect))
        for i, (c, w) in enumerate(zip(closer_tests, within_tests, strict=True)):
            comparison["tests"][f"target_{i}_closer"] = c
            comparison["tests"][f"target_{i}_within"] = w
        judged.append(Judged(label, summary, comparison, closer_tests, within_tests))
    summaries = {base_label: base_summary, **{j.label: j.summary for j in judged}}
    comparisons = {f"{j.label} vs {base_label}": j.comparison for j in judged}
    count = balance.apply_holm(summaries, comparisons)
    return judged, count


def p_text(test: dict[str, Any]) -> str:
    return stats.fmt_p(test.get("p_holm"), test.get("why", ""))
