"""How fast games play on one process: games and moves per second, agents' choices and the runner's
observer included, for one game or for every registered game, variant of note and agent.

A rate is the median of several timed repeats, after one untimed warm-up game,
each of whole games seeded as in a run (repeat r plays games (r, 0), (r, 1),
...), so two checkouts given the same arguments play the same games, and so
do the two engines (`--engine`). On a compiled core the games are played as
the runner plays them, in chunks of up to 64 to their rows' numbers; on the
Python engine one `runner.play` and its row at a time. Decisions are the moves
that had a choice (two or more legal moves): what a search agent spends its
time on.

On the Python engine the same games are also played by the engine and the
agents alone, in a plain loop (no observer, no row), a repeat of each in turn:
what the runner adds to a game is the difference.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from printkit.datafile.gamedata import GameData, available_games, load_game
from simulate.agents import make_agents, parse_agents, plain_agents
from simulate.engines import ENGINES, make_game
from simulate.engines.base import GameBase
from simulate.engines.rows import row
from simulate.fast import ENGINE, path_name
from simulate.play.runner import CHUNK, compiled, game_seeds, play


@dataclass(frozen=True)
class Rate:
    """Median games and moves per second over the repeats, the slowest and fastest repeat, the
    median games and decisions per second of the process's own CPU time (which other work on the
    machine moves less), and which engine played."""

    games: float
    moves: float
    low: float
    high: float
    cpu_games: float
    cpu_choices: float = 0.0
    path: str = ""
    plain_cpu_games: float | None = None  # the same games in a plain loop (Python engine only)


def measure(data: GameData, variant: str, sets: tuple[str, ...], players: int | None, agents: str,
            games: int | None, seconds: float, repeats: int) -> tuple[str, Rate]:  # fmt: skip
    """Time `repeats` repeats of `games` games each (or of as many as fit in `seconds`, at least one).

    Returns the label of what was timed (game, rule set, players, agents) and its rate.
    """
    rules = data.resolve(variant, sets, players)
    engine = make_game(rules)
    names = parse_agents(agents, data.engine, rules.players)
    batch, chunk = _batch(engine, names)
    plain = None if chunk > 1 else (lambda seed, start, stop: _plain_batch(engine, names, seed, start, stop))
    batch(repeats, 0, 1)  # warm-up, untimed: first calls fill caches (and load a compiled core)
    game_rates, move_rates, cpu_rates, choice_rates, plain_rates = [], [], [], [], []
    for r in range(repeats):
        cpu = time.process_time()
        played, moves, choices, elapsed = _repeat(batch, chunk, r, games, seconds)
        spent = max(time.process_time() - cpu, 1e-9)
        cpu_rates.append(played / spent)
        choice_rates.append(choices / spent)
        game_rates.append(played / elapsed)
        move_rates.append(moves / elapsed)
        if plain is not None:  # the same games, right after: the machine's load moves both alike
            cpu = time.process_time()
            _play_games(plain, r, played)
            plain_rates.append(played / max(time.process_time() - cpu, 1e-9))
    label = f"{data.title} [{rules.label}, {rules.players}p, agents {','.join(names)}]"
    median = statistics.median
    rate = Rate(
        median(game_rates),
        median(move_rates),
        min(game_rates),
        max(game_rates),
        median(cpu_rates),
        median(choice_rates),
        path_name(engine),
        median(plain_rates) if plain_rates else None,
    )
    return label, rate


Batch = Callable[[int, int, int], tuple[int, int]]


def _batch(engine: GameBase, names: tuple[str, ...]) -> tuple[Batch, int]:
    """`batch(seed, start, stop)`, which plays games start..stop-1 of run `seed` and returns their
    moves and decisions, and how many games it takes at a time (the runner's chunks, or one)."""
    fast = compiled(engine, names, ENGINE.get())
    if fast is None:
        return (lambda seed, start, stop: _python_batch(engine, names, seed, start, stop)), 1
    core, table = fast

    def batch(seed: int, start: int, stop: int) -> tuple[int, int]:
        numbers = core.numbers(table, seed, engine.max_moves, range(start, stop))
        return int(numbers[:, 1].sum()), int(numbers[:, -1].sum())

    return batch, CHUNK


def _python_batch(engine: GameBase, names: tuple[str, ...], seed: int, start: int, stop: int
                  ) -> tuple[int, int]:  # fmt: skip
    moves = choices = 0
    for index in range(start, stop):
        played = play(engine, names, seed, index, engine.max_moves)
        row(index, played, engine)
        moves += played[0].moves
        choices += played[1]["choices"]
    return moves, choices


def _plain_batch(engine: GameBase, names: tuple[str, ...], seed: int, start: int, stop: int
                 ) -> tuple[int, int]:  # fmt: skip
    """Games start..stop-1 of run `seed` as `runner.play` plays them, by the engine and the agents alone:
    no observer, no row, no fault caught."""
    for index in range(start, stop):
        game_seed, agent_seeds = game_seeds(seed, index, engine.players)
        state = engine.new_state(game_seed)
        agents = make_agents(names, engine, agent_seeds)
        moves = 0
        while not state.is_over() and moves < engine.max_moves:
            agent = agents[state.current_player()]
            view = state.view(agent.seat) if agent.needs_view else None
            state.apply(agent.choose(view, state.legal_moves()))
            moves += 1
        state.result() if state.is_over() else state.capped_result()
    return 0, 0


def _play_games(batch: Batch, repeat: int, games: int) -> None:
    """Games (repeat, 0) to (repeat, games - 1), one at a time."""
    for index in range(games):
        batch(repeat, index, index + 1)


def _repeat(batch: Batch, chunk: int, repeat: int, games: int | None, seconds: float
            ) -> tuple[int, int, int, float]:  # fmt: skip
    """Play games (repeat, 0), (repeat, 1), ...: `games` of them, or until `seconds` have passed."""
    played = moves = choices = 0
    start = time.perf_counter()
    while True:
        elapsed = time.perf_counter() - start
        if played and (played >= games if games is not None else elapsed >= seconds):
            return played, moves, choices, elapsed
        stop = played + chunk if games is None else min(games, played + chunk)
        more, decided = batch(repeat, played, stop)
        moves += more
        choices += decided
        played = stop


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
        "| game | variant | players | agent | games/s | moves/s | engine |",
        "| --- | --- | --- | --- | ---: | ---: | --- |",
    ]
    for line in lines:
        on_row(line)
    for data, variant, agent in cases():
        rules = data.resolve(variant, (), None)
        _, rate = measure(data, variant, (), None, agent, None, seconds, repeats)
        rates = f"{rate.games:,.0f} | {rate.moves:,.0f}"
        path = rate.path.split(" (")[0]
        line = f"| {data.title} | {variant} | {rules.players} | {agent} | {rates} | {path} |"
        on_row(line)
        lines.append(line)
    return lines
