"""Balance reports: a multi-page PDF, one PNG per figure and `summary.json`, from the arms of a run.

Every figure is titled with the game, the arms (variants), the agents, the
number of games and the seed, so that a PNG lifted out of the report still
says what it shows.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.backends.backend_pdf import PdfPages  # noqa: E402

from printkit.atomic import atomic_path, write_text  # noqa: E402
from simulate import stats  # noqa: E402

COLOURS = ["#1b6ca8", "#d7263d", "#3a9d5d", "#f4a300", "#7b4f9d", "#555555"]


@dataclass
class Arm:
    """One column of a comparison: a variant's games and their summary."""

    label: str
    players: int
    agents: tuple[str, ...]
    cols: dict[str, Any]
    summary: dict[str, Any]


@dataclass
class Context:
    title: str
    game: str
    games: int
    seed: int
    metric_names: tuple[str, ...]
    categories: tuple[str, ...]
    deal_metric: str | None = None
    extras: Callable[[Context, list[Arm]], Extras] | None = None


@dataclass
class Extras:
    """A game's own part of the report: lines for the summary page, figures, JSON entries.

    An engine module offers it as `report_extras(ctx, arms) -> Extras`.
    """

    lines: list[str] = field(default_factory=list)
    figures: dict[str, plt.Figure] = field(default_factory=dict)
    summary: dict[str, Any] = field(default_factory=dict)


def _heading(ctx: Context, arms: list[Arm], what: str) -> str:
    labels = " vs ".join(a.label for a in arms)
    agents = "; ".join(sorted({",".join(a.agents) if len(set(a.agents)) > 1 else a.agents[0] for a in arms}))
    players = "/".join(sorted({str(a.players) for a in arms}))
    return (
        f"{ctx.title}: {what}\n{labels} | {players}p | agents {agents} | {ctx.games} games | seed {ctx.seed}"
    )


def _rate_bars(ax: Any, arms: list[Arm], key: str, names: list[str], fair: bool) -> None:
    width = 0.8 / len(arms)
    for i, arm in enumerate(arms):
        rates = arm.summary[key]
        x = np.arange(len(rates)) + (i - (len(arms) - 1) / 2) * width
        p = np.array([r["p"] for r in rates])
        err = np.array([[r["p"] - r["lo"] for r in rates], [r["hi"] - r["p"] for r in rates]])
        ax.bar(x, p, width, yerr=err, capsize=3, label=arm.label, color=COLOURS[i % len(COLOURS)])
        if fair:
            ax.hlines(1 / arm.players, x[0] - width / 2, x[-1] + width / 2, colors="k", linestyles="dotted")
    longest = max(len(a.summary[key]) for a in arms)
    ax.set_xticks(range(longest))
    ax.set_xticklabels(names[:longest])
    ax.set_ylabel("win rate (95% Wilson interval)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)


def figure_seat_wins(ctx: Context, arms: list[Arm]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 5))
    longest = max(a.players for a in arms)
    _rate_bars(ax, arms, "seat_wins", [f"seat {s + 1}" for s in range(longest)], fair=True)
    ax.set_title(_heading(ctx, arms, "wins by seat (dotted: an even share)"), fontsize=9)
    return fig


def figure_position_wins(ctx: Context, arms: list[Arm]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 5))
    longest = max(a.players for a in arms)
    names = ["moved first"] + [
        f"moved {k + 1}{'nd' if k == 1 else 'rd' if k == 2 else 'th'}" for k in range(1, longest)
    ]
    _rate_bars(ax, arms, "position_wins", names, fair=True)
    ax.set_title(_heading(ctx, arms, "wins by turn order"), fontsize=9)
    return fig


def _histograms(ax: Any, arms: list[Arm], values: list[np.ndarray], xlabel: str) -> None:
    low = min(float(v.min()) for v in values if len(v))
    high = max(float(v.max()) for v in values if len(v))
    bins = np.arange(math.floor(low), math.ceil(high) + 2) - 0.5
    if len(bins) > 60:
        bins = np.linspace(low, high, 50)
    for i, (arm, v) in enumerate(zip(arms, values, strict=True)):
        ax.hist(
            v,
            bins=bins,
            histtype="step",
            linewidth=1.8,
            density=True,
            label=f"{arm.label} (mean {np.mean(v):.2f})",
            color=COLOURS[i % len(COLOURS)],
        )
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of games")
    ax.legend(fontsize=8)


def figure_scores(ctx: Context, arms: list[Arm]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 5))
    values = [np.concatenate([a.cols[f"score_{s + 1}"] for s in range(a.players)]) for a in arms]
    _histograms(ax, arms, values, "final score of a seat")
    ax.set_title(_heading(ctx, arms, "score distribution"), fontsize=9)
    return fig


def figure_margins(ctx: Context, arms: list[Arm]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 5))
    _histograms(ax, arms, [stats.margins(a.cols) for a in arms], "winning margin (top score minus next)")
    ax.set_title(_heading(ctx, arms, "how close games are"), fontsize=9)
    return fig


