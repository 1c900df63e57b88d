"""How one question's answer changes across skill levels: one of six phrases, or that it turns into draws.

Each level's finding (`simulate.analysis.verdict.Finding`) reads as a mark: +1 or -1
for a difference that matters (its direction), 0 for none that matters (shown
within the minimum effect, or called but smaller), and None where the games
resolve nothing. Over the levels, weakest first:

- *reverses between X and Y*: two resolved levels mark opposite directions
  (X the last of one direction, Y the first of the other);
- *not resolved at level X*: no level is resolved (where some are, the
  phrase of the others is given and this one follows it);
- *appears only under weak play*: a direction at the weaker levels, none
  that matters from some level on;
- *appears only under stronger play*: none that matters at the weaker levels
  and a direction from some level on (its mirror);
- *grows with skill*: one direction throughout whose size at the strongest
  level is beyond its size at the weakest (their intervals apart);
- *holds at every level*: the same mark at every resolved level.

Anything else (a direction, none, the direction again) has no steady trend
and says so. A level the tests leave open but whose estimate lies apart from
a neighbouring level's difference that matters (their intervals do not
overlap) reads as none that matters there, and says why. A change across
levels is an effect of skill only if some pair of adjacent levels between
them is shown to be ordered by the strength check (`ordered[i]` for levels i
and i + 1); otherwise the line says so.

Draws are read too. A level that draws nearly every game (its finding's
state `drawn`: whoever wins the rest, no edge can reach the minimum effect)
has no direction of its own. Where the strongest levels all draw nearly
every game and a weaker level shows a direction, the phrase is *turns into
draws* (the direction at the last level that shows one; the draws at the
first level from which every stronger one draws nearly every game): the
edge did not grow, it was drawn away. Otherwise the other levels are read
as above and the drawn levels named after them; where every level draws
nearly every game, that is the phrase. And where the draw rate rises
between the two levels a phrase names (their intervals apart), the line
says so beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from simulate.analysis.verdict import Finding, magnitude, pct
from simulate.words import say


@dataclass(frozen=True)
class Trend:
    """A question across levels: the phrase's key and its sentence."""

    key: str
    text: str
    skill: bool = False  # whether the change it names spans a pair of levels shown to be ordered


def mark(f: Finding) -> int | None:
    """+1 / -1 for a difference that matters, 0 for none that matters, None where nothing is resolved."""
    if f.state == "matters":
        return f.sign
    if f.state in ("small", "within"):
        return 0
    return None


def _apart(a: Finding, b: Finding) -> bool:
    """Whether two levels' estimates differ beyond both 95% intervals."""
    if a.effect is None or b.effect is None:
        return False
    return a.effect[2] < b.effect[1] or b.effect[2] < a.effect[1]


def marks_of(levels: Sequence[str], found: Sequence[Finding]) -> tuple[list[int | None], list[str]]:
    """Each level's mark and answer. A level the tests leave open, next to a level whose difference
    matters and lying apart from it (their intervals do not overlap), reads as none that matters
    there: its answer says so ("not called, and apart from greedy's")."""
    marks = [mark(f) for f in found]
    answers = [f.answer for f in found]
    for i, f in enumerate(found):
        if marks[i] is not None or f.state != "open":
            continue
        for j in (i - 1, i + 1):
            if 0 <= j < len(found) and mark(found[j]) not in (None, 0) and _apart(f, found[j]):
                marks[i] = 0
                answers[i] = say("answer.apart", level=levels[j])
                break
    return marks, answers


def _answers(levels: Sequence[str], answers: Sequence[str], idx: Sequence[int]) -> str:
    return say("join.parts").join(say("trend.answer", answer=answers[i], level=levels[i]) for i in idx)


def _grows(found: Sequence[Finding], first: int, last: int) -> bool:
    """The strongest level's effect is larger than the weakest's beyond both intervals."""
    a, b = found[first].effect, found[last].effect
    if a is None or b is None:
        return False
    return magnitude(b)[0] > magnitude(a)[1]


def _skill_note(levels: Sequence[str], ordered: Sequence[bool | None], i: int, j: int) -> str:
    """Nothing when some adjacent pair between levels i and j is ordered; else why this is not skill."""
    if any(ordered[k] for k in range(i, j)):
        return ""
    return say("trend.not_skill", x=levels[i], y=levels[j])


