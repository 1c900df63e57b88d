"""Balance reports: verdict page first, then details and figures, as PDF, HTML, PNGs, JSON and CSV.

Every figure is titled with the game, the arms (variants), the agents, the
number of games and the seed, so that a PNG lifted out of the report still
says what it shows. The numbers come from `simulate.analysis.balance` over streaming
tallies (`simulate.analysis.tally`); the words of the verdict from `simulate.analysis.verdict`.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.backends.backend_pdf import PdfPages

from printkit.atomic import write_bytes, write_text
from simulate.analysis import stats
from simulate.analysis.arm import Arm
from simulate.analysis.verdict import side_names
from simulate.analysis.verdict_page import Verdict
from simulate.report import changes_figure
from simulate.report.context import Context, Extras, colour, heading
from simulate.report.grid_layout import lay_out_grid
from simulate.report.paper import POINTS, fit_pages, page_inches
from simulate.report.plotting import monospace, plt
from simulate.report.raster import page_pngs
from simulate.report.standard_text import ASCENT, standard_fonts
from simulate.words import display_name, say, spoken


# ------------------------------------------------------------------ figures
def _rate_bars(ax: Any, arms: list[Arm], key: str, names: list[str]) -> None:
    width = 0.8 / len(arms)
    for i, arm in enumerate(arms):
        rates = arm.summary[key]
        x = np.arange(len(rates)) + (i - (len(arms) - 1) / 2) * width
        p = np.array([r["p"] if r["n"] else 0.0 for r in rates])
        err = np.array(
            [
                [max(0.0, r["p"] - r["lo"]) if r["n"] else 0 for r in rates],
                [max(0.0, r["hi"] - r["p"]) if r["n"] else 0 for r in rates],
            ]
        )
        ax.bar(x, p, width, yerr=err, capsize=3, label=arm.label, color=colour(i))
        fair = arm.summary["fair_share"]
        ax.hlines(fair, x[0] - width / 2, x[-1] + width / 2, colors="k", linestyles="dotted")
    longest = max(len(a.summary[key]) for a in arms)
    ax.set_xticks(range(longest))
    ax.set_xticklabels(names[:longest], fontsize=8)
    ax.set_ylabel(say("fig.share_won"))
    ax.set_ylim(0, 1)
    ax.legend(fontsize=7, ncol=2 if len(arms) > 4 else 1)


def figure_seat_wins(ctx: Context, arms: list[Arm]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 5))
    widest = max(arms, key=lambda a: a.summary["sides"])
    _rate_bars(ax, arms, "side_wins", side_names(widest.summary))
    ax.set_title(heading(ctx, arms, say("fig.seat_wins")), fontsize=9)
    return fig


def figure_position_wins(ctx: Context, arms: list[Arm]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 5))
    longest = max(a.summary["sides"] for a in arms)
    names = [say("fig.moved_first")] + [
        say(
            "fig.moved",
            nth=say("ordinal.2") if k == 1 else say("ordinal.3") if k == 2 else say("ordinal.n", k=k + 1),
        )
        for k in range(1, longest)
    ]
    _rate_bars(ax, arms, "position_wins", names)
    ax.set_title(heading(ctx, arms, say("fig.turn_order")), fontsize=9)
    return fig


def _histograms(ax: Any, arms: list[Arm], values: list[np.ndarray], means: list[float], xlabel: str) -> None:
    finite = [v[np.isfinite(v)] for v in values]
    low = min((float(v.min()) for v in finite if len(v)), default=0.0)
    high = max((float(v.max()) for v in finite if len(v)), default=1.0)
    # one bin per whole number where there are few; else 50 bins over the range, so that the bins
    # never number as many as the values span (a score table of 10**9 asked for 37 GiB of edges)
    if math.ceil(high) - math.floor(low) + 2 <= 60:
        bins = np.arange(math.floor(low), math.ceil(high) + 2) - 0.5
    else:
        bins = np.linspace(low, high, 50)
    for i, (arm, v, mean) in enumerate(zip(arms, finite, means, strict=True)):
        if len(v):
            ax.hist(
                v,
                bins=bins,
                histtype="step",
                linewidth=1.8,
                density=True,
                label=say("fig.mean", arm=arm.label, mean=f"{mean:.2f}"),
                color=colour(i),
            )
    ax.set_xlabel(xlabel)
    ax.set_ylabel(say("fig.share_of_games"))
    ax.legend(fontsize=7, ncol=2 if len(arms) > 4 else 1)


def figure_scores(ctx: Context, arms: list[Arm]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 5))
    values = [np.concatenate([a.cols[f"score_{s + 1}"] for s in range(a.players)]) for a in arms]
    _histograms(ax, arms, values, [a.summary["score_all"]["mean"] for a in arms], say("fig.score"))
    ax.set_title(heading(ctx, arms, say("fig.scores")), fontsize=9)
    return fig


def figure_margins(ctx: Context, arms: list[Arm]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 5))
    teams = any(a.summary["sides"] < a.players for a in arms)
    what = say("fig.margin_teams" if teams else "fig.margin")
    _histograms(ax, arms, [a.cols["margin"] for a in arms], [a.summary["margin"]["mean"] for a in arms], what)
    ax.set_title(heading(ctx, arms, say("fig.margins")), fontsize=9)
    return fig


def _metric_bar(arm: Arm, name: str) -> tuple[float, float, float]:
    s = arm.summary
    if name == "draw rate":
        d = s["draws"]
        return d["p"], d["lo"], d["hi"]
    if name == "capped":
        d = s["capped"]
        return d["p"], d["lo"], d["hi"]
    d = s["generic"].get(name) or s["metrics"].get(name) or s.get(name)
    return d["mean"], d["lo"], d["hi"]


def figure_metrics(ctx: Context, arms: list[Arm]) -> plt.Figure:
    censored = any(a.summary["capped"]["k"] for a in arms)
    generic = [
        m
        for m in ("lead_changes", "decisive_at", "drama", "spread")
        if all(m in a.summary["generic"] for a in arms)
    ]
    names = ([] if censored else ["moves"]) + ["draw rate"] + (["capped"] if censored else [])
    names += generic + [m for m in ctx.metric_names if m not in generic]
    cols = 3
    rows = math.ceil(len(names) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(10, 2.6 * rows + 0.8), squeeze=False)
    for k, name in enumerate(names):
        ax = axes[k // cols][k % cols]
        for i, arm in enumerate(arms):
            mean, lo, hi = _metric_bar(arm, name)
            if math.isfinite(mean):
                ax.bar(
                    i, mean, yerr=[[max(0.0, mean - lo)], [max(0.0, hi - mean)]], capsize=3, color=colour(i)
                )
        ax.set_xticks(range(len(arms)))
        ax.set_xticklabels([a.label for a in arms], fontsize=6, rotation=30, ha="right")
        ax.set_title(metric_name(name), fontsize=9)
    for k in range(len(names), rows * cols):
        axes[k // cols][k % cols].axis("off")
    note = say("fig.metrics_capped") if censored else ""
    title = fig.suptitle(heading(ctx, arms, say("fig.metrics") + note), fontsize=9)
    lay_out_grid(fig, axes, title)
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
            label=display_name(cat),
            color=ctx.category_colours.get(cat, plt.get_cmap("tab20")(j % 20)),
            edgecolor="white",
        )
        bottoms += heights
    ax.set_xticks(range(len(arms)))
    ax.set_xticklabels([a.label for a in arms], fontsize=7, rotation=20, ha="right")
    ax.set_ylabel(say("fig.points"))
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.set_title(heading(ctx, arms, say("fig.categories")), fontsize=9)
    fig.tight_layout()
    return fig


# ------------------------------------------------------------------ text
def _fmt_rate(r: dict[str, float]) -> str:
    return f"{r['p']:.3f} [{r['lo']:.3f}, {r['hi']:.3f}]" if r["n"] else "n/a (nothing to count)"


def _fmt_test(t: dict[str, Any]) -> str:
    raw = stats.fmt_p(t.get("p"), t.get("why", ""))
    if t.get("p") is None:
        return f"{t['test']}: {raw}"
    adjusted = stats.fmt_p(t.get("p_holm")).removeprefix("p ").removeprefix("= ")
    return f"{t['test']}: {raw}, adjusted {adjusted}"


def summary_lines(ctx: Context, arms: list[Arm], comparisons: dict[str, Any]) -> list[str]:
    """The details page, also printed by the command line."""
    lines = []
    for arm in arms:
        s = arm.summary
        lines.append(
            f"{arm.label}: {s['games']} games ({s['decided']} decided), {arm.players} players, "
            f"agents {','.join(arm.agents)}"
        )
        for name, r, h in zip(s["side_names"], s["side_wins"], s["side_half_wins"], strict=True):
            lines.append(f"  {name} wins {_fmt_rate(r)} of decided; draw as half {_fmt_rate(h)}")
        lines.append(
            f"  first mover scores {_fmt_rate(s['position_half_wins'][0])} of games, a draw as half "
            f"(fair {s['fair_share']:.3f}); {_fmt_test(s['tests']['first_mover'])}"
        )
        lines.append(f"  first mover wins {_fmt_rate(s['position_wins'][0])} of decided games")
        lines.append(f"  seat balance {_fmt_test(s['tests']['seat_balance'])}")
        lines.append(f"  draws        {_fmt_rate(s['draws'])}")
        if s["capped"]["k"]:
            km = s["length"]
            median = (
                f"{km['median']:g}"
                if km["median"] is not None
                else f"at least the cap (> {km['at_least']:g})"
            )
            lines.append(f"  capped       {_fmt_rate(s['capped'])}; Kaplan-Meier median moves {median}")
        else:
            lines.append(f"  moves        median {s['moves']['median']:g}, mean {s['moves']['mean']:.1f}")
        seat_scores = [f"{d['mean']:.2f} (sd {d['sd']:.2f})" for d in s["scores"].values()]
        for k in range(0, len(seat_scores), 4):
            head = "  scores by seat" if k == 0 else " " * 15
            lines.append(f"{head} {k + 1}-: " + ", ".join(seat_scores[k : k + 4]))
        if s["sides"] < s["players"]:
            team = [f"{d['mean']:.2f}" for d in s["side_scores"].values()]
            lines.append(f"  scores by team {', '.join(team)}")
        lines.append(f"  margin       mean {s['margin']['mean']:.2f}, sd {s['margin']['sd']:.2f}")
        for name, d in {**s["generic"], **s["metrics"]}.items():
            lines.append(f"  {name:<16} mean {d['mean']:.3f} [{d['lo']:.3f}, {d['hi']:.3f}]")
    for name, comp in comparisons.items():
        lines.append(f"{name}:")
        width = max([22, *(len(key) for key in comp["answers"])])  # a long measure's name keeps the column
        for key, a in comp["answers"].items():
            paired = f", paired (r {a['correlation']:.2f}, {a['saved']:+,.0f} games)" if a["paired"] else ""
            lines.append(
                f"  {key.replace('_', ' '):<{width}} {a['b'] - a['a']:+.4g} [{a['lo']:+.4g}, {a['hi']:+.4g}] "
                f"(min effect {a['delta']:.3g}{paired})"
            )
            lines.append(f"  {'':<{width}} {_fmt_test(comp['tests'][key])}")
            lines.append(f"  {'':<{width}} {_fmt_test(comp['tests'][key + '_within'])}")
    return lines


WRAP = 112
LINE = {"h": 0.021, "p": 0.0165, "mono": 0.0125, "gap": 0.008}


def verdict_blocks(verdict: Verdict, arms: list[Arm]) -> list[tuple[str, str]]:
    """The verdict page as (style, text) blocks: `h` heading, `p` paragraph, `gap`."""
    blocks: list[tuple[str, str]] = [("h", say("bottom.title"))]
    blocks += [("p", "  - " + line) for line in verdict.bottom]
    if verdict.skill:
        blocks += [("gap", ""), ("h", say("skill.title"))]
        blocks += [("p", "  - " + line) for line in verdict.skill]
    if verdict.strength:
        blocks += [("gap", ""), ("h", say("strength.title"))]
        blocks += [("p", "  - " + line) for line in verdict.strength]
    blocks.append(("gap", ""))
    changes = {a.label.split(" @ ")[0]: a.changes for a in arms}
    blocks.append(("h", say("page.changes")))
    for label, text in changes.items():
        blocks.append(("p", say("page.change", arm=label, text=text)))
    for title, groups in verdict.sections:
        blocks.append(("gap", ""))
        blocks.append(("h", title))
        for name, findings in groups:
            blocks.append(("p", f"[{name}]"))
            blocks += [("p", "  - " + f.text) for f in findings]
    if verdict.both:
        blocks.append(("gap", ""))
        blocks.append(("h", say("page.both")))
        blocks += [("p", "  - " + line) for line in verdict.both]
    blocks.append(("gap", ""))
    blocks.append(("p", verdict.note))
    return blocks


# Japanese lines are wrapped by their measured width (every character is about twice a Latin one's),
# with printkit's line-breaking rules: in points at the page's font size, as wide as WRAP Latin characters
WRAP_POINTS = 520
SIZES = {"h": 10, "p": 8.5, "mono": 7.5}


def _wrapped(blocks: list[tuple[str, str]]) -> list[tuple[str, str]]:
    out = []
    for style, text in blocks:
        if style == "gap":
            out.append((style, ""))
            continue
        width = WRAP if style != "mono" else 118
        indent = " " * (len(text) - len(text.lstrip(" -")))
        # a line set in a proportional font (a Japanese one: `monospace`) is wrapped by its font's widths
        if spoken() == "en" or (style == "mono" and monospace(text) == "monospace"):
            lines = textwrap.wrap(text, width, subsequent_indent=indent + "  ")
        else:
            lines = _measured_wrap(text, SIZES[style], indent + "  ")
        out += [(style, line) for line in lines or [""]]
    return out


def _measured_wrap(text: str, size: float, indent: str) -> list[str]:
    """`text` in lines of at most WRAP_POINTS at `size` in the language's printed font, kinsoku kept;
    lines after the first indented by `indent`."""
    from reportlab.pdfbase import pdfmetrics  # here: a Japanese report's alone, 0.2 s to import

    from printkit.output.fonts import family, wrap

    font = family(spoken()).regular
    room = WRAP_POINTS - pdfmetrics.stringWidth(indent, font, size)
    lines = wrap(text, font, size, room)
    return lines[:1] + [indent + line for line in lines[1:]]


def text_pages(
    ctx: Context, arms: list[Arm], what: str, blocks: list[tuple[str, str]], picture: Picture | None = None
) -> list[plt.Figure]:
    """Blocks of text wrapped and laid out on as many pages of the report's paper as they need, the first
    opening with `picture` where one is given.

    Line heights are set for A4 and kept the same in inches on other paper. Each line is placed by its
    baseline, where a line set at `y` from its top would have it, so that every font sets lines evenly
    (`simulate.report.standard_text`).
    """
    lines = _wrapped(blocks)
    scale = 11.69 / page_inches(ctx.paper)[1]
    step = {style: height * scale for style, height in LINE.items()}
    top = min(PICTURE_MOST, picture.height / page_inches(ctx.paper)[1]) if picture else 0.0
    pages: list[list[tuple[str, str]]] = [[]]
    room = 0.86 - top
    for style, line in lines:
        if room < step[style] + 0.04:
            pages.append([])
            room = 0.86
        pages[-1].append((style, line))
        room -= step[style]
    figs = []
    for k, page in enumerate(pages):
        fig = plt.figure(figsize=page_inches(ctx.paper))
        more = f" ({k + 1}/{len(pages)})" if len(pages) > 1 else ""
        fig.text(0.06, 0.965, heading(ctx, arms, what + more), fontsize=10, va="top", weight="bold")
        y = 0.90
        if picture and k == 0:
            picture.draw(fig, (0.06, 0.90 - top + 0.01, 0.88, top - 0.01))
            y -= top
        for style, line in page:
            if line:
                fig.text(
                    0.06,
                    y - ASCENT * SIZES[style] / POINTS / fig.get_figheight(),
                    line,
                    fontsize=SIZES[style],
                    va="baseline",
                    weight="bold" if style == "h" else "normal",
                    family=monospace(line) if style == "mono" else "sans-serif",
                )
            y -= step[style]
        figs.append(fig)
    return figs


@dataclass(frozen=True)
class Picture:
    """Page 1's picture (`changes_figure`): its panels and the baseline arm's name."""

    panels: list[changes_figure.Panel]
    base: str

    @property
    def height(self) -> float:
        return changes_figure.height(self.panels)

    def draw(self, fig: plt.Figure, rect: tuple[float, float, float, float]) -> None:
        changes_figure.draw(fig, rect, self.panels, self.base)

    def figure(self, ctx: Context, arms: list[Arm]) -> plt.Figure:
        """The picture as a figure of its own (its PNG and the HTML page), titled as every figure is."""
        fig = plt.figure(figsize=(8.27 - 0.9, self.height + 0.6))
        fig.text(0.02, 0.99, heading(ctx, arms, say("fig.changes")), fontsize=8, va="top")
        self.draw(fig, (0.02, 0.02, 0.96, 1 - 0.6 / (self.height + 0.6) - 0.02))
        return fig


PICTURE_MOST = 0.55  # of page 1's height: the rest is for the bottom line
PAGE_ONE = ("changes",)  # figures the PDF draws on page 1 already: a PNG of their own, no page again


def picture_of(verdict: Verdict, comparisons: dict[str, Any]) -> Picture:
    """Page 1's picture of a verdict's arms and comparisons."""
    panels = changes_figure.panels(verdict.groups, verdict.levels, comparisons)
    return Picture(panels, verdict.groups[0][0].label.split(" @ ")[0])


# ------------------------------------------------------------------ outputs
def summary_rows(arms: list[Arm]) -> list[list[Any]]:
    """One row per arm and figure: arm, agents, metric, value, low, high, n."""
    return [
        [arm.label, ",".join(arm.agents), metric, _num(value), _num(lo), _num(hi), n]
        for arm in arms
        for metric, value, lo, hi, n in _arm_figures(arm.summary)
    ]


def _arm_figures(s: dict[str, Any]) -> list[tuple[str, float, float, float, int]]:
    nan = math.nan
    out: list[tuple[str, float, float, float, int]] = [
        ("games", s["games"], nan, nan, s["games"]),
        ("decided", s["decided"], nan, nan, s["games"]),
    ]
    rates = [(f"wins of decided: {name}", r) for name, r in zip(s["side_names"], s["side_wins"], strict=True)]
    rates += [(f"wins of decided: turn position {k + 1}", r) for k, r in enumerate(s["position_wins"])]
    rates += [("first mover, draw as half", s["position_half_wins"][0])]
    rates += [("draw rate", s["draws"]), ("capped rate", s["capped"])]
    out += [(name, r["p"], r["lo"], r["hi"], r["n"]) for name, r in rates]
    km = s["length"]
    out.append(
        (
            "length median (Kaplan-Meier)",
            km["median"] if km["median"] is not None else nan,
            nan,
            nan,
            km["games"],
        )
    )
    means = [("margin", s["margin"]), ("score", s["score_all"]), *s["generic"].items(), *s["metrics"].items()]
    means += [(f"points from {cat}", d) for cat, d in s["categories"].items()]
    out += [(f"{name} mean", d["mean"], d["lo"], d["hi"], d.get("n", 0)) for name, d in means]
    return out


def _num(x: float | None) -> str | float:
    return "" if x is None or not math.isfinite(x) else round(float(x), 6)


def summary_csv(arms: list[Arm]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["arm", "agents", "metric", "value", "low", "high", "n"])
    writer.writerows(summary_rows(arms))
    return buf.getvalue()


def report_html(
    ctx: Context, arms: list[Arm], blocks: list[tuple[str, str]], details: list[str], pngs: dict[str, bytes]
) -> str:
    """One self-contained page: the verdict, the details, and every figure embedded as PNG data."""
    title = html.escape(heading(ctx, arms, say("page.report")).replace("\n", " | "))
    body = [f"<h1>{title}</h1>"]
    for style, text in blocks:
        if style == "h":
            body.append(f"<h2>{html.escape(text)}</h2>")
        elif style == "p":
            body.append(f"<p>{html.escape(text.strip())}</p>")
    body.append("<h2>Details</h2><pre>" + html.escape("\n".join(details)) + "</pre>")
    for name, data in pngs.items():
        b64 = base64.b64encode(data).decode("ascii")
        body.append(
            f'<figure><img alt="{html.escape(name)}" src="data:image/png;base64,{b64}">'
            f"<figcaption>{html.escape(name)}</figcaption></figure>"
        )
    style = (
        "body{font-family:sans-serif;max-width:60em;margin:2em auto;line-height:1.4}"
        "img{max-width:100%}pre{font-size:80%;overflow-x:auto}"
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{spoken()}"><head><meta charset="utf-8"><title>{title}</title>'
        f"<style>{style}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n"
    )


def write_report(
    folder: Path,
    ctx: Context,
    arms: list[Arm],
    comparisons: dict[str, Any],
    config: dict[str, Any],
    verdict: Verdict,
    own_arms: list[Arm] | None = None,
) -> tuple[dict[str, Path], list[str]]:
    """Write report.pdf, report.html, figures/*.png, summary.json and summary.csv into `folder`.

    The game's own pages read `own_arms` (every arm by default). Returns the
    paths written and the lines of the verdict page.
    """
    folder.mkdir(parents=True, exist_ok=True)
    shown = arms if own_arms is None else own_arms
    extras = (ctx.extras(ctx, shown) if ctx.extras else None) or Extras()
    details = summary_lines(ctx, arms, comparisons) + extras.lines
    blocks = verdict_blocks(verdict, arms)
    if extras.verdict:
        own = [("gap", ""), ("h", say("page.own", title=ctx.title))]
        blocks[-1:-1] = own + [("p", "  - " + line) for line in extras.verdict]
    picture = picture_of(verdict, comparisons)
    pages = text_pages(ctx, arms, say("page.verdict"), blocks, picture)
    pages += text_pages(ctx, arms, say("page.details"), [("mono", line) for line in details])
    figures = {"changes": picture.figure(ctx, arms), **report_figures(ctx, arms, extras)}
    pages += text_pages(ctx, arms, say("page.definitions"), definition_blocks(ctx, arms, figures))
    written, pngs = _draw(folder, pages, figures, ctx.paper)
    written["html"] = folder / "report.html"
    write_text(written["html"], report_html(ctx, arms, blocks, details, pngs))
    written["csv"] = folder / "summary.csv"
    write_text(written["csv"], summary_csv(arms))
    written["summary"] = folder / "summary.json"
    summary = summary_dict(ctx, arms, comparisons, config, verdict, extras)
    write_text(written["summary"], json.dumps(_clean(summary), indent=2, sort_keys=False) + "\n")
    return written, [line for _, line in _wrapped(blocks)]


def report_figures(ctx: Context, arms: list[Arm], extras: Extras) -> dict[str, plt.Figure]:
    """The report's figures by name, in the order of its pages: the generic ones, then the game's own."""
    figures = {
        "seat_wins": figure_seat_wins(ctx, arms),
        "turn_order": figure_position_wins(ctx, arms),
        "scores": figure_scores(ctx, arms),
        "margins": figure_margins(ctx, arms),
        "metrics": figure_metrics(ctx, arms),
    }
    if ctx.categories:
        figures["categories"] = figure_categories(ctx, arms)
    if ctx.skill is not None:
        from simulate.report.skill_figures import figure_skill, figure_strength

        figures["skill"] = figure_skill(ctx, ctx.skill)
        if ctx.skill.strengths:
            figures["strength"] = figure_strength(ctx, ctx.skill)
    figures.update(extras.figures)
    return figures


# The report's own figures and the observer's per-game figures (which every game has), each with a doc
# (`doc.<name>` in `simulate.words`) for the definitions page; then the terms the verdict uses.
FIGURE_DOCS = (
    "changes",
    "seat_wins",
    "turn_order",
    "scores",
    "margins",
    "metrics",
    "categories",
    "skill",
    "strength",
)
GENERIC_DOCS = ("moves", "draw rate", "capped", "lead_changes", "decisive_at", "drama", "spread")
TERMS = ("decided", "first", "margin", "min_effect", "capped", "seed")


def metric_name(name: str) -> str:
    """A game figure's name as a heading: the observer's in words, an engine's by its name in the language."""
    return say(f"metric.{name}") if name in GENERIC_DOCS else display_name(name)


def figure_name(name: str) -> str:
    """A figure's name on the definitions page: the report's own in words, a game's by its name in the
    language."""
    return say(f"figname.{name}") if name in FIGURE_DOCS else display_name(name)


def definition_blocks(ctx: Context, arms: list[Arm], figures: dict[str, plt.Figure]) -> list[tuple[str, str]]:
    """Every figure the report prints and every game figure on its metrics page, each with its doc."""
    blocks: list[tuple[str, str]] = [("h", say("def.terms"))]
    blocks += [("p", "  - " + say(f"term.{t}")) for t in TERMS]
    blocks += [("gap", ""), ("h", say("def.figures"))]
    docs = {**{name: say(f"doc.{name}") for name in FIGURE_DOCS}, **ctx.figure_docs}
    blocks += [
        ("p", "  - " + say("def.item", name=figure_name(name), doc=docs.get(name, ""))) for name in figures
    ]
    blocks += [("gap", ""), ("h", say("def.metrics"))]
    shown = [
        m for m in GENERIC_DOCS if any(m in a.summary["generic"] for a in arms) or m in ("moves", "draw rate")
    ]
    shown += ["capped"] if any(a.summary["capped"]["k"] for a in arms) else []
    docs = {**{name: say(f"doc.{name}") for name in GENERIC_DOCS}, **ctx.metric_docs}
    names = list(dict.fromkeys(shown + list(ctx.metric_names)))
    blocks += [
        ("p", "  - " + say("def.item", name=metric_name(name), doc=docs.get(name, ""))) for name in names
    ]
    return blocks


def _settle(fig: plt.Figure) -> None:
    """Lay a figure out once and keep that layout: a constrained layout (the metrics and skill figures')
    would lay out anew at every draw, at the drawing's resolution, so the PDF page would depend on
    what was drawn before it. Laid out as a drawing at the figure's own resolution does it, without
    drawing its artists. The engine is then dropped rather than set to "none": matplotlib draws a figure
    that has one (even "none"'s placeholder) twice to save it, once unseen to let it lay out."""
    engine = fig.get_layout_engine()
    if engine is not None:
        if fig.axes:  # as `Figure.draw` does
            engine.execute(fig)
        fig.set_layout_engine(None)  # no engine, as rc figure.autolayout and constrained_layout.use are off


# The resolution of the verdict page's PNG and of every figure's (their pages' sizes are the figures')
VERDICT_DPI = 80
FIGURE_DPI = 100


def _draw(
    folder: Path, pages: list[plt.Figure], figures: dict[str, plt.Figure], paper: str = "a4"
) -> tuple[dict[str, Path], dict[str, bytes]]:
    """Draw the pages and figures into report.pdf, once, and the figures (and the verdict page) as PNGs
    rasterised from that drawing (`simulate.report.raster`), then close them; return the paths written
    and every figure's PNG for the HTML page."""
    figdir = folder / "figures"
    figdir.mkdir(exist_ok=True)
    written = {"pdf": folder / "report.pdf", "verdict": figdir / "verdict.png"}
    written.update({name: figdir / f"{name}.png" for name in figures})
    stamp = {"CreationDate": None, "ModDate": None, "Creator": "simulate"}
    paged = [name for name in figures if name not in PAGE_ONE]  # a page each after the text pages
    drawn = io.BytesIO()
    with PdfPages(drawn, metadata=stamp) as pdf:
        for fig in [*pages, *(figures[name] for name in paged)]:
            _settle(fig)
            with standard_fonts(fig):
                pdf.savefig(fig)
    write_bytes(written["pdf"], fit_pages(drawn.getvalue(), paper))
    first = len(pages)
    # the verdict page holds page 1's figures (the changes' picture): in colour
    shown = {0: (VERDICT_DPI, not any(name in figures for name in PAGE_ONE))}
    shown |= {first + k: (FIGURE_DPI, False) for k in range(len(paged))}
    shots = page_pngs(drawn.getvalue(), shown)
    write_bytes(written["verdict"], shots[0])
    pngs = {}
    for name, fig in figures.items():
        if name in paged:
            pngs[name] = shots[first + paged.index(name)]
        else:  # drawn on page 1 among its text: a PNG of its own, drawn once more
            _settle(fig)
            buf = io.BytesIO()
            fig.savefig(buf, format="png", dpi=FIGURE_DPI, metadata={"Software": None})
            pngs[name] = buf.getvalue()
        write_bytes(written[name], pngs[name])
    for fig in [*pages, *figures.values()]:
        plt.close(fig)
    return written, pngs


def summary_dict(
    ctx: Context,
    arms: list[Arm],
    comparisons: dict[str, Any],
    config: dict[str, Any],
    verdict: Verdict,
    extras: Extras,
) -> dict[str, Any]:
    """What summary.json holds: the settings, each arm's summary, the comparisons and the verdict."""
    return {
        "game": ctx.game,
        "title": ctx.title,
        "config": config,
        "arms": {a.label: {"players": a.players, "agents": list(a.agents), **a.summary} for a in arms},
        "comparisons": comparisons,
        "verdict": [
            [title, [[name, [f.text for f in fs]] for name, fs in groups]]
            for title, groups in verdict.sections
        ],
        "bottom_line": verdict.bottom,
        "skill": verdict.skill,
        "strength": verdict.strength,
        "holds_under_both": verdict.both,
        "method": verdict.note,
        **({"game_specific": extras.summary} if extras.summary else {}),
    }


def _clean(obj: Any) -> Any:
    """JSON has no NaN and no numpy types: write plain numbers and null."""
    if isinstance(obj, (float, np.floating)):
        return float(obj) if math.isfinite(obj) else None
    if isinstance(obj, np.integer):
        return int(obj)
    if isinstance(obj, np.bool_):
        return bool(obj)
    if isinstance(obj, dict):
        return {k: _clean(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_clean(v) for v in obj]
    return obj
