"""A report with a skill axis as a reader meets it: every page on the paper chosen, a run end to end,
the data file's levels checked on load, and the command line's refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from test_report_stats import draw_heavy, judged_arms

from printkit.datafile.gamedata import load_game
from printkit.errors import DataError
from simulate.analysis import balance
from simulate.analysis.arm import Arm
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.skill import strength_of
from simulate.analysis.tally import tally_csv
from simulate.analysis.verdict_page import build_verdict
from simulate.commands.skill_plan import plan_skill
from simulate.report import context
from simulate.report import document as report
from simulate.report.paper import PAPERS
from simulate.report.summary_fields import undocumented


def _skill_report(tmp_path: Path, paper: str, arms_count: int = 8) -> Path:
    """A report of `arms_count` arms at three levels, every arm from one hand-made CSV."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    tally = tally_csv(draw_heavy(tmp_path / "a.csv"), [0, 1])
    levels = ["random", "greedy", "mcts:100"]
    groups = []
    for level in levels:
        group = []
        for j in range(arms_count):
            summary = balance.summarize(tally, (), ())
            label = f"arm{j}+option_{j}=value @ {level}"
            group.append(Arm(label, 2, (level, level), tally.cols(), summary, tally, f"Arm {j}."))
        groups.append(group)
    comparisons = judged_arms(groups)
    arms = [a for g in groups for a in g]
    skill = plan_skill(load_game("united_square"), "random,greedy,mcts:100", 100, 20)
    strengths = [strength_of("random", "greedy", 0, 20, 0), strength_of("greedy", "mcts:100", 8, 10, 2)]
    verdict = build_verdict(groups, comparisons, "", [100] * 3, 1, skill=skill, strengths=strengths)
    ctx = context.Context("United Square", "united_square", 100, 1, (), (), paper=paper)
    ctx.skill = context.SkillView(levels, groups, strengths, comparisons, MinEffect().share)
    folder = tmp_path / paper
    report.write_report(folder, ctx, arms, comparisons, {}, verdict)
    return folder


@pytest.mark.long  # 24 arms' report drawn (.ci/run's long part)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_of_a_report_with_eight_arms_and_a_skill_axis_is_on_the_paper_chosen(tmp_path, paper):
    folder = _skill_report(tmp_path, paper)
    pages = PdfReader(folder / "report.pdf").pages
    width, height = PAPERS[paper]
    sizes = {(round(float(p.mediabox.width), 1), round(float(p.mediabox.height), 1)) for p in pages}
    assert sizes == {(round(width, 1), round(height, 1))}
    assert len(pages) > 6
    text = "".join(p.extract_text() for p in pages)
    for heading in (
        "Bottom line",
        "How the verdict changes with skill",
        "Are the levels ordered?",
        "Figures of",
    ):
        assert heading in text
    # the skill figures are in the report and on its definitions page
    assert (folder / "figures" / "skill.png").exists() and (folder / "figures" / "strength.png").exists()
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["bottom_line"] and summary["skill"] and summary["strength"]
    assert undocumented(summary) == []  # every field is on the reference page (summary_fields.FIELDS)


@pytest.mark.long  # two 6-arm reports drawn (.ci/run's long part)
def test_the_same_report_is_the_same_pdf(tmp_path):
    one = _skill_report(tmp_path / "one", "a4", arms_count=2)
    two = _skill_report(tmp_path / "two", "a4", arms_count=2)
    assert (one / "report.pdf").read_bytes() == (two / "report.pdf").read_bytes()


