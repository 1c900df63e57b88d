"""The verdict page in words: one line per question per arm, and per question between arms.

Each finding carries a short `conclusion` key (e.g. `advantage`, `fewer
draws`) so that a run under two agent sets can say whether a conclusion
holds under both, and a `state` that a skill axis reads across levels:

- `matters`: the test calls a difference at least as large as `--min-effect`;
- `small`: the test calls it, but it is smaller than that ("detectable but
  smaller than players would notice");
- `within`: the test does not call it and the equivalence test shows it is
  smaller than the minimum effect ("no difference larger than 2 points");
- `open`: neither test calls anything (the line says how many games would);
- `n/a`: no test is possible (`info` for lines that test nothing);
- `drawn`: the arm draws nearly every game, so many that whoever wins the
  rest no side's score share can leave the minimum effect
  (`score_share.nearly_all_drawn`): the first mover's edge, and any
  imbalance between seats, has turned into draws.

A difference is called only where the Holm-corrected p-value is below 0.05.
The sentences themselves are templates in `simulate.words`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from simulate.analysis import stats
from simulate.analysis.min_effect import DEFAULT, MinEffect
from simulate.analysis.score_share import nearly_all_drawn
from simulate.words import say


@dataclass(frozen=True)
class Finding:
    """One line of the verdict page, and what a skill axis reads of it.

    `sign` is the direction of a difference that matters (+1: an advantage,
    an imbalance, further from fair, more, longer, larger; -1 the other way);
    `effect` the signed estimate with its 95% interval; `answer` a few words
    for a line that reads the question across levels.
    """

    question: str
    conclusion: str
    text: str
    state: str = "info"
    sign: int = 0
    effect: tuple[float, float, float] | None = None
    answer: str = ""


def pct(x: float) -> str:
    """A share in whole percent, or to a tenth below 1% so that a few games are not read as none."""
    if 0 < x < 0.0005:
        return say("pct.under", x="0.1")
    if 0 < x < 0.0095:
        return f"{100 * x:.1f}%"
    return f"{100 * x:.0f}%"


def span(r: dict[str, float]) -> str:
    """A rate's interval in percent: `[52, 56]`."""
    return f"[{100 * r['lo']:.0f}, {100 * r['hi']:.0f}]"


def points(share: float, adj: bool = False) -> str:
    """A difference of shares in percentage points: `2 points`, `0.5 points` (`2-point` as an adjective)."""
    return amount(100 * share, "share", adj)


def amount(x: float, unit: str, adj: bool = False) -> str:
    """A number of `share` (percentage) points, points or moves: `1 point`, `2.5 moves`; `2-point`,
    `2.5-move` as an adjective."""
    n = f"{x:.2g}" if abs(x) < 10 else f"{x:.0f}"
    if adj:
        return say(f"unit.{unit}_adj", n=n)
    return say(f"unit.{unit}" if n == "1" else f"unit.{unit}s", n=n)


def called(test: dict[str, Any]) -> bool:
    p = test.get("p_holm")
    return p is not None and p < stats.ALPHA


def p_of(test: dict[str, Any]) -> str:
    return stats.fmt_p(test.get("p_holm"), test.get("why", ""))


def p_within(test: dict[str, Any]) -> str:
    return say("p.within", p=p_of(test))


def judge(test: dict[str, Any], within: dict[str, Any], size: float, delta: float) -> str:
    """`matters`, `small`, `within`, `open` or `n/a` (see the module's docstring).

    `size` is the estimated difference (never negative), `delta` the smallest
    that matters. An unknown size (NaN) counts as one that matters.
    """
    if called(test):
        return "small" if size < delta else "matters"
    if called(within):
        return "within"
    if test.get("p") is None and within.get("p") is None:
        return "n/a"
    return "open"


def magnitude(effect: tuple[float, float, float]) -> tuple[float, float]:
    """How large an effect is at least and at most, by its interval (at least 0 where it holds 0)."""
    _, lo, hi = effect
    near = 0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi))
    return near, max(abs(lo), abs(hi))


