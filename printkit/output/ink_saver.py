"""Ink saver for playtest prints: large dark areas printed as pale tints of their hue, never darker.

A game printed on solid dark grounds (a shipped game's tiles are solid navy)
is sheets of heavy ink before anyone knows whether the game is fun. With
`--ink-saver` each piece is drawn through this colour mapping:

- **Areas**: a filled shape covering at least `AREA_SHARE` of the piece
  (its box, measured on the page) is an area. An area darker than `DARK_L`
  (CIELAB lightness) becomes a pale tint of its own hue, its lightness turned
  round, `L* -> 100 - SPREAD * L*` (navy 13 -> 90) and at least `TINT_L`,
  chroma kept as far as sRGB holds it; a lighter area is printed as it is. Pieces of different
  kinds still differ in colour, and a light panel on a dark card stays the
  panel it was (cream stays cream).
- **Patches**: a smaller filled shape still covering `PATCH_SHARE` of the
  piece (a token's disc, a badge, a back's emblem, a tile's picture) is never
  made darker: on a tinted area a dark patch is turned round like the area,
  and a light one is printed as it is with a hairline outline in its colour
  turned round, so it still shows on the pale tint; on anything else it is
  printed as it is. What is drawn on a patch is read against it, as on an
  area.
- **Marks** (text, lines, outlines, small shapes and icons) are read against
  the last area or patch drawn under their middle: on a tinted one they are
  turned round the same way, so what was light on the dark ground (white
  lines and text, small icons) becomes dark on the tint, every lightness
  difference kept in order and scaled by `SPREAD`; on one printed as it is
  (or on the paper) they are printed as they are, so text keeps the contrast
  it had.
- A piece whose ground (a first area over `GROUND_SHARE` of it) was tinted
  gets a hairline outline in the ground's original colour, so it can still
  be cut out and told apart at a glance.

Only areas and patches change, and only from dark to light; a mark (a few
square millimetres at most) turns darker only where the area under it turned
lighter, so no part of a piece takes more ink than in full colour
(`tests/printkit/test_ink_saver.py` measures every 5 mm square of each piece
of every game and example). Pictures (PNG, JPEG) are printed as they are. The mapping is a
colour function the canvas applies between `begin` and `end` of each piece
(`printkit/output/canvas.py`, `printkit/sheets/imposition.py`); it knows no game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import Color, toColor

DARK_L = 50.0  # an area darker than this (CIELAB L*) is printed as a tint
TINT_L = 75.0  # a tint is at least this light, so that marks turned round read on it (4.5:1 and more)
AREA_SHARE = 0.15  # of the piece: a filled shape at least this big is an area
PATCH_SHARE = 0.02  # a smaller one at least this big is a patch (never darker), smaller ones are marks
GROUND_SHARE = 0.9  # a first area this big is the piece's ground: tinted, the piece is outlined in it
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


def turned(rgb: RGB, floor: float = 0.0) -> RGB:
    """The colour with its lightness turned round (`100 - SPREAD * L*`, at least `floor`), chroma cut
    until sRGB holds it."""
    lightness, a, b = srgb_to_lab(rgb)
    target = max(100 - SPREAD * lightness, floor)
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


def turned_colour(colour: Any, cache: dict[tuple[float, ...], Color], floor: float = 0.0) -> Color:
    """A reportlab colour with its lightness turned round (at least `floor`), remembered in `cache`."""
    c = toColor(colour)
    key = (c.red, c.green, c.blue, c.alpha, floor)
    if key not in cache:
        cache[key] = Color(*turned((c.red, c.green, c.blue), floor), alpha=c.alpha)
    return cache[key]


def is_dark(colour: Any) -> bool:
    c = toColor(colour)
    return srgb_to_lab((c.red, c.green, c.blue))[0] < DARK_L


Point = tuple[float, float]


def _contains(polygon: list[Point], point: Point) -> bool:
    """Whether `point` lies inside `polygon` (even-odd rule)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


@dataclass
class InkSaver:
    """The per-piece colour mapping (see the module docstring).

    The canvas tells it each colour asked for (`colour`) and, before each
    shape or text is painted, its outline on the page (`painting`): a filled
    outline over `AREA_SHARE` of the piece is an area; anything else is a mark,
    read against the last area drawn under its middle. It answers with the
    colours to set for what is painted.
    """

    area: float = 0.0  # the piece's trim, in square points on the page
    first: Color | None = None  # the original colour of the piece's ground, if it was tinted
    areas: list[tuple[list[Point], bool]] = field(default_factory=list)  # outline, tinted
    active: bool = False
    current: dict[str, Any] = field(default_factory=dict)  # "fill" / "stroke" -> the colour asked for
    cache: dict[tuple[float, ...], Color] = field(default_factory=dict)

    def begin(self, size_pt: tuple[float, float]) -> None:
        self.area = abs(size_pt[0] * size_pt[1])
        self.first, self.areas, self.active, self.current = None, [], True, {}

    def end(self) -> Color | None:
        """Stop mapping; the piece's ground's original colour when it was printed as a tint."""
        self.active = False
        return self.first

    def colour(self, role: str, colour: Any, at: Point | None = None) -> Any:
        """The colour to set for `role` ("fill" or "stroke") now: as it is, or, when the caller knows
        where it will be used (`at`, a text object's start), as a mark there."""
        if not self.active:
            return colour
        self.current[role] = colour
        return self._mark(colour, at) if at is not None else colour

    def _tinted_at(self, point: Point) -> bool:
        for outline, tinted in reversed(self.areas):
            if _contains(outline, point):
                return tinted
        return False

    def _mark(self, colour: Any, at: Point) -> Any:
        if colour is None or not self._tinted_at(at):
            return colour
        return turned_colour(colour, self.cache)

    def painting(self, outline: list[Point] | None, fill: bool) -> dict[str, Any]:
        """Before a shape or text with `outline` (page points; None: unknown) is painted, filled or not:
        the colours to set for it ("fill", "stroke"), and "outline": the colour of a hairline to draw
        round it when it is not stroked."""
        if not self.active or not outline:
            return {}
        xs, ys = [p[0] for p in outline], [p[1] for p in outline]
        covered = (max(xs) - min(xs)) * (max(ys) - min(ys))
        middle = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
        colour = self.current.get("fill")
        if fill and colour is not None and covered >= AREA_SHARE * self.area:
            dark = is_dark(colour)
            if dark and not self.areas and covered >= GROUND_SHARE * self.area:
                self.first = toColor(colour)
            tint = turned_colour(colour, self.cache, TINT_L) if dark else colour
            return self._filled(outline, middle, tint, dark)
        if fill and colour is not None and covered >= PATCH_SHARE * self.area:
            on_tint = self._tinted_at(middle)
            if on_tint and not is_dark(colour):  # turned round it would darken: outlined instead
                out = self._filled(outline, middle, colour, False)
                return {**out, "outline": turned_colour(colour, self.cache)}
            turn = turned_colour(colour, self.cache) if on_tint else colour  # a dark colour only lightens
            return self._filled(outline, middle, turn, on_tint)
        return {role: self._mark(c, middle) for role, c in self.current.items()}

    def _filled(self, outline: list[Point], middle: Point, fill: Any, tinted: bool) -> dict[str, Any]:
        """An area or patch filled with `fill` (`tinted`: turned round): what is drawn on it next is read
        against it."""
        out = {"fill": fill}
        if "stroke" in self.current:
            out["stroke"] = self._mark(self.current["stroke"], middle)
        self.areas.append((outline, tinted))
        return out
