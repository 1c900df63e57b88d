"""Sweep a grid of rule values: play every combination and tabulate its balance figures, one row each.

`simulate sweep GAME --grid KEY=V1,V2 [--grid ...]` runs the Cartesian product
of the grid's values as arms (for five rules of two values each, 2^5 = 32
arms); with no `--grid`, the data file's `[game] sweep` list is the
grid. Every arm is an ordinary run (`runner.run_all_to_csv`, all of them on one set
of workers; seeds, resuming and `--jobs` behave as in `simulate run`) summarised
by `stats.summarize`. Written
into `OUT/<game>/sweep-<keys>/`:

- `sweep.csv`: one row per combination, numbers only: mean score and its
  spread (standard deviation, mean winning margin), win rates per seat and per
  turn position with their Wilson intervals, first-player advantage, draws, and
  the mean points each category brings a player;
- `sweep.md`: the same table for reading;
- `sweep.png`: where the points come from, how often the first mover wins, and
  how close games are, one line per combination;
- `sweep.md` ends with which factor matters (`simulate.analysis.effects`): the main
  effect of each factor on the first mover's share, the margin and the score,
  with intervals, and the largest interaction; `effects.png` draws the main effects.
"""

from __future__ import annotations

import csv
import io
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from printkit.atomic import atomic_path, write_text
from printkit.datafile import gamedata
from printkit.datafile.gamedata import GameData, Rules
from printkit.errors import DataError
from printkit.filenames import safe_part
from simulate.agents import parse_agents
from simulate.analysis.balance import summarize
from simulate.analysis.effects import OUTCOMES, Design, analysis_markdown, main_effects
from simulate.analysis.tally import ArmTally
from simulate.commands.arms import (
    agents_name,
    arm_run,
    check_precision,
    play_arms,
    play_to_precision,
)
from simulate.commands.options import PlayOptions
from simulate.commands.runs import load_for_run, slug
from simulate.engines import make_game
from simulate.play.progress import Progress
from simulate.play.runner import folder_lock
from simulate.report.plotting import plt
from simulate.words import display_name, naming, say, spoken


@dataclass(frozen=True)
class Axis:
    """One `--grid` entry: a rule key and the values it takes."""

    key: str
    values: tuple[str, ...]

    @property
    def short(self) -> str:
        """The key's last part, for headings (`sides.comets` -> `comets`)."""
        return self.key.rsplit(".", 1)[-1]


@dataclass
class Row:
    """One combination's arm: its values, players, agents and summary."""

    values: tuple[str, ...]
    label: str
    players: int
    agents: tuple[str, ...]
    summary: dict[str, Any]


def parse_grid(specs: Sequence[str], origin: str = "--grid") -> list[Axis]:
    """`KEY=V1,V2` strings as axes (`printkit.datafile.gamedata.parse_grid`)."""
    return [Axis(key, values) for key, values in gamedata.parse_grid(specs, origin)]


def grid_of(data: GameData, specs: Sequence[str]) -> list[Axis]:
    """The `--grid` axes, or the data file's `[game] sweep` list when none is given."""
    if specs:
        return parse_grid(specs)
    default = data.game.get("sweep")
    if not default:
        raise DataError(f"{data.where()}: game.sweep: no default grid; give one or more --grid KEY=V1,V2")
    if not isinstance(default, list) or not all(isinstance(s, str) for s in default):
        raise DataError(
            f'{data.where()}: game.sweep: expected a list of "KEY=V1,V2" strings, got {default!r}'
        )
    return parse_grid(default, origin=f"{data.where()}: game.sweep")


@dataclass
class SweepPlan:
    """What a sweep plays: the data, the grid, and each combination's values, rules, engine and agents."""

    data: GameData
    axes: list[Axis]
    arms: list[tuple[tuple[str, ...], Rules, Any, tuple[str, ...]]]
    folder: Path


def run_sweep(game: str, grid: Sequence[str], variant: str, options: PlayOptions) -> dict[str, Path]:
    """Play every combination of the grid and write the sweep's table and figures; return their paths.

    A sweep plays under one agent set: `options.agents` holds one spec.
    """
    plan = plan_sweep(game, grid, variant, options)
    with folder_lock(plan.folder):
        games, rows = _play_sweep(plan, options)
        engine = plan.arms[0][2]
        with naming(engine.names_ja, engine.names_en):  # the game's own names, in the report's language
            return write_sweep(plan, rows, games, options.seed)


