"""Balance statistics over the games of a run: rates with Wilson intervals, and tests between arms.

Works on the columns of a games CSV (`runner.read_rows`), so it knows no game:
seats, winners, scores, placements, and whatever metrics and score categories
the engine declared.
"""

from __future__ import annotations

import math
import warnings
from typing import Any

import numpy as np
from scipy import stats as sps

Z95 = 1.959963984540054
BOOTSTRAP = 2000


def wilson(k: int, n: int, z: float = Z95) -> dict[str, float]:
    """Rate k/n with its Wilson score interval (95% by default)."""
    if n == 0:
        return {"k": 0, "n": 0, "p": math.nan, "lo": math.nan, "hi": math.nan}
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return {"k": int(k), "n": int(n), "p": p, "lo": max(0.0, centre - half), "hi": min(1.0, centre + half)}


def describe(x: np.ndarray) -> dict[str, float]:
    """Mean with a 95% t interval, standard deviation, median and range."""
    n = len(x)
    if n == 0:
        return {"mean": math.nan, "sd": math.nan, "lo": math.nan, "hi": math.nan, "median": math.nan}
    mean = float(np.mean(x))
    sd = float(np.std(x, ddof=1)) if n > 1 else 0.0
    half = float(sps.t.ppf(0.975, n - 1) * sd / math.sqrt(n)) if n > 1 else 0.0
    return {
        "mean": mean,
        "sd": sd,
        "lo": mean - half,
        "hi": mean + half,
        "median": float(np.median(x)),
        "min": float(np.min(x)),
        "max": float(np.max(x)),
    }


def players_of(cols: dict[str, Any]) -> int:
    return sum(1 for name in cols if name.startswith("score_"))


def winner_sets(cols: dict[str, Any]) -> list[set[int]]:
    """Winning seats of each game, numbered from 0."""
    return [{int(w) - 1 for w in str(ws).split(";") if w} for ws in cols["winners"]]


def seat_win_counts(cols: dict[str, Any]) -> tuple[np.ndarray, int]:
    """Wins per seat (games won outright or by the seat's team) and the number of draws."""
    n = players_of(cols)
    draws = cols["draw"].astype(bool)
    wins = np.zeros(n, dtype=int)
    for won, draw in zip(winner_sets(cols), draws, strict=True):
        if not draw:
            for seat in won:
                wins[seat] += 1
    return wins, int(draws.sum())


def position_wins(cols: dict[str, Any]) -> np.ndarray:
    """Per game and turn position (0 = moved first), 1 if that position won outright."""
    n = players_of(cols)
    first = cols["first_player"].astype(int) - 1
    draws = cols["draw"].astype(bool)
    out = np.zeros((len(first), n), dtype=int)
    for g, (won, f, draw) in enumerate(zip(winner_sets(cols), first, draws, strict=True)):
        if not draw:
            for seat in won:
                out[g, (seat - f) % n] = 1
    return out


def margins(cols: dict[str, Any]) -> np.ndarray:
    """Top score minus the best score of another side (0 for a draw)."""
    n = players_of(cols)
    scores = np.column_stack([cols[f"score_{s + 1}"] for s in range(n)])
    ordered = np.sort(scores, axis=1)
    if n == 1:
        return ordered[:, -1]
    return ordered[:, -1] - ordered[:, -2]


def summarize(
    cols: dict[str, Any], metric_names: tuple[str, ...], categories: tuple[str, ...]
) -> dict[str, Any]:
    """The balance figures of one arm."""
    n = players_of(cols)
    games = len(cols["game"])
    wins, draws = seat_win_counts(cols)
    pos = position_wins(cols)
    scores = {f"seat_{s + 1}": describe(cols[f"score_{s + 1}"]) for s in range(n)}
    all_scores = np.concatenate([cols[f"score_{s + 1}"] for s in range(n)])
    seat_rates = [wilson(int(wins[s]), games) for s in range(n)]
    position_rates = [wilson(int(pos[:, p].sum()), games) for p in range(n)]
    fair = 1 / n
    summary: dict[str, Any] = {
        "games": games,
        "players": n,
        "seat_wins": seat_rates,
        "position_wins": position_rates,
        "draws": wilson(draws, games),
        "first_player_advantage": position_rates[0]["p"] - fair if games else math.nan,
        "largest_seat_gap": float(max(r["p"] for r in seat_rates) - min(r["p"] for r in seat_rates))
        if games
        else math.nan,
        "scores": scores,
        "score_all": describe(all_scores),
        "margin": describe(margins(cols)),
        "moves": describe(cols["moves"]),
        "metrics": {m: describe(cols[m]) for m in metric_names},
        "categories": {
            cat: describe(np.concatenate([cols[f"{cat}_{s + 1}"] for s in range(n)])) for cat in categories
        },
    }
    return summary


