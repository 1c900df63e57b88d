"""Twinkle Twinkle's own part of a balance report: what each scoring category is worth to a winner.

The generic report already stacks the mean points of each category per arm.
Here, from the per-seat category columns of the games CSV:

- ignoring a category: of the players who scored nothing (or less) in a
  category, how many won outright, with a Wilson interval, against an even
  share (1 / players) — a category nobody can afford to ignore shows a low rate;
- the winner's edge: mean points per category of the winners against everyone
  else, which says which reference sides decide games.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from simulate.analysis.arm import Arm
from simulate.analysis.stats import wilson, winner_sets
from simulate.report.context import COLOURS, Context, Extras, heading
from simulate.report.plotting import plt
from simulate.words import display_name, own_words, pad, spoken

say = own_words(
    {
        "en": {
            "ignored": "ignoring a category: win rate (dotted: even share; above bars: share of players)",
            "ignored_axis": "win rate of players with 0 points in it (95% Wilson)",
            "edge": "the winner's edge by category",
            "edge_axis": "winners' mean points minus the others'",
            "ignored_head": "Twinkle Twinkle: players who score nothing in a category, and their win rate:",
            "ignored_arm": "  {arm} ({players}p, even share {even}):",
            "ignored_row": "    {category} {share}% of players, win {p} [{lo}, {hi}]",
            "edge_head": "Winner's edge: winners' mean points minus the others', by category:",
            "edge_arms": "  {blank}{arms}",
            "edge_row": "  {category}{diffs}",
            "edge_cell": "{value}",
            "edge_join": " ",
            "category": "{identifier}",
        },
        "ja": {
            "ignored": "得点の種類を捨てたとき：勝率（点線：均等な割合。棒の上：そのプレイヤーの割合）",
            "ignored_axis": "その種類で0点だったプレイヤーの勝率（95% Wilson区間）",
            "edge": "得点の種類ごとの勝者の優位",
            "edge_axis": "勝者の平均得点－ほかのプレイヤーの平均得点",
            "ignored_head": "トゥインクル・トゥインクル：得点の種類ごとの、0点以下だったプレイヤーと"
            "その勝率：",
            "ignored_arm": "  {arm}（{players}人、均等な割合 {even}）：",
            "ignored_row": "    {category} {share}%のプレイヤー、勝率 {p} [{lo}, {hi}]",
            "edge_head": "勝者の優位：得点の種類ごとの、勝者の平均得点－ほかのプレイヤーの平均得点：",
            "edge_arms": "",
            "edge_row": "  {category} {diffs}",
            "edge_cell": "{arm} {number}",
            "edge_join": "、",
            "category": "{name}",
        },
    },
    "twinkle_twinkle/report.py",
)


def _seat_rows(arm: Arm, categories: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Points per (game, seat) per category, and whether that seat won the game outright."""
    n = arm.players
    points = np.stack(
        [np.column_stack([arm.cols[f"{c}_{s + 1}"] for c in categories]) for s in range(n)], axis=1
    )
    draws = arm.cols["draw"].astype(bool)
    won = np.zeros((len(draws), n), dtype=bool)
    for g, (seats, draw) in enumerate(zip(winner_sets(arm.cols), draws, strict=True)):
        if not draw:
            for s in seats:
                won[g, s] = True
    return points.reshape(-1, len(categories)), won.reshape(-1)


