"""Every page of a report on the paper chosen: A4 by default, or US Letter (`--paper letter`).

The text pages are drawn at the paper's size. Figures keep the size that
suits them on screen (their PNGs and the HTML page use it); for the PDF,
`fit_pages` lays each onto paper pages, scaled down to fit within the
margins (never up), one under the other while they fit, top first, as vector
drawings (pdfium's form objects). PDFium writes the time and a random file
identifier; they are replaced by a fixed date and an identifier made from the
file's contents, so that the same report is the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import re

import pypdfium2 as pdfium

from printkit.errors import DataError

POINTS = 72.0
PAPERS = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}  # width, height in points
MARGIN = 10 * 72 / 25.4  # 10 mm on every side
GAP = 6 * 72 / 25.4  # between two figures on one page
_ID = re.compile(rb"/ID\s*\[\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*\]")
_DATE = re.compile(rb"/CreationDate\(D:\d{14}[^)]*\)")
FIXED_DATE = b"/CreationDate(D:20000101000000+00'00')"


def paper_size(paper: str) -> tuple[float, float]:
    """The paper's width and height in points; an unknown name is one line."""
    if paper not in PAPERS:
        raise DataError(f"--paper: expected one of {', '.join(PAPERS)}, got {paper!r}")
    return PAPERS[paper]


def page_inches(paper: str) -> tuple[float, float]:
    """The paper's size in inches, as matplotlib's `figsize` takes it."""
    width, height = paper_size(paper)
    return width / POINTS, height / POINTS


def _is_paper(width: float, height: float, paper: tuple[float, float]) -> bool:
    return abs(width - paper[0]) < 1 and abs(height - paper[1]) < 1


def fit_pages(pdf: bytes, paper: str) -> bytes:
    """The PDF with every page on `paper`: pages of that size as they are, others scaled and stacked."""
    size = paper_size(paper)
    width, height = size
    room_w, room_h = width - 2 * MARGIN, height - 2 * MARGIN
    source = pdfium.PdfDocument(pdf)
    out = pdfium.PdfDocument.new()
    page = None
    top = 0.0  # where the next figure's top goes on `page`, from the page's bottom
    for index in range(len(source)):
        w, h = source[index].get_size()
        if _is_paper(w, h, size):
            if page is not None:  # the figures stacked so far, written before their page is left
                page.gen_content()
            out.import_pages(source, [index])
            page = None
            continue
        scale = min(1.0, room_w / w, room_h / h)
        if page is None or top - h * scale < MARGIN:
            if page is not None:
                page.gen_content()
            page = out.new_page(width, height)
            top = height - MARGIN
        figure = source.page_as_xobject(index, out).as_pageobject()
        figure.transform(
            pdfium.PdfMatrix().scale(scale, scale).translate((width - w * scale) / 2, top - h * scale)
        )
        page.insert_obj(figure)
        top -= h * scale + GAP
    if page is not None:
        page.gen_content()
    buf = io.BytesIO()
    out.save(buf)
    return _same_id(buf.getvalue())


def _same_id(data: bytes) -> bytes:
    """`data` with PDFium's creation date fixed and its file identifier replaced by a digest of everything
    else (each the same length, so that the cross-reference table's offsets still hold)."""
    date = _DATE.search(data)
    if date is not None and len(date.group(0)) == len(FIXED_DATE):
        data = data[: date.start()] + FIXED_DATE + data[date.end() :]
    match = _ID.search(data)
    if match is None:
        return data
    digest = hashlib.md5(data[: match.start()] + data[match.end() :]).hexdigest().upper()
    digest = (digest * 4)[: len(match.group(1))]
    return (
        data[: match.start()]
        + b"/ID[<"
        + digest.encode()
        + b"><"
        + digest.encode()
        + b">]"
        + data[match.end() :]
    )
