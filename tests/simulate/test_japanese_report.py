"""The report in Japanese (`--lang ja`): the same sentence tests as the English, and the page itself.

Every verdict line is asserted word for word on the constructed data sets of
`test_report_stats` and `test_skill_verdict`, whose numbers were worked out by
hand there; here the same findings must read in the catalogue's Japanese.
Then the catalogue itself (every English sentence has a Japanese form with the
same fields, in the style of the printed pieces), and a Japanese compare run
whose PDF embeds the Japanese font and is byte-identical when written again.
"""

from __future__ import annotations

import json
import re
import unicodedata

import pytest
from matplotlib.text import Text
from pypdf import PdfReader
from test_report_stats import (
    binom_two_sided,
    capped_games,
    draw_heavy,
    four_player,
    report,
    share_test,
    team_game,
    write_games,
)
from test_skill_verdict import (
    DRAWN,
    ISSUE,
    LEVEL,
    LEVELS,
    ORDERED,
    REVERSED,
    compared,
    first_mover_at,
    summary_of,
    two_player,
)

from printkit.datafile.template import fields_of
from simulate.analysis import stats, verdict
from simulate.analysis.bottom_line import LevelChanges, change_line, ranking_line
from simulate.analysis.min_effect import MinEffect
from simulate.analysis.ratings import PairResult
from simulate.analysis.tally import tally_csv
from simulate.analysis.trend import trend
from simulate.analysis.verdict_page import strength_lines
from simulate.report.plotting import plt
from simulate.words import EN, LANGUAGES, columns, display_name, language, naming, reason, say, spoken

JA = LANGUAGES["ja"]


@pytest.fixture(autouse=True)
def japanese():
    with language("ja"):
        yield


# ------------------------------------------------------------------ the catalogue
def _fields(template: str, key: str) -> set[str]:
    return set(fields_of(template, key))


def test_every_english_sentence_has_a_japanese_form_with_the_same_fields():
    assert sorted(set(EN) - set(JA)) == []
    differ = {k: (_fields(EN[k], k), _fields(JA[k], k)) for k in EN if _fields(EN[k], k) != _fields(JA[k], k)}
    assert differ == {}


def test_the_japanese_keeps_the_printed_pieces_style():
    # full-width （）、。：, half-width digits, and no English word outside names of tests and tools
    for key, text in JA.items():
        assert not re.search(r"[()]", text), key
        assert not any(unicodedata.east_asian_width(c) == "F" and c.isdigit() for c in text), key
        assert "プレーヤー" not in text and "マッチ" not in text and "ターン" not in text, key
    # names of tests, statistics, files and agents are written as they are
    allowed = {
        "p",
        "Holm",
        "Wilson",
        "Fisher",
        "McNemar",
        "Robbins",
        "Mann-Whitney",
        "U",
        "t",
        "z",
        "Elo",
        "Bradley-Terry",
        "Davidson",
        "k",
        "CSV",
    }
    allowed |= {
        "random",
        "greedy",
        "Optuna",
        "TPE",
        "NTBEA",
        "TAG",
        "how",
        "proposed",
        "grid",
        "kept",
        "ntbea",
    }
    allowed |= {"printkit", "build", "simulate", "compare", "docs", "notes", "stopping", "md"}
    for key, text in JA.items():
        words = set(re.findall(r"[A-Za-z][A-Za-z-]*", re.sub(r"\{[^}]*\}|--[a-z-]+|\\n", "", text)))
        assert words <= allowed, (key, words - allowed)


def test_the_language_is_chosen_once_and_restored():
    assert spoken() == "ja" and say("bottom.title") == "結論"
    with language("en"):
        assert say("bottom.title") == "Bottom line"
    assert say("bottom.title") == "結論" and say("bottom.title", "en") == "Bottom line"


# ------------------------------------------------------------------ one arm (test_report_stats)
def test_draw_heavy_two_player_case(tmp_path):
    _, lines = report(draw_heavy(tmp_path / "games.csv"), [0, 1])
    p, lo, hi = share_test(65, 55, 100, 0.5)
    assert lines == [
        f"先手はゲームの65% [{100 * lo:.0f}, {100 * hi:.0f}]を得る（勝ちを1、引き分けを半分と数える。"
        f"引き分け40%）：有利（{stats.fmt_p(p)}）。",
        "決着したゲームでは、先手が75% [63, 84]で勝つ（公平なら50%）。",
        "席ごとの得点割合（引き分けは半分）：1番席 51% [41, 61]、2番席 49% [39, 59]："
        "偏りは検出できない（p = 0.80）。",
        "引き分け：ゲームの40% [31, 50]。",
        "長さ：中央値12手（平均11.2手）。",
        "流れ：首位の交代は1ゲームに1.0回、勝者が最後まで首位を保ったのは全手数の50%の時点から（中央値）、"
        "勝者の最大の遅れは2.0点（平均）、最終得点の最大差は1.8点（平均）。",
    ]


def test_four_player_case(tmp_path):
    _, lines = report(four_player(tmp_path / "games.csv"), [0, 1, 2, 3])
    _, lo, hi = share_test(20, 20, 80, 0.25)
    assert lines[0] == (
        f"先手はゲームの25% [{100 * lo:.0f}, {100 * hi:.0f}]を得る（勝ちを1、引き分けを半分と数える）："
        "公平な25%との差は検出できない（p = 1.00）。"
        "2ポイントの差を判定するには、1アームあたり約3,700ゲームが必要。"
    )
    assert lines[2] == (
        "席ごとの得点割合（引き分けは半分）：1番席 44% [33, 55]、2番席 19% [12, 29]、3番席 19% [12, 29]、"
        f"4番席 19% [12, 29]：偏りがある（{stats.fmt_p(4 * binom_two_sided(35, 80, 0.25))}）。"
    )


