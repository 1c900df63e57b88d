"""Rate agents against each other: every pair plays in every seat, then ratings that count draws.

For a pair (A, B) the ladder plays *arrangements*: A and B on neighbouring
seats, A first and B first, at every rotation of the table, the other seats
(3+ players) taken by a named filler agent. Every arrangement is an arm of the
runner (one CSV, streamed, resumable, the same games whatever `--jobs` is),
and all arrangements use the same seed, so A and B meet the same deals from
both sides. A game counts for A when A finishes better placed than B, a draw
when they are placed equal. Each pair's decided games say which of the two is
stronger (an exact sign test, `simulate.analysis.sign_test`), its draws
counted beside; the ratings are Davidson's (`simulate.analysis.davidson`),
in which a draw is an outcome of its own rather than half a win to each.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import numpy as np

from printkit.atomic import write_text
from printkit.datafile.gamedata import GameData, Rules
from printkit.errors import DataError
from printkit.filenames import safe_part
from simulate.agents import agent_list
from simulate.analysis.davidson import davidson
from simulate.analysis.ratings import PairResult
from simulate.analysis.sign_test import sign_test
from simulate.commands.options import PlayOptions
from simulate.commands.runs import load_for_run, slug
from simulate.play.runner import ENGINE_CAP, ArmRun, RunConfig, read_rows, run_all_to_csv
from simulate.report.ladder_report import write_ladder_outputs
from simulate.words import spoken

MAX_AGENTS = 16  # agents one ladder rates: 120 pairs, each in every seating


@dataclass(frozen=True)
class Seating:
    """One arrangement of a pair (a, b): the agent of every seat, and the seats of a and b."""

    names: tuple[str, ...]
    seat_a: int
    seat_b: int


def arrangements(a: str, b: str, players: int, filler: str) -> list[Seating]:
    """A pair on neighbouring seats, each first and second, at every rotation; fillers elsewhere."""
    out = []
    for a_first in (True, False):
        for seat in range(players if players > 2 else 1):
            names = [filler] * players
            first, second = seat, (seat + 1) % players
            seat_a, seat_b = (first, second) if a_first else (second, first)
            names[seat_a], names[seat_b] = a, b
            out.append(Seating(tuple(names), seat_a, seat_b))
    return out


@dataclass
class LadderPlan:
    """Everything a ladder plays: the game, its rules, agents, filler, games per arrangement and seed."""

    data: GameData
    rules: Rules
    agents: tuple[str, ...]
    filler: str | None
    per_arrangement: int
    seed: int
    max_moves: int = ENGINE_CAP  # games stop after this many moves where the engine's cap is higher

    def pairs(self) -> list[tuple[int, int]]:
        k = len(self.agents)
        return [(i, j) for i in range(k) for j in range(i + 1, k)]

    def seatings(self, i: int, j: int) -> list[Seating]:
        return arrangements(self.agents[i], self.agents[j], self.rules.players, self.filler or "")


def plan_ladder(
    game: str,
    variant: str,
    sets: tuple[str, ...],
    players: int | None,
    agents: str,
    filler: str,
    games: int,
    seed: int,
    jobs: int,
    force: bool = False,
) -> LadderPlan:
    """Check the ladder's settings: two to `MAX_AGENTS` distinct agents, a filler for 3+ players, and
    no more games than a command plays unasked without `force`."""
    data = load_for_run(game, games, jobs)
    rules = data.resolve(variant, sets, players)
    names = agent_list(agents, data.engine)
    if len(names) < 2:
        raise DataError(f"--agents {agents}: a ladder needs two or more agents, e.g. random,greedy")
    if len(names) > MAX_AGENTS:
        raise DataError(f"--agents: {len(names)} agents; a ladder rates at most {MAX_AGENTS}")
    if len(set(names)) != len(names):
        raise DataError(f"--agents {agents}: an agent is named twice")
    PlayOptions(games=games, force=force).check_total(len(names) * (len(names) - 1) // 2)
    fill = agent_list(filler, data.engine, "--filler")
    if len(fill) != 1:
        raise DataError(f"--filler {filler}: expected one agent")
    n = rules.players
    per = math.ceil(games / len(arrangements("a", "b", n, "")))
    return LadderPlan(data, rules, names, fill[0] if n > 2 else None, per, seed)


def pair_result(i: int, j: int, seating: Seating, cols: dict[str, Any]) -> PairResult:
    """Wins of agent i (seated as a) and of agent j (as b), and draws, in one arrangement's games."""
    place_i = np.asarray(cols[f"place_{seating.seat_a + 1}"])
    place_j = np.asarray(cols[f"place_{seating.seat_b + 1}"])
    return PairResult(
        a=i,
        b=j,
        wins_a=int(np.sum(place_i < place_j)),
        wins_b=int(np.sum(place_j < place_i)),
        draws=int(np.sum(place_i == place_j)),
    )


@dataclass(frozen=True)
class SeatedRun:
    """One seating of the pair (i, j) and the run that plays its games."""

    i: int
    j: int
    seating: Seating
    run: ArmRun


