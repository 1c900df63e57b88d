"""The simulate command as a user meets it: errors are one line with exit status 2, runs write reports."""

from __future__ import annotations

import csv
import json

import pytest


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
        (["run", "united_square", "--agents", "random,random,random"], "expected 1 or 2 names"),
        (["run", "united_square", "--games", "0"], "--games: expected at least 1"),
        (["compare", "united_square", "--variant", "default"], "compare needs two or more arms"),
        (["run", "broken/path.toml"], "no such data file"),
        (["run", "united_square", "--bogus"], "(see simulate run --help)"),
        (["run", "united_square", "--games", "many"], "'many' is not a valid integer"),
    ],
)
def test_bad_input_is_one_line_and_exit_2_with_no_output(run_tool, tmp_path, args, message):
    code, out, err = run_tool("simulate", *args, "--out", str(tmp_path / "out"))
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert message in err
    assert "Traceback" not in err
    assert not (tmp_path / "out").exists()


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
    assert "The first mover wins" in out and "report:" in out
    html = (folder / "report.html").read_text()
    assert "<img" in html and "data:image/png;base64," in html and 'src="http' not in html
    with (folder / "summary.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    assert {"arm", "agents", "metric", "value", "low", "high", "n"} == set(rows[0])
    assert any(r["metric"] == "draw rate" and r["arm"] == "default" for r in rows)
