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
from simulate.report.plotting import plt

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


def _rate(r: dict[str, float]) -> str:
    return f"{r['p']:.3f} [{r['lo']:.3f}, {r['hi']:.3f}]" if r["n"] else "n/a (no rounds to count)"


def _p(p: float | None, why: str = "") -> str:
    return fmt_p(p, why)


def length_text(m: dict[str, Any]) -> str:
    """A censored match length in words: a Kaplan-Meier median, or at least the cap."""
    if m["median"] is None:
        return f"median at least the cap ({m['at_least']:.0f} rounds; most matches capped)"
    return f"Kaplan-Meier median {m['median']:.0f} rounds"


def _median_or_cap(m: dict[str, Any]) -> float:
    return m["median"] if m["median"] is not None else (m["at_least"] or 0.0)


def _span(published: list[int]) -> str:
    return f"{min(published)}-{max(published)}"


def lines_for(
    arms: list[Arm], figures: list[dict[str, Any]], effects: dict[str, Any], published: list[int]
) -> list[str]:
    lines = ["", "Rounds inside matches (pooled over the matches; 95% Wilson intervals):"]
    for arm, f in zip(arms, figures, strict=True):
        n = f["players"]
        where = ("published " if f["published_players"] else "OUTSIDE the published ") + _span(published)
        lines.append(f"{arm.label}: {n} players ({where}), {f['rounds']} rounds in {f['matches']} matches")
        lines.append(
            f"  leader wins a round   {_rate(f['leader_round_wins'])}  even share {1 / n:.3f}, "
            f"advantage {f['leader_advantage']:+.3f}"
        )
        others = ", ".join(f"{r['p']:.3f}" for r in f["round_wins_by_position"][1:])
        lines.append(f"  next seats win        {others}  (clockwise from the leader)")
        lines.append(
            f"  blocked rounds        {_rate(f['blocked_rounds'])}; "
            f"tied {_rate(f['ties_among_blocked'])} of them"
        )
        blocked = f["blocked_wins_by_position"]
        lines.append(
            f"  blocked won by leader {_rate(blocked[0])}; others "
            + ", ".join(f"{r['p']:.3f}" if r["n"] else "n/a (no untied blocked rounds)" for r in blocked[1:])
        )
        m = f["match_rounds"]
        c = f["capped_matches"]
        lines.append(f"  match length          {length_text(m)}, longest {m['max']:.0f}")
        cap = f" (the cap, {f['round_cap']} rounds)" if f["round_cap"] else ""
        lines.append(f"  capped matches        {c['k']} of {c['n']} = {_rate(c)}{cap}")
        s = f["counter_spread"]
        lines.append(
            f"  moves per round       {f['moves_per_round']['mean']:.2f}; bonus tiles "
            f"{f['bonus_plays_per_round']:.3f}, boneyard draws {f['draws_per_round']:.3f} per round; "
            f"counter spread at end {s['mean']:.1f}"
        )
    for name, e in effects.items():
        lines.append(f"{name} (option effects, change from the first arm):")
        if "leader_round_win_rate" in e:
            d = e["leader_round_win_rate"]
            lines.append(
                f"  leader round-win rate {d['diff']:+.4f}  two-proportion {_p(d['p'], d.get('why', ''))}"
            )
        else:
            lines.append(
                f"  leader advantage      {e['leader_advantage']['diff']:+.4f}  (other player count)"
            )
        d = e["blocked_rate"]
        lines.append(
            f"  blocked-round rate    {d['diff']:+.4f}  two-proportion {_p(d['p'], d.get('why', ''))}"
        )
        d = e["moves_per_round"]
        lines.append(f"  moves per round       {d['diff']:+.3f}  Welch {_p(d['p'], d.get('why', ''))}")
        d = e["match_rounds"]
        change = "" if d["diff"] is None or not math.isfinite(d["diff"]) else f"{d['diff']:+.1f} rounds  "
        lines.append(f"  match length          {change}Mann-Whitney {_p(d['p'], d.get('why', ''))}")
    return lines


