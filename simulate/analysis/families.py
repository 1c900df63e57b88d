"""A report's questions in their multiplicity families, and their answers recorded where the report reads
them.

`decide` gathers the answers of every level (`questions.slots`: each measure's
difference test and equivalence test in one slot, an owner's sides joined in
one) and adjusts them with `multiplicity.adjust`: the headline family (the
first mover's change, or the first mover against fair in a run of one arm)
tested first at its own 5%, every other question in a second family (Holm's
step-down with Shaffer's constraint). `record` writes each answer, with its
adjusted p-values and decisions and what its words need of how the games
went (`Ran`, `extras`), into the arms' summaries (`answers`, `tests`) and the
comparisons (`answers`, `tests`), which the verdict, the figures, the details
page and summary.json read (`judged` does both).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from simulate.analysis.min_effect import DEFAULT, MinEffect
from simulate.analysis.multiplicity import Decision, adjust
from simulate.analysis.questions import HEADLINE, OTHERS, Answer, Ask, Follow, slots
from simulate.analysis.stats import ALPHA

TESTS = {
    "sequence": "confidence sequence",
    "z": "z test",
    "McNemar": "McNemar exact",
    "binomial": "exact binomial",
    "Fisher": "Fisher exact",
    "none": "no test",
}


def decide(follows: Sequence[Follow], family: str | None = None) -> dict[str, Decision]:
    """Every slot of every level's answers adjusted within its family (only `family`'s where given), by
    `level|owner|measure`."""
    rows = [
        (answer.ask.family, f"{level}|{ident}", answer.p, answer.p_within)
        for level, follow in enumerate(follows)
        for ident, answer in slots(follow).items()
        if family is None or answer.ask.family == family
    ]
    return {d.measure: d for d in adjust(rows)}


def settled(follows: Sequence[Follow], level: int, decisions: dict[str, Decision]) -> bool:
    """Whether every headline question of `level` is settled: called, or shown within its minimum
    effect, after the adjustment."""
    heads = [
        decisions[f"{level}|{ident}"]
        for ident, answer in slots(follows[level]).items()
        if answer.ask.family == HEADLINE
    ]
    return bool(heads) and all(d.called or d.equivalent for d in heads)


def live_alpha(decisions: dict[str, Decision], family: str) -> float:
    """The level a question of `family` still open must reach: 5% over the family's slots still open
    (Holm's next step)."""
    left = sum(1 for d in decisions.values() if d.family == family and not (d.called or d.equivalent))
    return ALPHA / max(left, 1)


def answer_dict(answer: Answer, d: Decision | None, extra: dict[str, Any]) -> dict[str, Any]:
    """An answer as the summary and the report hold it."""
    out = {
        "measure": answer.ask.measure.key,
        "family": answer.ask.family,
        "a": answer.a,
        "b": answer.b,
        "diff": answer.diff,
        "lo": answer.lo,
        "hi": answer.hi,
        "delta": answer.delta,
        "games": answer.games,
        "paired": answer.paired,
        "correlation": answer.correlation,
        "saved": answer.saved,
        "test": TESTS[answer.test],
        "p": answer.p,
        "p_within": answer.p_within,
        "p_holm": d.p_difference if d else None,
        "p_within_holm": d.p_equivalence if d else None,
        "called": bool(d and d.called),
        "equivalent": bool(d and d.equivalent),
    }
    if answer.side:
        out["side"] = answer.side
    return out | extra


def tests_of(key: str, a: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """An answer's two tests, as the verdict reads them (`p`, `p_holm`)."""
    paired = ", paired" if a["paired"] else ""
    return {
        key: {"test": a["test"] + paired, "p": a["p"], "p_holm": a["p_holm"]},
        f"{key}_within": {
            "test": "equivalence, " + a["test"] + paired,
            "p": a["p_within"],
            "p_holm": a["p_within_holm"],
        },
    }


def record(
    levels: Sequence[Sequence[tuple[str, dict[str, Any]]]],
    comparisons: dict[str, dict[str, Any]],
    follows: Sequence[Follow],
    decisions: dict[str, Decision],
    extra: dict[str, dict[str, Any]] | None = None,
) -> None:
    """Write every level's answers into its arms' summaries (by label, in `levels`) and into
    `comparisons` (by `other vs base`), with their decisions and any `extra` by `level|owner|measure`."""
    extra = extra or {}
    for level, (arms, follow) in enumerate(zip(levels, follows, strict=True)):
        summaries = dict(arms)
        for ident, answer in slots(follow).items():
            key = f"{level}|{ident}"
            a = answer_dict(answer, decisions.get(key), extra.get(key, {}))
            owner = answer.ask.owner
            if owner in summaries:
                target = summaries[owner]
            else:
                target = comparisons.setdefault(owner, {})
            target.setdefault("answers", {})[a["measure"]] = a
            target.setdefault("tests", {}).update(tests_of(a["measure"], a))


@dataclass
class Ran:
    """How a run's games went: each level's questions (`questions.Follow`), its games per arm, why it
    stopped (`settled`, `budget`, `time` or `fixed`), the games after which each headline question
    settled (by `level|owner|measure`), and a budget in time as words."""

    follows: list[Follow]
    games: list[int]
    stopped: list[str]
    settled_at: dict[str, int]
    budget_time: str | None = None


def asked_once(asks: Sequence[Sequence[Ask]], games: Sequence[int], me: MinEffect = DEFAULT) -> Ran:
    """Every level's questions asked once, of its arms' first `games` games: the fixed design."""
    follows = []
    for level, n in zip(asks, games, strict=True):
        follow = Follow(level, me, sequential=False)
        follow.look(n)
        follows.append(follow)
    return Ran(follows, list(games), ["fixed"] * len(follows), {})


def extras(ran: Ran) -> dict[str, dict[str, Any]]:
    """What each answer's words need beyond its numbers: why its level stopped and at how many games,
    after how many games a headline question settled, and for one left open the games per arm that
    would settle it (in rounds) or resolve a change of the minimum effect (a fixed number)."""
    out: dict[str, dict[str, Any]] = {}
    decisions = decide(ran.follows)
    alpha = {family: live_alpha(decisions, family) for family in (HEADLINE, OTHERS)}
    for k, follow in enumerate(ran.follows):
        for ident, answer in slots(follow).items():
            key = f"{k}|{ident}"
            extra: dict[str, Any] = {
                "stopped": ran.stopped[k],
                "level_games": ran.games[k],
                "power_games": answer.power_games(),
            }
            if ran.stopped[k] == "time" and ran.budget_time:
                extra["budget_time"] = ran.budget_time
            d = decisions[key]
            if key in ran.settled_at:
                extra["settled_at"] = ran.settled_at[key]
            elif ran.stopped[k] != "fixed" and not (d.called or d.equivalent) and ident in follow.questions:
                need = follow.need(ident, alpha[answer.ask.family])
                extra["need"] = {"games": need.games, "more": need.more, "by": need.by}
            out[key] = extra
    return out


def judged(
    levels: Sequence[Sequence[tuple[str, dict[str, Any]]]], ran: Ran
) -> tuple[dict[str, dict[str, Any]], dict[str, Decision]]:
    """Every answer of a run adjusted in its family and recorded in its arms' summaries (by label, in
    `levels`) and in the comparisons returned (by `other vs base`), with the decisions."""
    decisions = decide(ran.follows)
    comparisons: dict[str, dict[str, Any]] = {}
    record(levels, comparisons, ran.follows, decisions, extras(ran))
    return comparisons, decisions
