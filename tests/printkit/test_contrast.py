"""Every printed text stands out from what it is printed on: contrast ratio >= 4.5:1 (WCAG AA).

The full-colour print and the ink-saver print (`--ink-saver`) are both read.

Every string the drawing modules draw is recorded with its colour and its box
on the page (through the canvas's current transformation), the PDF is
rasterised, and the ground under each string is the commonest colour in its
box that is not the text's own (nor anti-aliased towards it, nor between it
and a colour there farther from it), or, when every
pixel there is close to the ink, the commonest of those (the text is lost in
its ground, and the ratio says so). The ratio is WCAG's, from relative
luminances.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pypdfium2
import pytest

from printkit.build import build
from printkit.colours import MIN_TEXT_CONTRAST, contrast_ratio, ink_on
from printkit.draw import has_drawing
from printkit.gamedata import available_games, load_game

DPI = 200
# every printed game, and the examples printed from layouts alone
EXAMPLES = sorted(
    str(p / f"{p.name}.toml") for p in (Path(__file__).resolve().parents[2] / "examples").iterdir()
)
GAMES = [g for g in [*available_games(), *EXAMPLES] if has_drawing(load_game(g))]


def test_the_ratio_is_wcags():
    assert contrast_ratio((0, 0, 0), (1, 1, 1)) == pytest.approx(21.0)
    assert contrast_ratio((1, 1, 1), (1, 1, 1)) == pytest.approx(1.0)
    assert contrast_ratio((1, 1, 1), (0xF4 / 255, 0xC4 / 255, 0x30 / 255)) < 2  # white on the standee yellow
    assert ink_on("#f4c430").rgb() == (0, 0, 0) and ink_on("#1b2340").rgb() == (1, 1, 1)


def _ground(image, box, page_h: float, ink: tuple[int, int, int]) -> tuple[int, int, int] | None:
    scale = DPI / 72
    x0, y0, x1, y1 = box
    left, right = int(x0 * scale), int(x1 * scale) + 1
    top, bottom = int((page_h - y1) * scale), int((page_h - y0) * scale) + 1
    counts: Counter = Counter()
    near: Counter = Counter()
    for px in range(max(left, 0), min(right, image.width)):
        for py in range(max(top, 0), min(bottom, image.height)):
            rgb = image.getpixel((px, py))[:3]
            far = sum((u - v) ** 2 for u, v in zip(rgb, ink, strict=True)) > 90**2
            (counts if far else near)[tuple(min(255, 4 * round(v / 4)) for v in rgb)] += 1
    if counts:
        pure = [(n, c) for c, n in counts.items() if not _blend(c, ink, counts)]
        return max(pure)[1] if pure else counts.most_common(1)[0][0]
    # nothing in the box stands apart from the ink: the text is lost in its ground
    return near.most_common(1)[0][0] if near else None


def _blend(colour: tuple[int, ...], ink: tuple[int, ...], seen: Counter, tolerance: float = 12.0) -> bool:
    """Whether `colour` is anti-aliased between the ink and another colour in the box farther from the ink.

    A small text's box can hold more such edge pixels than pure ground (5 pt "III": every column is a
    stroke or next to one), and the commonest of them is not what the text is printed on.
    """
    d = [u - v for u, v in zip(colour, ink, strict=True)]
    for other, n in seen.items():
        g = [u - v for u, v in zip(other, ink, strict=True)]
        span = sum(x * x for x in g)
        if n < 2 or span <= sum(x * x for x in d):
            continue
        t = sum(x * y for x, y in zip(d, g, strict=True)) / span
        if 0 < t < 1 and sum((x - t * y) ** 2 for x, y in zip(d, g, strict=True)) < tolerance**2:
            return True
    return False


@pytest.mark.parametrize("ink_saver", [False, True], ids=["full", "ink-saver"])
@pytest.mark.parametrize("game", GAMES)
def test_every_printed_text_has_contrast_with_its_ground(tmp_path, recorded, game, ink_saver):
    result = build(game, tmp_path, ink_saver=ink_saver)
    doc = pypdfium2.PdfDocument(str(result.path))
    low: dict[tuple, str] = {}
    try:
        pages = {}
        for item in recorded:
            if item["page"] not in pages:
                page = doc[item["page"]]
                pages[item["page"]] = (page.render(scale=DPI / 72).to_pil().convert("RGB"), page.get_height())
            image, page_h = pages[item["page"]]
            ink = tuple(round(255 * v) for v in item["rgb"])
            ground = _ground(image, item["box"], page_h, ink)
            if ground is None:
                continue
            ratio = contrast_ratio(item["rgb"], tuple(v / 255 for v in ground))
            if ratio < MIN_TEXT_CONTRAST:
                low.setdefault((ink, ground), f"{item['text']!r} {ratio:.2f}:1")
    finally:
        doc.close()
    assert recorded
    assert not low, "; ".join(f"{ink} on {ground}: {example}" for (ink, ground), example in low.items())
