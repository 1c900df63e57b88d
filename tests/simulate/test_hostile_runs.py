"""Issue 24's cases that a run must survive rather than refuse: each ends as the issue says it should.

A `$` in a title or a variant doc is printed as a dollar sign, a data file named
`...toml` writes inside the output folder, a histogram of huge scores does not
allocate by their size, a search agent's playout does not overflow, and
`--precision` plays on in a handful of steps.
"""

from __future__ import annotations

import math
import shutil
import tracemalloc
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from printkit.filenames import MAX_PART, safe_part
from simulate.agents.playout import side_rewards
from simulate.commands.arms import play_to_precision
from simulate.commands.options import PlayOptions

DATA = Path(__file__).resolve().parents[2] / "data"


def _run(run_tool, path: str, out: Path) -> tuple[int, str]:
    code, _, err = run_tool(
        "simulate",
        "run",
        path,
        "--games",
        "4",
        "--agents",
        "random",
        "--jobs",
        "1",
        "--quiet",
        "--out",
        str(out),
    )
    return code, err


def test_dollars_in_a_title_and_a_variant_doc_reach_the_report_as_dollars(run_tool, tmp_path):
    text = (DATA / "united_square" / "united_square.toml").read_text(encoding="utf-8")
    text = text.replace('title = "United Square"', 'title = "United Square $x^2$ for $5"')
    text = text.replace(
        'doc = "The rules as the data file states them."', 'doc = "Total $\\\\frac{1}{$ and $\\\\alpha"'
    )
    path = tmp_path / "dollars.toml"
    path.write_text(text, encoding="utf-8")
    code, err = _run(run_tool, str(path), tmp_path / "out")
    assert code == 0, err
    report = next((tmp_path / "out").rglob("report.html")).read_text(encoding="utf-8")
    assert "United Square $x^2$ for $5" in report


def test_a_dollar_is_literal_in_every_figure():
    from simulate.report.plotting import plt

    fig, ax = plt.subplots()
    ax.set_title("Total $\\frac{1}{$")  # a maths parser fails on this as the figure is drawn
    fig.canvas.draw()
    assert ax.title.get_text() == "Total $\\frac{1}{$"


def test_a_data_file_named_dots_writes_inside_the_output_folder(run_tool, tmp_path):
    shutil.copy(DATA / "united_square" / "united_square.toml", tmp_path / "...toml")
    out = tmp_path / "nest" / "out"
    code, _, err = run_tool(
        "simulate",
        "run",
        str(tmp_path / "...toml"),
        "--games",
        "2",
        "--agents",
        "random",
        "--quiet",
        "--out",
        str(out),
    )
    assert code == 0, err
    written = [p for p in tmp_path.rglob("*") if p.is_file() and p.name != "...toml"]
    assert written and all(out in p.parents for p in written)
    code, _, err = run_tool("printkit", "build", str(tmp_path / "...toml"), "--out", str(out / "print"))
    assert code == 0, err
    assert {p.parent for p in (out / "print").rglob("*")} == {out / "print"}


def test_a_safe_name_is_one_name_never_dots_and_never_too_long():
    assert (
        safe_part("..") == "default" and safe_part(".hidden") == "hidden" and safe_part("a/../b") == "a_.._b"
    )
    assert safe_part("board7+deal=equal") == "board7+deal=equal"
    long_a, long_b = "x" * 300 + "a", "x" * 300 + "b"
    assert len(safe_part(long_a)) == MAX_PART and safe_part(long_a) != safe_part(long_b)


def test_a_histogram_of_huge_scores_does_not_allocate_by_their_size():
    from simulate.report.document import _histograms
    from simulate.report.plotting import plt

    fig, ax = plt.subplots()
    arms = [SimpleNamespace(label="huge")]
    tracemalloc.start()
    _histograms(ax, arms, [np.array([0.0, 3.0, 10.0**9, 5e9])], [1.0], "score")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 20_000_000  # bytes; the whole-number bins of 0..5e9 were 37 GiB
    assert len(ax.patches) == 1 and len(ax.patches[0].get_path().vertices) < 200


def test_a_playout_logistic_does_not_overflow_on_a_huge_lead():
    game = SimpleNamespace(players=2, side_of=lambda seat: seat)
    state = SimpleNamespace(
        game_of=lambda: game, is_over=lambda: False, evaluate=lambda seat: [0.0, 1e9][seat]
    )
    for scale in (1e-6, 1.0):
        losing, winning = side_rewards(state, scale)
        assert 0 <= losing < 1e-300 and winning == 1.0
    even = SimpleNamespace(game_of=lambda: game, is_over=lambda: False, evaluate=lambda seat: 5.0)
    assert side_rewards(even, 1e-6) == [0.5, 0.5]


def test_precision_plays_on_in_a_handful_of_steps_of_whole_games(monkeypatch):
    # a half-width of 0.5 / sqrt(games): 0.01 needs 2,500 games, 40 steps of 64 one at a time
    monkeypatch.setattr("simulate.commands.arms._half_width", lambda n: 0.5 / math.sqrt(n))
    asked = []

    def play(n, fresh):
        asked.append(n)
        return [n]

    progress = SimpleNamespace(grow=lambda k: None)
    options = PlayOptions(games=64, precision=0.01, max_games=100_000)
    n, _ = play_to_precision(play, options, progress)
    assert asked == [64, 256, 1024, 2560] and n == 2560  # x4 at most, then what the width says
    assert 0.5 / math.sqrt(n) <= 0.01 and all(k % 64 == 0 for k in asked)
    asked.clear()
    n, _ = play_to_precision(play, PlayOptions(games=64, precision=0.01, max_games=1000), progress)
    assert n == 1000 and asked[-1] == 1000  # the cap stops it
