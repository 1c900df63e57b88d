"""The balance figures of an arm and the tests between arms, from streaming tallies.

Fair shares are taken over *decided* games (one side won alone): a side's
fair share is 1/sides, where a side is a seat or, in a team game, a team. A
second reading counts a draw as a shared win (each of k sides sharing the top
gets 1/k; a game stopped with no winner is shared by all), so that both
"who wins when someone wins" and "how often does a side come out on top"
are on the page. Turn position is the order in which sides first move.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from simulate.analysis import stats
from simulate.analysis.min_effect import DEFAULT, MinEffect
from simulate.analysis.tally import ArmTally

GENERIC_METRICS = ("lead_changes", "decisive_at", "drama", "spread")


def side_names(sides: Sequence[int]) -> list[str]:
    """`seat 1`, ... or `team 1 (seats 1, 3)` when seats share a side."""
    n_sides = len(set(sides))
    if n_sides == len(sides):
        return [f"seat {s + 1}" for s in range(n_sides)]
    return [
        f"team {k + 1} (seats {', '.join(str(s + 1) for s, side in enumerate(sides) if side == k)})"
        for k in range(n_sides)
    ]


def positions_of_sides(sides: Sequence[int], first: int) -> list[int]:
    """Turn position (0 = moved first) of each side when seat `first` opens."""
    n = len(sides)
    opening: dict[int, int] = {}
    for k in range(n):
        opening.setdefault(sides[(first + k) % n], k)
    order = sorted(opening, key=opening.__getitem__)
    return [order.index(side) for side in range(len(order))]


def outcome_counts(tally: ArmTally) -> dict[str, Any]:
    """Wins by side and by turn position over decided games, shared credit over all games."""
    k_sides = tally.n_sides
    side_wins = np.zeros(k_sides, dtype=int)
    position_wins = np.zeros(k_sides, dtype=int)
    side_credit = np.zeros(k_sides)
    position_credit = np.zeros(k_sides)
    draws = capped = decided = 0
    for (first, winners, draw, cap), count in tally.outcomes.items():
        won = sorted({tally.sides[int(w) - 1] for w in winners.split(";") if w})
        position = positions_of_sides(tally.sides, first - 1)
        capped += count * cap
        # a game stopped by a cap names at most a leader, not a winner: it is neither decided nor drawn
        draws += count * draw * (1 - cap)
        if won and not draw and len(won) == 1 and not cap:
            decided += count
            side_wins[won[0]] += count
            position_wins[position[won[0]]] += count
        sharers = won if won and not cap else list(range(k_sides))
        for side in sharers:
            side_credit[side] += count / len(sharers)
            position_credit[position[side]] += count / len(sharers)
    return {
        "decided": decided,
        "draws": draws,
        "capped": capped,
        "side_wins": side_wins,
        "position_wins": position_wins,
        "side_credit": side_credit,
        "position_credit": position_credit,
    }


def summarize(
    tally: ArmTally,
    metric_names: Sequence[str],
    categories: Sequence[str],
    min_effect: MinEffect = DEFAULT,
) -> dict[str, Any]:
    """The balance figures of one arm, with the arm's own tests (p-values before correction).

    Beside each test of a difference from fair stands its equivalence test
    (`..._within`): is the share within `min_effect.share` of fair?
    """
    c = outcome_counts(tally)
    games, decided, k_sides = tally.games, c["decided"], tally.n_sides
    fair = 1 / k_sides
    side_rates = [stats.wilson(int(k), decided) for k in c["side_wins"]]
    position_rates = [stats.wilson(int(k), decided) for k in c["position_wins"]]
    first = position_rates[0]
    summary: dict[str, Any] = {
        "games": games,
        "players": tally.players,
        "sides": k_sides,
        "side_names": side_names(tally.sides),
        "side_seats": [[s + 1 for s, side in enumerate(tally.sides) if side == k] for k in range(k_sides)],
        "fair_share": fair,
        "decided": decided,
        "side_wins": side_rates,
        "position_wins": position_rates,
        "side_half_wins": [stats.wilson(float(k), games) for k in c["side_credit"]],
        "position_half_wins": [stats.wilson(float(k), games) for k in c["position_credit"]],
        "draws": stats.wilson(c["draws"], games),
        "capped": stats.wilson(c["capped"], games),
        "first_player_advantage": first["p"] - fair if decided else math.nan,
        "largest_seat_gap": float(max(r["p"] for r in side_rates) - min(r["p"] for r in side_rates))
        if decided
        else math.nan,
        "tests": {
            "first_mover": stats.binomial(int(c["position_wins"][0]), decided, fair),
            "first_mover_within": stats.tost_share(
                int(c["position_wins"][0]), decided, fair, min_effect.share
            ),
            "seat_balance": stats.equal_shares([int(k) for k in c["side_wins"]]),
            "seat_balance_within": stats.all_within(
                [stats.tost_share(int(k), decided, fair, min_effect.share) for k in c["side_wins"]],
                "side's share",
            ),
        },
        "scores": {f"seat_{s + 1}": tally.describe(f"score_{s + 1}") for s in range(tally.players)},
        "side_scores": {f"side_{k + 1}": tally.describe(f"side_score_{k + 1}") for k in range(k_sides)},
        "margin": tally.describe("margin"),
        "moves": tally.describe("moves"),
        "length": stats.km_median(tally.lengths),
        "metrics": {m: tally.describe(m) for m in metric_names if m in tally.columns},
        "generic": {m: tally.describe(m) for m in GENERIC_METRICS if tally.has_values(m)},
        "categories": {cat: _pooled(tally, cat) for cat in categories},
    }
    summary["score_all"] = _pooled(tally, "score")
    return summary


def _pooled(tally: ArmTally, prefix: str) -> dict[str, float]:
    """Mean and spread of a per-seat column pooled over seats (mean of the seats' means)."""
    parts = [tally.columns[f"{prefix}_{s + 1}"] for s in range(tally.players)]
    n = sum(p.n for p in parts)
    if n == 0:
        return stats.describe(np.array([]))
    mean = sum(p.total for p in parts) / n
    m2 = sum(p.m2 + p.n * (p.mean - mean) ** 2 for p in parts)
    sample = np.concatenate([tally.cols()[f"{prefix}_{s + 1}"] for s in range(tally.players)])
    return stats.from_moments(
        n, mean, m2, float(np.median(sample)), min(p.low for p in parts), max(p.high for p in parts)
    )


def compare(
    a: ArmTally,
    b: ArmTally,
    sa: dict[str, Any],
    sb: dict[str, Any],
    min_effect: MinEffect = DEFAULT,
) -> dict[str, Any]:
    """Arm b against the baseline a: one test per question (p-values before correction).

    Each test of a change has its equivalence test beside it (`..._within`):
    is the change smaller than `min_effect` allows?
    """
    tests: dict[str, Any] = {}
    share = min_effect.share
    tests["draw_rate"] = stats.fisher(sa["draws"]["k"], sa["games"], sb["draws"]["k"], sb["games"])
    tests["draw_rate_within"] = stats.tost_rates(
        sa["draws"]["k"], sa["games"], sb["draws"]["k"], sb["games"], share
    )
    out: dict[str, Any] = {
        "draw_rate_change": stats.diff_interval(sa["draws"]["k"], sa["games"], sb["draws"]["k"], sb["games"])
    }
    if a.sides == b.sides:
        fa, fb = sa["position_wins"][0], sb["position_wins"][0]
        tests["first_mover"] = stats.fisher(fa["k"], fa["n"], fb["k"], fb["n"])
        tests["first_mover_within"] = stats.tost_rates(fa["k"], fa["n"], fb["k"], fb["n"], share)
        out["first_mover_change"] = stats.diff_interval(fa["k"], fa["n"], fb["k"], fb["n"])
        table = np.array([[r["k"] for r in sa["side_wins"]], [r["k"] for r in sb["side_wins"]]])
        tests["seat_balance"] = stats.contingency(table)
        tests["seat_balance_within"] = stats.all_within(
            [
                stats.tost_rates(ra["k"], ra["n"], rb["k"], rb["n"], share)
                for ra, rb in zip(sa["side_wins"], sb["side_wins"], strict=True)
            ],
            "side's share",
        )
    else:
        why = "the arms have different seats or teams"
        tests["first_mover"] = {"test": "Fisher exact", "p": None, "why": why}
        tests["first_mover_within"] = {"test": "equivalence", "p": None, "why": why}
        tests["seat_balance"] = {"test": "chi-square", "p": None, "why": why}
        tests["seat_balance_within"] = {"test": "equivalence", "p": None, "why": why}
    ha, hb = a.columns["margin"].hist, b.columns["margin"].hist
    if ha is not None and hb is not None:
        tests["margin"] = stats.mann_whitney(ha, hb)
    else:
        tests["margin"] = stats.mann_whitney(_counts(a.cols()["margin"]), _counts(b.cols()["margin"]))
    tests["margin_within"] = stats.tost_means(sa["margin"], sb["margin"], min_effect.margin)
    out["margin_change"] = sb["margin"]["mean"] - sa["margin"]["mean"]
    if sa["capped"]["k"] or sb["capped"]["k"]:
        tests["length"] = stats.log_rank(a.lengths, b.lengths)  # a cap censored lengths
        why = "lengths cut by a cap have no mean to compare"
        tests["length_within"] = {"test": "equivalence", "p": None, "why": why}
    else:
        ma, mb = a.columns["moves"].hist, b.columns["moves"].hist
        if ma is None or mb is None:
            ma, mb = _counts(a.cols()["moves"]), _counts(b.cols()["moves"])
        tests["length"] = stats.mann_whitney(ma, mb)
        delta = min_effect.length(sa["moves"]["median"])
        tests["length_within"] = stats.tost_means(sa["moves"], sb["moves"], delta)
    out["tests"] = tests
    return out


def _counts(values: np.ndarray) -> Counter[float]:
    return Counter(values[~np.isnan(values)].tolist())


def apply_holm(summaries: dict[str, dict[str, Any]], comparisons: dict[str, dict[str, Any]]) -> int:
    """Holm-adjust every test of the report in place (`p_holm`); return how many tests there are."""
    family = [t for s in summaries.values() for t in s["tests"].values()]
    family += [t for c in comparisons.values() for t in c["tests"].values()]
    adjusted = stats.holm([t["p"] for t in family])
    for test, p in zip(family, adjusted, strict=True):
        test["p_holm"] = p
    return sum(1 for t in family if t["p"] is not None)