def test_team_case(tmp_path):
    _, lines = report(team_game(tmp_path / "games.csv"), [0, 1, 0, 1])
    _, lo, hi = share_test(26, 26, 40, 0.5)
    assert lines[0] == (
        f"先手のチームはゲームの65% [{100 * lo:.0f}, {100 * hi:.0f}]を得る"
        "（勝ちを1、引き分けを半分と数える）："
        f"公平な50%との差は検出できない（{stats.fmt_p(binom_two_sided(26, 40, 0.5))}）。"
        "2ポイントの差を判定するには、1アームあたり約4,500ゲームが必要。"
    )
    assert lines[2] == (
        "チームごとの得点割合（引き分けは半分）：チーム1（1・3番席） 75% [60, 86]、"
        "チーム2（2・4番席） 25% [14, 40]："
        f"偏りがある（{stats.fmt_p(binom_two_sided(30, 40, 0.5))}）。"
    )


def test_capped_case_never_averages_cut_off_games(tmp_path):
    _, lines = report(capped_games(tmp_path / "a.csv", [50, 80, 120, 150], 6), [0, 1])
    assert (
        lines[3]
        == "引き分け：ゲームの0% [0, 28]。上限で打ち切り：60% [31, 83]。勝ちにも引き分けにも数えない。"
    )
    assert lines[4] == (
        "長さ：ゲームの60%が上限で打ち切られたので、中央値は上限（200手）以上。"
        "打ち切られたゲームの平均は出さない。"
    )
    _, lines = report(capped_games(tmp_path / "b.csv", [20, 30, 40, 50, 60, 70, 80], 3), [0, 1])
    assert lines[4] == (
        "長さ：カプラン・マイヤー法の中央値60手。上限で打ち切られた30%のゲームは、"
        "少なくとも上限まで続いたものとして数える。"
    )


def test_a_share_of_a_few_games_is_not_printed_as_none():
    assert verdict.pct(0.0003) == "0.1%未満"
    assert verdict.pct(0.004) == "0.4%"


# ------------------------------------------------------------------ test_skill_verdict's cases
def test_a_share_shown_within_two_points_says_so(tmp_path):
    s = summary_of(two_player(tmp_path / "a.csv", 2000, 4000))
    p = s["answers"]["first_mover"]["p_within_holm"]
    assert verdict.first_mover(s).text == (
        "先手はゲームの50% [48, 52]を得る（勝ちを1、引き分けを半分と数える）："
        f"公平な50%との差は2ポイント以内（同等性検定 {stats.fmt_p(p)}）。"
    )


def test_a_called_difference_below_the_minimum_effect_is_smaller_than_players_would_notice(tmp_path):
    a = tally_csv(two_player(tmp_path / "a.csv", 1000, 2000), [0, 1])
    b = tally_csv(two_player(tmp_path / "b.csv", 1000, 2000, moves=(20, 21)), [0, 1])
    sa, sb, comp = compared(a, b)
    line = next(
        f for f in verdict.comparison_findings("a", "b", sa, sb, comp) if f.question == "length change"
    )
    assert line.text == (
        "長さ：b 平均20.5手、a 20.0手：ゲームが長くなる。検出できるが、プレイヤーが気づかないほど小さい"
        "（1手未満。p < 1e-10）。"
    )


def test_no_direction_word_for_a_change_not_called_with_draws(tmp_path):
    a = tally_csv(two_player(tmp_path / "a.csv", 60, 100, draws=20), [0, 1])
    b = tally_csv(two_player(tmp_path / "b.csv", 52, 90, draws=30), [0, 1])
    sa, sb, comp = compared(a, b)
    p = stats.fmt_p(comp["answers"]["first_mover"]["p"])
    first = next(
        f for f in verdict.comparison_findings("a", "b", sa, sb, comp) if f.question == "first mover change"
    )
    assert first.text.startswith(
        f"先手：ゲームのうちb 56%、a 58%（引き分けは半分、公平なら50%）：変化は検出できない（{p}）。"
        "2ポイントの変化を判定するには、1アームあたり約1,800ゲームが必要。ゲームごとに対にして検定した（相関"
    )
    change = verdict.changes("a", "b", sa, sb, comp)
    line = change_line("a", "b", "引き分けが増える", [LevelChanges("greedy", sa, sb, change)], one_level=True)
    assert line.endswith(
        f"先手の得点割合はゲームの58%と56%（引き分けは半分、公平なら50%。引き分けは17%と25%）で、有意ではない（{p}）："
        "2ポイントの差を判定するには、1アームあたり約1,800ゲームが必要。"
    )


def test_closer_to_fair_and_across_it_with_teams(tmp_path):
    def teams(path, first_team_wins):
        games = [
            dict(first=1, winners="1;3" if k < first_team_wins else "2;4", draw=0,
                 scores=[4, 2, 4, 2] if k < first_team_wins else [2, 4, 2, 4], moves=20)
            for k in range(100)
        ]  # fmt: skip
        return tally_csv(write_games(path, 4, games), [0, 1, 0, 1])

    a, b = teams(tmp_path / "a.csv", 70), teams(tmp_path / "b.csv", 40)
    sa, sb, comp = compared(a, b)
    first = next(
        f for f in verdict.comparison_findings("a", "b", sa, sb, comp) if f.question == "first mover change"
    )
    assert first.text.startswith(
        "先手：ゲームのうちb 40%、a 70%（引き分けは半分、公平なら50%）：公平に近づき、公平な値をまたぐ"
        f"（{stats.fmt_p(2 * 0.5**30)}）。"
    )