def plan_sweep(game: str, grid: Sequence[str], variant: str, options: PlayOptions) -> SweepPlan:
    """Every combination's rules, engine and agents (checked before any game is played) and the folder."""
    (agents,) = options.agents
    data = load_for_run(game, options.games, options.jobs)
    axes = grid_of(data, grid)
    gamedata.check_grid(
        data, [(a.key, a.values) for a in axes], "--grid" if grid else f"{data.where()}: game.sweep"
    )
    options.check_total(math.prod(len(a.values) for a in axes))
    base = [p for p in variant.split("+") if p and not (p == "default" and "default" not in data.variants)]
    arms = []
    for combo in itertools.product(*(a.values for a in axes)):
        parts = base + [f"{a.key}={v}" for a, v in zip(axes, combo, strict=True)]
        rules = data.resolve(parts, options.sets, options.players)
        engine = make_game(rules)  # engine-level checks of every arm before any game is played
        arms.append((combo, rules, engine, parse_agents(agents, data.engine, rules.players)))
    check_precision(options, [arm[2] for arm in arms])
    folder = options.out / slug(data.name) / ("sweep-" + "-".join(a.short for a in axes))
    named = [p for p in base if p != "default"]
    if named:
        folder = folder.with_name(folder.name + "+" + slug("+".join(named)))
    if options.sets:
        folder = folder.with_name(folder.name + "+" + slug("+".join(options.sets)))
    folder = folder.with_name(safe_part(folder.name + f".{slug(agents_name(arms[0][3]))}.seed{options.seed}"))
    return SweepPlan(data, axes, arms, folder)


def _play_sweep(plan: SweepPlan, options: PlayOptions) -> tuple[int, list[Row]]:
    """Play (or resume) every combination, to `--precision` if asked; the games per arm and one row each."""
    label = f"{plan.data.title}: sweep of {len(plan.arms)} combinations x {options.games} games"
    with Progress(options.games * len(plan.arms), label, options.quiet) as progress:

        def play(n: int, fresh: bool) -> list[ArmTally]:
            # every combination on one set of workers: none waits for the last chunks of the one before
            arms = [
                arm_run(
                    plan.data,
                    rules,
                    names,
                    n,
                    options.seed,
                    plan.folder / "arms" / _arm_dir(plan.axes, combo),
                    max_moves=options.max_moves,
                )
                for combo, rules, _, names in plan.arms
            ]
            return play_arms(arms, options.jobs, fresh, progress.update, options.repair)

        games, tallies = play_to_precision(play, options, progress)
    rows = [
        Row(
            tuple(combo),
            rules.label,
            rules.players,
            names,
            summarize(tally, engine.shown_metrics(), engine.categories),
        )
        for (combo, rules, engine, names), tally in zip(plan.arms, tallies, strict=True)
    ]
    return games, rows


def write_sweep(plan: SweepPlan, rows: list[Row], games: int, seed: int) -> dict[str, Path]:
    """`sweep.csv`, `sweep.md` (with which factor matters), `sweep.png` and `effects.png`; their paths."""
    axes, categories = plan.axes, plan.arms[0][2].categories
    heading = _heading(plan.data.localized(spoken()).title, axes, rows, games, seed)
    written = {
        "csv": plan.folder / "sweep.csv",
        "markdown": plan.folder / "sweep.md",
        "figure": plan.folder / "sweep.png",
        "effects": plan.folder / "effects.png",
    }
    design = Design(
        [a.key for a in axes],
        [a.values for a in axes],
        [r.values for r in rows],
        [r.summary for r in rows],
    )
    write_text(written["csv"], table_csv(axes, rows, categories))
    markdown = table_markdown(heading, axes, rows, categories) + "\n" + "\n".join(analysis_markdown(design))
    write_text(written["markdown"], markdown)
    for name, fig in (
        ("figure", figure(heading, axes, rows, categories)),
        ("effects", effects_figure(heading, design)),
    ):
        with atomic_path(written[name]) as tmp:
            fig.savefig(tmp, format="png", dpi=100, metadata={"Software": None})
        plt.close(fig)
    return written


