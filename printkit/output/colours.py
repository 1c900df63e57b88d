"""Colour contrast for printed text: WCAG relative luminance, contrast ratio, and the ink for a ground.

Every text printed on a coloured ground should reach `MIN_TEXT_CONTRAST`
(4.5:1, WCAG AA); `ink_on` picks black or white, whichever contrasts more with
the ground, so a label on a player colour reads whatever the colour.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor, black, white

MIN_TEXT_CONTRAST = 4.5
MARGIN = 1.1  # `readable_on` aims this much above the minimum: paper and inks are not the screen


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG relative luminance of an sRGB colour with channels in 0..1."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink_on(rgb: str) -> Color:
    """Black or white, whichever contrasts more with the colour `"#rrggbb"`."""
    ground = HexColor(rgb).rgb()
    return black if contrast_ratio(ground, (0, 0, 0)) >= contrast_ratio(ground, (1, 1, 1)) else white


def readable_on(rgb: str, ground: str = "#ffffff") -> Color:
    """`rgb` darkened (lightened on a dark ground) until it reaches 4.5:1 times `MARGIN` on `ground`.

    For text printed in a suit or player colour: yellow stays a yellow family
    colour, dark enough to read on a white card.
    """
    colour, base = HexColor(rgb).rgb(), HexColor(ground).rgb()
    towards = 0.0 if luminance(base) > 0.18 else 1.0
    for step in range(101):
        t = step / 100
        mixed = tuple(c + (towards - c) * t for c in colour)
        if contrast_ratio(mixed, base) >= MIN_TEXT_CONTRAST * MARGIN:
            return Color(*mixed)
    return black if towards == 0.0 else white
