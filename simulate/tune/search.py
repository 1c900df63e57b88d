"""The search of a tune: Optuna's TPE sampler proposing settings, successive halving spending the games.

Games are noisy, so no single measurement of a setting is trusted. The search
runs in rounds. Each round asks the sampler for `width` settings (the first
round of a space of at most `GRID` settings takes every setting instead),
adds up to `width`/2 settings next to the three best so far (one knob one
step away, or another choice of one knob) not yet measured, and races them
by successive halving: every contender is played to `first` games, the best
1/`eta` go on to `eta` times as many, and so on until one is left or `rungs`
steps are played. After the race the `keep` most hopeful settings that are
still *open* (measured too little to be ruled out against the best so far:
two standard errors either way; the best always is) get twice the games they
have, so the games go where the answer is still in doubt, and a good setting
that started unlucky is measured again rather than forgotten. A setting keeps
its games from round to round (game i of a setting is always the same game).
The trials are then told their setting's objective at the games it got, and
the next round's proposals learn from them.

Rounds go on until `explore` of the budget is spent (or a round adds no
game); then the `final` most hopeful open settings race on the rest of the
budget, as many games each as the most measured of them and then `eta` times
more, the better 1/`eta` going on (two at least, to the last game of the
budget), so that the answer rests on thousands of games, not on the luck of
a few hundred.

Everything is a function of the seed and the games: the sampler is built anew
for each proposal, seeded from (seed, trial number), and reads only the study
(`optuna.storages`: a SQLite file in the run folder). So a tune that is
interrupted replays its finished rounds from the study and the games already
played (nothing is played twice), asks only what it had not asked, and ends
as an uninterrupted one does.

The search knows no game: `evaluate(setting, start, stop)` measures a
setting's games start..stop-1 (playing what is missing). `simulate.tune.ntbea`
searches the same space and budget with TAG's NTBEA, to compare.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from simulate.tune.space import Setting, Space


@dataclass(frozen=True)
class Estimate:
    """A setting's objective over some of its games, its standard error, and how many games."""

    value: float
    se: float
    games: int

    @property
    def pessimistic(self) -> float:
        """The objective one standard error on the worse side: how finalists are ranked, so that a
        setting measured on few games cannot come first on luck alone."""
        return self.value + (self.se if math.isfinite(self.se) else 1e9)


Evaluate = Callable[[Setting, int, int], Estimate]


@dataclass(frozen=True)
class Trial:
    """One step of the search's history: a setting measured at a number of games."""

    number: int
    round: int
    setting: Setting
    estimate: Estimate
    how: str  # "proposed" (by the sampler), "grid" (every setting), "kept" (a best so far), "ntbea"


@dataclass
class Book:
    """What has been played: each setting's games (game 0 to n-1 of its own seeds) and latest estimate."""

    evaluate: Evaluate
    budget: int
    games: dict[Setting, int] = field(default_factory=dict)
    estimates: dict[Setting, Estimate] = field(default_factory=dict)
    on_games: Callable[[int], None] | None = None

    @property
    def spent(self) -> int:
        return sum(self.games.values())

    @property
    def left(self) -> int:
        return max(0, self.budget - self.spent)

    def raise_to(self, setting: Setting, n: int) -> Estimate | None:
        """Play `setting` to `n` games (fewer if the budget runs out) and measure all of them."""
        have = self.games.get(setting, 0)
        n = min(n, have + self.left)
        if n > have:
            self.games[setting] = n
            self.estimates[setting] = self.evaluate(setting, 0, n)
            if self.on_games:
                self.on_games(n - have)
        return self.estimates.get(setting)

    def add_block(self, setting: Setting, block: int) -> Estimate | None:
        """Play `block` more games of `setting` and measure those alone (NTBEA's one evaluation)."""
        have = self.games.get(setting, 0)
        n = min(have + block, have + self.left)
        if n <= have:
            return None
        self.games[setting] = n
        self.estimates[setting] = self.evaluate(setting, 0, n)
        if self.on_games:
            self.on_games(n - have)
        return self.evaluate(setting, have, n)

    def open_ones(self) -> list[Setting]:
        """Settings measured too little to rule out: their objective two standard errors on the better
        side is below the best setting's two on the worse side. Best (lowest that way) first."""
        if not self.estimates:
            return []
        best = min(e.value + 2 * e.se for e in self.estimates.values())
        hopeful = {s: e.value - 2 * e.se for s, e in self.estimates.items()}
        return sorted((s for s, low in hopeful.items() if low < best), key=lambda s: (hopeful[s], s))

    def ranked(self) -> list[Setting]:
        """Every measured setting, best (lowest pessimistic objective) first."""
        return sorted(self.estimates, key=lambda s: (self.estimates[s].pessimistic, s))


