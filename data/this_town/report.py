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
from simulate.words import own_words

say = own_words(
    {
        "en": {
            "no_npc": "none (no NPC colours)",
            "none": "n/a (none to count)",
            "rate": "{p} [{lo}, {hi}]",
            "head": "Towns (pooled over every game of an arm; 95% Wilson intervals, each town one trial):",
            "towns": "{arm}: {towns} towns completed per game, {tiles} tiles and {brands} brands each, "
            "{points} points each",
            "scoring": "  towns that score {scoring}; with 3+ colours {colours}; "
            "brands left in open towns {open} per game",
            "relocations": "  relocations {relocations} per game (declined {declined}), "
            "chains {chains} per game",
            "ties": "  NPC share of points {npc}; top tied in {ties} of games, "
            "the tie-break decides {decided} of those",
            "verdict": "{arm}: {towns} towns completed per game ({tiles} tiles, {brands} brands each); "
            "{scoring} of them score. Silver bars give {relocations} relocations per game, {chains} chains. "
            "{tie}{npc}",
            "tie": "{ties} of games end level at the top",
            "tie_settled": " and the tie-break settles {decided} of those.",
            "tie_open": ".",
            "npc": " NPCs took {share} of all points.",
            "panel_towns": "towns completed per game",
            "panel_scoring": "share of towns that score",
            "panel_relocations": "relocations per game (dark: chains)",
            "panel_ties": "games tied at the top (dark: settled by the tie-break)",
            "title": "towns, silver bars and ties (95% intervals on rates)",
        },
        "ja": {
            "no_npc": "なし（NPCの色がない）",
            "none": "該当なし（数える対象がない）",
            "rate": "{p} [{lo}, {hi}]",
            "head": "町（アームのすべてのゲームをまとめる。95% Wilson区間、町1つを1回の試行とする）：",
            "towns": "{arm}：1ゲームあたり完成した町{towns}つ、1つあたりタイル{tiles}枚、マーク{brands}つ、"
            "{points}点",
            "scoring": "  得点になった町 {scoring}。3色以上の町 {colours}。"
            "町に入らないマーク 1ゲームあたり{open}つ",
            "relocations": "  再配置 1ゲームあたり{relocations}回（見送り{declined}回）、"
            "連鎖 1ゲームあたり{chains}回",
            "ties": "  得点のうちNPCの割合 {npc}。首位の同点 ゲームの{ties}、"
            "そのうち同点の場合のルールで決着 {decided}",
            "verdict": "{arm}：1ゲームあたり{towns}つの町が完成する"
            "（1つあたりタイル{tiles}枚、マーク{brands}つ）。そのうち{scoring}が得点になる。銀の延べ棒による再配置は1ゲームあたり{relocations}回、"
            "連鎖は{chains}回。{tie}{npc}",
            "tie": "ゲームの{ties}は首位が同点で終わる",
            "tie_settled": "。そのうち{decided}は同点の場合のルールで決着する。",
            "tie_open": "。",
            "npc": "NPCが全得点の{share}を得た。",
            "panel_towns": "1ゲームあたりの完成した町",
            "panel_scoring": "得点になった町の割合",
            "panel_relocations": "1ゲームあたりの再配置（濃い色：連鎖）",
            "panel_ties": "首位が同点のゲーム\n（濃い色：同点の場合のルールで決着）",
            "title": "町、銀の延べ棒、同点（割合に95%区間）",
        },
    },
    "this_town/report.py",
)


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
        return say("no_npc")
    if not r["n"]:
        return say("none")
    return say("rate", p=f"{r['p']:.1%}", lo=f"{r['lo']:.1%}", hi=f"{r['hi']:.1%}")


def _sizes(arm: Arm, f: dict[str, Any], digits: int) -> dict[str, str]:
    """The arm's label, towns completed per game and their tiles and brands each, with `digits` decimals."""
    keys = {"towns": "towns_per_game", "tiles": "tiles_per_town", "brands": "brands_per_town"}
    return {"arm": arm.label, **{field: f"{f[key]:.{digits}f}" for field, key in keys.items()}}


def lines_for(arms: list[Arm], figures: list[dict[str, Any]]) -> list[str]:
    lines = ["", say("head")]
    for arm, f in zip(arms, figures, strict=True):
        lines += [
            say("towns", **_sizes(arm, f, 2), points=f"{f['points_per_town']:.2f}"),
            say(
                "scoring",
                scoring=_rate(f["scoring_towns"]),
                colours=_rate(f["towns_3colours"]),
                open=f"{f['open_brands_per_game']:.1f}",
            ),
            say(
                "relocations",
                relocations=f"{f['relocations_per_game']:.2f}",
                declined=f"{f['declined_per_game']:.2f}",
                chains=f"{f['chains_per_game']:.3f}",
            ),
            say("ties", npc=_rate(f["npc_share"]), ties=_rate(f["ties"]), decided=_rate(f["tie_decided"])),
        ]
    return lines


def verdict_for(arms: list[Arm], figures: list[dict[str, Any]]) -> list[str]:
    """One sentence per arm in plain words, for the verdict page."""
    out = []
    for arm, f in zip(arms, figures, strict=True):
        npc = "" if f["npc_share"] is None else say("npc", share=f"{f['npc_share']['p']:.0%}")
        decided = f["tie_decided"]
        tie = say("tie", ties=f"{f['ties']['p']:.0%}")
        tie += say("tie_settled", decided=f"{decided['p']:.0%}") if decided["n"] else say("tie_open")
        out.append(
            say(
                "verdict",
                **_sizes(arm, f, 1),
                scoring=f"{f['scoring_towns']['p']:.0%}",
                relocations=f"{f['relocations_per_game']:.2f}",
                chains=f"{f['chains_per_game']:.3f}",
                tie=tie,
                npc=npc,
            )
        )
    return out


def figure_towns(ctx: Context, arms: list[Arm], figures: list[dict[str, Any]]) -> plt.Figure:
    """Towns per game, their share that scores and holds 3+ colours, relocations and ties, per arm."""
    fig, axes = plt.subplots(1, 4, figsize=(13, 4.5))
    x = np.arange(len(arms))
    labels = [a.label for a in arms]
    panels = (
        (say("panel_towns"), [f["towns_per_game"] for f in figures], None),
        (say("panel_scoring"), [f["scoring_towns"] for f in figures], "rate"),
        (say("panel_relocations"), [f["relocations_per_game"] for f in figures], None),
        (say("panel_ties"), [f["ties"] for f in figures], "rate"),
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
    fig.suptitle(heading(ctx, arms, say("title")), fontsize=9)
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
