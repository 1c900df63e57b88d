"""The report as a reader meets it: pages that never overflow, colours that stay apart, progress, folders."""

from __future__ import annotations

import csv
import io
import itertools

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import pytest
from PIL import Image
from test_report_stats import draw_heavy, judged_arms

from printkit.datafile.gamedata import load_game
from simulate.analysis import balance
from simulate.analysis.arm import Arm
from simulate.analysis.tally import tally_csv
from simulate.analysis.verdict_page import build_verdict
from simulate.commands.arms import category_colours, run_arms
from simulate.commands.options import PlayOptions
from simulate.play.progress import Progress
from simulate.report import context
from simulate.report import document as report
from simulate.words import language


def test_verdict_and_details_of_eight_arms_stay_on_their_pages(tmp_path):
    tally = tally_csv(draw_heavy(tmp_path / "games.csv"), [0, 1])
    arms = []
    for k in range(8):
        summary = balance.summarize(tally, (), ())
        label = f"arm{k}+some_long_option_name=some_long_value"
        changes = "A long description of what this arm changes, from the option docs. " * 3
        arms.append(Arm(label, 2, ("greedy", "greedy"), tally.cols(), summary, tally, changes))
    comparisons = judged_arms([arms])
    verdict = build_verdict([arms], comparisons, "", 100, 1)
    ctx = context.Context("United Square", "united_square", 100, 1, (), ())
    pages = report.text_pages(ctx, arms, "verdict", report.verdict_blocks(verdict, arms))
    details = report.summary_lines(ctx, arms, comparisons)
    pages += report.text_pages(ctx, arms, "details", [("mono", line) for line in details])
    assert len(pages) > 2  # the text flowed onto more pages rather than off the bottom
    for fig in pages:
        renderer = fig.canvas.get_renderer()
        box = fig.bbox
        for text in fig.texts:
            extent = text.get_window_extent(renderer)
            assert box.x0 <= extent.x0 and extent.x1 <= box.x1, text.get_text()[:60]
            assert box.y0 <= extent.y0 and extent.y1 <= box.y1, text.get_text()[:60]


def test_the_details_of_a_comparison_keep_one_column_for_its_figures_past_a_long_measures_name():
    def answer(b):
        return {"a": 1.0, "b": b, "lo": b - 1.5, "hi": b - 0.5, "delta": 0.5, "paired": False}

    def tests(name):
        return {
            name: {"test": "z test", "p": 0.5, "p_holm": 1.0},
            f"{name}_within": {"test": "z test", "p": None},
        }

    names = ("draws", "metric_largest_constellation")
    comparison = {"answers": {n: answer(2.0) for n in names}, "tests": {}}
    for n in names:
        comparison["tests"] |= tests(n)
    ctx = context.Context("Twinkle Twinkle", "twinkle_twinkle", 100, 1, (), ())
    lines = report.summary_lines(ctx, [], {"blue vs default": comparison})
    assert lines[0] == "blue vs default:"
    figures = [line for line in lines[1:] if "[" in line]
    assert [line.index("+1 [") for line in figures] == [len("  metric largest constellation ")] * 2
    below = [line for line in lines[1:] if "z test" in line]
    assert {len(line) - len(line.lstrip()) for line in below} == {len("  metric largest constellation ")}


def test_figures_stacked_on_a_page_are_drawn_when_a_page_sized_figure_follows_them():
    # Tiddly-Wink's metrics figure, alone on its page, came before its own page-sized text figure
    # (rounds_summary): the stacked page was left without its content, blank
    import pypdfium2 as pdfium
    from matplotlib.backends.backend_pdf import PdfPages

    from simulate.report.paper import fit_pages, page_inches

    drawn = io.BytesIO()
    with PdfPages(drawn) as pdf:
        for size in ((8, 5), (10, 14), page_inches("a4"), (8, 5)):
            fig = plt.figure(figsize=size)
            fig.patch.set_facecolor("black")
            pdf.savefig(fig)
            plt.close(fig)
    pages = pdfium.PdfDocument(fit_pages(drawn.getvalue(), "a4"))
    assert len(pages) == 4  # the first figure, the tall one on a page of its own, the page, the last
    for k in range(len(pages)):
        darkest, _ = pages[k].render(scale=0.2).to_pil().convert("L").getextrema()
        assert darkest < 50, f"page {k + 1} is blank"


