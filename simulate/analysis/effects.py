"""Which factor of a sweep matters: main effects with 95% intervals and the largest two-factor interaction.

Each arm of a sweep is one combination of the grid's values with its own
estimate of an outcome (the first mover's share of decided games, the mean
winning margin, the mean score) and that estimate's variance. A main effect
of value v of a factor is the mean outcome over the arms with v minus the mean
over the arms with the factor's first value; an interaction of two factors is
the difference of differences of their first and last values, each cell
averaged over the other factors. Arms are independent, so variances add
(normal 95% intervals).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from scipy import stats as sps

from simulate.analysis.stats import Z95, holm
from simulate.words import say

Outcome = Callable[[dict[str, Any]], tuple[float, float]]


class Design(NamedTuple):
    """A sweep's factors, their values, each arm's combination of values and each arm's summary."""

    keys: Sequence[str]
    values: Sequence[Sequence[str]]
    combos: Sequence[Sequence[str]]
    summaries: Sequence[dict[str, Any]]


def first_mover(s: dict[str, Any]) -> tuple[float, float]:
    r = s["position_wins"][0]
    return (r["p"], r["p"] * (1 - r["p"]) / r["n"]) if r["n"] else (math.nan, math.nan)


def margin(s: dict[str, Any]) -> tuple[float, float]:
    d = s["margin"]
    return d["mean"], d["sd"] ** 2 / max(d["n"], 1)


def score(s: dict[str, Any]) -> tuple[float, float]:
    d = s["score_all"]
    return d["mean"], d["sd"] ** 2 / max(d["n"], 1)


OUTCOMES: dict[str, Outcome] = {
    "first-mover share of decided games": first_mover,
    "winning margin": margin,
    "score": score,
}


def _contrast(cells: list[tuple[float, list[tuple[float, float]]]]) -> dict[str, float]:
    """Sum of weight x (mean of its arms' estimates), with its variance and 95% interval."""
    est = var = 0.0
    for weight, arms in cells:
        if not arms:
            return {"effect": math.nan, "lo": math.nan, "hi": math.nan}
        est += weight * sum(v for v, _ in arms) / len(arms)
        var += weight**2 * sum(w for _, w in arms) / len(arms) ** 2
    half = Z95 * math.sqrt(var)
    p = float(2 * sps.norm.sf(abs(est) / math.sqrt(var))) if var > 0 else (1.0 if est == 0 else 0.0)
    return {"effect": est, "lo": est - half, "hi": est + half, "p": p}


def main_effects(design: Design, outcome: Outcome) -> list[dict[str, Any]]:
    """For each factor and each of its values after the first: the change from the first value."""
    keys, values, combos, summaries = design
    est = [outcome(s) for s in summaries]
    out = []
    for k, key in enumerate(keys):
        base = [e for c, e in zip(combos, est, strict=True) if c[k] == values[k][0]]
        for v in values[k][1:]:
            arms = [e for c, e in zip(combos, est, strict=True) if c[k] == v]
            out.append({"factor": key, "from": values[k][0], "to": v, **_contrast([(1, arms), (-1, base)])})
    return out


def interactions(design: Design, outcome: Outcome) -> list[dict[str, Any]]:
    """Each pair of factors: (last - first of A at last of B) - (last - first of A at first of B)."""
    keys, values, combos, summaries = design
    est = [outcome(s) for s in summaries]
    out = []
    for i, j in itertools.combinations(range(len(keys)), 2):

        def cell(a: str, b: str, i: int = i, j: int = j) -> list[tuple[float, float]]:
            return [e for c, e in zip(combos, est, strict=True) if c[i] == a and c[j] == b]

        a0, a1, b0, b1 = values[i][0], values[i][-1], values[j][0], values[j][-1]
        res = _contrast([(1, cell(a1, b1)), (-1, cell(a0, b1)), (-1, cell(a1, b0)), (1, cell(a0, b0))])
        out.append({"factors": (keys[i], keys[j]), **res})
    return out


def largest(effects: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The effect furthest from zero in units of its standard error."""

    def z(e: dict[str, Any]) -> float:
        half = (e["hi"] - e["lo"]) / 2
        return abs(e["effect"]) / half if half > 0 else (math.inf if e["effect"] else 0.0)

    finite = [e for e in effects if math.isfinite(e["effect"])]
    return max(finite, key=z) if finite else None


def holm_main_effects(design: Design) -> dict[str, list[dict[str, Any]]]:
    """Every main effect of every outcome, each with its p-value Holm-corrected over the whole sweep."""
    per_outcome = {name: main_effects(design, f) for name, f in OUTCOMES.items()}
    family = [e for effects in per_outcome.values() for e in effects]
    for e, p in zip(
        family, holm([e["p"] if math.isfinite(e["effect"]) else None for e in family]), strict=True
    ):
        e["p_holm"] = p
    return per_outcome


def analysis_markdown(design: Design) -> list[str]:
    """The 'which factor matters' section of sweep.md."""
    per_outcome = holm_main_effects(design)
    tests = sum(len(v) for v in per_outcome.values())
    lines = [f"## {say('effects.title')}", "", say("effects.method", tests=tests), ""]
    head = [say("effects.factor"), say("effects.change")]
    head += [say(f"sweep.outcome.{name}") for name in OUTCOMES]
    lines.append("| " + " | ".join(head) + " |")
    lines.append("|---|---|" + "---|" * len(OUTCOMES))
    for row in range(len(next(iter(per_outcome.values())))):
        first = next(iter(per_outcome.values()))[row]
        cells = [first["factor"], say("effects.step", start=first["from"], end=first["to"])]
        cells += [_fmt(per_outcome[name][row], name) for name in OUTCOMES]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    if len(design.keys) > 1:
        for name, f in OUTCOMES.items():
            top = largest(interactions(design, f))
            if top:
                a, b = top["factors"]
                effect, outcome = _fmt(top, name), say(f"sweep.outcome.{name}")
                lines.append("- " + say("effects.interaction", outcome=outcome, a=a, b=b, effect=effect))
        lines.append("")
    return lines


def _fmt(e: dict[str, Any], name: str) -> str:
    if not math.isfinite(e["effect"]):
        return say("effects.na")
    if name.startswith("first-mover"):
        lo, hi = f"{100 * e['lo']:+.1f}", f"{100 * e['hi']:+.1f}"
        text = say("effects.points", effect=f"{100 * e['effect']:+.1f}", lo=lo, hi=hi)
    else:
        text = f"{e['effect']:+.2f} [{e['lo']:+.2f}, {e['hi']:+.2f}]"
    if "p_holm" in e:
        from simulate.analysis.stats import fmt_p

        text += say("effects.holm", p=fmt_p(e["p_holm"]))
        text += say("effects.called") if e["p_holm"] is not None and e["p_holm"] < 0.05 else ""
    return text
