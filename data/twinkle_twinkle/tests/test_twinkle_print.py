"""Twinkle Twinkle's print-and-play kit: tiles drawn from the engine's records, numbers from the rules."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printkit.build import build
from printkit.datafile.gamedata import load_game
from printkit.draw import pieces_for
from printkit.errors import DataError
from printkit_games.twinkle_twinkle.draw import fill_numbers
from printkit_games.twinkle_twinkle.records import EXIT_POINTS, exit_names
from simulate.engines import make_game

DATA = load_game("twinkle_twinkle")
LINE = re.compile(r"([-\d.]+) ([-\d.]+) m ([-\d.]+) ([-\d.]+) l S")


def _drawn_lines(piece, bleed_mm: float = 0.0) -> list[tuple[float, float, float, float]]:
    """The straight lines a piece's front puts in an uncompressed PDF content stream."""
    piece = piece.with_bleed(bleed_mm)
    buf = io.BytesIO()
    canvas = Canvas(buf, pageCompression=0)
    piece.draw_front(canvas, piece)
    canvas.showPage()
    canvas.save()
    return [tuple(map(float, m)) for m in LINE.findall(buf.getvalue().decode("latin-1"))]


def _exits_on_the_edge(lines, side: float) -> set[str]:
    """Exit names of the points where drawn lines end on the tile's edge (midpoints and corners)."""
    found = set()
    for x1, y1, x2, y2 in lines:
        for x, y in ((x1, y1), (x2, y2)):
            for name, (fx, fy) in EXIT_POINTS.items():
                if abs(x - fx * side) < 0.01 and abs(y - (1 - fy) * side) < 0.01:
                    found.add(name)
    return found


def test_exits_drawn_on_every_star_tile_are_the_exits_the_engine_links_by() -> None:
    rules = DATA.resolve("default")
    game = make_game(rules)
    tiles = [p for p in pieces_for(DATA, rules) if p.component == "tile"]
    assert len(tiles) == len(game.records) == 95
    for t, piece in enumerate(tiles):
        assert piece.record["id"] == game.records[t].id
        side = piece.width_mm * mm
        drawn = _exits_on_the_edge(_drawn_lines(piece), side)
        engine = set(exit_names(game.cell[t][0].exits)) if game.records[t].kind == "star" else set()
        assert drawn == engine, piece.label


def test_with_bleed_exit_lines_cross_the_trim_at_the_exit_point() -> None:
    rules = DATA.resolve("default")
    tile = next(p for p in pieces_for(DATA, rules) if p.label == "tile ST30")  # N, NE, S, SW
    side = tile.width_mm * mm
    bleed = 3 * mm
    lines = _drawn_lines(tile, bleed_mm=3)
    crossings = set()
    for x1, y1, x2, y2 in lines:
        if not (x2 < 0 or x2 > side or y2 < 0 or y2 > side):
            continue
        assert max(-x2, x2 - side, -y2, y2 - side) >= bleed * 0.99  # reaches through the bleed
        for name, (fx, fy) in EXIT_POINTS.items():  # and passes through the trim point of its exit
            px, py = fx * side, (1 - fy) * side
            cross = (px - x1) * (y2 - y1) - (py - y1) * (x2 - x1)
            if abs(cross) < 0.05 * side and min(x1, x2) - 0.01 <= px <= max(x1, x2) + 0.01:
                crossings.add(name)
    assert crossings == {"N", "NE", "S", "SW"}


def test_every_piece_of_the_box_is_made_with_backs_only_on_references() -> None:
    items = pieces_for(DATA, DATA.resolve("default"))
    counts: dict[str, int] = {}
    for p in items:
        counts[p.component] = counts.get(p.component, 0) + 1
        assert (p.draw_back is not None) == (p.component in ("reference", "tile"))
    aids = DATA.components["aid"]["count"]
    assert counts == {
        "tile": 95,
        "chart": 4,
        "observation_board": 1,
        "reference": 25,
        "standee": 4,
        "aid": aids,
    }
    refs = [p.record["fields"]["reference"] for p in items if p.component == "reference"]
    assert {r: refs.count(r) for r in set(refs)} == dict.fromkeys(
        ["comets", "asteroids", "planets", "black_holes", "satellites"], 5
    )
    board = next(p for p in items if p.component == "observation_board").record
    assert (board["current"], board["next"], board["track"]) == (5, 4, 4)
    slow = [p.record["id"] for p in items if p.component == "tile" and p.record["slow"]]
    assert len(slow) == 9


def _plain(text: str) -> str:
    return re.sub(r"</?b>", "", text)


