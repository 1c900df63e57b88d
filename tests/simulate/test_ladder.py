"""`simulate ladder` end to end: outputs, fillers named, the same games whatever --jobs is, resume."""

from __future__ import annotations

import json

from simulate.play.runner import CHUNK


def _csvs(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("games.csv"))}


def test_search_agents_play_the_same_moves_with_one_or_two_jobs(run_tool, tmp_path):
    # Enough games per seating for several chunks, so --jobs 2 really uses two processes.
    games = str(2 * (CHUNK + 1))
    folders = []
    for jobs in ("1", "2"):
        out = tmp_path / jobs
        code, stdout, err = run_tool(
            "simulate", "ladder", "tiddly_wink", "--variant", "block", "--agents", "random,ismcts:4,mcts:3",
            "--games", games, "--jobs", jobs, "--out", str(out), "--quiet", "--timing-games", "0",
        )  # fmt: skip
        assert code == 0, err
        folders.append(next(out.glob("tiddly_wink/ladder/*")))
    first, second = (_csvs(f) for f in folders)
    assert len(first) == 3 * 2 and first == second
    assert (folders[0] / "summary.json").read_bytes() == (folders[1] / "summary.json").read_bytes()
    assert (folders[0] / "ladder.png").read_bytes() == (folders[1] / "ladder.png").read_bytes()


def test_a_ladder_for_more_players_names_its_filler_and_resumes(run_tool, tmp_path):
    args = ["simulate", "ladder", "tiddly_wink", "--variant", "p3", "--agents", "random,greedy",
            "--games", "12", "--out", str(tmp_path), "--quiet", "--timing-games", "1"]  # fmt: skip
    code, out, err = run_tool(*args)
    assert code == 0, err
    assert "other seats random" in out
    assert "greedy:" in out and " s (" in out  # seconds per move of each agent
    folder = next(tmp_path.glob("tiddly_wink/ladder/*"))
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["filler"] == "random"
    assert summary["games_per_pair"] == 12 and summary["seatings_per_pair"] == 6
    pair = summary["pairs"][0]
    assert pair["games"] == 12 and sum(pair["wins"]) + pair["draws"] == 12
    before = _csvs(folder)
    code, again, _ = run_tool(*args)
    assert code == 0 and _csvs(folder) == before
    assert again.splitlines()[:12] == out.splitlines()[:12]


def test_a_ladder_refuses_one_agent_or_the_same_agent_twice(run_tool, tmp_path):
    for spec, words in (("greedy", "two or more agents"), ("mcts:9,greedy,mcts:9", "named twice")):
        args = ("ladder", "united_square", "--agents", spec, "--out", str(tmp_path))
        code, _, err = run_tool("simulate", *args)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1


def test_ladders_under_another_filler_or_seed_get_their_own_folders(run_tool, tmp_path):
    base = ["simulate", "ladder", "tiddly_wink", "--variant", "p3", "--agents", "random,greedy",
            "--games", "6", "--out", str(tmp_path), "--quiet", "--timing-games", "0"]  # fmt: skip
    for extra in ([], ["--filler", "greedy"], ["--seed", "2"]):
        code, _, err = run_tool(*base, *extra)
        assert code == 0, err
    names = sorted(p.name for p in (tmp_path / "tiddly_wink" / "ladder").iterdir())
    assert names == [
        "p3+random+greedy.filler-greedy.seed1",
        "p3+random+greedy.filler-random.seed1",
        "p3+random+greedy.filler-random.seed2",
    ]