# ------------------------------------------------------------------ one arm
def _who(s: dict[str, Any], lower: bool = False) -> str:
    key = "who.first" if s["sides"] == s["players"] else "who.first_team"
    return say(key + (".lower" if lower else ""))


def _drawn(question: str, text: str, s: dict[str, Any]) -> Finding:
    """A question of an arm that draws nearly every game: its edge has turned into draws."""
    answer = say("answer.drawn", draws=pct(s["draws"]["p"]))
    return Finding(question, "drawn", text, "drawn", answer=answer)


def first_mover(s: dict[str, Any], me: MinEffect = DEFAULT) -> Finding:
    """The first mover's share of decided games against fair, with the equivalence test beside it; where
    nearly every game is drawn, that its edge has turned into draws."""
    who = _who(s)
    if nearly_all_drawn(s["draws"], me.share):
        r = s["draws"]
        text = say("first.drawn", who=who, draws=pct(r["p"]), interval=span(r), delta=points(me.share))
        if s["decided"]:
            won = s["position_wins"][0]["k"]
            text += say("first.drawn_decided", won=f"{won:,}", decided=f"{s['decided']:,}")
        return _drawn("first mover", text, s)
    if not s["decided"]:
        return Finding(
            "first mover", "n/a", say("first.none_decided", who=who), "n/a", answer=say("answer.na")
        )
    r, fair = s["position_wins"][0], s["fair_share"]
    test, within = s["tests"]["first_mover"], s["tests"]["first_mover_within"]
    head = say("first.head", who=who, share=pct(r["p"]), interval=span(r))
    state = judge(test, within, abs(r["p"] - fair), me.share)
    effect = (r["p"] - fair, r["lo"] - fair, r["hi"] - fair)
    key = "advantage" if r["p"] > fair else "disadvantage"
    word = say(f"word.{key}")
    fields = {"head": head, "word": word, "p": p_of(test), "fair": pct(fair), "delta": points(me.share)}
    if state == "matters":
        answer = say(f"answer.{key}", d=points(abs(r["p"] - fair)))
        return Finding(
            "first mover",
            key,
            say("first.matters", **fields),
            state,
            1 if key == "advantage" else -1,
            effect,
            answer,
        )
    if state == "small":
        answer = say("answer.small")
        return Finding("first mover", "small", say("first.small", **fields), state, 0, effect, answer)
    if state == "within":
        text = say("first.within", **fields, p_within=p_within(within))
        return Finding(
            "first mover", "within", text, state, 0, effect, say("answer.within", delta=points(me.share))
        )
    need = stats.games_to_resolve(fair, me.share, s["decided"] / s["games"])
    more = (
        say("more.need", need=f"{need:,}", delta=points(me.share, adj=True))
        if s["games"] < need
        else say("more.enough", games=f"{s['games']:,}", delta=points(me.share, adj=True))
    )
    return Finding(
        "first mover", "none", say("first.open", **fields, more=more), state, 0, effect, say("answer.open")
    )


def shared_credit(s: dict[str, Any]) -> Finding:
    r = s["position_half_wins"][0]
    text = say(
        "credit", who=_who(s, lower=True), share=pct(r["p"]), interval=span(r), fair=pct(s["fair_share"])
    )
    return Finding("shared credit", "info", text)


def side_names(s: dict[str, Any]) -> list[str]:
    """Each side's name in words: `seat 1`, or `team 1 (seats 1, 3)` where seats share a side."""
    if s["sides"] == s["players"]:
        return [say("side.seat", n=seats[0]) for seats in s["side_seats"]]
    return [
        say("side.team", k=k + 1, seats=say("side.join").join(str(n) for n in seats))
        for k, seats in enumerate(s["side_seats"])
    ]