GRID = 16  # a space of at most this many settings is measured whole in the first round


@dataclass(frozen=True)
class Halving:
    """How a round races its contenders."""

    first: int = 128  # games a contender gets first
    eta: int = 2  # 1/eta go on to eta times the games
    rungs: int = 3  # a round's race plays first, eta x first, ... games: this many steps at most
    width: int = 8  # settings proposed per round
    keep: int = 3  # open settings whose games each round doubles
    explore: float = 0.7  # share of the budget for rounds of proposals; the rest for the final race
    final: int = 4  # best settings that run the final race

    @property
    def top(self) -> int:
        """The most games a round's race gives a setting."""
        return self.first * self.eta ** (self.rungs - 1)


def race(book: Book, contenders: Sequence[Setting], plan: Halving) -> None:
    """Successive halving of `contenders` (distinct settings, in order) within the book's budget."""
    alive = list(contenders)
    n = plan.first
    while alive and book.left:
        for setting in alive:
            book.raise_to(setting, n)
        alive = [s for s in alive if s in book.estimates]
        alive.sort(key=lambda s: (book.estimates[s].value, s))
        if len(alive) <= 1 or n >= plan.top:
            return
        alive = alive[: max(1, math.ceil(len(alive) / plan.eta))]
        n = min(n * plan.eta, plan.top)


def load_optuna() -> Any:
    """Optuna, imported when a search starts (about 0.7 s), its log lines and experimental warnings quiet."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    return optuna


def distributions(space: Space) -> dict[str, Any]:
    """The sampler's view of the space: a numeric knob is ordered (its value's index), a choice is not."""
    dist = load_optuna().distributions
    return {
        k.key: dist.IntDistribution(0, len(k.values) - 1)
        if k.numeric
        else dist.CategoricalDistribution(list(range(len(k.values))))
        for k in space.knobs
    }


def proposal_seed(seed: int, number: int) -> int:
    """The sampler's seed for trial `number` of a tune with `seed`."""
    return int(np.random.SeedSequence([seed, 0x7475, number]).generate_state(1)[0])


