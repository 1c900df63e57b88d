"""Layouts: what each key means, worked out by hand on small layouts, and the honeycomb's shared cuts."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.build import build
from printkit.datafile.gamedata import load_game
from printkit.datafile.layout_spec import Element
from printkit.draw import pieces_for
from printkit.errors import DataError
from printkit.layouts import richtext
from printkit.layouts.elements import Context, Resolved
from printkit.layouts.icons import Icons
from printkit.layouts.text import Style, fit
from printkit.layouts.typefaces import Fonts
from printkit.output.fonts import family, typeface
from printkit.pieces.outlines import Shape, hex_size_mm, outline
from printkit.sheets import honeycomb
from printkit.sheets.cutpaths import outline_on_page, unique_runs
from printkit.sheets.geometry import LayoutOptions
from printkit.sheets.imposition import render
from printkit.sheets.packing import hex_cut_lines, layout
from printkit.sheets.shop import shop_layout
from tests.printkit.card_games import small_deck

MM = 72 / 25.4
HEAD = """[game]
title = "Test"
players = [2]

"""


def _game(tmp_path: Path, body: str, name: str = "test") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def _card(layout: str, rows: str = 'rows = [{ name = "A" }]', extra: str = "") -> str:
    return f"""[components.card]
title = "Card"
kind = "card"
size_mm = [60, 80]
layout = "card"
{rows}
{extra}
[layouts.card]
{layout}
"""


# ------------------------------------------------------------------ spec
def test_extends_lays_keys_over_the_inherited_element_and_keeps_the_order(tmp_path):
    body = (
        _card(
            'a = { kind = "rect", fill = "#ff0000" }\nb = { kind = "text", text = "{name}" }',
            extra="",
        )
        + """
