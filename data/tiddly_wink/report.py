"""Tiddly-Wink's own part of a balance report: rounds measured inside matches.

The runner writes one row per match; the engine's metrics carry per-match
counts of rounds, blocked and tied rounds and round wins by turn position
relative to the round's leader. Here they are pooled over the matches of an
arm into round-level rates with Wilson intervals, which answer the rules
spec's questions: how much the leader gains per round, how often rounds block
and who wins them, how long matches run (and how that grows with the player
count), how often the round cap stops a match, and how each option moves
these figures against the first arm.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import numpy as np
from scipy import stats as sps

from printkit.datafile.gamedata import load_game
from printkit.errors import DataError
from simulate.analysis.arm import Arm
from simulate.analysis.stats import describe, fmt_p, km_median, mann_whitney, welch, wilson
from simulate.report.context import COLOURS, Context, Extras, heading
from simulate.report.plotting import monospace, plt
from simulate.words import own_words, reason

MAX_SEATS = 8
ROUND_NOTES = """How to read this page
- One game of the run is a match; its rounds are pooled over the arm's matches. Rounds of one match
  are dealt afresh, so each round counts as one trial in the Wilson intervals.
- Turn positions count clockwise from the round's leader (who held the highest double).
- A round is decided when it has one winner, who takes the pot (or, under round_score = pips, scores
  the pips left in the other hands); tied blocked rounds are left out of the win shares and counted
  as ties.
- Capped matches were stopped by the round cap: their length is censored, so match length is a
  Kaplan-Meier median (or 'at least the cap'), never a mean, and is not t-tested.
- Option effects: two-proportion z tests on pooled rates, Welch's t on moves per round,
  Mann-Whitney U on match length only when no match was capped."""

ROUND_NOTES_JA = """このページの読み方
- ラウンドはアームのすべてのゲームをまとめて数える。1ゲームのラウンドは毎回配り直すので、
  Wilson区間ではラウンド1つを1回の試行とする。
- 手番順は、ラウンドのスタートプレイヤー（最も大きなダブル牌を持っていた人）から時計回りに数える。
- 勝者が1人のラウンドを決着したラウンドとする。勝者は場のカウンターを総取りする（round_score = pips
  では、ほかの手牌に残った目を得点する）。同点の全員パスのラウンドは勝ちの割合から除き、同点と数える。
- 打ち切ったゲームはラウンドの上限で止まった。その長さは打ち切りデータなので、ゲームの長さは
  カプラン・マイヤー法の中央値（または「上限以上」）で示し、平均もt検定も使わない。