def short_lines(arms: list[Arm], figures: list[dict[str, Any]], effects: dict[str, Any]) -> list[str]:
    """A few lines for the report's first page; the full set is on the rounds page."""
    lines = ["", "Rounds inside matches (95% Wilson intervals; details on the rounds page):"]
    for arm, f in zip(arms, figures, strict=True):
        m, c = f["match_rounds"], f["capped_matches"]
        lines.append(
            f"  {arm.label}: leader wins {_rate(f['leader_round_wins'])} of rounds "
            f"(even {1 / f['players']:.3f}); blocked {_rate(f['blocked_rounds'])}"
        )
        lines.append(
            f"    match {length_text(m)}, capped {c['k']}/{c['n']}; "
            f"blocked rounds won by the leader {_rate(f['blocked_wins_by_position'][0])}"
        )
    for name, e in effects.items():
        leader = e.get("leader_round_win_rate", e.get("leader_advantage"))
        blocked = e["blocked_rate"]
        lines.append(
            f"  {name}: leader {leader['diff']:+.4f} ({_p(leader['p'], leader.get('why', ''))}), "
            f"blocked {blocked['diff']:+.4f} ({_p(blocked['p'], blocked.get('why', ''))})"
        )
    return lines


def figure_rounds_text(ctx: Context, arms: list[Arm], lines: list[str]) -> plt.Figure:
    """A page with every round-level figure in words."""
    fig = plt.figure(figsize=(8.27, 11.69))
    fig.text(0.06, 0.96, heading(ctx, arms, "rounds inside matches"), fontsize=10, va="top", weight="bold")
    fig.text(0.06, 0.9, "\n".join(lines[1:]), fontsize=7.5, va="top", family="monospace")
    fig.text(0.06, 0.04, ROUND_NOTES, fontsize=8, va="bottom", color="#333333")
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
        ax.bar(x, p, width, yerr=err, capsize=3, color=colour, label=f"{arm.label} ({f['rounds']} rounds)")
        ax.hlines(1 / f["players"], x[0] - width / 2, x[-1] + width / 2, colors="k", linestyles="dotted")
    ax.set_xticks(range(longest))
    ax.set_xticklabels(["leader"] + [f"leader+{k}" for k in range(1, longest)])
    ax.set_ylabel("share of decided rounds won (95% Wilson interval)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    ax.set_title(
        heading(ctx, arms, "round wins by seat from the leader (dotted: an even share)"), fontsize=9
    )
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
    left.set_xticklabels(["rounds blocked", "blocked rounds tied"])
    left.set_ylabel("rate (95% Wilson interval)")
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
    right.set_xticklabels(["leader"] + [f"+{k}" for k in range(1, longest)])
    right.set_ylabel("share of untied blocked rounds won")
    right.set_ylim(0, 1)
    right.legend(fontsize=8)
    fig.suptitle(
        heading(ctx, arms, "blocked rounds: how often, and who wins them (lowest pips)"), fontsize=9
    )
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
        left.step(x, y, where="post", color=colour, label=f"{arm.label} (capped {capped['k']}/{capped['n']})")
    for f in figures:
        if f["round_cap"]:
            left.axvline(f["round_cap"], color="k", linestyle="dotted", linewidth=1)
    left.set_xlabel("rounds in the match (dotted: a round cap that stopped matches)")
    left.set_ylabel("share of matches this short or shorter")
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
            label=arm.label + ("" if m["median"] is not None else " (at least the cap)"),
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
        label=f"published {_span(published)} players",
    )
    low, high = min(players + published), max(players + published)
    right.set_xlim(low - 0.7, high + 0.7)
    right.set_xticks(range(low, high + 1))
    right.set_xlabel("players")
    right.set_ylabel("median rounds per match (Kaplan-Meier)")
    right.set_ylim(0, max(_median_or_cap(f["match_rounds"]) for f in figures) * 1.15 + 1)
    right.legend(fontsize=8)
    fig.suptitle(heading(ctx, arms, "match length in rounds"), fontsize=9)
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
        ("moves per round", "share of rounds blocked", "leader's round-win rate minus an even share"),
        strict=True,
    ):
        ax.set_xticks(range(len(arms)))
        ax.set_xticklabels([a.label for a in arms], fontsize=7, rotation=15)
        ax.set_title(title, fontsize=9)
    fig.suptitle(heading(ctx, arms, "effect of the options on rounds (95% intervals)"), fontsize=9)
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
