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

Each question's answer comes from `simulate.analysis.families` (the
answers, with their p-values adjusted in their multiplicity family): a
difference is called only where its adjusted p-value is below 0.05. The
sentences themselves are templates in `simulate.words`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from simulate.analysis import stats
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.score_share import nearly_all_drawn
from simulate.words import display_name, reason, say


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
    """A test's adjusted p-value as a line prints it; a missing one with its reason in the language spoken."""
    p, why = test.get("p_holm"), test.get("why", "")
    if p is not None:
        return stats.fmt_p(p)
    return say("p.none", why=reason(why)) if why else say("p.na")


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


def state_of(a: dict[str, Any]) -> str:
    """An answer's state (see the module's docstring) from its adjusted decisions."""
    if a["test"] == "no test":
        return "n/a"
    if a["called"]:
        return "small" if abs(a["diff"]) < a["delta"] else "matters"
    return "within" if a["equivalent"] else "open"


def share_interval(a: dict[str, Any]) -> str:
    """An arm's share against a fixed value, with the interval of its difference put back on the share:
    `[52, 56]` (in rounds, the confidence sequence's)."""
    lo, hi = max(0.0, a["a"] + a["lo"]), min(1.0, a["a"] + a["hi"])
    return f"[{100 * lo:.0f}, {100 * hi:.0f}]"


def settle_text(a: dict[str, Any]) -> str:
    """How far the games went on a question: settled after n games (a headline question), at n games (a
    fixed number, or a question settled on the way), or not settled, where the run stopped and how many
    more games would settle it."""
    games = f"{a.get('level_games', a['games']):,}"
    if a.get("stopped") == "fixed" or (a["called"] or a["equivalent"]) and not a.get("settled_at"):
        return say("settle.fixed", games=games)
    if a.get("settled_at"):
        return say("settle.after", games=f"{a['settled_at']:,}")
    need = a.get("need")
    edge = need is not None and need.get("more") is None
    # 0 more: with its estimate held, the games played would all but settle it (the next look's few games
    # would), which "about 0 more games" misreads as settled
    close = need is not None and need.get("more") == 0
    if a.get("stopped") == "settled":
        if need is None:
            return say("settle.stopped_plain", games=games)
        if edge:
            return say("settle.stopped_edge", games=games)
        if close:
            return say("settle.stopped_close", games=games)
        return say("settle.stopped", games=games, more=rough(need["more"]))
    budget = say("settle.time", time=a["budget_time"]) if a.get("budget_time") else say("settle.games")
    if need is None:
        return say("settle.budget_plain", games=games, budget=budget)
    if edge:
        return say("settle.edge", games=games, budget=budget)
    if close:
        return say("settle.close", games=games, budget=budget)
    return say("settle.more", games=games, budget=budget, more=rough(need["more"]))


def rough(games: float) -> str:
    """A number of games to two figures, as an estimate is worth: `4,600`."""
    return f"{int(float(f'{games:.2g}')):,}"


def more_text(a: dict[str, Any], unit: str = "share") -> str:
    """What an open question still needs: more games in rounds (`settle_text`), or at a fixed number of
    games the games per arm that would resolve a change of the minimum effect."""
    if a.get("stopped") != "fixed":
        return settle_text(a) + say("join.end")
    delta = points(a["delta"], adj=True) if unit == "share" else amount(a["delta"], unit, adj=True)
    need = a.get("power_games")
    if need is None:
        return ""
    if a["games"] < need:
        return say("more.need", need=f"{need:,}", delta=delta)
    return say("more.enough", games=f"{a['games']:,}", delta=delta)


def drawn_text(s: dict[str, Any]) -> str:
    """`; 3% drawn` beside a share of games, where any game was drawn."""
    return say("first.drawn_share", share=pct(s["draws"]["p"])) if s["draws"]["k"] else ""


def _drawn(question: str, text: str, s: dict[str, Any]) -> Finding:
    """A question of an arm that draws nearly every game: its edge has turned into draws."""
    answer = say("answer.drawn", draws=pct(s["draws"]["p"]))
    return Finding(question, "drawn", text, "drawn", answer=answer)


def _share_effect(s: dict[str, Any], key: str, me: MinEffect | None) -> float:
    """The minimum effect of a share: `me`'s, else the one the answer was asked with."""
    return me.share if me is not None else s["answers"][key]["delta"]