- オプションの効果：まとめた割合には2つの割合のz検定、ラウンドあたりの手数にはWelchのt検定、
  ゲームの長さには、打ち切ったゲームがないときだけMann-WhitneyのU検定。"""

say = own_words(
    {
        "en": {
            "notes": ROUND_NOTES,
            "none": "n/a (no rounds to count)",
            "none_untied": "n/a (no untied blocked rounds)",
            "rate": "{p} [{lo}, {hi}]",
            "p_none": "p n/a: {why}",
            "why.no rounds to count in an arm": "no rounds to count in an arm",
            "why.matches stopped by the round cap have censored lengths": (
                "matches stopped by the round cap have censored lengths"
            ),
            "at_least": "median at least the cap ({rounds} rounds; most matches capped)",
            "median": "Kaplan-Meier median {rounds} rounds",
            "span": "{low}-{high}",
            "head": "Rounds inside matches (pooled over the matches; 95% Wilson intervals):",
            "published": "published {span}",
            "outside": "OUTSIDE the published {span}",
            "arm": "{arm}: {players} players ({where}), {rounds} rounds in {matches} matches",
            "leader": "  leader wins a round   {rate}  even share {even}, advantage {advantage}",
            "next": "  next seats win        {others}  (clockwise from the leader)",
            "blocked": "  blocked rounds        {rate}; tied {tied} of them",
            "blocked_won": "  blocked won by leader {rate}; others {others}",
            "length": "  match length          {length}, longest {longest}",
            "cap": " (the cap, {rounds} rounds)",
            "capped": "  capped matches        {k} of {n} = {rate}{cap}",
            "moves": "  moves per round       {moves}; bonus tiles {bonus}, "
            "boneyard draws {draws} per round; counter spread at end {spread}",
            "against": "{other} vs {base}",
            "effects": "{name} (option effects, change from the first arm):",
            "leader_rate": "  leader round-win rate {diff}  two-proportion {p}",
            "leader_advantage": "  leader advantage      {diff}  (other player count)",
            "blocked_rate": "  blocked-round rate    {diff}  two-proportion {p}",
            "moves_change": "  moves per round       {diff}  Welch {p}",
            "rounds_change": "{diff} rounds  ",
            "length_change": "  match length          {change}Mann-Whitney {p}",
            "short_head": "Rounds inside matches (95% Wilson intervals; details on the rounds page):",
            "short_arm": "  {arm}: leader wins {rate} of rounds (even {even}); blocked {blocked}",
            "short_length": "    match {length}, capped {k}/{n}; blocked rounds won by the leader {rate}",
            "short_effects": "  {name}: leader {leader} ({leader_p}), blocked {blocked} ({blocked_p})",
            "join": ", ",
            "page": "rounds inside matches",
            "rounds_of": "{arm} ({rounds} rounds)",
            "tick_leader": "leader",
            "tick_next": "leader+{k}",
            "tick_after": "+{k}",
            "wins_axis": "share of decided rounds won (95% Wilson interval)",
            "wins_title": "round wins by seat from the leader (dotted: an even share)",
            "tick_blocked": "rounds blocked",
            "tick_tied": "blocked rounds tied",
            "rate_axis": "rate (95% Wilson interval)",
            "blocked_axis": "share of untied blocked rounds won",
            "blocked_title": "blocked rounds: how often, and who wins them (lowest pips)",
            "capped_of": "{arm} (capped {k}/{n})",
            "rounds_axis": "rounds in the match (dotted: a round cap that stopped matches)",
            "shorter_axis": "share of matches this short or shorter",
            "at_least_cap": "{arm} (at least the cap)",
            "published_players": "published {span} players",
            "players_axis": "players",
            "median_axis": "median rounds per match (Kaplan-Meier)",
            "length_title": "match length in rounds",
            "moves_title": "moves per round",
            "blocked_share": "share of rounds blocked",
            "leader_minus": "leader's round-win rate minus an even share",
            "effects_title": "effect of the options on rounds (95% intervals)",
        },
        "ja": {
            "notes": ROUND_NOTES_JA,
            "none": "該当なし（数えるラウンドがない）",
            "none_untied": "該当なし（同点でない全員パスのラウンドがない）",
            "rate": "{p} [{lo}, {hi}]",
            "p_none": "p値なし：{why}",
            "why.no rounds to count in an arm": "数えるラウンドがないアームがある",
            "why.matches stopped by the round cap have censored lengths": (
                "ラウンドの上限で止まったゲームは長さが打ち切られている"
            ),
            "at_least": "中央値は上限以上（{rounds}ラウンド。ほとんどのゲームが打ち切り）",
            "median": "カプラン・マイヤー法の中央値 {rounds}ラウンド",
            "span": "{low}～{high}",
            "head": "ゲームの中のラウンド（ゲームをまとめて数える。95% Wilson区間）：",
            "published": "公開ルールの{span}人",
            "outside": "公開ルールの{span}人の範囲外",
            "arm": "{arm}：{players}人（{where}）、{matches}ゲームで{rounds}ラウンド",
            "leader": "  スタートプレイヤーの勝ち {rate}  均等な割合 {even}、優位 {advantage}",
            "next": "  ほかの席の勝ち　　　　　 {others}（スタートプレイヤーから時計回り）",
            "blocked": "  全員パスのラウンド　　　 {rate}。そのうち同点 {tied}",
            "blocked_won": "  全員パスでの勝ち　　　　 スタートプレイヤー {rate}、ほかの席 {others}",
            "length": "  ゲームの長さ　　　　　　 {length}、最長 {longest}ラウンド",
            "cap": "（上限 {rounds}ラウンド）",
            "capped": "  打ち切ったゲーム　　　　 {n}ゲーム中{k}ゲーム = {rate}{cap}",
            "moves": "  ラウンドあたりの手数　　 {moves}。ラウンドあたり ダブル牌の後のもう1枚 {bonus}、"
            "山から引いた牌 {draws}。終了時のカウンターの差 {spread}",
            "against": "{other} 対 {base}",
            "effects": "{name}（オプションの効果、最初のアームからの変化）：",
            "leader_rate": "  スタートプレイヤーの勝率 {diff}  2つの割合のz検定 {p}",
            "leader_advantage": "  スタートプレイヤーの優位 {diff}（人数が違う）",
            "blocked_rate": "  全員パスの割合　　　　　 {diff}  2つの割合のz検定 {p}",
            "moves_change": "  ラウンドあたりの手数　　 {diff}  Welchのt検定 {p}",
            "rounds_change": "{diff}ラウンド  ",
            "length_change": "  ゲームの長さ　　　　　　 {change}Mann-WhitneyのU検定 {p}",
            "short_head": "ゲームの中のラウンド（95% Wilson区間。詳しくはラウンドのページ）：",
            "short_arm": "  {arm}：スタートプレイヤーの勝ち ラウンドの{rate}（均等なら{even}）。"
            "全員パス {blocked}",
            "short_length": "    ゲームの長さ {length}、打ち切り {k}/{n}。"
            "全員パスでのスタートプレイヤーの勝ち {rate}",
            "short_effects": "  {name}：スタートプレイヤー {leader}（{leader_p}）、"
            "全員パス {blocked}（{blocked_p}）",
            "join": "、",
            "page": "ゲームの中のラウンド",
            "rounds_of": "{arm}（{rounds}ラウンド）",
            "tick_leader": "スタート\nプレイヤー",
            "tick_next": "+{k}",
            "tick_after": "+{k}",
            "wins_axis": "決着したラウンドで勝った割合（95% Wilson区間）",
            "wins_title": "スタートプレイヤーから数えた席ごとのラウンドの勝ち（点線：均等な割合）",
            "tick_blocked": "全員パスのラウンド",
            "tick_tied": "全員パスで同点",
            "rate_axis": "割合（95% Wilson区間）",
            "blocked_axis": "同点でない全員パスのラウンドで勝った割合",
            "blocked_title": "全員パスのラウンド：その頻度と、誰が勝つか（目の合計が最も少ない人）",
            "capped_of": "{arm}（打ち切り {k}/{n}）",
            "rounds_axis": "ゲームのラウンド数（点線：ゲームを止めたラウンドの上限）",
            "shorter_axis": "この長さ以下のゲームの割合",
            "at_least_cap": "{arm}（上限以上）",
            "published_players": "公開ルールの{span}人",
            "players_axis": "人数",
            "median_axis": "ゲームあたりのラウンド数の中央値（カプラン・マイヤー法）",
            "length_title": "ラウンド数で見たゲームの長さ",
            "moves_title": "ラウンドあたりの手数",
            "blocked_share": "全員パスのラウンドの割合",
            "leader_minus": "スタートプレイヤーの勝率－均等な割合",
            "effects_title": "オプションがラウンドに与える効果（95%区間）",
        },
    },
    "tiddly_wink/report.py",
)


def _total(arm: Arm, name: str) -> int:
    return int(arm.total(name))


def match_length(arm: Arm) -> dict[str, Any]:
    """Rounds per match as censored data: Kaplan-Meier median, capped share; no mean."""
    rounds, capped = arm.cols["rounds"], arm.cols["capped"] > 0
    km = km_median(Counter(zip(rounds.tolist(), capped.tolist(), strict=True)))
    return {**km, "max": float(rounds.max()) if len(rounds) else math.nan}


def _two_proportions(k1: int, n1: int, k2: int, n2: int) -> dict[str, float | None]:
    """Difference p2 - p1 with a two-sided two-proportion z test."""
    if not n1 or not n2:
        return {"diff": None, "p": None, "why": "no rounds to count in an arm"}
    p1, p2 = k1 / n1, k2 / n2
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p = float(2 * sps.norm.sf(abs(p2 - p1) / se)) if se > 0 else 1.0
    return {"diff": p2 - p1, "p": p}


def arm_rounds(arm: Arm, published: list[int]) -> dict[str, Any]:
    """Round-level figures of one arm, pooled over its matches."""
    n = arm.players
    matches = len(arm.cols["game"])
    rounds = _total(arm, "rounds")
    blocked = _total(arm, "blocked_rounds")
    tied = _total(arm, "tied_rounds")
    decided = rounds - tied
    positions = [wilson(_total(arm, f"round_wins_pos{k + 1}"), decided) for k in range(n)]
    blocked_positions = [wilson(_total(arm, f"blocked_wins_pos{k + 1}"), blocked - tied) for k in range(n)]
    per_match = arm.cols["rounds"]
    capped = arm.cols["capped"] > 0
    moves_per_round = arm.cols["moves"] / np.maximum(per_match, 1)
    return {
        "players": n,
        "published_players": n in published,
        "matches": matches,
        "rounds": rounds,
        "even_share": 1 / n,
        "leader_round_wins": positions[0],
        "leader_advantage": positions[0]["p"] - 1 / n if decided else math.nan,
        "round_wins_by_position": positions,
        "blocked_rounds": wilson(blocked, rounds),
        "ties_among_blocked": wilson(tied, blocked),
        "blocked_wins_by_position": blocked_positions,
        "match_rounds": match_length(arm),
        "capped_matches": wilson(_total(arm, "capped"), matches),
        # known only from the matches it stopped
        "round_cap": int(np.max(per_match[capped])) if capped.any() else None,
        "counter_spread": describe(arm.cols["counter_spread"]),
        "moves_per_round": describe(moves_per_round),
        "bonus_plays_per_round": _total(arm, "bonus_plays") / rounds if rounds else math.nan,
        "draws_per_round": _total(arm, "boneyard_draws") / rounds if rounds else math.nan,
    }


def _match_length_test(a: dict[str, Any], b: dict[str, Any], base: Arm, other: Arm) -> dict[str, Any]:
    """Mann-Whitney U on rounds per match, or no test when a cap censored some matches."""
    if a["capped_matches"]["k"] or b["capped_matches"]["k"]:
        return {"diff": None, "p": None, "why": "matches stopped by the round cap have censored lengths"}
    test = mann_whitney(Counter(base.cols["rounds"].tolist()), Counter(other.cols["rounds"].tolist()))
    diff = (b["match_rounds"]["median"] or math.nan) - (a["match_rounds"]["median"] or math.nan)
    return {"diff": diff, **test}


def option_effect(base: Arm, other: Arm, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """How an arm moves round length, blocked rate, leader advantage and match length from the first arm."""
    out: dict[str, Any] = {
        "blocked_rate": _two_proportions(
            a["blocked_rounds"]["k"],
            a["blocked_rounds"]["n"],
            b["blocked_rounds"]["k"],
            b["blocked_rounds"]["n"],
        ),
        "moves_per_round": welch(
            base.cols["moves"] / np.maximum(base.cols["rounds"], 1),
            other.cols["moves"] / np.maximum(other.cols["rounds"], 1),
        ),
        "match_rounds": _match_length_test(a, b, base, other),
    }
    if a["players"] == b["players"]:
        out["leader_round_win_rate"] = _two_proportions(
            a["leader_round_wins"]["k"],
            a["leader_round_wins"]["n"],
            b["leader_round_wins"]["k"],
            b["leader_round_wins"]["n"],
        )
    else:
        out["leader_advantage"] = {
            "diff": b["leader_advantage"] - a["leader_advantage"],
            "p": None,
            "why": "other player count, no test of a difference in advantage",
        }
    return out


def _errors(rows: list[dict[str, float]], key: str = "p") -> np.ndarray:
    """Error bar lengths below and above each estimate; none where there was nothing to count."""
    below = [max(0.0, r[key] - r["lo"]) if math.isfinite(r[key]) else 0.0 for r in rows]
    above = [max(0.0, r["hi"] - r[key]) if math.isfinite(r[key]) else 0.0 for r in rows]
    return np.array([below, above])


def _rate(r: dict[str, float], none: str = "none") -> str:
    if not r["n"]:
        return say(none)
    return say("rate", p=f"{r['p']:.3f}", lo=f"{r['lo']:.3f}", hi=f"{r['hi']:.3f}")


OWN_REASONS = ("no rounds to count in an arm", "matches stopped by the round cap have censored lengths")


def _p(p: float | None, why: str = "") -> str:
    """`fmt_p`'s text; a missing p says why in the report's language (this page's own reasons in its
    words, a test's in every report's)."""
    if p is not None or not why:
        return fmt_p(p, why)
    return say("p_none", why=say(f"why.{why}") if why in OWN_REASONS else reason(why))


def length_text(m: dict[str, Any]) -> str:
    """A censored match length in words: a Kaplan-Meier median, or at least the cap."""
    if m["median"] is None:
        return say("at_least", rounds=f"{m['at_least']:.0f}")
    return say("median", rounds=f"{m['median']:.0f}")


def _median_or_cap(m: dict[str, Any]) -> float:
    return m["median"] if m["median"] is not None else (m["at_least"] or 0.0)


def _span(published: list[int]) -> str:
    return say("span", low=min(published), high=max(published))


def _pairs(arms: list[Arm], effects: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Each option effect (keyed `arm vs first` in the summary) with its name in the report's words."""
    return [
        (say("against", other=arm.label, base=arms[0].label), e)
        for arm, e in zip(arms[1:], effects.values(), strict=True)
    ]


