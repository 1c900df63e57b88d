"""The verdict page in words: one line per question per arm, and per question between arms.

Each finding carries a short `conclusion` key (e.g. `advantage`, `fewer`) so
that a run under two agent sets can say whether a conclusion holds under both.
A difference is called only where the Holm-corrected p-value is below 0.05.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from simulate import stats


@dataclass(frozen=True)
class Finding:
    """One line of the verdict page."""

    question: str
    conclusion: str
    text: str


def pct(x: float) -> str:
    """A share in whole percent, or to a tenth below 1% so that a few games are not read as none."""
    if 0 < x < 0.0005:
        return "under 0.1%"
    if 0 < x < 0.0095:
        return f"{100 * x:.1f}%"
    return f"{100 * x:.0f}%"


def span(r: dict[str, float]) -> str:
    """A rate's interval in percent: `[52, 56]`."""
    return f"[{100 * r['lo']:.0f}, {100 * r['hi']:.0f}]"


def called(test: dict[str, Any]) -> bool:
    p = test.get("p_holm")
    return p is not None and p < stats.ALPHA


def p_of(test: dict[str, Any]) -> str:
    return stats.fmt_p(test.get("p_holm"), test.get("why", ""))


def first_mover(s: dict[str, Any]) -> Finding:
    who = "The first mover" if s["sides"] == s["players"] else "The first mover's team"
    if not s["decided"]:
        return Finding("first mover", "n/a", f"{who}: no game was decided, so there is no share to weigh.")
    r, test, fair = s["position_wins"][0], s["tests"]["first_mover"], s["fair_share"]
    head = f"{who} wins {pct(r['p'])} of decided games {span(r)}"
    if called(test):
        word = "advantage" if r["p"] > fair else "disadvantage"
        article = "an" if word == "advantage" else "a"
        return Finding("first mover", word, f"{head}: {article} {word} ({p_of(test)}).")
    need = stats.games_to_resolve(fair, 0.02, s["decided"] / s["games"])
    more = (
        f"about {need:,} games per arm would resolve a 2-point difference."
        if s["games"] < need
        else f"{s['games']:,} games resolve a 2-point difference, so any edge is smaller."
    )
    return Finding(
        "first mover",
        "none",
        f"{head}: no detectable difference from a fair {pct(fair)} ({p_of(test)}); {more}",
    )


def shared_credit(s: dict[str, Any]) -> Finding:
    who = "the first mover" if s["sides"] == s["players"] else "the first mover's team"
    r = s["position_half_wins"][0]
    return Finding(
        "shared credit",
        "info",
        f"Counting a draw as a shared win, {who} takes {pct(r['p'])} of games {span(r)} "
        f"(fair {pct(s['fair_share'])}).",
    )


def seat_balance(s: dict[str, Any]) -> Finding:
    noun = "Seats" if s["sides"] == s["players"] else "Teams"
    if not s["decided"]:
        return Finding("seat balance", "n/a", f"{noun}: no game was decided, so there is nothing to split.")
    test = s["tests"]["seat_balance"]
    shares = ", ".join(
        f"{name} {pct(r['p'])} {span(r)}" for name, r in zip(s["side_names"], s["side_wins"], strict=True)
    )
    if called(test):
        return Finding(
            "seat balance", "imbalance", f"{noun} of decided games: {shares}: an imbalance ({p_of(test)})."
        )
    return Finding(
        "seat balance",
        "balanced",
        f"{noun} of decided games: {shares}: no detectable imbalance ({p_of(test)}).",
    )


def draws(s: dict[str, Any]) -> Finding:
    r = s["draws"]
    text = f"Draws: {pct(r['p'])} of games {span(r)}."
    if s["capped"]["k"]:
        c = s["capped"]
        text += f" Stopped by a cap: {pct(c['p'])} {span(c)}, counted neither as a win nor as a draw."
    return Finding("draws", "info", text)