def seat_balance(s: dict[str, Any], me: MinEffect = DEFAULT) -> Finding:
    """Each side's share of decided games, tested against an equal split and for every share within fair;
    where nearly every game is drawn, that any imbalance has turned into draws."""
    noun = say("seats.noun" if s["sides"] == s["players"] else "teams.noun")
    if nearly_all_drawn(s["draws"], me.share):
        r = s["draws"]
        text = say("seats.drawn", noun=noun, draws=pct(r["p"]), interval=span(r), delta=points(me.share))
        return _drawn("seat balance", text, s)
    if not s["decided"]:
        return Finding(
            "seat balance", "n/a", say("seats.none_decided", noun=noun), "n/a", answer=say("answer.na")
        )
    test, within, fair = s["tests"]["seat_balance"], s["tests"]["seat_balance_within"], s["fair_share"]
    shares = say("join.list").join(
        f"{name} {pct(r['p'])} {span(r)}" for name, r in zip(side_names(s), s["side_wins"], strict=True)
    )
    far = [stats.distance_from(r, fair) for r in s["side_wins"]]
    effect = (max(d["d"] for d in far), max(d["lo"] for d in far), max(d["hi"] for d in far))
    state = judge(test, within, effect[0], me.share)
    fields = {
        "head": say("seats.head", noun=noun, shares=shares),
        "p": p_of(test),
        "delta": points(me.share),
        "fair": pct(fair),
    }
    if state == "matters":
        return Finding(
            "seat balance",
            "imbalance",
            say("seats.matters", **fields),
            state,
            1,
            effect,
            say("answer.imbalance"),
        )
    if state == "small":
        return Finding(
            "seat balance", "small", say("seats.small", **fields), state, 0, effect, say("answer.small")
        )
    if state == "within":
        text = say("seats.within", **fields, p_within=p_within(within))
        return Finding(
            "seat balance", "within", text, state, 0, effect, say("answer.within", delta=points(me.share))
        )
    return Finding(
        "seat balance", "balanced", say("seats.open", **fields), state, 0, effect, say("answer.open")
    )


def draws(s: dict[str, Any]) -> Finding:
    r = s["draws"]
    text = say("draws", share=pct(r["p"]), interval=span(r))
    if s["capped"]["k"]:
        c = s["capped"]
        text += say("draws.capped", share=pct(c["p"]), interval=span(c))
    return Finding("draws", "info", text)


def length(s: dict[str, Any]) -> Finding:
    km, moves = s["length"], s["moves"]
    if not km["capped"]:
        return Finding(
            "length", "info", say("length", median=f"{moves['median']:g}", mean=f"{moves['mean']:.1f}")
        )
    share = pct(km["capped"] / km["games"])
    if km["median"] is None:
        return Finding(
            "length", "info", say("length.all_capped", share=share, at_least=f"{km['at_least']:g}")
        )
    return Finding("length", "info", say("length.capped", median=f"{km['median']:g}", share=share))


def median_length(s: dict[str, Any]) -> str:
    """The median length in moves, Kaplan-Meier where a cap cut games off.

    The mean follows when no game was cut off: a shift the test calls is
    often smaller than a move, and two equal medians would not show it.
    """
    km = s["length"]
    if not km["capped"]:
        return say("length.moves", median=f"{s['moves']['median']:g}", mean=f"{s['moves']['mean']:.1f}")
    if km["median"] is not None:
        return say("length.km", median=f"{km['median']:g}")
    return say("length.at_least", at_least=f"{km['at_least']:g}")


def flow(s: dict[str, Any]) -> Finding | None:
    g = s["generic"]
    parts = []
    if "lead_changes" in g:
        parts.append(say("flow.lead", n=f"{g['lead_changes']['mean']:.1f}"))
    if "decisive_at" in g:
        parts.append(say("flow.decisive", share=pct(g["decisive_at"]["median"])))
    if "drama" in g:
        parts.append(say("flow.drama", n=f"{g['drama']['mean']:.1f}"))
    if "spread" in g:
        parts.append(say("flow.spread", n=f"{g['spread']['mean']:.1f}"))
    if not parts:
        return None
    return Finding("flow", "info", say("flow", parts=say("join.parts").join(parts)))


def arm_findings(s: dict[str, Any], me: MinEffect = DEFAULT) -> list[Finding]:
    found = [first_mover(s, me), shared_credit(s), seat_balance(s, me), draws(s), length(s)]
    extra = flow(s)
    return found + ([extra] if extra else [])