def lines_for(
    arms: list[Arm], figures: list[dict[str, Any]], effects: dict[str, Any], published: list[int]
) -> list[str]:
    lines = ["", say("head")]
    for arm, f in zip(arms, figures, strict=True):
        n = f["players"]
        where = say("published" if f["published_players"] else "outside", span=_span(published))
        lines.append(
            say("arm", arm=arm.label, players=n, where=where, rounds=f["rounds"], matches=f["matches"])
        )
        lines.append(
            say(
                "leader",
                rate=_rate(f["leader_round_wins"]),
                even=f"{1 / n:.3f}",
                advantage=f"{f['leader_advantage']:+.3f}",
            )
        )
        others = say("join").join(f"{r['p']:.3f}" for r in f["round_wins_by_position"][1:])
        lines.append(say("next", others=others))
        lines.append(say("blocked", rate=_rate(f["blocked_rounds"]), tied=_rate(f["ties_among_blocked"])))
        blocked = f["blocked_wins_by_position"]
        others = say("join").join(f"{r['p']:.3f}" if r["n"] else say("none_untied") for r in blocked[1:])
        lines.append(say("blocked_won", rate=_rate(blocked[0]), others=others))
        m = f["match_rounds"]
        c = f["capped_matches"]
        lines.append(say("length", length=length_text(m), longest=f"{m['max']:.0f}"))
        cap = say("cap", rounds=f["round_cap"]) if f["round_cap"] else ""
        lines.append(say("capped", k=c["k"], n=c["n"], rate=_rate(c), cap=cap))
        s = f["counter_spread"]
        lines.append(
            say(
                "moves",
                moves=f"{f['moves_per_round']['mean']:.2f}",
                bonus=f"{f['bonus_plays_per_round']:.3f}",
                draws=f"{f['draws_per_round']:.3f}",
                spread=f"{s['mean']:.1f}",
            )
        )
    for name, e in _pairs(arms, effects):
        lines.append(say("effects", name=name))
        if "leader_round_win_rate" in e:
            d = e["leader_round_win_rate"]
            lines.append(say("leader_rate", diff=f"{d['diff']:+.4f}", p=_p(d["p"], d.get("why", ""))))
        else:
            lines.append(say("leader_advantage", diff=f"{e['leader_advantage']['diff']:+.4f}"))
        d = e["blocked_rate"]
        lines.append(say("blocked_rate", diff=f"{d['diff']:+.4f}", p=_p(d["p"], d.get("why", ""))))
        d = e["moves_per_round"]
        lines.append(say("moves_change", diff=f"{d['diff']:+.3f}", p=_p(d["p"], d.get("why", ""))))
        d = e["match_rounds"]
        change = (
            ""
            if d["diff"] is None or not math.isfinite(d["diff"])
            else say("rounds_change", diff=f"{d['diff']:+.1f}")
        )
        lines.append(say("length_change", change=change, p=_p(d["p"], d.get("why", ""))))
    return lines