def test_the_trend_phrases(tmp_path):
    found = first_mover_at(tmp_path, "h", [(70, 100), (72, 100), (69, 100)])
    assert trend(LEVELS, found, [True, True]).text == "どのレベルでも変わらない（20ポイント有利）。"
    found = first_mover_at(tmp_path, "w", [(75, 100), (70, 100), (2000, 4000)])
    assert trend(LEVELS, found, [True, True]).text == (
        "弱いプレイでだけ現れる（greedyでは20ポイント有利、mcts:100では公平な値との差は2ポイント以内）。"
    )
    found = first_mover_at(tmp_path, "s", [(2000, 4000), (700, 1000), (580, 1000)])
    assert trend(LEVELS, found, [True, True]).text == (
        "強いプレイでだけ現れる（randomでは公平な値との差は2ポイント以内、greedyでは20ポイント有利）。"
    )
    found = first_mover_at(tmp_path, "r", [(70, 100), (30, 100), (28, 100)])
    assert trend(LEVELS, found, [True, True]).text == (
        "randomとgreedyの間で逆転する（randomでは20ポイント有利、greedyでは20ポイント不利）。"
    )
    assert trend(LEVELS, found, [False, True]).text.endswith(
        "。randomとgreedyの強さの違いは示されていないので、これがプレイの強さの効果だとは示されない。"
    )
    found = first_mover_at(tmp_path, "g", [(600, 1000), (700, 1000), (800, 1000)])
    assert trend(LEVELS, found, [True, True]).text == (
        "強いプレイほど大きくなる（randomでは10ポイント有利、mcts:100では30ポイント有利）。"
    )
    found = first_mover_at(tmp_path, "n", [(70, 100), (55, 100), (71, 100)])
    assert trend(LEVELS, found, [True, True]).text == (
        "判定できたどのレベルでも変わらない（20ポイント有利）。レベルgreedyでは判定できない。"
    )
    found = first_mover_at(tmp_path, "m", [(52, 100), (55, 100), (48, 100)])
    assert trend(LEVELS, found, [True, True]).text == "レベルrandom、greedy、mcts:100では判定できない。"
    found = first_mover_at(tmp_path, "u", [(500, 1000), (740, 2000), (96, 200)])
    assert trend(LEVELS, found, [True, False]).text == (
        "レベルによって変わり、一定の傾向はない（randomでは有意ではない（greedyの差とは区間が離れている）、"
        "greedyでは13ポイント不利、mcts:100では有意ではない（greedyの差とは区間が離れている））。"
    )


def test_the_strength_lines_word_for_word():
    class First:
        label, players = "default", 2

    assert strength_lines(First(), [ORDERED, LEVEL, REVERSED, DRAWN, ISSUE]) == [
        "隣り合うレベルの組ごとに、defaultのルールで直接対戦させた（2人）。どちらのレベルも先手と後手を"
        "受け持ち、順位が上だったレベルの勝ちと数える。どちらが強いかは決着したゲームだけで判定し（正確な"
        "符号検定）、引き分けは別に数える。",
        "mcts:100 対 greedy：100ゲーム中60勝30敗、引き分け10（10%）、決着したゲームの67% [56, 76]"
        "（p = 0.002）：強い。",
        "mcts:400 対 mcts:100：100ゲーム中50勝45敗、引き分け5（5%）、決着したゲームの53% [43, 62]"
        "（p = 0.68）：強いとは示されないので、この2つの間の変化はプレイの強さの効果とは呼ばない。",
        "mcts:800 対 mcts:400：100ゲーム中0勝8敗、引き分け92（92%）、決着したゲームの0% [0, 32]"
        "（p = 0.008）：弱い。レベルは強さの順に並んでいないので、この2つの間の変化はプレイの強さの効果とは"
        "呼ばない。",
        "mcts:1600 対 mcts:800：100ゲーム中0勝0敗、引き分け100（100%）。決着したゲームがないので、"
        "どちらも強いとは示されず、この2つの間の変化はプレイの強さの効果とは呼ばない。",
        "mcts:1000 対 mcts:200：100ゲーム中13勝0敗、引き分け87（87%）、決着したゲームの100% [77, 100]"
        "（p = 2.4e-04）：強い。",
        "運の大きさ：弱いほうのレベルが上位になるゲームの割合は30% [22, 40]（greedy 対 mcts:100）、"
        "45% [36, 55]（mcts:100 対 mcts:400）、8% [4, 15]（mcts:400 対 mcts:800）、"
        "0% [0, 4]（mcts:800 対 mcts:1600）、0% [0, 4]（mcts:200 対 mcts:1000）。",
    ]


def test_arms_ranked_by_their_distance_from_fair(tmp_path):
    arms = [(name, summary_of(two_player(tmp_path / f"{name}.csv", k, 100))) for name, k in
            (("a", 60), ("b", 52), ("c", 45))]  # fmt: skip
    assert ranking_line(None, arms) == (
        "先手の得点割合が公平な値に近い順のアーム：b 2ポイント [0, 12]、c 5ポイント [0, 15]、"
        "a 10ポイント [0, 20]。"
        "区間が重なるので、これらのゲームからはbとc、cとaの順位は決められない。"
    )


# ------------------------------------------------------------------ the page
def test_compare_in_japanese_writes_its_page_in_the_embedded_japanese_font_and_again_the_same(
    run_tool, tmp_path
):
    def compare(out):
        return run_tool(
            "simulate", "compare", "twinkle_twinkle", "--variant", "default", "--variant", "blue",
            "--lang", "ja", "--games", "12", "--agents", "random", "--jobs", "1", "--quiet",
            "--out", str(out),
        )  # fmt: skip

    with language("en"):  # the command chooses its own language
        code, out, err = compare(tmp_path / "a")
    assert code == 0, err
    assert err == ""
    assert out.startswith(
        "結論\n  - blueはdefaultに比べて（すべての得点リファレンスを青の面で使う）、randomでは："
    )
    assert "各アームが変えるもの" in out and "エージェント random：1アームあたり12ゲーム、シード 1" in out
    folder = tmp_path / "a" / "twinkle_twinkle" / "default-vs-blue.random.seed1"
    pdf = (folder / "report.pdf").read_bytes()
    # the Japanese font, embedded as a TrueType subset (a six-letter tag before its name)
    assert re.search(rb"/FontName ?/[A-Z]{6}\+IPAexGothic", pdf)
    assert re.search(rb"/FontFile2", pdf)
    html = (folder / "report.html").read_text(encoding="utf-8")
    assert '<html lang="ja">' in html and "<h2>結論</h2>" in html and "トゥインクル・トゥインクル" in html
    # the game's own metrics, categories and figures by their Japanese names (names_ja) on the verdict
    # page and the text and figure pages; only the details page keeps the identifiers (metric largest ...)
    verdict_page = html.partition("<h2>Details</h2>")[0]
    assert "<p>- 最大の星座の星の数：blue 平均" in verdict_page and "largest" not in verdict_page
    pages = [page.extract_text() for page in PdfReader(folder / "report.pdf").pages]
    shown = "\n".join(text for text in pages if "：詳細 (" not in text.partition("\n")[0])
    for words in ("最大の星座の星の数", "星座に入らない星", "ブラックホール", "得点の種類を捨てたとき"):
        assert words in shown, words
    for identifier in ("largest constellation", "unlinked stars", "black holes", "ignored categories"):
        assert identifier not in shown, identifier  # as the identifiers were printed, in words
    # the same command again resumes the same games (none left to play) and writes the same bytes
    (folder / "report.pdf").unlink()
    assert compare(tmp_path / "a")[0] == 0
    assert (folder / "report.pdf").read_bytes() == pdf


