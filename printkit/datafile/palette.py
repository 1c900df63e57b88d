"""Colours by name: CSS named colours, and a data file's `[palette]`, with CMYK fixed for the shop.

    [palette]
    ember = "#c0392b"                                   # a colour by name
    tide = { rgb = "#1f5fa8", cmyk = [90, 55, 0, 5] }   # printed with exactly these inks (percent)
    grove = "forestgreen"                               # a CSS named colour

A layout colour (`fill`, `stroke`, `colour`, an icon's `fill`) may be
`"#rrggbb"`, a palette name, or one of the 147 CSS named colours
(`"forestgreen"`), inside `"ink on C"` and `"readable C on G"` too; a row's
value is looked up the same way, so `fill = "{suit}"` paints each suit in its
palette colour when the suit column holds palette names. Names are matched
without regard to case; a palette name hides a CSS colour of the same name.

A palette entry's `cmyk` is used as it is when a build converts colours to
CMYK (`--cmyk`, `--pdfx`; `printkit/output/colour_profile.py`), instead of the
profile's conversion of its `rgb`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from printkit.datafile.schema import is_number, show
from printkit.errors import DataError

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
RGB = re.compile(r"#[0-9a-fA-F]{6}")
MAX_ENTRIES = 500
Cmyk = tuple[float, float, float, float]


@dataclass(frozen=True)
class Palette:
    """A data file's named colours (lower-case name -> "#rrggbb"), and the CMYK some of them fix."""

    colours: Mapping[str, str] = field(default_factory=dict)
    cmyk: Mapping[str, Cmyk] = field(default_factory=dict)  # by "#rrggbb", lower case

    def rgb(self, text: str) -> str | None:
        """`text` as "#rrggbb" (lower case): a hex colour, a palette name or a CSS name; None if none."""
        text = text.strip()
        if RGB.fullmatch(text):
            return text.lower()
        if not NAME.fullmatch(text):
            return None
        name = text.lower()
        if name in self.colours:
            return self.colours[name]
        return css_colour(name)

    def names(self) -> dict[str, str]:
        """ "palette.NAME" key paths by their colour, for the build summary's words."""
        out: dict[str, str] = {}
        for name, rgb in self.colours.items():
            out.setdefault(rgb, f"palette.{name}")
        return out


NO_PALETTE = Palette()


def css_colour(name: str) -> str | None:
    """The CSS named colour `name` as "#rrggbb", or None (webcolors knows the 147 CSS3 names)."""
    import webcolors

    try:
        return webcolors.name_to_hex(name.lower(), spec=webcolors.CSS3)
    except ValueError:
        return None


def read_palette(where: str, raw: Mapping[str, Any]) -> Palette:
    """The data file's `[palette]` table, checked; a bad entry is one line naming its key."""
    table = raw.get("palette", {})
    if not isinstance(table, dict):
        raise DataError(f"{where}: palette: expected a table of colours by name, got {show(table)}")
    if len(table) > MAX_ENTRIES:
        raise DataError(f"{where}: palette: {len(table)} colours; at most {MAX_ENTRIES}")
    colours: dict[str, str] = {}
    cmyk: dict[str, Cmyk] = {}
    fixed_by: dict[str, str] = {}
    for name, entry in table.items():
        key = f"palette.{name}"
        if not NAME.fullmatch(name):
            raise DataError(f"{where}: {key}: a colour's name is letters, digits, _ and -, from a letter")
        if name.lower() in colours:
            raise DataError(f"{where}: {key}: named twice (names are matched without regard to case)")
        spec = entry if isinstance(entry, dict) else {"rgb": entry}
        for k in spec:
            if k not in ("rgb", "cmyk"):
                raise DataError(f"{where}: {key}.{k}: unknown key; a palette colour has rgb and cmyk")
        rgb = Palette(colours).rgb(spec["rgb"]) if isinstance(spec.get("rgb"), str) else None
        if rgb is None:
            raise DataError(
                f'{where}: {key}: expected "#rrggbb", a CSS colour name or '
                f'{{ rgb = "#rrggbb", cmyk = [c, m, y, k] }}, got {show(spec.get("rgb", entry))}'
            )
        colours[name.lower()] = rgb
        if "cmyk" in spec:
            inks = spec["cmyk"]
            if not (
                isinstance(inks, list)
                and len(inks) == 4
                and all(is_number(v) and 0 <= v <= 100 for v in inks)
            ):
                raise DataError(
                    f"{where}: {key}.cmyk: expected [c, m, y, k], percent 0 to 100, got {show(inks)}"
                )
            value = tuple(float(v) / 100 for v in inks)
            if rgb in cmyk and cmyk[rgb] != value:
                raise DataError(f"{where}: {key}.cmyk: {rgb} already prints as other inks ({fixed_by[rgb]})")
            cmyk[rgb], fixed_by[rgb] = value, key  # type: ignore[assignment]
    return Palette(colours, cmyk)
