"""Time Splicers print: counts from the rules in force, colour-blind marks, one shared back, words."""

from __future__ import annotations

import pytest

from printkit.datafile.gamedata import load_game
from printkit.draw import pieces_for
from printkit.errors import DataError

DATA = load_game("time_splicers")


def counts(spec="default", lang="en"):
    data = DATA.localized(lang)
    items = pieces_for(data, data.resolve(spec))
    out: dict[str, int] = {}
    for piece in items:
        out[piece.component] = out.get(piece.component, 0) + 1
    return out, items


@pytest.mark.parametrize(
    "spec,expected",
    [
        # 52 number cards, 4 x 3 specials, 4 seats: 4 meeples, 4 markers, (7 + 1) x 4 crystals, 4 references
        ("default", [52, 12, 1, 4, 4, 30, 32, 4]),
        # 8 x 3 specials, 2 seats, (5 + 1) x 2 crystals
        ("specials8+goal5+p2", [52, 24, 1, 2, 2, 30, 12, 2]),
        ("specials0+freeze_markers=2+p3", [52, 0, 1, 3, 6, 30, 24, 3]),
    ],
)
def test_counts_follow_the_rules_in_force(spec, expected):
    found, _ = counts(spec)
    names = ["number_card", "special_card", "portal_card", "meeple", "freeze_marker", "jump_token"]
    names += ["crystal", "reference"]
    assert [found.get(n, 0) for n in names] == expected


def test_number_cards_carry_colour_letter_and_a_distinct_mark_and_the_13_is_the_singularity():
    _, items = counts()
    cards = [p for p in items if p.component == "number_card"]
    by_letter: dict[str, list] = {}
    for card in cards:
        by_letter.setdefault(card.record["fields"]["letter"], []).append(card.record["fields"])
    assert sorted(by_letter) == ["B", "G", "R", "Y"]
    assert all([r["number"] for r in recs] == list(range(1, 14)) for recs in by_letter.values())
    assert len({recs[0]["mark"] for recs in by_letter.values()}) == 4
    singularities = ["red 13", "blue 13", "yellow 13", "green 13"]  # named by the colours' names
    assert [c.label for c in cards if c.record["fields"]["singularity"]] == singularities
    singular = {c.record["fields"]["singularity"] for c in cards if c.record["fields"]["number"] == 13}
    assert singular == {"Singularity"}


def test_every_card_in_the_deck_has_the_same_back_and_nothing_else_has_one():
    _, items = counts()
    deck = [p for p in items if p.component in ("number_card", "special_card")]
    assert len({id(p.draw_back) for p in deck}) == 1 and deck[0].draw_back is not None
    assert {p.record["back_layout"] for p in deck} == {"card_back"}
    # the back's layout reads only what every card has alike
    seen = {tuple(p.record["back_fields"][k] for k in ("game", "back_rgb", "back_ink_rgb")) for p in deck}
    assert len(seen) == 1
    assert all(p.draw_back is None for p in items if p not in deck)


def test_the_turn_reference_prints_the_rules_in_force():
    _, items = counts("goal5+quick_portal+shared_colours")
    ref = next(p for p in items if p.component == "reference").record["fields"]
    text = " ".join(f"{sec['head']}{ref['colon']}{sec['text']}" for sec in ref["sections"])
    assert "the first to hold 5 time crystals wins" in text
    assert "go through the permanent Time Portal to any card" in text
    assert "same number in another colour, starting a new timeline" in text
    _, items = counts()
    ref = next(p for p in items if p.component == "reference").record["fields"]
    text = " ".join(sec["text"] for sec in ref["sections"])
    assert "7 time crystals" in text and "your next main action is to come out on any card" in text


def test_japanese_words_come_from_the_data_file():
    _, items = counts(lang="ja")
    card = next(p for p in items if p.label == "green 13")
    assert card.record["fields"]["singularity"] == "シンギュラリティ"
    assert card.record["back_fields"]["game"] == "タイム・スプライサーズ"
    portal = next(p for p in items if p.component == "portal_card").record["fields"]
    assert portal["permanent"] == "常設"
    ref = next(p for p in items if p.component == "reference").record["fields"]
    assert ref["title"] == "タイム・スプライサーズ：手番の早見表"
    assert ref["sections"][0]["text"] == "最初にタイム・クリスタルを7個集めたプレイヤーが即座に勝利する。"


@pytest.mark.parametrize(
    "old,new,message",
    [
        ('mark = "square"', 'mark = "star"', r"components\.number_card\.colours\[1\]\.mark: expected one of"),
        ('rgb = "#00796b"', 'rgb = "teal"', r"components\.jump_token\.rgb: expected .*#rrggbb"),
        ("count = 52", "count = 50", r"components\.number_card\.count: 4 colours of 1\.\.13 are 52 cards"),
        (
            "{goal} time crystals",
            "{goals} time crystals",
            r"components\.reference\.text\.sections\[0\]\.text",
        ),
    ],
)
def test_bad_component_data_is_one_error_naming_the_key(tmp_path, old, new, message):
    text = DATA.path.read_text(encoding="utf-8")
    assert old in text
    bad = tmp_path / "time_splicers.toml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError, match=message):
        data = load_game(str(bad))
        pieces_for(data, data.resolve())
