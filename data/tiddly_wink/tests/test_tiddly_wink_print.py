"""Tiddly-Wink's printed set: pieces from the data file and rules, measured back from the built PDF."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from pypdf import PdfReader

from printkit.build import build, build_game
from printkit.datafile.gamedata import load_game
from printkit.draw import pieces_for
from printkit.errors import DataError
from printkit.pieces.contract import count_by_component
from printkit.sheets.designer import option_rows

MM = 72 / 25.4  # points per millimetre
DATA = load_game("tiddly_wink")
DOMINO_W, DOMINO_H = DATA.components["domino"]["size_mm"]
TILES = [(a, b) for b in range(7) for a in range(b + 1)]


def test_a_double_six_set_counters_for_every_seat_and_the_rules_cards():
    items = pieces_for(DATA, DATA.resolve())
    cards = DATA.components["reference"]["count"]
    assert count_by_component(items) == {"domino": 28, "counter": 30 * 5, "reference": cards}
    dominoes = [p for p in items if p.component == "domino"]
    assert [(p.record["low"], p.record["high"]) for p in dominoes] == TILES
    assert all(p.size_mm == (DOMINO_W, DOMINO_H) for p in dominoes)
    counter = next(p for p in items if p.component == "counter")
    assert counter.size_mm == tuple(DATA.components["counter"]["size_mm"])
    more = pieces_for(DATA, DATA.resolve(sets=["counters=10"], players=8))
    assert count_by_component(more)["counter"] == 80


def _card(items):
    """The fields the rules card is drawn from."""
    return next(p for p in items if p.component == "reference").record["fields"]


def test_the_rules_card_says_the_rules_in_force_in_players_words():
    rules = DATA.resolve("leaflet")
    card = _card(pieces_for(DATA, rules))
    text = " ".join(section["text"] for section in card["sections"])
    assert "double, double, then one more" in text and "draw until you can play" in text
    two = _card(pieces_for(DATA, DATA.resolve("block")))
    end = {"head": "Game end", "text": "a single round. Equal most points: they share the win."}
    assert end in two["sections"]
    # block dominoes' scoring (round_score = pips), not the pot
    block_round = next(section["text"] for section in two["sections"] if section["head"] == "Round")
    assert block_round.startswith(
        "the first to play their last tile scores the pips left in the other hands."
    )
    assert "pot" not in block_round
    ranked = DATA.resolve("default", ["match_tie=rounds_won"])
    card = _card(pieces_for(DATA, ranked))
    assert "Equal most counters: most rounds won wins" in card["sections"][-1]["text"]
    assert not any(section["head"] == "Stake" for section in two["sections"])
    for designer_word in ("round_cap", "Simulated", "seed", "house", "default", "001_"):
        assert designer_word not in text + card["title"], designer_word


def test_the_designer_sheet_lists_every_option_in_force_and_marks_changes(tmp_path):
    rows = {r["name"]: r for r in option_rows(DATA, DATA.resolve("leaflet"))}
    assert list(rows) == list(DATA.options)
    assert rows["double_bonus"]["value"] == "chain" and rows["double_bonus"]["changed"]
    assert rows["draw"]["value"] == "yes" and rows["draw"]["changed"]
    assert rows["draw"]["doc"].endswith("(default: no)")
    assert not rows["tie"]["changed"]  # the leaflet's carry is also the default
    result = build("tiddly_wink", tmp_path, spec="block", designer_sheet=True)
    sheet = next(p for p in result.files if p.name.endswith("-designer.pdf"))
    text = _squeezed(sheet)
    for word in ("Tiddly-Wink:designersheet", "rulesblock,2players(published:5-8)", "round_cap", "Sources"):
        assert word in text, word
    assert "round_cap" not in _squeezed(result.path)


def test_a_set_that_is_not_a_full_double_n_set_is_refused():
    components = dict(DATA.components)
    components["domino"] = {**components["domino"], "count": 27}
    with pytest.raises(DataError, match="components.domino.count: a double-6 set has 28 dominoes, got 27"):
        pieces_for(replace(DATA, components=components), DATA.resolve())
    components["domino"] = {**components["domino"], "count": 28, "pip_rgb": "black"}
    with pytest.raises(DataError, match='components.domino.pip_rgb: expected "#rrggbb"'):
        pieces_for(replace(DATA, components=components), DATA.resolve())


@pytest.fixture(scope="module")
def leaflet_pdf(tmp_path_factory):
    return PdfReader(build_game("tiddly_wink", tmp_path_factory.mktemp("tw"), spec="leaflet"))


def drawn_pieces(reader, shapes_of):
    """Per piece index: component, clip box (the trim, no bleed) and the filled shapes of its front."""
    out: dict[int, dict] = {}
    for page in reader.pages:
        for shape in shapes_of(page):
            props = shape.tag("/PrintkitPiece")
            if props is None or props["/Side"] != "/front":
                continue
            item = out.setdefault(
                int(props["/Index"]), {"component": str(props["/Component"])[1:], "fills": []}
            )
            if shape.op == "W n":
                item["clip"] = shape.bbox
            elif shape.op.startswith("f"):
                item["fills"].append(shape)
    return out


def test_the_printed_domino_has_its_declared_size_and_its_pips(leaflet_pdf, shapes_of):
    drawn = drawn_pieces(leaflet_pdf, shapes_of)
    dominoes = [drawn[i] for i in range(28)]
    assert all(d["component"] == "domino" for d in dominoes)
    for (a, b), domino in zip(TILES, dominoes, strict=True):
        x0, y0, x1, y1 = domino["clip"]
        assert x1 - x0 == pytest.approx(DOMINO_W * MM, abs=0.01)
        assert y1 - y0 == pytest.approx(DOMINO_H * MM, abs=0.01)
        # one fill for the face, then one per pip
        assert len(domino["fills"]) - 1 == a + b
    assert sum(len(d["fills"]) - 1 for d in dominoes) == 168
    counter = drawn[28]
    x0, y0, x1, y1 = counter["clip"]
    assert counter["component"] == "counter" and x1 - x0 == pytest.approx(16 * MM, abs=0.01)


def test_dominoes_have_one_back_for_the_whole_set(leaflet_pdf, texts_of):
    backs = [
        t
        for page in leaflet_pdf.pages
        for t, tags in texts_of(page)
        if any(props.get("/Side") == "/back" for tag, props in tags if tag == "/PrintkitPiece")
    ]
    assert backs == ["Tiddly-Wink"] * 28


def test_the_printed_rules_card_says_the_leaflet_rules(leaflet_pdf, texts_of):
    texts = [t for page in leaflet_pdf.pages for t, tags in texts_of(page) if tags]
    for word in ("Tiddly-Wink: how to play", "draw until you can play"):
        assert any(word in t for t in texts), word


# ------------------------------------------------------------------ languages
def _squeezed(path) -> str:
    """The PDF's text without any whitespace, so wrapped lines read as one."""
    return re.sub(r"\s", "", "".join(page.extract_text() for page in PdfReader(path).pages))


