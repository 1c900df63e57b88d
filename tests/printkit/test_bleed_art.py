"""Art that reaches the trim runs on into the bleed, so a cut that drifts shows no other colour.

Every distinct face of every game (and of the examples printed from layouts)
is drawn alone with 3 mm of bleed (shop pages), rasterised, and along its cut
outline (a rectangle's sides, a hexagon's, a circle; `printkit/pieces/outlines.py`)
the colour 0.3 mm inside the trim is compared with the colour 0.3 mm out in
the bleed at points every 2 mm (not within 2 mm of a corner, where diagonal
art meets).
"""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2
import pytest

from printkit.datafile.gamedata import available_games, load_game
from printkit.draw import has_drawing, pieces_for
from printkit.pieces.faces import distinct_faces
from printkit.pieces.outlines import outline
from printkit.sheets.imposition import render
from printkit.sheets.shop import shop_layout

DPI = 200
BLEED_MM = 3.0
STEP_MM = 2.0
CORNER_DEG = 30.0  # an outline turning more than this at a point has a corner there
# every printed game, and the examples printed from layouts alone
EXAMPLES = sorted(
    str(p / f"{p.name}.toml") for p in (Path(__file__).resolve().parents[2] / "examples").iterdir()
)
GAMES = [g for g in [*available_games(), *EXAMPLES] if has_drawing(load_game(g))]


def _px(mm_: float) -> int:
    return round(mm_ / 25.4 * DPI)


def samples(points: list[tuple[float, float]]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Points every `STEP_MM` along a counter-clockwise outline, each with its outward normal, off corners."""
    n = len(points)
    corners = []
    for k in range(n):
        (ax, ay), (bx, by), (cx, cy) = points[k - 1], points[k], points[(k + 1) % n]
        turn = math.degrees(abs(math.atan2(cy - by, cx - bx) - math.atan2(by - ay, bx - ax)) % 360)
        if min(turn, 360 - turn) > CORNER_DEG:
            corners.append(points[k])
    out, carried = [], 0.0
    for k in range(n):
        (ax, ay), (bx, by) = points[k], points[(k + 1) % n]
        length = math.dist((ax, ay), (bx, by))
        t = carried
        while t < length:
            p = (ax + (bx - ax) * t / length, ay + (by - ay) * t / length)
            if all(math.dist(p, c) >= STEP_MM for c in corners):
                out.append((p, ((by - ay) / length, -(bx - ax) / length)))
            t += STEP_MM
        carried = t - length
    return out


@pytest.mark.parametrize("game", GAMES)
def test_art_at_the_trim_runs_into_the_bleed(game):
    data = load_game(game)
    faces = shop_layout([f.piece for f in distinct_faces(pieces_for(data, data.resolve()))], BLEED_MM)
    doc = pypdfium2.PdfDocument(render(faces, game))
    bad = []
    try:
        for sheet, page in zip(faces, doc, strict=True):
            image = page.render(scale=DPI / 72).to_pil().convert("RGB")
            piece = sheet.placements[0].piece
            page_h = piece.height_mm + 2 * BLEED_MM
            for (x, y), (nx, ny) in samples(outline(piece.shape, *piece.size_mm)):
                inside = (_px(BLEED_MM + x - 0.3 * nx), _px(page_h - BLEED_MM - y + 0.3 * ny))
                bleed = (_px(BLEED_MM + x + 0.3 * nx), _px(page_h - BLEED_MM - y - 0.3 * ny))
                if _far(image, inside, bleed, (round(-ny), round(nx))):
                    bad.append((piece.label, sheet.side, inside))
    finally:
        doc.close()
    assert not bad, bad[:10]


def _far(image, inside, bleed, along) -> bool:
    """Whether no bleed pixel at `bleed` (or one either way along the edge) is near `inside`'s colour."""
    a = image.getpixel(inside)
    near = [image.getpixel((bleed[0] + d * along[0], bleed[1] + d * along[1])) for d in (-1, 0, 1)]
    return all(sum((u - v) ** 2 for u, v in zip(a, b, strict=True)) > 40**2 for b in near)


def test_the_samples_walk_a_rectangles_sides_off_its_corners():
    points = samples([(0, 0), (10, 0), (10, 6), (0, 6)])  # counter-clockwise
    assert [p for p, _ in points] == [
        (2.0, 0.0),
        (4.0, 0.0),
        (6.0, 0.0),
        (8.0, 0.0),
        (10.0, 2.0),
        (10.0, 4.0),
        (8.0, 6.0),
        (6.0, 6.0),
        (4.0, 6.0),
        (2.0, 6.0),
        (0.0, 4.0),
        (0.0, 2.0),
    ]
    assert {n for _, n in points} == {(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)}  # outward
