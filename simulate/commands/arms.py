"""Arms of a run: check a game for simulation, play each arm into its CSV, and report on the arms.

An *arm* is one set of rules (a variant spec plus `--set` overrides) played
`games` times from one seed by one agent set. `run_arms` is what `simulate
run` and `simulate compare` do (under one agent set or several); `simulate
sweep` plays its arms with the same `play_arm`. With `--precision X` the arms
are played on (in steps of `games`, as many as the widest interval says it
needs) until the 95% interval of every arm's first-mover share is at most X
either side of it (or the cap is met): the games are the same seeds in the
same order, so the stopping point is as deterministic as the games.

The report's modules (scipy, matplotlib: about a second to import) are
imported only once games are being played, by `load_report_modules`: with
worker processes the parent imports them while the workers play.
"""

from __future__ import annotations

import gc
import importlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.datafile.gamedata import GameData, Rules
from printkit.errors import DataError
from printkit.filenames import safe_part
from simulate.agents import parse_agents
from simulate.analysis.skill import Pair, Skill, Strength, file_levels
from simulate.commands.options import PlayOptions
from simulate.commands.runs import load_for_run, slug
from simulate.commands.skill_plan import StrengthCheck, plan_skill, strength_check, strength_games
from simulate.engines import make_game
from simulate.engines.rows import columns
from simulate.play.progress import Progress
from simulate.play.runner import ENGINE_CAP, ArmRun, RunConfig, folder_lock, run_all_to_csv
from simulate.words import say, spoken

if TYPE_CHECKING:
    from simulate.analysis.arm import Arm
    from simulate.analysis.tally import ArmTally, RowFeed

REPORT_MODULES = (
    "simulate.analysis.balance",
    "simulate.report.document",
    "simulate.analysis.tally",
    "simulate.analysis.verdict_page",
)
MAX_COMPARED = 32  # arms of one compare: a report's figures and tables stay readable well before


def load_report_modules() -> None:
    """Import what tallies and reports need; the runner calls it while its workers play.

    The garbage collector is paused meanwhile: the imports make a few hundred
    thousand objects that live as long as the process, and looking for garbage
    among them as they are made costs a tenth of the imports' CPU (taken from
    the workers).
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        for name in REPORT_MODULES:
            importlib.import_module(name)
    finally:
        if collecting:
            gc.enable()


def sides_of(engine: Any) -> list[int]:
    """The side each seat plays for."""
    return [engine.side_of(seat) for seat in range(engine.players)]


def play_arm(
    data: GameData,
    rules: Rules,
    agents: tuple[str, ...],
    games: int,
    seed: int,
    folder: Path,
    jobs: int,
    fresh: bool,
    on_progress: Callable[[int], None] | None = None,
    skip: int = 0,
    repair: bool = False,
    max_moves: int = ENGINE_CAP,
) -> tuple[RunConfig, ArmTally]:
    """Play (or resume) one arm's games into `folder/games.csv`; return its config and its tally.

    The rows are tallied as they come, while the workers play on; the tally
    leaves out the first `skip` games (a tune measures a block of games alone).
    `repair`: see `runner.run_to_csv`; `max_moves`: the run's move cap (`--max-moves`).
    """
    run, tallying = arm_run(data, rules, agents, games, seed, folder, skip, max_moves)
    (tally,) = play_arms([(run, tallying)], jobs, fresh, on_progress, repair)
    return run.config, tally


def play_arms(
    arms: list[tuple[ArmRun, Tallying]],
    jobs: int,
    fresh: bool,
    on_progress: Callable[[int], None] | None = None,
    repair: bool = False,
) -> list[ArmTally]:
    """Play (or resume) arms of `arm_run` on one set of workers; their tallies, in their order."""
    runs = [run for run, _ in arms]
    run_all_to_csv(runs, jobs, fresh, on_progress, meanwhile=load_report_modules, repair=repair)
    return [tallying.finish() for _, tallying in arms]


def arm_run(
    data: GameData,
    rules: Rules,
    agents: tuple[str, ...],
    games: int,
    seed: int,
    folder: Path,
    skip: int = 0,
    max_moves: int = ENGINE_CAP,
) -> tuple[ArmRun, Tallying]:
    """One arm as the runner plays it, its rows tallied as they come (leaving out the first `skip`), its
    games stopped after `max_moves` moves where the engine's cap is higher."""
    config = RunConfig(
        game=data.name,
        label=rules.label,
        rules=rules.as_dict(),
        players=rules.players,
        agents=agents,
        games=games,
        seed=seed,
        max_moves=max_moves,
    )
    game = make_game(rules)
    tallying = Tallying(columns(game), sides_of(game), limit=games - skip, skip=skip)
    return ArmRun(config, rules, folder, tallying), tallying


