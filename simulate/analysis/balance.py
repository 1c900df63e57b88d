"""The balance figures of an arm, from streaming tallies.

Fair shares are taken over *decided* games (one side won alone): a side's
fair share is 1/sides, where a side is a seat or, in a team game, a team. A
second reading counts a draw as a shared win (each of k sides sharing the top
gets 1/k; a game stopped with no winner is shared by all), so that both
"who wins when someone wins" and "how often does a side come out on top"
are on the page. Turn position is the order in which sides first move.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from simulate.analysis import stats
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


def summarize(tally: ArmTally, metric_names: Sequence[str], categories: Sequence[str]) -> dict[str, Any]:
    """The balance figures of one arm; its questions' answers and tests are added by
    `families.record`."""
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