def effects_figure(heading: str, design: Design) -> plt.Figure:
    """Main effects of each factor on each outcome, with 95% intervals, one panel per outcome."""
    fig, axes = plt.subplots(
        1,
        len(OUTCOMES),
        figsize=(13, 2.2 + 0.35 * sum(len(v) - 1 for v in design.values)),
        sharey=True,
        layout="constrained",
    )
    for ax, (name, outcome) in zip(axes, OUTCOMES.items(), strict=True):
        effects = main_effects(design, outcome)
        scale = 100 if name.startswith("first-mover") else 1
        y = np.arange(len(effects))[::-1]
        x = np.array([e["effect"] for e in effects]) * scale
        err = (
            np.array([[e["effect"] - e["lo"] for e in effects], [e["hi"] - e["effect"] for e in effects]])
            * scale
        )
        ax.errorbar(x, y, xerr=err, fmt="o", capsize=3, color="#0067a5")
        ax.axvline(0, color="k", linewidth=0.6)
        ax.set_yticks(y)
        ax.set_yticklabels(
            [f"{e['factor'].rsplit('.', 1)[-1]}: {e['from']} -> {e['to']}" for e in effects], fontsize=8
        )
        ax.set_xlabel(
            say(f"sweep.outcome.{name}") + (say("sweep.points_of_pct") if scale == 100 else ""), fontsize=8
        )
        ax.grid(axis="x", linewidth=0.3)
    # constrained layout keeps the two-line heading on the figure (tight_layout cut it off)
    first, second = heading.split("\n")
    fig.suptitle(say("sweep.effects", heading=first) + "\n" + second, fontsize=9)
    return fig


def _arm_dir(axes: list[Axis], combo: Sequence[str]) -> str:
    return slug("+".join(f"{a.short}={v}" for a, v in zip(axes, combo, strict=True)))


def _heading(title: str, axes: list[Axis], rows: list[Row], games: int, seed: int) -> str:
    agents = sorted({",".join(r.agents) if len(set(r.agents)) > 1 else r.agents[0] for r in rows})
    players = "/".join(sorted({str(r.players) for r in rows}))
    keys = say("sweep.times").join(say("sweep.key", rule=a.key, values="/".join(a.values)) for a in axes)
    return say(
        "sweep.heading",
        title=title,
        n=len(rows),
        keys=keys,
        players=players,
        agents="; ".join(agents),
        games=games,
        seed=seed,
    )


def _seats(rows: list[Row]) -> int:
    return max(r.players for r in rows)


def table_csv(axes: list[Axis], rows: list[Row], categories: Sequence[str]) -> str:
    """One row per combination, numbers only; rates with their 95% Wilson bounds."""
    seats = _seats(rows)
    header = [a.key for a in axes] + ["players", "games", "mean_score", "score_sd", "mean_margin"]
    header += ["first_player_advantage", "largest_seat_gap", "draw_rate"]
    for kind in ("seat", "position"):
        for s in range(seats):
            header += [f"{kind}{s + 1}_win", f"{kind}{s + 1}_lo", f"{kind}{s + 1}_hi"]
    header += [f"points_{c}" for c in categories]
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(header)
    for r in rows:
        s = r.summary
        line: list[Any] = list(r.values) + [r.players, s["games"]]
        line += [_num(s["score_all"]["mean"]), _num(s["score_all"]["sd"]), _num(s["margin"]["mean"])]
        line += [_num(s["first_player_advantage"]), _num(s["largest_seat_gap"]), _num(s["draws"]["p"])]
        for key in ("side_wins", "position_wins"):
            rates = s[key]
            for k in range(seats):
                line += [_num(rates[k][f]) for f in ("p", "lo", "hi")] if k < len(rates) else ["", "", ""]
        line += [_num(s["categories"][c]["mean"]) for c in categories]
        writer.writerow(line)
    return buf.getvalue()


def _num(x: float) -> float | str:
    return "" if x is None or not math.isfinite(x) else round(float(x), 4)


def _rate(r: dict[str, float]) -> str:
    return f"{100 * r['p']:.0f}% ({100 * r['lo']:.0f}-{100 * r['hi']:.0f})"