class Tallying:
    """`run_to_csv`'s `on_rows`: an arm's rows tallied as they come (`tally.RowFeed`).

    The tally's module (and numpy) is imported with the first rows rather than
    before play, so that worker processes start 0.06 s sooner and, under
    `--jobs` 2 or more, it is imported while they play.
    """

    def __init__(self, header: list[str], sides: list[int], limit: int, skip: int = 0):
        self._args = (header, sides, limit)
        self._feed: RowFeed | None = None
        self._skip = skip

    def __call__(self, text: str) -> None:
        if self._skip:
            lines = text.splitlines(keepends=True)
            dropped, self._skip = min(self._skip, len(lines)), max(0, self._skip - len(lines))
            text = "".join(lines[dropped:])
        if text:
            self._open().add_text(text)

    def finish(self) -> ArmTally:
        return self._open().finish()

    def _open(self) -> RowFeed:
        if self._feed is None:
            from simulate.analysis.tally import RowFeed

            self._feed = RowFeed(*self._args)
        return self._feed


def agents_name(agents: tuple[str, ...]) -> str:
    """`greedy` for one agent in every seat, `random,greedy` otherwise."""
    return agents[0] if len(set(agents)) == 1 else ",".join(agents)


def run_folder(
    out: Path, data: GameData, labels: list[str], sets: Sequence[str], agent_sets: list[str], seed: int
) -> Path:
    """`OUT/<game>/<arm>-vs-<arm>[+sets].<agents>[-and-<agents>].seed<S>`: another agent set or seed never
    lands in an earlier run's folder."""
    name = "-vs-".join(slug(label) for label in labels)
    if sets:
        name += "+" + slug("+".join(sets))
    name += "." + "-and-".join(slug(a) for a in agent_sets) + f".seed{seed}"
    return out / slug(data.name) / safe_part(name)


def arm_changes(data: GameData, rules: Rules) -> str:
    """What an arm changes from the data file's defaults, in the data file's own words."""
    docs = [
        str(data.variants[p].get("doc", "")).rstrip(".。")
        for p in rules.label.split("+")
        if p in data.variants
    ]
    defaults = _flat(data.rules)
    by_option: dict[str, list[str]] = {}
    for key, value in _flat(rules.values).items():
        if value != defaults.get(key):
            by_option.setdefault(key.split(".")[0], []).append(f"{key} = {value}")
    changed = []
    for option, parts in by_option.items():
        doc = str(data.options.get(option, {}).get("doc", "")).rstrip(".。")
        changed.append(say("changes.option", parts=", ".join(parts), doc=doc) if doc else ", ".join(parts))
    default_players = data.game.get("default_players")
    if default_players is not None and rules.players != default_players:
        changed.append(say("changes.players", n=rules.players))
    join = say("changes.join")
    if not changed:
        return say("changes.docs", docs=join.join(d for d in docs if d)) if any(docs) else say("changes.none")
    head = join.join(d for d in docs if d)
    return (say("changes.head", docs=head) if head else "") + say("changes.set", parts=join.join(changed))