def test_a_skill_axis_reads_in_japanese_on_its_pages_and_figures(tmp_path):
    from test_skill_report import _skill_report

    from simulate.report.plotting import speaking

    with speaking("ja"):
        folder = _skill_report(tmp_path, "a4", arms_count=2)
    summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
    assert (
        summary["skill"][0]
        == "レベル（弱い順）：random、greedy、mcts:100。1アームあたりのゲーム数：100、100、100。"
    )
    assert summary["strength"][1] == (
        "greedy 対 random：20ゲーム中20勝0敗、引き分け0（0%）、決着したゲームの100% [84, 100]"
        "（p = 1.9e-06）：強い。"
    )
    assert summary["bottom_line"][0].startswith(
        "arm1+option_1=valueはarm0+option_0=valueに比べて（Arm 1）。"
        "randomでは：最小効果以上の変化は示されない。"
    )
    html = (folder / "report.html").read_text(encoding="utf-8")
    assert (
        "<h2>プレイの強さによる判定の変化</h2>" in html and "<h2>レベルは強さの順に並んでいるか</h2>" in html
    )
    assert re.search(rb"/FontName ?/[A-Z]{6}\+IPAexGothic", (folder / "report.pdf").read_bytes())


def test_a_ladders_table_in_japanese():
    from simulate.commands.ladder import win_matrix
    from simulate.report.ladder_report import table_lines

    summary = {
        "title": "ユナイテッドスクエア", "variant": "default", "players": 4, "filler": "random",
        "games_per_pair": 100, "seed": 1, "agents": ["mcts:200", "mcts:1000"],
        "ratings": {"rating": [-50.0, 50.0], "lo": [-90.0, 10.0], "hi": [-10.0, 90.0], "equal_draws": 0.8},
        "win_matrix": win_matrix(2, [PairResult(0, 1, 0, 13, 87)]),
    }  # fmt: skip
    assert table_lines(summary) == [
        "ユナイテッドスクエア［default、4人、ほかの席はrandom］：エージェントのラダー、"
        "1組あたり100ゲーム、シード 1",
        "",
        "| エージェント | レーティング（Elo、平均0） | 95%区間 |",
        "| --- | ---: | --- |",
        "| mcts:1000 | +50 | +10 .. +90 |",
        "| mcts:200 | -50 | -90 .. -10 |",
        "",
        "レーティングは勝ち・引き分け・負けのDavidsonモデルによる（引き分けはそれ自体で1つの結果。"
        "決着したゲームの間ではBradley-Terryモデル）。同じ強さの2つのエージェントはゲームの80%を引き分ける。",
        "",
        "各組（レーティングの高いほうが先）：どちらが強いかは決着したゲームだけで判定し（正確な符号検定）、"
        "引き分けは別に数える：",
        "",
        "| 組 | 勝ち | 負け | 引き分け | 決着したゲームの割合（95%） | 符号検定のp | |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
        "| mcts:1000 対 mcts:200 | 13 | 0 | 87 (87%) | 1.00 (0.77-1.00) | 2.4e-04 | 強い |",
        "",
        "行のエージェントが列のエージェントに対して決着したゲームで勝った割合（95%区間）と、"
        "そのゲームのうち引き分けの割合：",
        "",
        "| | mcts:1000 | mcts:200 |",
        "| --- | --- | --- |",
        "| mcts:1000 |  | 1.00（0.77-1.00）、引き分け87% |",
        "| mcts:200 | 0.00（0.00-0.23）、引き分け87% |  |",
    ]


# ------------------------------------------------------------------ the sweep's page (sweep.md)
def _row(values, p, lo, hi, decided=80, games=100):
    from simulate.commands.sweep import Row

    summary = {"position_wins": [{"p": p, "lo": lo, "hi": hi}], "fair_share": 0.5, "decided": decided,
               "games": games}  # fmt: skip
    return Row(tuple(values), "+".join(values), 2, ("greedy", "greedy"), summary)


def test_a_sweep_that_cannot_rank_its_rows_says_so_in_both_languages():
    from simulate.commands.sweep import rank_note

    # distances from a fair 50%: row a 0 [0, 10 points], row b 5 [0, 15]: b's interval reaches below a's
    # upper end, so the two are not told apart; a's share is known to 10 points either side (40-60%).
    # 2 (1.960 + 0.842)^2 0.5 0.5 / 0.02^2 = 9,811 decided games, over 80% decided: 12,264, shown as 12,000
    rows = [_row(["green", "blue"], 0.5, 0.4, 0.6), _row(["blue", "blue"], 0.55, 0.45, 0.65)]
    assert rank_note(rows) == [
        "1行100ゲームでは、先手の割合は約±10ポイントの幅でしか分からない：公平に最も近い行（green blue）の"
        "区間と、ほかの1行のうち1行の区間が重なるので、これらのゲームからは順位は決められない。"
        "2ポイントの差を見分けるには1行あたり約12,000ゲームが必要。",
        "",
    ]
    with language("en"):
        assert rank_note(rows)[0] == (
            "With 100 games a row the first mover's share is known to about ±10 points: the intervals of 1 "
            "of the other 1 rows overlap that of the row closest to fair (green blue), so these games cannot "
            "rank them; about 12,000 games a row would tell a 2-point difference apart."
        )
    # a row 40 points from fair whose interval starts 35 points out lies apart from a's [0, 10]
    apart = [rows[0], _row(["blue", "green"], 0.9, 0.85, 0.95)]
    assert rank_note(apart) == [
        "公平に最も近い行：green blue。その区間はほかのどの行の区間とも重ならない。",
        "",
    ]