def first_mover(s: dict[str, Any], me: MinEffect | None = None) -> Finding:
    """The first mover's score share over every game (a win 1, a draw half) against fair, with its
    equivalence test beside it (`answers.first_mover`); where nearly every game is drawn, that its edge
    has turned into draws."""
    who = _who(s)
    delta = _share_effect(s, "first_mover", me)
    if nearly_all_drawn(s["draws"], delta):
        r = s["draws"]
        text = say("first.drawn", who=who, draws=pct(r["p"]), interval=span(r), delta=points(delta))
        if s["decided"]:
            won = s["position_wins"][0]["k"]
            text += say("first.drawn_decided", won=f"{won:,}", decided=f"{s['decided']:,}")
        return _drawn("first mover", text, s)
    a = s["answers"]["first_mover"]
    fair = a["a"]
    head = say("first.head", who=who, share=pct(a["b"]), interval=share_interval(a), drawn=drawn_text(s))
    state = state_of(a)
    test, within = s["tests"]["first_mover"], s["tests"]["first_mover_within"]
    effect = (a["diff"], a["lo"], a["hi"])
    key = "advantage" if a["diff"] > 0 else "disadvantage"
    word = say(f"word.{key}")
    fields = {"head": head, "word": word, "p": p_of(test), "fair": pct(fair), "delta": points(a["delta"])}
    if state == "matters":
        answer = say(f"answer.{key}", d=points(abs(a["diff"])))
        sign = 1 if key == "advantage" else -1
        return Finding("first mover", key, say("first.matters", **fields), state, sign, effect, answer)
    if state == "small":
        answer = say("answer.small")
        return Finding("first mover", "small", say("first.small", **fields), state, 0, effect, answer)
    if state == "within":
        text = say("first.within", **fields, p_within=p_within(within))
        answer = say("answer.within", delta=points(a["delta"]))
        return Finding("first mover", "within", text, state, 0, effect, answer)
    text = say("first.open", **fields, more=more_text(a))
    return Finding("first mover", "none", text, state, 0, effect, say("answer.open"))


def decided_games(s: dict[str, Any]) -> Finding:
    """The first mover's share of decided games alone (draws left out), for the record."""
    if not s["decided"]:
        return Finding("decided", "info", say("decided.none", who=_who(s)))
    r = s["position_wins"][0]
    text = say(
        "decided", who=_who(s, lower=True), share=pct(r["p"]), interval=span(r), fair=pct(s["fair_share"])
    )
    return Finding("decided", "info", text)


def side_names(s: dict[str, Any]) -> list[str]:
    """Each side's name in words: `seat 1`, or `team 1 (seats 1, 3)` where seats share a side."""
    if s["sides"] == s["players"]:
        return [say("side.seat", n=seats[0]) for seats in s["side_seats"]]
    return [
        say("side.team", k=k + 1, seats=say("side.join").join(str(n) for n in seats))
        for k, seats in enumerate(s["side_seats"])
    ]


def seat_balance(s: dict[str, Any], me: MinEffect | None = None) -> Finding:
    """Each side's score share (a draw as half), tested against fair and for every share within fair
    (`answers.seat_balance`: the side furthest from fair stands for them); where nearly every game is
    drawn, that any imbalance has turned into draws."""
    noun = say("seats.noun" if s["sides"] == s["players"] else "teams.noun")
    delta = _share_effect(s, "seat_balance", me)
    if nearly_all_drawn(s["draws"], delta):
        r = s["draws"]
        text = say("seats.drawn", noun=noun, draws=pct(r["p"]), interval=span(r), delta=points(delta))
        return _drawn("seat balance", text, s)
    a, fair = s["answers"]["seat_balance"], s["fair_share"]
    test, within = s["tests"]["seat_balance"], s["tests"]["seat_balance_within"]
    shares = say("join.list").join(
        f"{name} {pct(r['p'])} {span(r)}" for name, r in zip(side_names(s), s["side_half_wins"], strict=True)
    )
    near, far = magnitude((a["diff"], a["lo"], a["hi"]))
    effect = (abs(a["diff"]), near, far)
    state = state_of(a)
    fields = {
        "head": say("seats.head", noun=noun, shares=shares),
        "p": p_of(test),
        "delta": points(a["delta"]),
        "fair": pct(fair),
    }
    if state == "matters":
        text = say("seats.matters", **fields)
        return Finding("seat balance", "imbalance", text, state, 1, effect, say("answer.imbalance"))
    if state == "small":
        text = say("seats.small", **fields)
        return Finding("seat balance", "small", text, state, 0, effect, say("answer.small"))
    if state == "within":
        text = say("seats.within", **fields, p_within=p_within(within))
        answer = say("answer.within", delta=points(a["delta"]))
        return Finding("seat balance", "within", text, state, 0, effect, answer)
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


