"""Levels that draw nearly every game: the threshold, the findings, the trend across skill and the bottom
line, on hand-made games CSVs with every answer worked out by hand, word for word in English and Japanese;
then tic-tac-toe's real games (tests/games/tic_tac_toe), whose strong play draws.

The four levels below copy tic-tac-toe's measured pattern (seed 1, 200 games a level): random play gives
the first mover 70% of decided games with 13% drawn, greedy draws every game, mcts:200 wins 96% of the
few it decides with 72% drawn, and mcts:1000 draws 99%. Today's trend read "grows with skill"; the edge
turns into draws.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from test_skill_verdict import summary_of, two_player

from simulate.analysis import verdict
from simulate.analysis.bottom_line import first_mover_line
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.score_share import nearly_all_drawn
from simulate.analysis.stats import Z95, wilson
from simulate.analysis.trend import trend
from simulate.words import language

LEVELS = ["random", "greedy", "mcts:200", "mcts:1000"]
# (first mover's wins, decided games, draws) at each level
PATTERN = [(140, 200, 26), (0, 0, 200), (54, 56, 144), (2, 2, 198)]


def wilson_lo_all(n: int) -> float:
    """Wilson's lower end when all n games are drawn: n / (n + z^2)."""
    return n / (n + Z95**2)


def test_the_threshold_by_hand():
    # At a 2-point minimum effect the line is 1 - 2 x 0.02 = 96%: with 96% drawn, a side's score share
    # (a draw as half) lies within (1 - 0.96) / 2 = 2 points of fair whoever wins the rest.
    # All of n drawn: Wilson's lower end n / (n + z^2) clears 0.96 from n = 93 (0.96 z^2 / 0.04 = 92.2):
    assert wilson_lo_all(92) < 0.96 < wilson_lo_all(93)
    assert not nearly_all_drawn(wilson(92, 92), 0.02) and nearly_all_drawn(wilson(93, 93), 0.02)
    # 198 of 200: centre (0.99 + z^2/400) / (1 + z^2/200) = 0.98077, half z sqrt(0.99 x 0.01 / 200 +
    # z^2 / 160000) / 1.019207 = 0.016488: lower end 0.96428, above the line; 197 of 200: 0.95683, below
    assert wilson(198, 200)["lo"] == pytest.approx(0.96428, abs=1e-5)
    assert nearly_all_drawn(wilson(198, 200), 0.02)
    assert wilson(197, 200)["lo"] == pytest.approx(0.95683, abs=1e-5)
    assert not nearly_all_drawn(wilson(197, 200), 0.02)
    # a wider minimum effect lowers the line: 5 points, 90%; 197 of 200 clears it
    assert nearly_all_drawn(wilson(197, 200), 0.05)
    # no games: no interval, never drawn
    assert not nearly_all_drawn(wilson(0, 0), 0.02) and not nearly_all_drawn({"lo": None}, 0.02)


def _summaries(tmp_path: Path, pattern=PATTERN) -> list[dict]:
    return [
        summary_of(two_player(tmp_path / f"level{k}.csv", wins, decided, draws))
        for k, (wins, decided, draws) in enumerate(pattern)
    ]


def test_a_level_that_draws_nearly_every_game_says_its_edge_turns_into_draws(tmp_path):
    s = _summaries(tmp_path)
    found = [verdict.first_mover(x) for x in s]
    assert [f.state for f in found] == ["matters", "drawn", "matters", "drawn"]
    # greedy: 200 of 200 drawn, Wilson [0.981, 1]; mcts:1000: 198 of 200, [0.964, 0.997]
    assert found[1].text == (
        "The first mover's edge turns into draws: 100% [98, 100] of games drawn, so whoever wins the rest "
        "its score share (a draw as half) lies within 2 points of fair."
    )
    assert found[3].text == (
        "The first mover's edge turns into draws: 99% [96, 100] of games drawn, so whoever wins the rest its "
        "score share (a draw as half) lies within 2 points of fair. Of the 2 decided games it wins 2."
    )
    assert found[3].answer == "99% of games drawn"
    seats = verdict.seat_balance(s[3])
    assert (seats.state, seats.text) == (
        "drawn",
        "Seats: 99% [96, 100] of games drawn, so any imbalance turns into draws: every side's score share (a "
        "draw as half) lies within 2 points of fair.",
    )
    # mcts:200 draws 72% (Wilson [0.654, 0.777]): far from the line, its edge is still read, as a score
    # share with a draw as half: (54 + 144 / 2) / 200 = 63%, 13 points above a fair half
    assert found[2].answer == "an advantage of 13 points"
    with language("ja"):
        assert verdict.first_mover(s[3]).text == (
            "先手の優位は引き分けに変わる：ゲームの99% [96, 100]が引き分けなので、残りを誰が勝っても"
            "得点の割合（引き分けは半分）は公平な値から2ポイント以内。決着した2ゲームのうち2ゲームで勝つ。"
        )
        assert verdict.seat_balance(s[3]).text == (
            "席：ゲームの99% [96, 100]が引き分けなので、偏りは引き分けに変わる。どの陣営の得点の割合"
            "（引き分けは半分）も公平な値から2ポイント以内。"
        )


