"""Exports for screens and online playtests: one image per distinct face, and Tabletop Simulator decks.

`printkit export GAME` renders each distinct face (`printkit/faces.py`) alone
at its trim size, the way proofs are made, and writes into `<out>/<stem>-export/`:

- `--png`: `<face>.png` (and `<face>-back.png`) at `--dpi` (default 300), a
  face of w x h mm being round(w / 25.4 * dpi) x round(h / 25.4 * dpi) pixels;
- `--svg`: the same faces as vector SVG, converted from the face's PDF page by
  `pdftocairo` (poppler-utils), which must be installed;
- `--tts`: Tabletop Simulator custom decks: per component, its faces in grids
  of at most 10 x 7 (TTS's largest deck sheet; a deck of more faces takes
  several sheets) as `<component>-NN.png`, a back image `<component>-back.png`
  when its faces share one back, or a back sheet `<component>-NN-back.png` laid
  out like the faces when each has its own (TTS's "unique backs"), and
  `tts.json` listing each sheet with its
  columns, rows, and for each face its place on the sheet and how many copies
  the game has, so a deck of the right counts can be built (TTS's
  "Custom Deck" import takes the sheet, its columns and rows).

Nothing is written when the input is bad; the same input gives the same files.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from PIL import Image

from printkit.atomic import write_output
from printkit.build import output_stem
from printkit.errors import DataError
from printkit.faces import Face, face_name
from printkit.imposition import render
from printkit.proof import checked_faces, face_pngs
from printkit.shop import shop_layout

TTS_COLUMNS, TTS_ROWS = 10, 7


def face_pixels(size_mm: tuple[float, float], dpi: int) -> tuple[int, int]:
    """The pixel size of a face of `size_mm` at `dpi`."""
    return (round(size_mm[0] / 25.4 * dpi), round(size_mm[1] / 25.4 * dpi))


def _face_pngs(faces: Sequence[Face], title: str, fonts: Any, dpi: int) -> list[tuple[bytes, bytes | None]]:
    """Front and (if any) back PNG of each face, each exactly `face_pixels` in size."""
    out = []
    for face in faces:
        size = face_pixels(face.piece.size_mm, dpi)
        fixed = [_exact(png, size) for _, png in face_pngs(face, title, fonts, dpi)]
        out.append((fixed[0], fixed[1] if len(fixed) > 1 else None))
    return out


def _exact(png: bytes, size: tuple[int, int]) -> bytes:
    """The image resampled to exactly `size` when rasterising rounded it a pixel off."""
    with Image.open(io.BytesIO(png)) as image:
        if image.size == size:
            return png
        buf = io.BytesIO()
        image.convert("RGB").resize(size, Image.Resampling.LANCZOS).save(buf, format="PNG")
        return buf.getvalue()


def _svg(pdf: bytes) -> str:
    tool = shutil.which("pdftocairo")
    if tool is None:
        raise DataError("--svg: needs pdftocairo from poppler-utils (e.g. apt-get install poppler-utils)")
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = Path(tmp) / "face.pdf", Path(tmp) / "face.svg"
        src.write_bytes(pdf)
        subprocess.run(
            [tool, "-svg", "-f", "1", "-l", "1", str(src), str(dst)], check=True, capture_output=True
        )
        return dst.read_text(encoding="utf-8")


def _tts_decks(
    faces: Sequence[Face], images: Sequence[tuple[bytes, bytes | None]], dpi: int
) -> tuple[list[tuple[str, bytes]], dict[str, Any]]:
    """Deck sheet images and the JSON listing, one deck per component."""
    files: list[tuple[str, bytes]] = []
    decks = []
    components = list(dict.fromkeys(f.piece.component for f in faces))
    for component in components:
        members = [(f, img) for f, img in zip(faces, images, strict=True) if f.piece.component == component]
        size = face_pixels(members[0][0].piece.size_mm, dpi)
        backs = {img[1] for _, img in members if img[1] is not None}
        per_sheet = TTS_COLUMNS * TTS_ROWS
        sheets = []
        for n, start in enumerate(range(0, len(members), per_sheet), 1):
            chunk = members[start : start + per_sheet]
            cols = min(TTS_COLUMNS, len(chunk))
            rows = -(-len(chunk) // cols)
            name = f"{component}-{n:02d}.png"
            files.append((name, _grid([img[0] for _, img in chunk], cols, rows, size)))
            cards = [
                {"place": k, "label": f.piece.label, "count": f.quantity} for k, (f, _) in enumerate(chunk)
            ]
            sheet = {"image": name, "columns": cols, "rows": rows, "cards": cards}
            if len(backs) > 1:  # a back per face: TTS's "unique backs", a sheet laid out like the faces
                sheet["back_image"] = f"{component}-{n:02d}-back.png"
                files.append((sheet["back_image"], _grid([img[1] for _, img in chunk], cols, rows, size)))
            sheets.append(sheet)
        deck: dict[str, Any] = {"component": component, "face_pixels": list(size), "sheets": sheets}
        if len(backs) == 1:
            deck["back"] = f"{component}-back.png"
            files.append((deck["back"], backs.pop()))
        deck["count"] = sum(c["count"] for s in sheets for c in s["cards"])
        decks.append(deck)
    return files, {"dpi": dpi, "decks": decks}


def _grid(pngs: Sequence[bytes | None], cols: int, rows: int, size: tuple[int, int]) -> bytes:
    """The images in a grid of `cols` x `rows` cells of `size` pixels, row by row, on white."""
    sheet = Image.new("RGB", (cols * size[0], rows * size[1]), "white")
    for k, png in enumerate(pngs):
        if png is not None:
            with Image.open(io.BytesIO(png)) as image:
                sheet.paste(image.convert("RGB"), ((k % cols) * size[0], (k // cols) * size[1]))
    return _png(sheet)


def _png(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def export(
    game: str,
    out_dir: Path | str,
    *,
    png: bool = False,
    svg: bool = False,
    tts: bool = False,
    dpi: int = 300,
    spec: str = "default",
    sets: Iterable[str] = (),
    lang: str = "en",
) -> list[Path]:
    """Write the asked exports (see the module docstring) and return their paths."""
    if not (png or svg or tts):
        raise DataError("export: say what to write: --png, --svg and/or --tts")
    data, rules, fonts, faces = checked_faces(game, spec, sets, dpi, lang)
    folder = Path(out_dir) / f"{output_stem(data.name, rules.label, 'home', lang)}-export"
    files: list[tuple[str, bytes | str]] = []
    images = _face_pngs(faces, data.title, fonts, dpi) if png or tts else []
    if png:
        for face, (front, back) in zip(faces, images, strict=True):
            files.append((f"{face_name(face, faces)}.png", front))
            if back is not None:
                files.append((f"{face_name(face, faces)}-back.png", back))
    if svg:
        for face in faces:
            sheets = shop_layout([face.piece], bleed=0.0)
            for sheet in sheets:
                suffix = "-back" if sheet.side == "back" else ""
                files.append(
                    (f"{face_name(face, faces)}{suffix}.svg", _svg(render([sheet], data.title, fonts)))
                )
    if tts:
        deck_files, listing = _tts_decks(faces, images, dpi)
        files += [(f"tts/{name}", content) for name, content in deck_files]
        files.append(("tts/tts.json", json.dumps(listing, indent=2, ensure_ascii=False) + "\n"))
    for name, content in files:
        write_output(folder / name, content)
    return [folder / name for name, _ in files]
