"""Proofs: PNG images of every distinct face of a game, front and back, at a chosen resolution.

A showcase for a designer or a shop page: one piece of each distinct face
(`printkit/pieces/faces.py`) is drawn alone on a page of its trim size (as in shop
mode, without bleed), and pdfium (the `pypdfium2` package) rasterises the
page. Files are `<stem>-proof-<face>.png` and `...-<face>-back.png` for a piece
with a back, where `<face>` is the component, numbered (`tile-07`) when the
component has more than one distinct face. Same input, same pixels.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

import pypdfium2

from printkit.atomic import write_output
from printkit.build import output_stem
from printkit.datafile.gamedata import GameData, Rules, load_game
from printkit.draw import pieces_for
from printkit.errors import DataError
from printkit.output.fonts import Family, family
from printkit.pieces.faces import Face, distinct_faces, face_name
from printkit.sheets.geometry import Sheet
from printkit.sheets.imposition import render
from printkit.sheets.shop import shop_layout

DPI_RANGE = (30, 600)
MAX_PIXELS = 100_000_000  # an image of one face (300 MB of RGB): a 420 x 594 mm board at 600 dpi


def png_pages(pdf: bytes, dpi: int) -> list[bytes]:
    """Every page of a PDF as PNG bytes at `dpi`."""
    doc = pypdfium2.PdfDocument(pdf)
    try:
        images = []
        for page in doc:
            image = page.render(scale=dpi / 72).to_pil()
            buf = io.BytesIO()
            image.save(buf, format="PNG", dpi=(dpi, dpi))
            images.append(buf.getvalue())
            page.close()
        return images
    finally:
        doc.close()


def checked_faces(
    game: str, spec: str, sets: Iterable[str], dpi: int, lang: str
) -> tuple[GameData, Rules, Family, list[Face]]:
    """A game's data, rules, fonts and distinct faces, `dpi` checked first: what proofs and exports draw."""
    lo, hi = DPI_RANGE
    if not lo <= dpi <= hi:
        raise DataError(f"--dpi: expected {lo} to {hi}, got {dpi}")
    data = load_game(game).localized(lang)
    rules = data.resolve(spec, sets)
    faces = distinct_faces(pieces_for(data, rules))
    for face in faces:
        w, h = (round(side / 25.4 * dpi) for side in face.piece.size_mm)
        if w * h > MAX_PIXELS:
            raise DataError(
                f"--dpi {dpi}: {face.piece.label} ({face.piece.width_mm:g} x {face.piece.height_mm:g} mm) "
                f"would be an image of {w * h / 1e6:,.0f} million pixels; at most {MAX_PIXELS / 1e6:,.0f}, "
                "so lower --dpi"
            )
    return data, rules, family(lang), faces


def face_pngs(face: Face, title: str, fonts: Family, dpi: int) -> list[tuple[Sheet, bytes]]:
    """Each sheet of one face (its front, then its back if any) drawn alone at trim size, as PNG at `dpi`."""
    sheets = shop_layout([face.piece], bleed=0.0)
    return list(zip(sheets, png_pages(render(sheets, title, fonts), dpi), strict=True))


def write_proofs(
    game: str,
    out_dir: Path | str,
    spec: str = "default",
    sets: Iterable[str] = (),
    dpi: int = 150,
    lang: str = "en",
) -> list[Path]:
    """Write one PNG per side of each distinct face; return their paths."""
    data, rules, fonts, faces = checked_faces(game, spec, sets, dpi, lang)
    stem = output_stem(data.name, rules.label, "home", lang)
    files: list[tuple[Path, bytes]] = []
    for face in faces:
        for sheet, png in face_pngs(face, f"{data.title}: {face.piece.label}", fonts, dpi):
            suffix = "-back" if sheet.side == "back" else ""
            files.append((Path(out_dir) / f"{stem}-proof-{face_name(face, faces)}{suffix}.png", png))
    for path, png in files:
        write_output(path, png)
    return [path for path, _ in files]
