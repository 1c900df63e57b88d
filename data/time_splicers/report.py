"""Time Splicers' part of a balance report: the spec's questions on collapses, the hand limit and the cap.

From the games CSV of each arm (the per-seat crystal columns `empty_*`,
`partial_*`, `full_*` and the game's metrics):

- game length in turns, over games that finished, the share stopped by the
  turn cap and the share that stalled (Wilson intervals);
- the share of crystals each kind of collapse brought;
- the hand limit: tokens paid per game, the share of games where it knocked a
  player out, and of games won by the last player left;
- timelines on the table, and how often each free action and the portal main
  action were used per game;
- against the first arm, the change in the knock-out and cap shares with a
  95% interval on the difference (descriptive: the report's Holm-corrected
  tests are the generic ones).

Lines go to the verdict page (plain words) and the details page; figures show
the crystal shares, the hand-limit and cap rates, and the free actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from simulate.analysis.arm import Arm
from simulate.analysis.stats import describe, diff_interval, wilson
from simulate.report.context import COLOURS, Context, Extras, heading
from simulate.report.plotting import plt
from simulate.words import display_name, own_words

COLLAPSES = ("empty", "partial", "full")
FREE = ("free_portal", "free_jump_card", "free_jump_token", "free_freeze", "portal_main")

say = own_words(
    {
        "en": {
            "free_portal": "Time Portal card",
            "free_jump_card": "Time Jump card",
            "free_jump_token": "jump token",
            "free_freeze": "Time Freeze card",
            "portal_main": "portal main action",
            "length": "{arm}: finished games last {mean} turns on average [{lo}, {hi}]; "
            "{capped} of games reached the turn cap; {stalled} stalled (came to a position nobody "
            "can change).",
            "crystals": "{arm}: crystals came {empty}% from empty, {partial}% from partial "
            "and {full}% from full collapses.",
            "limit": "{arm}: the hand limit cost {tokens} tokens a game and knocked a player out in "
            "{knocked} of games; {last} were won by the last player left.",
            "knockout_games": "games with a knock-out",
            "capped": "games stopped by the cap",
            "against": "{other} vs {base}: {what} {b}% vs {a}%, difference {diff} points [{lo}, {hi}].",
            "timelines": "{arm}: timelines on the table {mean} per turn on average "
            "(most at once {most} per game)",
            "free": "{arm}: per game: {uses}",
            "use": "{name} {n}",
            "join": ", ",
            "head": "Time Splicers: collapses, the hand limit, timelines and free actions",
            "collapse": "{kind} collapse",
            "crystals_axis": "share of crystals won",
            "crystals_title": "crystals by kind of collapse",
            "knockout_tick": "a knock-out",
            "last_tick": "won by the last left",
            "capped_tick": "capped",
            "stalled_tick": "stalled",
            "rates_axis": "share of games (95% Wilson interval)",
            "rates_title": "the hand limit and the turn cap",
            "free_axis": "uses per game (mean)",
            "free_title": "free actions and the portal",
        },
        "ja": {
            "free_portal": "タイムポータル",
            "free_jump_card": "タイムジャンプ",
            "free_jump_token": "タイムジャンプ・トークン",
            "free_freeze": "タイムフリーズ",
            "portal_main": "タイム・ポータルの出入り",
            "length": "{arm}：終わったゲームの長さは平均{mean}手番 [{lo}, {hi}]。"
            "ゲームの{capped}が手番の上限に達した。{stalled}は誰も変えられない局面になった。",
            "crystals": "{arm}：タイム・クリスタルの{empty}%は空タイムライン崩壊、{partial}%は部分崩壊、"
            "{full}%は完全崩壊で得た。",
            "limit": "{arm}：手札の上限で1ゲームあたり{tokens}個のタイムジャンプ・トークンを払い、"
            "ゲームの{knocked}でプレイヤーが脱落した。{last}は最後に残ったプレイヤーの勝ち。",
            "knockout_games": "脱落があったゲーム",
            "capped": "手番の上限で止まったゲーム",
            "against": "{other} 対 {base}：{what} {b}% 対 {a}%、差 {diff}ポイント [{lo}, {hi}]。",
            "timelines": "{arm}：場のタイムラインの数 手番の平均{mean}（同時の最大{most}、ゲームの平均）",
            "free": "{arm}：1ゲームあたり：{uses}",
            "use": "{name} {n}",
            "join": "、",
            "head": "タイム・スプライサーズ：崩壊、手札の上限、タイムライン、フリーアクション",
            "collapse": "{name}",
            "crystals_axis": "得たタイム・クリスタルの割合",
            "crystals_title": "崩壊の種類ごとのタイム・クリスタル",
            "knockout_tick": "脱落あり",
            "last_tick": "最後に残ったプレイヤーの勝ち",
            "capped_tick": "手番の上限で打ち切り",
            "stalled_tick": "誰も変えられない局面",
            "rates_axis": "ゲームの割合（95% Wilson区間）",
            "rates_title": "手札の上限と手番の上限",
            "free_axis": "1ゲームあたりの使用回数（平均）",
            "free_title": "フリーアクションとタイム・ポータル",
        },
    },
    "time_splicers/report.py",
)


def capped(arm: Arm) -> np.ndarray:
    """Whether each game was stopped by the cap: the runner's column, else a game with no winner."""
    if "capped" in arm.cols:
        return np.asarray(arm.cols["capped"], dtype=float) > 0
    return np.array([w == "" for w in arm.cols["winners"]], dtype=bool)


