"""Statistics for balance reports, knowing no game: rates, tests, corrections, censored lengths.

Every function here takes counts or values, never a CSV, so that each can be
checked by hand on a small example (tests/simulate/test_stats.py does).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from scipy import stats as sps

Z95 = 1.959963984540054
Z80 = 0.8416212335729143  # power 0.8, for "games needed"
ALPHA = 0.05


def wilson(k: float, n: float, z: float = Z95) -> dict[str, float]:
    """Rate k/n with its Wilson score interval (95% by default); k may be fractional (half wins)."""
    if n == 0:
        return {"k": 0, "n": 0, "p": math.nan, "lo": math.nan, "hi": math.nan}
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / denom
    k_out: float = int(k) if float(k).is_integer() else float(k)
    # rounding can put a bound a hair past p when k is 0 or n; the interval always holds p
    lo, hi = min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))
    return {"k": k_out, "n": int(n), "p": p, "lo": lo, "hi": hi}


def describe(x: np.ndarray) -> dict[str, float]:
    """Mean with a 95% t interval, standard deviation, median and range (NaNs left out)."""
    x = np.asarray(x, dtype=float)
    x = x[~np.isnan(x)]
    n = len(x)
    if n == 0:
        return {"n": 0, "mean": math.nan, "sd": math.nan, "lo": math.nan, "hi": math.nan, "median": math.nan}
    return from_moments(n, float(np.mean(x)), float(np.var(x) * n), float(np.median(x)), x.min(), x.max())


def from_moments(n: int, mean: float, m2: float, median: float, low: float, high: float) -> dict[str, float]:
    """`describe` from running moments (count, mean, sum of squared deviations)."""
    sd = math.sqrt(m2 / (n - 1)) if n > 1 else 0.0
    half = float(sps.t.ppf(0.975, n - 1) * sd / math.sqrt(n)) if n > 1 else 0.0
    return {
        "n": int(n),
        "mean": mean,
        "sd": sd,
        "lo": mean - half,
        "hi": mean + half,
        "median": float(median),
        "min": float(low),
        "max": float(high),
    }


def winner_sets(cols: Mapping[str, Any]) -> list[set[int]]:
    """Winning seats of each game of a CSV's columns, numbered from 0."""
    return [{int(w) - 1 for w in str(ws).split(";") if w} for ws in cols["winners"]]


# ------------------------------------------------------------------ tests
def fisher(k1: int, n1: int, k2: int, n2: int) -> dict[str, Any]:
    """Fisher's exact test of two rates k1/n1 and k2/n2."""
    if n1 == 0 or n2 == 0:
        return {"test": "Fisher exact", "p": None, "why": "an arm has no games to count"}
    if k1 + k2 == 0 or k1 + k2 == n1 + n2:
        same = "no game is" if k1 + k2 == 0 else "every game is"
        return {"test": "Fisher exact", "p": None, "why": f"{same} counted in both arms"}
    res = sps.fisher_exact([[k1, n1 - k1], [k2, n2 - k2]])
    return {"test": "Fisher exact", "p": float(res.pvalue)}


def contingency(table: np.ndarray) -> dict[str, Any]:
    """Chi-square test of independence on a table of counts (rows: arms)."""
    table = np.asarray(table, dtype=float)
    table = table[:, table.sum(axis=0) > 0]
    if (table.sum(axis=1) == 0).any():
        return {"test": "chi-square", "p": None, "why": "an arm has no decided games"}
    if table.shape[1] < 2:
        return {"test": "chi-square", "p": None, "why": "only one side ever won"}
    res = sps.chi2_contingency(table, correction=False)
    return {"test": "chi-square", "chi2": float(res.statistic), "dof": int(res.dof), "p": float(res.pvalue)}


