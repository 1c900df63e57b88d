"""A report's pages in the PDF's standard fonts: where they are used, where the embedded font stays."""

from __future__ import annotations

import io
import re
import zlib

import pytest
from matplotlib.backends.backend_pdf import PdfPages

from simulate.report import context
from simulate.report import document as report
from simulate.report.plotting import plt, speaking
from simulate.report.standard_text import settable, standard_fonts


def _pdf(fig: plt.Figure) -> bytes:
    buf = io.BytesIO()
    with PdfPages(buf) as pdf, standard_fonts(fig):
        pdf.savefig(fig)
    plt.close(fig)
    return buf.getvalue()


def _drawn(pdf: bytes) -> bytes:
    """The PDF's page drawings, decompressed."""
    return b"".join(zlib.decompress(m.group(1)) for m in re.finditer(rb"stream\n(.*?)endstream", pdf, re.S))


def _figure(label: str) -> plt.Figure:
    fig, ax = plt.subplots()
    ax.plot([-2, 2], [-1, 1], label=label)
    ax.legend()
    return fig


def test_an_english_figure_is_set_in_helvetica_with_no_font_embedded():
    pdf = _pdf(_figure("7x7 board, 50% draws"))
    assert b"/BaseFont /Helvetica" in pdf
    assert b"DejaVu" not in pdf and b"/FontFile" not in pdf
    # a negative tick with a hyphen-minus, not the minus sign the standard fonts lack (which would print "?")
    assert b"(-2.0) Tj" in _drawn(pdf)


def test_a_character_outside_windows_1252_keeps_the_embedded_font_for_its_figure():
    fig = _figure("at least 3 \u2265 2")
    assert not settable(fig)
    pdf = _pdf(fig)
    assert b"DejaVu" in pdf and b"Helvetica" not in pdf


def test_a_japanese_report_keeps_its_embedded_font():
    with speaking("ja"):
        fig = _figure("board7")
        assert not settable(fig)


def test_text_page_lines_sit_on_evenly_spaced_baselines():
    ctx = context.Context("United Square", "united_square", 100, 1, (), ())
    blocks = [("p", "(p = 0.11) [3, 11]"), ("p", "acne"), ("p", "Ågård"), ("mono", "seat 1 wins")]
    page = report.text_pages(ctx, [], "verdict", blocks)[0]
    lines = page.texts[1:]
    assert all(text.get_va() == "baseline" for text in lines)
    ys = [text.get_position()[1] for text in lines[:3]]
    assert ys[0] - ys[1] == pytest.approx(ys[1] - ys[2])
    plt.close(page)