def _references(items) -> dict:
    """Each score reference's two sides as {"body", "table", "after"}, from the fields its layout draws."""
    out = {}
    for p in items:
        if p.component != "reference":
            continue
        faces = {}
        for side, fields in (("green", p.record["fields"]), ("blue", p.record["back_fields"])):
            body = fields["body"]
            tables = [b for b in body if isinstance(b, dict)]
            face = {"body": body[0], "after": _plain(body[2]) if len(body) > 2 else ""}
            if tables:
                face["table"] = [[_plain(c) for c in row] for row in tables[0]["rows"]]
            faces[side] = face
        out[p.record["fields"]["reference"]] = {"faces": faces}
    return out


def test_reference_and_chart_numbers_come_from_the_rules_in_force() -> None:
    sets = ["comets.green_per_star=7", "planets.blue_most_bonus=1", "constellations.size_points=[3, 6, 9]"]
    items = pieces_for(DATA, DATA.resolve("asteroids_7", sets))
    refs = _references(items)
    assert refs["comets"]["faces"]["green"]["body"].startswith("7 points per star")
    assert "1 point more" in refs["planets"]["faces"]["blue"]["body"]
    table = refs["asteroids"]["faces"]["green"]["table"]
    assert table[0][1:] == ["1", "2", "3", "4", "5", "6", "7+"]
    assert table[1][1:] == ["2", "5", "9", "14", "20", "27", "35"]
    assert refs["asteroids"]["faces"]["blue"]["after"] == "Fewest asteroid tiles (ties too): lose 5 points."
    chart = next(p for p in items if p.component == "chart").record
    assert chart["size_table"] == [["2", "3", "4+"], [3, 6, 9]]
    assert chart["count_table"][1] == [2, 5, 9, 14, 20, 27, 35]
    assert chart["text"]["size"] == "Your 2 largest constellations score by their stars"


def test_a_text_naming_an_unknown_number_is_one_line_naming_the_key() -> None:
    with pytest.raises(
        DataError, match=r"components.reference.text.comets.green: unknown field \{nothing_pts\}"
    ):
        fill_numbers(
            DATA, "components.reference.text.comets.green", "{nothing_pts} each", {"green_per_star": 1}
        )


def test_a_unit_naming_anything_but_the_number_is_one_line_naming_the_key() -> None:
    data = replace(DATA, game={**DATA.game, "units": {"point": "{n} point", "points": "{count} points"}})
    with pytest.raises(DataError, match=r"game.units.points: unknown field \{count\}; expected \{n\}$"):
        fill_numbers(
            data, "components.chart.text.new_star", "{new_star_points_pts} each", {"new_star_points": 3}
        )
    assert fill_numbers(data, "k", "{n_pts}", {"n": 1}) == "1 point"


def test_an_unknown_side_stops_the_build_before_any_file(tmp_path) -> None:
    with pytest.raises(DataError, match='rules.sides.comets: expected one of "green", "blue", got "purple"'):
        build("twinkle_twinkle", tmp_path, sets=["sides.comets=purple"])
    assert not any(tmp_path.iterdir())


def test_build_writes_duplex_pages_with_the_green_and_blue_texts(tmp_path) -> None:
    result = build("twinkle_twinkle", tmp_path)
    reader = PdfReader(result.path)
    assert len(reader.pages) == result.pages and result.pages % 2 == 0
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "1 point per star on the tiles orthogonally adjacent to the comet." in text.replace("\n", " ")
    assert "Only your largest cluster scores" in text
    assert "blue side" in text and "green side" in text
    assert result.counts["reference"] == 25
    again = build("twinkle_twinkle", tmp_path / "again")
    assert again.path.read_bytes() == result.path.read_bytes()


# ------------------------------------------------------------------ languages
CJK = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def _squeezed(text: str) -> str:
    """Text without whitespace and case, so wrapped and upper-cased labels read as written."""
    return re.sub(r"\s", "", text).casefold()


def _printed_words(components) -> list[str]:
    """Every text a default build prints, from one language's components (templates without `{...}`)."""
    ref = components["reference"]
    texts = list(components["tile"]["names"].values())  # a star tile has no name
    texts += [*components["chart"]["text"].values(), *components["observation_board"]["text"].values()]
    texts += [*ref["side_names"].values(), ref["footer"], *ref["table"].values()]
    texts += [text for reference in ref["text"].values() for text in reference.values()]
    texts += [colour["name"] for colour in components["standee"]["colours"]]
    return texts


