"""Art that reaches the trim runs on into the bleed, so a cut that drifts shows no other colour.

Every distinct face of every game is drawn alone with 3 mm of bleed (shop
pages), rasterised, and along each edge the colour 0.3 mm inside the trim is
compared with the colour 0.3 mm out in the bleed at points every 2 mm (not
within 2 mm of a corner, where diagonal art meets).
"""

from __future__ import annotations

import pypdfium2
import pytest

from printkit.draw import has_drawing, pieces_for
from printkit.faces import distinct_faces
from printkit.gamedata import available_games, load_game
from printkit.imposition import render
from printkit.shop import shop_layout

DPI = 200
BLEED_MM = 3.0
GAMES = [g for g in available_games() if has_drawing(load_game(g))]


def _px(mm_: float) -> int:
    return round(mm_ / 25.4 * DPI)


@pytest.mark.parametrize("game", GAMES)
def test_art_at_the_trim_runs_into_the_bleed(game):
    data = load_game(game)
    faces = shop_layout([f.piece for f in distinct_faces(pieces_for(data, data.resolve()))], BLEED_MM)
    doc = pypdfium2.PdfDocument(render(faces, game))
    bad = []
    try:
        for sheet, page in zip(faces, doc, strict=True):
            image = page.render(scale=DPI / 72).to_pil().convert("RGB")
            w, h = image.size
            trim, out = _px(BLEED_MM + 0.3), _px(BLEED_MM - 0.3)
            for k in range(trim + _px(2), w - trim - _px(2), _px(2)):
                for inside, bleed in (((k, trim), (k, out)), ((k, h - 1 - trim), (k, h - 1 - out))):
                    if _far(image, inside, bleed, (1, 0)):
                        bad.append((sheet.placements[0].piece.label, sheet.side, inside))
            for k in range(trim + _px(2), h - trim - _px(2), _px(2)):
                for inside, bleed in (((trim, k), (out, k)), ((w - 1 - trim, k), (w - 1 - out, k))):
                    if _far(image, inside, bleed, (0, 1)):
                        bad.append((sheet.placements[0].piece.label, sheet.side, inside))
    finally:
        doc.close()
    assert not bad, bad[:10]


def _far(image, inside, bleed, along) -> bool:
    """Whether no bleed pixel at `bleed` (or one either way along the edge) is near `inside`'s colour."""
    a = image.getpixel(inside)
    near = [image.getpixel((bleed[0] + d * along[0], bleed[1] + d * along[1])) for d in (-1, 0, 1)]
    return all(sum((u - v) ** 2 for u, v in zip(a, b, strict=True)) > 40**2 for b in near)
