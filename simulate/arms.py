"""Arms of a run: check a game for simulation, play each arm into its CSV, and report on the arms.

An *arm* is one set of rules (a variant spec plus `--set` overrides) played
`games` times from one seed by one agent set. `run_arms` is what `simulate
run` and `simulate compare` do (under one agent set or several); `simulate
sweep` plays its arms with the same `play_arm`. With `--precision X` the arms
are played on, `games` more at a time, until the 95% interval of every
arm's first-mover share is at most X either side of it (or the cap is met):
the games are the same seeds in the same order, so the stopping point is as
deterministic as the games.

The report's modules (scipy, matplotlib: about a second to import) are
imported only once games are being played, by `load_report_modules`: with
worker processes the parent imports them while the workers play.
"""

from __future__ import annotations

import gc
import importlib
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.errors import DataError
from printkit.gamedata import GameData, Rules, load_game
from simulate.agents import parse_agents
from simulate.engines import ENGINES, make_game
from simulate.options import PlayOptions
from simulate.progress import Progress
from simulate.runner import RunConfig, columns, folder_lock, run_to_csv

if TYPE_CHECKING:
    from simulate.report import Arm, Verdict
    from simulate.tally import ArmTally, RowFeed
    from simulate.verdict import Finding

REPORT_MODULES = ("simulate.balance", "simulate.report", "simulate.tally", "simulate.verdict")


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


def slug(text: str) -> str:
    """A folder name for a variant label or an agent set."""
    return re.sub(r"[^A-Za-z0-9_.=+-]+", "_", text).strip("_") or "default"


def machine_cores() -> int:
    """Processors this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def worker_count(jobs: int | None, force: bool) -> int:
    """`--jobs`: by default the machine's cores; more than 4 per core only with `--force`."""
    cores = machine_cores()
    if jobs is None:
        return cores
    if jobs > 4 * cores and not force:
        raise DataError(
            f"--jobs: {jobs} workers for this machine's {cores} cores (more than 4 per core) would only "
            f"slow the run; give at most {4 * cores}, or --force"
        )
    return jobs


def load_for_run(game: str, games: int, jobs: int) -> GameData:
    """The game's data, once the run's counts are checked and the game has an engine."""
    if games < 1:
        raise DataError(f"--games: expected at least 1, got {games}")
    if jobs < 1:
        raise DataError(f"--jobs: expected at least 1, got {jobs}")
    data = load_game(game)
    if data.engine not in ENGINES:
        raise DataError(f"{data.path}: game.engine: no rules engine {data.engine!r} yet")
    return data


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
    repair: bool = False,
) -> tuple[RunConfig, ArmTally]:
    """Play (or resume) one arm's games into `folder/games.csv`; return its config and its tally.

    The rows are tallied as they come, while the workers play on. `repair`: see `runner.run_to_csv`.
    """
    config = RunConfig(
        game=data.name,
        label=rules.label,
        rules=rules.as_dict(),
        players=rules.players,
        agents=agents,
        games=games,
        seed=seed,
    )
    game = make_game(rules)
    tallying = Tallying(columns(game), sides_of(game), limit=games)
    run_to_csv(
        config,
        rules,
        folder,
        jobs=jobs,
        fresh=fresh,
        on_progress=on_progress,
        meanwhile=load_report_modules,
        on_rows=tallying,
        repair=repair,
    )
    return config, tallying.finish()


class Tallying:
    """`run_to_csv`'s `on_rows`: an arm's rows tallied as they come (`tally.RowFeed`).

    The tally's module (and numpy) is imported with the first rows rather than
    before play, so that worker processes start 0.06 s sooner and, under
    `--jobs` 2 or more, it is imported while they play.
    """

    def __init__(self, header: list[str], sides: list[int], limit: int):
        self._args = (header, sides, limit)
        self._feed: RowFeed | None = None

    def __call__(self, text: str) -> None:
        self._open().add_text(text)

    def finish(self) -> ArmTally:
        return self._open().finish()

    def _open(self) -> RowFeed:
        if self._feed is None:
            from simulate.tally import RowFeed

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
    return out / data.name / name


def arm_changes(data: GameData, rules: Rules) -> str:
    """What an arm changes from the data file's defaults, in the data file's own words."""
    docs = [
        str(data.variants[p].get("doc", "")).rstrip(".") for p in rules.label.split("+") if p in data.variants
    ]
    defaults = _flat(data.rules)
    by_option: dict[str, list[str]] = {}
    for key, value in _flat(rules.values).items():
        if value != defaults.get(key):
            by_option.setdefault(key.split(".")[0], []).append(f"{key} = {value}")
    changed = []
    for option, parts in by_option.items():
        doc = str(data.options.get(option, {}).get("doc", "")).rstrip(".")
        changed.append(", ".join(parts) + (f" ({doc})" if doc else ""))
    default_players = data.game.get("default_players")
    if default_players is not None and rules.players != default_players:
        changed.append(f"{rules.players} players")
    if not changed:
        return (
            "; ".join(d for d in docs if d) + ("." if any(docs) else "")
            or "the rules as the data file states them."
        )
    head = "; ".join(d for d in docs if d)
    return (f"{head}. " if head else "") + "Changes " + "; ".join(changed) + "."


