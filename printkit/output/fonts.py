"""Embedded TrueType fonts for every printed text, one family per language, and text wrapping.

No text relies on the PDF viewer's fonts: every font is a TrueType file that
reportlab embeds (as a subset of the glyphs used), registered here under
printkit's own names.

- `en`: Liberation Sans 2.1.5, Regular, Bold, Italic and Bold Italic, vendored unmodified in
  `printkit/output/font_files/` with its SIL OFL 1.1 licence (from Debian's
  `fonts-liberation2`). It is metric-compatible with Helvetica, so a drawing
  module that measured its text with reportlab's Helvetica gets the same widths
  when the render layer substitutes this font (see `substitute`).
- `ja`: IPAex Gothic (IPA Font License), which covers kana, kanji and Latin,
  installed by the PyPI package `matplotlib-fontja` (a maintained runtime
  dependency that ships the same font as the older japanize-matplotlib; it is
  only located on disk, never imported). It has one weight, so its bold is
  drawn by stroking the outlines (`Family.faux_bold`, done by
  `printkit/output/canvas.py`); a family with a real bold (English) uses it. It has no
  italic either, so its italic is the upright outlines slanted
  (`Family.faux_italic`, done by the layouts' text, `printkit/layouts/text.py`).

A layout's text may name a font (`font = "serif"`): one of the data file's own
files (`[fonts]`, `printkit/datafile/font_table.py`, registered here by
`user_family`, embedded as a subset like the others) or printkit's own
(`SHIPPED`). Each character is set in the first font of its `Typeface` that
has it: the element's font, the data file's fonts in the order written, the
build language's family, then the other shipped family, so Japanese prints
in IPAex Gothic in an English build and a font without accents borrows them;
`Typeface.font_for` is None for a character no font has, which the layouts
report in one line naming the text and the character.

A drawing module takes its fonts from `family(data.lang)` and measures with
`pdfmetrics.stringWidth` under those names; `wrap` breaks text into lines,
between words and between CJK characters, never before closing punctuation
(`wrap_measured` does the same for text in several fonts, measured by the caller).
"""

from __future__ import annotations

import hashlib
import importlib.util
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.errors import DataError
from printkit.languages import LANGS

FILES = Path(__file__).resolve().parent / "font_files"


@dataclass(frozen=True)
class Family:
    """Registered font names of one language: regular, bold, italic and bold italic."""

    lang: str
    regular: str
    bold: str
    italic: str = ""
    bold_italic: str = ""
    faux_bold: bool = False  # the bold is the regular outlines, to be stroked when drawn
    faux_italic: bool = False  # the italics are the upright outlines, to be slanted when drawn

    def face(self, bold: bool = False, italic: bool = False) -> str:
        """The font name for a weight and slant (a faux italic's upright font when there is none)."""
        if italic and not self.faux_italic:
            return self.bold_italic if bold else self.italic
        return self.bold if bold else self.regular


def _ipaex_gothic() -> Path:
    spec = importlib.util.find_spec("matplotlib_fontja")
    locations = list(spec.submodule_search_locations or []) if spec else []
    for folder in locations:
        path = Path(folder) / "fonts" / "ipaexg.ttf"
        if path.is_file():
            return path
    raise DataError(
        "--lang ja: the Japanese font IPAex Gothic was not found; install it with "
        "`pip install matplotlib-fontja` (a dependency of this project)"
    )


def japanese_font_file() -> Path:
    """The Japanese font's TrueType file, for drawing that is not reportlab's (the report's figures)."""
    return _ipaex_gothic()


def _register(name: str, path: Path) -> None:
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))


# Registered bold names whose outlines are the regular's: the canvas strokes them (printkit/output/canvas.py).
FAUX_BOLD: set[str] = set()
SHIPPED = {"liberation sans": "en", "ipaex gothic": "ja"}  # printkit's own families, by name