class OptunaSearch:
    """Rounds of proposals and races over `space`, recorded in `study` (see the module's docstring)."""

    def __init__(self, study: Any, space: Space, book: Book, seed: int, plan: Halving = Halving()):
        self.study = study
        self.space = space
        self.book = book
        self.seed = seed
        self.plan = plan
        self.history: list[Trial] = []
        self._dist = distributions(space)

    def run(self, max_rounds: int = 1000) -> list[Trial]:
        """Rounds of proposals until `explore` of the budget is spent (or a round plays nothing), then the
        final race; the history."""
        number = 0
        while number < max_rounds and self.book.spent < self.plan.explore * self.book.budget:
            before = self.book.spent
            if not self.round(number) or self.book.spent == before:
                break
            number += 1
        self.final(number)
        return self.history

    def final(self, r: int) -> None:
        """The `final` most hopeful open settings raced on the rest of the budget: all raised to the games
        of the most measured of them (then eta times more), the better 1/eta kept, two at least."""
        book = self.book
        alive = book.open_ones()[: self.plan.final]
        n = max((book.games[s] for s in alive), default=0)
        while len(alive) > 1 and book.left:
            if all(book.games[s] >= n for s in alive):
                n *= self.plan.eta
            # a last rung the budget cannot pay in full is shared out evenly
            n = min(n, (sum(book.games[s] for s in alive) + book.left) // len(alive))
            if all(book.games[s] >= n for s in alive):
                break
            for s in alive:
                book.raise_to(s, n)
            alive.sort(key=lambda s: (book.estimates[s].value, s))
            for s in alive:
                self._record(r, s, "final")
            alive = alive[: max(2, math.ceil(len(alive) / self.plan.eta))]

    def round(self, r: int) -> bool:
        """Round `r`: propose, race the new settings, double the open ones, tell. False when it had nothing
        to play."""
        grid = r == 0 and self.space.size <= GRID
        if grid:
            proposed = list(self.space.settings())
            trials: list[Any] = []
        else:
            trials = self._ask(r)
            proposed = [self._setting(t.params) for t in trials]
        ranked = self.book.ranked()
        near = [s for best in ranked[:3] for s in self.space.neighbours(best) if s not in self.book.estimates]
        near = list(dict.fromkeys(s for s in near if s not in proposed))[: self.plan.width // 2]
        race(self.book, list(dict.fromkeys(proposed + near)), self.plan)
        if not any(s in self.book.estimates for s in proposed):
            return False
        self._tell(r, trials, proposed, grid)
        for s in near:
            if s in self.book.estimates:
                self._record(r, s, "neighbour")
        for s in self.book.open_ones()[: self.plan.keep]:
            self.book.raise_to(s, self.plan.eta * self.book.games[s])
            self._record(r, s, "raced")
        return True

    def _ask(self, r: int) -> list[Any]:
        """This round's proposals: those a run interrupted in this round already asked, then new ones."""
        optuna = load_optuna()
        running = optuna.trial.TrialState.RUNNING
        # a trial asked just before an interrupt may not have had its round written: it is this round's
        asked = [
            t
            for t in self.study.get_trials(deepcopy=False)
            if t.user_attrs.get("round") == r or (t.state == running and "round" not in t.user_attrs)
        ]
        for t in asked:
            if "round" not in t.user_attrs:
                self.study._storage.set_trial_user_attr(t._trial_id, "round", r)
        while len(asked) < self.plan.width:
            number = len(self.study.get_trials(deepcopy=False))
            self.study.sampler = optuna.samplers.TPESampler(
                seed=proposal_seed(self.seed, number),
                n_startup_trials=self.plan.width,
                multivariate=True,
                constant_liar=True,
            )
            trial = self.study.ask(self._dist)
            trial.set_user_attr("round", r)
            asked.append(self.study.get_trials(deepcopy=False)[trial.number])
        return asked

    def _tell(self, r: int, trials: list[Any], proposed: list[Setting], grid: bool) -> None:
        optuna = load_optuna()
        finished = optuna.trial.TrialState.COMPLETE
        if grid and not any(t.user_attrs.get("round") == 0 for t in self.study.get_trials(deepcopy=False)):
            for s in proposed:
                e = self.book.estimates[s]
                self.study.add_trial(
                    optuna.trial.create_trial(
                        params=self._params(s),
                        distributions=self._dist,
                        value=e.value,
                        user_attrs={"round": 0, "games": e.games},
                    )
                )
        for t, s in zip(trials, proposed if not grid else [], strict=True):
            e = self.book.estimates.get(s)
            if t.state != finished and e is not None:
                self.study.tell(t.number, e.value)
        for s in dict.fromkeys(proposed):
            if s in self.book.estimates:
                self._record(r, s, "grid" if grid else "proposed")

    def _record(self, r: int, s: Setting, how: str) -> None:
        self.history.append(Trial(len(self.history), r, s, self.book.estimates[s], how))

    def _setting(self, params: dict[str, Any]) -> Setting:
        return tuple(int(params[k.key]) for k in self.space.knobs)

    def _params(self, s: Setting) -> dict[str, int]:
        return {k.key: i for k, i in zip(self.space.knobs, s, strict=True)}
