"""How fast games play on one process: games and moves per second, agents' choices and the runner's
observer included, for one game or for every registered game, variant of note and agent.

A rate is the median of several timed repeats, after one untimed warm-up game,
each of whole games seeded as in a run (repeat r plays games (r, 0), (r, 1),
...), so two checkouts given the same arguments play the same games.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from printkit.gamedata import GameData, available_games, load_game
from simulate.agents import parse_agents, plain_agents
from simulate.engines import ENGINES, make_game
from simulate.engines.base import GameBase
from simulate.runner import play


@dataclass(frozen=True)
class Rate:
    """Median games and moves per second over the repeats, the slowest and fastest repeat, and the
    median games per second of the process's own CPU time (which other work on the machine moves less)."""

    games: float
    moves: float
    low: float
    high: float
    cpu_games: float


def measure(data: GameData, variant: str, sets: tuple[str, ...], players: int | None, agents: str,
            games: int | None, seconds: float, repeats: int) -> tuple[str, Rate]:  # fmt: skip
    """Time `repeats` repeats of `games` games each (or of as many as fit in `seconds`, at least one).

    Returns the label of what was timed (game, rule set, players, agents) and its rate.
    """
    rules = data.resolve(variant, sets, players)
    engine = make_game(rules)
    names = parse_agents(agents, data.engine, rules.players)
    play(engine, names, repeats, 0, engine.max_moves)  # warm-up, untimed: first calls fill caches
    game_rates, move_rates, cpu_rates = [], [], []
    for r in range(repeats):
        cpu = time.process_time()
        played, moves, elapsed = _repeat(engine, names, r, games, seconds)
        cpu_rates.append(played / max(time.process_time() - cpu, 1e-9))
        game_rates.append(played / elapsed)
        move_rates.append(moves / elapsed)
    label = f"{data.title} [{rules.label}, {rules.players}p, agents {','.join(names)}]"
    median = statistics.median
    rate = Rate(median(game_rates), median(move_rates), min(game_rates), max(game_rates), median(cpu_rates))
    return label, rate


def _repeat(engine: GameBase, names: tuple[str, ...], repeat: int, games: int | None,
            seconds: float) -> tuple[int, int, float]:  # fmt: skip
    """Play games (repeat, 0), (repeat, 1), ...: `games` of them, or until `seconds` have passed."""
    played = moves = 0
    start = time.perf_counter()
    while True:
        elapsed = time.perf_counter() - start
        if played and (played >= games if games is not None else elapsed >= seconds):
            return played, moves, elapsed
        result, _ = play(engine, names, repeat, played, engine.max_moves)
        moves += result.moves
        played += 1


def cases() -> Iterator[tuple[GameData, str, str]]:
    """Every registered game with an engine, each variant of note (its headline arms), each agent
    that needs no count (search agents take minutes a row: time them with `bench GAME --agents`)."""
    for name in available_games():
        data = load_game(name)
        if data.engine not in ENGINES:
            continue
        variants = list(dict.fromkeys(["default", *data.game.get("headline", [])]))
        for variant in variants:
            for agent in plain_agents(data.engine):
                yield data, variant, agent


def table(seconds: float, repeats: int, on_row: Callable[[str], None]) -> list[str]:
    """A Markdown table of `cases()`, each row passed to `on_row` as it is measured."""
    lines = [
        "| game | variant | players | agent | games/s | moves/s |",
        "| --- | --- | --- | --- | ---: | ---: |",
    ]
    for line in lines:
        on_row(line)
    for data, variant, agent in cases():
        rules = data.resolve(variant, (), None)
        _, rate = measure(data, variant, (), None, agent, None, seconds, repeats)
        rates = f"{rate.games:,.0f} | {rate.moves:,.0f}"
        line = f"| {data.title} | {variant} | {rules.players} | {agent} | {rates} |"
        on_row(line)
        lines.append(line)
    return lines
