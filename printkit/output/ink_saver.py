"""Ink saver for playtest prints: a piece on a dark ground is printed as a light tint of it, outlined.

A game printed on a solid dark ground (a shipped game's tiles are solid navy) is
sheets of heavy ink before anyone knows whether the game is fun. With
`--ink-saver` every piece whose ground (a filled rectangle over the whole piece
as the first thing it paints, as `fill_bleed` does) is darker than `DARK_L` (CIELAB lightness) is
drawn with its lightness turned round, `L* -> 100 - SPREAD * L*`, hue and
chroma kept as far as sRGB holds them:

- the ground becomes a light tint of its own hue (navy 13 -> 90, a pale blue),
  so pieces of different kinds still differ in colour as on the full print;
- what was light on it (white lines and text, yellow stars) becomes dark on
  the tint, lightness differences kept in order and scaled by `SPREAD`, so
  every mark stays as far from its ground as before, on the other side;
- the piece gets a hairline outline in its original ground colour, so it can
  still be cut out and told apart at a glance.

Pieces on light or middle grounds (cards with white panels, the green and
blue references) are printed as they are. The mapping is a colour function the
canvas applies between `begin` and `end` of each piece (`printkit/output/canvas.py`,
`printkit/sheets/imposition.py`); it knows no game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import Color, toColor

DARK_L = 40.0  # a ground darker than this (CIELAB L*) is printed as a tint
SPREAD = 0.8  # how much of each lightness difference the turned-round piece keeps
OUTLINE_PT = 0.4
RGB = tuple[float, float, float]

_WHITE = (0.95047, 1.0, 1.08883)  # D65


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def _f(t: float) -> float:
    return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29


def _f_inv(t: float) -> float:
    return t**3 if t > 6 / 29 else 3 * (6 / 29) ** 2 * (t - 4 / 29)


def srgb_to_lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour with channels 0..1."""
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / _WHITE[0]
    y = (0.2126729 * r + 0.7151522 * g + 0.0721750 * b) / _WHITE[1]
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / _WHITE[2]
    fx, fy, fz = _f(x), _f(y), _f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def lab_to_srgb(lab: tuple[float, float, float]) -> tuple[float, float, float]:
    """sRGB (0..1, unclamped) of a CIELAB (D65) colour."""
    fy = (lab[0] + 16) / 116
    x = _WHITE[0] * _f_inv(fy + lab[1] / 500)
    y = _WHITE[1] * _f_inv(fy)
    z = _WHITE[2] * _f_inv(fy - lab[2] / 200)
    r = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z
    g = -0.9692660 * x + 1.8760108 * y + 0.0415560 * z
    b = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z
    return tuple(_gamma(c) if c > 0 else c * 12.92 for c in (r, g, b))  # type: ignore[return-value]


def turned(rgb: RGB) -> RGB:
    """The colour with its lightness turned round (`100 - SPREAD * L*`), chroma cut until sRGB holds it."""
    lightness, a, b = srgb_to_lab(rgb)
    target = 100 - SPREAD * lightness
    lo, hi = 0.0, 1.0
    if _inside(lab_to_srgb((target, a, b))):
        lo = 1.0
    else:
        for _ in range(30):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if _inside(lab_to_srgb((target, a * mid, b * mid))) else (lo, mid)
    return tuple(min(1.0, max(0.0, c)) for c in lab_to_srgb((target, a * lo, b * lo)))  # type: ignore[return-value]


def _inside(rgb: tuple[float, ...]) -> bool:
    return all(-1e-9 <= c <= 1 + 1e-9 for c in rgb)


@dataclass
class InkSaver:
    """The per-piece colour mapping (see the module docstring).

    A piece's ground is decided at its first painted shape: when that is a
    filled rectangle over (nearly) the whole piece, its fill colour is the
    ground; anything else (a band, a line, text) means the piece is drawn on
    the paper. Colours set before that are passed through and, if the piece
    turns out dark, set again mapped (`decide`), before anything is painted.
    """

    size: tuple[float, float] = (0.0, 0.0)  # the piece's trim in points
    ground: Color | None = None
    dark: bool = False
    active: bool = False
    decided: bool = False
    current: dict[str, Any] = field(default_factory=dict)  # "fill" / "stroke" -> the colour asked for
    cache: dict[tuple[float, ...], Color] = field(default_factory=dict)

    def begin(self, size_pt: tuple[float, float]) -> None:
        self.size, self.ground, self.dark, self.decided, self.active = size_pt, None, False, False, True
        self.current = {}

    def end(self) -> Color | None:
        """Stop mapping; the piece's original ground colour when it was printed as a tint."""
        self.active = False
        return self.ground if self.dark else None

    def colour(self, role: str, colour: Any) -> Any:
        """The colour to set for `role` ("fill" or "stroke") now."""
        if self.active:
            self.current[role] = colour
        return self._mapped(colour) if self.active and self.dark else colour

    def decide(self, rect: tuple[float, float, float, float] | None) -> dict[str, Any]:
        """At the first painted shape (`rect`: x, y, w, h of a filled rectangle, else None): the colours
        to set again, mapped, when the piece turns out to be on a dark ground."""
        if not self.active or self.decided:
            return {}
        self.decided = True
        fill = self.current.get("fill")
        if rect is None or fill is None or not self._covers(rect):
            return {}
        self.ground = toColor(fill)
        self.dark = srgb_to_lab(self.ground.rgb())[0] < DARK_L
        return {role: self._mapped(c) for role, c in self.current.items()} if self.dark else {}

    def _covers(self, rect: tuple[float, float, float, float]) -> bool:
        x, y, w, h = rect
        x, w = (x + w, -w) if w < 0 else (x, w)
        y, h = (y + h, -h) if h < 0 else (y, h)
        pw, ph = self.size
        return x <= 0.05 * pw and y <= 0.05 * ph and x + w >= 0.95 * pw and y + h >= 0.95 * ph

    def _mapped(self, colour: Any) -> Color:
        c = toColor(colour)
        key = (c.red, c.green, c.blue, c.alpha)
        if key not in self.cache:
            self.cache[key] = Color(*turned((c.red, c.green, c.blue)), alpha=c.alpha)
        return self.cache[key]