def test_the_sweep_tables_header_and_legend_in_japanese():
    from simulate.commands.sweep import Axis, table_markdown

    axes = [Axis("sides.comets", ("green", "blue"))]
    row = _row(["green"], 0.5, 0.4, 0.6)
    row.summary.update(
        score_all={"mean": 70.0, "sd": 5.0}, margin={"mean": 3.0}, first_player_advantage=0.0,
        largest_seat_gap=0.1,
        side_wins=[{"p": 0.45, "lo": 0.35, "hi": 0.55}, {"p": 0.55, "lo": 0.45, "hi": 0.65}],
        categories={"comets": {"mean": 9.0}},
    )  # fmt: skip
    row.summary["position_wins"].append({"p": 0.5, "lo": 0.4, "hi": 0.6})
    text = table_markdown("見出し\n副見出し", axes, [row], ["comets"])
    assert text.startswith("# 見出し\n\n副見出し\n\n人数：プレイヤーの人数。得点：")
    assert (
        "| comets | 人数 | 得点 | 点差 | 先手 | 有利さ | 席の差 | 1番席 | 2番席 | 手番順2 | comets |\n"
        in text
    )
    assert (
        "| green | 2 | 70.0 ± 5.0 | 3.0 | 50% (40-60) | +0.000 | 0.100 | 45% (35-55) | 55% (45-65) |" in text
    )


def test_which_factor_matters_in_japanese_on_the_hand_made_two_by_two_design():
    from test_effects import summary

    from simulate.analysis import effects

    # the design of test_effects: a's main effect on the first mover +15 points, the interaction +10 points
    combos = [("x", "u"), ("x", "v"), ("y", "u"), ("y", "v")]
    summaries = [summary(50, 100), summary(50, 100), summary(60, 100), summary(70, 100)]
    design = effects.Design(["a", "b"], [("x", "y"), ("u", "v")], combos, summaries)
    lines = effects.analysis_markdown(design)
    assert lines[0] == "## どの要素が効くか"
    assert "このスイープの6個の主効果でHolm補正したp値" in lines[2]
    assert lines[4] == "| 要素 | 変化 | 決着したゲームでの先手の割合 | 勝者の点差 | 得点 |"
    # a: +15 points, se sqrt(0.002375) = 0.0487, so [+5.4, +24.6]; z = 3.08, p = 0.0021, times 6 (Holm
    # over six tests) = 0.013, called. Margin and score do not move: +0.00; each mean of two combinations
    # has variance 2 x 0.04 / 4, their difference 0.04, so +-1.96 x 0.2 = 0.39; Holm p = 1, not called
    assert lines[6] == (
        "| a | x → y | +15.0ポイント [+5.4, +24.6]、Holm p = 0.013（有意） "
        "| +0.00 [-0.39, +0.39]、Holm p = 1.00 | +0.00 [-0.39, +0.39]、Holm p = 1.00 |"
    )
    assert any(
        line.startswith("- 決着したゲームでの先手の割合で最大の交互作用：a×b、+10.0ポイント [")
        for line in lines
    )


# ------------------------------------------------------------------ a tune's lines (test_tune_words)
def _tune_confirmation(tmp_path, targets):
    from test_tune_words import _arm, ran_of

    from simulate.tune import confirm
    from simulate.tune.targets import parse_targets

    # the games of test_tune_words, named as a Japanese tune names its arms: the rules as they were 400
    # games, 100 drawn, the first mover 120 of the 300 decided; finalist 1 none drawn, 200 of 400
    base = _arm(tmp_path / "base.csv", say("tune.base"), 120, 300, 100)
    finalist = _arm(tmp_path / "f1.csv", say("tune.finalist", rank=1), 200, 400, 0, "compensation = -0.5")
    groups = [[base, finalist]]
    return confirm.judge(
        parse_targets(targets, [], ()), groups, ["greedy"], 1001, MinEffect(), ran_of(groups)
    )


def test_a_tunes_target_lines_in_japanese(tmp_path):
    from simulate.tune import lines

    conf = _tune_confirmation(tmp_path, ["first_mover=fair", "draws<=0.1", "length=18..24"])
    got = lines.bottom_lines(conf)
    # the numbers test_tune_words works out: the first mover's share of decided games 40% to 50% (Fisher,
    # then Holm in the targets' family); 25% [21, 29] draws against none (Fisher p < 1e-10); 0 of 400
    # draws within at most 10%, 100 of 400 not; 20 moves on average in both arms, within 18..24
    first = conf.judged[0][1][0]
    assert got[len(conf.verdict.bottom) - 1 : -1] == [
        "first_mover=fair：候補1は元のルールに比べて決着したゲームでの先手の割合が公平に近づく：40%から50%へ"
        f"（目標：公平な50%との差が2ポイント以内）。greedyでは有意（{stats.fmt_p(first.change.test['p_holm'])}）。",
        "元のルール、first_mover=fair：決着したゲームの40% [35, 46]（目標：公平な50%との差が2ポイント以内）："
        "greedyでは目標の範囲内とは示されない（p = 1.00）。",
        "候補1、first_mover=fair：決着したゲームの50% [45, 55]（目標：公平な50%との差が2ポイント以内）："
        f"greedyでは目標の範囲内とは示されない（{stats.fmt_p(first.within['p_holm'])}）。",
        "draws<=0.1：候補1は元のルールに比べて引き分けの割合が目標に近づく：25%から0%へ（目標：10%以下）。"
        "greedyでは有意（p < 1e-10）。",
        "元のルール、draws<=0.1：ゲームの25% [21, 29]（目標：10%以下）：greedyでは目標の範囲内とは示されない"
        "（p = 1.00）。",
        "候補1、draws<=0.1：ゲームの0% [0, 1]（目標：10%以下）：greedyでは目標の範囲内と示される"
        "（p < 1e-10）。",
        "length=18..24：候補1は元のルールに比べて、平均の手数が20.00から20.00へ、どちらも目標（18～24）の範囲内。",
        "元のルール、length=18..24：20.00 [19.80, 20.20]（目標：18～24）：greedyでは目標の範囲内と示される"
        "（p < 1e-10）。",
        "候補1、length=18..24：20.00 [19.80, 20.20]（目標：18～24）：greedyでは目標の範囲内と示される"
        "（p < 1e-10）。",
    ]
    # turn positions 40% / 60% of 300 decided games, then 50% / 50% of 400
    conf = _tune_confirmation(tmp_path, ["positions=fair"])
    got = lines.bottom_lines(conf)[len(conf.verdict.bottom) - 1 : -1]
    assert got[1] == (
        "元のルール、positions=fair：手番順1 40% [35, 46]、手番順2 60% [54, 65]"
        "（目標：どの割合も公平な50%との差が2ポイント以内）：greedyでは目標の範囲内とは示されない"
        "（p = 1.00）。"
    )


