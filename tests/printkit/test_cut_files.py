"""Cut files: every edge of every piece cut once (shared edges too), and the marks the PDF prints.

The cut lines are read back from the SVG's path and the DXF's polylines and
split at every vertex any of them has; the pieces' outlines come from the
clip boxes the PDF draws them in (`placed`), split the same way by a plain
quadratic method written here, independent of `printkit/sheets/cutpaths.py`.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import ezdxf
import pytest
from pypdf import PdfReader

from printkit.build import build
from printkit.datafile.gamedata import available_games, load_game
from printkit.draw import has_drawing
from printkit.errors import DataError
from printkit.pieces.contract import Piece
from printkit.sheets.cutfile import MIN_MARGIN_MM, REG_ARM_MM, REG_INSET_MM, REG_SQUARE_MM, keepouts
from printkit.sheets.cutpaths import chains, sheet_chains, unique_runs
from printkit.sheets.geometry import Placement, Rect

MM = 72 / 25.4
SVG = {"s": "http://www.w3.org/2000/svg"}
GAMES = [g for g in available_games() if has_drawing(load_game(g))]
PAPER = {"this_town": "a3"}  # its 180 x 250 mm reference does not fit A4 inside 16 mm margins


def _key(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 3), round(p[1], 3))


def _crossing(s, t) -> tuple[float, float] | None:
    (ax, ay), (bx, by) = s
    (cx, cy), (dx, dy) = t
    den = (bx - ax) * (dy - cy) - (by - ay) * (dx - cx)
    if abs(den) < 1e-12:
        return None
    u = ((cx - ax) * (dy - cy) - (cy - ay) * (dx - cx)) / den
    v = ((cx - ax) * (by - ay) - (cy - ay) * (bx - ax)) / den
    if -1e-9 <= u <= 1 + 1e-9 and -1e-9 <= v <= 1 + 1e-9:
        return (ax + u * (bx - ax), ay + u * (by - ay))
    return None


def elementary(segments: list[tuple[tuple[float, float], tuple[float, float]]]) -> list[tuple]:
    """Each segment split at every end and crossing lying on it; each piece as a sorted pair of points.

    Points within 1 µm of one another are one point (the first found), so float noise splits nothing.
    """
    ends: list[tuple[float, float]] = []

    def canon(p: tuple[float, float]) -> tuple[float, float]:
        for q in ends:
            if math.dist(p, q) < 1e-3:
                return q
        ends.append(p)
        return p

    for s in segments:
        canon(s[0]), canon(s[1])
    for i, s in enumerate(segments):
        for t in segments[i + 1 :]:
            p = _crossing(s, t)
            if p is not None:
                canon(p)
    out = []
    for a, b in segments:
        a, b = canon(a), canon(b)
        length = math.dist(a, b)
        on = []
        for p in ends:
            t = ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / length**2
            cross = (p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0])
            if -1e-9 <= t <= 1 + 1e-9 and abs(cross) / length < 2e-3:
                on.append((t, p))
        pts = [_key(p) for _, p in sorted(on)]
        out.extend(tuple(sorted((u, v))) for u, v in zip(pts, pts[1:], strict=False) if u != v)
    return out


def outline_segments(boxes: list[tuple[float, float, float, float]]) -> list[tuple]:
    segs = []
    for x0, y0, x1, y1 in boxes:
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        segs.extend(zip(corners, corners[1:] + corners[:1], strict=True))
    return segs


def svg_strokes(root: ET.Element, page_h: float) -> list[list[tuple[float, float]]]:
    """The cut group's path as strokes of points in page mm, y up."""
    path = root.find("s:g[@id='cut']/s:path", SVG)
    strokes = []
    for sub in re.findall(r"M[^M]*", path.get("d")):
        pts = [(float(x), page_h - float(y)) for x, y in re.findall(r"(-?[\d.]+) (-?[\d.]+)", sub)]
        strokes.append(pts + pts[:1] if sub.rstrip().endswith("Z") else pts)
    return strokes


def stroke_segments(strokes: list[list[tuple[float, float]]]) -> list[tuple]:
    return [(a, b) for s in strokes for a, b in zip(s, s[1:], strict=False)]


def placed_boxes(reader: PdfReader, page_no: int, shapes_of) -> dict[int, tuple]:
    """Index -> clip box in mm of each piece drawn on the page (no bleed: the clip is the trim)."""
    out = {}
    for shape in shapes_of(reader.pages[page_no]):
        props = shape.tag("/PrintkitPiece")
        if props is not None and shape.op == "W n":
            out[int(props["/Index"])] = tuple(v / MM for v in shape.bbox)
    return out


@pytest.fixture(scope="module")
def cut(tmp_path_factory):
    out = tmp_path_factory.mktemp("cut")
    return {g: build(g, out, cut_svg=True, cut_dxf=True, paper=PAPER.get(g, "a4")) for g in GAMES}