def _parts(texts: list[str]) -> list[str]:
    return [_squeezed(p) for t in texts for p in re.split(r"\{\w+\}", t) if _squeezed(p)]


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    out = tmp_path_factory.mktemp("langs")
    return {
        "en": build("twinkle_twinkle", out / "en"),
        "ja": build("twinkle_twinkle", out / "ja", lang="ja"),
        "ja again": build("twinkle_twinkle", out / "again", lang="ja"),
    }


def _pdf_text(result) -> str:
    return _squeezed("".join(page.extract_text() for page in PdfReader(result.path).pages))


def test_the_japanese_build_prints_the_japanese_words_of_the_data_file(builds) -> None:
    assert builds["ja"].summary["translated"]
    ja = _printed_words(DATA.localized("ja").components)
    assert all(CJK.search(text) for text in ja), [t for t in ja if not CJK.search(t)]
    text = _pdf_text(builds["ja"])
    for part in _parts(ja):
        assert part in text, part
    for english in ("Star chart", "Observation board", "Comets", "green side", "Adjacent"):
        assert _squeezed(english) not in text, english


def test_japanese_reference_numbers_come_from_the_rules_in_force() -> None:
    ja = DATA.localized("ja")
    sets = ["comets.green_per_star=7", "planets.blue_most_bonus=1", "asteroids.blue_fewest_penalty=4"]
    items = pieces_for(ja, ja.resolve("asteroids_7", sets))
    refs = _references(items)
    assert refs["comets"]["faces"]["green"]["body"] == "彗星に隣接するタイルにある星1つにつき7点。"
    assert "追加で1点。" in refs["planets"]["faces"]["blue"]["body"]
    assert refs["asteroids"]["faces"]["blue"]["after"].endswith("4点を失う。")
    assert refs["asteroids"]["faces"]["green"]["table"][1][1:] == ["2", "5", "9", "14", "20", "27", "35"]
    chart = next(p for p in items if p.component == "chart").record
    assert chart["title"] == "星図ボード 1" and chart["text"]["new_star"].endswith("1個につき1点")


def test_the_english_build_keeps_its_words(builds) -> None:
    text = _pdf_text(builds["en"])
    for part in _parts(_printed_words(DATA.components)):
        assert part in text, part
    assert _squeezed("Star chart 4") in text and not CJK.search(text)


def test_two_japanese_builds_are_byte_identical(builds) -> None:
    assert builds["ja"].path.read_bytes() == builds["ja again"].path.read_bytes()


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('name = "彗星"', 'nmae = "彗星"', "lang.ja.components.reference.text.comets.nmae: no such key"),
        ("[lang.ja.components.standee]", "[lang.ja.components.standees]", "lang.ja.components.standees"),
        ('footer = "「隣接」', 'foot = "「隣接」', "lang.ja.components.reference.foot: no such key"),
    ],
)
def test_a_japanese_table_naming_an_unknown_key_is_one_line_naming_it(tmp_path, old, new, message) -> None:
    text = DATA.path.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "twinkle_twinkle.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_game(str(path))
    assert message in str(err.value) and "\n" not in str(err.value)


def _aid(items):
    """The fields the setup card is drawn from."""
    return next(p for p in items if p.component == "aid").record["fields"]


def test_the_setup_card_gives_opening_rows_and_standees_per_player_count_from_the_rules() -> None:
    card = _aid(pieces_for(DATA, DATA.resolve("default")))
    opening = next(s for s in card["sections"] if "table" in s)["table"]
    assert opening["rows"] == [["2 players", 5, 4, 2], ["3 players", 4, 3, 1], ["4 players", 5, 4, 1]]
    text = " ".join(s["text"] for s in card["sections"])
    assert "all 95 tiles" in text and "full (20 tiles)" in text
    assert "slow tile" in text and "turned or flipped" not in text
    changed = DATA.resolve("no_slow+flip", ["opening.2=[6, 5]"])
    card = _aid(pieces_for(DATA, changed))
    text = " ".join(s["text"] for s in card["sections"])
    assert "slow tile" not in text and "turned or flipped" in text
    assert next(s for s in card["sections"] if "table" in s)["table"]["rows"][0] == ["2 players", 6, 5, 2]


def test_the_japanese_setup_card_uses_the_glossary_terms() -> None:
    ja = DATA.localized("ja")
    card = _aid(pieces_for(ja, ja.resolve("default")))
    text = "".join(s["head"] + s["text"] for s in card["sections"])
    terms = ("星図ボード", "得点リファレンス", "人工衛星", "観測ボード")
    terms += ("手番順トラック", "遅いタイル", "星座")
    assert [t for t in terms if t not in text] == []
    sentences = [part for s in card["sections"] for part in s["text"].split("。")]
    assert not any(part.isascii() and part.strip() for part in sentences)
