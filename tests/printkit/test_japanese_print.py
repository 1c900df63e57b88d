"""Japanese prints: line breaks that keep words and numbers whole, no widowed 3点。, no English left."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit.build import build
from printkit.datafile.gamedata import available_games, load_game
from printkit.draw import has_drawing
from printkit.output.fonts import family, wrap

JA = family("ja")
# every printed game, and the examples printed from layouts alone
EXAMPLES = sorted(
    str(p / f"{p.name}.toml") for p in (Path(__file__).resolve().parents[2] / "examples").iterdir()
)
GAMES = [
    g for g in [*available_games(), *EXAMPLES] if has_drawing(load_game(g)) and load_game(g).has_text("ja")
]
# What may stay in Latin letters on a Japanese piece: colour letters, tile ids, digits and units, pagat.
ALLOWED_LATIN = re.compile(r"^([RBYG]|[A-Z]{1,3}\d*|\d+(\.\d+)?\+?|mm|pagat|A[34]|x|R\d+|W\d+|\+\d+)$")


def test_katakana_words_ordinals_and_ranges_stay_whole():
    text = "第1ゲームではプレイヤーは5～8人で、1＋3個のカウンターを持つ。"
    for width in range(40, 200, 7):
        lines = wrap(text, JA.regular, 9, width)
        assert "".join(lines) == text
        for a, b in zip(lines, lines[1:], strict=False):
            assert not (a.endswith("第") or a[-1] in "＋～" or b[0] in "＋～ー")
            assert not (a[-1] in "プレイヤーゲムカウンタ" and b[0] in "レイヤーゲムカウンタ"), (a, b)


def test_a_paragraph_does_not_end_on_a_lone_number_of_points():
    text = "惑星1つにつき2点。惑星が最も多いプレイヤー（同数を含む。0枚は対象外）は、追加で8点。"
    for width in range(60, 260, 3):
        lines = wrap(text, JA.regular, 8, width)
        if len(lines) > 1:
            assert not re.fullmatch(r"\d+点。", lines[-1]), (width, lines)


@pytest.mark.parametrize("game", GAMES)
def test_the_japanese_build_prints_no_lone_points_line_and_no_english(tmp_path, recorded, game):
    build(game, tmp_path, lang="ja")
    lines = [item["text"] for item in recorded]
    assert not [line for line in lines if re.fullmatch(r"\s*\d+点。?\s*", line)]
    english = {
        word
        for line in lines
        for word in re.findall(r"[A-Za-z][A-Za-z0-9.+]*", line)
        if not ALLOWED_LATIN.match(word)
    }
    assert not english, sorted(english)