def test_the_trend_turns_into_draws_rather_than_growing(tmp_path):
    s = _summaries(tmp_path)
    found = [verdict.first_mover(x) for x in s]
    draws = [x["draws"] for x in s]
    # random's edge (a score share of (140 + 13) / 226 = 68%, 18 points) and mcts:200's (63%, 13
    # points) are both advantages; the strongest level draws 99%, so the last level with an edge
    # (mcts:200) is named with it, and greedy, drawn in between, after them
    t = trend(LEVELS, found, [True, False, True], draws)
    assert (t.key, t.skill) == ("into draws", True)
    assert t.text == (
        "turns into draws with skill (an advantage of 13 points under mcts:200; 99% of games drawn under "
        "mcts:1000). Nearly every game drawn under greedy."
    )
    # mcts:200 and mcts:1000 not shown to differ in strength: not called an effect of skill
    assert trend(LEVELS, found, [True, False, False], draws).text.endswith(
        " mcts:200 and mcts:1000 are not shown to differ in strength, so this is not shown to be an effect "
        "of skill."
    )
    with language("ja"):
        found = [verdict.first_mover(x) for x in s]
        assert trend(LEVELS, found, [True, False, True], draws).text == (
            "強いプレイでは引き分けに変わる（mcts:200では13ポイント有利、mcts:1000ではゲームの99%が引き分け）。"
            "greedyではほぼすべてのゲームが引き分け。"
        )


def test_every_level_drawn_and_a_drawn_level_in_between(tmp_path):
    s = _summaries(tmp_path, [(0, 0, 200), (2, 2, 198)])
    found = [verdict.first_mover(x) for x in s]
    t = trend(["greedy", "mcts:1000"], found, [True])
    assert (t.key, t.text) == (
        "drawn",
        "nearly every game is drawn at every level (100% of games drawn under greedy; 99% of games drawn "
        "under mcts:1000).",
    )
    # random and mcts:200 both show an advantage, greedy between them draws every game: the others read
    # as before, greedy named after. Counted as score shares (a draw as half) the two advantages are 68%
    # (18 points) and 63% (13 points), one direction whose intervals overlap: it holds (a share of decided
    # games, 70% against 96%, read "grows with skill" though the stronger level's edge went into draws)
    s = _summaries(tmp_path, PATTERN[:3])
    found = [verdict.first_mover(x) for x in s]
    t = trend(LEVELS[:3], found, [True, True], [x["draws"] for x in s])
    assert (t.key, t.text) == (
        "holds_resolved",
        "holds at every level where it is resolved (an advantage of 18 points). Nearly every game drawn "
        "under greedy.",
    )


def test_no_edge_below_and_drawn_above_holds_where_games_are_decided(tmp_path):
    # random 2,000 of 4,000 decided (50%, within 2 points of fair: both one-sided tests reject), greedy
    # draws every game: no edge turned into draws, so the phrase holds where it is resolved and greedy is
    # named as drawn
    s = _summaries(tmp_path, [(2000, 4000, 0), (0, 0, 200)])
    found = [verdict.first_mover(x) for x in s]
    assert [f.state for f in found] == ["within", "drawn"]
    t = trend(["random", "greedy"], found, [True], [x["draws"] for x in s])
    assert (t.key, t.text) == (
        "holds_resolved",
        "holds at every level where it is resolved (within 2 points of fair). Nearly every game drawn under "
        "greedy.",
    )