def short_lines(arms: list[Arm], figures: list[dict[str, Any]], effects: dict[str, Any]) -> list[str]:
    """A few lines for the report's first page; the full set is on the rounds page."""
    lines = ["", say("short_head")]
    for arm, f in zip(arms, figures, strict=True):
        m, c = f["match_rounds"], f["capped_matches"]
        lines.append(
            say(
                "short_arm",
                arm=arm.label,
                rate=_rate(f["leader_round_wins"]),
                even=f"{1 / f['players']:.3f}",
                blocked=_rate(f["blocked_rounds"]),
            )
        )
        lines.append(
            say(
                "short_length",
                length=length_text(m),
                k=c["k"],
                n=c["n"],
                rate=_rate(f["blocked_wins_by_position"][0]),
            )
        )
    for name, e in _pairs(arms, effects):
        leader = e.get("leader_round_win_rate", e.get("leader_advantage"))
        blocked = e["blocked_rate"]
        lines.append(
            say(
                "short_effects",
                name=name,
                leader=f"{leader['diff']:+.4f}",
                leader_p=_p(leader["p"], leader.get("why", "")),
                blocked=f"{blocked['diff']:+.4f}",
                blocked_p=_p(blocked["p"], blocked.get("why", "")),
            )
        )
    return lines