def mann_whitney(hist_a: Mapping[float, int], hist_b: Mapping[float, int]) -> dict[str, Any]:
    """Two-sided Mann-Whitney U of b against a from value counts (normal approximation, ties corrected).

    `effect` is the common-language effect size: the chance that a game of b
    has the larger value, ties counted half.
    """
    na, nb = sum(hist_a.values()), sum(hist_b.values())
    if na == 0 or nb == 0:
        return {"test": "Mann-Whitney U", "p": None, "why": "an arm has no values"}
    values = sorted(set(hist_a) | set(hist_b))
    below_a = 0
    u = 0.0
    ties = 0.0
    for v in values:
        a, b = hist_a.get(v, 0), hist_b.get(v, 0)
        u += b * (below_a + a / 2)
        below_a += a
        t = a + b
        ties += t**3 - t
    n = na + nb
    mean = na * nb / 2
    var = na * nb / 12 * ((n + 1) - ties / (n * (n - 1)))
    effect = u / (na * nb)
    if var <= 0:
        why = "every value is the same"
        return {"test": "Mann-Whitney U", "u": u, "effect": effect, "p": None, "why": why}
    z = (u - mean) / math.sqrt(var)
    return {"test": "Mann-Whitney U", "u": u, "effect": effect, "p": float(2 * sps.norm.sf(abs(z)))}


def welch(a: np.ndarray, b: np.ndarray) -> dict[str, Any]:
    """Difference of means b - a with Welch's t test; no test where it cannot say anything.

    With fewer than two values in an arm, or every value the same in both, the
    p-value is None (with the reason) rather than a number scipy warns is unreliable.
    Never use it on lengths cut by a cap (see `km_median`).
    """
    diff = float(np.mean(b) - np.mean(a)) if len(a) and len(b) else math.nan
    if len(a) < 2 or len(b) < 2:
        return {"diff": diff, "t": None, "p": None, "why": "fewer than two values in an arm"}
    if np.ptp(a) == 0 and np.ptp(b) == 0:
        return {"diff": diff, "t": None, "p": None, "why": "every value is the same"}
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Precision loss", RuntimeWarning)
        t = sps.ttest_ind(b, a, equal_var=False)
    return {"diff": diff, "t": _finite(t.statistic), "p": _finite(t.pvalue)}


def _finite(x: float) -> float | None:
    x = float(x)
    return x if math.isfinite(x) else None


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjustment of a family of p-values (None stays None)."""
    indexed = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    m = len(indexed)
    out: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(indexed):
        running = max(running, min(1.0, (m - rank) * p))
        out[i] = running
    return out


def fmt_p(p: float | None, why: str = "") -> str:
    """`p = 0.012`, `p = 3.1e-05`, `p < 1e-10`; a missing p says why."""
    if p is None:
        return f"p n/a: {why}" if why else "p n/a"
    if p < 1e-10:
        return "p < 1e-10"
    if p < 0.001:
        return f"p = {p:.1e}"
    return f"p = {p:.3f}" if p < 0.1 else f"p = {p:.2f}"


def diff_interval(k1: int, n1: int, k2: int, n2: int) -> dict[str, float]:
    """Difference of rates k2/n2 - k1/n1 with Newcombe's hybrid Wilson 95% interval."""
    if n1 == 0 or n2 == 0:
        return {"diff": math.nan, "lo": math.nan, "hi": math.nan}
    a, b = wilson(k1, n1), wilson(k2, n2)
    d = b["p"] - a["p"]
    lo = d - math.sqrt((b["p"] - b["lo"]) ** 2 + (a["hi"] - a["p"]) ** 2)
    hi = d + math.sqrt((b["hi"] - b["p"]) ** 2 + (a["p"] - a["lo"]) ** 2)
    return {"diff": d, "lo": lo, "hi": hi}


def km_median(counts: Mapping[tuple[float, bool], int]) -> dict[str, Any]:
    """Kaplan-Meier median length from counts of (length, censored).

    Returns the median and the capped share; when the survival curve never
    falls to one half, the median is `None` and `at_least` the longest
    length seen (a censored game says only "at least this long").
    """
    total = sum(counts.values())
    capped = sum(c for (_, cens), c in counts.items() if cens)
    out: dict[str, Any] = {"games": total, "capped": capped, "median": None, "at_least": None}
    if total == 0:
        return out
    at_risk = total
    surv = 1.0
    for t in sorted({t for t, _ in counts}):
        events = counts.get((t, False), 0)
        if events:
            surv *= 1 - events / at_risk
            if surv <= 0.5:
                out["median"] = float(t)
                return out
        at_risk -= events + counts.get((t, True), 0)
    out["at_least"] = float(max(t for t, _ in counts))
    return out


