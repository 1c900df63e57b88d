"""Colour-managed CMYK: sRGB colours converted through an ICC output profile with LittleCMS.

A print shop reads the CMYK numbers of a PDF through the press's profile;
converting with reportlab's naive formula (C = 1 - R, ...) turns a dark red
domino back (122, 28, 44) brown. Here every colour goes through a
real profile, by LittleCMS (Pillow's `ImageCms`):

- the profile is the shipped `printkit/icc/printkit-FOGRA39.icc` (coated
  offset, FOGRA39; how it was made: `tools/make_fogra39_profile.sh` and
  `printkit/icc/LICENSE-FOGRA39.txt`) or a CMYK output profile the user
  names (`--icc FILE`);
- colours convert sRGB -> CMYK with the relative colorimetric intent (what a
  colour is stays what it is; only what the press cannot print moves);
- a colour whose inks the data file fixes (`[palette]`'s `cmyk`, passed as
  `fixed`) prints with exactly those inks, never reported;
- neutral greys (r = g = b) print with black ink only, at the black that
  matches their lightness through the profile (down to the profile's solid
  black), so text and hairlines need one plate and stay sharp; this is a
  choice, not a limit of the profile, and such greys are never reported;
- every colour converted is rendered back through the profile (CMYK -> Lab)
  and compared with its source by CIEDE2000 (`delta_e_2000`); one that differs
  by more than `GAMUT_DELTA_E` is outside what the press can print and is
  named in the build summary (`Converter.out_of_gamut`).

`Converter` caches each colour, so a build converts each distinct colour once.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, ImageCms
from reportlab.lib.colors import CMYKColor, Color, toColor

from printkit.errors import DataError

SHIPPED_PROFILE = Path(__file__).resolve().parent / "icc" / "printkit-FOGRA39.icc"
GAMUT_DELTA_E = 3.0  # CIEDE2000 between source and print that is clearly visible side by side
Lab = tuple[float, float, float]
RGB = tuple[float, float, float]


@dataclass(frozen=True)
class CmykProfile:
    """An ICC output profile and how a PDF's output intent names it."""

    icc: bytes
    description: str
    identifier: str  # the OutputConditionIdentifier: a registered name, or "Custom"
    registry: str  # where the identifier is registered ("" for a custom profile)
    file_name: str


def shipped_profile() -> CmykProfile:
    """printkit's FOGRA39 profile: coated offset, the characterization registered as FOGRA39."""
    return CmykProfile(
        icc=SHIPPED_PROFILE.read_bytes(),
        description="printkit FOGRA39 (coated offset, from FOGRA39L.ti3)",
        identifier="FOGRA39",
        registry="http://www.color.org",
        file_name=SHIPPED_PROFILE.name,
    )


def load_profile(path: Path | str | None) -> CmykProfile:
    """The shipped profile, or the CMYK output profile at `path`; a bad file is a `DataError`."""
    if path is None:
        return shipped_profile()
    path = Path(path)
    try:
        icc = path.read_bytes()
    except OSError as exc:
        raise DataError(f"--icc {path}: cannot read it ({exc.strerror or exc})") from None
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    except (OSError, ImageCms.PyCMSError, ValueError):
        raise DataError(f"--icc {path}: not an ICC profile") from None
    info = profile.profile
    if info.xcolor_space.strip() != "CMYK" or info.device_class != "prtr":
        raise DataError(
            f"--icc {path}: expected a CMYK output (printer) profile, got a "
            f"{info.xcolor_space.strip()} {info.device_class} profile"
        )
    description = (info.profile_description or path.stem).strip()
    return CmykProfile(
        icc=icc, description=description, identifier="Custom", registry="", file_name=path.name
    )


def delta_e_2000(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), with kL = kC = kH = 1."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh) / 2)
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        hp_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_bar = (h1p + h2p) / 2
    else:
        hp_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp_bar - 30))
        + 0.24 * math.cos(math.radians(2 * hp_bar))
        + 0.32 * math.cos(math.radians(3 * hp_bar + 6))
        - 0.20 * math.cos(math.radians(4 * hp_bar - 63))
    )
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    sc = 1 + 0.045 * cp_bar
    sh = 1 + 0.015 * cp_bar * t
    rt = (
        -2
        * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((hp_bar - 275) / 25) ** 2))))
    )
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhp / sh) ** 2 + rt * (dc / sc) * (dhp / sh))


