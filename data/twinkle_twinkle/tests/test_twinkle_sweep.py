"""The generic sweep on Twinkle Twinkle's reference sides: one row per combination, independent of --jobs."""

from __future__ import annotations

import csv
import sys

import pytest

from printkit.datafile.gamedata import load_game
from printkit.errors import DataError, run_cli
from simulate.cli import cli
from simulate.commands.options import PlayOptions
from simulate.commands.sweep import grid_of, parse_grid, run_sweep

GRID = ("sides.comets=green,blue", "sides.black_holes=green,blue")


def _sweep(out, jobs: int, grid=GRID):
    options = PlayOptions(players=2, agents=("random",), games=5, seed=3, jobs=jobs, out=out, quiet=True)
    return run_sweep("twinkle_twinkle", grid, "default", options)


def test_sweep_writes_one_row_per_combination_and_jobs_do_not_matter(tmp_path) -> None:
    one = _sweep(tmp_path / "one", 1)
    two = _sweep(tmp_path / "two", 2)
    text = one["csv"].read_text()
    assert text == two["csv"].read_text()
    rows = list(csv.DictReader(text.splitlines()))
    assert [(r["sides.comets"], r["sides.black_holes"]) for r in rows] == [
        ("green", "green"),
        ("green", "blue"),
        ("blue", "green"),
        ("blue", "blue"),
    ]
    for r in rows:
        assert r["games"] == "5" and r["players"] == "2"
        categories = sum(float(v) for k, v in r.items() if k.startswith("points_"))
        assert categories == pytest.approx(float(r["mean_score"]), abs=1e-3)
        assert float(r["seat1_lo"]) <= float(r["seat1_win"]) <= float(r["seat1_hi"])
    markdown = one["markdown"].read_text()
    table, _, analysis = markdown.partition("## Which factor matters")
    assert table.count("\n| ") == 1 + 4  # header and one row per combination
    header = next(line for line in table.splitlines() if line.startswith("| "))
    assert "| players |" in header and "| p |" not in header
    assert "seat gap: the best seat's win rate minus the worst seat's" in table
    # 5 games a row cannot rank 4 rows: the table says so before it
    assert "so these games cannot rank them; about" in table
    assert "Holm-corrected over the" in analysis
    # one main-effect row per factor, and the largest interaction per outcome
    assert analysis.count("\n| sides.") == 2 and analysis.count("- Largest interaction on") == 3
    assert one["effects"].stat().st_size > 10_000
    assert one["figure"].stat().st_size > 10_000


def test_default_grid_is_the_data_files_32_side_combinations() -> None:
    axes = grid_of(load_game("twinkle_twinkle"), ())
    assert [a.key for a in axes] == [
        "sides.comets",
        "sides.asteroids",
        "sides.planets",
        "sides.black_holes",
        "sides.satellites",
    ]
    combos = 1
    for a in axes:
        combos *= len(a.values)
    assert combos == 32


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        (("sides.comets",), "expected KEY=V1,V2"),
        (("sides.comets=green,green",), "listed twice"),
        (("sides.comets=green,blue", "sides.comets=blue,green"), "already on the grid"),
    ],
)
def test_grid_parse_errors(grid, message) -> None:
    with pytest.raises(DataError, match=message):
        parse_grid(grid)


def test_a_bad_value_on_the_grid_is_one_line_and_status_2_before_any_game(
    monkeypatch, capsys, tmp_path
) -> None:
    argv = [
        "simulate",
        "sweep",
        "twinkle_twinkle",
        "--grid",
        "sides.comets=green,purple",
        "--out",
        str(tmp_path),
    ]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit) as exit_info:
        run_cli(cli, "simulate")
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and '"purple"' in err
    assert not any(tmp_path.iterdir())
