"""Embedded TrueType fonts for every printed text, one family per language, and text wrapping.

No text relies on the PDF viewer's fonts: every font is a TrueType file that
reportlab embeds (as a subset of the glyphs used), registered here under
printkit's own names.

- `en`: Liberation Sans 2.1.5, Regular and Bold, vendored unmodified in
  `printkit/font_files/` with its SIL OFL 1.1 licence (from Debian's
  `fonts-liberation2`). It is metric-compatible with Helvetica, so a drawing
  module that measured its text with reportlab's Helvetica gets the same widths
  when the render layer substitutes this font (see `substitute`).
- `ja`: IPAex Gothic (IPA Font License), which covers kana, kanji and Latin,
  installed by the PyPI package `japanize-matplotlib` (a runtime dependency;
  it is only located on disk, never imported). It has one weight, so its bold
  is drawn by stroking the outlines (`Family.faux_bold`, done by
  `printkit/canvas.py`).

A drawing module takes its fonts from `family(data.lang)` and measures with
`pdfmetrics.stringWidth` under those names; `wrap` breaks text into lines,
between words and between CJK characters, never before closing punctuation.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.errors import DataError
from printkit.gamedata import LANGS

FILES = Path(__file__).resolve().parent / "font_files"


@dataclass(frozen=True)
class Family:
    """Registered font names of one language: regular and bold."""

    lang: str
    regular: str
    bold: str
    faux_bold: bool = False  # the bold is the regular outlines, to be stroked when drawn


def _ipaex_gothic() -> Path:
    spec = importlib.util.find_spec("japanize_matplotlib")
    locations = list(spec.submodule_search_locations or []) if spec else []
    for folder in locations:
        path = Path(folder) / "fonts" / "ipaexg.ttf"
        if path.is_file():
            return path
    raise DataError(
        "--lang ja: the Japanese font IPAex Gothic was not found; install it with "
        "`pip install japanize-matplotlib` (a dependency of this project)"
    )


def _register(name: str, path: Path) -> None:
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))


@cache
def family(lang: str = "en") -> Family:
    """The font family for a language, registered with reportlab on first use."""
    if lang == "en":
        fam = Family("en", "PrintkitSans", "PrintkitSans-Bold")
        _register(fam.regular, FILES / "LiberationSans-Regular.ttf")
        _register(fam.bold, FILES / "LiberationSans-Bold.ttf")
        return fam
    if lang == "ja":
        path = _ipaex_gothic()
        fam = Family("ja", "PrintkitGothicJA", "PrintkitGothicJA-Bold", faux_bold=True)
        _register(fam.regular, path)
        _register(fam.bold, path)
        return fam
    raise DataError(f"lang: unknown language {lang!r}; expected one of {', '.join(LANGS)}")


def substitute(name: str, fam: Family) -> str:
    """The embedded font to draw instead of one of the PDF standard fonts; other names unchanged."""
    if name in pdfmetrics.standardFonts:
        return fam.bold if "Bold" in name else fam.regular
    return name


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x3000 <= code <= 0x30FF  # CJK punctuation, hiragana, katakana
        or 0x3400 <= code <= 0x9FFF  # CJK ideographs
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF  # full-width forms
    )


# Japanese line-breaking rules (kinsoku): what may not begin a line, what may not end one.
NO_LINE_START = frozenset("、。，．・：；？！）」』】〕〉》ー々ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
NO_LINE_END = frozenset("（「『【〔〈《")


def _tokens(text: str) -> list[str]:
    """The pieces a line may break between: words with their trailing spaces, CJK characters.

    Every CJK character is a piece of its own, except that closing punctuation
    and small kana stay with what comes before, an opening bracket with what
    comes after, and a CJK character with a number just before it (3点, 2枚).
    """
    tokens: list[str] = []
    word = ""
    for ch in text:
        if _is_cjk(ch):
            if word:
                tokens.append(word)
            tokens.append(ch)
            word = ""
        elif ch == " ":
            word += ch
            tokens.append(word)
            word = ""
        else:
            word += ch
    if word:
        tokens.append(word)
    joined: list[str] = []
    for token in tokens:
        if joined and (
            token[0] in NO_LINE_START
            or joined[-1][-1] in NO_LINE_END
            or (_is_cjk(token[0]) and joined[-1][-1].isdigit())
        ):
            joined[-1] += token
        else:
            joined.append(token)
    return joined


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy line breaks so that each line fits `width` points (a single long word may not)."""
    lines: list[str] = []
    line = ""
    for token in _tokens(text):
        trial = line + token
        if line and pdfmetrics.stringWidth(trial.rstrip(), font, size) > width:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line = trial
    if line.strip():
        lines.append(line.rstrip())
    return lines
