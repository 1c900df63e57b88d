"""Play until settled: a stopping rule that stays valid when it looks after every round.

A question compares one measure between two arms (or one arm against a fixed
value, such as the fair share): the difference b - a of their means, where
each game gives a value (1 for a first-mover win, 1/2 for a draw, 0 for a
loss; a length in moves; a margin in points). A game stopped by a cap gives
the cap as its length, in both arms alike: the question is then the mean
length up to the cap, which every game tells, not a mean the cap cut off.
Arms play rounds: a growing
number of games per arm, the same seeds in the same order (`rounds`), so the
games behind each look, and so where the rule stops, depend on the data
alone, never on `--jobs`. After each round the rule says, per question:

- `called`: a difference (the 95% confidence sequence leaves out 0);
- `equivalent`: the difference is shown within +/- the minimum effect
  (`--min-effect`; two one-sided tests against +delta and -delta);
- `small`: both (a difference, shown smaller than the minimum effect);
- `open`: neither yet; once the budget is spent, `more_games` says how many
  games per arm would settle it if the estimate and its spread held.

The procedure is an asymptotic confidence sequence (Waudby-Smith, Arbour,
Sinha, Kennedy and Ramdas, "Time-uniform central limit theory and asymptotic
confidence sequences", Annals of Statistics 2024), built on Robbins' normal
mixture (Howard, Ramdas, McAuliffe and Sekhon, Annals of Statistics 2021): the
chance that it ever calls a difference that is not there, or ever shows
equivalence where the difference is the minimum effect, is at most 5% however
many rounds it looks at, and it needs no planned number of games, so a budget
in time, or a rerun that resumes with a larger budget, keeps it valid. Each
test's p-value is anytime-valid (the smallest over the looks so far), so the
p-values go on to `multiplicity` as they are. docs/notes/stopping.md says
why this rather than a group-sequential design, and what it costs.

The spread of the difference is that of the pairs (game i of a with game i of
b, `Question.paired`, see `paired.worth_pairing`) or of two independent arms.
A share's spread is taken as if each arm had one more win and one more loss
(for pairs: half a pair in each cell of the win/loss table, Agresti and Min),
so that an arm that never varies (every game drawn) is not read as certain;
a mean's spread is at least that of values known to a whole unit (1/12 of a
unit squared per arm). No question is settled before `MIN_GAMES` per arm: the
guarantee is asymptotic.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.optimize import brentq
from scipy.special import log_ndtr

from simulate.analysis.paired import PairSums
from simulate.analysis.stats import ALPHA

SHARE = "share"  # each game's value lies in [0, 1]: a win 1, a draw 1/2, a loss 0 (or a shared 1/k)
MEAN = "mean"  # any value: moves, points, a game's own metric
# Games per arm where the boundary is tightest, fixed before any game is played (never from the games,
# or the guarantee goes). The boundary is flat near it: within 10% of its narrowest from 1,000 to
# 20,000 games per arm (docs/notes/stopping.md), where a 2-point question settles.
T_OPT = 5_000
MIN_GAMES = 100
# Rounds: the first, then each about GROWTH times the last, in whole chunks of the runner (64 games)
FIRST_ROUND = 256
GROWTH = 1.5
STEP = 64
T_MAX = 1e9  # games per arm beyond which `more_games` says no budget would settle it


@dataclass(frozen=True)
class Question:
    """One question: a measure's difference b - a between two arms, or b - `fixed` for one arm.

    `delta` is the minimum effect in the measure's unit; `kind` SHARE or MEAN;
    `paired` tests game i of b against game i of a; `unit` is the step the
    values come in (a move, a point) for a MEAN's least spread.
    """

    name: str
    delta: float
    kind: str = SHARE
    paired: bool = False
    fixed: float | None = None
    unit: float = 1.0


@dataclass(frozen=True)
class Evidence:
    """Anytime-valid p-values of one question: against no difference, against a difference of at
    least +delta (`above`) and of at most -delta (`below`). Floats, or arrays of many sequences."""

    difference: Any = 1.0
    above: Any = 1.0
    below: Any = 1.0

    @property
    def equivalence(self) -> Any:
        """Against a difference of at least delta either way: both one-sided tests must reject it."""
        return np.maximum(self.above, self.below)

    def then(self, later: Evidence) -> Evidence:
        """The evidence of every look so far: the smallest p-value of each test."""
        return Evidence(
            np.minimum(self.difference, later.difference),
            np.minimum(self.above, later.above),
            np.minimum(self.below, later.below),
        )


@dataclass(frozen=True)
class Look:
    """What the rule says after one round: the estimate with its 95% confidence sequence's interval
    here, the evidence of every look so far, and the question's state."""

    games: int
    diff: float
    lo: float
    hi: float
    evidence: Evidence
    state: str

    @property
    def settled(self) -> bool:
        return self.state != "open"