DESIGN = "mcts:200,rollout=greedy,prior=greedy,norm=minmax"


def _skill_arms(tmp_path, specs):
    tally = tally_csv(draw_heavy(tmp_path / "games.csv"), [0, 1])
    summary = balance.summarize(tally, (), ())
    return [Arm(f"default @ {s}", 2, (s, s), tally.cols(), summary, tally, "") for s in specs]


def test_a_search_designs_options_are_cut_from_the_heading_so_it_stays_on_the_page(tmp_path):
    arms = _skill_arms(tmp_path, ["random", "greedy", DESIGN])
    ctx = context.Context("Twinkle Twinkle", "twinkle_twinkle", 300, 1, (), ())
    heading = context.heading(ctx, arms, "verdict")
    assert "agents random; greedy; mcts:200,... |" in heading
    fig = report.text_pages(ctx, arms, "verdict", [("p", "a line")])[0]
    box, title = fig.bbox, fig.texts[0]
    assert title.get_window_extent(fig.canvas.get_renderer()).x1 <= box.x1, title.get_text()


def test_heading_keeps_the_full_specs_where_cutting_would_make_two_levels_one(tmp_path):
    other = DESIGN.replace("prior=greedy", "prior=random")
    arms = _skill_arms(tmp_path, [DESIGN, other])
    ctx = context.Context("Twinkle Twinkle", "twinkle_twinkle", 300, 1, (), ())
    assert f"agents {DESIGN}; {other} |" in context.heading(ctx, arms, "verdict")


def test_twelve_arm_colours_are_distinct():
    rgb = [mcolors.to_rgb(c) for c in context.COLOURS]
    assert len(set(context.COLOURS)) == 12
    for a, b in itertools.combinations(rgb, 2):
        assert sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5 > 0.15


def test_score_categories_take_the_data_files_colours():
    colours = category_colours(load_game("united_square"))
    assert colours["red"] == "#d7263d" and colours["blue"] == "#1b6ca8"


class Pipe(io.StringIO):
    def isatty(self) -> bool:
        return False


def test_progress_without_a_terminal_is_a_line_every_tenth_and_quiet_hides_it():
    out = Pipe()
    with Progress(1000, "United Square: 1 x 1000 games", stream=out) as progress:
        for _ in range(16):
            progress.update(64)
    lines = out.getvalue().splitlines()
    assert lines[0] == "United Square: 1 x 1000 games: started"
    assert lines[-1] == "United Square: 1 x 1000 games: 100% (1,024 of 1,000 games)"
    assert len(lines) == 11
    quiet = Pipe()
    with Progress(1000, "x", quiet=True, stream=quiet) as progress:
        progress.update(1000)
    assert quiet.getvalue() == ""


def test_quiet_keeps_the_summary_and_folders_carry_agents_and_seed(run_tool, tmp_path):
    code, out, err = run_tool(
        "simulate",
        "compare",
        "united_square",
        "--variant",
        "default",
        "--variant",
        "equal_deal",
        "--games",
        "40",
        "--agents",
        "random",
        "--agents",
        "greedy",
        "--seed",
        "3",
        "--quiet",
        "--out",
        str(tmp_path),
    )
    assert code == 0, err
    assert err == ""
    folder = tmp_path / "united_square" / "default-vs-equal_deal.random-and-greedy.seed3"
    assert (folder / "arms" / "random" / "equal_deal" / "games.csv").exists()
    assert (folder / "arms" / "greedy" / "default" / "games.csv").exists()
    assert "Under agents random: 40 games per arm, seed 3" in out
    assert "Under agents greedy: 40 games per arm, seed 3" in out
    assert "Does each conclusion hold under both agent sets?" in out