def test_a_tunes_targets_and_headings_in_japanese():
    from simulate.tune.targets import describe_targets, parse_targets

    targets = parse_targets(["first_mover=fair", "length=18..24@2"], ["draws<=0.1"], ())
    assert describe_targets(targets) == [
        "`first_mover=fair`（目標、重み1）：決着したゲームでの先手の割合。外れはポイントで数える",
        "`length=18..24@2`（目標、重み2）：平均の手数。外れはその指標の単位で数える",
        "`draws<=0.1`（必須条件）：引き分けの割合。外れはポイントで数える",
    ]
    with language("en"):  # the measures are made once, at import, and speak the language of the moment
        assert describe_targets(targets)[0] == (
            "`first_mover=fair` (target, weight 1): the first mover's share of decided games; misses counted "
            "in percentage points"
        )


def test_tune_takes_lang_and_writes_its_page_in_japanese(run_tool, tmp_path):
    code, out, err = run_tool(
        "simulate", "tune", "united_square", "--knob", "compensation=-0.5,0", "--target", "first_mover=fair",
        "--agents", "random", "--budget", "24", "--games", "12", "--confirm", "12", "--finalists", "1",
        "--jobs", "1", "--quiet", "--lang", "ja", "--out", str(tmp_path),
    )  # fmt: skip
    assert code == 0, err
    assert out.startswith("探索で最も良かった設定（良い順）：候補1 compensation=")
    assert "データファイルに貼り付ける（そのあとはprintkit buildとsimulate compareがそのまま使う）：" in out
    # the variant's doc joins the data file's English docs, so it stays English
    assert 'doc = "Tuned by simulate tune for first_mover=fair under random agents' in out
    page = next(tmp_path.glob("united_square/tune-*/tune.md")).read_text(encoding="utf-8")
    assert page.startswith("# ユナイテッドスクエア：compensation（-0.5/0.0）の調整\n\n2人 | ルール default")
    for heading in ("## 結論", "## 各候補が変えるもの", "## レポートの言葉で見た確認", "## 探索の履歴"):
        assert heading in page
    assert "| 順位 | 設定 | ゲーム数 | 目的関数（±標準誤差） |" in page
    assert "見出しの問い" in page and "Targets" not in page


# ------------------------------------------------------------------ the definitions page
def test_the_definitions_page_names_the_reports_figures_and_gives_the_games_docs_in_japanese():
    from types import SimpleNamespace

    from simulate.engines import game_class
    from simulate.report.context import Context
    from simulate.report.document import definition_blocks

    game = game_class("twinkle_twinkle")
    ctx = Context(
        "トゥインクル・トゥインクル", "twinkle_twinkle", 10, 1, game.metric_names, game.categories,
        metric_docs=game.docs_in("ja"), figure_docs=game.docs_in("ja", figures=True),
    )  # fmt: skip
    arm = SimpleNamespace(summary={"generic": {}, "capped": {"k": 0}})
    figures = dict.fromkeys(["seat_wins", "turn_order", "ignored_categories"])
    with naming(game.names_ja):  # as the command that wrote the report made them current
        texts = [text for _, text in definition_blocks(ctx, [arm], figures)]
    # the report's own figures by their Japanese names, as their titles call them
    assert texts[texts.index("このレポートの図") + 1 :][:3] == [
        "  - 席ごとの勝ち：アームごとに、決着したゲームで各席（またはチーム）が勝った割合と95% Wilson区間。"
        "点線：公平な割合（1 / 陣営の数）",
        "  - 手番順ごとの勝ち：アームごとに、決着したゲームで1番手、2番手…の陣営が勝った割合と"
        "95% Wilson区間。点線：公平な割合",
        # the game's own figure by the game's Japanese name, with its Japanese doc
        "  - 得点の種類を捨てたとき：ある得点の種類で0点だったプレイヤーのうち単独で勝った割合と95%区間を、"
        "均等な割合と比べる：誰も捨てられない種類は割合が低い",
    ]
    assert "  - ラウンド数：すべての星図ボードが埋まるまでに行ったタイル選びのラウンド数" in texts
    with language("en"), naming(game.names_ja):
        assert game.docs_in("en") == game.metric_docs and game.docs_in("en", figures=True) == game.figure_docs
        texts = [text for _, text in definition_blocks(ctx, [arm], figures)]
        assert any(t.startswith("  - seat wins: ") for t in texts)
        assert any(t.startswith("  - ignored categories: ") for t in texts)
        assert any(t.startswith("  - rounds: ") for t in texts)


@pytest.mark.parametrize(
    "engine", ["united_square", "tiddly_wink", "twinkle_twinkle", "this_town", "time_splicers"]
)
def test_every_shipped_games_metrics_and_figures_have_their_japanese_docs(engine):
    from simulate.engines import game_class

    # a new game may leave docs_ja out (its English docs are printed); the five shipped ones have them all
    game = game_class(engine)
    assert set(game.docs_ja) == set(game.metric_docs)
    assert set(game.figure_docs_ja) == set(game.figure_docs)
    for name, doc in [*game.docs_ja.items(), *game.figure_docs_ja.items()]:
        assert doc.strip() and not re.search(r"[()]", doc), (engine, name)


