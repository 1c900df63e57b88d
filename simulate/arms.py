"""Arms of a run: check a game for simulation, play each arm into its CSV, and report on the arms.

An *arm* is one set of rules (a variant spec plus `--set` overrides) played
`games` times from one seed. `run_arms` is what `simulate run` and `simulate
compare` do; `simulate sweep` plays its arms with the same `play_arm`.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from printkit.errors import DataError
from printkit.gamedata import GameData, Rules, load_game
from simulate.agents import parse_agents
from simulate.engines import ENGINES, make_game
from simulate.report import Arm, Context, write_report
from simulate.runner import RunConfig, read_rows, run_to_csv
from simulate.stats import compare, summarize


def slug(text: str) -> str:
    """A folder name for a variant label."""
    return re.sub(r"[^A-Za-z0-9_.=+-]+", "_", text).strip("_") or "default"


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
) -> tuple[RunConfig, dict[str, Any]]:
    """Play (or resume) one arm's games into `folder/games.csv`; return its config and columns."""
    config = RunConfig(
        game=data.name,
        label=rules.label,
        rules=rules.as_dict(),
        players=rules.players,
        agents=agents,
        games=games,
        seed=seed,
    )
    csv_path = run_to_csv(config, rules, folder, jobs=jobs, fresh=fresh, on_progress=on_progress)
    return config, read_rows(csv_path, limit=games)


def run_arms(
    game: str,
    specs: list[str],
    sets: tuple[str, ...],
    players: int | None,
    agents: str,
    games: int,
    seed: int,
    jobs: int,
    out: Path,
    fresh: bool,
    quiet: bool,
) -> tuple[Path, dict[str, Path], list[str]]:
    """Play every arm, then write the report; return the folder, written files and summary lines."""
    data = load_for_run(game, games, jobs)
    arms_rules = [data.resolve(spec, sets, players) for spec in specs]
    labels = [r.label for r in arms_rules]
    if len(set(labels)) != len(labels):
        raise DataError(f"--variant: the same arm is given twice: {', '.join(labels)}")
    engines = [make_game(r) for r in arms_rules]
    arm_agents = [parse_agents(agents, data.engine, r.players) for r in arms_rules]
    folder = out / data.name / "-vs-".join(slug(label) for label in labels)
    if sets:
        folder = folder.with_name(folder.name + "+" + slug("+".join(sets)))
    configs = []
    arms = []
    with click.progressbar(
        length=games * len(arms_rules),
        label=f"{data.title}: {len(arms_rules)} x {games} games",
        file=sys.stderr,
        hidden=quiet,
        show_eta=True,
    ) as bar:
        for rules, engine, names in zip(arms_rules, engines, arm_agents, strict=True):
            config, cols = play_arm(
                data, rules, names, games, seed, folder / "arms" / slug(rules.label), jobs, fresh, bar.update
            )
            configs.append(config)
            metrics = engine.shown_metrics()
            arms.append(
                Arm(
                    label=config.label,
                    players=config.players,
                    agents=config.agents,
                    cols=cols,
                    summary=summarize(cols, metrics, engine.categories),
                )
            )
    comparisons = {
        f"{arm.label} vs {arms[0].label}": compare(arms[0].cols, arm.cols, seed=seed) for arm in arms[1:]
    }
    first = engines[0]
    ctx = Context(
        title=data.title,
        game=data.name,
        games=games,
        seed=seed,
        metric_names=first.shown_metrics(),
        categories=first.categories,
        deal_metric=getattr(first, "deal_metric", None),
        extras=getattr(importlib.import_module(ENGINES[data.engine]), "report_extras", None),
    )
    run_info = {"games": games, "seed": seed, "arms": [c.identity() for c in configs]}
    written, lines = write_report(folder, ctx, arms, comparisons, run_info)
    return folder, written, lines
