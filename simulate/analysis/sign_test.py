"""Which of two agents is stronger, from the games one of them won: a sign test, draws reported beside.

The strength check between adjacent skill levels and every pair of a ladder
ask whether one agent beats the other more often than it loses. Counting a
draw as half a win each and putting the share in a binomial interval mixes
two questions (who wins, and how often nobody does) and treats a drawn game
as two half-games: a level that wins 13 games, loses none and draws 87 reads
58% [50, 65], "not shown to be stronger". Here only decided games speak: under
"equally strong" each is as likely won by either agent, so the stronger
agent's wins among them are binomial with rate 1/2 (scipy's exact
`binomtest`, two-sided), and 13-0 is p = 2 / 2^13 = 0.00024: stronger. The
share of decided games won comes with its Wilson interval, the draw rate with
its own beside it.
"""

from __future__ import annotations

from typing import Any

from scipy.stats import binomtest
from statsmodels.stats.proportion import proportion_confint

from simulate.analysis.stats import ALPHA


def sign_test(wins_a: int, wins_b: int, draws: int) -> dict[str, Any]:
    """Agent b against agent a on their decided games: b's share of them with its 95% Wilson interval,
    the exact two-sided sign test's p, `stronger` (b wins more of them, p below 0.05) and `weaker`
    (b wins fewer), and the draw rate of all their games with its Wilson interval."""
    games = wins_a + wins_b + draws
    decided = wins_a + wins_b
    out: dict[str, Any] = {"games": games, "decided": decided, "wins_a": wins_a, "wins_b": wins_b}
    if games:
        lo, hi = proportion_confint(draws, games, alpha=ALPHA, method="wilson")
        out["draws"] = {"k": draws, "p": draws / games, "lo": float(lo), "hi": float(hi)}
    else:
        out["draws"] = None
    if not decided:
        why = "no game was decided" if games else "no games"
        return out | {
            "share": None,
            "lo": None,
            "hi": None,
            "p": None,
            "stronger": False,
            "weaker": False,
            "why": why,
        }
    lo, hi = proportion_confint(wins_b, decided, alpha=ALPHA, method="wilson")
    p = float(binomtest(int(wins_b), int(decided), 0.5).pvalue)
    return out | {
        "share": wins_b / decided,
        "lo": float(lo),
        "hi": float(hi),
        "p": p,
        "stronger": p < ALPHA and wins_b > wins_a,
        "weaker": p < ALPHA and wins_b < wins_a,
    }
