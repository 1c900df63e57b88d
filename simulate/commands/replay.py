"""`simulate replay GAME --game I`: one game of a run played again on the Python engine, move by move.

A game is a pure function of (rules, run seed, index, agents), so game I of a
run is played again exactly: the runner's own `play`, watched through its
`trace`, prints each move as it is chosen (the seat, the move, how many it
had to choose from), each seat's score whenever the runner's observer sees it
change, and the result, in the order the runner plays them. The run's
settings come from the command line as `simulate run` takes them, or whole
from the run's folder (`--from`, its `run.json`), which also holds the row
the run wrote for the game, compared with the one played again.

An engine that raises ends the replay with the moves up to the one that
raised, the engine's traceback (what a designer needs to fix it) and the
run's one line, exit status 1.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from printkit.datafile.gamedata import Rules, load_game
from printkit.errors import DataError, Fault
from simulate.agents import parse_agents
from simulate.engines import require_engine
from simulate.engines.base import Result
from simulate.engines.rows import row
from simulate.play.faults import GameFault
from simulate.play.runner import ENGINE_CAP, capped_game, csv_text, play, read_identity

FROM_GIVES = ("seed", "variant", "sets", "players", "agents", "max_moves")  # what --from reads in run.json


@dataclass(frozen=True)
class Replay:
    """One game of a run: its rules, agents, run seed, index and move cap, and the run's row of it."""

    rules: Rules
    agents: tuple[str, ...]
    seed: int
    index: int
    max_moves: int
    held_row: str | None = None  # the line the run's games.csv holds for the game (with --from)


def plan_replay(game: str, index: int, given: dict[str, Any], folder: Path | None) -> Replay:
    """The game to replay: from the command line's settings (`given`: FROM_GIVES' names), or from the run
    folder `folder`, whose settings the command line may not give again."""
    data = load_game(game)
    require_engine(data)
    if folder is None:
        rules = data.resolve(given["variant"], given["sets"], given["players"])
        agents = parse_agents(given["agents"], data.engine, rules.players)
        return Replay(rules, agents, given["seed"], index, given["max_moves"])
    meta = run_json(folder)
    settings, damage = read_identity(meta)
    if damage:
        raise DataError(f"{meta}: damaged ({damage}); give the run's --seed, --variant and --agents instead")
    if settings.get("game") != data.name:
        raise DataError(f"--from {folder}: a run of {settings.get('game')!r}, not of {data.name!r}")
    try:
        rules = data.resolve(settings["label"], players=settings["players"])
        # the run's own rules: its --set overrides are in them, and so is the data file as it was then
        rules = replace(rules, values=settings["rules"])
        agents = tuple(settings["agents"])
        run = Replay(rules, agents, int(settings["seed"]), index, int(settings.get("max_moves", ENGINE_CAP)))
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(f"{meta}: not the settings of a run ({type(exc).__name__}: {exc})") from None
    return replace(run, held_row=_held_row(meta.parent / "games.csv", index))


def run_json(folder: Path) -> Path:
    """The `run.json` of an arm's folder: `folder`'s own, or the only one below it (a run of one arm)."""
    if (folder / "run.json").is_file():
        return folder / "run.json"
    if not folder.is_dir():
        raise DataError(f"--from {folder}: no such folder")
    found = sorted(folder.rglob("run.json"))
    if len(found) == 1:
        return found[0]
    if not found:
        raise DataError(f"--from {folder}: holds no run (no run.json in it or below it)")
    arms = ", ".join(str(p.parent) for p in found[:4]) + (", ..." if len(found) > 4 else "")
    raise DataError(f"--from {folder}: holds {len(found)} arms; give one arm's folder: {arms}")


def _held_row(csv_path: Path, index: int) -> str | None:
    """The line games.csv holds for game `index` (None if it has not been played)."""
    if not csv_path.is_file():
        return None
    with csv_path.open(newline="") as fh:
        next(fh, None)
        for k, line in enumerate(fh):
            if k == index:
                return line if line.endswith("\n") else None
    return None


class MoveLines:
    """`runner.Trace` for a replay: a line per move, with the scores after it where they changed."""

    def __init__(self, echo: Callable[[str], None]):
        self.echo = echo
        self.moves = 0
        self.line = ""  # the last move's line, printed once the scores after it are known
        self.shown: list[float] | None = None

    def wrap(
        self, choose: list[Callable[..., Any]], see: Callable[[int, Sequence[float]], None]
    ) -> tuple[list[Callable[..., Any]], Callable[[int, Sequence[float]], None]]:
        def seat(number: int, pick: Callable[..., Any]) -> Callable[..., Any]:
            def chosen(view: Any, legal: list[Any]) -> Any:
                move = pick(view, legal)
                self.flush()
                self.moves += 1
                options = "its only move" if len(legal) == 1 else f"of {len(legal)}"
                self.line = f"{self.moves:>5}. seat {number + 1} plays {move!r} ({options})"
                return move

            return chosen

        def seen(moves: int, scores: Sequence[float]) -> None:
            see(moves, scores)
            now = list(scores)
            if now != self.shown:
                said = f"scores {_numbers(now)}"
                self.line = f"{self.line}  {said}" if self.line else f"start: {said}"
                self.shown = now
            self.flush()

        return [seat(k, pick) for k, pick in enumerate(choose)], seen

    def flush(self) -> None:
        if self.line:
            self.echo(self.line)
            self.line = ""


def replay(run: Replay, echo: Callable[[str], None], echo_err: Callable[[str], None]) -> None:
    """Play the game again, saying it move by move; a `Fault` if the engine raises."""
    game = capped_game(run.rules, run.max_moves)
    agents = ",".join(run.agents) if len(set(run.agents)) > 1 else run.agents[0]
    echo(
        f"{run.rules.meta.get('title', run.rules.game)}: game {run.index} of --seed {run.seed}, variant "
        f"{run.rules.label}, {game.players} players, agents {agents}, at most {game.max_moves:,} moves"
    )
    lines = MoveLines(echo)
    try:
        played = play(game, run.agents, run.seed, run.index, game.max_moves, lines)
    except GameFault as fault:
        lines.flush()
        cause = fault.__cause__
        if cause is not None:
            echo_err("The engine's traceback:")
            echo_err("".join(traceback.format_exception(cause)).rstrip("\n"))
        raise Fault(
            f"{run.rules.game}: game {run.index} of --seed {run.seed} raised {fault.error} ({fault.where}) "
            f"{fault.at()}"
        ) from None
    lines.flush()
    echo(result_line(played[0], lines.moves))
    if run.held_row is not None:
        again = csv_text([row(run.index, played, game)])
        said = (
            "the same" if again == run.held_row else "NOT the same: the data file or the engine changed since"
        )
        echo(f"games.csv's row of game {run.index}: {said}")


def result_line(result: Result, moves: int) -> str:
    """How a game of `moves` moves came out, in one line."""
    seats = " and ".join(f"seat {w + 1}" for w in result.winners)
    if result.capped:
        outcome = "stopped at the move cap" + (
            f", {seats} named the winner" if seats else ", no winner named"
        )
    elif result.draw:
        outcome = f"a draw between {seats}"
    else:
        outcome = f"{seats} {'wins' if len(result.winners) == 1 else 'win'}"
    first = f"seat {result.first_player + 1} moved first"
    return (
        f"result: {outcome}; scores {_numbers(result.scores)}; places {_numbers(result.placements)}; "
        f"{moves} moves, {first}"
    )


def _numbers(values: Sequence[float]) -> str:
    return ", ".join(f"{v:g}" for v in values)