def _printed(words: dict) -> list[str]:
    """The words the default rules print on the reference, from one language's tables.

    Templates count by their literal parts (the `{name}` parts are numbers).
    """
    said = words["rules"]
    texts = [
        words["title"],
        *words["heads"].values(),
        *(said[k] for k in ("counters", "deal", "stake", "lead", "lead_bonus", "turn")),
        said["round"]["pot"],
        said["draw_boneyard"]["false"],
        said["no_double"]["highest_tile"],
        said["forced_play"]["true"],
        said["draw"]["false"],
        said["double_bonus"]["once"],
        said["tie"]["carry"],
        said["match_end"]["first_bust"],
    ]
    return [re.sub(r"\s", "", part) for t in texts for part in re.split(r"\{\w+\}", t) if part.strip()]


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    out = tmp_path_factory.mktemp("langs")
    return {
        "en": build("tiddly_wink", out / "en"),
        "ja": build("tiddly_wink", out / "ja", lang="ja"),
        "ja again": build("tiddly_wink", out / "again", lang="ja"),
    }


def test_the_japanese_reference_prints_the_japanese_words_of_the_data_file(builds):
    assert builds["ja"].summary["translated"]
    text = _squeezed(builds["ja"].path)
    ja = DATA.localized("ja")
    words = ja.components["reference"]["text"]
    assert words["title"] != DATA.components["reference"]["text"]["title"]
    for part in _printed(words):
        assert part in text, part
    english = DATA.components["reference"]["text"]
    for gone in (english["heads"]["deal"], english["heads"]["stake"]):
        assert re.sub(r"\s", "", gone) not in text, gone


def test_the_english_reference_keeps_its_words(builds):
    text = _squeezed(builds["en"].path)
    for part in _printed(DATA.components["reference"]["text"]):
        assert part in text, part
    assert "Tiddly-Wink:howtoplay" in text and "Counters:everyonestartswith30." in text
    assert not re.search(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]", text)


def test_two_japanese_builds_are_byte_identical(builds):
    assert builds["ja"].path.read_bytes() == builds["ja again"].path.read_bytes()


def _edited(tmp_path, old: str, new: str) -> str:
    text = DATA.path.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "tiddly_wink.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            "[lang.ja.options.round_cap]",
            "[lang.ja.options.round_caps]",
            "lang.ja.options.round_caps: no such key",
        ),
        ('colon = "："', 'colons = "："', "lang.ja.components.reference.text.colons: no such key"),
        (
            'tie = { split = "最も',
            'tie = { splat = "最も',
            "lang.ja.components.reference.text.rules.tie.splat",
        ),
    ],
)
def test_a_japanese_table_naming_an_unknown_key_is_one_line_naming_it(tmp_path, old, new, message):
    path = _edited(tmp_path, old, new)
    with pytest.raises(DataError) as err:
        load_game(path)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_words_table_needs_every_value_of_its_option():
    reference = DATA.components["reference"]
    said = {**reference["text"]["rules"], "no_double": {"highest_tile": "lead the heaviest tile"}}
    components = {**DATA.components, "reference": {**reference, "text": {**reference["text"], "rules": said}}}
    with pytest.raises(DataError, match=r"components.reference.text.rules.no_double.redeal: missing"):
        pieces_for(replace(DATA, components=components), DATA.resolve())