# ------------------------------------------------------------------ between arms
@dataclass(frozen=True)
class Change:
    """What one question of a comparison found, before it is put in words."""

    question: str
    test: dict[str, Any]
    within: dict[str, Any]
    head: str
    word: str
    sign: int
    effect: tuple[float, float, float]
    unit: str  # `share`, `point` or `move`
    delta: float
    need: int | None

    def size(self, x: float, adj: bool = False) -> str:
        """A difference in this question's unit: `2 points` (of a share), `1 point`, `3 moves`."""
        return points(x, adj) if self.unit == "share" else amount(x, self.unit, adj)


def closer_or_further(fa: float, fb: float, fair: float) -> str:
    """`closer` or `further` (from fair), `_across` when the two shares lie on either side of fair."""
    word = "closer" if abs(fb - fair) < abs(fa - fair) else "further"
    across = (fa - fair) * (fb - fair) < 0
    return word + ("_across" if across else "")


def mean_change(a: dict[str, float], b: dict[str, float]) -> tuple[float, float, float]:
    """Mean b minus mean a with its 95% normal interval, from each arm's n, mean and sd."""
    d = b["mean"] - a["mean"]
    se = math.sqrt(a["sd"] ** 2 / max(a["n"], 1) + b["sd"] ** 2 / max(b["n"], 1))
    return d, d - stats.Z95 * se, d + stats.Z95 * se


def _pooled_sd(a: dict[str, float], b: dict[str, float]) -> float:
    return math.sqrt((a["sd"] ** 2 + b["sd"] ** 2) / 2)


def sides_moved(rates_a: list[dict[str, Any]], rates_b: list[dict[str, Any]]) -> tuple[float, float, float]:
    """How far the sides' shares moved between two arms: the largest move, and how large the largest
    is at least and at most by the moves' 95% intervals."""
    moved = [
        stats.diff_interval(ra["k"], ra["n"], rb["k"], rb["n"])
        for ra, rb in zip(rates_a, rates_b, strict=False)
    ]
    sizes = [magnitude((m["diff"], m["lo"], m["hi"])) for m in moved if math.isfinite(m["diff"])]
    return (
        max((abs(m["diff"]) for m in moved), default=math.nan),
        max((n for n, _ in sizes), default=math.nan),
        max((f for _, f in sizes), default=math.nan),
    )