def figure_metrics(ctx: Context, arms: list[Arm]) -> plt.Figure:
    names = ["moves", "draw rate"] + list(ctx.metric_names)
    cols = 3
    rows = math.ceil(len(names) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(10, 2.6 * rows + 0.8), squeeze=False)
    for k, name in enumerate(names):
        ax = axes[k // cols][k % cols]
        for i, arm in enumerate(arms):
            if name == "moves":
                d = arm.summary["moves"]
                mean, lo, hi = d["mean"], d["lo"], d["hi"]
            elif name == "draw rate":
                d = arm.summary["draws"]
                mean, lo, hi = d["p"], d["lo"], d["hi"]
            else:
                d = arm.summary["metrics"][name]
                mean, lo, hi = d["mean"], d["lo"], d["hi"]
            ax.bar(i, mean, yerr=[[mean - lo], [hi - mean]], capsize=3, color=COLOURS[i % len(COLOURS)])
        ax.set_xticks(range(len(arms)))
        ax.set_xticklabels([a.label for a in arms], fontsize=7, rotation=15)
        ax.set_title(name.replace("_", " "), fontsize=9)
    for k in range(len(names), rows * cols):
        axes[k // cols][k % cols].axis("off")
    fig.suptitle(_heading(ctx, arms, "game figures, mean with 95% interval"), fontsize=9)
    fig.tight_layout()
    return fig


def figure_categories(ctx: Context, arms: list[Arm]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 5))
    bottoms = np.zeros(len(arms))
    for j, cat in enumerate(ctx.categories):
        heights = np.array([a.summary["categories"][cat]["mean"] for a in arms])
        ax.bar(
            range(len(arms)),
            heights,
            bottom=bottoms,
            label=cat.replace("_", " "),
            color=plt.get_cmap("tab20")(j % 20),
        )
        bottoms += heights
    ax.set_xticks(range(len(arms)))
    ax.set_xticklabels([a.label for a in arms])
    ax.set_ylabel("mean points per player")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.set_title(_heading(ctx, arms, "where the points come from"), fontsize=9)
    fig.tight_layout()
    return fig


def figure_deal(ctx: Context, arms: list[Arm]) -> plt.Figure:
    """Margin by how lopsided the deal was: does the deal decide the game?"""
    fig, ax = plt.subplots(figsize=(8, 5))
    metric = ctx.deal_metric or ""
    for i, arm in enumerate(arms):
        x = arm.cols[metric]
        margin = stats.margins(arm.cols)
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
            ax.errorbar(
                xs, means, yerr=errs, marker="o", capsize=3, label=arm.label, color=COLOURS[i % len(COLOURS)]
            )
    ax.set_xlabel(metric.replace("_", " ") + " (groups of 20+ games)")
    ax.set_ylabel("mean winning margin (95% interval)")
    ax.set_ylim(bottom=0)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(fontsize=8)
    else:
        ax.text(0.5, 0.5, "too few games for any group of 20", transform=ax.transAxes, ha="center")
    ax.set_title(_heading(ctx, arms, "does a lopsided deal decide the game?"), fontsize=9)
    return fig


def _fmt_rate(r: dict[str, float]) -> str:
    return f"{r['p']:.3f} [{r['lo']:.3f}, {r['hi']:.3f}]"


def _fmt_p(p: float | None) -> str:
    return "n/a" if p is None else (f"{p:.2e}" if p < 0.001 else f"{p:.3f}")


def summary_lines(ctx: Context, arms: list[Arm], comparisons: dict[str, Any]) -> list[str]:
    """The report's first page, also printed by the command line."""
    lines = []
    for arm in arms:
        s = arm.summary
        lines.append(f"{arm.label}: {s['games']} games, {arm.players} players, agents {','.join(arm.agents)}")
        for seat, r in enumerate(s["seat_wins"]):
            lines.append(f"  seat {seat + 1} wins   {_fmt_rate(r)}")
        lines.append(
            f"  first mover wins {_fmt_rate(s['position_wins'][0])}"
            f"  (advantage {s['first_player_advantage']:+.3f} over an even share)"
        )
        lines.append(f"  draws        {_fmt_rate(s['draws'])}")
        seat_scores = [f"{d['mean']:.2f} (sd {d['sd']:.2f})" for d in s["scores"].values()]
        for k in range(0, len(seat_scores), 4):
            head = "  scores by seat" if k == 0 else " " * 15
            lines.append(f"{head} {k + 1}-: " + ", ".join(seat_scores[k : k + 4]))
        lines.append(f"  margin       mean {s['margin']['mean']:.2f}, sd {s['margin']['sd']:.2f}")
        lines.append(f"  moves        mean {s['moves']['mean']:.1f}")
        for name, d in s["metrics"].items():
            lines.append(f"  {name:<16} mean {d['mean']:.3f} [{d['lo']:.3f}, {d['hi']:.3f}]")
    for name, comp in comparisons.items():
        lines.append(f"{name}:")
        if "seat_wins_chi2" in comp:
            c = comp["seat_wins_chi2"]
            lines.append(f"  seat wins chi-square p = {_fmt_p(c['p'])}")
            c = comp["position_wins_chi2"]
            lines.append(f"  turn-order wins chi-square p = {_fmt_p(c['p'])}")
            d = comp["first_position_win_diff"]
            lines.append(f"  first-mover win rate change {d['diff']:+.3f} [{d['lo']:+.3f}, {d['hi']:+.3f}]")
        if "margin_mannwhitney" in comp:
            c = comp["margin_mannwhitney"]
            d = comp["margin_diff"]
            lines.append(
                f"  margin Mann-Whitney p = {_fmt_p(c['p'])}, change {d['diff']:+.2f} "
                f"[{d['lo']:+.2f}, {d['hi']:+.2f}]"
            )
            lines.append(f"  game length Welch p = {_fmt_p(comp['moves_welch']['p'])}")
    return lines


READING_NOTES = """How to read this report
- A seat wins a game outright (in a team game both teammates win); a draw is a shared top.
- Rates show the share of games with a 95% Wilson interval [low, high].
- 'first mover' is the seat that moved first in that game, whichever seat it was.
- Margin: the top score minus the best other score (0 in a draw).
- Between arms: chi-square tests on wins by seat and by turn order, Mann-Whitney U on
  margins, Welch's t on game length; changes carry 95% bootstrap intervals.
- Same seed and settings give the same games and figures, whatever --jobs is."""


LINES_PER_PAGE = 72


def figures_text(ctx: Context, arms: list[Arm], lines: list[str]) -> list[plt.Figure]:
    """The summary lines on as many A4 pages as they need; reading notes on the last."""
    pages = [lines[i : i + LINES_PER_PAGE] for i in range(0, max(len(lines), 1), LINES_PER_PAGE)]
    figs = []
    for k, page in enumerate(pages):
        fig = plt.figure(figsize=(8.27, 11.69))
        more = f" ({k + 1}/{len(pages)})" if len(pages) > 1 else ""
        heading = _heading(ctx, arms, "balance report" + more)
        fig.text(0.06, 0.96, heading, fontsize=10, va="top", weight="bold")
        fig.text(0.06, 0.9, "\n".join(page), fontsize=8, va="top", family="monospace")
        if k == len(pages) - 1:
            fig.text(0.06, 0.04, READING_NOTES, fontsize=8, va="bottom", color="#333333")
        figs.append(fig)
    return figs


def write_report(
    folder: Path, ctx: Context, arms: list[Arm], comparisons: dict[str, Any], config: dict[str, Any]
) -> tuple[dict[str, Path], list[str]]:
    """Write report.pdf, figures/*.png and summary.json into `folder`.

    Returns the paths written and the lines of the summary page.
    """
    folder.mkdir(parents=True, exist_ok=True)
    extras = ctx.extras(ctx, arms) if ctx.extras else Extras()
    lines = summary_lines(ctx, arms, comparisons) + extras.lines
    text_pages = figures_text(ctx, arms, lines)
    figures = {
        "seat_wins": figure_seat_wins(ctx, arms),
        "turn_order": figure_position_wins(ctx, arms),
        "scores": figure_scores(ctx, arms),
        "margins": figure_margins(ctx, arms),
        "metrics": figure_metrics(ctx, arms),
    }
    if ctx.categories:
        figures["categories"] = figure_categories(ctx, arms)
    if ctx.deal_metric:
        figures["deal"] = figure_deal(ctx, arms)
    figures.update(extras.figures)
    figdir = folder / "figures"
    figdir.mkdir(exist_ok=True)
    written: dict[str, Path] = {}
    pdf_path = folder / "report.pdf"
    with atomic_path(pdf_path) as tmp:
        with PdfPages(tmp, metadata={"CreationDate": None, "ModDate": None, "Creator": "simulate"}) as pdf:
            for fig in [*text_pages, *figures.values()]:
                pdf.savefig(fig)
    written["pdf"] = pdf_path
    for fig in text_pages:
        plt.close(fig)
    for name, fig in figures.items():
        png = figdir / f"{name}.png"
        with atomic_path(png) as tmp:
            fig.savefig(tmp, format="png", dpi=100, metadata={"Software": None})
        plt.close(fig)
        written[name] = png
    summary = {
        "game": ctx.game,
        "title": ctx.title,
        "config": config,
        "arms": {a.label: {"players": a.players, "agents": list(a.agents), **a.summary} for a in arms},
        "comparisons": comparisons,
        **({"game_specific": extras.summary} if extras.summary else {}),
    }
    json_path = folder / "summary.json"
    write_text(json_path, json.dumps(_clean(summary), indent=2, sort_keys=False) + "\n")
    written["summary"] = json_path
    return written, lines


def _clean(obj: Any) -> Any:
    """JSON has no NaN: write null instead."""
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    if isinstance(obj, dict):
        return {k: _clean(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_clean(v) for v in obj]
    return obj