def trend(
    levels: Sequence[str],
    found: Sequence[Finding],
    ordered: Sequence[bool | None],
    draws: Sequence[dict[str, float]] | None = None,
) -> Trend:
    """One question's findings at each level (weakest first) as one of the six phrases, or that it turns
    into draws; `draws` (each level's draw rate with its interval) adds where draws rise."""
    drawn = [i for i, f in enumerate(found) if f.state == "drawn"]
    if len(drawn) == len(found):
        answers = [
            say("trend.answer", answer=f.answer, level=lv) for lv, f in zip(levels, found, strict=True)
        ]
        return Trend("drawn", say("trend.drawn", answers=say("join.parts").join(answers)))
    marks, answers = marks_of(levels, found)
    for i in drawn:
        marks[i] = None
    open_levels = _open(levels, marks, drawn)
    tail = len(found)  # the strongest levels that all draw nearly every game start here
    while tail - 1 in drawn:
        tail -= 1
    edge = [i for i in range(tail) if marks[i] not in (None, 0)]
    if tail < len(found) and edge:
        i, j = edge[-1], tail
        key, span = "into draws", (i, j)
        text = say("trend.into_draws", x=levels[i], y=levels[j], a=answers[i], b=answers[j])
        drawn = [k for k in drawn if k < tail]  # the phrase names the strongest ones
    else:
        resolved = [i for i, m in enumerate(marks) if m is not None]
        if not resolved:
            return Trend("unresolved", say("trend.unresolved", levels=open_levels) + _drawn(levels, drawn))
        key, text, span = _phrase(levels, found, answers, marks, resolved)
        if key == "holds" and (open_levels or drawn):
            key, text = "holds_resolved", say("trend.holds_resolved", answer=answers[resolved[0]])
        if span and draws is not None:
            text += _draws_rise(levels, draws, *span)
    text += say("trend.unresolved_also", levels=open_levels) if open_levels else ""
    text += _drawn(levels, drawn)
    note = _skill_note(levels, ordered, *span) if span else ""
    return Trend(key, text + note, bool(span) and not note)


def _open(levels: Sequence[str], marks: Sequence[int | None], drawn: Sequence[int]) -> str:
    """The levels the tests leave unresolved (a level drawing nearly every game is resolved: drawn)."""
    return say("join.list").join(lv for i, (lv, m) in enumerate(zip(levels, marks, strict=True))
                                 if m is None and i not in drawn)  # fmt: skip


def _drawn(levels: Sequence[str], drawn: Sequence[int]) -> str:
    """The levels that draw nearly every game, where the phrase does not already say so."""
    return say("trend.drawn_also", levels=say("join.list").join(levels[i] for i in drawn)) if drawn else ""


def _draws_rise(levels: Sequence[str], draws: Sequence[dict[str, float]], i: int, j: int) -> str:
    """That the draw rate rises from level i to level j, where their intervals lie apart."""
    a, b = draws[i], draws[j]
    if a["hi"] >= b["lo"]:
        return ""
    return say("trend.draws_rise", a=pct(a["p"]), x=levels[i], b=pct(b["p"]), y=levels[j])


def _phrase(
    levels: Sequence[str],
    found: Sequence[Finding],
    answers: Sequence[str],
    marks: Sequence[int | None],
    resolved: list[int],
) -> tuple[str, str, tuple[int, int] | None]:
    """The phrase of the resolved levels: key, sentence and the levels it spans (None for no change)."""
    directed = [i for i in resolved if marks[i] != 0]
    for i, j in zip(directed, directed[1:], strict=False):
        if marks[i] != marks[j]:
            text = say("trend.reverses", x=levels[i], y=levels[j], a=answers[i], b=answers[j])
            return "reverses", text, (i, j)
    pattern = [marks[i] != 0 for i in resolved]
    first, last = resolved[0], resolved[-1]
    if all(pattern) and len(resolved) > 1 and _grows(found, first, last):
        text = say("trend.grows", x=levels[first], y=levels[last], a=answers[first], b=answers[last])
        return "grows", text, (first, last)
    if all(pattern) or not any(pattern):
        return "holds", say("trend.holds", answer=answers[first]), None
    cut = pattern.index(not pattern[0])
    if pattern == [pattern[0]] * cut + [not pattern[0]] * (len(pattern) - cut):
        x, y = resolved[cut - 1], resolved[cut]
        if pattern[0]:
            text = say("trend.weak_only", weak=answers[x], x=levels[x], strong=answers[y], y=levels[y])
            return "weak only", text, (x, y)
        text = say("trend.strong_only", weak=answers[x], x=levels[x], strong=answers[y], y=levels[y])
        return "strong only", text, (x, y)
    text = say("trend.unsteady", answers=_answers(levels, answers, resolved))
    return "unsteady", text, (first, last)