def _lab(pixel: Sequence[int]) -> Lab:
    """A Pillow LAB pixel (L 0..255, a and b offset by 128) as L*, a*, b*."""
    return (pixel[0] * 100 / 255, pixel[1] - 128, pixel[2] - 128)


def _hex(rgb: RGB) -> str:
    return "#" + "".join(f"{round(255 * v):02x}" for v in rgb)


@dataclass
class Converter:
    """sRGB to CMYK through `profile` (see the module docstring); remembers each colour it converted."""

    profile: CmykProfile
    fixed: Mapping[str, tuple[float, float, float, float]] = field(default_factory=dict)  # by "#rrggbb"
    seen: dict[str, tuple[tuple[float, float, float, float], float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        cmyk = ImageCms.ImageCmsProfile(io.BytesIO(self.profile.icc))
        srgb = ImageCms.createProfile("sRGB")
        lab = ImageCms.createProfile("LAB", 5000)
        intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
        self._to_cmyk = ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", renderingIntent=intent)
        self._cmyk_lab = ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", renderingIntent=intent)
        self._rgb_lab = ImageCms.buildTransform(srgb, lab, "RGB", "LAB", renderingIntent=intent)
        ramp = Image.new("CMYK", (256, 1))
        ramp.putdata([(0, 0, 0, k) for k in range(256)])
        self._black_l = [_lab(p)[0] for p in self._pixels(ImageCms.applyTransform(ramp, self._cmyk_lab))]

    @staticmethod
    def _pixels(image: Image.Image) -> list[Any]:
        return [image.getpixel((x, 0)) for x in range(image.width)]

    def _one(self, transform: Any, mode: str, value: tuple[int, ...]) -> Any:
        image = Image.new(mode, (1, 1), value)
        return ImageCms.applyTransform(image, transform).getpixel((0, 0))

    def source_lab(self, rgb: RGB) -> Lab:
        return _lab(self._one(self._rgb_lab, "RGB", tuple(round(255 * v) for v in rgb)))

    def printed_lab(self, cmyk: tuple[float, float, float, float]) -> Lab:
        """What CMYK ink values print as, through the profile."""
        return _lab(self._one(self._cmyk_lab, "CMYK", tuple(round(255 * v) for v in cmyk)))

    def _black_for(self, lightness: float) -> float:
        """The black ink alone whose print is nearest `lightness` (the ramp darkens as k rises)."""
        return min(range(256), key=lambda k: abs(self._black_l[k] - lightness)) / 255

    def cmyk(self, rgb: RGB) -> tuple[float, float, float, float]:
        """The CMYK (0..1) that prints the sRGB colour `rgb` (0..1)."""
        key = _hex(rgb)
        if key not in self.seen:
            r8 = tuple(round(255 * v) for v in rgb)
            if key in self.fixed:
                self.seen[key] = (self.fixed[key], 0.0)  # the designer's inks, by choice
            elif r8[0] == r8[1] == r8[2]:
                value = (0.0, 0.0, 0.0, self._black_for(self.source_lab(rgb)[0]))
                self.seen[key] = (value, 0.0)  # black ink only, by choice: never reported
            else:
                value = tuple(v / 255 for v in self._one(self._to_cmyk, "RGB", r8))
                self.seen[key] = (value, delta_e_2000(self.source_lab(rgb), self.printed_lab(value)))
        return self.seen[key][0]

    def colour(self, colour: Any) -> CMYKColor:
        """A reportlab colour as the CMYKColor that prints it; CMYK colours pass as they are."""
        c = toColor(colour)
        if isinstance(c, CMYKColor):
            return c
        if not isinstance(c, Color):
            raise ValueError(f"not a colour: {colour!r}")
        return CMYKColor(*self.cmyk((c.red, c.green, c.blue)), alpha=c.alpha)

    def out_of_gamut(self) -> list[tuple[str, float]]:
        """The colours converted so far that print more than `GAMUT_DELTA_E` away, worst first."""
        far = [(name, de) for name, (_, de) in self.seen.items() if de > GAMUT_DELTA_E]
        return sorted(far, key=lambda item: (-item[1], item[0]))