def _precision_options(out, seed, precision, max_games):
    """Random games 64 at a time, one process, until `precision` or `max_games`."""
    return PlayOptions(
        agents=("random",),
        games=64,
        seed=seed,
        jobs=1,
        out=out,
        fresh=True,
        quiet=True,
        precision=precision,
        max_games=max_games,
    )


def test_precision_plays_on_until_the_interval_is_narrow_and_is_deterministic(tmp_path):
    def once(name):
        options = _precision_options(tmp_path / name, seed=2, precision=0.09, max_games=640)
        written = run_arms("united_square", ["default"], options).written
        return written["summary"].read_text()

    first = once("a")
    assert first == once("b")
    import json

    arm = json.loads(first)["arms"]["default"]
    r = arm["position_wins"][0]
    assert max(r["hi"] - r["p"], r["p"] - r["lo"]) <= 0.09
    assert arm["games"] % 64 == 0 and 64 < arm["games"] <= 640


def test_precision_out_of_range_is_refused(run_tool, tmp_path):
    code, out, err = run_tool(
        "simulate", "run", "united_square", "--precision", "0.7", "--games", "10", "--out", str(tmp_path)
    )
    assert code == 2 and "--precision" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("spec", ["random", "random,greedy"])
def test_agents_name_in_folder(spec):
    from simulate.commands.arms import agents_name

    assert agents_name(tuple(spec.split(",")) if "," in spec else (spec, spec)) == spec


def test_what_an_arm_changes_comes_from_the_data_files_docs():
    from simulate.commands.arms import arm_changes

    data = load_game("united_square")
    assert arm_changes(data, data.resolve("default")) == "The rules as the data file states them."
    assert arm_changes(data, data.resolve("board7")) == (
        "7x7 board with 8 panels of each type. Changes board = 7 (Board size in cells per side "
        "(5x5 or 7x7)); panels_per_type = 8 (Panels of each of the 6 types; 6 * this + 1 start panel "
        "fills the board)."
    )
    twinkle = load_game("twinkle_twinkle")
    # the five leaves of one table-valued rule share its doc, said once
    assert arm_changes(twinkle, twinkle.resolve("blue")).count("(Side of each score reference") == 1
    town = load_game("this_town")
    # a boolean as the data file and --set write it, and the option's doc in the report's language
    said = arm_changes(town, town.resolve("no_rotation"))
    assert "Changes rotation = false (A placed or relocated tile" in said
    in_japanese = town.localized("ja")
    with language("ja"):
        said = arm_changes(in_japanese, in_japanese.resolve("no_rotation"))
    assert "変更：rotation = false（置く（または再配置する）タイルは好きな向きに" in said


def test_sweep_precision_plays_every_combination_on_to_the_same_count(tmp_path):
    from simulate.commands.sweep import run_sweep

    def once(name):
        options = _precision_options(tmp_path / name, seed=5, precision=0.1, max_games=320)
        written = run_sweep("united_square", ("deal=random,equal",), "default", options)
        return written["csv"].read_text()

    text = once("a")
    assert text == once("b")
    rows = list(csv.DictReader(text.splitlines()))
    assert len({r["games"] for r in rows}) == 1 and 64 < int(rows[0]["games"]) <= 320


def test_a_conclusion_holds_under_both_agent_sets_or_says_how_they_differ():
    from simulate.analysis.verdict import Finding
    from simulate.analysis.verdict_page import holds_under_both

    greedy = {
        "default": [Finding("first mover", "advantage", ""), Finding("seat balance", "balanced", "")],
        "b7 against default": [Finding("draw rate", "fewer draws", ""), Finding("margin", "none", "")],
    }
    mcts = {
        "default": [Finding("first mover", "none", ""), Finding("seat balance", "balanced", "")],
        "b7 against default": [Finding("draw rate", "fewer draws", ""), Finding("margin", "none", "")],
    }
    assert holds_under_both([greedy, mcts], ["greedy", "mcts:200"]) == [
        "default, first mover: does not hold under both: greedy finds advantage, "
        "mcts:200 finds no detectable difference.",
        "default, seat balance: balanced under both greedy and mcts:200.",
        "b7 against default, draw rate: fewer draws under both greedy and mcts:200.",
        "Every other question: no detectable difference under either greedy or mcts:200.",
    ]