def changes(
    base: str, other: str, sa: dict[str, Any], sb: dict[str, Any], comp: dict[str, Any], me: MinEffect
) -> list[Change]:
    """The five questions of a comparison, each with its tests, estimate and minimum effect."""
    t = comp["tests"]
    out = []
    da, db = sa["draws"], sb["draws"]
    dc = comp["draw_rate_change"]
    head = say(
        "change.draws.head", other=other, b=pct(db["p"]), bi=span(db), base=base, a=pct(da["p"]), ai=span(da)
    )
    word = "fewer_draws" if db["p"] < da["p"] else "more_draws"
    pooled = (da["k"] + db["k"]) / max(da["n"] + db["n"], 1)
    out.append(
        Change(
            "draw rate",
            t["draw_rate"],
            t["draw_rate_within"],
            head,
            word,
            1 if db["p"] > da["p"] else -1,
            (dc["diff"], dc["lo"], dc["hi"]),
            "share",
            me.share,
            stats.games_to_settle_rates(pooled, me.share),
        )
    )
    fa, fb, fair = sa["position_wins"][0], sb["position_wins"][0], sb["fair_share"]
    fc = comp.get("first_mover_change", {"diff": math.nan, "lo": math.nan, "hi": math.nan})
    head = say(
        "change.first.head",
        other=other,
        b=pct(fb["p"]),
        bi=span(fb) if fb["n"] else "",
        base=base,
        a=pct(fa["p"]),
        ai=span(fa) if fa["n"] else "",
        fair=pct(fair),
    )
    word = closer_or_further(fa["p"], fb["p"], fair)
    decided = (fa["n"] + fb["n"]) / max(sa["games"] + sb["games"], 1)
    need = stats.games_to_settle_rates(
        (fa["p"] + fb["p"]) / 2 if fa["n"] and fb["n"] else fair, me.share, decided
    )
    out.append(
        Change(
            "first mover change",
            t["first_mover"],
            t["first_mover_within"],
            head,
            word,
            1 if word.startswith("further") else -1,
            (fc["diff"], fc["lo"], fc["hi"]),
            "share",
            me.share,
            need,
        )
    )
    effect = sides_moved(sa["side_wins"], sb["side_wins"])
    head = say("change.seats.head", other=other, base=base)
    out.append(
        Change(
            "seat balance change",
            t["seat_balance"],
            t["seat_balance_within"],
            head,
            "split",
            1,
            effect,
            "share",
            me.share,
            stats.games_to_settle_rates(fair, me.share, decided),
        )
    )
    ma, mb = sa["margin"], sb["margin"]
    head = say("change.margin.head", other=other, b=f"{mb['mean']:.2f}", base=base, a=f"{ma['mean']:.2f}")
    word = "larger_margins" if mb["mean"] > ma["mean"] else "smaller_margins"
    out.append(
        Change(
            "margin",
            t["margin"],
            t["margin_within"],
            head,
            word,
            1 if mb["mean"] > ma["mean"] else -1,
            mean_change(ma, mb),
            "point",
            me.margin,
            stats.games_to_settle_means(_pooled_sd(ma, mb), me.margin),
        )
    )
    # Mann-Whitney's effect is the chance a game of b outlasts one of a; the log-rank test says `longer`
    longer = t["length"].get("longer", t["length"].get("effect", 0.5) > 0.5)
    head = say("change.length.head", other=other, b=median_length(sb), base=base, a=median_length(sa))
    capped = bool(sa["capped"]["k"] or sb["capped"]["k"])
    delta = me.length(sa["moves"]["median"] if not capped else sa["length"]["median"] or math.nan)
    if capped:
        ka, kb = sa["length"]["median"], sb["length"]["median"]
        size = abs(kb - ka) if ka is not None and kb is not None else math.nan
        effect, need = (size, math.nan, math.nan), None
    else:
        effect = mean_change(sa["moves"], sb["moves"])
        need = stats.games_to_settle_means(_pooled_sd(sa["moves"], sb["moves"]), delta)
    out.append(
        Change(
            "length change",
            t["length"],
            t["length_within"],
            head,
            "longer" if longer else "shorter",
            1 if longer else -1,
            effect,
            "move",
            delta,
            need,
        )
    )
    return out


def change_finding(c: Change) -> Finding:
    """One comparison question in words (`change.*` sentences)."""
    size = abs(c.effect[0]) if math.isfinite(c.effect[0]) else math.inf
    state = judge(c.test, c.within, size, c.delta)
    word = say(f"word.{c.word}")
    delta = c.size(c.delta)
    fields = {"head": c.head, "word": word, "p": p_of(c.test), "delta": delta}
    if state == "n/a":
        return Finding(c.question, "n/a", say("change.na", **fields), state, 0, c.effect, say("answer.na"))
    if state == "matters":
        return Finding(
            c.question,
            word,
            say("change.matters", **fields),
            state,
            c.sign,
            c.effect,
            say("answer.change", word=word, d=c.size(size)),
        )
    if state == "small":
        return Finding(
            c.question,
            "small",
            say("change.small", **fields),
            state,
            0,
            c.effect,
            say("answer.change_small", word=word),
        )
    if state == "within":
        text = say("change.within", **fields, p_within=p_within(c.within))
        return Finding(
            c.question, "within", text, state, 0, c.effect, say("answer.change_within", delta=delta)
        )
    if c.need is None:
        return Finding(
            c.question, "none", say("change.open_capped", **fields), state, 0, c.effect, say("answer.open")
        )
    more = say("change.more", need=f"{c.need:,}", delta=c.size(c.delta, adj=True))
    return Finding(
        c.question, "none", say("change.open", **fields, more=more), state, 0, c.effect, say("answer.open")
    )


def comparison_findings(
    base: str,
    other: str,
    sa: dict[str, Any],
    sb: dict[str, Any],
    comp: dict[str, Any],
    me: MinEffect = DEFAULT,
) -> list[Finding]:
    """What arm `other` changes against the baseline arm `base`, one finding per question."""
    return [change_finding(c) for c in changes(base, other, sa, sb, comp, me)]
