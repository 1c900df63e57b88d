"""Matplotlib as every report, sweep and ladder figure uses it: drawn off screen, its text taken literally,
in the words and the font of the report's language.

Titles, arm names, agent specs and variant docs come from data files and
command lines. Matplotlib would read a `$` in them as the start of its maths
notation, and a title like `Total $\\frac{1}{$` would stop a report after every
game was played; with `text.parse_math` off, a dollar sign is a dollar sign.
Import `plt` from here, never `matplotlib.pyplot` directly.

`speaking(lang)` chooses the language of everything said and drawn within
it: the sentences (`simulate.words.language`) and, for Japanese, the font
the printed pieces use (IPAex Gothic, `printkit.output.fonts`), embedded in the PDF
as a TrueType subset so that every reader sees the same glyphs.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from functools import cache
from typing import Any

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams["text.parse_math"] = False
# A report holds every page and figure open until it draws them once into the PDF (and closes them):
# a skill report with many arms passes matplotlib's 20, and its warning would read like a leak.
matplotlib.rcParams["figure.max_open_warning"] = 0
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import font_manager  # noqa: E402

from simulate.words import language, spoken  # noqa: E402

__all__ = ["monospace", "plt", "speaking"]


@cache
def _japanese() -> dict[str, Any]:
    from printkit.output.fonts import japanese_font_file

    path = japanese_font_file()
    font_manager.fontManager.addfont(str(path))
    name = font_manager.FontProperties(fname=str(path)).get_name()
    # Type 42: the TrueType outlines themselves, subset, rather than Type 3 drawings of them
    return {"font.family": "sans-serif", "font.sans-serif": [name, "DejaVu Sans"], "pdf.fonttype": 42}


FONTS = {"en": dict, "ja": _japanese}


def monospace(text: str) -> str:
    """The font family of monospaced `text` (the details page, a game's page of lines): DejaVu Sans Mono,
    so that columns padded with spaces line up; in Japanese, text with any Japanese in it is set in the
    Japanese font (IPAex Gothic) alone, its columns padded with full-width spaces (`simulate.words.pad`):
    DejaVu Sans Mono has no Japanese, and where a text falls back from one font to the other matplotlib's
    PDF places the glyphs after the switch out of line."""
    return "monospace" if spoken() == "en" or text.isascii() else "sans-serif"


@contextlib.contextmanager
def _one_weight() -> Iterator[None]:
    """IPAex Gothic has one weight: a bold heading is drawn at it, without a warning for each heading."""
    log = logging.getLogger("matplotlib.font_manager")
    level = log.level
    log.setLevel(logging.ERROR)
    try:
        yield
    finally:
        log.setLevel(level)


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Every sentence said and every figure drawn within is in `lang` (`en` or `ja`)."""
    with (
        language(lang),
        matplotlib.rc_context(FONTS[lang]()),
        _one_weight() if lang != "en" else contextlib.nullcontext(),
    ):
        yield
