"""A tune's plan and its search's bookkeeping: every option checked and every rule resolved before a
file is written (`plan_tune`), a setting's games played and measured on demand (`Games`), and what the
search found (`Searched`). `simulate.tune.run` carries a plan out."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from printkit.datafile.gamedata import GameData, Rules
from printkit.errors import DataError
from simulate.agents import parse_agents
from simulate.analysis.min_effect import DEFAULT, MinEffect
from simulate.analysis.skill import Skill
from simulate.commands.arms import agents_name, play_arm
from simulate.commands.runs import load_for_run, slug
from simulate.commands.skill_plan import plan_skill
from simulate.engines import make_game
from simulate.tune.search import Book, Estimate, Trial
from simulate.tune.space import Setting, Space, parse_knobs
from simulate.tune.targets import Target, objective, parse_targets

CONFIRM_SEED_OFFSET = 1000  # the confirmation's seed: S + 1000, so none of its games is a search game
MAX_NAME = 200  # bytes of a tune folder's name before its skill levels are written as a digest
MAX_CHECKED = 5000  # settings whose rules are all resolved before the first game (larger spaces: sampled)
SEARCHES = ("optuna", "ntbea")


@dataclass(frozen=True)
class TuneOptions:
    """What `simulate tune` takes besides the game, the knobs and the targets.

    `skill` (None: no skill axis; "": the data file's levels; else the levels named) confirms at every
    level; the search then plays under the strongest level unless `agents_given`. `confirm_given`:
    `--confirm` was given, so every level confirms on that many games (else the data file's counts).
    """

    variant: str = "default"
    sets: tuple[str, ...] = ()
    players: int | None = None
    agents: str = "greedy"
    agents_given: bool = False
    budget: int = 20_000
    first: int = 128
    confirm: int = 5_000
    confirm_given: bool = False
    finalists: int = 3
    min_effect: MinEffect = DEFAULT
    skill: str | None = None
    strength_games: int | None = None
    search: str = "optuna"
    seed: int = 1
    jobs: int = 1
    out: Path = Path("output")
    fresh: bool = False
    quiet: bool = False

    def __post_init__(self) -> None:
        if self.search not in SEARCHES:
            raise DataError(f"--search: expected one of {', '.join(SEARCHES)}, got {self.search!r}")
        if self.budget < self.first:
            raise DataError(f"--budget: expected at least --games ({self.first}), got {self.budget}")


@dataclass
class TunePlan:
    """A tune checked whole: the data, the base rules, the space, the targets, the agents, the folder."""

    data: GameData
    base_parts: list[str]
    space: Space
    targets: tuple[Target, ...]
    agents: tuple[str, ...]
    base: Rules
    metric_names: tuple[str, ...]
    categories: tuple[str, ...]
    folder: Path
    options: TuneOptions
    skill: Skill | None = None

    def rules(self, setting: Setting) -> Rules:
        """The base rules with the setting's values laid over them (checked by the loader)."""
        return self.data.resolve(
            self.base_parts + self.space.parts(setting), self.options.sets, self.options.players
        )

    def base_setting(self) -> Setting | None:
        """The setting the base rules already are, if the knobs list their values."""
        try:
            return self.space.index_of({k.key: self.base_value(k.key) for k in self.space.knobs})
        except DataError:
            return None

    def base_value(self, key: str) -> Any:
        """A knob's value in the base rules."""
        return _leaf(self.base.values, key)

    def identity(self) -> dict[str, Any]:
        """What must match for a folder's study and games to be resumed."""
        o = self.options
        return {
            "game": self.data.name,
            "base": self.base.as_dict(),
            "players": self.base.players,
            "knobs": [[k.key, list(k.values)] for k in self.space.knobs],
            "targets": [t.text for t in self.targets if not t.required],
            "requires": [t.text for t in self.targets if t.required],
            "agents": list(self.agents),
            **{
                k: v
                for k, v in asdict(o).items()
                if k in ("budget", "first", "confirm", "finalists", "search", "seed")
            },
            "min_effect": o.min_effect.as_dict(),
            **({"skill": self.skill_identity()} if self.skill is not None else {}),
        }

    def skill_identity(self) -> dict[str, Any]:
        assert self.skill is not None
        return {
            "levels": self.skill.names,
            "games": [lv.games for lv in self.skill.levels],
            "strength_games": [p.games for p in self.skill.pairs],
        }


def _leaf(values: Any, key: str) -> Any:
    for step in key.split("."):
        values = values[step]
    return values


def plan_tune(
    game: str, knobs: Sequence[str], targets: Sequence[str], requires: Sequence[str], options: TuneOptions
) -> TunePlan:
    """Check the game, knobs, targets, agents and every setting's rules; nothing is written."""
    data = load_for_run(game, options.first, options.jobs)
    base_parts = [
        p for p in options.variant.split("+") if p and not (p == "default" and "default" not in data.variants)
    ]
    base = data.resolve(base_parts, options.sets, options.players)
    engine = make_game(base)
    space = parse_knobs(data, knobs, options.sets)
    parsed = parse_targets(targets, requires, engine.shown_metrics())
    skill = None
    if options.skill is not None:
        skill = plan_skill(
            data, options.skill, options.confirm if options.confirm_given else None, options.strength_games
        )
    # on a skill axis the search plays under its strongest level, unless --agents names its agents
    searched_by = skill.names[-1] if skill is not None and not options.agents_given else options.agents
    agents = parse_agents(searched_by, data.engine, base.players)
    plan = TunePlan(
        data,
        base_parts,
        space,
        parsed,
        agents,
        base,
        engine.shown_metrics(),
        engine.categories,
        options.out,
        options,
        skill,
    )
    settings = list(space.settings()) if space.size <= MAX_CHECKED else [tuple(0 for _ in space.knobs)]
    for setting in settings:
        plan.rules(setting)
    name = "tune-" + "-".join(k.short for k in space.knobs)
    named = [p for p in base_parts if p != "default"]
    if named:
        name += "+" + slug("+".join(named))
    if options.sets:
        name += "+" + slug("+".join(options.sets))
    name += "." + slug(agents_name(agents))
    if skill is not None:
        levels = "skill-" + "-".join(slug(n) for n in skill.names)
        if len((name + levels).encode()) > MAX_NAME:
            digest = hashlib.sha1("\n".join(skill.names).encode()).hexdigest()[:10]
            levels = f"skill-{len(skill.names)}-levels-{digest}"
        name += "." + levels
    plan.folder = options.out / data.name / f"{name}.seed{options.seed}"
    return plan


class Games:
    """The search's `evaluate`: a setting's games start..stop-1 played (or resumed) and measured."""

    def __init__(self, plan: TunePlan):
        self.plan = plan
        self.summaries: dict[tuple[Setting, int, int], dict[str, Any]] = {}

    def __call__(self, setting: Setting, start: int, stop: int) -> Estimate:
        summary = self.summary(setting, start, stop)
        value, se = objective(self.plan.targets, summary)
        return Estimate(value, se, stop - start)

    def summary(self, setting: Setting, start: int, stop: int) -> dict[str, Any]:
        key = (setting, start, stop)
        if key not in self.summaries:
            from simulate.analysis.balance import summarize

            plan = self.plan
            folder = plan.folder / "settings" / slug(plan.space.folder(setting))
            _, tally = play_arm(
                plan.data,
                plan.rules(setting),
                plan.agents,
                stop,
                plan.options.seed,
                folder,
                plan.options.jobs,
                False,
                skip=start,
            )
            self.summaries[key] = summarize(tally, plan.metric_names, plan.categories)
        return self.summaries[key]


@dataclass
class Searched:
    """What the search found: its history, the book of games and the finalists, best first."""

    history: list[Trial]
    book: Book
    finalists: list[Setting]
    stopped: str