def arm_findings(s: dict[str, Any]) -> list[Finding]:
    found = [first_mover(s), decided_games(s), seat_balance(s), draws(s), length(s)]
    extra = flow(s)
    return found + ([extra] if extra else [])


# ------------------------------------------------------------------ between arms
@dataclass(frozen=True)
class Change:
    """What one question of a comparison found, before it is put in words.

    `key` is the measure's (`first_mover`, `length`, `metric rounds`), `answer` its answer as
    `families.record` wrote it; `more` what an open question still needs, in words (in rounds).
    """

    question: str
    test: dict[str, Any]
    within: dict[str, Any]
    head: str
    word: str
    sign: int
    effect: tuple[float, float, float]
    unit: str  # `share`, `point`, `move`, `lead` or `value`
    delta: float
    need: int | None
    key: str = ""
    answer: dict[str, Any] | None = None
    more: str = ""

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


# The measures of a comparison in the order the page lists them (a game's own metrics after), the
# question names a skill axis and a tune read them by, the unit of each difference, and its words.
ORDER = (
    "first_mover", "seat_balance", "draw_rate", "capped", "length", "margin",
    "lead_changes", "decisive_at", "drama", "spread",
)  # fmt: skip
QUESTIONS = {
    "first_mover": "first mover change",
    "seat_balance": "seat balance change",
    "draw_rate": "draw rate",
    "length": "length change",
}
UNITS = {"length": "move", "margin": "point", "drama": "point", "spread": "point", "lead_changes": "lead"}
WORDS = {
    "draw_rate": ("more_draws", "fewer_draws"),
    "capped": ("more_capped", "fewer_capped"),
    "length": ("longer", "shorter"),
    "margin": ("larger_margins", "smaller_margins"),
    "lead_changes": ("more_lead_changes", "fewer_lead_changes"),
    "decisive_at": ("decided_later", "decided_earlier"),
    "drama": ("more_drama", "less_drama"),
    "spread": ("wider_spread", "narrower_spread"),
}
SHARES = ("first_mover", "seat_balance", "draw_rate", "capped", "decisive_at")


def unit_of(key: str) -> str:
    """A measure's unit in words: `share` (percentage points), `move`, `point`, `lead` or `value`."""
    return "share" if key in SHARES else UNITS.get(key, "value")


def value_text(key: str, x: float) -> str:
    """One arm's mean of a measure as the page shows it: `33%`, `20.4`, `3.17`."""
    if key in SHARES:
        return pct(x)
    return f"{x:.1f}" if abs(x) >= 10 else f"{x:.3g}"


def measure_name(key: str) -> str:
    """A measure's name as a heading: `Lead changes`, or a game's own metric by its name in the language."""
    if key.startswith("metric "):
        return display_name(key.removeprefix("metric "))
    return say(f"mname.{key}")


def ordered(answers: dict[str, dict[str, Any]]) -> list[str]:
    """The measures of a comparison in the page's order."""
    return [k for k in ORDER if k in answers] + [k for k in answers if k not in ORDER]


def change_head(
    key: str, a: dict[str, Any], base: str, other: str, sa: dict[str, Any], sb: dict[str, Any]
) -> str:
    """The head of one measure's finding: the two arms' values."""
    fields = {"other": other, "base": base, "b": value_text(key, a["b"]), "a": value_text(key, a["a"])}
    if key == "first_mover":
        return say("change.first.head", **fields, fair=pct(sb["fair_share"]))
    if key == "seat_balance":
        side = side_names(sb)[int(a["side"].removeprefix("side_")) - 1]
        return say("change.seats.head", **fields, side=side)
    if key in ("draw_rate", "capped", "margin"):
        return say(f"change.{key}.head", **fields)
    if key == "length":
        capped = sa["capped"]["k"] or sb["capped"]["k"]
        return say("change.length_capped.head" if capped else "change.length.head", **fields)
    return say("change.mean.head", **fields, name=measure_name(key))