@pytest.mark.long  # a skill run and its report (.ci/run's long part)
def test_a_skill_run_end_to_end_checks_its_levels_and_says_so(run_tool, tmp_path):
    code, out, err = run_tool(
        "simulate", "compare", "united_square", "--variant", "default", "--variant", "board7",
        "--skill", "random,greedy", "--games", "40", "--strength-games", "20", "--jobs", "1",
        "--out", str(tmp_path), "--quiet", "--paper", "letter",
    )  # fmt: skip
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Bottom line"
    first = (
        " ".join(line.strip() for line in lines[1 : lines.index("", 1)]).removeprefix("- ").split(" - ")[0]
    )
    # what changed first, level by level: each level's changes, then the first mover's score
    assert first.startswith("board7 against default (7x7 board with 8 panels of each type). Under random: ")
    assert "Under greedy: " in first and first.count("the first mover's score") == 2
    assert "How the verdict changes with skill" in out and "Are the levels ordered?" in out
    # 20 won, none lost: the sign test's p = 2 / 2^20
    assert (
        "greedy against random: of 20 games, 20 won, 0 lost, 0 drawn (0%); 100% [84, 100] of decided games "
        "(p = 1.9e-06): stronger."
    ) in " ".join(line.strip() for line in out.splitlines())
    folder = next(tmp_path.glob("united_square/*skill-random-greedy*"))
    assert {p.parent.name for p in folder.glob("strength/*/pairs/*/seating*/games.csv")} == {
        "seating1",
        "seating2",
    }
    assert (folder / "arms" / "greedy" / "board7" / "games.csv").exists()
    sizes = {
        (float(p.mediabox.width), float(p.mediabox.height)) for p in PdfReader(folder / "report.pdf").pages
    }
    assert sizes == {(612.0, 792.0)}


def test_a_run_without_skill_says_it_rests_on_one_agent_set(run_tool, tmp_path):
    code, out, err = run_tool(
        "simulate", "run", "united_square", "--games", "30", "--jobs", "1", "--out", str(tmp_path), "--quiet"
    )
    assert code == 0, err
    assert (
        "This verdict rests on one agent set (greedy). Stronger play can change it: run the same command "
        "with --skill to read every question at the game's levels (random, greedy, mcts:100, mcts:400)."
    ) in " ".join(line.strip() for line in out.splitlines()).replace(" - ", " ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--skill", "random", "--games", "5"], "two or more levels"),
        (["--skill", "random,random"], "named twice"),
        (["--skill", "random,wizard"], "unknown agent 'wizard'"),
        (["--skill", "--agents", "random"], "drop --agents"),
        (["--skill", "--precision", "0.05"], "--precision: not with --skill"),
        (["--min-effect", "speed=3"], "--min-effect speed=3"),
    ],
)
def test_bad_skill_options_are_one_line_and_exit_2(run_tool, tmp_path, args, message):
    code, out, err = run_tool("simulate", "run", "united_square", "--out", str(tmp_path), *args)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('levels = ["random"]\ngames = [10]\nstrength_games = []', "game.skill.levels: expected two or more"),
        ('levels = ["random", "greedy"]\ngames = [10]\nstrength_games = [5]', "game.skill.games: expected 2"),
        (
            'levels = ["random", "greedy"]\ngames = [10, 10]\nstrength_games = [5]\nspeed = 1',
            "game.skill.speed",
        ),
        ('levels = ["random", "wizard"]\ngames = [10, 10]\nstrength_games = [5]', "game.skill.levels[1]"),
    ],
)
def test_a_broken_skill_table_is_one_line_naming_its_key(tmp_path, table, message):
    from simulate.commands.runs import load_for_run

    text = Path(load_game("united_square").path).read_text()
    head, _, _ = text.partition("[game.skill]")
    path = tmp_path / "united_square.toml"
    path.write_text(head + "[game.skill]\n" + table + "\n")
    with pytest.raises(DataError, match=message.replace("[", r"\[")) as caught:
        load_for_run(str(path), 10, 1)
    assert "\n" not in str(caught.value)


@pytest.mark.long  # every game's PDF and headline comparison, as the README's demo (.ci/run's long part)
def test_the_demo_prints_one_bottom_line_per_game_time_splicers_included(run_tool, tmp_path):
    code, out, err = run_tool(
        "simulate", "demo", "--games", "6", "--jobs", "1", "--quiet", "--out", str(tmp_path)
    )
    assert code == 0, err
    bottom = out.split("Bottom lines (greedy agents; each report's page 1 says more):\n")[1].splitlines()
    titles = [line.split(":")[0] for line in bottom]
    assert titles == ["This Town Ain't Big Enough for the 2-4 of Us!", "Tiddly-Wink", "Time Splicers",
                      "Twinkle Twinkle", "United Square"]  # fmt: skip
    # each opens with what changed, then the headline question: the first mover's score
    assert all(" against default (" in line and "the first mover's score" in line for line in bottom)
