"""United Square built to PDF and measured back from the content stream."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.build import build, build_game
from printkit.datafile.gamedata import load_game

MM = 72 / 25.4  # points per millimetre
DATA = load_game("united_square")
PANEL_W, PANEL_H = DATA.components["panel"]["size_mm"]


def pieces_on(reader: PdfReader, shapes_of, side: str = "/front") -> dict[int, dict]:
    """Each piece drawn on `side`, by index: component, page, clip box and the bbox of its fills, in pt."""
    out: dict[int, dict] = {}
    for page_no, page in enumerate(reader.pages):
        for shape in shapes_of(page):
            props = shape.tag("/PrintkitPiece")
            if props is None or props["/Side"] != side:
                continue
            item = out.setdefault(
                int(props["/Index"]),
                {"component": str(props["/Component"])[1:], "page": page_no, "fills": [], "clip": None},
            )
            if shape.op == "W n":
                item["clip"] = shape.bbox
            elif shape.op.startswith("f"):
                item["fills"].append(shape)
    return out


def union(boxes):
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def marks_on(page, shapes_of):
    return [s for s in shapes_of(page) if s.tag("/PrintkitCropMarks") is not None]


@pytest.fixture(scope="module")
def default_pdf(tmp_path_factory) -> Path:
    return build_game("united_square", tmp_path_factory.mktemp("a4"))


@pytest.mark.parametrize("paper,size", [("a4", (595.28, 841.89)), ("letter", (612.0, 792.0))])
def test_page_size(tmp_path, paper, size):
    reader = PdfReader(build_game("united_square", tmp_path, paper=paper))
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(size[0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(size[1], abs=0.01)


def test_a_panel_measures_its_declared_size_as_drawn(default_pdf, shapes_of):
    panels = [p for p in pieces_on(PdfReader(default_pdf), shapes_of).values() if p["component"] == "panel"]
    assert panels
    for panel in panels:
        triangles = [s for s in panel["fills"] if len(s.points) == 3]
        assert len(triangles) == 4
        x0, y0, x1, y1 = union([t.bbox for t in triangles])
        assert (x1 - x0) / MM == pytest.approx(PANEL_W, abs=0.01)
        assert (y1 - y0) / MM == pytest.approx(PANEL_H, abs=0.01)
        assert panel["clip"] == pytest.approx((x0, y0, x1, y1), abs=0.01)


@pytest.mark.parametrize("bleed", [0, 3])
def test_every_panel_edge_has_a_crop_mark_on_its_line(tmp_path, shapes_of, bleed):
    reader = PdfReader(build_game("united_square", tmp_path, bleed=bleed))
    panels = [p for p in pieces_on(reader, shapes_of).values() if p["component"] == "panel"]
    for panel in panels:
        marks = marks_on(reader.pages[panel["page"]], shapes_of)
        xs = {round(m.points[0][0], 2) for m in marks if m.points[0][0] == m.points[1][0]}
        ys = {round(m.points[0][1], 2) for m in marks if m.points[0][1] == m.points[1][1]}
        x0, y0, x1, y1 = panel["clip"]
        b = bleed * MM
        assert (x1 - x0 - 2 * b) / MM == pytest.approx(PANEL_W, abs=0.01)
        assert {round(x0 + b, 2), round(x1 - b, 2)} <= xs
        assert {round(y0 + b, 2), round(y1 - b, 2)} <= ys


def test_bleed_grows_the_drawn_extent_by_twice_the_bleed(tmp_path, shapes_of):
    plain = pieces_on(PdfReader(build_game("united_square", tmp_path / "a")), shapes_of)
    bled = pieces_on(PdfReader(build_game("united_square", tmp_path / "b", bleed=3)), shapes_of)
    assert len(plain) == len(bled)
    for index, item in bled.items():
        x0, y0, x1, y1 = union([s.bbox for s in item["fills"]])
        px0, py0, px1, py1 = union([s.bbox for s in plain[index]["fills"]])
        if item["component"] in ("panel", "board"):  # full-bleed artwork
            assert (x1 - x0) - (px1 - px0) == pytest.approx(6 * MM, abs=0.01)
            assert (y1 - y0) - (py1 - py0) == pytest.approx(6 * MM, abs=0.01)
        clip_growth = (item["clip"][2] - item["clip"][0]) - (
            plain[index]["clip"][2] - plain[index]["clip"][0]
        )
        assert clip_growth == pytest.approx(6 * MM, abs=0.01)


@pytest.mark.parametrize("spec,panels", [("default", 24), ("board7", 48)])
def test_panel_count_follows_the_board(tmp_path, shapes_of, spec, panels):
    result = build("united_square", tmp_path, spec=spec)
    drawn = pieces_on(PdfReader(result.path), shapes_of).values()
    rules = DATA.resolve(spec)
    assert sum(p["component"] == "panel" for p in drawn) == panels
    assert panels == 6 * rules["panels_per_type"]
    assert result.counts["panel"] == panels
    board = [p for p in drawn if p["component"] == "board"][0]
    x0, y0, x1, y1 = board["clip"]
    assert (x1 - x0) / MM == pytest.approx(rules["board"] * PANEL_W, abs=0.01)


def test_crop_marks_lie_in_the_margin_outside_every_piece(default_pdf, shapes_of):
    reader = PdfReader(default_pdf)
    drawn = pieces_on(reader, shapes_of)
    margin = 10 * MM
    fronts = {p["page"] for p in drawn.values()}
    assert fronts == set(range(0, len(reader.pages), 2))  # every front sheet has its back after it
    for page_no, page in enumerate(reader.pages):
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        boxes = [p["clip"] for p in drawn.values() if p["page"] == page_no]
        marks = marks_on(page, shapes_of)
        assert bool(marks) == (page_no in fronts)
        for mark in marks:
            mx0, my0, mx1, my1 = mark.bbox
            assert mx0 >= margin / 2 and my0 >= margin / 2
            assert mx1 <= w - margin / 2 and my1 <= h - margin / 2
            for x0, y0, x1, y1 in boxes:
                assert mx1 < x0 or mx0 > x1 or my1 < y0 or my0 > y1


def test_no_crop_marks(tmp_path, shapes_of):
    reader = PdfReader(build_game("united_square", tmp_path, crop_marks=False))
    assert not any(marks_on(page, shapes_of) for page in reader.pages)


def test_two_builds_are_byte_identical(tmp_path):
    first = build_game("united_square", tmp_path / "one", bleed=2).read_bytes()
    second = build_game("united_square", tmp_path / "two", bleed=2).read_bytes()
    assert first == second
    assert first != build_game("united_square", tmp_path / "three").read_bytes()


def test_panel_colours_and_letters_come_from_the_data(default_pdf, shapes_of, texts_of):
    reader = PdfReader(default_pdf)
    colours = DATA.game["colours"]
    rgb = {tuple(round(int(c["rgb"][i : i + 2], 16) / 255, 4) for i in (1, 3, 5)) for c in colours}
    for item in pieces_on(reader, shapes_of).values():
        if item["component"] == "panel":
            fills = {tuple(round(v, 4) for v in s.fill) for s in item["fills"] if len(s.points) == 3}
            assert fills == rgb
    letters: dict[int, list[str]] = {}
    for text, tags in texts_of(reader.pages[0]):
        props = dict(tags).get("/PrintkitPiece")
        if props and props["/Component"] == "/panel":
            letters.setdefault(int(props["/Index"]), []).append(text)
    assert len(letters) == 24
    want = sorted(c["letter"] for c in colours)
    for shown in letters.values():
        assert sorted(t for t in shown if not t.isdigit()) == want


def test_a_designer_edit_to_the_data_file_reaches_the_print(tmp_path, shapes_of):
    text = DATA.path.read_text(encoding="utf-8")
    text = text.replace("size_mm = [27, 27]", "size_mm = [31, 31]").replace("#d7263d", "#800000")
    assert tomllib.loads(text)["components"]["panel"]["size_mm"] == [31, 31]
    edited = tmp_path / "my_square.toml"
    edited.write_text(text, encoding="utf-8")
    path = build_game(str(edited), tmp_path / "out")
    assert path.name == "my_square.pdf"
    drawn = pieces_on(PdfReader(path), shapes_of).values()
    panel = next(p for p in drawn if p["component"] == "panel")
    x0, y0, x1, y1 = union([s.bbox for s in panel["fills"] if len(s.points) == 3])
    assert (x1 - x0) / MM == pytest.approx(31, abs=0.01)
    assert (0.501961, 0.0, 0.0) in {s.fill for s in panel["fills"]}
    board = next(p for p in drawn if p["component"] == "board")
    assert (board["clip"][2] - board["clip"][0]) / MM == pytest.approx(5 * 31, abs=0.01)


@pytest.mark.parametrize("rotation", [0, 1, 2, 3])
def test_fixed_start_panel_is_drawn_turned_clockwise_on_the_centre_cell(tmp_path, shapes_of, rotation):
    sets = ["start_type=2", f"start_rotation={rotation}"]
    reader = PdfReader(build_game("united_square", tmp_path, spec="fixed_start", sets=sets))
    board = next(p for p in pieces_on(reader, shapes_of).values() if p["component"] == "board")
    triangles = [s for s in board["fills"] if len(s.points) == 3]
    assert len(triangles) == 4
    x0, y0, x1, y1 = union([t.bbox for t in triangles])
    bx0, by0, bx1, by1 = board["clip"]
    assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx(((bx0 + bx1) / 2, (by0 + by1) / 2), abs=0.01)
    assert (x1 - x0) / MM == pytest.approx(PANEL_W, abs=0.01)
    top = max(triangles, key=lambda t: sum(p[1] for p in t.points))
    names = DATA.components["panel"]["types"][1]
    # The engine's convention: after r quarter turns clockwise, side s shows colour (s - r) % 4.
    want = next(c["rgb"] for c in DATA.game["colours"] if c["name"] == names[-rotation % 4])
    assert top.fill == pytest.approx(tuple(int(want[i : i + 2], 16) / 255 for i in (1, 3, 5)), abs=1e-4)
