"""Agent specs on the command line: lists told apart from parameters, canonical names, bad specs refused."""

from __future__ import annotations

import pytest

from printkit.errors import DataError
from simulate.agents import agent_list, describe_agents, parse_agents
from simulate.agents.spec import split_specs


def test_a_comma_after_a_count_is_a_parameter_and_otherwise_a_new_agent():
    assert split_specs("mcts:200,c=0.7") == ["mcts:200,c=0.7"]
    assert split_specs("random,greedy") == ["random", "greedy"]
    assert split_specs("random,mcts:200,c=0.7,rollout=greedy,ismcts:50") == [
        "random",
        "mcts:200,c=0.7,rollout=greedy",
        "ismcts:50",
    ]


def test_specs_are_written_back_in_one_form():
    # defaults are dropped, numbers shortened, parameters in their declared order; a parameter whose
    # default is the game's is kept when given, since another game's default may differ
    assert agent_list("mcts:200,c=0.70", "united_square") == ("mcts:200,c=0.7",)
    assert agent_list("mcts:200,c=1.4,depth=2", "united_square") == ("mcts:200,depth=2",)
    assert agent_list("mcts:200,rollout=random", "united_square") == ("mcts:200,rollout=random",)
    assert agent_list("mcts:200,depth=0,c=1", "united_square") == ("mcts:200,c=1,depth=0",)
    assert parse_agents("random,ismcts:30", "tiddly_wink", 2) == ("random", "ismcts:30")
    assert parse_agents("mc:5", "tiddly_wink", 3) == ("mc:5",) * 3


@pytest.mark.parametrize(
    "spec, words",
    [
        ("mcts:abc", "iterations must be a whole number"),
        ("mcts:0", "iterations must be a whole number from 1 to 1,000,000, got '0'"),
        ("mcts:10000000", "iterations must be a whole number from 1 to 1,000,000, got '10000000'"),
        ("mcts:200,k=3", "unknown parameter 'k' of mcts; expected one of c, rollout, prior, norm, depth"),
        ("mcts:200,c=0", "c=0: expected a number from 0.001 to 100"),
        ("mcts:200,c=nan", "c=nan: expected a number from 0.001 to 100"),
        ("mcts:20,scale=1e-300", "scale=1e-300: expected a number from 1e-06 to 1e+09"),
        ("mc:20,depth=10000000", "depth=10000000: expected a whole number from 0 to 100,000"),
        ("mcts:200,rollout=smart", "expected one of random, greedy"),
        ("mcts", "mcts needs its number of iterations"),
        ("greedy:3", "greedy takes no parameters"),
        ("c=0.7", "follows no agent with a count"),
        ("wizard", "unknown agent 'wizard'"),
        ("random,,greedy", "an empty name"),
    ],
)
def test_a_wrong_spec_says_what_is_wrong(spec, words):
    with pytest.raises(DataError, match="^--agents ") as caught:
        parse_agents(spec, "united_square", 2)
    assert words in str(caught.value)


def test_a_wrong_spec_is_one_line_and_exit_2(run_tool, tmp_path):
    for spec in ("mcts:abc", "mcts:0", "mcts:200,k=3"):
        code, out, err = run_tool(
            "simulate", "run", "united_square", "--agents", spec, "--games", "2", "--out", str(tmp_path)
        )
        assert code == 2
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        assert not any(tmp_path.iterdir())


def test_every_agent_of_a_game_is_listed_with_a_line(run_tool):
    code, out, _ = run_tool("simulate", "agents", "tiddly_wink")
    assert code == 0
    firsts = [line.split()[0] for line in out.splitlines()[1:] if not line.startswith(" ")]
    assert firsts == ["random", "greedy", "mc:N", "mcts:N", "ismcts:N", "heavy", "keep_ends"]
    assert len(describe_agents("twinkle_twinkle")) == len(describe_agents("united_square")) + 1
    code, out, _ = run_tool("simulate", "run", "--help")
    flat = " ".join(out.split())
    for name in ("random", "greedy", "mc:N", "mcts:N", "ismcts:N", "keep_ends", "greedy_left"):
        assert name in flat
