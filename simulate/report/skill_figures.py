"""The figures of a skill axis: every question at each level, and the strength check between levels."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from simulate.analysis import stats
from simulate.report.context import Context, SkillView, colour, heading, short_levels
from simulate.report.plotting import plt
from simulate.words import say

Value = Callable[[dict[str, Any]], tuple[float, float, float]]


def _first(s: dict[str, Any]) -> tuple[float, float, float]:
    r = s["position_wins"][0]
    return (r["p"], r["lo"], r["hi"]) if r["n"] else (math.nan,) * 3


def _furthest_seat(s: dict[str, Any]) -> tuple[float, float, float]:
    if not s["decided"]:
        return (math.nan,) * 3
    far = [stats.distance_from(r, s["fair_share"]) for r in s["side_wins"]]
    return max(d["d"] for d in far), max(d["lo"] for d in far), max(d["hi"] for d in far)


def _draws(s: dict[str, Any]) -> tuple[float, float, float]:
    r = s["draws"]
    return r["p"], r["lo"], r["hi"]


def _length(s: dict[str, Any]) -> tuple[float, float, float]:
    if s["capped"]["k"]:
        m = s["length"]["median"]
        return (m, m, m) if m is not None else (math.nan,) * 3
    d = s["moves"]
    return d["mean"], d["lo"], d["hi"]


def _margin(s: dict[str, Any]) -> tuple[float, float, float]:
    d = s["margin"]
    return d["mean"], d["lo"], d["hi"]


# each panel's title (`fig.skill.<key>` in `simulate.words`), value and line
PANELS: tuple[tuple[str, Value, str], ...] = (
    ("first", _first, "fair"),
    ("seats", _furthest_seat, "zero"),
    ("draws", _draws, ""),
    ("length", _length, ""),
    ("margin", _margin, ""),
)


def _lines(ax: Any, view: SkillView, value: Value) -> None:
    """One line per arm across the levels, each point with its 95% interval."""
    x = np.arange(len(view.levels))
    arms = len(view.groups[0])
    for k in range(arms):
        points = [value(group[k].summary) for group in view.groups]
        y = np.array([p[0] for p in points])
        err = np.array([[max(0.0, p[0] - p[1]) for p in points], [max(0.0, p[2] - p[0]) for p in points]])
        offset = (k - (arms - 1) / 2) * 0.06
        label = view.groups[0][k].label.split(" @ ")[0]
        ax.errorbar(x + offset, y, yerr=err, fmt="o-", capsize=3, markersize=4, color=colour(k), label=label)
    ax.set_xticks(x, short_levels(view.levels), fontsize=7, rotation=15)


def figure_skill(ctx: Context, view: SkillView) -> plt.Figure:
    """Every question at each level, weakest first: five panels per arm and the first mover's change."""
    fig, axes = plt.subplots(3, 2, figsize=(8, 9.5), layout="constrained")
    flat = axes.ravel()
    fair = view.groups[0][0].summary["fair_share"]
    for ax, (title, value, line) in zip(flat, PANELS, strict=False):
        _lines(ax, view, value)
        if line == "fair":
            ax.axhline(fair, color="k", linestyle="dotted", linewidth=1)
        elif line == "zero":
            ax.axhline(0, color="k", linestyle="dotted", linewidth=1)
        ax.set_title(say(f"fig.skill.{title}"), fontsize=9)
    ax = flat[-1]
    base = view.groups[0][0]
    x = np.arange(len(view.levels))
    for k in range(1, len(view.groups[0])):
        changes = [
            view.comparisons[f"{g[k].label} vs {g[0].label}"]["answers"].get("first_mover")
            for g in view.groups
        ]
        y = np.array([c["diff"] if c else math.nan for c in changes])
        err = np.array(
            [
                [c["diff"] - c["lo"] if c else 0 for c in changes],
                [c["hi"] - c["diff"] if c else 0 for c in changes],
            ]
        )
        label = view.groups[0][k].label.split(" @ ")[0]
        ax.errorbar(
            x + (k - 1) * 0.06, y, yerr=err, fmt="o-", capsize=3, markersize=4, color=colour(k), label=label
        )
    ax.axhline(0, color="k", linestyle="dotted", linewidth=1)
    ax.set_xticks(x, short_levels(view.levels), fontsize=7, rotation=15)
    ax.set_title(say("fig.skill.change", base=base.label.split(" @ ")[0]), fontsize=9)
    flat[0].legend(fontsize=7)
    title = heading(ctx, [a for g in view.groups for a in g], say("fig.skill"))
    fig.suptitle(title + say("fig.skill.note"), fontsize=8)
    return fig


def figure_strength(ctx: Context, view: SkillView) -> plt.Figure:
    """Each level's share against the level below (draws half), and how often the weaker finishes ahead."""
    fig, ax = plt.subplots(figsize=(8, 4.5), layout="constrained")
    pairs = view.strengths
    x = np.arange(len(pairs))
    for values, name, shift, tint in (
        ([s.strong_share for s in pairs], say("fig.strength.strong"), -0.12, "#0067a5"),
        ([s.weak_ahead for s in pairs], say("fig.strength.weak"), 0.12, "#be0032"),
    ):
        y = np.array([r["p"] for r in values])
        err = np.array([[r["p"] - r["lo"] for r in values], [r["hi"] - r["p"] for r in values]])
        ax.bar(x + shift, y, 0.24, yerr=err, capsize=3, color=tint, label=name)
    ax.axhline(0.5, color="k", linestyle="dotted", linewidth=1)
    names = dict(zip(view.levels, short_levels(view.levels), strict=True))
    labels = [say("fig.strength.pair", strong=names[s.strong], weak=names[s.weak]) for s in pairs]
    ax.set_xticks(x, labels, fontsize=7)
    ax.set_ylim(0, 1)
    ax.set_ylabel(say("fig.strength.axis"))
    ax.legend(fontsize=7)
    first = view.groups[0][0]
    title = heading(ctx, [first], say("fig.strength"))
    ax.set_title(title, fontsize=8)
    return fig