@cache
def family(lang: str = "en") -> Family:
    """The font family for a language, registered with reportlab on first use."""
    if lang == "en":
        fam = Family(
            "en", "PrintkitSans", "PrintkitSans-Bold", "PrintkitSans-Italic", "PrintkitSans-BoldItalic"
        )
        for name, file in (
            (fam.regular, "Regular"),
            (fam.bold, "Bold"),
            (fam.italic, "Italic"),
            (fam.bold_italic, "BoldItalic"),
        ):
            _register(name, FILES / f"LiberationSans-{file}.ttf")
        return fam
    if lang == "ja":
        path = _ipaex_gothic()
        fam = Family("ja", "PrintkitGothicJA", "PrintkitGothicJA-Bold", faux_bold=True, faux_italic=True)
        _register(fam.regular, path)
        _register(fam.bold, path)
        FAUX_BOLD.add(fam.bold)
        return fam
    raise DataError(f"lang: unknown language {lang!r}; expected one of {', '.join(LANGS)}")


@cache
def user_family(files: tuple[tuple[str, Path], ...], key: str) -> Family:
    """A data file's font family (`files`: (style, path) pairs with "regular" among them), registered
    under names made from the files' contents, so a build names its fonts the same way every time.

    A style the family lacks is made from the others: bold is the regular stroked, italic the regular
    slanted, bold italic the bold slanted. `key` names the family in errors (`fonts.serif`).
    """
    given = dict(files)
    names: dict[str, str] = {}
    for style, path in given.items():
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise DataError(f"{key}: cannot read {path}: {exc.strerror or exc}") from None
        name = f"PrintkitUser-{hashlib.sha256(data).hexdigest()[:12]}"
        try:
            _register(name, path)
        except Exception as exc:  # noqa: BLE001 - reportlab's parser raises many kinds for a broken file
            raise DataError(
                f"{key}: {path.name}: not a TrueType font printkit can embed ({exc}); "
                "use the font's .ttf file (OpenType fonts with PostScript outlines are not embedded)"
            ) from None
        names[style] = name
    faux_bold = "bold" not in names
    if faux_bold:
        names["bold"] = names["regular"] + "-Bold"
        _register(names["bold"], given["regular"])
        FAUX_BOLD.add(names["bold"])
    faux_italic = "italic" not in names
    return Family(
        "",
        names["regular"],
        names["bold"],
        names.get("italic", ""),
        names.get("bold_italic", names.get("italic", "")),
        faux_bold=faux_bold,
        faux_italic=faux_italic,
    )


@cache
def _glyphs(name: str) -> frozenset[int]:
    """The characters a registered TrueType font has outlines for."""
    return frozenset(pdfmetrics.getFont(name).face.charToGlyph)


@dataclass(frozen=True)
class Typeface:
    """The fonts a text is set in, first choice first: each character takes the first that has it.

    `later` names the shipped families tried after `families`, by language: each is registered when
    a character first needs it, as reading the Japanese font takes about 0.09 s of CPU that a text
    all in the English font (`printkit list`, an English build) need not pay."""

    families: tuple[Family, ...]
    later: tuple[str, ...] = ()
    chosen: dict[tuple[str, bool, bool], tuple[str, bool] | None] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    def font_for(self, ch: str, bold: bool = False, italic: bool = False) -> tuple[str, bool] | None:
        """(font name, slanted) for a character in a style, or None when no font has it."""
        key = (ch, bold, italic)
        if key not in self.chosen:
            self.chosen[key] = None
            for fam in self._chain():
                name = fam.face(bold, italic)
                if ch.isspace() or ord(ch) in _glyphs(name):
                    self.chosen[key] = (name, italic and fam.faux_italic)
                    break
        return self.chosen[key]

    def _chain(self) -> Iterator[Family]:
        yield from self.families
        for lang in self.later:
            yield family(lang)


def typeface(lang: str, first: Family | None = None, others: Sequence[Family] = ()) -> Typeface:
    """`first` (an element's font, the language's family when it names none), then `others` (the data
    file's), then printkit's own, the language's first (the other one registered only when needed)."""
    chain: list[Family] = []
    for fam in [first or family(lang), *others, family(lang)]:
        if fam not in chain:
            chain.append(fam)
    later = tuple(code for code in ("en", "ja") if code != lang and all(fam.lang != code for fam in chain))
    return Typeface(tuple(chain), later)