def test_each_figure_is_drawn_once_and_its_png_is_its_pdf_page(tmp_path, monkeypatch):
    drawn = []
    draw = plt.Figure.draw

    def noting(fig, renderer):
        drawn.append(fig.get_label())
        return draw(fig, renderer)

    monkeypatch.setattr(plt.Figure, "draw", noting)
    page = plt.figure(figsize=(4, 6), label="verdict")
    page.text(0.1, 0.9, "the verdict")
    # blue's size is a fraction of a pixel over whole pixels at 100 dpi (661.5 x 200.5): as matplotlib's
    # own PNG, the partial pixels are left out
    red, blue = plt.figure(figsize=(8, 5), label="red"), plt.figure(figsize=(6.615, 2.005), label="blue")
    red.patch.set_facecolor("#ff0000")
    blue.patch.set_facecolor("#0000ff")
    written, pngs = report._draw(tmp_path, [page], {"red": red, "blue": blue})
    assert sorted(drawn) == ["blue", "red", "verdict"]  # once each: the PDF's drawing
    assert list(pngs) == ["red", "blue"]
    for name, png in pngs.items():
        assert written[name].read_bytes() == png
    with Image.open(io.BytesIO(pngs["red"])) as red_png:
        assert red_png.size == (800, 500) and red_png.mode == "RGB"  # 8 x 5 inches at 100 dpi
        assert red_png.getpixel((400, 250)) == (255, 0, 0)
    with Image.open(io.BytesIO(pngs["blue"])) as blue_png:
        assert blue_png.size == (661, 200) and blue_png.getpixel((330, 100)) == (0, 0, 255)
    with Image.open(written["verdict"]) as verdict:
        assert verdict.size == (320, 480) and verdict.mode == "L"  # 4 x 6 inches at 80 dpi, in greys
        assert verdict.getpixel((5, 475)) == 255 and verdict.getextrema()[0] < 100  # white, and text


def test_a_figures_level_names_are_cut_only_when_long_and_still_distinct():
    assert context.short_levels(["random", "greedy", DESIGN]) == ["random", "greedy", "mcts:200,..."]
    assert context.short_levels(["random", "mcts:200"]) == ["random", "mcts:200"]
    other = DESIGN.replace("prior=greedy", "prior=random")
    assert context.short_levels([DESIGN, other]) == [DESIGN, other]


def _constrained() -> plt.Figure:
    fig, axes = plt.subplots(2, 2, figsize=(8, 8), layout="constrained")
    for ax in axes.flat:
        ax.plot([0, 1], [0, 1])
        ax.set_xticks([0, 1], ["random", DESIGN], rotation=15)
    fig.suptitle("a heading\nof two lines")
    return fig


def test_a_constrained_figure_is_laid_out_once_as_a_drawing_at_its_resolution_lays_it_out():
    settled, drawn, untouched = _constrained(), _constrained(), _constrained()
    report._settle(settled)
    drawn.draw_without_rendering()
    places = [ax.get_position().bounds for ax in settled.axes]
    assert places == [ax.get_position().bounds for ax in drawn.axes]
    assert places != [ax.get_position().bounds for ax in untouched.axes]  # it did lay them out
    settled.savefig(io.BytesIO(), format="pdf")  # a drawing at 72 dpi keeps the layout
    assert [ax.get_position().bounds for ax in settled.axes] == places
    for fig in (settled, drawn, untouched):
        plt.close(fig)


def test_a_settled_figure_is_drawn_once_to_save_it(monkeypatch):
    fig = _constrained()
    report._settle(fig)
    drawn = []
    draw = plt.Figure.draw

    def noting(figure, renderer):
        drawn.append(figure)
        return draw(figure, renderer)

    monkeypatch.setattr(plt.Figure, "draw", noting)
    fig.savefig(io.BytesIO(), format="pdf")  # with a layout engine left, even "none", matplotlib draws twice
    assert len(drawn) == 1
    plt.close(fig)