def change_of(
    key: str,
    a: dict[str, Any],
    tests: dict[str, Any],
    base: str,
    other: str,
    sa: dict[str, Any],
    sb: dict[str, Any],
) -> Change:
    """One measure of a comparison as a `Change`."""
    up = a["diff"] > 0
    if key == "first_mover":
        word = closer_or_further(a["a"], a["b"], sb["fair_share"])
        sign = 1 if word.startswith("further") else -1
    elif key == "seat_balance":
        word, sign = "split", 1
    else:
        word = WORDS.get(key, ("higher", "lower"))[0 if up else 1]
        sign = 1 if up else -1
    fixed = a.get("stopped") == "fixed"
    return Change(
        QUESTIONS.get(key, key),
        tests[key],
        tests[f"{key}_within"],
        change_head(key, a, base, other, sa, sb),
        word,
        sign,
        (a["diff"], a["lo"], a["hi"]),
        unit_of(key),
        a["delta"],
        a.get("power_games") if fixed else None,
        key,
        a,
        "" if fixed else settle_text(a) + say("join.end"),
    )


def changes(
    base: str, other: str, sa: dict[str, Any], sb: dict[str, Any], comp: dict[str, Any]
) -> list[Change]:
    """Every measure of a comparison (`comp["answers"]`), in the page's order, with its tests and minimum
    effect."""
    answers = comp["answers"]
    return [change_of(k, answers[k], comp["tests"], base, other, sa, sb) for k in ordered(answers)]


def paired_note(a: dict[str, Any] | None) -> str:
    """What testing the games as pairs did, where it did: the games it saved, or that it was needed."""
    if not a or not a["paired"]:
        return ""
    r = f"{a['correlation']:.2f}"
    if a["saved"] < 0:
        return say("change.paired_cost", r=r)
    return say("change.paired", r=r, saved=rough(a["saved"])) if a["saved"] >= 1 else ""


def change_finding(c: Change) -> Finding:
    """One comparison question in words (`change.*` sentences), and what pairing its games did."""
    found = _change_finding(c)
    note = paired_note(c.answer)
    return replace(found, text=found.text + say("join.sentences") + note) if note else found


def _change_finding(c: Change) -> Finding:
    size = abs(c.effect[0]) if math.isfinite(c.effect[0]) else math.inf
    state = judge(c.test, c.within, size, c.delta)
    word = say(f"word.{c.word}")
    delta = c.size(c.delta)
    fields = {"head": c.head, "word": word, "p": p_of(c.test), "delta": delta}
    if state == "n/a":
        return Finding(c.question, "n/a", say("change.na", **fields), state, 0, c.effect, say("answer.na"))
    if state == "matters":
        text = say("change.matters", **fields)
        answer = say("answer.change", word=word, d=c.size(size))
        return Finding(c.question, word, text, state, c.sign, c.effect, answer)
    if state == "small":
        text = say("change.small", **fields)
        return Finding(c.question, "small", text, state, 0, c.effect, say("answer.change_small", word=word))
    if state == "within":
        text = say("change.within", **fields, p_within=p_within(c.within))
        return Finding(
            c.question, "within", text, state, 0, c.effect, say("answer.change_within", delta=delta)
        )
    if c.more:
        more = c.more
    elif c.need is not None:
        more = say("change.more", need=f"{c.need:,}", delta=c.size(c.delta, adj=True))
    else:
        text = say("change.open_capped", **fields)
        return Finding(c.question, "none", text, state, 0, c.effect, say("answer.open"))
    text = say("change.open", **fields, more=more)
    return Finding(c.question, "none", text, state, 0, c.effect, say("answer.open"))


def comparison_findings(
    base: str, other: str, sa: dict[str, Any], sb: dict[str, Any], comp: dict[str, Any]
) -> list[Finding]:
    """What arm `other` changes against the baseline arm `base`, one finding per measure."""
    return [change_finding(c) for c in changes(base, other, sa, sb, comp)]