def mixing(t_opt: float = T_OPT, alpha: float = ALPHA) -> float:
    """The variance of the normal mixture that makes the two-sided boundary narrowest near `t_opt` games:
    (2 log(1/alpha) + log(1 + 2 log(1/alpha))) / t_opt (Howard et al. 2021)."""
    two_log = 2 * math.log(1 / alpha)
    return (two_log + math.log1p(two_log)) / t_opt


def boundary(t: Any, alpha: float = ALPHA, t_opt: float = T_OPT) -> Any:
    """The confidence sequence's half-width in standard errors at t games per arm: the half-width is
    spread x boundary / sqrt(t), against 1.96 for a fixed number of games."""
    rho = mixing(t_opt, alpha)
    t = np.asarray(t, dtype=float)
    return np.sqrt((t + 1 / rho) * (2 * math.log(1 / alpha) + np.log1p(rho * t)) / t)


def _log_two_sided(t: Any, s: Any, rho: float) -> Any:
    """log of the two-sided normal mixture of exp(l S - l^2 t / 2) over l ~ N(0, rho), for the
    standardised sum S: its reciprocal is a p-value at every look at once (Ville's inequality)."""
    return -0.5 * np.log1p(rho * t) + rho * s * s / (2 * (1 + rho * t))


def _log_one_sided(t: Any, s: Any, rho: float) -> Any:
    """The same mixture over l >= 0 only (half-normal): evidence against the mean being at least the
    value tested, when the standardised sum S below it is positive."""
    return math.log(2) + _log_two_sided(t, s, rho) + log_ndtr(s * np.sqrt(rho / (1 + rho * t)))


def _p(log_mixture: Any) -> Any:
    return np.exp(-np.maximum(log_mixture, 0.0))


def _spread_share(n: Any, total: Any, squares: Any) -> Any:
    """A share's variance as if the arm had one more win and one more loss (Agresti and Caffo)."""
    mean = (total + 1) / (n + 2)
    return (squares + 1) / (n + 2) - mean * mean


def estimate(q: Question, s: PairSums) -> tuple[Any, Any]:
    """The difference b - a (or b - `fixed`) and the standard deviation of one game's difference."""
    if q.fixed is not None:
        diff = s.mean_b - q.fixed
        arms = 1
    else:
        diff = s.mean_b - s.mean_a
        arms = 2
    if q.kind == SHARE:
        if q.fixed is not None:
            var = _spread_share(s.n, s.b, s.bb)
        elif q.paired:
            # half a pair in each cell: the differences gain +1 and -1 (half each) and two zeros
            d, dd = s.b - s.a, s.bb - 2 * s.ab + s.aa
            var = (dd + 1) / (s.n + 2) - (d / (s.n + 2)) ** 2
        else:
            var = _spread_share(s.n, s.a, s.aa) + _spread_share(s.n, s.b, s.bb)
    else:
        if q.fixed is not None:
            var = s.var_b
        else:
            var = s.var_diff if q.paired else s.var_a + s.var_b
        var = np.maximum(var, arms * q.unit**2 / 12)
    return diff, np.sqrt(var)


