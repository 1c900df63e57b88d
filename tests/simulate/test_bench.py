"""`simulate bench`: one game's rate, and `--all`, a row for every game, variant of note and agent."""

from __future__ import annotations

import re

import pytest

from printkit.datafile.gamedata import available_games, load_game
from simulate.agents import plain_agents
from simulate.engines import ENGINES


def test_bench_all_has_a_row_for_every_game_headline_variant_and_agent(run_tool) -> None:
    code, out, err = run_tool("simulate", "bench", "--all", "--seconds", "0.001", "--repeats", "1")
    assert code == 0, err
    rows = [line.split("|")[1:-1] for line in out.splitlines()[2:]]
    seen = {(title.strip(), variant.strip(), agent.strip()) for title, variant, _, agent, *_ in rows}
    expected = set()
    for name in available_games():
        data = load_game(name)
        if data.engine in ENGINES:
            for variant in ["default", *data.game.get("headline", [])]:
                expected |= {(data.title, variant, agent) for agent in plain_agents(data.engine)}
    assert seen == expected and len(rows) == len(expected)
    for *_, games, moves, _ in rows:
        games_per_s, moves_per_s = (float(x.replace(",", "")) for x in (games, moves))
        assert games_per_s > 0 and moves_per_s > games_per_s  # every game has more than one move


def test_bench_one_game_prints_games_and_moves_per_second(run_tool) -> None:
    code, out, err = run_tool("simulate", "bench", "united_square", "--games", "20", "--repeats", "1")
    assert code == 0, err
    assert "United Square [default, 2p, agents random,random]" in out
    assert " games/s, " in out and " moves/s, " in out
    # a process's CPU time runs no faster than the clock on the wall: as many games or more per CPU second
    wall, cpu = re.search(r"([\d,.]+) games/s, .* CPU time ([\d,.]+) games", out).groups()
    assert float(cpu.replace(",", "")) >= 0.9 * float(wall.replace(",", ""))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["bench"], "name a game, or pass --all"),
        (["bench", "--all", "united_square"], "bench --all takes no game"),
        (["bench", "--all", "--seconds", "0"], "'--seconds': 0.0 is not in the range"),
    ],
)
def test_bench_bad_input_is_one_line_and_exit_status_2(run_tool, args, message) -> None:
    code, out, err = run_tool("simulate", *args)
    assert code == 2
    assert message in err and len(err.strip().splitlines()) == 1