# ------------------------------------------------------------------ equivalence and effect sizes
# Two one-sided tests (Schuirmann 1987): a difference is shown to be smaller than `delta` when both
# "it is at least +delta" and "it is at most -delta" are rejected; the p-value is the larger of the two
# one-sided p-values, so it enters a Holm family like any other test.
def share_between(k: float, n: int, lo: float, hi: float) -> dict[str, Any]:
    """Is the rate of k in n within [lo, hi]? One-sided exact binomial tests against each end, the
    larger p: "at most lo" is rejected by k or more successes, "at least hi" by k or fewer. An end at
    or beyond 0 or 1 (or infinite: a bound on one side) is a test that cannot fail; an end that no rate
    can pass (lo at 1 or more, hi at 0 or less) one that cannot succeed."""
    test = "one-sided exact binomial tests against the goal's ends"
    if n == 0:
        return {"test": test, "p": None, "why": "no decided games"}
    k = int(round(k))
    p_low = float(sps.binom.sf(k - 1, n, lo)) if 0 < lo < 1 else (0.0 if lo <= 0 else 1.0)
    p_high = float(sps.binom.cdf(k, n, hi)) if 0 < hi < 1 else (0.0 if hi >= 1 else 1.0)
    return {"test": test, "p": max(p_low, p_high)}


def mean_between(d: Mapping[str, float], lo: float, hi: float) -> dict[str, Any]:
    """Is a mean (from n, mean and sd) within [lo, hi]? One-sided t tests against each finite end, the
    larger p (an infinite end: a bound on one side only)."""
    test = "one-sided t tests against the goal's ends"
    n = d["n"]
    if n < 2:
        return {"test": test, "p": None, "why": "fewer than two values"}
    se = d["sd"] / math.sqrt(n)
    ends = []
    for edge, sign in ((lo, 1.0), (hi, -1.0)):
        if math.isfinite(edge):
            gap = sign * (d["mean"] - edge)
            ends.append(float(sps.t.sf(gap / se, n - 1)) if se > 0 else (0.0 if gap > 0 else 1.0))
    return {"test": test, "p": max(ends) if ends else 0.0}


def tost_rates(k1: float, n1: int, k2: float, n2: int, delta: float) -> dict[str, Any]:
    """Is the rate k2/n2 within `delta` of k1/n1? Two one-sided z tests on Agresti and Caffo's
    adjusted rates (one success and one failure added to each arm), which stay usable at 0 and n."""
    test = "equivalence (two one-sided tests, Agresti-Caffo)"
    if n1 == 0 or n2 == 0:
        return {"test": test, "p": None, "why": "an arm has no games to count"}
    a, b = (k1 + 1) / (n1 + 2), (k2 + 1) / (n2 + 2)
    se = math.sqrt(a * (1 - a) / (n1 + 2) + b * (1 - b) / (n2 + 2))
    d = b - a
    p = max(float(sps.norm.sf((d + delta) / se)), float(sps.norm.sf((delta - d) / se)))
    return {"test": test, "delta": delta, "p": p}


def all_within(tests: Sequence[Mapping[str, Any]], what: str) -> dict[str, Any]:
    """Intersection-union: every one of several equivalence tests at once, p the largest (Berger 1982)."""
    test = f"equivalence of every {what} (intersection-union)"
    missing = [t for t in tests if t.get("p") is None]
    if not tests or missing:
        return {"test": test, "p": None, "why": missing[0].get("why", "no test") if missing else "no sides"}
    return {"test": test, "delta": tests[0].get("delta"), "p": max(t["p"] for t in tests)}


def games_to_settle_rates(p: float, delta: float, decided_share: float = 1.0) -> int:
    """Games per arm for a two-sided 5% test between two arms to find a change of `delta` in a rate near
    `p` with power 0.8: 2 (z95 + z80)^2 p (1 - p) / delta^2 decided games, over the share decided."""
    p = min(max(p, 0.01), 0.99)
    n = 2 * (Z95 + Z80) ** 2 * p * (1 - p) / delta**2
    return int(float(f"{n / max(decided_share, 1e-9):.2g}"))


def distance_from(r: Mapping[str, float], fair: float) -> dict[str, float]:
    """How far a share lies from `fair`, with the interval its own interval gives (0 when it holds fair)."""
    d = abs(r["p"] - fair)
    far = max(abs(r["lo"] - fair), abs(r["hi"] - fair))
    near = 0.0 if r["lo"] <= fair <= r["hi"] else min(abs(r["lo"] - fair), abs(r["hi"] - fair))
    return {"d": d, "lo": near, "hi": far}