def figure_rounds_text(ctx: Context, arms: list[Arm], lines: list[str]) -> plt.Figure:
    """A page with every round-level figure in words."""
    fig = plt.figure(figsize=(8.27, 11.69))
    fig.text(0.06, 0.96, heading(ctx, arms, say("page")), fontsize=10, va="top", weight="bold")
    text = "\n".join(lines[1:])
    fig.text(0.06, 0.9, text, fontsize=7.5, va="top", family=monospace(text))
    fig.text(0.06, 0.04, say("notes"), fontsize=8, va="bottom", color="#333333")
    return fig


def figure_round_wins(ctx: Context, arms: list[Arm], figures: list[dict[str, Any]]) -> plt.Figure:
    """Round wins by turn position from the leader, per arm, with even shares dotted."""
    fig, ax = plt.subplots(figsize=(8, 5))
    width = 0.8 / len(arms)
    longest = max(f["players"] for f in figures)
    for i, (arm, f) in enumerate(zip(arms, figures, strict=True)):
        rates = f["round_wins_by_position"]
        x = np.arange(len(rates)) + (i - (len(arms) - 1) / 2) * width
        p = np.array([r["p"] for r in rates])
        err = _errors(rates)
        colour = COLOURS[i % len(COLOURS)]
        ax.bar(
            x,
            p,
            width,
            yerr=err,
            capsize=3,
            color=colour,
            label=say("rounds_of", arm=arm.label, rounds=f["rounds"]),
        )
        ax.hlines(1 / f["players"], x[0] - width / 2, x[-1] + width / 2, colors="k", linestyles="dotted")
    ax.set_xticks(range(longest))
    ax.set_xticklabels([say("tick_leader")] + [say("tick_next", k=k) for k in range(1, longest)])
    ax.set_ylabel(say("wins_axis"))
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    ax.set_title(heading(ctx, arms, say("wins_title")), fontsize=9)
    return fig


