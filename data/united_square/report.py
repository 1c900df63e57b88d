"""United Square's own part of a balance report: does a lopsided deal decide the game?

From the games CSV's `deal_lopsided` column (per panel type, the spread between
the seats holding most and fewest, summed over the game's deals) against the
winning margin, grouped into levels of 20 games or more.
"""

from __future__ import annotations

import numpy as np

from simulate.analysis import stats
from simulate.analysis.arm import Arm
from simulate.report.context import Context, Extras, colour, heading
from simulate.report.plotting import plt
from simulate.words import display_name, own_words

say = own_words(
    {
        "en": {
            "axis": "{name} (groups of 20+ games)",
            "margin_axis": "mean winning margin (95% interval)",
            "too_few": "too few games for any group of 20",
            "title": "does a lopsided deal decide the game?",
        },
        "ja": {
            "axis": "{name}（20ゲーム以上ずつのまとまり）",
            "margin_axis": "勝者の点差の平均（95%区間）",
            "too_few": "20ゲームのまとまりを作れるほどゲームがない",
            "title": "配りの偏りがゲームを決めるか",
        },
    },
    "united_square/report.py",
)


def extras(ctx: Context, arms: list[Arm]) -> Extras:
    """The deal figure."""
    return Extras(figures={"deal": figure_deal(ctx, arms)})


def figure_deal(ctx: Context, arms: list[Arm]) -> plt.Figure:
    """Margin by how lopsided the deal was: does the deal decide the game?"""
    fig, ax = plt.subplots(figsize=(8, 5))
    metric = "deal_lopsided"
    for i, arm in enumerate(arms):
        x = arm.cols[metric]
        margin = arm.cols["margin"]
        levels = np.unique(x)
        if len(levels) > 8:
            edges = np.unique(np.quantile(x, np.linspace(0, 1, 9)))
            groups = [
                (x >= lo) & (x <= hi if k == len(edges) - 2 else x < hi)
                for k, (lo, hi) in enumerate(zip(edges[:-1], edges[1:], strict=True))
            ]
        else:
            groups = [x == level for level in levels]
        xs, means, errs = [], [], []
        for sel in groups:
            if sel.sum() < 20:
                continue
            d = stats.describe(margin[sel])
            xs.append(float(np.mean(x[sel])))
            means.append(d["mean"])
            errs.append(d["hi"] - d["mean"])
        if xs:
            ax.errorbar(xs, means, yerr=errs, marker="o", capsize=3, label=arm.label, color=colour(i))
    ax.set_xlabel(say("axis", name=display_name(metric)))
    ax.set_ylabel(say("margin_axis"))
    ax.set_ylim(bottom=0)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8)
    else:
        ax.text(0.5, 0.5, say("too_few"), transform=ax.transAxes, ha="center")
    ax.set_title(heading(ctx, arms, say("title")), fontsize=9)
    return fig
