"""Fonts in layouts: a font file the data file names is embedded (subset), every character falls back to a
font that has it (Japanese in an English build), and a character no font has is one line naming it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.build import build
from printkit.datafile.gamedata import load_game
from printkit.draw import pieces_for
from printkit.errors import DataError
from printkit.output.fonts import family, typeface
from tests.printkit.card_games import card_game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FONT = EXAMPLES / "deck" / "fonts" / "DejaVuSerif-Bold.ttf"


def _game(tmp_path: Path, text: str, font: str = "", fonts: str = "") -> Path:
    """One card whose text is `text`, in the font named `font` (if any), with the `fonts` table given and
    the deck example's font file copied beside it."""
    (tmp_path / "fonts").mkdir(exist_ok=True)
    shutil.copy(FONT, tmp_path / "fonts" / FONT.name)
    chosen = f', font = "{font}"' if font else ""
    element = f't = {{ kind = "text", x = 5, y = 5, w = 50, h = 20, text = "{{name}}", size = 12{chosen} }}'
    return card_game(tmp_path, f'[{{ name = "{text}" }}]', element, fonts)


def _fonts_of(pdf: Path) -> set[str]:
    names = set()
    for page in PdfReader(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            name = str(font.get_object()["/BaseFont"])
            names.add(name.split("+", 1)[-1])
    return names


def _embedded_subsets(pdf: Path) -> list[str]:
    """Base names of the fonts whose programs are embedded as subsets (the `XXXXXX+` prefix)."""
    out = []
    for page in PdfReader(pdf).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            descriptor = (descendants[0].get_object() if descendants else font).get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                out.append(str(font["/BaseFont"]).lstrip("/"))
    return out


def test_a_font_file_named_by_the_data_file_is_embedded_as_a_subset(tmp_path):
    path = _game(tmp_path, "Harvest", "serif", '[fonts]\nserif = "fonts/DejaVuSerif-Bold.ttf"')
    result = build(str(path), tmp_path / "out")
    assert "DejaVuSerif-Bold" in _fonts_of(result.path)
    subsets = _embedded_subsets(result.path)
    assert any(name.endswith("+DejaVuSerif-Bold") and name[6] == "+" for name in subsets), subsets


def test_japanese_in_an_english_build_is_set_in_the_japanese_font(tmp_path):
    path = _game(tmp_path, "Ember 炎 の札")
    result = build(str(path), tmp_path / "out")
    assert {"LiberationSans", "IPAexGothic"} <= _fonts_of(result.path)
    chain = typeface("en")
    assert chain.font_for("炎") == (family("ja").regular, False)
    assert chain.font_for("E") == (family("en").regular, False)
    assert chain.font_for("炎", bold=True, italic=True) == (family("ja").bold, True)  # stroked and slanted


def test_the_other_languages_font_is_read_only_when_a_character_needs_it():
    # in a process of its own: fonts are registered once per process, and other tests register both
    check = """
from reportlab.pdfbase.pdfmetrics import getRegisteredFontNames
from printkit.output.fonts import typeface
chain = typeface("en")
assert chain.font_for("E") == ("PrintkitSans", False), chain.font_for("E")
assert "PrintkitGothicJA" not in getRegisteredFontNames()
assert chain.font_for("\u708e") == ("PrintkitGothicJA", False), chain.font_for("\u708e")
assert "PrintkitGothicJA" in getRegisteredFontNames()
"""
    subprocess.run([sys.executable, "-c", check], check=True)


def test_a_character_the_chosen_font_lacks_falls_back_and_one_no_font_has_is_one_line(tmp_path, run_tool):
    path = _game(tmp_path, "Ember 炎", "serif", '[fonts]\nserif = "fonts/DejaVuSerif-Bold.ttf"')
    data = load_game(str(path))
    assert len(pieces_for(data, data.resolve())) == 1  # 炎 is not in DejaVu Serif: IPAex Gothic sets it
    path = _game(tmp_path, "Ember 한")  # Korean: no font printkit ships has it (a box, silently, before)
    code, _, err = run_tool("printkit", "build", str(path), "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 1 and not (tmp_path / "out").exists()
    assert (
        f"{path}: components.card.rows[0], column name: layouts.card.t.text: no font has '한' (U+D55C)" in err
    )


def test_a_mistyped_key_of_a_text_lists_every_key_a_text_takes(tmp_path):
    path = card_game(tmp_path, '[{ name = "Ace" }]', 't = { kind = "text", text = "{name}", fnt = "serif" }')
    with pytest.raises(DataError) as err:
        load_game(str(path))
    message = str(err.value)
    assert 'layouts.card.t.fnt: unknown key for a text; did you mean "font"?' in message
    listed = message.partition("expected one of: ")[2]
    assert {"font", "size", "text", "colour", "visible"} <= set(listed.rstrip(")").split(", "))  # cut at 12


@pytest.mark.parametrize(
    "font, fonts, said",
    [
        ("serf", '[fonts]\nserif = "fonts/DejaVuSerif-Bold.ttf"', "no font 'serf'; did you mean \"serif\"?"),
        ("", '[fonts]\nserif = "fonts/missing.ttf"', "fonts.serif: no font file 'fonts/missing.ttf'"),
        ("", '[fonts]\nserif = "../DejaVuSerif-Bold.ttf"', "write a path inside the data file's folder"),
        ("", '[fonts]\nserif = "fonts/DejaVuSerif-Bold.woff"', "expected a .ttf or .otf font file"),
        ("", '[fonts]\nserif = { bold = "fonts/DejaVuSerif-Bold.ttf" }', 'expected "file.ttf" or { regular'),
        ("", '[fonts]\nserif = { regular = "fonts/DejaVuSerif-Bold.ttf", heavy = "x.ttf" }', "unknown style"),
    ],
)
def test_a_bad_font_is_one_line_naming_its_key(tmp_path, font, fonts, said):
    path = _game(tmp_path, "Ace", font, fonts)
    with pytest.raises(DataError) as err:
        data = load_game(str(path))
        pieces_for(data, data.resolve())
    assert said in str(err.value) and "\n" not in str(err.value)


def test_a_file_that_is_not_a_font_is_one_line(tmp_path, run_tool):
    path = _game(tmp_path, "Ace", "serif", '[fonts]\nserif = "fonts/broken.otf"')
    (tmp_path / "fonts" / "broken.otf").write_bytes(b"OTTO" + b"\0" * 200)
    code, _, err = run_tool("printkit", "build", str(path), "--out", str(tmp_path / "out"))
    assert code == 2 and err.count("\n") == 1
    assert "fonts.serif: broken.otf: not a TrueType font printkit can embed" in err
    assert not (tmp_path / "out").exists()
