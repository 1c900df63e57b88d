"""A report's pages drawn into its PDF in the PDF's standard fonts (Helvetica, Courier) where they can be.

Matplotlib draws a line of text in an embedded font glyph by glyph: each
glyph shaped, loaded and tracked for the font's subset, in Python. Drawing a
compare's pages into its PDF (some 200 lines of text, and every figure's
ticks, titles and legends) took about 1.2 s of its 4.5 s of CPU, most of it
that. In the standard fonts every PDF reader has (`pdf.use14corefonts`), a
line is measured from the font's metrics file and written as one string: the
same pages take about 0.4 s (with the figures no longer drawn twice). Those
fonts encode Windows-1252 alone, so a page with any other character
(Japanese, a data file's `≥`) keeps the embedded font, and a negative tick
label is printed with a hyphen-minus rather than the minus sign they lack.
The PNGs rasterised from the PDF's pages show the same fonts.

The standard fonts' metrics give each string its own height, so a text page
places its lines by their baselines (`ASCENT`), not their tops.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

import matplotlib
from matplotlib.text import Text

from simulate.report.plotting import plt
from simulate.words import spoken

# DejaVu Sans's (and Mono's) height above the baseline of a top-aligned line, in ems: a line's baseline
# goes where the embedded font's top-aligned line had it
ASCENT = 0.76


def settable(fig: plt.Figure) -> bool:
    """Whether every text of `fig` can be set in the standard fonts: an English report's Windows-1252."""
    if spoken() != "en":
        return False
    try:
        "".join(text.get_text() for text in fig.findobj(Text)).encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


@contextlib.contextmanager
def standard_fonts(fig: plt.Figure) -> Iterator[None]:
    """`fig` is drawn into a PDF in the standard fonts within, if it can be (`settable`)."""
    if not settable(fig):
        yield
        return
    log = logging.getLogger("matplotlib.font_manager")
    level = log.level
    # Helvetica's metrics name one weight, "medium": no warning that it is not "normal"
    log.setLevel(logging.ERROR)
    try:
        with matplotlib.rc_context({"pdf.use14corefonts": True, "axes.unicode_minus": False}):
            yield
    finally:
        log.setLevel(level)
