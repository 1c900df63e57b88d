"""Multiplicity done right: the headline question at its own level, the other measures as a second family,
and a difference test with its equivalence test in one slot.

Each measure brings two tests: its difference (against no change) and its
equivalence (against a change of at least the minimum effect). Both nulls
cannot hold at once (no change is smaller than any minimum effect), so at
most one of the two can be wrongly rejected, and by closed testing the pair
needs one slot of a family, not two: Holm's step-down with Shaffer's logical
constraint multiplies each p-value, in increasing order, by the number of
slots that still hold a test not yet rejected (Shaffer 1986). Where a slot
holds one test, this is Holm's procedure (statsmodels' `multipletests`
gives the same; tests/simulate/test_multiplicity.py checks it against
statsmodels and against the closure itself).

Families are tested separately, each at 5%: the headline family (the data
file's headline comparison, the first mover by default) first and on its
own, so that its answer pays for no other test; the other measures as a
second family (or several, as the caller groups them). Each family keeps
its chance of any false claim within 5%; the report as a whole does not (it
can make one in each family). A stricter gate that let the second family be
tested only after the headline question and kept 5% over both would close it
whenever the headline question is called with a large change (its
equivalence test, rightly not rejected, would hold the gate), and a split of
the 5% would take the headline question off its own level; see
docs/notes/stopping.md.

The p-values may be the stopping rule's anytime-valid ones
(`sequential.Evidence`): each is valid at whatever round the rule stopped,
which is all that Holm and Shaffer ask of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.datafile.template import fill
from simulate.analysis.stats import ALPHA
from simulate.words import spoken

HEADLINE = "headline"


@dataclass(frozen=True)
class Decision:
    """One measure's tests after adjustment: the adjusted p-values (None where there was no test),
    whether its difference is called and whether its equivalence is shown."""

    family: str
    measure: str
    p_difference: float | None
    p_equivalence: float | None
    called: bool
    equivalent: bool


def shaffer_slots(
    slots: Sequence[tuple[float | None, float | None]],
) -> list[tuple[float | None, float | None]]:
    """Adjusted p-values of one family whose slots each hold a difference test and an equivalence test
    (either may be None): Holm's step-down, each p-value multiplied by the slots that still hold a test
    not yet rejected, never below an earlier adjusted one, at most 1."""
    tests = [
        (p, slot, kind) for slot, pair in enumerate(slots) for kind, p in enumerate(pair) if p is not None
    ]
    waiting = Counter(slot for _, slot, _ in tests)  # tests of each slot not yet passed in the order
    adjusted: dict[tuple[int, int], float] = {}
    running = 0.0
    for p, slot, kind in sorted(tests):
        live = sum(1 for left in waiting.values() if left)
        running = max(running, min(1.0, live * p))
        adjusted[slot, kind] = running
        waiting[slot] -= 1
    return [(adjusted.get((slot, 0)), adjusted.get((slot, 1))) for slot in range(len(slots))]


def adjust(
    rows: Sequence[tuple[str, str, float | None, float | None]], alpha: float = ALPHA
) -> list[Decision]:
    """Each (family, measure, p_difference, p_equivalence), adjusted within its family (Holm-Shaffer, one
    slot per measure) at `alpha`: the decisions, the headline family's first, then the others in the order
    they first appear, each family's measures in their given order."""
    families = sorted(dict.fromkeys(row[0] for row in rows), key=lambda f: f != HEADLINE)
    out = []
    for family in families:
        members = [row for row in rows if row[0] == family]
        for (_, measure, _, _), (p_d, p_e) in zip(
            members, shaffer_slots([(row[2], row[3]) for row in members]), strict=True
        ):
            called = p_d is not None and p_d <= alpha
            equivalent = p_e is not None and p_e <= alpha
            out.append(Decision(family, measure, p_d, p_e, called, equivalent))
    return out


WORDS = {
    "en": {
        "headline": "The headline question ({measures}) is tested first, at {alpha} on its own",
        "one_family": "; the other {n} measures form a second family",
        "families": "; the other {n} measures form {k} further families",
        "how": (
            ", with Holm's step-down and Shaffer's constraint within each family (a measure's difference "
            "test and its equivalence test share one slot, as at most one of the two can be wrongly "
            "rejected), so that each family's chance of any false claim stays within {alpha}."
        ),
        "join": ", ",
    },
    "ja": {
        "headline": "見出しの問い（{measures}）はまず単独で有意水準{alpha}で検定し",
        "one_family": "、ほかの{n}個の指標は第二の族として",
        "families": "、ほかの{n}個の指標は{k}個の族に分けて",
        "how": (
            "、族ごとにShafferの論理的制約つきのHolmの逐次棄却法で、各族で一つでも誤った主張をする確率を"
            "{alpha}以内に保つ（ひとつの指標の差の検定と同等性検定は、誤って棄却しうるのが高々一方なので、"
            "ひとつの枠を共有する）。"
        ),
        "join": "、",
    },
}


def sentence(decisions: Sequence[Decision], alpha: float = ALPHA) -> str:
    """What was done, in one sentence, in the language `simulate.words` speaks here."""
    words, where = WORDS[spoken()], f"simulate.analysis.multiplicity {spoken()}"
    level = f"{100 * alpha:g}%"
    headline = [d.measure for d in decisions if d.family == HEADLINE]
    others = [d for d in decisions if d.family != HEADLINE]
    text = fill(words["headline"], {"measures": words["join"].join(headline), "alpha": level}, where)
    families = len(dict.fromkeys(d.family for d in others))
    if families == 1:
        text += fill(words["one_family"], {"n": len(others)}, where)
    elif families > 1:
        text += fill(words["families"], {"n": len(others), "k": families}, where)
    return text + fill(words["how"], {"alpha": level}, where)