def seated_runs(plan: LadderPlan, folder: Path) -> list[SeatedRun]:
    """Every seating of every pair, each an arm of the runner in a folder of its own under `folder`."""
    out = []
    for i, j in plan.pairs():
        pair = folder / "pairs" / f"{slug(plan.agents[i])}-vs-{slug(plan.agents[j])}"
        for k, seating in enumerate(plan.seatings(i, j)):
            config = RunConfig(
                game=plan.data.name,
                label=plan.rules.label,
                rules=plan.rules.as_dict(),
                players=plan.rules.players,
                agents=seating.names,
                games=plan.per_arrangement,
                seed=plan.seed,
                max_moves=plan.max_moves,
            )
            out.append(SeatedRun(i, j, seating, ArmRun(config, plan.rules, pair / f"seating{k + 1}")))
    return out


def pair_results(plan: LadderPlan, seated: list[SeatedRun]) -> list[PairResult]:
    """One summed result per pair, from the games CSVs of its seatings (played)."""
    totals = {(i, j): PairResult(i, j, 0, 0, 0) for i, j in plan.pairs()}
    for one in seated:
        part = pair_result(one.i, one.j, one.seating, read_rows(one.run.csv_path, limit=plan.per_arrangement))
        total = totals[one.i, one.j]
        totals[one.i, one.j] = PairResult(
            one.i, one.j, total.wins_a + part.wins_a, total.wins_b + part.wins_b, total.draws + part.draws
        )
    return list(totals.values())


def play_ladder(
    plan: LadderPlan,
    folder: Path,
    jobs: int,
    fresh: bool,
    on_progress: Callable[[int], None] | None,
    repair: bool = False,
) -> list[PairResult]:
    """Play (or resume) every seating of every pair, on one set of workers; one summed result per pair."""
    seated = seated_runs(plan, folder)
    run_all_to_csv([one.run for one in seated], jobs, fresh, on_progress, repair=repair)
    return pair_results(plan, seated)


def win_matrix(k: int, results: list[PairResult]) -> list[list[dict[str, Any] | None]]:
    """Row agent against the column agent: its share of their decided games with its Wilson interval and
    the sign test, and the share of their games drawn (`sign_test`, the row agent as its agent b)."""
    matrix: list[list[dict[str, Any] | None]] = [[None] * k for _ in range(k)]
    for r in results:
        matrix[r.a][r.b] = sign_test(r.wins_b, r.wins_a, r.draws)
        matrix[r.b][r.a] = sign_test(r.wins_a, r.wins_b, r.draws)
    return matrix


def summarize_ladder(plan: LadderPlan, results: list[PairResult]) -> dict[str, Any]:
    k = len(plan.agents)
    return {
        "game": plan.data.name,
        "title": plan.data.localized(spoken()).title,
        "variant": plan.rules.label,
        "players": plan.rules.players,
        "agents": list(plan.agents),
        "filler": plan.filler,
        "seed": plan.seed,
        "games_per_pair": plan.per_arrangement * len(plan.seatings(0, 1)),
        "seatings_per_pair": len(plan.seatings(0, 1)),
        "ratings": davidson(k, results),
        "pairs": [
            {
                "agents": [plan.agents[r.a], plan.agents[r.b]],
                "wins": [r.wins_a, r.wins_b],
                "draws": r.draws,
                "games": r.games,
            }
            for r in results
        ],
        "win_matrix": win_matrix(k, results),
    }


def ladder_folder(plan: LadderPlan, out: Path, sets: tuple[str, ...]) -> Path:
    """`OUT/<game>/ladder/<rules>+<agents>[+sets][.filler-<agent>].seed<S>`: a ladder under another
    filler or seed never lands in an earlier one's folder, as run folders do not."""
    name = slug(f"{plan.rules.label}+{'+'.join(plan.agents)}")
    if sets:
        name += "+" + slug("+".join(sets))
    if plan.filler:
        name += f".filler-{slug(plan.filler)}"
    return out / slug(plan.data.name) / "ladder" / safe_part(f"{name}.seed{plan.seed}")


def run_ladder(
    plan: LadderPlan,
    out: Path,
    sets: tuple[str, ...],
    jobs: int,
    fresh: bool,
    quiet: bool,
    repair: bool = False,
) -> tuple[Path, dict[str, Path], dict[str, Any]]:
    """Play the ladder into `out/GAME/ladder/...` and write its table, figure and summary.json."""
    folder = ladder_folder(plan, out, sets)
    total = len(plan.pairs()) * len(plan.seatings(0, 1)) * plan.per_arrangement
    with click.progressbar(
        length=total,
        label=f"{plan.data.title} ladder: {len(plan.pairs())} pairs x {total // len(plan.pairs())} games",
        file=sys.stderr,
        hidden=quiet,
        show_eta=True,
    ) as bar:
        results = play_ladder(plan, folder, jobs, fresh, bar.update, repair)
    summary = summarize_ladder(plan, results)
    written = write_ladder_outputs(folder, summary)
    json_path = folder / "summary.json"
    write_text(json_path, json.dumps(summary, indent=2) + "\n")
    written["summary"] = json_path
    return folder, written, summary