def figure_blocked(ctx: Context, arms: list[Arm], figures: list[dict[str, Any]]) -> plt.Figure:
    """How often rounds block and end tied, and who wins the blocked rounds."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 5), gridspec_kw={"width_ratios": [1, 2]})
    for i, f in enumerate(figures):
        colour = COLOURS[i % len(COLOURS)]
        for j, key in enumerate(("blocked_rounds", "ties_among_blocked")):
            r = f[key]
            if r["n"]:
                x = j + (i - (len(arms) - 1) / 2) * 0.8 / len(arms)
                left.bar(
                    x,
                    r["p"],
                    0.8 / len(arms),
                    yerr=_errors([r]),
                    capsize=3,
                    color=colour,
                )
    left.set_xticks([0, 1])
    left.set_xticklabels([say("tick_blocked"), say("tick_tied")])
    left.set_ylabel(say("rate_axis"))
    left.set_ylim(0, 1)
    width = 0.8 / len(arms)
    longest = max(f["players"] for f in figures)
    for i, (arm, f) in enumerate(zip(arms, figures, strict=True)):
        rates = f["blocked_wins_by_position"]
        x = np.arange(len(rates)) + (i - (len(arms) - 1) / 2) * width
        p = np.array([r["p"] if r["n"] else 0.0 for r in rates])
        right.bar(
            x, p, width, yerr=_errors(rates), capsize=3, color=COLOURS[i % len(COLOURS)], label=arm.label
        )
        right.hlines(1 / f["players"], x[0] - width / 2, x[-1] + width / 2, colors="k", linestyles="dotted")
    right.set_xticks(range(longest))
    right.set_xticklabels([say("tick_leader")] + [say("tick_after", k=k) for k in range(1, longest)])
    right.set_ylabel(say("blocked_axis"))
    right.set_ylim(0, 1)
    right.legend(fontsize=8)
    fig.suptitle(heading(ctx, arms, say("blocked_title")), fontsize=9)
    fig.tight_layout()
    return fig


def figure_match_length(
    ctx: Context, arms: list[Arm], figures: list[dict[str, Any]], published: list[int]
) -> plt.Figure:
    """Rounds per match: distribution per arm, and the mean by player count."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 5))
    for i, (arm, f) in enumerate(zip(arms, figures, strict=True)):
        colour = COLOURS[i % len(COLOURS)]
        x = np.sort(arm.cols["rounds"])
        y = np.arange(1, len(x) + 1) / len(x)
        capped = f["capped_matches"]
        left.step(
            x,
            y,
            where="post",
            color=colour,
            label=say("capped_of", arm=arm.label, k=capped["k"], n=capped["n"]),
        )
    for f in figures:
        if f["round_cap"]:
            left.axvline(f["round_cap"], color="k", linestyle="dotted", linewidth=1)
    left.set_xlabel(say("rounds_axis"))
    left.set_ylabel(say("shorter_axis"))
    left.set_ylim(0, 1.02)
    left.legend(fontsize=8)
    for i, (arm, f) in enumerate(zip(arms, figures, strict=True)):
        m = f["match_rounds"]
        # a median beyond the cap is drawn at the cap with an up arrow: "at least this long"
        right.plot(
            f["players"] + (i - (len(arms) - 1) / 2) * 0.08,
            _median_or_cap(m),
            marker="o" if m["median"] is not None else "^",
            color=COLOURS[i % len(COLOURS)],
            label=arm.label if m["median"] is not None else say("at_least_cap", arm=arm.label),
            linestyle="none",
        )
    players = [f["players"] for f in figures]
    if len(set(players)) == len(players) > 1:
        # a sweep over player counts: join the arms in order of players
        order = np.argsort(players)
        means = [_median_or_cap(figures[j]["match_rounds"]) for j in order]
        right.plot(np.array(players)[order], means, color="#999999", linewidth=0.8, zorder=0)
    right.axvspan(
        min(published) - 0.5,
        max(published) + 0.5,
        color="#eeeeee",
        zorder=-1,
        label=say("published_players", span=_span(published)),
    )
    low, high = min(players + published), max(players + published)
    right.set_xlim(low - 0.7, high + 0.7)
    right.set_xticks(range(low, high + 1))
    right.set_xlabel(say("players_axis"))
    right.set_ylabel(say("median_axis"))
    right.set_ylim(0, max(_median_or_cap(f["match_rounds"]) for f in figures) * 1.15 + 1)
    right.legend(fontsize=8)
    fig.suptitle(heading(ctx, arms, say("length_title")), fontsize=9)
    fig.tight_layout()
    return fig


