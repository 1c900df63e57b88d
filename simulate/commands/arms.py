"""Arms of a run: check a game for simulation, play each arm into its CSV, and report on the arms.

An *arm* is one set of rules (a variant spec plus `--set` overrides) played
`games` times from one seed by one agent set. `run_arms` is what `simulate
run` and `simulate compare` do (under one agent set or several); `simulate
sweep` plays its arms with the same `play_arm`.

Without `--games`, a run plays in rounds until every headline question is
settled or its budget is spent (`rounds.play_in_rounds`); with `--games N` the
arms play N games (`rounds.play_fixed`). With `--precision X` the arms are
played on (in steps of `games`, as many as the widest interval says it needs)
until the 95% interval of every arm's first-mover share of decided games is at
most X either side of it (or the cap is met). Either way the games are the
same seeds in the same order, so where a run stops is as deterministic as the
games. The report (`report_arms`) then reads every question's answer, adjusted
in its multiplicity family (`simulate.analysis.families`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.datafile.expressions import as_text
from printkit.datafile.gamedata import GameData, Rules
from printkit.errors import DataError
from printkit.filenames import safe_part
from simulate.agents import parse_agents
from simulate.analysis.skill import Skill, file_levels
from simulate.commands.options import DEFAULT_BUDGET, PlayOptions
from simulate.commands.rounds import (
    ArmTask,
    Played,
    Session,
    Setup,
    StrengthTask,
    Tallying,
    arm_run,
    asked,
    load_report_modules,
    play_fixed,
    play_in_rounds,
    sides_of,
)
from simulate.commands.runs import load_for_run, slug
from simulate.commands.skill_plan import plan_skill, strength_games
from simulate.engines import make_game
from simulate.play.progress import Progress
from simulate.play.runner import ENGINE_CAP, ArmRun, RunConfig, folder_lock, run_all_to_csv
from simulate.words import naming, say, spoken

if TYPE_CHECKING:
    from simulate.analysis.arm import Arm
    from simulate.analysis.families import Ran
    from simulate.analysis.multiplicity import Decision
    from simulate.analysis.tally import ArmTally
    from simulate.report.context import Context

MAX_COMPARED = 32  # arms of one compare: a report's figures and tables stay readable well before


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
            by_option.setdefault(key.split(".")[0], []).append(f"{key} = {as_text(value)}")  # true, not True
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
        options.check_total(len(specs) * len(agent_specs), total_games(plan, options))
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


def tasks(plan: Plan) -> list[ArmTask | StrengthTask]:
    """Everything a run plays, in order: every arm at every level, then the strength checks."""
    several = len(plan.agent_sets) > 1
    out: list[ArmTask | StrengthTask] = []
    for level, arm_agents in enumerate(plan.agent_sets):
        for rules, agents in zip(plan.rules, arm_agents, strict=True):
            sub = plan.folder / "arms" / (slug(agents_name(agents)) if several else "") / slug(rules.label)
            label = f"{rules.label} @ {agents_name(agents)}" if several else rules.label
            out.append(ArmTask(level, rules, agents, sub, label))
    for pair in plan.skill.pairs if plan.skill else ():
        sub = plan.folder / "strength" / f"{slug(pair.weak)}-vs-{slug(pair.strong)}"
        out.append(StrengthTask(pair, plan.rules[0], sub))
    return out


def level_budgets(plan: Plan, options: PlayOptions) -> list[int]:
    """Games per arm each level may play: the fixed games (`--games`, the data file's levels), or in
    rounds the budget in games, for a time the cap `--max-games`, by default `DEFAULT_BUDGET` or the
    data file's count for a level of its skill axis."""
    levels = range(len(plan.agent_sets))
    if not options.sequential:
        return [plan.games_at(k, options.games) for k in levels]
    if options.budget is not None:
        return [options.budget.games or options.max_games for _ in levels]
    return [plan.games_at(k, DEFAULT_BUDGET) for k in levels]


def total_games(plan: Plan, options: PlayOptions) -> int:
    """Games a run plays at most, strength checks included."""
    budgets = level_budgets(plan, options)
    return sum(
        budgets[t.level] if isinstance(t, ArmTask) else strength_games(t.rules, t.pair) for t in tasks(plan)
    )


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
    """What a run wrote: its folder, the files, the verdict page's lines, the bottom line and its first
    lines (the levels where a cap stops too many games, each comparison, or a run's first mover)."""

    folder: Path
    written: dict[str, Path]
    lines: list[str]
    bottom: list[str]
    headline: list[str]


def run_arms(game: str, specs: list[str], options: PlayOptions) -> Outcome:
    """Play every arm (under each agent set or level), write the report; return what it wrote."""
    plan = plan_arms(game, specs, options)
    with folder_lock(plan.folder):
        return _run_plan(plan, options)


def _run_plan(plan: Plan, options: PlayOptions) -> Outcome:
    per_set = len(plan.rules)
    if plan.skill:
        label = f"{plan.data.title}: {per_set} arms x {len(plan.agent_sets)} levels, strength checks"
    elif options.sequential:
        label = f"{plan.data.title}: {per_set * len(plan.agent_sets)} arms in rounds"
    else:
        label = f"{plan.data.title}: {per_set * len(plan.agent_sets)} x {options.games} games"
    budgets = level_budgets(plan, options)
    first = budgets
    if options.sequential:
        from simulate.analysis.sequential import rounds  # scipy: otherwise imported while the workers play

        first = [rounds(b)[0] for b in budgets]
    checks = sum(strength_games(t.rules, t.pair) for t in tasks(plan) if isinstance(t, StrengthTask))
    setup = Setup(
        plan.data,
        options.seed,
        options.jobs,
        options.fresh,
        options.repair,
        options.min_effect,
        tuple(plan.engines[0].shown_metrics()),
        max_moves=options.max_moves,
    )
    work = tasks(plan)
    arms = [t for t in work if isinstance(t, ArmTask)]
    strength = [t for t in work if isinstance(t, StrengthTask)]
    with Progress(sum(first) * per_set + checks, label, options.quiet) as progress:
        session = Session(setup, arms, strength, progress)
        if options.sequential:
            ran = play_in_rounds(session, budgets, options.budget.seconds if options.budget else None)
        elif options.precision is not None:
            ran = play_precise(session, options)
        else:
            ran = play_fixed(session, budgets)
    engine = plan.engines[0]
    with naming(engine.names_ja, engine.names_en):  # the game's own names, in the report's language
        return report_arms(plan, session.result(), ran, options)


def play_precise(session: Session, options: PlayOptions) -> Ran:
    """`--precision`: the arms play `--games`, then on while an arm's first-mover interval is too wide;
    every question is then asked once of the games played."""

    def play(n: int, fresh: bool) -> list[ArmTally]:
        session.play({0: n})
        return [t for _, t in session.tallies(0)]

    n, _ = play_to_precision(play, options, session.progress)
    return asked(session, [n])


def report_arms(plan: Plan, played: Played, ran: Ran, options: PlayOptions) -> Outcome:
    """Summarise every arm's games, judge the questions, and write the report into the plan's folder."""
    from simulate.analysis.families import judged
    from simulate.analysis.verdict_page import build_verdict
    from simulate.report.context import SkillView
    from simulate.report.document import write_report

    # the report's words from the data file (title, docs) in the report's language, where it has them
    data = plan.data.localized(spoken())
    groups = _arm_groups(plan, played, ran, data)
    arms = [arm for group in groups for arm in group]
    comparisons, decisions = judged([[(a.label, a.summary) for a in g] for g in groups], ran)
    verdict = build_verdict(
        groups,
        comparisons,
        method_note(list(decisions.values()), options.sequential),
        ran.games,
        options.seed,
        plan.skill,
        played.strengths,
        file_levels(data),
    )
    ctx = _context(plan, data, ran, options)
    if plan.skill is not None:
        levels = [agents_name(g[0].agents) for g in groups]
        ctx.skill = SkillView(levels, groups, played.strengths, comparisons, options.min_effect.share)
    # the game's own pages read the arms of one agent set: under a skill axis, the strongest level's
    shown = groups[-1] if plan.skill is not None else arms
    try:
        written, lines = write_report(
            plan.folder, ctx, arms, comparisons, _run_info(plan, ran, options), verdict, shown
        )
    except OSError as exc:  # a full disk, most often: the games are in their CSVs, the report is not
        raise DataError(
            f"{exc.filename or plan.folder}: cannot write the report ({exc.strerror or exc}); every game "
            f"played is kept: free some space and run the command again to write it"
        ) from None
    return Outcome(plan.folder, written, lines, verdict.bottom, verdict.headline)


def _arm_groups(plan: Plan, played: Played, ran: Ran, data: GameData) -> list[list[Arm]]:
    """Each agent set's arms (one group per skill level, or the one group), summarised from their tallies."""
    from simulate.analysis import balance
    from simulate.analysis.arm import Arm

    labels = [
        [t.label for t in tasks(plan) if isinstance(t, ArmTask) and t.level == k]
        for k in range(len(ran.games))
    ]
    groups: list[list[Arm]] = []
    for level, (arm_agents, row) in enumerate(zip(plan.agent_sets, played.tallies, strict=True)):
        group = []
        for label, rules, engine, agents, tally in zip(
            labels[level], plan.rules, plan.engines, arm_agents, row, strict=True
        ):
            summary = balance.summarize(tally, engine.shown_metrics(), engine.categories)
            group.append(
                Arm(label, rules.players, agents, tally.cols(), summary, tally, arm_changes(data, rules))
            )
        groups.append(group)
    return groups


def _context(plan: Plan, data: GameData, ran: Ran, options: PlayOptions) -> Context:
    """What every page of the report says the same: the game, its games and seed, its own metrics, figures
    and docs (the first arm's engine's), in the report's language."""
    from simulate.report.context import Context

    first = plan.engines[0]
    return Context(
        title=data.title,
        game=data.name,
        games=_games_text(ran.games),
        seed=options.seed,
        metric_names=first.shown_metrics(),
        categories=first.categories,
        extras=first.report_extras,
        category_colours=category_colours(data),
        metric_docs=first.docs_in(spoken()),
        figure_docs=first.docs_in(spoken(), figures=True),
        paper=options.paper,
    )


def _run_info(plan: Plan, ran: Ran, options: PlayOptions) -> dict[str, Any]:
    """summary.json's `run`: how the games were played and why they stopped."""
    level_games = ran.games
    run_info: dict[str, Any] = {
        "games": level_games[0] if plan.skill is None and len(set(level_games)) == 1 else level_games,
        "seed": options.seed,
        "arms": [{"rules": r.as_dict(), "label": r.label, "players": r.players} for r in plan.rules],
        "agents": [[list(a) for a in s] for s in plan.agent_sets],
        "min_effect": options.min_effect.as_dict(),
        "design": "rounds" if options.sequential else "fixed",
        "stopped": ran.stopped,
    }
    if options.sequential:
        budget = options.budget
        run_info["budget"] = {
            "games": level_budgets(plan, options),
            "seconds": budget.seconds if budget else None,
        }
    if plan.skill is not None:
        run_info["skill"] = {
            "levels": plan.skill.names,
            "games": level_games,
            "strength_games": [p.games for p in plan.skill.pairs],
        }
    if options.precision is not None:
        run_info["precision"] = options.precision
    return run_info


def method_note(decisions: Sequence[Decision], sequential: bool) -> str:
    """The footnote: how each question was tested, and what the multiplicity step did."""
    from simulate.analysis.multiplicity import sentence

    how = say("page.method_rounds" if sequential else "page.method_fixed")
    vs = say("page.vs")  # a comparison's owner is `other vs base` in any language; its heading's word here
    named = [
        replace(d, measure=say("page.headline_measure", owner=vs.join(d.measure.split("|")[1].split(" vs "))))
        for d in decisions
    ]
    return how + " " + sentence(named)


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
