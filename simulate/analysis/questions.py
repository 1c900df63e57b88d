"""Every question of a report at one level, followed round by round: each measure between two arms, and
each arm's first mover and sides against their fair share.

A question (`Ask`) is a measure (`simulate.analysis.measures`) read on two
arms' games, game i of one with game i of the other (the same seeds), or on
one arm's games against a fixed value. `Follow` looks at every question of a
level after each round of games:

- *in rounds* (`sequential=True`): the stopping rule's anytime-valid looks
  (`simulate.analysis.sequential`), so that the p-values stay valid however
  many rounds were looked at and wherever the run stopped;
- *a fixed number of games* (`--games N`): one look with the fixed-sample
  tests of the same estimate: a z test of the difference and two one-sided z
  tests against the minimum effect beside it; for outcomes that are each a yes
  or a no, exact tests: scipy's binomial test of one arm against its fixed
  value (with two one-sided exact tests for equivalence), Fisher's exact test
  of two arms, McNemar's exact test of pairs (statsmodels).

At the first look each question fixes what it is asked for the rest of the
run: whether its arms' games are tested as pairs (`paired.worth_pairing`: the
outcomes correlate enough to change the games a test needs by 10%; the paired
test is valid either way, so choosing it on the first round's correlation
cannot make a false call likelier), and its minimum effect (from the baseline
arm's first round, `measures.min_effect`). The answers (`Answer`) carry the
raw p-values; `simulate.analysis.families` adjusts them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy.stats import norm

from simulate.analysis import sequential as seq
from simulate.analysis.measures import FIRST_MOVER, Measure, between, min_effect, side_measures, yes_no
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.paired import PairSums, correlation, effective_games, worth_pairing
from simulate.analysis.stats import ALPHA, Z80, Z95
from simulate.analysis.tally import ArmTally

HEADLINE = "headline"
OTHERS = "others"


@dataclass(frozen=True)
class Ask:
    """One question: `measure` of arm `b` against arm `a` (game by game), or against `fixed` (a alone
    is None). `owner` names where the report puts it (an arm, or `other vs base`); `family` is the
    multiplicity family (`HEADLINE` or `OTHERS`)."""

    owner: str
    measure: Measure
    a: ArmTally | None
    b: ArmTally
    fixed: float | None = None
    family: str = OTHERS

    @property
    def ident(self) -> str:
        return f"{self.owner}|{self.measure.key}"


@dataclass
class Answer:
    """A question's answer at the last look: the arms' means, the difference b - a (or b - fixed) with
    its 95% interval (anytime-valid in rounds), the raw p-values against no difference and against a
    difference of at least the minimum effect (`p_within`), and how the pairing served."""

    ask: Ask
    delta: float
    paired: bool
    games: int
    a: float
    b: float
    diff: float
    lo: float
    hi: float
    p: float
    p_within: float
    test: str
    sd: float = math.nan  # the spread of one game's difference (of one pair's, paired)
    correlation: float = math.nan
    saved: float = 0.0  # games per arm the pairing saved (0 unpaired)
    state: str = "open"  # the raw state of the last look (`sequential.state_of`)
    need: seq.Need | None = None  # games per arm that would settle it, for a question left open
    sums: PairSums | None = field(default=None, repr=False)
    side: str = ""  # the side that stands for a `seat_balance` slot

    @property
    def constant(self) -> bool:
        """Two arms whose games all gave one and the same value (a game that never draws), or whose games
        never gave it (a game's decisiveness where none was won): nothing to compare, so no slot in a
        family and no line on the page."""
        s = self.sums
        if s is None or self.ask.a is None:
            return False
        return bool(s.n < 2 or (s.var_a == 0 and s.var_b == 0 and s.mean_a == s.mean_b))

    def power_games(self) -> int | None:
        """Games per arm a fixed design needs to tell a change of the minimum effect apart (5%, power
        0.8), at this spread: (z95 + z80)^2 sd^2 / delta^2; None without a spread."""
        if not (math.isfinite(self.sd) and self.sd > 0 and self.delta > 0):
            return None
        n = (Z95 + Z80) ** 2 * self.sd**2 / self.delta**2
        return max(2, int(float(f"{n:.2g}")))


class Follow:
    """The questions of one level, looked at after each round (`look`), in rounds or once."""

    def __init__(self, asks: Sequence[Ask], me: MinEffect, sequential: bool):
        self.asks = list(asks)
        self.me = me
        self.sequential = sequential
        self.questions: dict[str, seq.Question] = {}
        self.looks: dict[str, seq.Look] = {}
        self.answers: dict[str, Answer] = {}
        self.games = 0

    def look(self, n: int) -> None:
        """Read every question on the first `n` games of each arm (every round's so far)."""
        self.games = n
        for ask in self.asks:
            sums = _sums(ask, n)
            if sums.n < 2:  # no pair where both games have the value: nothing to read yet
                self.answers[ask.ident] = _unknown(ask, sums)
                continue
            q = self.questions.get(ask.ident)
            if q is None:
                q = self.questions[ask.ident] = _question(ask, sums, self.me, n)
            if self.sequential:
                self.answers[ask.ident] = self._sequential(ask, q, sums)
            else:
                self.answers[ask.ident] = fixed_answer(ask, q, sums)

    def _sequential(self, ask: Ask, q: seq.Question, sums: PairSums) -> Answer:
        before = self.looks.get(ask.ident)
        now = seq.look(q, sums, before)
        self.looks[ask.ident] = now
        ev = now.evidence
        return _answer(
            ask, q, sums, now.diff, now.lo, now.hi, ev.difference, ev.equivalence, "sequence", now.state
        )

    def need(self, ident: str, alpha: float = ALPHA) -> seq.Need:
        """Games per arm that would settle question `ident` at level `alpha`, were its estimate to hold."""
        answer = self.answers[ident]
        assert answer.sums is not None
        return seq.more_games(self.questions[ident], answer.sums, alpha)


def _sums(ask: Ask, n: int) -> PairSums:
    """The sums of the first `n` pairs whose values are both known: a measure a game may leave unset
    (the observer's decisiveness and drama, of a game with no winner) counts over the pairs that have
    it in both arms."""
    b = ask.b.values(ask.measure.column)[:n]
    a = ask.a.values(ask.measure.column)[:n] if ask.a is not None else np.zeros_like(b)
    known = ~(np.isnan(a) | np.isnan(b))
    return PairSums.of(a[known], b[known])


def _unknown(ask: Ask, sums: PairSums) -> Answer:
    nan = math.nan
    return Answer(ask, nan, False, int(sums.n), nan, nan, nan, nan, nan, 1.0, 1.0, "none", sums=sums)


def _question(ask: Ask, sums: PairSums, me: MinEffect, n: int) -> seq.Question:
    """The question as the first look fixes it: pairing and minimum effect."""
    base = ask.a if ask.a is not None else ask.b
    delta = min_effect(ask.measure, base, me, n)
    paired = ask.a is not None and bool(worth_pairing(sums))
    m = ask.measure
    return seq.Question(ask.ident, delta, m.kind, paired, ask.fixed, m.step)


def _answer(
    ask: Ask,
    q: seq.Question,
    sums: PairSums,
    diff: float,
    lo: float,
    hi: float,
    p: float,
    p_within: float,
    test: str,
    state: str,
) -> Answer:
    n = int(sums.n)
    a = float(sums.mean_a) if ask.a is not None else float(ask.fixed or 0.0)
    sd = float(seq.estimate(q, sums)[1]) if n else math.nan
    r = correlation(sums) if q.paired else math.nan
    saved = effective_games(sums) - n if q.paired and math.isfinite(effective_games(sums)) else 0.0
    return Answer(
        ask,
        q.delta,
        q.paired,
        n,
        a,
        float(sums.mean_b),
        diff,
        lo,
        hi,
        float(p),
        float(p_within),
        test,
        sd,
        r,
        saved,
        state,
        None,
        sums,
    )


def fixed_answer(ask: Ask, q: seq.Question, sums: PairSums) -> Answer:
    """A fixed number of games: the difference with its 95% interval and a z test on the stopping rule's
    estimate and spread, two one-sided z tests against +-delta beside it; where every game is a yes or
    a no, the exact tests instead (the binomial test of one arm against its fixed value, with its two
    one-sided exact tests; Fisher's exact test of two arms; McNemar's of pairs)."""
    diff, sd = (float(x) for x in seq.estimate(q, sums))
    n = int(sums.n)
    se = sd / math.sqrt(n) if n else math.inf
    if n == 0 or not se > 0:
        return _answer(ask, q, sums, diff, diff, diff, 1.0, 1.0, "none", "open")
    p = float(2 * norm.sf(abs(diff) / se))
    p_within = float(max(norm.cdf((diff - q.delta) / se), norm.sf((diff + q.delta) / se)))
    test = "z"
    if _yes_no(ask, n):
        p, p_within, test = _exact(ask, q, sums, p_within)
    state = seq.state_of(seq.Evidence(p, p_within, p_within))
    return _answer(ask, q, sums, diff, diff - Z95 * se, diff + Z95 * se, p, p_within, test, state)


def _yes_no(ask: Ask, n: int) -> bool:
    arms = [ask.b] + ([ask.a] if ask.a is not None else [])
    return all(yes_no(arm.values(ask.measure.column)[:n]) for arm in arms)


def _exact(ask: Ask, q: seq.Question, s: PairSums, p_within: float) -> tuple[float, float, str]:
    """The exact tests of yes-or-no outcomes: (p, p_within, the test's name)."""
    from scipy.stats import binomtest, fisher_exact

    from simulate.analysis.stats import share_between

    n, kb = int(s.n), round(float(s.b))
    if ask.a is None:
        fixed = float(ask.fixed or 0.0)
        within = share_between(kb, n, fixed - q.delta, fixed + q.delta)["p"]
        return float(binomtest(kb, n, fixed).pvalue), float(within), "binomial"
    if q.paired:
        return _mcnemar(s), p_within, "McNemar"
    ka = round(float(s.a))
    table = [[ka, n - ka], [kb, n - kb]]
    return float(fisher_exact(table).pvalue), p_within, "Fisher"


def _mcnemar(s: PairSums) -> float:
    """McNemar's exact test from the sums of 0/1 pairs: a - ab games counted in a alone, b - ab in b."""
    from statsmodels.stats.contingency_tables import mcnemar

    both = round(float(s.ab))
    a_only, b_only = round(float(s.a)) - both, round(float(s.b)) - both
    if a_only + b_only == 0:
        return 1.0
    neither = int(s.n) - both - a_only - b_only
    return float(mcnemar([[both, a_only], [b_only, neither]], exact=True).pvalue)


def seat_slot(answers: Sequence[Answer]) -> Answer:
    """Every side's answer of one owner as one slot, `seat_balance`: the side that moved most stands for
    them (its difference and interval); against no difference, the smallest p-value times the sides
    (Bonferroni: the sides are one question); within the minimum effect, the largest (every side within,
    intersection-union)."""
    most = max(answers, key=lambda a: (abs(a.diff), a.ask.measure.key))
    k = len(answers)
    ask = Ask(most.ask.owner, SEATS, most.ask.a, most.ask.b, most.ask.fixed, most.ask.family)
    p = min(1.0, k * min(a.p for a in answers))
    p_within = max(a.p_within for a in answers)
    state = seq.state_of(seq.Evidence(p, p_within, p_within))
    saved = min(a.saved for a in answers)
    return Answer(
        ask,
        most.delta,
        any(a.paired for a in answers),
        most.games,
        most.a,
        most.b,
        most.diff,
        most.lo,
        most.hi,
        p,
        p_within,
        most.test,
        most.sd,
        most.correlation,
        saved,
        state,
        None,
        None,
        most.ask.measure.key,
    )


SEATS = Measure("seat_balance", "", seq.SHARE)


def slots(follow: Follow) -> dict[str, Answer]:
    """The answers of a level as the families count them: each owner's sides joined in one slot."""
    out: dict[str, Answer] = {}
    sides: dict[str, list[Answer]] = {}
    for ident, answer in follow.answers.items():
        if answer.constant and answer.ask.family != HEADLINE:
            continue
        if answer.ask.measure.key.startswith("side_"):
            sides.setdefault(answer.ask.owner, []).append(answer)
        else:
            out[ident] = answer
    for found in sides.values():
        joined = seat_slot(found)
        out[joined.ask.ident] = joined
    return out


def asks_of(
    arms: Sequence[tuple[str, ArmTally]], metrics: Sequence[str] = (), fair_first: bool = False
) -> list[Ask]:
    """Every question of one level: each arm's first mover and sides against fair, and every measure of
    each arm against the first (`measures.between`), named `other vs base`.

    The headline family holds the first mover's change of each comparison; where no comparison has one
    (a run of one arm, or arms with other seats), or with `fair_first` (a tune's confirmation, which
    asks whether each setting is fair), each arm's first mover against fair.
    """
    base_label, base = arms[0]
    changed = OTHERS if fair_first else HEADLINE
    between_asks = [
        Ask(f"{label} vs {base_label}", m, base, tally, None, changed if m == FIRST_MOVER else OTHERS)
        for label, tally in arms[1:]
        for m in between(base, tally, metrics)
    ]
    alone = HEADLINE if not any(a.family == HEADLINE for a in between_asks) else OTHERS
    own = []
    for label, tally in arms:
        fair = 1 / tally.n_sides
        own.append(Ask(label, FIRST_MOVER, None, tally, fair, alone))
        own += [Ask(label, m, None, tally, fair) for m in side_measures(tally)]
    return own + between_asks
