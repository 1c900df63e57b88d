"""What a ladder writes: a Markdown table of ratings, pairs and shares, and one figure of ratings and shares.

Ratings are Davidson's, with draws in the model; each pair's record is read
on its decided games (the sign test), its draws beside it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.atomic import atomic_path, write_text
from simulate.analysis.stats import fmt_p
from simulate.analysis.verdict import pct
from simulate.report.plotting import plt
from simulate.words import say


def heading(summary: dict[str, Any]) -> str:
    filler = say("ladder.filler", filler=summary["filler"]) if summary["filler"] else ""
    return say(
        "ladder.heading",
        title=summary["title"],
        variant=summary["variant"],
        players=summary["players"],
        filler=filler,
        games=summary["games_per_pair"],
        seed=summary["seed"],
    )


def table_lines(summary: dict[str, Any]) -> list[str]:
    """Ratings (Elo, 95% interval) best first and what the model says of draws, then each pair's record
    with its sign test, then each agent's share of decided games against each other agent."""
    names = summary["agents"]
    r = summary["ratings"]
    order = sorted(range(len(names)), key=lambda i: -r["rating"][i])
    lines = [heading(summary), "", say("ladder.columns"), "| --- | ---: | --- |"]
    lines += [
        f"| {names[i]} | {r['rating'][i]:+.0f} | {r['lo'][i]:+.0f} .. {r['hi'][i]:+.0f} |" for i in order
    ]
    lines += ["", say("ladder.model", draws=pct(r["equal_draws"])), ""]
    lines += [say("ladder.pairs"), "", say("ladder.pair_columns"), "| --- |" + " ---: |" * 5 + " --- |"]
    matrix = summary["win_matrix"]
    for x, i in enumerate(order):
        for j in order[x + 1 :]:
            lines.append(pair_row(names[i], names[j], matrix[i][j]))
    lines += ["", say("ladder.matrix"), ""]
    lines += ["| | " + " | ".join(names[j] for j in order) + " |", "| --- |" + " --- |" * len(order)]
    for i in order:
        cells = ["" if matrix[i][j] is None else cell_text(matrix[i][j]) for j in order]
        lines.append(f"| {names[i]} | " + " | ".join(cells) + " |")
    return lines


def pair_row(a: str, b: str, t: dict[str, Any]) -> str:
    """One pair's row: `a` against `b`, its won, lost and drawn games, its share of the decided ones and the
    sign test's p, and what they show."""
    if not t["decided"]:
        share, p, said = "", "", say("ladder.none_decided")
    else:
        share = f"{t['share']:.2f} ({t['lo']:.2f}-{t['hi']:.2f})"
        p = fmt_p(t["p"]).removeprefix("p ").removeprefix("= ")  # under the column's own p: "0.02", "< 1e-10"
        said = say(
            "ladder.stronger" if t["stronger"] else "ladder.weaker" if t["weaker"] else "ladder.not_shown"
        )
    drawn = f"{t['draws']['k']:,} ({pct(t['draws']['p'])})"
    pair = say("ladder.pair", a=a, b=b)
    return f"| {pair} | {t['wins_b']:,} | {t['wins_a']:,} | {drawn} | {share} | {p} | {said} |"


def cell_text(t: dict[str, Any]) -> str:
    """A cell of the matrix: the row agent's share of decided games (interval), and the share drawn."""
    drawn = pct(t["draws"]["p"])
    if not t["decided"]:
        return say("ladder.cell_none", drawn=drawn)
    return say(
        "ladder.cell", share=f"{t['share']:.2f}", lo=f"{t['lo']:.2f}", hi=f"{t['hi']:.2f}", drawn=drawn
    )


def ladder_figure(summary: dict[str, Any]) -> plt.Figure:
    """Ratings with their intervals beside the matrix of shares of decided games (draws written in)."""
    names = summary["agents"]
    k = len(names)
    r = summary["ratings"]
    order = sorted(range(k), key=lambda i: r["rating"][i])
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 0.6 * k + 3), gridspec_kw={"width_ratios": [1, 1.3]})
    y = list(range(k))
    ratings = [r["rating"][i] for i in order]
    errors = [[r["rating"][i] - r["lo"][i] for i in order], [r["hi"][i] - r["rating"][i] for i in order]]
    left.errorbar(ratings, y, xerr=errors, fmt="o", color="#1f4e79", capsize=4)
    left.set_yticks(y, [names[i] for i in order])
    left.axvline(0, color="#999999", lw=0.8)
    left.set_xlabel(say("ladder.axis"))
    left.set_title(say("ladder.model_short", draws=pct(r["equal_draws"])), fontsize=9)
    top = order[::-1]
    matrix = summary["win_matrix"]
    shown = [[_shown(matrix[i][j]) for j in top] for i in top]
    right.imshow(shown, vmin=0, vmax=1, cmap="RdBu")
    for a, i in enumerate(top):
        for b, j in enumerate(top):
            cell = matrix[i][j]
            if cell is None:
                continue
            drawn = say("ladder.fig_drawn", drawn=pct(cell["draws"]["p"]))
            if cell["decided"]:
                text = f"{cell['share']:.2f}\n{cell['lo']:.2f}-{cell['hi']:.2f}\n{drawn}"
            else:
                text = say("ladder.fig_none") + "\n" + drawn
            # the colour map's ends are dark: write in white there
            ink = "white" if abs(shown[a][b] - 0.5) > 0.3 else "black"
            right.text(b, a, text, ha="center", va="center", fontsize=8, color=ink)
    right.set_xticks(range(k), [names[j] for j in top], rotation=20)
    right.set_yticks(range(k), [names[i] for i in top])
    right.set_title(say("ladder.cells"), fontsize=9)
    fig.suptitle(heading(summary), fontsize=10)
    fig.tight_layout()
    return fig


def _shown(cell: dict[str, Any] | None) -> float:
    """The colour of a cell: how far from an even share the row agent's share of decided games is shown
    to be, the end of its interval nearest one half (one half where the interval holds it, or no game
    was decided), so that a share of a handful of games is not painted as a rout."""
    if not cell or not cell["decided"] or cell["lo"] <= 0.5 <= cell["hi"]:
        return 0.5
    return cell["lo"] if cell["lo"] > 0.5 else cell["hi"]


def write_ladder_outputs(folder: Path, summary: dict[str, Any]) -> dict[str, Path]:
    """ladder.md and ladder.png in `folder`, each written whole or not at all."""
    folder.mkdir(parents=True, exist_ok=True)
    table = folder / "ladder.md"
    write_text(table, "\n".join(table_lines(summary)) + "\n")
    png = folder / "ladder.png"
    fig = ladder_figure(summary)
    with atomic_path(png) as tmp:
        fig.savefig(tmp, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return {"table": table, "figure": png}
