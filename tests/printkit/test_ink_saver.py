"""The ink saver: dark grounds printed as outlined tints, the pieces still told apart, far less ink.

Its text contrast is held by `test_contrast.py`, which reads the ink-saver
prints of every game too.
"""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2
import pytest
from PIL import ImageStat
from pypdf import PdfReader
from reportlab.lib.colors import HexColor

from printkit.build import build
from printkit.datafile.gamedata import available_games, load_game
from printkit.draw import has_drawing
from printkit.output.colour_profile import delta_e_2000
from printkit.output.ink_saver import (
    DARK_L,
    SPREAD,
    InkSaver,
    lab_to_srgb,
    srgb_to_lab,
    turned,
    turned_colour,
)

TILE_GROUNDS = ["#16213e", "#5b4d40", "#2b4162", "#3a2c5a", "#0b0b0f", "#1d4e6b"]  # Twinkle's six tile kinds


@pytest.fixture(scope="module")
def twinkle(tmp_path_factory):
    out = tmp_path_factory.mktemp("ink")
    return build("twinkle_twinkle", out), build("twinkle_twinkle", out, ink_saver=True)


def test_lab_conversion_round_trips_and_knows_white_and_black():
    assert srgb_to_lab((1, 1, 1)) == pytest.approx((100, 0, 0), abs=0.01)
    assert srgb_to_lab((0, 0, 0)) == pytest.approx((0, 0, 0), abs=0.01)
    for rgb in [(0.48, 0.11, 0.17), (0.09, 0.13, 0.24), (0.96, 0.77, 0.19)]:
        assert lab_to_srgb(srgb_to_lab(rgb)) == pytest.approx(rgb, abs=1e-3)


def test_a_colour_turned_round_keeps_its_hue_and_takes_the_other_side_of_the_lightness():
    navy = HexColor("#16213e").rgb()
    lightness, a, b = srgb_to_lab(navy)
    l2, a2, b2 = srgb_to_lab(turned(navy))
    assert l2 == pytest.approx(100 - SPREAD * lightness, abs=0.3)  # 13.3 -> 89.4
    assert math.degrees(math.atan2(b2, a2)) == pytest.approx(math.degrees(math.atan2(b, a)), abs=3)
    assert srgb_to_lab(turned((1, 1, 1)))[0] == pytest.approx(100 - SPREAD * 100, abs=0.3)
    yellow = srgb_to_lab(turned(HexColor("#ffd23f").rgb()))  # a star: dark gold, chroma cut to fit sRGB
    assert yellow[0] == pytest.approx(100 - SPREAD * srgb_to_lab(HexColor("#ffd23f").rgb())[0], abs=0.3)
    assert yellow[2] > 20


def test_the_tile_kinds_stay_as_far_apart_as_they_were():
    labs = [srgb_to_lab(HexColor(c).rgb()) for c in TILE_GROUNDS]
    tints = [srgb_to_lab(turned(HexColor(c).rgb())) for c in TILE_GROUNDS]
    before = min(delta_e_2000(p, q) for i, p in enumerate(labs) for q in labs[i + 1 :])
    after = min(delta_e_2000(p, q) for i, p in enumerate(tints) for q in tints[i + 1 :])
    assert after > 0.9 * before and after > 5  # satellite vs comet: 8.3 before, 8.0 after
    assert all(t[0] > 70 for t in tints)  # every ground is a light tint


def _ink(path, dpi: int = 30) -> list[float]:
    """Per page, the mean darkness of the rendered page (0 white, 1 black): a measure of ink."""
    doc = pypdfium2.PdfDocument(str(path))
    try:
        out = []
        for page in doc:
            stat = ImageStat.Stat(page.render(scale=dpi / 72).to_pil().convert("RGB"))
            out.append(1 - sum(stat.mean) / 765)
        return out
    finally:
        doc.close()


def test_twinkle_twinkle_prints_with_half_the_ink_and_its_tile_sheet_with_a_quarter(twinkle):
    full, saver = twinkle
    assert saver.path.name == "twinkle_twinkle-inksaver.pdf" and saver.summary["ink_saver"]
    a, b = _ink(full.path), _ink(saver.path)
    assert len(a) == len(b) == 18
    assert sum(b) < 0.55 * sum(a)  # measured: 0.132 against 0.285 a page
    assert b[0] < 0.35 * a[0]  # the first tile sheet: 0.16 against 0.62


