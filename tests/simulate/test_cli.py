"""The simulate command as a user meets it: errors are one line with exit status 2, runs write reports."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from simulate.report.summary_fields import undocumented


@pytest.mark.parametrize(
    "args, message",
    [
        (["run", "chess"], "unknown game 'chess'"),
        (["run", "united_square", "--variant", "huge"], "unknown variant 'huge'"),
        (["run", "united_square", "--set", "board=9"], "rules.board: expected one of 5, 7, got 9"),
        (["run", "united_square", "--set", "speed=3"], "rules.speed: unknown option"),
        (["run", "united_square", "--players", "3"], "takes 2, 4 players, got 3"),
        (["run", "united_square", "--variant", "teams", "--players", "2"], "teams needs 4 players"),
        (["run", "united_square", "--agents", "genius"], "unknown agent 'genius'"),
        (["run", "united_square", "--agents", "random,random,random"], "expected 1 or 2 agents"),
        (["run", "united_square", "--games", "0"], "0 is not in the range 1<=x<=100000000"),
        (
            ["run", "united_square", "--games", "1000000000000"],
            "'--games': 1000000000000 is not in the range",
        ),
        (["run", "united_square", "--seed", "-1"], "'--seed': -1 is not in the range x>=0"),
        (["run", "united_square", "--jobs", "0"], "'--jobs': 0 is not in the range x>=1"),
        (["run", "united_square", "--jobs", "1000"], "more than 4 per core) would only slow the run"),
        (
            ["compare", "united_square", "--variant", "default", "--variant", "board7", "--jobs", "1000"],
            "--force",
        ),
        (["sweep", "united_square", "--jobs", "1000"], "--jobs: 1000 workers"),
        (["sweep", "united_square", "--seed", "-1"], "'--seed': -1 is not in the range"),
        (["demo", "--games", "0"], "'--games': 0 is not in the range"),
        (["demo", "--jobs", "1000"], "--jobs: 1000 workers"),
        (["demo", "--games", "200000"], "10 arms x 200,000 games = 2,000,000 games, more than the 1,000,000"),
        (["compare", "united_square", "--variant", "default"], "compare needs two or more arms"),
        (["run", "broken/path.toml"], "no such data file"),
        (["run", "united_square", "--bogus"], "(see simulate run --help)"),
        (["run", "united_square", "--games", "many"], "'many' is not a valid integer"),
        # issue 24: rules both tools refuse alike, and work without bounds from the command line
        (
            ["run", "twinkle_twinkle", "--set", "constellations.size_points=[]"],
            "rules.constellations.size_points: expected a non-empty list, got []",
        ),
        (["run", "tiddly_wink", "--jobs", "100000", "--force"], "even with --force"),
        (["run", "tiddly_wink", "--precision", "1e-9"], "--precision 1e-09: even a fair game needs about"),
        (
            ["run", "tiddly_wink", "--agents", "mcts:20,scale=1e-300"],
            "scale=1e-300: expected a number from 1e-06 to 1e+09",
        ),
        (["run", "tiddly_wink", "--agents", "mcts:200,c=inf"], "c=inf: expected a number from 0.001 to 100"),
        (
            ["compare", "united_square", "--variant", "default", "--variant", "deal=random"],
            "--variant: 'default' and 'deal=random' are the same rules (2 players)",
        ),
        (
            ["compare", "united_square", "--variant", "default", "--variant", "board7", "--games", "600000"],
            "2 arms x 600,000 games = 1,200,000 games, more than the 1,000,000 one command plays unasked",
        ),
        (
            [
                "compare",
                "united_square",
                *[a for k in range(33) for a in ("--variant", f"start_rotation={k % 4}")],
            ],
            "--variant: 33 arms; a compare reports on at most 32",
        ),
        (
            [
                "sweep",
                "united_square",
                "--grid",
                "start_type=1,2,3,4,5,6",
                "--grid",
                "start_rotation=0,1,2,3",
                "--grid",
                "first_player=random,seat1",
                "--grid",
                "pairing_2p=ry-bg,rb-yg",
                "--grid",
                "deal=random,equal",
                "--grid",
                "mode=solo,teams",
            ],
            "--grid: 384 combinations; a sweep plays at most 256",
        ),
        (
            ["sweep", "united_square", "--grid", "nosuch=1,2"],
            "--grid nosuch=1,2: rules.nosuch: unknown option",
        ),
        (
            [
                "sweep",
                "tiddly_wink",
                "--grid",
                "counters=" + ",".join(map(str, range(1, 1001))),
                "--grid",
                "hand=1,2,3",
            ],
            "--grid: 3,000 combinations",
        ),
        (["ladder", "united_square", "--agents", ",".join(f"mc:{k}" for k in range(1, 18))], "at most 16"),
        (
            ["ladder", "united_square", "--agents", "random,greedy", "--timing-games", "1000000"],
            "--timing-games",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2_with_no_output(run_tool, tmp_path, args, message):
    # demo's output folder is its --out too, so every case says where nothing may appear
    code, out, err = run_tool("simulate", *args, "--out", str(tmp_path / "out"))
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert message in err
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (["bench", "united_square", "--repeats", "0"], "'--repeats': 0 is not in the range"),
        (["bench", "united_square", "--games", "-1"], "'--games': -1 is not in the range"),
        (["bench", "united_square", "--games", "0"], "'--games': 0 is not in the range"),
    ],
)
def test_bench_refuses_counts_that_measure_nothing(run_tool, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_tool("simulate", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def _out_cases(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("not a folder")
    return [
        (afile / "sub", "Not a directory"),
        (tmp_path / ("x" * 300), "File name too long"),
        (Path("/sys/simulate-out"), "cannot write the run folder"),  # read-only even for root
    ]


def test_an_output_folder_that_cannot_be_written_is_one_line(run_tool, tmp_path):
    for out, message in _out_cases(tmp_path):
        code, _, err = run_tool("simulate", "run", "united_square", "--games", "5", "--out", str(out))
        assert code == 2, out
        assert err.count("\n") == 1 and err.startswith("error: --out: cannot write the run folder")
        assert message in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_run_writes_report_figures_csv_and_summary(run_tool, tmp_path):
    code, out, err = run_tool(
        "simulate",
        "run",
        "united_square",
        "--games",
        "120",
        "--seed",
        "4",
        "--out",
        str(tmp_path),
    )
    assert code == 0
    folder = tmp_path / "united_square" / "default.greedy.seed4"
    assert (folder / "report.pdf").read_bytes().startswith(b"%PDF")
    assert (folder / "figures" / "seat_wins.png").exists()
    summary = json.loads((folder / "summary.json").read_text())
    arm = summary["arms"]["default"]
    rates = arm["side_wins"]
    assert all(r["lo"] <= r["p"] <= r["hi"] for r in rates)
    assert sum(r["k"] for r in rates) == arm["decided"] == 120 - arm["draws"]["k"] - arm["capped"]["k"]
    assert undocumented(summary) == []  # every field is on the reference page (summary_fields.FIELDS)
    assert "The first mover scores" in out and "report:" in out
    html = (folder / "report.html").read_text()
    assert "<img" in html and "data:image/png;base64," in html and 'src="http' not in html
    with (folder / "summary.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    assert {"arm", "agents", "metric", "value", "low", "high", "n"} == set(rows[0])
    assert any(r["metric"] == "draw rate" and r["arm"] == "default" for r in rows)


def test_the_command_line_starts_without_the_report_modules_numpy_or_every_engine():
    """A run starts its workers before these are imported (under --jobs 2 the parent imports them then)."""
    import subprocess
    import sys

    shown = subprocess.run(
        [sys.executable, "-c", "import sys, simulate.cli; print(' '.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for heavy in ("scipy", "matplotlib", "numpy", "printkit_games.twinkle_twinkle.engine"):
        assert heavy not in shown, heavy


def test_a_compare_of_a_fixed_number_of_games_imports_scipy_while_its_workers_play(tmp_path):
    """scipy's statistics (with the stopping rule, `simulate.analysis.sequential`) are imported by
    `load_report_modules` once the workers play, the collector paused, not before they are forked: a
    compare of `--games N` never asks the stopping rule's rounds. (numba imports scipy's bare package.)"""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from simulate.commands import arms, rounds\n"
        "seen = []\n"
        "load = rounds.load_report_modules\n"
        "def spy():\n"
        "    seen.append(sorted({'scipy.stats', 'scipy.optimize'} & set(sys.modules)))\n"
        "    load()\n"
        "arms.load_report_modules = rounds.load_report_modules = spy\n"
        "from simulate.cli import cli\n"
        "cli.main(['compare', 'united_square', '--variant', 'default', '--variant', 'board7', '--agents',\n"
        f"          'random', '--games', '20', '--jobs', '2', '--quiet', '--out', {str(tmp_path)!r}],\n"
        "         standalone_mode=False)\n"
        "print(seen)\n"
    )
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert shown.splitlines()[-1] == "[[]]"
