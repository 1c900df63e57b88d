"""What a ladder writes: a Markdown table of ratings and win shares, and one figure of both."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.atomic import atomic_path, write_text
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
    """Ratings (Elo, 95% interval) sorted best first, then each agent's share against each other agent."""
    names = summary["agents"]
    r = summary["ratings"]
    order = sorted(range(len(names)), key=lambda i: -r["rating"][i])
    lines = [
        heading(summary),
        "",
        say("ladder.columns"),
        "| --- | ---: | --- |",
    ]
    lines += [
        f"| {names[i]} | {r['rating'][i]:+.0f} | {r['lo'][i]:+.0f} .. {r['hi'][i]:+.0f} |" for i in order
    ]
    lines += [
        "",
        say("ladder.matrix"),
        "",
        "| | " + " | ".join(names[j] for j in order) + " |",
        "| --- |" + " --- |" * len(order),
    ]
    matrix = summary["win_matrix"]
    for i in order:
        cells = []
        for j in order:
            cell = matrix[i][j]
            cells.append("" if cell is None else f"{cell['p']:.2f} ({cell['lo']:.2f}-{cell['hi']:.2f})")
        lines.append(f"| {names[i]} | " + " | ".join(cells) + " |")
    return lines


def ladder_figure(summary: dict[str, Any]) -> plt.Figure:
    """Ratings with their intervals beside the win-share matrix."""
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
    top = order[::-1]
    matrix = summary["win_matrix"]
    shares = [[matrix[i][j]["p"] if matrix[i][j] else float("nan") for j in top] for i in top]
    right.imshow(shares, vmin=0, vmax=1, cmap="RdBu")
    for a, i in enumerate(top):
        for b, j in enumerate(top):
            cell = matrix[i][j]
            if cell:
                text = f"{cell['p']:.2f}\n{cell['lo']:.2f}-{cell['hi']:.2f}"
                # the colour map's ends are dark: write in white there
                ink = "white" if abs(cell["p"] - 0.5) > 0.3 else "black"
                right.text(b, a, text, ha="center", va="center", fontsize=8, color=ink)
    right.set_xticks(range(k), [names[j] for j in top], rotation=20)
    right.set_yticks(range(k), [names[i] for i in top])
    right.set_title(say("ladder.cells"), fontsize=9)
    fig.suptitle(heading(summary), fontsize=10)
    fig.tight_layout()
    return fig


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