def crystal_shares(arm: Arm) -> dict[str, float]:
    """The share of all crystals won that each kind of collapse brought."""
    totals = {
        kind: float(sum(np.nansum(arm.cols[f"{kind}_{s + 1}"]) for s in range(arm.players)))
        for kind in COLLAPSES
    }
    whole = sum(totals.values())
    return {kind: (v / whole if whole else float("nan")) for kind, v in totals.items()}


def arm_figures(arm: Arm) -> dict[str, Any]:
    """The game's own figures for one arm."""
    cols = arm.cols
    games = len(cols["game"])
    cap = capped(arm)
    knocked = np.asarray(cols["knockouts"], dtype=float) > 0
    last = np.asarray(cols["last_standing"], dtype=float) > 0
    return {
        "games": games,
        "turns": describe(np.asarray(cols["turns"], dtype=float)[~cap]),
        "capped": wilson(int(cap.sum()), games),
        "stalled": wilson(int((np.asarray(cols["stalled"], dtype=float) > 0).sum()), games),
        "crystals": crystal_shares(arm),
        "limit_tokens": float(np.mean(cols["limit_tokens"])) if games else float("nan"),
        "knockout_games": wilson(int(knocked.sum()), games),
        "last_standing": wilson(int(last.sum()), games),
        "timelines_mean": float(np.mean(cols["timelines_mean"])) if games else float("nan"),
        "timelines_max": float(np.mean(cols["timelines_max"])) if games else float("nan"),
        "free": {name: float(np.mean(cols[name])) if games else float("nan") for name in FREE},
    }


def _pct(r: dict[str, float]) -> str:
    return f"{100 * r['p']:.0f}% [{100 * r['lo']:.0f}, {100 * r['hi']:.0f}]"


def verdict_lines(label: str, f: dict[str, Any]) -> list[str]:
    """The spec's questions for one arm, in words."""
    t, c = f["turns"], f["crystals"]
    return [
        say(
            "length",
            arm=label,
            mean=f"{t['mean']:.0f}",
            lo=f"{t['lo']:.0f}",
            hi=f"{t['hi']:.0f}",
            capped=_pct(f["capped"]),
            stalled=_pct(f["stalled"]),
        ),
        say(
            "crystals",
            arm=label,
            empty=f"{100 * c['empty']:.0f}",
            partial=f"{100 * c['partial']:.0f}",
            full=f"{100 * c['full']:.0f}",
        ),
        say(
            "limit",
            arm=label,
            tokens=f"{f['limit_tokens']:.2f}",
            knocked=_pct(f["knockout_games"]),
            last=_pct(f["last_standing"]),
        ),
    ]


def _points(x: float) -> str:
    """A difference of rates in signed percentage points, never "-0"."""
    return f"{round(100 * x) + 0:+d}"


def comparison_lines(first: tuple[str, dict[str, Any]], other: tuple[str, dict[str, Any]]) -> list[str]:
    """How an arm differs from the first on knock-outs and the cap, with intervals on the difference."""
    (a_label, a), (b_label, b) = first, other
    out = []
    for key in ("knockout_games", "capped"):
        ra, rb = a[key], b[key]
        d = diff_interval(int(ra["k"]), int(ra["n"]), int(rb["k"]), int(rb["n"]))
        out.append(
            say(
                "against",
                other=b_label,
                base=a_label,
                what=say(key),
                b=f"{100 * rb['p']:.0f}",
                a=f"{100 * ra['p']:.0f}",
                diff=_points(d["diff"]),
                lo=_points(d["lo"]),
                hi=_points(d["hi"]),
            )
        )
    return out