def figure_option_effects(ctx: Context, arms: list[Arm], figures: list[dict[str, Any]]) -> plt.Figure:
    """Round length, blocked rate and leader advantage side by side for every arm."""
    fig, axes = plt.subplots(1, 3, figsize=(12, 4.5))
    for i, f in enumerate(figures):
        colour = COLOURS[i % len(COLOURS)]
        m = f["moves_per_round"]
        axes[0].bar(i, m["mean"], yerr=_errors([m], "mean"), capsize=3, color=colour)
        b = f["blocked_rounds"]
        axes[1].bar(i, b["p"], yerr=_errors([b]), capsize=3, color=colour)
        r = f["leader_round_wins"]
        even = 1 / f["players"]
        axes[2].bar(i, r["p"] - even, yerr=_errors([r]), capsize=3, color=colour)
    axes[2].axhline(0, color="k", linewidth=0.8)
    for ax, title in zip(
        axes,
        (say("moves_title"), say("blocked_share"), say("leader_minus")),
        strict=True,
    ):
        ax.set_xticks(range(len(arms)))
        ax.set_xticklabels([a.label for a in arms], fontsize=7, rotation=15)
        ax.set_title(title, fontsize=9)
    fig.suptitle(heading(ctx, arms, say("effects_title")), fontsize=9)
    fig.tight_layout()
    return fig


def extras(ctx: Context, arms: list[Arm]) -> Extras:
    """The Tiddly-Wink lines, figures and JSON entries of a report."""
    try:
        data = load_game(ctx.game)
        published = list(data.game.get("published_players", data.player_counts))
    except DataError:
        published = list(range(1, MAX_SEATS + 1))
    figures = [arm_rounds(arm, published) for arm in arms]
    effects = {
        f"{arm.label} vs {arms[0].label}": option_effect(arms[0], arm, figures[0], f)
        for arm, f in zip(arms[1:], figures[1:], strict=True)
    }
    return Extras(
        lines=short_lines(arms, figures, effects),
        figures={
            "rounds_summary": figure_rounds_text(ctx, arms, lines_for(arms, figures, effects, published)),
            "round_wins": figure_round_wins(ctx, arms, figures),
            "blocked_rounds": figure_blocked(ctx, arms, figures),
            "match_length": figure_match_length(ctx, arms, figures, published),
            "option_effects": figure_option_effects(ctx, arms, figures),
        },
        summary={
            "rounds": {arm.label: f for arm, f in zip(arms, figures, strict=True)},
            "option_effects": effects,
        },
    )