def _bootstrap_diff(a: np.ndarray, b: np.ndarray, seed: int) -> dict[str, float]:
    """Difference of means b - a with a percentile bootstrap 95% interval."""
    rng = np.random.default_rng(seed)
    ia = rng.integers(0, len(a), size=(BOOTSTRAP, len(a)))
    ib = rng.integers(0, len(b), size=(BOOTSTRAP, len(b)))
    diffs = b[ib].mean(axis=1) - a[ia].mean(axis=1)
    lo, hi = np.percentile(diffs, [2.5, 97.5])
    return {"diff": float(b.mean() - a.mean()), "lo": float(lo), "hi": float(hi)}


def compare(a: dict[str, Any], b: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    """Tests of arm `b` against arm `a` (the baseline).

    - chi-square on seat wins (wins per seat plus draws), when both arms have the same players;
    - chi-square on wins by turn position (does moving first matter differently?);
    - Mann-Whitney U on margins, with the common-language effect size;
    - Welch's t on game length;
    - bootstrap intervals for the change in mean margin and first-position win rate.
    """
    out: dict[str, Any] = {}
    na, nb = players_of(a), players_of(b)
    if na == nb:
        wa, da = seat_win_counts(a)
        wb, db = seat_win_counts(b)
        out["seat_wins_chi2"] = _chi2(np.array([list(wa) + [da], list(wb) + [db]]))
        pa, pb = position_wins(a), position_wins(b)
        out["position_wins_chi2"] = _chi2(np.array([pa.sum(axis=0), pb.sum(axis=0)]))
        out["first_position_win_diff"] = _bootstrap_diff(pa[:, 0].astype(float), pb[:, 0].astype(float), seed)
    ma, mb = margins(a), margins(b)
    if len(ma) and len(mb):
        u = sps.mannwhitneyu(mb, ma, alternative="two-sided")
        out["margin_mannwhitney"] = {
            "u": float(u.statistic),
            "p": float(u.pvalue),
            "effect": float(u.statistic / (len(ma) * len(mb))),
        }
        out["margin_diff"] = _bootstrap_diff(ma, mb, seed + 1)
        out["moves_welch"] = welch(a["moves"], b["moves"])
    return out


def welch(a: np.ndarray, b: np.ndarray) -> dict[str, float | None]:
    """Difference of means b - a with Welch's t test; no test where it cannot say anything.

    With fewer than two values in an arm, or every value the same in both, the
    p-value is None rather than a number scipy warns is unreliable.
    """
    diff = float(np.mean(b) - np.mean(a)) if len(a) and len(b) else math.nan
    if len(a) < 2 or len(b) < 2 or (np.ptp(a) == 0 and np.ptp(b) == 0):
        return {"diff": diff, "t": None, "p": None}
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Precision loss", RuntimeWarning)
        t = sps.ttest_ind(b, a, equal_var=False)
    return {"diff": diff, "t": _finite(t.statistic), "p": _finite(t.pvalue)}


def _finite(x: float) -> float | None:
    x = float(x)
    return x if math.isfinite(x) else None


def _chi2(table: np.ndarray) -> dict[str, Any]:
    keep = table.sum(axis=0) > 0
    table = table[:, keep]
    if table.shape[1] < 2 or (table.sum(axis=1) == 0).any():
        return {"chi2": None, "dof": 0, "p": None}
    res = sps.chi2_contingency(table)
    return {"chi2": float(res.statistic), "dof": int(res.dof), "p": float(res.pvalue)}
