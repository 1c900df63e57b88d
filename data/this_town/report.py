"""This Town's own part of a balance report: towns, relocations, NPC points and tie-breaks per arm.

Every figure is pooled over all the games of an arm from the engine's metric
columns (sums, through `Arm.total`): towns completed per game; their size in
tiles and brands and their points (per town: column sum over towns); the
share of towns that score anything and that hold 3 colours or more (Wilson
intervals, each town one trial); relocations, declined relocations and chains
per game; the NPCs' share of all points at 2 and 3 players; how often the top
is tied and how often the tie-break settles it. These answer the rules spec's
questions for each arm (rotation or not, connected or loose relocation, 2, 3
or 4 players, the draft tiles) side by side.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from simulate.analysis import stats
from simulate.analysis.arm import Arm
from simulate.report.context import Context, Extras, colour, heading
from simulate.report.plotting import plt


def _games(arm: Arm) -> int:
    return int(arm.summary["games"])


def town_figures(arm: Arm) -> dict[str, Any]:
    """The arm's town, relocation, NPC and tie figures (see the module docstring)."""
    games = _games(arm)
    towns = arm.total("towns")
    points = sum(arm.total(f"score_{s + 1}") for s in range(arm.players))
    npc = arm.total("npc_points")
    ties = arm.total("tie")

    def per(total: float, n: float) -> float:
        return total / n if n else math.nan

    return {
        "games": games,
        "towns_per_game": per(towns, games),
        "tiles_per_town": per(arm.total("town_tiles"), towns),
        "brands_per_town": per(arm.total("town_brands"), towns),
        "points_per_town": per(arm.total("town_points"), towns),
        "scoring_towns": stats.wilson(arm.total("towns_scoring"), towns),
        "towns_3colours": stats.wilson(arm.total("towns_3colours"), towns),
        "open_brands_per_game": per(arm.total("open_brands"), games),
        "relocations_per_game": per(arm.total("relocations"), games),
        "declined_per_game": per(arm.total("relocations_declined"), games),
        "chains_per_game": per(arm.total("chains"), games),
        "npc_share": stats.wilson(npc, npc + points) if arm.players < 4 else None,
        "ties": stats.wilson(ties, games),
        "tie_decided": stats.wilson(arm.total("tie_decided"), ties),
    }


def _rate(r: dict[str, float] | None) -> str:
    if r is None:
        return "none (no NPC colours)"
    if not r["n"]:
        return "n/a (none to count)"
    return f"{r['p']:.1%} [{r['lo']:.1%}, {r['hi']:.1%}]"


def lines_for(arms: list[Arm], figures: list[dict[str, Any]]) -> list[str]:
    lines = ["", "Towns (pooled over every game of an arm; 95% Wilson intervals, each town one trial):"]
    for arm, f in zip(arms, figures, strict=True):
        lines += [
            f"{arm.label}: {f['towns_per_game']:.2f} towns completed per game, "
            f"{f['tiles_per_town']:.2f} tiles and {f['brands_per_town']:.2f} brands each, "
            f"{f['points_per_town']:.2f} points each",
            f"  towns that score {_rate(f['scoring_towns'])}; with 3+ colours {_rate(f['towns_3colours'])}; "
            f"brands left in open towns {f['open_brands_per_game']:.1f} per game",
            f"  relocations {f['relocations_per_game']:.2f} per game "
            f"(declined {f['declined_per_game']:.2f}), chains {f['chains_per_game']:.3f} per game",
            f"  NPC share of points {_rate(f['npc_share'])}; top tied in {_rate(f['ties'])} of games, "
            f"the tie-break decides {_rate(f['tie_decided'])} of those",
        ]
    return lines


def verdict_for(arms: list[Arm], figures: list[dict[str, Any]]) -> list[str]:
    """One sentence per arm in plain words, for the verdict page."""
    out = []
    for arm, f in zip(arms, figures, strict=True):
        npc = "" if f["npc_share"] is None else f" NPCs took {f['npc_share']['p']:.0%} of all points."
        decided = f["tie_decided"]
        tie = f"{f['ties']['p']:.0%} of games end level at the top"
        tie += f" and the tie-break settles {decided['p']:.0%} of those." if decided["n"] else "."
        out.append(
            f"{arm.label}: {f['towns_per_game']:.1f} towns completed per game "
            f"({f['tiles_per_town']:.1f} tiles, {f['brands_per_town']:.1f} brands each); "
            f"{f['scoring_towns']['p']:.0%} of them score. Silver bars give {f['relocations_per_game']:.2f} "
            f"relocations per game, {f['chains_per_game']:.3f} chains. {tie}{npc}"
        )
    return out


def figure_towns(ctx: Context, arms: list[Arm], figures: list[dict[str, Any]]) -> plt.Figure:
    """Towns per game, their share that scores and holds 3+ colours, relocations and ties, per arm."""
    fig, axes = plt.subplots(1, 4, figsize=(13, 4.5))
    x = np.arange(len(arms))
    labels = [a.label for a in arms]
    panels = (
        ("towns completed per game", [f["towns_per_game"] for f in figures], None),
        ("share of towns that score", [f["scoring_towns"] for f in figures], "rate"),
        ("relocations per game (dark: chains)", [f["relocations_per_game"] for f in figures], None),
        ("games tied at the top (dark: settled by the tie-break)", [f["ties"] for f in figures], "rate"),
    )
    for ax, (title, values, kind) in zip(axes, panels, strict=True):
        for i, value in enumerate(values):
            if kind == "rate":
                err = [[max(0.0, value["p"] - value["lo"])], [max(0.0, value["hi"] - value["p"])]]
                ax.bar(i, value["p"], yerr=err, capsize=3, color=colour(i))
            else:
                ax.bar(i, value, color=colour(i))
        ax.set_xticks(x)
        ax.set_xticklabels(labels, fontsize=7, rotation=15)
        ax.set_title(title, fontsize=8)
    for i, f in enumerate(figures):
        axes[2].bar(i, f["chains_per_game"], color="#333333")
        decided = f["tie_decided"]["p"] if f["tie_decided"]["n"] else 0.0
        axes[3].bar(i, f["ties"]["p"] * decided, color="#333333")
    fig.suptitle(heading(ctx, arms, "towns, silver bars and ties (95% intervals on rates)"), fontsize=9)
    fig.tight_layout()
    return fig


def extras(ctx: Context, arms: list[Arm]) -> Extras:
    """This Town's lines, verdict sentences, figure and JSON entries."""
    figures = [town_figures(arm) for arm in arms]
    return Extras(
        lines=lines_for(arms, figures),
        verdict=verdict_for(arms, figures),
        figures={"towns": figure_towns(ctx, arms, figures)},
        summary={"towns": {arm.label: f for arm, f in zip(arms, figures, strict=True)}},
    )