def families_of(table: Mapping[str, Mapping[str, Path]]) -> dict[str, Family]:
    """A data file's `[fonts]` table as registered families, by name."""
    return {
        name: user_family(tuple(sorted((style, Path(p)) for style, p in files.items())), f"fonts.{name}")
        for name, files in table.items()
    }


def substitute(name: str, fam: Family) -> str:
    """The embedded font to draw instead of one of the PDF standard fonts; other names unchanged."""
    if name in pdfmetrics.standardFonts:
        return fam.face(bold="Bold" in name, italic="Oblique" in name or "Italic" in name)
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
    comes after, a CJK character with a number just before it (3点, 2枚), a
    katakana word stays whole (プレイヤー), 第 stays with its number, and ＋ or ～
    with the numbers on either side (1＋3, 5～8人).
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
        if joined and _keep_together(joined[-1], token):
            joined[-1] += token
        else:
            joined.append(token)
    return joined


def _is_katakana(ch: str) -> bool:
    return 0x30A0 <= ord(ch) <= 0x30FF


def _keep_together(before: str, token: str) -> bool:
    """Whether no line may break between `before` and `token`."""
    last, first = before[-1], token[0]
    return (
        first in NO_LINE_START
        or last in NO_LINE_END
        or (_is_cjk(first) and last.isdigit())
        or (_is_katakana(last) and _is_katakana(first))
        or (last == "第" and first.isdigit())
        or (first in JOINERS and last.isdigit())
        or (last in JOINERS and first.isdigit())
    )


JOINERS = frozenset("＋～")
WIDOW_CHARS = 4  # a last line this short ("3点。") is pulled longer by narrowing the others
NARROWEST = 0.8


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Line breaks so that each line fits `width` points (a single long word may not).

    Greedy, except that a last line of `WIDOW_CHARS` characters or fewer under
    a longer paragraph is avoided by wrapping the paragraph a little narrower
    (down to `NARROWEST` of the width) when that gives it more company.
    """
    spans = wrap_measured(text, lambda a, b: pdfmetrics.stringWidth(text[a:b], font, size), width)
    return [text[a:b] for a, b in spans]


def wrap_measured(
    text: str, measure: Callable[[int, int], float], width: float, tokens: list[str] | None = None
) -> list[tuple[int, int]]:
    """`wrap`'s line breaks as (start, end) spans of `text`, where `measure(a, b)` is `text[a:b]`'s width.

    For text set in several fonts (bold runs, icons), which only the caller can
    measure; a line's span leaves out the spaces where it breaks. `tokens`
    are `break_points(text)` when the caller has them already.
    """
    tokens = break_points(text) if tokens is None else tokens
    lines = _greedy(text, tokens, measure, width)
    scale = 0.97
    while len(lines) > 1 and _chars(text, lines[-1]) <= WIDOW_CHARS and scale >= NARROWEST:
        narrower = _greedy(text, tokens, measure, width * scale)
        if len(narrower) == len(lines) and _chars(text, narrower[-1]) > WIDOW_CHARS:
            return narrower
        scale -= 0.03
    return lines


def _chars(text: str, span: tuple[int, int]) -> int:
    return len(text[span[0] : span[1]].strip())


def break_points(text: str) -> list[str]:
    """The pieces `wrap` may break `text` between (see `_tokens`)."""
    return _tokens(text)


def _greedy(
    text: str, tokens: list[str], measure: Callable[[int, int], float], width: float
) -> list[tuple[int, int]]:
    lines: list[tuple[int, int]] = []
    start = end = 0  # the line so far is text[start:end]
    for token in tokens:
        if end > start and measure(*_stripped(text, start, end + len(token))) > width:
            lines.append(_stripped(text, start, end))
            start = end + len(token) - len(token.lstrip(" "))
        end += len(token)
    if text[start:end].strip():
        lines.append(_stripped(text, start, end))
    return lines


def _stripped(text: str, start: int, end: int) -> tuple[int, int]:
    """The span `start:end` without the spaces at its end."""
    while end > start and text[end - 1] == " ":
        end -= 1
    return start, end