def test_dark_pieces_are_outlined_in_their_own_ground_and_light_ones_are_untouched(twinkle, shapes_of):
    full, saver = twinkle

    def grounds(result):
        reader = PdfReader(result.path)
        first = {}
        for page_no in (0, 4):  # a tile sheet and a star chart sheet with green references
            for shape in shapes_of(reader.pages[page_no]):
                props = shape.tag("/PrintkitPiece")
                if props is not None and shape.op in ("f", "F") and (page_no, props["/Index"]) not in first:
                    first[(page_no, int(props["/Index"]))] = (str(props["/Component"])[1:], shape.fill)
        return first

    before, after = grounds(full), grounds(saver)
    assert before.keys() == after.keys()
    for key, (component, fill) in before.items():
        dark = srgb_to_lab(fill)[0] < DARK_L
        assert (after[key][1] != fill) == dark, (component, fill)
        if dark:
            assert srgb_to_lab(after[key][1])[0] > 70
    content = PdfReader(saver.path).pages[0].get_contents().get_data().decode("latin-1")
    navy = " ".join(f"{v:.6f}".lstrip("0") for v in HexColor("#16213e").rgb())  # as reportlab writes it
    assert content.count(f"{navy} RG") >= 50  # each star tile outlined in the navy it no longer fills


# every game and every example printed from layouts (issue 36: the ink saver only lightens)
EXAMPLES = sorted(
    str(p / f"{p.name}.toml") for p in (Path(__file__).resolve().parents[2] / "examples").iterdir()
)
PRINTED = [g for g in [*available_games(), *EXAMPLES] if has_drawing(load_game(g))]


@pytest.mark.parametrize("game", PRINTED, ids=lambda g: Path(g).stem)
def test_no_piece_takes_more_ink_with_the_ink_saver(tmp_path, game):
    """Each distinct face, front and back, alone on its page (shop mode): its mean darkness with the ink
    saver is at most what it is in full colour, and the whole game takes less. Read at 100 dpi: at 30 a
    token of 16 mm is 19 pixels, half of them edges, and a hairline weighs as much as its ground."""
    full = build(game, tmp_path / "full", mode="shop", unique=True, bleed=0.0)
    saver = build(game, tmp_path / "saver", mode="shop", unique=True, bleed=0.0, ink_saver=True)
    before, after = _ink(full.path, 100), _ink(saver.path, 100)
    assert len(before) == len(after) > 0
    darker = [
        (k, round(b, 3), round(a, 3))
        for k, (b, a) in enumerate(zip(before, after, strict=True))
        if a > b + 0.004
    ]
    assert not darker, f"pages (page, darkness before, with the ink saver) darker: {darker}"
    assert sum(after) < sum(before)  # every game and example has a dark ground somewhere


def _square(x: float, y: float, side: float) -> list[tuple[float, float]]:
    return [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]


def test_a_patch_on_a_tinted_ground_is_never_darker_and_a_light_one_is_outlined():
    """On a navy card 100 pt square: a mist disc 30 pt wide (9 % of it: a patch) keeps its colour and asks
    for a hairline in mist turned round; the dark text on it stays dark; a dark-red patch turns light;
    a white dot 5 pt wide (a mark) turns dark; on a cream card the mist patch is left alone."""
    saver = InkSaver()
    navy, mist, red, white = (HexColor(c) for c in ("#16213e", "#c9d3e6", "#5a1010", "#ffffff"))
    saver.begin((100, 100))
    saver.colour("fill", navy)
    ground = saver.painting(_square(0, 0, 100), fill=True)
    assert srgb_to_lab(ground["fill"].rgb())[0] >= 75  # the ground: a pale tint
    saver.colour("fill", mist)
    disc = saver.painting(_square(35, 35, 30), fill=True)
    assert disc["fill"] == mist and disc["outline"] == turned_colour(mist, {})
    assert srgb_to_lab(disc["outline"].rgb())[0] < 40  # mist (L* 84) turned round: 33
    assert saver.colour("fill", HexColor("#1a1a1a"), at=(50, 50)) == HexColor("#1a1a1a")  # text on the disc
    saver.colour("fill", red)
    badge = saver.painting(_square(5, 5, 20), fill=True)
    assert srgb_to_lab(badge["fill"].rgb())[0] > srgb_to_lab(red.rgb())[0] + 30 and "outline" not in badge
    saver.colour("fill", white)
    dot = saver.painting(_square(80, 80, 5), fill=True)
    assert srgb_to_lab(dot["fill"].rgb())[0] < 25  # a mark on the tint: turned round
    saver.end()
    saver.begin((100, 100))
    saver.colour("fill", HexColor("#fbfaf6"))
    saver.painting(_square(0, 0, 100), fill=True)
    saver.colour("fill", mist)
    assert saver.painting(_square(35, 35, 30), fill=True) == {"fill": mist}