def test_the_bottom_line_never_prints_nan(tmp_path):
    s = _summaries(tmp_path)
    found = [verdict.first_mover(x) for x in s]
    t = trend(LEVELS, found, [True, False, True], [x["draws"] for x in s])
    line = first_mover_line("default", list(zip(LEVELS, s, found, strict=True)), t)
    assert "nan" not in line
    # score shares, a draw as half: 153 / 226 = 68%, 100 / 200 = 50%, 126 / 200 = 63%, 101 / 200 = 50%
    assert line == (
        "default: the first mover's verdict depends on skill: 68% [62, 73] under random, 50% [49, 51] under "
        "greedy (its edge turns into draws: 100% [98, 100] of games drawn), 63% [60, 66] under mcts:200, 50% "
        "[50, 51] under mcts:1000 (its edge turns into draws: 99% [96, 100] of games drawn) of games, a draw "
        "as half (fair 50%); across the levels: turns into draws with skill (an advantage of 13 points under "
        "mcts:200; 99% of games drawn under mcts:1000). Nearly every game drawn under greedy."
    )
    # one level: the words
    assert first_mover_line("default", [("mcts:1000", s[3], found[3])], None) == (
        "default: under mcts:1000 the first mover's edge turns into draws: 99% [96, 100] of games drawn."
    )
    # no game decided, yet too few games to show nearly all drawn (20 of 20: Wilson [0.839, 1]): the
    # score share is a half, never nan, and the line says how many games would resolve it
    few = summary_of(two_player(tmp_path / "few.csv", 0, 0, 20))
    assert first_mover_line("default", [("greedy", few, verdict.first_mover(few))], None) == (
        "default: the first mover scores 50% [43, 57] of games (a draw as half, fair 50%; 100% drawn): not "
        "resolved, about 450 games per arm would resolve a 2-point difference, under greedy."
    )
    with language("ja"):
        assert first_mover_line("default", [("mcts:1000", s[3], verdict.first_mover(s[3]))], None) == (
            "default：mcts:1000では先手の優位は引き分けに変わる：ゲームの99% [96, 100]が引き分け。"
        )
        assert first_mover_line("default", [("greedy", few, verdict.first_mover(few))], None) == (
            "default：先手はゲームの50% [43, 57]を得る（引き分けは半分、公平なら50%。引き分け100%）："
            "greedyでは判定できない、2ポイントの差を判定するには、1アームあたり約450ゲームが必要。"
        )


def test_a_wider_minimum_effect_reads_more_levels_as_drawn(tmp_path):
    # 180 of 200 drawn (Wilson [0.851, 0.934]): not at 2 points (96%), drawn at 10 points (80%)
    s = summary_of(two_player(tmp_path / "wide.csv", 15, 20, 180))
    assert verdict.first_mover(s).state != "drawn"
    assert verdict.first_mover(s, MinEffect(share=0.10)).state == "drawn"
    assert math.isclose(s["draws"]["p"], 0.9)


# ------------------------------------------------------------------ tic-tac-toe's real games
TIC_TAC_TOE = Path(__file__).resolve().parents[1] / "games" / "tic_tac_toe" / "tic_tac_toe.toml"


def _played(tmp_path: Path, agent: str, games: int) -> dict:
    """The summary of `games` tic-tac-toe games with `agent` in both seats, played by the runner."""
    from printkit.datafile.gamedata import load_game
    from simulate.play.runner import RunConfig, run_to_csv

    rules = load_game(str(TIC_TAC_TOE)).resolve("default", [], 2)
    config = RunConfig("tic_tac_toe", rules.label, rules.as_dict(), 2, (agent, agent), games, 1)
    return summary_of(run_to_csv(config, rules, tmp_path / agent))


def test_greedy_tic_tac_toe_reads_as_drawn(tmp_path):
    # greedy draws every game (tests/games/tic_tac_toe's own tests); 100 games clear the line (93 would)
    s = _played(tmp_path, "greedy", 100)
    found = verdict.first_mover(s)
    assert found.state == "drawn" and s["decided"] == 0
    assert first_mover_line("default", [("greedy", s, found)], None) == (
        "default: under greedy the first mover's edge turns into draws: 100% [96, 100] of games drawn."
    )
    # random play: 13% drawn, the first mover's advantage read from its score share
    r = _played(tmp_path, "random", 400)
    assert verdict.first_mover(r).state == "matters" and 0.05 < r["draws"]["p"] < 0.2


@pytest.mark.long  # about 100 s of CPU: the data file's four levels, mcts:1000 among them
def test_tic_tac_toe_reads_right_at_every_level(run_tool, tmp_path):
    from pypdf import PdfReader

    code, out, err = run_tool(
        "simulate", "run", str(TIC_TAC_TOE), "--skill", "--jobs", "2", "--out", str(tmp_path), "--quiet"
    )
    assert code == 0, err
    flat = " ".join(line.strip() for line in out.splitlines())
    folder = next(tmp_path.glob("tic_tac_toe/*skill*"))
    pdf = " ".join(page.extract_text() for page in PdfReader(folder / "report.pdf").pages)
    html = (folder / "report.html").read_text(encoding="utf-8")
    for text in (flat, pdf, re.sub(r'src="data:[^"]*"', "", html)):  # the figures' own bytes left out
        assert not re.search(r"\bnan\b", text, re.IGNORECASE)
    # the strength check of the issue: mcts:1000 wins 13, loses none, draws 87 of 100 against mcts:200
    assert (
        "mcts:1000 against mcts:200: of 100 games, 13 won, 0 lost, 87 drawn (87%); 100% [77, 100] of decided "
        "games (p = 2.4e-04): stronger."
    ) in flat
    assert "- First mover, default: turns into draws with skill (" in flat
    assert "under mcts:1000 (its edge turns into draws: 99% [96, 100] of games drawn)" in flat
    assert "grows with skill" not in flat