# ------------------------------------------------------------------ geometry
def _piece(outline=None, size=(10.0, 10.0)) -> Piece:
    return Piece("t", "t", size, lambda c, p: None, outline=outline)


def test_a_grid_of_squares_is_cut_as_its_grid_lines():
    grid = [Placement(_piece(), i, Rect(10 * (i % 3), 10 * (i // 3), 10, 10)) for i in range(6)]
    strokes = sheet_chains(grid)
    segs = stroke_segments(strokes)
    assert len(elementary(segs)) == len(set(elementary(segs))) == 2 * 4 + 3 * 3  # 3 x 2: 17, not 24
    assert sum(math.dist(a, b) for a, b in segs) == pytest.approx(170)


def test_hexagons_in_a_honeycomb_share_their_edges():
    r = 10.0
    hexagon = tuple((r + r * math.cos(math.pi / 3 * k), r + r * math.sin(math.pi / 3 * k)) for k in range(6))
    dx = 1.5 * r
    dy = r * math.sqrt(3) / 2
    cells = [(0, 0), (dx, dy), (dx, -dy)]  # three hexagons around one vertex
    placements = [
        Placement(_piece(hexagon, (2 * r, 2 * r)), i, Rect(x, y, 2 * r, 2 * r))
        for i, (x, y) in enumerate(cells)
    ]
    segs = stroke_segments(sheet_chains(placements))
    pieces = elementary(segs)
    assert len(pieces) == len(set(pieces)) == 3 * 6 - 3  # three shared edges
    assert sum(math.dist(a, b) for a, b in segs) == pytest.approx(15 * r, abs=1e-3)


def test_a_circle_is_one_closed_stroke_and_a_t_junction_keeps_the_long_edge_whole():
    circle = tuple(
        (5 + 5 * math.cos(2 * math.pi * k / 48), 5 + 5 * math.sin(2 * math.pi * k / 48)) for k in range(48)
    )
    strokes = sheet_chains([Placement(_piece(circle), 0, Rect(0, 0, 10, 10))])
    assert len(strokes) == 1 and strokes[0][0] == strokes[0][-1] and len(strokes[0]) == 49
    # one 20 mm square beside two 10 mm squares: the shared 20 mm edge is cut once, as one run
    runs = unique_runs(
        [
            [(0, 0), (20, 0), (20, 20), (0, 20)],
            [(20, 0), (30, 0), (30, 10), (20, 10)],
            [(20, 10), (30, 10), (30, 20), (20, 20)],
        ]
    )
    lengths = sorted(round(math.dist(a, b) * 1e-4, 6) for a, b in runs)
    # worked by hand: y=0 and y=20 run 30 mm each, x=0, x=20 and x=30 20 mm each, y=10 from x=20 to 30
    assert lengths == [10, 20, 20, 20, 30, 30]
    assert sum(len(c) - 1 for c in chains(runs)) == len(runs)


def test_a_turned_piece_turns_its_outline():
    triangle = ((0.0, 0.0), (10.0, 0.0), (0.0, 20.0))  # a 10 x 20 piece, its right angle at the origin
    for turn, corner in ((0, (5, 5)), (90, (25, 5)), (-90, (5, 15))):
        strokes = sheet_chains(
            [
                Placement(
                    _piece(triangle, (10, 20)), 0, Rect(5, 5, 20, 10) if turn else Rect(5, 5, 10, 20), turn
                )
            ]
        )
        points = {_key(p) for p in strokes[0]}
        assert _key(corner) in points, turn


# ------------------------------------------------------------------ the games' sheets
def test_united_square_sheet_cuts_every_shared_edge_once(cut, shapes_of):
    result = cut["united_square"]
    reader = PdfReader(result.path)
    boxes = placed_boxes(reader, 0, shapes_of)
    svg = next(p for p in result.files if p.name.endswith("-cut-01.svg"))
    strokes = svg_strokes(ET.parse(svg).getroot(), 297.0)
    pieces = elementary(stroke_segments(strokes))
    assert len(pieces) == len(set(pieces)), "an edge is cut twice"
    assert set(pieces) == set(elementary(outline_segments(list(boxes.values()))))
    # Worked by hand from the sheet: a 2 x 9 block of 27 mm panels at the right (3 upright lines of
    # 9 edges, 10 flat lines of 2: 47), a 4 x 3 block at the bottom left (5 x 3 + 4 x 4: 31), and
    # the aid above it (120 x 180 mm turned): its right side lies on the 2 x 9 block's left line,
    # which its corner splits once more (+1); its bottom is the 4 x 3 block's top but for 12 mm (+1),
    # and its left side and top are new (+2): 82 edges, where cutting each piece alone runs
    # 30 x 4 + 4 = 124.
    sizes = sorted(round(b[2] - b[0]) for b in boxes.values())
    assert sizes.count(27) == 30 and len(boxes) == 31
    assert len(pieces) == 82
    assert len(strokes) < 82  # joined into strokes, not one cut per edge


def front_pages(reader: PdfReader, shapes_of) -> list[int]:
    pages = []
    for i, page in enumerate(reader.pages):
        sides = {str(s.tag("/PrintkitPiece")["/Side"]) for s in shapes_of(page) if s.tag("/PrintkitPiece")}
        if "/front" in sides:
            pages.append(i)
    return pages


def dxf_strokes(doc) -> list[list[tuple[float, float]]]:
    strokes = []
    for e in doc.modelspace():
        if e.dxf.layer == "CUT":
            pts = [(p[0], p[1]) for p in e.get_points("xy")]
            strokes.append(pts + pts[:1] if e.closed else pts)
    return strokes


@pytest.mark.parametrize("game", GAMES)
def test_cut_files_cut_the_printed_pieces_and_carry_the_printed_marks(cut, shapes_of, game):
    result = cut[game]
    reader = PdfReader(result.path)
    svgs = [p for p in result.files if p.suffix == ".svg"]
    dxfs = [p for p in result.files if p.suffix == ".dxf"]
    pages = front_pages(reader, shapes_of)
    assert len(svgs) == len(dxfs) == len(pages) == result.summary["sheets"]
    for svg, dxf, page_no in zip(svgs, dxfs, pages, strict=True):
        page = reader.pages[page_no]
        w_mm, h_mm = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
        root = ET.parse(svg).getroot()
        assert root.get("width") == f"{w_mm:.4f}".rstrip("0").rstrip(".") + "mm"
        boxes = list(placed_boxes(reader, page_no, shapes_of).values())
        expected = set(elementary(outline_segments(boxes)))
        from_svg = elementary(stroke_segments(svg_strokes(root, h_mm)))
        assert len(from_svg) == len(set(from_svg)) and set(from_svg) == expected
        doc = ezdxf.readfile(dxf)
        assert doc.header["$INSUNITS"] == 4
        from_dxf = elementary(stroke_segments(dxf_strokes(doc)))
        assert len(from_dxf) == len(set(from_dxf)) and set(from_dxf) == expected
        marks = [s for s in shapes_of(page) if s.tag("/PrintkitRegistration") is not None]
        rects = root.findall("s:g[@id='registration']/s:rect", SVG)
        regs = [e for e in doc.modelspace() if e.dxf.layer == "REGISTRATION"]
        assert len(marks) == len(rects) == len(regs) == 5
        for mark, rect in zip(marks, rects, strict=True):
            x0, y0, x1, y1 = (v / MM for v in mark.bbox)
            assert float(rect.get("x")) == pytest.approx(x0, abs=0.002)
            assert float(rect.get("y")) == pytest.approx(h_mm - y1, abs=0.002)


def test_the_marks_are_silhouettes_type_1_and_nothing_else_prints_in_their_corners(cut, shapes_of):
    reader = PdfReader(cut["twinkle_twinkle"].path)
    page = reader.pages[0]
    h = float(page.mediabox.height) / MM
    w = float(page.mediabox.width) / MM
    marks = [
        tuple(v / MM for v in s.bbox) for s in shapes_of(page) if s.tag("/PrintkitRegistration") is not None
    ]
    square = (REG_INSET_MM, h - REG_INSET_MM - REG_SQUARE_MM, REG_INSET_MM + REG_SQUARE_MM, h - REG_INSET_MM)
    assert marks[0] == pytest.approx(square, abs=0.002)
    assert marks[1][2] == pytest.approx(w - REG_INSET_MM) and marks[1][2] - marks[1][0] == pytest.approx(
        REG_ARM_MM
    )
    crop = [s for s in shapes_of(page) if s.tag("/PrintkitCropMarks") is not None]
    assert crop
    for s in crop:
        x0, y0, x1, y1 = (v / MM for v in s.bbox)
        for z in keepouts((w, h)):
            assert x1 < z.x or x0 > z.right or y1 < z.y or y0 > z.top
    for box in placed_boxes(reader, 0, shapes_of).values():
        assert box[0] >= MIN_MARGIN_MM - 1e-6 and h - box[3] >= MIN_MARGIN_MM - 1e-6


def test_cut_files_need_room_for_registration_marks_and_home_sheets(tmp_path):
    with pytest.raises(DataError, match="registration marks"):
        build("united_square", tmp_path, cut_svg=True, margin=MIN_MARGIN_MM - 1)
    with pytest.raises(DataError, match="--cut-dxf: cut files are for home sheets"):
        build("united_square", tmp_path, mode="shop", cut_dxf=True)
    assert not list(tmp_path.iterdir())


def test_cut_files_are_the_same_bytes_each_time(tmp_path):
    one = build("united_square", tmp_path / "a", cut_svg=True, cut_dxf=True)
    two = build("united_square", tmp_path / "b", cut_svg=True, cut_dxf=True)
    assert [f.read_bytes() for f in one.files] == [f.read_bytes() for f in two.files]
