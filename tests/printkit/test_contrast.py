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

from pathlib import Path

import numpy as np
import pypdfium2
import pytest

from printkit.build import build
from printkit.datafile.gamedata import available_games, load_game
from printkit.draw import has_drawing
from printkit.output.colours import MIN_TEXT_CONTRAST, contrast_ratio, ink_on

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


def _commonest(colours: np.ndarray) -> tuple[int, int, int]:
    """The commonest row of `colours` (n x 3), ties going to the one seen first, as `Counter` has it."""
    packed = colours[:, 0] << 16 | colours[:, 1] << 8 | colours[:, 2]
    values, first, counts = np.unique(packed, return_index=True, return_counts=True)
    tied = np.flatnonzero(counts == counts.max())
    value = int(values[tied[np.argmin(first[tied])]])
    return (value >> 16, value >> 8 & 255, value & 255)


def _packed(colours: np.ndarray) -> np.ndarray:
    """Each row of `colours` (n x 3, values 0-255) as one integer, ordered as the rows are as tuples."""
    return colours[:, 0] << 16 | colours[:, 1] << 8 | colours[:, 2]


def _unpacked(values: np.ndarray) -> np.ndarray:
    return np.stack([values >> 16, values >> 8 & 255, values & 255], axis=1)


def _ground(image: np.ndarray, box, page_h: float, ink: tuple[int, int, int]) -> tuple[int, int, int] | None:
    """The commonest colour in `box` that stands apart from `ink`, else the commonest near it.

    Colours are binned to steps of 4 (so anti-aliasing does not split one ground into many) and
    counted column by column, left to right, which decides ties.
    """
    scale = DPI / 72
    x0, y0, x1, y1 = box
    height, width = image.shape[:2]
    left, right = max(int(x0 * scale), 0), min(int(x1 * scale) + 1, width)
    top, bottom = max(int((page_h - y1) * scale), 0), min(int((page_h - y0) * scale) + 1, height)
    if left >= right or top >= bottom:
        return None
    pixels = image[top:bottom, left:right].transpose(1, 0, 2).reshape(-1, 3).astype(np.int64)
    far = ((pixels - np.array(ink)) ** 2).sum(axis=1) > 90**2
    binned = np.minimum(255, 4 * np.round(pixels / 4)).astype(np.int64)
    if far.any():
        # colours packed into one integer each, so counting them is a sort of integers, not of rows
        values, counts = np.unique(_packed(binned[far]), return_counts=True)
        pure = ~_blends(_unpacked(values), counts, ink)
        if pure.any():
            # the commonest pure colour, ties going to the greatest (r, g, b), as max((n, c)) has it
            best = np.lexsort((values[pure], counts[pure]))[-1]
            return tuple(int(v) for v in _unpacked(values[pure][best : best + 1])[0])
        return _commonest(binned[far])
    # nothing in the box stands apart from the ink: the text is lost in its ground
    return _commonest(binned)


def _blends(colours: np.ndarray, counts: np.ndarray, ink: tuple[int, ...], tolerance: float = 12.0):
    """For each of `colours` (k x 3, each seen `counts` times), whether it is anti-aliased between the
    ink and another colour in the box farther from the ink.

    A small text's box can hold more such edge pixels than pure ground (5 pt "III": every column is a
    stroke or next to one), and the commonest of them is not what the text is printed on. A colour
    blends when, measured from the ink, it lies within `tolerance` of the segment towards another
    colour seen at least twice and farther away, strictly between its ends.
    """
    d = colours - np.array(ink, dtype=np.int64)
    reach = (d * d).sum(axis=1)
    others = counts >= 2
    g, span = d[others], reach[others]
    blends = np.zeros(len(colours), dtype=bool)
    for start in range(0, len(colours), 256):  # rows at a time, to bound the k x k arrays
        rows = slice(start, start + 256)
        t = (d[rows] @ g.T) / span  # where span <= reach the pair is not looked at (below)
        off = [(d[rows, i : i + 1] - t * g[:, i]) ** 2 for i in range(3)]
        near = off[0] + off[1] + off[2] < tolerance**2
        blends[rows] = ((span > reach[rows, None]) & (t > 0) & (t < 1) & near).any(axis=1)
    return blends


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
                image = np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB"))
                pages[item["page"]] = (image, page.get_height())
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