def table_markdown(heading: str, axes: list[Axis], rows: list[Row], categories: Sequence[str]) -> str:
    """The sweep table for reading: rates as `percent (95% Wilson interval)`."""
    seats = _seats(rows)
    title, _, sub = heading.partition("\n")
    lines = [f"# {title}", "", sub, ""]
    lines.append(say("sweep.legend"))
    lines.append("")
    lines += rank_note(rows)
    columns = ("players", "score", "margin", "moved_first", "advantage", "seat_gap")
    header = [a.short for a in axes] + [say(f"sweep.col.{c}") for c in columns]
    header += [say("sweep.col.seat", n=s + 1) for s in range(seats)]
    header += [say("sweep.col.position", n=s + 1) for s in range(1, seats)]
    header += [display_name(c) for c in categories]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "|".join("---" for _ in header) + "|")
    for r in rows:
        s = r.summary
        cells = list(r.values) + [str(r.players)]
        cells += [f"{s['score_all']['mean']:.1f} ± {s['score_all']['sd']:.1f}", f"{s['margin']['mean']:.1f}"]
        cells += [_rate(s["position_wins"][0]), f"{s['first_player_advantage']:+.3f}"]
        cells += [f"{s['largest_seat_gap']:.3f}"]
        cells += [_rate(s["side_wins"][k]) if k < r.players else "" for k in range(seats)]
        cells += [_rate(s["position_wins"][k]) if k < r.players else "" for k in range(1, seats)]
        cells += [f"{s['categories'][c]['mean']:.1f}" for c in categories]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def rank_note(rows: list[Row]) -> list[str]:
    """A line saying whether these games can rank the rows by the first mover's distance from fair.

    Rows are ranked by that distance; where the interval of the closest row
    overlaps those of others, the games cannot tell them apart, and the line
    says how many games a row would resolve a 2-point difference.
    """
    from simulate.analysis.stats import distance_from, games_to_settle_rates

    rated = sorted(
        (
            (distance_from(r.summary["position_wins"][0], r.summary["fair_share"]), r)
            for r in rows
            if r.summary["decided"]
        ),
        key=lambda item: item[0]["d"],
    )
    if len(rated) < 2:
        return []
    best, best_row = rated[0]
    tied = [r for d, r in rated[1:] if d["lo"] <= best["hi"]]
    first = best_row.summary["position_wins"][0]
    half = 100 * max(first["p"] - first["lo"], first["hi"] - first["p"])
    decided = best_row.summary["decided"] / max(best_row.summary["games"], 1)
    need = games_to_settle_rates(first["p"], 0.02, decided)
    closest = " ".join(best_row.values)
    if not tied:
        return [say("sweep.rank.apart", closest=closest), ""]
    fields = {"games": f"{best_row.summary['games']:,}", "half": f"{half:.0f}", "need": f"{need:,}"}
    return [
        say("sweep.rank.tied", tied=len(tied), others=len(rated) - 1, closest=closest, **fields),
        "",
    ]


def figure(heading: str, axes: list[Axis], rows: list[Row], categories: Sequence[str]) -> plt.Figure:
    """Three panels, one line per combination: points by category, first-mover wins, margins."""
    n = len(rows)
    fig, (ax_pts, ax_first, ax_margin) = plt.subplots(
        1, 3, figsize=(15, 1.6 + 0.28 * n), sharey=True, gridspec_kw={"width_ratios": [3, 1.3, 1.3]}
    )
    y = np.arange(n)[::-1]
    left = np.zeros(n)
    negative = np.zeros(n)
    for j, cat in enumerate(categories):
        width = np.array([r.summary["categories"][cat]["mean"] for r in rows])
        start = np.where(width >= 0, left, negative + width)
        ax_pts.barh(
            y,
            np.abs(width),
            left=start,
            height=0.8,
            label=display_name(cat),
            color=plt.get_cmap("tab10")(j),
        )
        left = left + np.clip(width, 0, None)
        negative = negative + np.clip(width, None, 0)
    ax_pts.axvline(0, color="k", linewidth=0.6)
    ax_pts.set_yticks(y)
    ax_pts.set_yticklabels([" ".join(r.values) for r in rows], fontsize=7, family="monospace")
    ax_pts.set_ylabel(" ".join(a.short for a in axes), fontsize=8)
    ax_pts.set_xlabel(say("sweep.points"))
    ax_pts.legend(fontsize=7, ncol=4, loc="lower center", bbox_to_anchor=(0.5, 1.0))
    first = [r.summary["position_wins"][0] for r in rows]
    p = np.array([f["p"] for f in first])
    err = np.array([[f["p"] - f["lo"] for f in first], [f["hi"] - f["p"] for f in first]])
    ax_first.errorbar(p, y, xerr=err, fmt="o", markersize=3, capsize=2, color="#1b6ca8")
    for players in sorted({r.players for r in rows}):
        ax_first.axvline(1 / players, color="k", linestyle="dotted", linewidth=0.8)
    ax_first.set_xlabel(say("sweep.first"))
    margin = [r.summary["margin"] for r in rows]
    m = np.array([d["mean"] for d in margin])
    merr = np.array([[d["mean"] - d["lo"] for d in margin], [d["hi"] - d["mean"] for d in margin]])
    ax_margin.errorbar(
        m, y, xerr=merr, fmt="o", markersize=3, capsize=2, color="#d7263d", label=say("sweep.margin")
    )
    sd = np.array([r.summary["score_all"]["sd"] for r in rows])
    ax_margin.plot(sd, y, "x", color="#555555", markersize=4, label=say("sweep.sd"))
    ax_margin.set_xlabel(say("sweep.margin_axis"))
    ax_margin.legend(fontsize=7)
    for ax in (ax_pts, ax_first, ax_margin):
        ax.grid(axis="x", linewidth=0.3)
        ax.set_ylim(-0.7, n - 0.3)
    fig.suptitle(heading, fontsize=9)
    fig.tight_layout()
    return fig