def _flat(values: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(values, dict) or hasattr(values, "items"):
        out: dict[str, Any] = {}
        for k, v in values.items():
            out.update(_flat(v, f"{prefix}{k}."))
        return out
    return {prefix[:-1]: values}


@dataclass
class Plan:
    """What a run plays: the arms' rules and engines under each agent set (or each level of a skill axis).

    `level_games` is the games per arm at each level of a skill axis (None
    without one: every arm plays `--games`), and `skill` its levels and
    strength checks.
    """

    data: GameData
    rules: list[Rules]
    engines: list[Any]
    agent_sets: list[list[tuple[str, ...]]]  # per agent spec (or level), per arm
    folder: Path
    skill: Skill | None = None

    def games_at(self, level: int, games: int) -> int:
        return self.skill.levels[level].games if self.skill else games


def plan_arms(game: str, specs: list[str], options: PlayOptions) -> Plan:
    """The arms' rules, engines and agents and the run's folder, all checked before a game is played."""
    data = load_for_run(game, options.games, options.jobs)
    if len(specs) > MAX_COMPARED:
        raise DataError(f"--variant: {len(specs)} arms; a compare reports on at most {MAX_COMPARED}")
    skill = None
    if options.skill is not None:
        games = options.games if options.games_given else None
        skill = plan_skill(data, options.skill, games, options.strength_games)
        agent_specs: tuple[str, ...] = tuple(skill.names)
    else:
        agent_specs = options.agents
        if len(agent_specs) > 2:
            raise DataError(
                f"--agents: at most two agent sets to compare, got {len(agent_specs)}; --skill takes more"
            )
        if len(set(agent_specs)) != len(agent_specs):
            raise DataError(f"--agents: the same agent set is given twice: {', '.join(agent_specs)}")
        options.check_total(len(specs) * len(agent_specs))
    arms_rules = [data.resolve(spec, options.sets, options.players) for spec in specs]
    labels = [r.label for r in arms_rules]
    if len(set(labels)) != len(labels):
        raise DataError(f"--variant: the same arm is given twice: {', '.join(labels)}")
    refuse_same_rules(arms_rules)
    engines = [make_game(r) for r in arms_rules]
    check_precision(options, engines)
    agent_sets = [[parse_agents(spec, data.engine, r.players) for r in arms_rules] for spec in agent_specs]
    names = [agents_name(a[0]) for a in agent_sets]
    if skill is not None:
        names = ["skill-" + "-".join(slug(n) for n in names)]
    folder = run_folder(options.out, data, labels, options.sets, names, options.seed)
    plan = Plan(data, arms_rules, engines, agent_sets, folder, skill)
    if skill is not None:  # each level plays its own number of games, and the strength checks more
        options.check_total(len(specs) * len(agent_specs), total_games(plan, options.games))
    return plan


def refuse_same_rules(arms: Sequence[Rules]) -> None:
    """Two arms under other names that resolve to the same rules and players would compare a thing with
    itself: refused, naming both."""
    seen: dict[str, str] = {}
    for rules in arms:
        key = json.dumps([rules.values, rules.players], sort_keys=True)
        if key in seen:
            raise DataError(
                f"--variant: {seen[key]!r} and {rules.label!r} are the same rules "
                f"({rules.players} players); compare arms that differ"
            )
        seen[key] = rules.label


@dataclass(frozen=True)
class ArmTask:
    """One arm at one level: play its games into its folder."""

    level: int
    rules: Rules
    agents: tuple[str, ...]
    games: int
    folder: Path


@dataclass(frozen=True)
class StrengthTask:
    """One strength check of a skill axis: a pair of adjacent levels head to head under the first arm."""

    pair: Pair
    rules: Rules
    folder: Path


def tasks(plan: Plan, games: int) -> list[ArmTask | StrengthTask]:
    """Everything a run plays, in order: every arm at every level, then the strength checks.

    The one list of work a run has, so that it can be handed to one queue.
    """
    several = len(plan.agent_sets) > 1
    out: list[ArmTask | StrengthTask] = []
    for level, arm_agents in enumerate(plan.agent_sets):
        for rules, agents in zip(plan.rules, arm_agents, strict=True):
            sub = plan.folder / "arms" / (slug(agents_name(agents)) if several else "") / slug(rules.label)
            out.append(ArmTask(level, rules, agents, plan.games_at(level, games), sub))
    for pair in plan.skill.pairs if plan.skill else ():
        sub = plan.folder / "strength" / f"{slug(pair.weak)}-vs-{slug(pair.strong)}"
        out.append(StrengthTask(pair, plan.rules[0], sub))
    return out


def total_games(plan: Plan, games: int) -> int:
    """Games a run plays in all, strength checks included (for its progress bar)."""
    return sum(
        t.games if isinstance(t, ArmTask) else strength_games(t.rules, t.pair) for t in tasks(plan, games)
    )


@dataclass
class Played:
    """What a run's games gave: each level's arms' tallies, and the strength checks."""

    tallies: list[list[ArmTally]]
    strengths: list[Strength]


def _play_all(plan: Plan, games: int, options: PlayOptions, fresh: bool, progress: Progress) -> Played:
    """Play (or resume) everything `tasks` lists, on one set of workers: no core waits between arms."""
    runs: list[ArmRun] = []
    tallied: list[tuple[int, Tallying]] = []
    checks: list[StrengthCheck] = []
    for task in tasks(plan, games):
        if isinstance(task, ArmTask):
            run, tallying = arm_run(
                plan.data,
                task.rules,
                task.agents,
                task.games,
                options.seed,
                task.folder,
                0,
                options.max_moves,
            )
            runs.append(run)
            tallied.append((task.level, tallying))
        else:
            check = strength_check(
                plan.data, task.rules, task.pair, options.seed, task.folder, options.max_moves
            )
            runs += check.runs()
            checks.append(check)
    run_all_to_csv(
        runs, options.jobs, fresh, progress.update, meanwhile=load_report_modules, repair=options.repair
    )
    played = Played([[] for _ in plan.agent_sets], [check.strength() for check in checks])
    for level, tallying in tallied:
        played.tallies[level].append(tallying.finish())
    return played


def _half_width(tally: ArmTally) -> float:
    from simulate.analysis import balance
    from simulate.analysis.stats import wilson

    s = balance.outcome_counts(tally)
    r = wilson(int(s["position_wins"][0]), s["decided"])
    return max(r["p"] - r["lo"], r["hi"] - r["p"]) if s["decided"] else 1.0


def play_to_precision(
    play: Callable[[int, bool], list[ArmTally]], options: PlayOptions, progress: Progress
) -> tuple[int, list[ArmTally]]:
    """Play `--games` per arm, then more while an arm's first-mover interval is too wide.

    `play(n, fresh)` plays (or resumes) every arm to n games and returns their tallies. A
    half-width shrinks as one over the square root of the games, so each step plays what the
    widest interval says it still needs, in whole multiples of `--games`, at most three times
    the games so far: a handful of steps, each rereading the arms' rows once, where one
    `--games` at a time made the cost grow as the square of the games.
    """
    n, precision, cap = options.games, options.precision, options.max_games
    tallies = play(n, options.fresh)
    while precision is not None and n < cap:
        widest = max(_half_width(t) for t in tallies)
        if widest <= precision:
            break
        needed = n * (widest / precision) ** 2 - n
        step = min(options.games * max(1, math.ceil(needed / options.games)), 3 * n, cap - n)
        progress.grow(step * len(tallies))
        n += step
        tallies = play(n, False)
    return n, tallies


def check_precision(options: PlayOptions, engines: Sequence[Any]) -> None:
    """Refuse a `--precision` that even a fair game could not reach within `--max-games` an arm."""
    if options.precision is None:
        return
    from simulate.analysis.stats import Z95

    fair = 1 / min(len(set(sides_of(e))) for e in engines)  # the fewest sides: the widest interval
    spread = Z95 * math.sqrt(fair * (1 - fair))
    needed = math.ceil((spread / options.precision) ** 2)
    if needed > options.max_games:
        reachable = math.ceil(spread / math.sqrt(options.max_games) * 10_000) / 10_000
        raise DataError(
            f"--precision {options.precision:g}: even a fair game needs about {needed:,} decided games "
            f"an arm for that, more than --max-games {options.max_games:,}; ask for {reachable:g} or "
            "more, or raise --max-games"
        )


@dataclass(frozen=True)
class Outcome:
    """What a run wrote: its folder, the files, the verdict page's lines and the bottom line."""

    folder: Path
    written: dict[str, Path]
    lines: list[str]
    bottom: list[str]


def run_arms(game: str, specs: list[str], options: PlayOptions) -> Outcome:
    """Play every arm (under each agent set or level), write the report; return what it wrote."""
    plan = plan_arms(game, specs, options)
    with folder_lock(plan.folder):
        return _run_plan(plan, options)


def _run_plan(plan: Plan, options: PlayOptions) -> Outcome:
    games, per_set = options.games, len(plan.rules)
    arms_count = per_set * len(plan.agent_sets)
    if plan.skill:
        label = f"{plan.data.title}: {per_set} arms x {len(plan.agent_sets)} levels, strength checks"
    else:
        label = f"{plan.data.title}: {arms_count} x {games} games"
    strengths: list[Strength] = []
    with Progress(total_games(plan, games), label, options.quiet) as progress:

        def play(n: int, fresh: bool) -> list[ArmTally]:
            played = _play_all(plan, n, options, fresh, progress)
            strengths[:] = played.strengths
            return [t for row in played.tallies for t in row]

        n, flat = play_to_precision(play, options, progress)
    tallies = [flat[k : k + per_set] for k in range(0, len(flat), per_set)]
    return report_arms(plan, Played(tallies, strengths), n, options)


def report_arms(plan: Plan, played: Played, games: int, options: PlayOptions) -> Outcome:
    from simulate.analysis import balance
    from simulate.analysis.arm import Arm
    from simulate.analysis.verdict_page import build_verdict
    from simulate.report.context import Context, SkillView
    from simulate.report.document import write_report

    # the report's words from the data file (title, docs) in the report's language, where it has them
    data, first, me = plan.data.localized(spoken()), plan.engines[0], options.min_effect
    several = len(plan.agent_sets) > 1
    arms: list[Arm] = []
    groups: list[list[Arm]] = []
    for arm_agents, row in zip(plan.agent_sets, played.tallies, strict=True):
        group = []
        for rules, engine, agents, tally in zip(plan.rules, plan.engines, arm_agents, row, strict=True):
            label = f"{rules.label} @ {agents_name(agents)}" if several else rules.label
            summary = balance.summarize(tally, engine.shown_metrics(), engine.categories, me)
            group.append(
                Arm(label, rules.players, agents, tally.cols(), summary, tally, arm_changes(data, rules))
            )
        groups.append(group)
        arms += group
    comparisons = {
        f"{arm.label} vs {group[0].label}": balance.compare(
            group[0].tally, arm.tally, group[0].summary, arm.summary, me
        )
        for group in groups
        for arm in group[1:]
    }
    tests = balance.apply_holm({a.label: a.summary for a in arms}, comparisons)
    level_games = [plan.games_at(k, games) for k in range(len(groups))]
    verdict = build_verdict(
        groups,
        comparisons,
        tests,
        level_games,
        options.seed,
        me,
        plan.skill,
        played.strengths,
        file_levels(data),
    )
    ctx = Context(
        title=data.title,
        game=data.name,
        games=_games_text(level_games),
        seed=options.seed,
        metric_names=first.shown_metrics(),
        categories=first.categories,
        extras=first.report_extras,
        category_colours=category_colours(data),
        metric_docs=first.docs_in(spoken(), first.metric_docs),
        figure_docs=first.docs_in(spoken(), first.figure_docs),
        paper=options.paper,
    )
    if plan.skill is not None:
        levels = [agents_name(g[0].agents) for g in groups]
        ctx.skill = SkillView(levels, groups, played.strengths, comparisons, me.share)
    run_info: dict[str, Any] = {
        "games": games if plan.skill is None else level_games,
        "seed": options.seed,
        "arms": [{"rules": r.as_dict(), "label": r.label, "players": r.players} for r in plan.rules],
        "agents": [[list(a) for a in s] for s in plan.agent_sets],
        "min_effect": me.as_dict(),
    }
    if plan.skill is not None:
        run_info["skill"] = {
            "levels": plan.skill.names,
            "games": level_games,
            "strength_games": [p.games for p in plan.skill.pairs],
        }
    if options.precision is not None:
        run_info["precision"] = options.precision
    # the game's own pages read the arms of one agent set: under a skill axis, the strongest level's
    shown = groups[-1] if plan.skill is not None else arms
    try:
        written, lines = write_report(
            plan.folder, ctx, arms, comparisons, run_info, verdict, options.jobs, shown
        )
    except OSError as exc:  # a full disk, most often: the games are in their CSVs, the report is not
        raise DataError(
            f"{exc.filename or plan.folder}: cannot write the report ({exc.strerror or exc}); every game "
            f"played is kept: free some space and run the command again to write it"
        ) from None
    return Outcome(plan.folder, written, lines, verdict.bottom)


def _games_text(level_games: list[int]) -> str:
    """Games per arm for a heading: `2000`, or `200-2000` across levels."""
    low, high = min(level_games), max(level_games)
    return f"{low}" if low == high else f"{low}-{high}"


def category_colours(data: GameData) -> dict[str, str]:
    """Score categories drawn in the colour the data file gives them, where it names one."""
    out = {}
    for entry in data.game.get("colours", []) or []:
        if isinstance(entry, dict) and "name" in entry and "rgb" in entry:
            out[str(entry["name"])] = str(entry["rgb"])
    return out
