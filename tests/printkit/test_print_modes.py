"""Home sheets, duplex backs, shop pages, calibration, summary and fonts, read back."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from printkit.build import build
from printkit.datafile.gamedata import available_games, load_game
from printkit.draw import has_drawing
from printkit.errors import DataError
from printkit.exports.proof import write_proofs
from printkit.pieces.contract import Piece
from printkit.sheets.backs import parse_offset, with_backs
from printkit.sheets.calibrate import RULER_MM, calibration_pdf, targets
from printkit.sheets.imposition import PAPERS_MM, LayoutOptions, layout, render

MM = 72 / 25.4
GAMES = [g for g in available_games() if has_drawing(load_game(g))]


def _face(canvas, piece) -> None:
    canvas.rect(0, 0, 10, 10, stroke=0, fill=1)


def make(component: str, n: int, w: float, h: float, back: bool = False) -> list[Piece]:
    return [
        Piece(component, f"{component} #{i + 1}", (w, h), _face, draw_back=_face if back else None)
        for i in range(n)
    ]


def placed(reader: PdfReader, shapes_of) -> list[dict]:
    """Every drawn piece face: page, component, index, side and clip box in pt."""
    out = []
    for page_no, page in enumerate(reader.pages):
        for shape in shapes_of(page):
            props = shape.tag("/PrintkitPiece")
            if props is not None and shape.op == "W n":
                out.append(
                    {
                        "page": page_no,
                        "component": str(props["/Component"])[1:],
                        "index": int(props["/Index"]),
                        "side": str(props["/Side"])[1:],
                        "clip": shape.bbox,
                    }
                )
    return out


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """Every game in home mode with backs, plus its summary and reader."""
    out = tmp_path_factory.mktemp("home")
    return {g: build(g, out) for g in GAMES}


# ------------------------------------------------------------------ home mode
@pytest.mark.parametrize("game", GAMES)
def test_each_component_is_placed_as_often_as_the_data_file_counts(home, shapes_of, game):
    result = home[game]
    data = load_game(game)
    faces = [p for p in placed(PdfReader(result.path), shapes_of) if p["side"] == "front"]
    drawn: dict[str, int] = {}
    for face in faces:
        drawn[face["component"]] = drawn.get(face["component"], 0) + 1
    assert sorted(p["index"] for p in faces) == list(range(sum(result.counts.values())))
    assert drawn == result.counts
    for name, spec in data.components.items():
        if "count" in spec and name in drawn:
            assert drawn[name] == spec["count"], name
    summary = json.loads(result.files[-1].read_text(encoding="utf-8"))
    assert {k: v["count"] for k, v in summary["components"].items()} == drawn
    assert summary["mode"] == "home" and summary["paper"] == "a4"
    fronts = {p["page"] for p in faces}
    assert summary["sheets"] == len(fronts)
    for name, c in summary["components"].items():
        assert c["sheets"] == len({p["page"] for p in faces if p["component"] == name})
        assert c["data_count"] == data.components[name].get("count")


def test_united_square_start_panels_count_apart_from_the_dealt_panels(home):
    counts = home["united_square"].summary["components"]
    rules = load_game("united_square").resolve()
    assert counts["panel"]["count"] == 6 * rules["panels_per_type"]
    assert counts["start_panel"]["count"] == 6 and counts["start_panel"]["back"]
    assert counts["panel"]["count"] + 1 == rules["board"] ** 2


def test_sizes_share_a_sheet_beside_each_other():
    opts = LayoutOptions(margin=10)
    sheets = layout(make("tile", 3, 50, 50) + make("token", 3, 20, 20), opts)
    assert len(sheets) == 1
    tiles = [p for p in sheets[0].placements if p.piece.component == "tile"]
    tokens = [p for p in sheets[0].placements if p.piece.component == "token"]
    right = max(t.trim.right for t in tiles)
    assert all(t.trim.x >= right - 1e-9 for t in tokens)  # two rows of tokens beside the row of tiles
    assert all(t.trim.top <= tiles[0].trim.top + 1e-9 and t.trim.y >= tiles[0].trim.y for t in tokens)
    band = [p.bleed_box for p in tiles + tokens]
    left, right = min(b.x for b in band), max(b.right for b in band)
    assert left - 10 == pytest.approx(200 - right)  # the sheet's pieces are centred


# ------------------------------------------------------------------ backs
def test_back_of_the_top_left_piece_sits_top_right():
    pieces = make("card", 9, 63, 88, back=True)
    fronts = layout(pieces, LayoutOptions())
    sheets = with_backs(fronts)
    assert [s.side for s in sheets] == ["front", "back"]
    front = {p.index: p.trim for p in sheets[0].placements}
    back = {p.index: p.trim for p in sheets[1].placements}
    top_left = min(front, key=lambda i: (-front[i].top, front[i].x))
    top_right = min(front, key=lambda i: (-front[i].top, -front[i].x))
    assert top_left != top_right
    assert back[top_left].x == pytest.approx(front[top_right].x)
    assert back[top_left].y == pytest.approx(front[top_left].y)
    for i, t in front.items():
        assert back[i].x == pytest.approx(210 - t.right) and back[i].w == t.w


def test_backs_in_the_pdf_mirror_their_fronts_and_take_the_offset(tmp_path, shapes_of):
    width = PAPERS_MM["letter"][0] * MM
    for offset in ((0.0, 0.0), (1.5, -0.5)):
        result = build("united_square", tmp_path, paper="letter", back_offset=offset)
        faces = placed(PdfReader(result.path), shapes_of)
        fronts = {p["index"]: p for p in faces if p["side"] == "front"}
        backs = [p for p in faces if p["side"] == "back"]
        assert backs and {p["component"] for p in backs} == {"start_panel"}
        for back in backs:
            front = fronts[back["index"]]
            assert back["page"] == front["page"] + 1
            x0, y0, x1, y1 = front["clip"]
            want = (width - x1 + offset[0] * MM, y0 + offset[1] * MM, width - x0 + offset[0] * MM)
            assert (back["clip"][0], back["clip"][1], back["clip"][2]) == pytest.approx(want, abs=0.01)


def test_no_backs_option_and_pieces_without_backs_give_no_back_sheets():
    assert [s.side for s in with_backs(layout(make("t", 3, 30, 30), LayoutOptions()))] == ["front"]


@pytest.mark.parametrize("text", ["1", "a,b", "1,2,3", "nan,0", "50,0"])
def test_bad_back_offsets_are_errors(text):
    with pytest.raises(DataError, match="--back-offset"):
        parse_offset(text)


# ------------------------------------------------------------------ shop mode
@pytest.mark.parametrize("bleed", [None, 2.0])
def test_shop_pages_have_trim_and_bleed_boxes_and_backs_after_fronts(tmp_path, bleed):
    result = build("united_square", tmp_path, mode="shop", bleed=bleed)
    b = 3.0 if bleed is None else bleed
    reader = PdfReader(result.path)
    faces = [p for p in result.summary["components"].values()]
    assert len(reader.pages) == sum(c["count"] * (2 if c["back"] else 1) for c in faces)
    sizes = {}
    data = load_game("united_square")
    for name in result.counts:
        size = data.components[name].get("size_mm")
        sizes[name] = size
    kinds = []
    for page in reader.pages:
        trim = [float(v) for v in page.trimbox]
        bleed_box = [float(v) for v in page.bleedbox]
        media = [float(v) for v in page.mediabox]
        assert bleed_box == pytest.approx(media)
        assert [trim[0] - bleed_box[0], trim[1] - bleed_box[1]] == pytest.approx([b * MM, b * MM], abs=0.01)
        assert [bleed_box[2] - trim[2], bleed_box[3] - trim[3]] == pytest.approx([b * MM, b * MM], abs=0.01)
        content = page.get_contents().get_data()
        assert b"PrintkitCropMarks" not in content
        kinds.append(b"/Side /back" in content)
        width, height = (trim[2] - trim[0]) / MM, (trim[3] - trim[1]) / MM
        comp = content.split(b"/Component /")[1].split(b" ")[0].decode()
        if sizes.get(comp):
            assert (width, height) == pytest.approx(tuple(sizes[comp]), abs=0.01)
    # every back page follows the front of the same piece
    for i, is_back in enumerate(kinds):
        if is_back:
            assert not kinds[i - 1]


def test_shop_cmyk_writes_no_rgb_colour(tmp_path):
    reader = PdfReader(build("united_square", tmp_path, mode="shop", cmyk=True).path)
    for page in reader.pages:
        ops = [op for _, op in ContentStream(page.get_contents(), reader).operations]
        assert b"rg" not in ops and b"RG" not in ops
        assert b"k" in ops


# ------------------------------------------------------------------ bytes, fonts, language
def test_every_mode_is_byte_identical_across_builds(tmp_path):
    for kwargs in (
        {"cut_svg": True, "cut_dxf": True, "bleed": 1.0},
        {"mode": "shop", "cmyk": True},
        {"lang": "ja"},
    ):
        one = build("united_square", tmp_path / "a", **kwargs)
        two = build("united_square", tmp_path / "b", **kwargs)
        for f1, f2 in zip(one.files, two.files, strict=True):
            assert f1.read_bytes() == f2.read_bytes(), f1.name
    assert calibration_pdf("a4") == calibration_pdf("a4")


def _fonts(reader: PdfReader) -> list[tuple[str, bool]]:
    found = []
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            desc = font.get("/FontDescriptor")
            found.append((str(font["/BaseFont"]), desc is not None and "/FontFile2" in desc.get_object()))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_font_is_embedded_truetype(home, game):
    fonts = _fonts(PdfReader(home[game].path))
    assert fonts and all(embedded for _, embedded in fonts), fonts
    assert all("Liberation" in name for name, _ in fonts)


def test_japanese_labels_use_the_embedded_japanese_font(tmp_path):
    result = build("united_square", tmp_path, lang="ja")
    assert result.path.name == "united_square-ja.pdf"
    reader = PdfReader(result.path)
    assert any("IPAexGothic" in name for name, _ in _fonts(reader))
    text = "".join(page.extract_text() for page in reader.pages)
    data = load_game("united_square")
    assert data.translations["ja"]["game"]["title"] in text
    assert "Player aid" not in text and "player aid" not in text


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_japanese_text_set_only_in_the_embedded_japanese_font(tmp_path, game):
    result = build(game, tmp_path, lang="ja")
    assert result.summary["translated"]
    fonts = _fonts(PdfReader(result.path))
    assert fonts and all(embedded and "IPAexGothic" in name for name, embedded in fonts), fonts


def test_a_translation_must_match_the_english_keys(tmp_path):
    text = load_game("united_square").path.read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('types = "パネルの種類"', 'typos = "パネルの種類"'), encoding="utf-8")
    with pytest.raises(DataError, match=r"lang\.ja\.components\.aid\.text\.typos: no such key"):
        load_game(str(bad))


# ------------------------------------------------------------------ calibration, proofs
def test_calibration_rulers_are_100_mm_and_grids_sit_behind_the_targets(shapes_of):
    for paper, page_mm in PAPERS_MM.items():
        reader = PdfReader(io.BytesIO(calibration_pdf(paper, offset=(1.0, -2.0))))
        front, back = reader.pages
        rulers = {}
        for shape in shapes_of(front):
            props = shape.tag("/PrintkitRuler")
            if props is not None and shape.op == "S":
                (x0, y0), (x1, y1) = shape.points
                rulers[str(props["/Axis"])] = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        assert rulers == pytest.approx({"/x": RULER_MM * MM, "/y": RULER_MM * MM}, abs=1e-3)
        grids = [s for s in shapes_of(back) if s.tag("/PrintkitGrid") is not None]
        centres = sorted({((s.bbox[0] + s.bbox[2]) / 2, (s.bbox[1] + s.bbox[3]) / 2) for s in grids})
        crossing = [c for c in centres if sum(1 for d in centres if d == c) == 1]
        for tx, ty in targets(page_mm):
            want = ((page_mm[0] - tx + 1.0) * MM, (ty - 2.0) * MM)
            assert any(c == pytest.approx(want, abs=0.01) for c in crossing)


def test_proofs_are_pngs_of_each_distinct_face_at_the_dpi(tmp_path):
    paths = write_proofs("united_square", tmp_path, dpi=40)
    names = [p.name for p in paths]
    comps = load_game("united_square").components
    # 6 panel types, 6 start panels with their backs, board, aid, score pad
    assert "united_square-proof-start_panel-06-back.png" in names
    assert "united_square-proof-panel-06.png" in names
    assert len(names) == len(set(names)) == 6 + 2 * 6 + 3
    with Image.open(tmp_path / "united_square-proof-aid.png") as image:
        w, h = comps["aid"]["size_mm"]
        assert image.size == pytest.approx((w / 25.4 * 40, h / 25.4 * 40), abs=1)
    assert paths[0].read_bytes() == write_proofs("united_square", tmp_path / "again", dpi=40)[0].read_bytes()


def test_render_marks_each_piece_with_its_side():
    sheets = with_backs(layout(make("card", 2, 63, 88, back=True), LayoutOptions()))
    pdf = render(sheets, "t")
    pages = PdfReader(io.BytesIO(pdf)).pages
    assert b"/Side /front" in pages[0].get_contents().get_data()
    assert b"/Side /back" in pages[1].get_contents().get_data()