def ignored(arm: Arm, categories: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """Per category: the share of players who scored <= 0 in it, and their outright win rate."""
    points, won = _seat_rows(arm, categories)
    out = {}
    for j, cat in enumerate(categories):
        idle = points[:, j] <= 0
        out[cat] = {
            "share": float(idle.mean()) if len(idle) else float("nan"),
            "wins": wilson(int(won[idle].sum()), int(idle.sum())),
        }
    return out


def winners_edge(arm: Arm, categories: tuple[str, ...]) -> dict[str, dict[str, float]]:
    """Per category: mean points of outright winners and of the other players."""
    points, won = _seat_rows(arm, categories)
    return {
        cat: {
            "winners": float(points[won, j].mean()) if won.any() else float("nan"),
            "others": float(points[~won, j].mean()) if (~won).any() else float("nan"),
        }
        for j, cat in enumerate(categories)
    }


def extras(ctx: Context, arms: list[Arm]) -> Extras:
    cats = ctx.categories
    idle = {a.label: ignored(a, cats) for a in arms}
    edge = {a.label: winners_edge(a, cats) for a in arms}
    lines = [say("ignored_head")]
    for arm in arms:
        lines.append(say("ignored_arm", arm=arm.label, players=arm.players, even=f"{1 / arm.players:.3f}"))
        for cat in cats:
            d = idle[arm.label][cat]
            w = d["wins"]
            if w["n"]:
                row = say(
                    "ignored_row",
                    category=_category(cat),
                    share=_share(100 * d["share"]),
                    p=f"{w['p']:.3f}",
                    lo=f"{w['lo']:.3f}",
                    hi=f"{w['hi']:.3f}",
                )
                lines.append(row)
    lines.append(say("edge_head"))
    widths = [max(len(a.label), 6) for a in arms]
    labels = " ".join(f"{a.label:>{w}}" for a, w in zip(arms, widths, strict=True))
    head = say("edge_arms", blank=" " * 20, arms=labels)  # none in Japanese: each value names its arm
    lines += [head] if head else []
    for cat in cats:
        diffs = [edge[a.label][cat]["winners"] - edge[a.label][cat]["others"] for a in arms]
        shown = say("edge_join").join(
            say("edge_cell", value=f"{d:>+{w}.1f}", arm=a.label, number=f"{d:+.1f}")
            for a, d, w in zip(arms, diffs, widths, strict=True)
        )
        lines.append(say("edge_row", category=_category(cat), diffs=shown))
    return Extras(
        lines=lines,
        figures={
            "ignored_categories": _figure_ignored(ctx, arms, idle),
            "winners_edge": _figure_edge(ctx, arms, edge),
        },
        summary={"ignored_categories": idle, "winners_edge": edge},
    )


def _share(percent: float) -> str:
    """A share in its column: right-aligned in English's monospaced lines; as it is in Japanese, whose
    font has no space as wide as a digit (the column's left edge lines up instead)."""
    return f"{percent:5.1f}" if spoken() == "en" else f"{percent:.1f}"


def _category(cat: str) -> str:
    """A category at the head of a row, padded to its column: its identifier in English, as the details page
    writes one, its Japanese name in Japanese."""
    return pad(say("category", identifier=cat, name=display_name(cat)), 20)


def _figure_ignored(ctx: Context, arms: list[Arm], idle: dict[str, dict[str, Any]]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(10, 5))
    cats = ctx.categories
    width = 0.8 / len(arms)
    for i, arm in enumerate(arms):
        x = np.arange(len(cats)) + (i - (len(arms) - 1) / 2) * width
        rates = [idle[arm.label][c]["wins"] for c in cats]
        p = np.array([r["p"] if r["n"] else 0.0 for r in rates])
        err = np.clip(  # Wilson bounds may sit a rounding error inside p
            np.array([[r["p"] - r["lo"] for r in rates], [r["hi"] - r["p"] for r in rates]]), 0, None
        )
        err[:, [not r["n"] for r in rates]] = 0.0
        ax.bar(x, p, width, yerr=err, capsize=2, label=arm.label, color=COLOURS[i % len(COLOURS)])
        ax.hlines(
            1 / arm.players,
            x[0] - width,
            x[-1] + width,
            colors=COLOURS[i % len(COLOURS)],
            linestyles="dotted",
        )
        for xi, c, top in zip(x, cats, p + err[1], strict=True):
            share = idle[arm.label][c]["share"]
            ax.text(xi, top + 0.01, f"{100 * share:.0f}%", ha="center", va="bottom", fontsize=6)
    ax.set_xticks(range(len(cats)))
    ax.set_xticklabels([display_name(c) for c in cats], fontsize=8, rotation=15)
    ax.set_ylabel(say("ignored_axis"))
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    ax.set_title(heading(ctx, arms, say("ignored")), fontsize=9)
    fig.tight_layout()
    return fig


def _figure_edge(ctx: Context, arms: list[Arm], edge: dict[str, dict[str, dict[str, float]]]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(10, 5))
    cats = ctx.categories
    width = 0.8 / len(arms)
    for i, arm in enumerate(arms):
        x = np.arange(len(cats)) + (i - (len(arms) - 1) / 2) * width
        diff = [edge[arm.label][c]["winners"] - edge[arm.label][c]["others"] for c in cats]
        ax.bar(x, diff, width, label=arm.label, color=COLOURS[i % len(COLOURS)])
    ax.axhline(0, color="k", linewidth=0.6)
    ax.set_xticks(range(len(cats)))
    ax.set_xticklabels([display_name(c) for c in cats], fontsize=8, rotation=15)
    ax.set_ylabel(say("edge_axis"))
    ax.legend(fontsize=8)
    ax.set_title(heading(ctx, arms, say("edge")), fontsize=9)
    fig.tight_layout()
    return fig