@pytest.mark.parametrize(("engine", "name"), [("this_town", "towns"), ("tiddly_wink", "blocked_rounds")])
def test_a_metric_and_a_figure_of_the_same_name_keep_their_own_japanese_lines(engine, name):
    from types import SimpleNamespace

    from simulate.engines import game_class
    from simulate.report.context import Context
    from simulate.report.document import definition_blocks

    game = game_class(engine)
    assert name in game.metric_docs and name in game.figure_docs  # the case: one name for both
    assert game.docs_in("ja")[name] == game.docs_ja[name] != game.figure_docs_ja[name]
    assert game.docs_in("ja", figures=True)[name] == game.figure_docs_ja[name]
    ctx = Context(
        "題", engine, 10, 1, game.metric_names, game.categories,
        metric_docs=game.docs_in("ja"), figure_docs=game.docs_in("ja", figures=True),
    )  # fmt: skip
    arm = SimpleNamespace(summary={"generic": {}, "capped": {"k": 0}})
    with naming(game.names_ja):
        texts = [text for _, text in definition_blocks(ctx, [arm], {name: None})]
    shown = f"  - {game.names_ja[name]}："
    assert [t for t in texts if t.startswith(shown)] == [
        shown + game.figure_docs_ja[name],  # on the list of figures
        shown + game.docs_ja[name],  # on the list of metrics
    ]
    english = Context(
        "title", engine, 10, 1, game.metric_names, game.categories,
        metric_docs=game.docs_in("en"), figure_docs=game.docs_in("en", figures=True),
    )  # fmt: skip
    with language("en"), naming(game.names_ja, game.names_en):  # as English always kept them
        texts = [text for _, text in definition_blocks(english, [arm], {name: None})]
    shown = f"  - {display_name(name, 'en')}: "
    assert [t for t in texts if t.startswith(shown)] == [
        shown + game.figure_docs[name],
        shown + game.metric_docs[name],
    ]


@pytest.mark.parametrize(
    "engine", ["united_square", "tiddly_wink", "twinkle_twinkle", "this_town", "time_splicers"]
)
def test_every_shipped_game_names_its_metrics_categories_and_figures_in_japanese(engine):
    from simulate.engines import game_class

    # every name the report prints, and nothing else (a misspelt key would name nothing)
    game = game_class(engine)
    assert set(game.names_ja) == {*game.metric_names, *game.categories, *game.figure_docs}
    for name, words in game.names_ja.items():
        # short (axis titles, legend entries, table heads), in the printed pieces' style, no identifier left
        assert 0 < len(words) <= 20 and words == words.strip(), (engine, name)
        assert not re.search(r"[()_A-Za-z]", words.replace("NPC", "")), (engine, name, words)  # NPC: glossary
        assert not any(unicodedata.east_asian_width(c) == "F" and c.isdigit() for c in words), (engine, name)
        assert not any(w in words for w in ("プレーヤー", "マッチ", "ターン")), (engine, name)


# ------------------------------------------------------------------ a game's own names
def test_a_games_own_names_in_japanese_where_it_has_them_and_in_english_words_otherwise():
    with naming({"dead_cells": "置けないマス"}):
        assert display_name("dead_cells") == "置けないマス"
        assert display_name("empty_cells") == "empty cells"  # a name the game left out: its English words
        assert display_name("dead_cells", "en") == "dead cells"
        with language("en"):  # English prints every name as before, whatever names are current
            assert display_name("dead_cells") == "dead cells"
    assert display_name("dead_cells") == "dead cells"  # no game's names current: English words


def test_a_games_own_english_name_where_its_words_do_not_read_as_one():
    with naming({"portal_main": "タイム・ポータルの出入り"}, {"portal_main": "portal trips"}):
        assert display_name("portal_main", "en") == "portal trips"
        assert display_name("portal_main", "ja") == "タイム・ポータルの出入り"
        assert display_name("turns", "en") == "turns"  # none given: the identifier's words
    assert display_name("portal_main", "en") == "portal main"


def test_every_place_that_prints_a_games_name_prints_it_in_japanese():
    from types import SimpleNamespace

    from simulate.analysis.bottom_line import what_words
    from simulate.analysis.verdict_page import question_words
    from simulate.commands.sweep import Axis, table_markdown
    from simulate.engines import game_class
    from simulate.report.document import figure_name, metric_name
    from simulate.tune.targets import measures_for

    game = game_class("united_square")
    change = SimpleNamespace(key="metric dead_cells", answer={"a": 5.9, "b": 13.1, "diff": 7.2})
    row = _row(["green"], 0.5, 0.4, 0.6)
    row.summary["position_wins"].append({"p": 0.5, "lo": 0.4, "hi": 0.6})
    row.summary.update(
        score_all={"mean": 10.0, "sd": 2.0}, margin={"mean": 1.0}, first_player_advantage=0.0,
        largest_seat_gap=0.1, side_wins=row.summary["position_wins"], categories={"red": {"mean": 2.5}},
    )  # fmt: skip
    with naming(game.names_ja):
        assert verdict.measure_name("metric dead_cells") == "置けないマス"
        assert question_words("metric dead_cells") == "置けないマス"
        assert what_words(change, {}) == "置けないマスが増える（平均5.9から13.1へ）"
        assert (metric_name("dead_cells"), figure_name("deal")) == ("置けないマス", "配りの偏りと点差")
        assert metric_name("lead_changes") == "首位の交代"  # the observer's own, from the catalogue
        assert measures_for(game.metric_names)["dead_cells"].doc == "1ゲームあたりの置けないマスの平均"
        table = table_markdown("見出し\n副見出し", [Axis("board", ("5",))], [row], ["red"])
        assert "| 手番順2 | 赤 |" in table
        with language("en"):
            assert verdict.measure_name("metric dead_cells") == "dead cells"
            assert what_words(change, {}) == "raises dead cells (13.1 against 5.9 on average)"
            assert measures_for(game.metric_names)["dead_cells"].doc == "the mean dead cells per game"


# ------------------------------------------------------------------ a game's own part
# English words a game's own Japanese part may print: statistics' names, an option's identifier and value,
# the arms' labels and the agents (the heading), as the report's catalogue writes them
OWN_PART_WORDS = {"Wilson", "Welch", "Mann-Whitney", "round_score", "pips", "random", "default", "other"}