def detail_lines(label: str, f: dict[str, Any]) -> list[str]:
    uses = say("join").join(say("use", name=say(key), n=f"{f['free'][key]:.1f}") for key in FREE)
    return [
        say("timelines", arm=label, mean=f"{f['timelines_mean']:.2f}", most=f"{f['timelines_max']:.1f}"),
        say("free", arm=label, uses=uses),
    ]


def _finish(ax: Any, ctx: Context, arms: list[Arm], ticks: list[str], ylabel: str, what: str) -> None:
    """Ticks, label, legend and the report's heading of one of these figures."""
    ax.set_xticks(range(len(ticks)))
    ax.set_xticklabels(ticks, fontsize=8)
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=8)
    ax.set_title(heading(ctx, arms, what), fontsize=9)


def figure_crystals(ctx: Context, arms: list[Arm], figs: list[dict[str, Any]]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 4.5))
    bottom = np.zeros(len(arms))
    for k, kind in enumerate(COLLAPSES):
        shares = np.array([f["crystals"][kind] for f in figs])
        ax.bar(
            range(len(arms)),
            shares,
            bottom=bottom,
            color=COLOURS[k],
            label=say("collapse", kind=kind, name=display_name(kind)),
        )
        bottom += np.nan_to_num(shares)
    ax.set_ylim(0, 1)
    _finish(ax, ctx, arms, [a.label for a in arms], say("crystals_axis"), say("crystals_title"))
    return fig


def _grouped(ax: Any, arms: list[Arm], rows: list[list[float]], errors: list[Any] | None = None) -> None:
    """One bar per arm in each group: `rows[i]` are arm i's values, `errors[i]` its error bars."""
    width = 0.8 / len(arms)
    for i, (arm, values) in enumerate(zip(arms, rows, strict=True)):
        x = np.arange(len(values)) + (i - (len(arms) - 1) / 2) * width
        yerr = None if errors is None else errors[i]
        ax.bar(x, values, width, yerr=yerr, capsize=3, color=COLOURS[i % len(COLOURS)], label=arm.label)


def figure_rates(ctx: Context, arms: list[Arm], figs: list[dict[str, Any]]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 4.5))
    keys = ("knockout_games", "last_standing", "capped", "stalled")
    rows = [[f[k]["p"] for k in keys] for f in figs]
    errors = [
        np.array([[f[k]["p"] - f[k]["lo"] for k in keys], [f[k]["hi"] - f[k]["p"] for k in keys]])
        for f in figs
    ]
    _grouped(ax, arms, rows, errors)
    ax.set_ylim(0, 1)
    ticks = [say("knockout_tick"), say("last_tick"), say("capped_tick"), say("stalled_tick")]
    _finish(ax, ctx, arms, ticks, say("rates_axis"), say("rates_title"))
    return fig


def figure_free_actions(ctx: Context, arms: list[Arm], figs: list[dict[str, Any]]) -> plt.Figure:
    fig, ax = plt.subplots(figsize=(8, 4.5))
    _grouped(ax, arms, [[f["free"][k] for k in FREE] for f in figs])
    _finish(ax, ctx, arms, [say(key) for key in FREE], say("free_axis"), say("free_title"))
    return fig


def extras(ctx: Context, arms: list[Arm]) -> Extras:
    figs = [arm_figures(arm) for arm in arms]
    labelled = list(zip([a.label for a in arms], figs, strict=True))
    verdict = [line for label, f in labelled for line in verdict_lines(label, f)]
    verdict += [line for other in labelled[1:] for line in comparison_lines(labelled[0], other)]
    lines = ["", say("head")]
    lines += [line for label, f in labelled for line in detail_lines(label, f)]
    return Extras(
        lines=lines,
        verdict=verdict,
        figures={
            "crystals_by_collapse": figure_crystals(ctx, arms, figs),
            "hand_limit_and_cap": figure_rates(ctx, arms, figs),
            "free_actions": figure_free_actions(ctx, arms, figs),
        },
        summary={label: f for label, f in labelled},
    )