def length(s: dict[str, Any]) -> Finding:
    km, moves = s["length"], s["moves"]
    if not km["capped"]:
        return Finding(
            "length", "info", f"Length: median {moves['median']:g} moves (mean {moves['mean']:.1f})."
        )
    share = pct(km["capped"] / km["games"])
    if km["median"] is None:
        return Finding(
            "length",
            "info",
            f"Length: {share} of games were stopped by the cap, so the median length is at least the cap "
            f"({km['at_least']:g} moves); no mean is given for games cut off.",
        )
    return Finding(
        "length",
        "info",
        f"Length: Kaplan-Meier median {km['median']:g} moves, with the {share} of games stopped by the cap "
        "counted as lasting at least until it.",
    )


def median_length(s: dict[str, Any]) -> str:
    """The median length in moves, Kaplan-Meier where a cap cut games off.

    The mean follows when no game was cut off: a shift the test calls is
    often smaller than a move, and two equal medians would not show it.
    """
    km = s["length"]
    if not km["capped"]:
        return f"{s['moves']['median']:g} moves (mean {s['moves']['mean']:.1f})"
    return f"{km['median']:g} moves" if km["median"] is not None else f"at least {km['at_least']:g} moves"


def flow(s: dict[str, Any]) -> Finding | None:
    g = s["generic"]
    parts = []
    if "lead_changes" in g:
        parts.append(f"the lead changed hands {g['lead_changes']['mean']:.1f} times a game")
    if "decisive_at" in g:
        parts.append(f"the winner led for good after {pct(g['decisive_at']['median'])} of the moves (median)")
    if "drama" in g:
        parts.append(f"winners trailed by {g['drama']['mean']:.1f} points at worst (mean)")
    if "spread" in g:
        parts.append(f"the final spread was {g['spread']['mean']:.1f} points (mean)")
    if not parts:
        return None
    return Finding("flow", "info", "Flow: " + "; ".join(parts) + ".")


def arm_findings(s: dict[str, Any]) -> list[Finding]:
    found = [first_mover(s), shared_credit(s), seat_balance(s), draws(s), length(s)]
    extra = flow(s)
    return found + ([extra] if extra else [])


def comparison_findings(
    base: str, other: str, sa: dict[str, Any], sb: dict[str, Any], comp: dict[str, Any]
) -> list[Finding]:
    """What arm `other` changes against the baseline arm `base`, one finding per test."""
    t = comp["tests"]
    out = []
    da, db = sa["draws"], sb["draws"]
    word = "fewer draws" if db["p"] < da["p"] else "more draws"
    out.append(
        _between(
            "draw rate",
            t["draw_rate"],
            word,
            f"Draws: {other} {pct(db['p'])} {span(db)} against {base} {pct(da['p'])} {span(da)}",
        )
    )
    fa, fb = sa["position_wins"][0], sb["position_wins"][0]
    word = "a larger first-mover share" if fb["p"] > fa["p"] else "a smaller first-mover share"
    out.append(
        _between(
            "first mover change",
            t["first_mover"],
            word,
            f"First mover: {other} {pct(fb['p'])} of decided games against {base} {pct(fa['p'])}",
        )
    )
    out.append(
        _between(
            "seat balance change",
            t["seat_balance"],
            "a different split",
            f"Split of decided games between seats: {other} against {base}",
        )
    )
    ma, mb = sa["margin"]["mean"], sb["margin"]["mean"]
    word = "larger margins" if mb > ma else "smaller margins"
    out.append(
        _between(
            "margin", t["margin"], word, f"Winning margin: {other} mean {mb:.2f} against {base} {ma:.2f}"
        )
    )
    # Mann-Whitney's effect is the chance a game of b outlasts one of a; the log-rank test says `longer`
    longer = t["length"].get("longer", t["length"].get("effect", 0.5) > 0.5)
    word = "longer games" if longer else "shorter games"
    la, lb = median_length(sa), median_length(sb)
    out.append(
        _between("length change", t["length"], word, f"Length: {other} median {lb} against {base} {la}")
    )
    return out


def _between(question: str, test: dict[str, Any], word: str, head: str) -> Finding:
    if test.get("p") is None:
        return Finding(question, "n/a", f"{head}: {p_of(test)}.")
    if called(test):
        return Finding(question, word, f"{head}: {word} ({p_of(test)}).")
    return Finding(question, "none", f"{head}: no detectable change ({p_of(test)}).")