def _flat(values: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(values, dict) or hasattr(values, "items"):
        out: dict[str, Any] = {}
        for k, v in values.items():
            out.update(_flat(v, f"{prefix}{k}."))
        return out
    return {prefix[:-1]: values}


@dataclass
class Plan:
    """What a run plays: the arms' rules and engines, under each agent set."""

    data: GameData
    rules: list[Rules]
    engines: list[Any]
    agent_sets: list[list[tuple[str, ...]]]  # per agent spec, per arm
    folder: Path


def plan_arms(game: str, specs: list[str], options: PlayOptions) -> Plan:
    """The arms' rules, engines and agents and the run's folder, all checked before a game is played."""
    agent_specs = options.agents
    data = load_for_run(game, options.games, options.jobs)
    if len(agent_specs) > 2:
        raise DataError(f"--agents: at most two agent sets to compare, got {len(agent_specs)}")
    if len(set(agent_specs)) != len(agent_specs):
        raise DataError(f"--agents: the same agent set is given twice: {', '.join(agent_specs)}")
    arms_rules = [data.resolve(spec, options.sets, options.players) for spec in specs]
    labels = [r.label for r in arms_rules]
    if len(set(labels)) != len(labels):
        raise DataError(f"--variant: the same arm is given twice: {', '.join(labels)}")
    engines = [make_game(r) for r in arms_rules]
    agent_sets = [[parse_agents(spec, data.engine, r.players) for r in arms_rules] for spec in agent_specs]
    names = [agents_name(a[0]) for a in agent_sets]
    folder = run_folder(options.out, data, labels, options.sets, names, options.seed)
    return Plan(data, arms_rules, engines, agent_sets, folder)


def _play_all(
    plan: Plan, games: int, options: PlayOptions, fresh: bool, progress: Progress
) -> list[list[ArmTally]]:
    tallies = []
    several = len(plan.agent_sets) > 1
    for arm_agents in plan.agent_sets:
        row = []
        for rules, agents in zip(plan.rules, arm_agents, strict=True):
            sub = plan.folder / "arms" / (slug(agents_name(agents)) if several else "") / slug(rules.label)
            _, tally = play_arm(
                plan.data, rules, agents, games, options.seed, sub, options.jobs, fresh, progress.update,
                options.repair,
            )  # fmt: skip
            row.append(tally)
        tallies.append(row)
    return tallies


def _half_width(tally: ArmTally) -> float:
    from simulate import balance
    from simulate.stats import wilson

    s = balance.outcome_counts(tally)
    r = wilson(int(s["position_wins"][0]), s["decided"])
    return max(r["p"] - r["lo"], r["hi"] - r["p"]) if s["decided"] else 1.0


def play_to_precision(
    play: Callable[[int, bool], list[ArmTally]], options: PlayOptions, progress: Progress
) -> tuple[int, list[ArmTally]]:
    """Play `--games` per arm, then as many more at a time while an arm's first-mover interval is too wide.

    `play(n, fresh)` plays (or resumes) every arm to n games and returns their tallies.
    """
    n, precision, cap = options.games, options.precision, options.max_games
    tallies = play(n, options.fresh)
    while precision is not None and n < cap and max(_half_width(t) for t in tallies) > precision:
        step = min(options.games, cap - n)
        progress.grow(step * len(tallies))
        n += step
        tallies = play(n, False)
    return n, tallies


def run_arms(game: str, specs: list[str], options: PlayOptions) -> tuple[Path, dict[str, Path], list[str]]:
    """Play every arm (under each agent set), write the report; return folder, files and verdict lines."""
    plan = plan_arms(game, specs, options)
    with folder_lock(plan.folder):
        return _run_plan(plan, options)


def _run_plan(plan: Plan, options: PlayOptions) -> tuple[Path, dict[str, Path], list[str]]:
    games, per_set = options.games, len(plan.rules)
    arms_count = per_set * len(plan.agent_sets)
    label = f"{plan.data.title}: {arms_count} x {games} games"
    with Progress(games * arms_count, label, options.quiet) as progress:

        def play(n: int, fresh: bool) -> list[ArmTally]:
            return [t for row in _play_all(plan, n, options, fresh, progress) for t in row]

        n, flat = play_to_precision(play, options, progress)
    tallies = [flat[k : k + per_set] for k in range(0, len(flat), per_set)]
    return report_arms(plan, tallies, n, options.seed, options.precision, options.jobs)


def report_arms(
    plan: Plan,
    tallies: list[list[ArmTally]],
    games: int,
    seed: int,
    precision: float | None,
    jobs: int = 1,
) -> tuple[Path, dict[str, Path], list[str]]:
    from simulate import balance
    from simulate.report import Arm, Context, write_report

    data, first = plan.data, plan.engines[0]
    several = len(plan.agent_sets) > 1
    arms: list[Arm] = []
    groups: list[list[Arm]] = []
    for arm_agents, row in zip(plan.agent_sets, tallies, strict=True):
        group = []
        for rules, engine, agents, tally in zip(plan.rules, plan.engines, arm_agents, row, strict=True):
            label = f"{rules.label} @ {agents_name(agents)}" if several else rules.label
            summary = balance.summarize(tally, engine.shown_metrics(), engine.categories)
            group.append(
                Arm(label, rules.players, agents, tally.cols(), summary, tally, arm_changes(data, rules))
            )
        groups.append(group)
        arms += group
    comparisons = {
        f"{arm.label} vs {group[0].label}": balance.compare(
            group[0].tally, arm.tally, group[0].summary, arm.summary
        )
        for group in groups
        for arm in group[1:]
    }
    tests = balance.apply_holm({a.label: a.summary for a in arms}, comparisons)
    verdict = build_verdict(groups, comparisons, tests, games, seed)
    ctx = Context(
        title=data.title,
        game=data.name,
        games=games,
        seed=seed,
        metric_names=first.shown_metrics(),
        categories=first.categories,
        extras=first.report_extras,
        category_colours=category_colours(data),
    )
    run_info: dict[str, Any] = {
        "games": games,
        "seed": seed,
        "arms": [{"rules": r.as_dict(), "label": r.label, "players": r.players} for r in plan.rules],
        "agents": [[list(a) for a in s] for s in plan.agent_sets],
    }
    if precision is not None:
        run_info["precision"] = precision
    try:
        written, lines = write_report(plan.folder, ctx, arms, comparisons, run_info, verdict, jobs)
    except OSError as exc:  # a full disk, most often: the games are in their CSVs, the report is not
        raise DataError(
            f"{exc.filename or plan.folder}: cannot write the report ({exc.strerror or exc}); every game "
            f"played is kept: free some space and run the command again to write it"
        ) from None
    return plan.folder, written, lines


def category_colours(data: GameData) -> dict[str, str]:
    """Score categories drawn in the colour the data file gives them, where it names one."""
    out = {}
    for entry in data.game.get("colours", []) or []:
        if isinstance(entry, dict) and "name" in entry and "rgb" in entry:
            out[str(entry["name"])] = str(entry["rgb"])
    return out


def build_verdict(
    groups: list[list[Arm]], comparisons: dict[str, Any], tests: int, games: int, seed: int
) -> Verdict:
    from simulate.report import Verdict
    from simulate.verdict import arm_findings, comparison_findings

    sections = []
    per_set: list[dict[str, list[Finding]]] = []
    for group in groups:
        found: dict[str, list[Finding]] = {}
        for arm in group:
            found[arm.label.split(" @ ")[0]] = arm_findings(arm.summary)
        base = group[0]
        for arm in group[1:]:
            comp = comparisons[f"{arm.label} vs {base.label}"]
            name = f"{arm.label.split(' @ ')[0]} against {base.label.split(' @ ')[0]}"
            found[name] = comparison_findings(
                base.label.split(" @ ")[0], arm.label.split(" @ ")[0], base.summary, arm.summary, comp
            )
        per_set.append(found)
        title = f"Under agents {agents_name(group[0].agents)}: {games:,} games per arm, seed {seed}"
        sections.append((title, list(found.items())))
    both = holds_under_both(per_set, [agents_name(g[0].agents) for g in groups]) if len(groups) == 2 else []
    return Verdict(sections, both, tests)


def holds_under_both(per_set: list[dict[str, list[Finding]]], names: list[str]) -> list[str]:
    """For each conclusion that calls something, whether the other agent set reaches the same one."""
    lines = []
    a, b = per_set
    for where, findings in a.items():
        for fa, fb in zip(findings, b[where], strict=True):
            if fa.conclusion in ("info",) or (
                fa.conclusion in ("none", "n/a") and fb.conclusion in ("none", "n/a")
            ):
                continue
            if fa.conclusion == fb.conclusion:
                lines.append(f"{where}, {fa.question}: {fa.conclusion} under both {names[0]} and {names[1]}.")
            else:
                lines.append(
                    f"{where}, {fa.question}: does not hold under both: {names[0]} finds {_said(fa)}, "
                    f"{names[1]} finds {_said(fb)}."
                )
    lines.append(f"Every other question: no detectable difference under either {names[0]} or {names[1]}.")
    return lines


def _said(f: Finding) -> str:
    return {"none": "no detectable difference", "n/a": "no test possible"}.get(f.conclusion, f.conclusion)