def _own_part(engine, tmp_path, lang):
    """A game's own part of a report (`report_extras`) on a few random games of two arms, in `lang`."""
    from printkit.datafile.gamedata import load_game
    from simulate.analysis import balance
    from simulate.analysis.arm import Arm
    from simulate.commands.arms import arm_changes, play_arm
    from simulate.engines import game_class, make_game
    from simulate.report.context import Context
    from simulate.report.plotting import speaking

    data = load_game(engine)
    rules = data.resolve("default")
    game = make_game(rules)
    agents = ("random",) * rules.players
    _, tally = play_arm(data, rules, agents, 6, 1, tmp_path / "arm", 1, True)
    summary = balance.summarize(tally, game.shown_metrics(), game.categories)
    arms = [
        Arm(label, rules.players, agents, tally.cols(), summary, tally, arm_changes(data, rules))
        for label in ("default", "other")
    ]
    ctx = Context({"ja": "題", "en": "Title"}[lang], engine, 6, 1, game.shown_metrics(), game.categories)
    names = game_class(engine)
    with speaking(lang), naming(names.names_ja, names.names_en):
        extras = game.report_extras(ctx, arms)
        texts = [t.get_text() for fig in extras.figures.values() for t in fig.findobj(Text)]
    for fig in extras.figures.values():
        plt.close(fig)
    return extras, [t for t in texts if t.strip()]


@pytest.mark.parametrize(
    "engine", ["united_square", "tiddly_wink", "twinkle_twinkle", "this_town", "time_splicers"]
)
def test_every_games_own_figures_and_lines_are_in_japanese(engine, tmp_path):
    extras, texts = _own_part(engine, tmp_path, "ja")
    lines = [line for line in extras.lines + extras.verdict if line.strip()]
    assert texts and (lines or engine == "united_square")  # United Square's part is one figure
    for text in texts + lines:
        words = set(re.findall(r"[A-Za-z][A-Za-z_-]{3,}", text))
        assert words <= OWN_PART_WORDS, (engine, text, words - OWN_PART_WORDS)
    # a row that pads its label pads it to the same width in either script (full-width spaces in Japanese)
    if engine == "tiddly_wink":
        page = next(t for t in texts if "スタートプレイヤーの勝ち " in t).splitlines()
        labelled = [line for line in page if line.startswith("  ") and not line.startswith("   ")]
        starts = {columns(line.split(" ", 3)[2]) for line in labelled if line.split(" ", 3)[2]}
        assert starts == {24}, starts
    with language("en"):  # the same part in English is English
        extras, texts = _own_part(engine, tmp_path / "en", "en")
    assert any(re.search(r"[A-Za-z]{4,} [a-z]{3,}", t) for t in texts)
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    assert not any(japanese.search(t) for t in texts + extras.lines + extras.verdict)


def test_the_method_note_names_the_headline_comparison_in_the_reports_language():
    from simulate.analysis.multiplicity import HEADLINE, Decision
    from simulate.commands.arms import method_note

    decisions = [
        Decision(HEADLINE, "0|board7 vs default|first_mover", 0.2, None, False, False),
        Decision("others", "0|board7 vs default|length", 0.01, None, True, False),
    ]
    with language("en"):
        assert "(the first mover's score, board7 vs default)" in method_note(decisions, sequential=False)
    note = method_note(decisions, sequential=False)  # in Japanese, as every test here
    assert "見出しの問い（先手の得点割合：board7 対 default）" in note and " vs " not in note


def _untestable_cases():
    """Each way a test of the report's statistics can have no p-value, on the smallest data that does it."""
    from simulate.analysis.paired import mcnemar, paired_means
    from simulate.analysis.score_share import score_share
    from simulate.analysis.sign_test import sign_test

    one, same = [1.0], [2.0, 2.0]
    return [
        ("an arm has no games to count", stats.fisher(0, 0, 1, 2)),
        ("no game is counted in both arms", stats.fisher(0, 5, 0, 6)),  # no draw in either arm
        ("every game is counted in both arms", stats.fisher(5, 5, 6, 6)),
        ("an arm has no decided games", stats.contingency([[0, 0], [1, 2]])),
        ("only one side ever won", stats.contingency([[3, 0], [4, 0]])),
        ("an arm has no values", stats.mann_whitney({}, {1.0: 2})),
        ("every value is the same", stats.mann_whitney({1.0: 3}, {1.0: 2})),
        ("fewer than two values in an arm", stats.welch(one, same)),
        ("every value is the same", stats.welch(same, same)),
        ("no decided games", stats.share_between(0, 0, 0.4, 0.6)),
        ("fewer than two values", stats.mean_between({"n": 1, "mean": 1.0, "sd": 0.0}, 0.0, 2.0)),
        ("an arm has no games to count", stats.tost_rates(0, 0, 1, 2, 0.05)),
        ("no sides", stats.all_within([], "side's share")),
        ("no test", stats.all_within([{"p": None}], "side's share")),
        ("no pairs", mcnemar([], [])),
        ("no pair differs", mcnemar([1, 0], [1, 0])),
        ("fewer than two pairs", paired_means(one, one)),
        ("no pair differs", paired_means(same, same)),
        ("every pair differs by the same amount", paired_means([1.0, 2.0], [2.0, 3.0])),
        ("no games", score_share(0, 0, 0)),
        ("no game was decided", sign_test(0, 0, 3)),
        ("no games", sign_test(0, 0, 0)),
    ]


def test_every_reason_a_test_has_no_p_value_has_its_japanese_words():
    for why, test in _untestable_cases():
        assert test.get("p") is None and test.get("p_t") is None and test["why"] == why
        assert reason(why) != why and not re.search("[A-Za-z]", reason(why)), why
        with language("en"):
            assert reason(why) == why


def test_a_missing_p_value_gives_its_reason_in_the_reports_language():
    from simulate.analysis.verdict import p_of

    draws = {**stats.fisher(0, 5, 0, 6), "p_holm": None}  # neither arm drew a game
    assert p_of(draws) == "p値なし：どちらのアームにも該当するゲームが1つもない"
    assert p_of({"p_holm": None, "why": "a reason of a designer's own game"}) == (
        "p値なし：a reason of a designer's own game"
    )
    assert p_of({"p_holm": None}) == "p値なし" and p_of({"p_holm": 0.0123}) == "p = 0.012"
    with language("en"):
        assert p_of(draws) == "p n/a: no game is counted in both arms"
