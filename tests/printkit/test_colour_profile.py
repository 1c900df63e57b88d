"""Colour-managed CMYK: colours keep their look through the profile, and the PDF says which profile.

The CIEDE2000 formula is held to the published test pairs of Sharma, Wu and
Dalal (2005); the printed colours are read back from the shop PDFs (the ground
each piece is filled with) and rendered back through the profile.
"""

from __future__ import annotations

import shutil
import subprocess

import pikepdf
import pytest
from PIL import ImageCms
from pypdf import PdfReader
from pypdf.generic import ContentStream
from reportlab.lib.colors import rgb2cmyk

from printkit.build import build
from printkit.datafile.gamedata import available_games, load_game
from printkit.draw import has_drawing
from printkit.errors import DataError
from printkit.output.colour_profile import SHIPPED_PROFILE, Converter, delta_e_2000, load_profile

GAMES = [g for g in available_games() if has_drawing(load_game(g))]


@pytest.fixture(scope="module")
def converter():
    return Converter(load_profile(None))


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    """Each game's shop file with --pdfx, one page per distinct face (--unique) to keep it quick."""
    out = tmp_path_factory.mktemp("shop")
    return {g: build(g, out, mode="shop", pdfx=True, unique=True) for g in GAMES}


@pytest.mark.parametrize(
    ("lab1", "lab2", "expected"),
    [  # pairs 1, 2, 3, 7, 17 and 25 of Sharma, Wu and Dalal's CIEDE2000 test data
        ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
        ((50, 3.1571, -77.2803), (50, 0, -82.7485), 2.8615),
        ((50, 2.8361, -74.0200), (50, 0, -82.7485), 3.4412),
        ((50, 0, 0), (50, -1, 2), 2.3669),
        ((50, 2.5, 0), (73, 25, -18), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ],
)
def test_ciede2000_matches_the_published_pairs(lab1, lab2, expected):
    assert delta_e_2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert delta_e_2000(lab2, lab1) == pytest.approx(expected, abs=1e-4)


def _ground(reader: PdfReader, component: str, side: str) -> tuple[float, ...]:
    """The fill colour of the first shape drawn in the first piece of `component` on `side`."""
    for page in reader.pages:
        fill: tuple[float, ...] = ()
        inside = False
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"BDC" and str(operands[0]) == "/PrintkitPiece":
                props = operands[1]
                inside = str(props["/Component"]) == f"/{component}" and str(props["/Side"]) == f"/{side}"
            elif inside and op == b"k":
                fill = tuple(float(v) for v in operands)
            elif inside and op in (b"f", b"F", b"f*", b"B") and fill:
                return fill
    raise AssertionError(f"no {side} of {component} found")


@pytest.mark.parametrize(
    ("game", "component", "side", "rgb"),
    [
        ("tiddly_wink", "domino", "back", (122, 28, 44)),  # the dark red back that printed brown
        ("twinkle_twinkle", "tile", "front", (0x16, 0x21, 0x3E)),  # the star tiles' navy
        ("twinkle_twinkle", "reference", "front", (0x2E, 0x7D, 0x32)),  # the green side
        ("twinkle_twinkle", "standee", "front", (0xF4, 0xC4, 0x30)),  # the yellow standee
    ],
)
def test_printed_colours_stay_within_delta_e_5_of_their_source(shop, converter, game, component, side, rgb):
    cmyk = _ground(PdfReader(shop[game].path), component, side)
    source = converter.source_lab(tuple(v / 255 for v in rgb))
    assert delta_e_2000(source, converter.printed_lab(cmyk)) < 5
    if component == "domino":  # the naive formula this replaced prints it far off (brown)
        naive = rgb2cmyk(*(v / 255 for v in rgb))
        assert delta_e_2000(source, converter.printed_lab(naive)) > 10


@pytest.mark.parametrize("game", GAMES)
def test_a_pdfx_shop_file_carries_its_output_intent_and_x4_identification(shop, game):
    path = shop[game].path
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version == "1.6"
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert str(intent.RegistryName) == "http://www.color.org"
        assert intent.DestOutputProfile.N == 4
        assert intent.DestOutputProfile.read_bytes() == SHIPPED_PROFILE.read_bytes()
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
        assert pdf.docinfo.Trapped == pikepdf.Name("/False")
        xmp = pdf.Root.Metadata.read_bytes().decode("utf-8")
        assert "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in xmp
        for page in pdf.pages:
            media, bleed, trim = (
                [float(v) for v in page.obj[k]] for k in ("/MediaBox", "/BleedBox", "/TrimBox")
            )
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2]
            assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3]
        assert pdf.check_pdf_syntax() == []
    qpdf = shutil.which("qpdf")
    if qpdf:  # the command a shop's tools run; pikepdf's check above is the same library
        done = subprocess.run([qpdf, "--check", str(path)], capture_output=True, text=True)
        assert done.returncode == 0 and "No syntax or stream encoding errors" in done.stdout
    reader = PdfReader(path)
    for page in reader.pages:
        ops = {op for _, op in ContentStream(page.get_contents(), reader).operations}
        assert not ops & {b"rg", b"RG", b"g", b"G"}  # DeviceCMYK only, as the output intent says


def test_colours_the_profile_cannot_print_are_named_with_their_data_keys(shop, converter):
    summary = shop["time_splicers"].summary["colour"]
    far = {c["rgb"]: c for c in summary["out_of_gamut"]}
    assert far["#b9b4ff"]["keys"] == ["components.number_card.back_ink_rgb"]
    assert far["#b9b4ff"]["delta_e"] > summary["gamut_delta_e"]
    assert shop["tiddly_wink"].summary["colour"]["out_of_gamut"] == []
    # pure sRGB blue is far outside offset printing; a grey prints with black ink alone
    assert (
        delta_e_2000(converter.source_lab((0, 0, 1)), converter.printed_lab(converter.cmyk((0, 0, 1)))) > 10
    )
    c, m, y, k = converter.cmyk((0.5, 0.5, 0.5))
    assert (c, m, y) == (0, 0, 0) and 0.4 < k < 0.8
    assert "#808080" not in dict(converter.out_of_gamut())


def test_a_profile_of_ones_own_is_embedded_and_a_wrong_file_refused(tmp_path):
    mine = tmp_path / "press.icc"
    mine.write_bytes(SHIPPED_PROFILE.read_bytes())
    result = build("united_square", tmp_path / "out", mode="shop", icc=mine)
    with pikepdf.open(result.path) as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert str(intent.OutputConditionIdentifier) == "Custom" and "/RegistryName" not in intent
        assert "/GTS_PDFXVersion" not in pdf.docinfo  # an output intent, not PDF/X, without --pdfx
    assert result.summary["colour"]["profile_file"] == "press.icc"
    rgb = tmp_path / "screen.icc"
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    not_icc = tmp_path / "notes.icc"
    not_icc.write_text("not a profile", encoding="utf-8")
    for bad, message in (
        (rgb, "expected a CMYK output"),
        (not_icc, "not an ICC profile"),
        (tmp_path / "none.icc", "cannot read"),
    ):
        with pytest.raises(DataError, match=message):
            build("united_square", tmp_path / "bad", mode="shop", icc=bad)
    assert not (tmp_path / "bad").exists()


def test_pdfx_files_are_the_same_bytes_each_time(tmp_path):
    one = build("tiddly_wink", tmp_path / "a", mode="shop", pdfx=True, unique=True)
    two = build("tiddly_wink", tmp_path / "b", mode="shop", pdfx=True, unique=True)
    assert one.path.read_bytes() == two.path.read_bytes()
