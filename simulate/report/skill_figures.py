"""The figures of a skill axis: every question at each level, and the strength check between levels."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from simulate.analysis import stats
from simulate.analysis.score_share import nearly_all_drawn
from simulate.analysis.skill import Strength
from simulate.analysis.verdict import pct
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


# each panel's title (`fig.skill.<key>` in `simulate.words`), value, line, and whether a level that draws
# nearly every game is marked on it (the question of who wins has no answer there but its draws)
PANELS: tuple[tuple[str, Value, str, bool], ...] = (
    ("first", _first, "fair", True),
    ("seats", _furthest_seat, "zero", True),
    ("draws", _draws, "", False),
    ("length", _length, "", False),
    ("margin", _margin, "", False),
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


def _mark_drawn(ax: Any, view: SkillView, at: float) -> None:
    """At each level where an arm draws nearly every game, its draw rate written on the panel's line (its
    edge there has turned into draws), in the arm's colour."""
    for x, group in enumerate(view.groups):
        for k, arm in enumerate(group):
            draws = arm.summary["draws"]
            if nearly_all_drawn(draws, view.min_share):
                text = say("fig.skill.drawn", draws=pct(draws["p"]))
                ax.annotate(text, (x, at), xytext=(0, 3 + 9 * k), textcoords="offset points", ha="center",
                            va="bottom", fontsize=7, color=colour(k))  # fmt: skip


def figure_skill(ctx: Context, view: SkillView) -> plt.Figure:
    """Every question at each level, weakest first: five panels per arm and the first mover's change."""
    fig, axes = plt.subplots(3, 2, figsize=(8, 9.5), layout="constrained")
    flat = axes.ravel()
    fair = view.groups[0][0].summary["fair_share"]
    for ax, (title, value, line, drawn) in zip(flat, PANELS, strict=False):
        _lines(ax, view, value)
        if line == "fair":
            ax.axhline(fair, color="k", linestyle="dotted", linewidth=1)
        elif line == "zero":
            ax.axhline(0, color="k", linestyle="dotted", linewidth=1)
        if drawn:
            _mark_drawn(ax, view, fair if line == "fair" else 0.0)
        ax.set_title(say(f"fig.skill.{title}"), fontsize=9)
    ax = flat[-1]
    base = view.groups[0][0]
    ax.set_visible(len(view.groups[0]) > 1)  # one arm: no change to draw
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
    """Each pair of adjacent levels: the stronger level's share of decided games with its interval and the
    sign test (left), and every game of the pair won by either level or drawn (right)."""
    pairs = view.strengths
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 0.9 * len(pairs) + 2.2), layout="constrained")
    names = dict(zip(view.levels, short_levels(view.levels), strict=True))
    y = np.arange(len(pairs))[::-1]  # the weakest pair on top, as the verdict lists them
    for row, s in zip(y, pairs, strict=True):
        _decided_share(left, row, s)
    left.axvline(0.5, color="k", linestyle="dotted", linewidth=1)
    left.set_xlim(0, 1)
    left.set_ylim(-0.6, len(pairs) - 0.4)
    labels = [say("fig.strength.pair", strong=names[s.strong], weak=names[s.weak]) for s in pairs]
    left.set_yticks(y, labels, fontsize=7)
    left.set_xlabel(say("fig.strength.axis"), fontsize=8)
    left.set_title(say("fig.strength.decided"), fontsize=8)
    games = np.array([s.games for s in pairs])
    start = np.zeros(len(pairs))
    for part, key, tint, ink in (
        ("won", "wins_b", "#0067a5", "white"),
        ("drawn", "draws", "#c2b280", "black"),
        ("lost", "wins_a", "#be0032", "white"),
    ):
        counts = [s.test["draws"]["k"] if key == "draws" else s.test[key] for s in pairs]
        shares = np.array(counts) / games
        right.barh(y, shares, left=start, color=tint, label=say(f"fig.strength.{part}"), height=0.5)
        for row, x0, share in zip(y, start, shares, strict=True):
            if share >= 0.08:  # a narrower part has no room for its figure
                right.text(x0 + share / 2, row, pct(share), ha="center", va="center", fontsize=7, color=ink)
        start += shares
    right.set_xlim(0, 1)
    right.set_ylim(left.get_ylim())
    right.set_yticks(y, [])  # the rows are the left panel's pairs
    right.set_xlabel(say("fig.strength.games_axis"), fontsize=8)
    right.set_title(say("fig.strength.outcomes"), fontsize=8)
    right.legend(fontsize=7, loc="lower center", bbox_to_anchor=(0.5, 1.06), ncol=3, frameon=False)
    title = say(
        "fig.strength.heading",
        title=ctx.title,
        what=say("fig.strength"),
        arm=view.groups[0][0].label.split(" @ ")[0],
        players=view.groups[0][0].players,
        levels=say("join.list").join(view.levels),
        games=say("join.list").join(f"{s.games:,}" for s in pairs),
        seed=ctx.seed,
    )
    fig.suptitle(title, fontsize=8)
    return fig


def _decided_share(ax: Any, row: float, s: Strength) -> None:
    """One pair's share of decided games won by the stronger level, its interval, record and p."""
    t = s.test
    if not t["decided"]:
        ax.text(0.5, row, say("fig.strength.none"), ha="center", va="center", fontsize=8)
        return
    tint = "#0067a5" if s.ordered else "#be0032" if s.reversed else "#848482"
    err = [[max(0.0, t["share"] - t["lo"])], [max(0.0, t["hi"] - t["share"])]]  # rounding at 0 and 1
    ax.errorbar(t["share"], row, xerr=err, fmt="o", capsize=4, color=tint)
    record = say(
        "fig.strength.record", won=f"{t['wins_b']:,}", lost=f"{t['wins_a']:,}", p=stats.fmt_p(t["p"])
    )
    # written inwards from the end its share is at, so that it stays inside the panel
    side = "right" if t["share"] > 0.7 else "left" if t["share"] < 0.3 else "center"
    ax.text(t["share"], row + 0.2, record, ha=side, va="bottom", fontsize=7)