[layouts.child]
extends = "card"
a = { fill = "#00ff00" }
c = { kind = "circle" }
"""
    )
    data = load_game(str(_game(tmp_path, body)))
    child = data.layouts.layouts["child"]
    assert [e.name for e in child.elements] == ["a", "b", "c"]
    assert child.elements[0].kind == "rect" and child.elements[0].keys["fill"] == "#00ff00"
    assert data.layouts.layouts["card"].elements[0].keys["fill"] == "#ff0000"


@pytest.mark.parametrize(
    "layout,message",
    [
        (
            'a = { kind = "rectangle" }',
            'layouts.card.a.kind: no element kind "rectangle"; did you mean "rect"?',
        ),
        ('a = { kind = "rect", colour = "#000000" }', "layouts.card.a.colour: unknown key for a rect"),
        ('a = { kind = "rect", fill = "reddish" }', 'layouts.card.a.fill: expected a colour: "#rrggbb"'),
        ('a = { kind = "rect", w = "fifty" }', "layouts.card.a.w: expected a length"),
        ('a = { kind = "text", text = "{oops" }', "layouts.card.a.text: a lone '{'"),
        ("a = { x = 3 }", "layouts.card.a.kind: missing"),
    ],
)
def test_a_bad_element_is_one_line_naming_its_key(tmp_path, layout, message):
    with pytest.raises(DataError) as err:
        load_game(str(_game(tmp_path, _card(layout.replace("%%", "%")))))
    assert message in str(err.value) and "\n" not in str(err.value)


def test_a_loop_of_extends_is_refused(tmp_path):
    body = _card('a = { kind = "rect" }') + '[layouts.x]\nextends = "y"\n[layouts.y]\nextends = "x"\n'
    with pytest.raises(DataError, match=r"layouts\.x\.extends: a loop of layouts: x -> y -> x"):
        load_game(str(_game(tmp_path, body)))


# ------------------------------------------------------------------ geometry
def _ctx(fields=None, size=(60.0, 80.0), bleed=0.0) -> Context:
    def blame(element, key, message, column=None):
        return DataError(f"{element.key}.{key}: {message}")

    icons = Icons({"coin": {"shape": "circle"}}, Path("."))
    return Context(size, bleed, Fonts("en"), icons, Path("."), fields or {}, blame)


@pytest.mark.parametrize(
    "keys,box",
    [
        ({}, (0, 0, 60, 80)),
        ({"x": 5, "y": 10, "w": 20, "h": 30}, (5, 10, 20, 30)),
        ({"x": "50%", "y": "50%", "w": 20, "h": 10, "anchor": "center"}, (20, 35, 20, 10)),
        ({"x": "100% - 5", "y": "100% - 5", "w": 10, "h": 10, "anchor": "bottom-right"}, (45, 65, 10, 10)),
        ({"x": "{left}", "w": "25%", "h": "10%"}, (12, 0, 15, 8)),
    ],
)
def test_positions_are_mm_from_the_top_left_or_shares_of_the_piece(keys, box):
    element = Element("a", "rect", keys, "layouts.t.a")
    assert Resolved(element, _ctx({"left": 12})).box() == pytest.approx(box)


# ------------------------------------------------------------------ text
def _blame(message):
    return DataError(message)


def test_markup_gives_bold_and_italic_runs_icons_paragraphs_and_escapes():
    icons = Icons({"coin": {"shape": "circle"}}, Path("."))
    text = "<b>Gain</b> 2 :coin:\nthen <i>more</i>\n\nNext \\:coin: and 10:30"
    blocks = richtext.parse([(text, False)], icons, _blame)
    assert [b.text for b in blocks] == ["Gain 2 " + richtext.OBJECT, "then more", "Next :coin: and 10:30"]
    assert [b.gap for b in blocks] == [False, True, True]
    first = blocks[0]
    assert first.bold[:4] == [True] * 4 and not any(first.bold[4:]) and first.icons == {7: "coin"}
    assert blocks[1].italic == [False] * 5 + [True] * 4
    with pytest.raises(DataError, match="unknown icon 'coins'"):
        richtext.parse([("Gain :coins:", False)], icons, _blame)


def test_a_field_holding_a_list_sets_paragraphs_and_tables():
    icons = Icons({}, Path("."))
    value = ["First", {"head": ["a", "b"], "rows": [["1", "2"]]}, "Last"]
    blocks = richtext.parse(richtext.parts("{body}", {"body": value}), icons, _blame)
    assert [type(b).__name__ for b in blocks] == ["Para", "Table", "Para"]
    assert blocks[1].head == 1 and [c.text for c in blocks[1].rows[1]] == ["1", "2"]


def test_one_line_text_shrinks_exactly_as_far_as_its_width_needs():
    fonts = family("en")
    style = Style(fonts=typeface("en"), colour=None, wrap=False)
    blocks = richtext.parse([("<b>Harvest Deck</b>", False)], Icons({}, Path(".")), _blame)
    natural = stringWidth("Harvest Deck", fonts.bold, 12)
    wide = fit(blocks, style, 12, 1, (natural * 2, 100), Icons({}, Path(".")))
    narrow = fit(blocks, style, 12, 1, (natural / 2, 100), Icons({}, Path(".")))
    assert wide.size == 12 and narrow.size == pytest.approx(6.0)
    assert fit(blocks, style, 12, 7, (natural / 2, 100), Icons({}, Path("."))) is None  # below min_size


def test_wrapped_text_takes_the_largest_quarter_point_size_that_fits():
    fonts = family("en")
    style = Style(fonts=typeface("en"), colour=None, leading=1.25, paragraph_gap=0.0)
    icons = Icons({}, Path("."))
    words = "one two three four five six seven eight nine ten"
    blocks = richtext.parse([(words, False)], icons, _blame)
    width = stringWidth(words, fonts.regular, 10) / 2.5  # three lines at 10 pt
    fitted = fit(blocks, style, 10, 4, (width, 2 * 1.25 * 10), icons)  # room for two lines at 10 pt
    lines = len(fitted.columns[0])
    assert lines * fitted.size * 1.25 <= 2 * 1.25 * 10 + 1e-6
    bigger = fit(blocks, style, fitted.size + 0.25, fitted.size + 0.25, (width, 25), icons)
    assert bigger is None and fitted.size < 10


def test_text_that_does_not_fit_at_its_smallest_size_names_the_piece(tmp_path):
    body = _card(
        't = { kind = "text", w = 10, h = 4, text = "{name}", size = 9, min_size = 8 }',
        rows='rows = [{ name = "A very long name that will never fit" }]',
    )
    data = load_game(str(_game(tmp_path, body)))
    with pytest.raises(DataError) as err:
        render(shop_layout(pieces_for(data, data.resolve()), 0.0), "t")
    assert "layouts.card.t.text: does not fit its 10 x 4 mm box at 8 pt" in str(err.value)
    assert "components.card.rows[0]" in str(err.value)


def test_a_bad_row_stops_pieces_for_unless_it_only_counts(tmp_path):
    body = _card(
        'a = { kind = "rect", fill = "{colour}" }',
        rows='rows = [{ name = "A", colour = "#ff0000", count = 3 }, { name = "B", colour = "nonsense" }]',
    )
    data = load_game(str(_game(tmp_path, body)))
    with pytest.raises(DataError, match=r"components.card.rows\[1\], column colour: layouts.card.a.fill"):
        pieces_for(data, data.resolve())
    counted = pieces_for(data, data.resolve(), check=False)  # what `printkit list` asks for
    assert [p.label for p in counted] == ["Card A #1", "Card A #2", "Card A #3", "Card B"]
    assert len({id(p.check) for p in counted}) == 2  # one check a row, shared by its copies


# ------------------------------------------------------------------ drawing
def test_visibility_counts_copies_and_a_back_per_row(tmp_path):
    body = (
        _card(
            'a = { kind = "rect", fill = "#ff0000", visible = "{show}" }',
            rows='rows = [{ name = "A", show = "yes", count = 2 }, { name = "B", show = "0", count = 0 }, '
            '{ name = "C", show = "", back_layout = "back" }]',
            extra='back = { layout = "card" }',
        )
        + '[layouts.back]\nb = { kind = "circle", fill = "#00ff00" }\n'
    )
    data = load_game(str(_game(tmp_path, body)))
    items = pieces_for(data, data.resolve())
    assert [p.label for p in items] == ["Card A #1", "Card A #2", "Card C"]
    assert [p.record["back_layout"] for p in items] == ["card", "card", "back"]


def test_art_that_touches_the_trim_runs_into_the_bleed(tmp_path, shapes_of):
    body = _card(
        'a = { kind = "rect", fill = "#ff0000" }\n'
        'b = { kind = "rect", x = 5, y = 5, w = 10, h = 10, fill = "#00ff00" }'
    )
    data = load_game(str(_game(tmp_path, body)))
    pdf = render(shop_layout(pieces_for(data, data.resolve()), 3.0), "t")
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    fills = [s for s in shapes_of(page) if s.op in ("f", "f*")]
    red, green = (s.bbox for s in fills[:2])
    assert red == pytest.approx((0, 0, 66 * MM, 86 * MM), abs=0.01)  # 60 x 80 mm and 3 mm all round
    assert green == pytest.approx(
        ((3 + 5) * MM, (3 + 80 - 15) * MM, (3 + 15) * MM, (3 + 80 - 5) * MM), abs=0.01
    )


def test_a_table_repeats_its_rows_as_long_as_they_fit(tmp_path, recorded):
    body = _card(
        't = { kind = "table", x = 0, y = 0, w = 60, h = 50, rows = [["Name", "x"]], '
        'repeat = [["Game {n}", ""]], row_height = 7, lines = "grid", rule = "#000000", size = 8 }'
    )
    data = load_game(str(_game(tmp_path, body)))
    render(shop_layout(pieces_for(data, data.resolve()), 0.0), "t")
    games = [r["text"] for r in recorded if r["text"].startswith("Game")]
    assert games == [f"Game {n}" for n in range(1, 7)]  # 50 mm holds 7 rows of 7 mm: the head and 6 games


def test_pips_follow_a_dominos_pattern(tmp_path, shapes_of):
    body = _card('p = { kind = "pips", w = 20, h = 20, count = "{n}" }', rows="rows = [{ n = 5 }, { n = 9 }]")
    data = load_game(str(_game(tmp_path, body)))
    pdf = render(shop_layout(pieces_for(data, data.resolve()), 0.0), "t")
    pages = PdfReader(io.BytesIO(pdf)).pages
    counts = [sum(1 for s in shapes_of(page) if s.op in ("f", "f*")) for page in pages]
    assert counts == [5, 9]


def test_columns_ending_in_dot_ja_are_the_japanese(tmp_path):
    body = _card(
        't = { kind = "text", text = "{name}" }', rows='rows = [{ name = "Ace", "name.ja" = "エース" }]'
    )
    data = load_game(str(_game(tmp_path, body)))
    ja = data.localized("ja")
    assert pieces_for(ja, ja.resolve())[0].record["fields"]["name"] == "エース"
    assert pieces_for(data, data.resolve())[0].record["fields"]["name"] == "Ace"


def test_an_image_path_may_not_leave_the_data_files_folder(tmp_path):
    body = _card('i = { kind = "image", path = "{art}" }', rows='rows = [{ art = "../secret.png" }]')
    data = load_game(str(_game(tmp_path, body)))
    with pytest.raises(
        DataError, match=r"components.card.rows\[0\], column art: .*inside the data file's folder"
    ):
        pieces_for(data, data.resolve())


def test_png_and_svg_pictures_are_drawn(tmp_path):
    from PIL import Image

    Image.new("RGB", (20, 10), "#00aa00").save(tmp_path / "art.png")
    (tmp_path / "mark.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4" '
        'fill="currentColor"/></svg>',
        encoding="utf-8",
    )
    body = _card(
        'i = { kind = "image", path = "art.png", fit = "cover" }\n'
        'm = { kind = "icon", x = 10, y = 10, w = 10, h = 10, icon = "mark", colour = "#123456" }',
        extra='[icons.mark]\npath = "mark.svg"\n',
    )
    data = load_game(str(_game(tmp_path, body)))
    pdf = render(shop_layout(pieces_for(data, data.resolve()), 0.0), "t")
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert len(page["/Resources"]["/XObject"]) == 1  # the PNG
    assert b".070588 .203922 .337255 rg" in page.get_contents().get_data()  # the SVG in #123456


# ------------------------------------------------------------------ hexagons
def test_three_hexagons_in_a_honeycomb_share_three_sides():
    """80 x 100 mm holds a row of two 40 mm tiles and one below between them: 18 sides, 3 shared."""
    size = hex_size_mm(40, "pointy")
    comb = honeycomb.fit((80, 100), size, "pointy", 0.0, 0.0, 10)
    assert len(comb.corners) == 3
    centres = [(dx + size[0] / 2, dy - size[1] / 2) for dx, dy in comb.corners]
    # the second row sits 40 * sqrt(3) / 2 = 34.64 mm below the first, half a tile across
    flat = [v for c in centres for v in c]
    assert flat == pytest.approx([20, 23.094, 60, 23.094, 40, 57.735], abs=1e-3)


def _hex_sheet(n: int, orientation: str, bleed: float = 0.0):
    from printkit.pieces.contract import Piece

    size = hex_size_mm(40, orientation)
    pieces = [Piece("t", f"t{k}", size, lambda c, p: None, shape=Shape("hex", orientation)) for k in range(n)]
    return layout(pieces, LayoutOptions(bleed=bleed))[0]


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_every_side_two_tiles_share_is_cut_once(orientation):
    sheet = _hex_sheet(12, orientation)
    centres = [(p.trim.x + p.trim.w / 2, p.trim.y + p.trim.h / 2) for p in sheet.placements]
    pairs = sum(
        1
        for i, a in enumerate(centres)
        for b in centres[i + 1 :]
        if math.isclose(math.dist(a, b), 40, abs_tol=1e-6)
    )
    assert all(math.dist(a, b) >= 40 - 1e-6 for i, a in enumerate(centres) for b in centres[i + 1 :])
    assert pairs >= 12  # a honeycomb, not a row: most tiles have neighbours
    assert len(hex_cut_lines(sheet)) == 6 * len(centres) - pairs
    assert not [m for m in sheet.marks if m not in hex_cut_lines(sheet)]  # no straight crop marks


def test_with_a_bleed_the_tiles_stand_apart_and_share_nothing():
    sheet = _hex_sheet(8, "pointy", bleed=2.0)
    centres = [(p.trim.x + p.trim.w / 2, p.trim.y + p.trim.h / 2) for p in sheet.placements]
    assert min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1 :]) == pytest.approx(44)
    assert len(hex_cut_lines(sheet)) == 6 * 8


def test_a_hexagons_outline_grows_by_the_bleed_on_every_side():
    w, h = hex_size_mm(40, "pointy")
    grown = outline(Shape("hex", "pointy"), w, h, 3.0)
    xs = [x for x, _ in grown]
    assert max(xs) - min(xs) == pytest.approx(46)  # across the flats: 40 + 2 x 3


def test_the_hex_example_cut_file_cuts_each_tiles_sides_and_shared_ones_once(tmp_path):
    data = Path(__file__).resolve().parents[2] / "examples" / "hex" / "hex.toml"
    result = build(str(data), tmp_path, cut_svg=True)
    svg = next(p for p in result.files if p.suffix == ".svg").read_text(encoding="utf-8")
    assert "<path d=" in svg.split('<g id="cut"')[1] and "<rect x=" not in svg.split('<g id="cut"')[1]
    sheet = layout(pieces_for(load_game(str(data)), load_game(str(data)).resolve()), LayoutOptions())[0]
    assert all(len(p.piece.outline) == 6 for p in sheet.placements)  # the cut line is the hexagon
    runs = unique_runs(outline_on_page(p) for p in sheet.placements)
    assert len(runs) == len(hex_cut_lines(sheet)) < 6 * len(sheet.placements)


def test_rounded_corners_get_faint_guides_on_home_fronts_only(tmp_path, shapes_of):
    data = small_deck(tmp_path, 'shape = "rounded"')  # five cards with the default radius, 3 mm
    guide = b".62 .62 .62 RG"  # the guides' grey, as reportlab writes a stroke colour: once a card

    def guides(result) -> list[int]:
        return [page.get_contents().get_data().count(guide) for page in PdfReader(result.path).pages]

    home = build(data, tmp_path / "home")
    assert guides(home) == [5, 0]  # the five cards on the front sheet, none on its back
    assert sum(guides(build(data, tmp_path / "plain", corner_guides=False))) == 0
    assert sum(guides(build(data, tmp_path / "shop", mode="shop"))) == 0
    radius = 3 * MM
    arcs = [
        s.bbox
        for s in shapes_of(PdfReader(home.path).pages[0])
        if s.op == "S" and len(s.points) == 4  # a quarter circle: one Bezier curve
    ]
    sizes = {(round(x1 - x0, 2), round(y1 - y0, 2)) for x0, y0, x1, y1 in arcs}
    assert len(arcs) == 5 * 4 and sizes == {(round(radius, 2), round(radius, 2))}