def evidence(q: Question, s: PairSums, alpha: float = ALPHA, t_opt: float = T_OPT) -> Evidence:
    """The p-values of this look alone (all 1 below `MIN_GAMES` games per arm); vectorised over arrays
    of sums."""
    rho = mixing(t_opt, alpha)
    diff, sd = estimate(q, s)
    t = np.asarray(s.n, dtype=float)
    early = t < MIN_GAMES
    # each test's standardised sum: the gap between the estimate and the value tested, t / sd times
    p_diff = _p(_log_two_sided(t, diff * t / sd, rho))
    p_above = _p(_log_one_sided(t, (q.delta - diff) * t / sd, rho))
    p_below = _p(_log_one_sided(t, (diff + q.delta) * t / sd, rho))
    return Evidence(*(np.where(early, 1.0, p) for p in (p_diff, p_above, p_below)))


def state_of(ev: Evidence, alpha: float = ALPHA) -> str:
    """`called`, `small`, `equivalent` or `open` (see the module's docstring)."""
    called, within = bool(ev.difference <= alpha), bool(ev.equivalence <= alpha)
    if called:
        return "small" if within else "called"
    return "equivalent" if within else "open"


def look(
    q: Question, s: PairSums, before: Look | None = None, alpha: float = ALPHA, t_opt: float = T_OPT
) -> Look:
    """The rule after a round whose games (every round's so far) sum to `s`; `before` is the last look."""
    diff, sd = (float(x) for x in estimate(q, s))
    half = float(sd * boundary(s.n, alpha, t_opt) / math.sqrt(s.n))
    ev = evidence(q, s, alpha, t_opt)
    if before is not None:
        ev = before.evidence.then(ev)
    ev = Evidence(float(ev.difference), float(ev.above), float(ev.below))
    return Look(int(s.n), diff, diff - half, diff + half, ev, state_of(ev, alpha))


def follow(
    q: Question, rounds_sums: Iterable[PairSums], alpha: float = ALPHA, t_opt: float = T_OPT
) -> list[Look]:
    """Look after each round (the sums of every game so far, round by round) until the question is
    settled or the rounds run out; the looks taken."""
    looks: list[Look] = []
    for s in rounds_sums:
        looks.append(look(q, s, looks[-1] if looks else None, alpha, t_opt))
        if looks[-1].settled:
            break
    return looks


@dataclass(frozen=True)
class Need:
    """Games per arm that would settle an open question if its estimate and spread held: in all
    (`games`) and beyond those played (`more`), and how (`call` or `equivalence`); None beyond any
    budget (an estimate at the minimum effect's very edge)."""

    games: int | None
    more: int | None
    by: str


def more_games(q: Question, s: PairSums, alpha: float = ALPHA, t_opt: float = T_OPT) -> Need:
    """How many games per arm would settle the question, were the difference and its spread to stay
    as they are: the fewer of those that would call it and those that would show it within delta."""
    rho = mixing(t_opt, alpha)
    diff, sd = (float(x) for x in estimate(q, s))
    target = math.log(1 / alpha)

    def when(log_mixture: Any) -> float:
        """Fewest games t >= n at which the mixture, with the gap held, reaches 1 / alpha."""
        lo, hi = math.log(max(s.n, MIN_GAMES)), math.log(T_MAX)
        if log_mixture(math.exp(lo)) >= target:
            return math.exp(lo)
        if log_mixture(math.exp(hi)) < target:
            return math.inf
        return math.exp(brentq(lambda x: log_mixture(math.exp(x)) - target, lo, hi))

    call = when(lambda t: _log_two_sided(t, abs(diff) * t / sd, rho)) if diff else math.inf
    gap = q.delta - abs(diff)
    within = when(lambda t: _log_one_sided(t, gap * t / sd, rho)) if gap > 0 else math.inf
    t, by = min((call, "call"), (within, "equivalence"))
    if not math.isfinite(t):
        return Need(None, None, by)
    games = math.ceil(t)
    return Need(games, max(0, games - int(s.n)), by)


def rounds(budget: int, first: int = FIRST_ROUND, growth: float = GROWTH, step: int = STEP) -> list[int]:
    """Games per arm after each round, up to `budget`: `first`, then about `growth` times the last,
    in whole `step`s; the last round is the budget. Fixed before any game is played."""
    if budget < 1:
        raise ValueError(f"a budget is at least one game per arm, got {budget}")
    out = [min(budget, max(MIN_GAMES, first))]
    while out[-1] < budget:
        nxt = max(out[-1] + step, step * math.ceil(out[-1] * growth / step))
        out.append(min(budget, nxt))
    return out
