"""Exports for screens and online playtests: one image per distinct face, and a Tabletop Simulator object.

`printkit export GAME` renders each distinct face (`printkit/pieces/faces.py`) alone
at its trim size, the way proofs are made, and writes into `<out>/<stem>-export/`:

- `--png`: `<face>.png` (and `<face>-back.png`) at `--dpi` (default 300), a
  face of w x h mm being round(w / 25.4 * dpi) x round(h / 25.4 * dpi) pixels;
- `--svg`: the same faces as vector SVG, converted from the face's PDF page by
  `pdftocairo` (poppler-utils), which must be installed;
- `--images`: into `<stem>-export/images/`, one PNG per distinct face and
  back with bleed, at a print-on-demand shop's size (`--preset`), and a
  manifest of the counts (`printkit/exports/pod.py`);
- `--pages png` or `--pages svg`: into `<stem>-export/pages/`, every page of
  the home-sheet PDF `printkit build` makes (`--paper`), as PNG at `--dpi` or
  as SVG (pdftocairo), `page-NN.*` in the PDF's order;
- `--tts`: into `<stem>-export/tts/`, a Tabletop Simulator saved object
  `<stem>.json` with its thumbnail `<stem>.png` (the two files to copy into
  TTS's Saved Objects folder) and the images it names: deck sheets of at most
  10 x 7 faces `<component>-NN.png` with a back `<component>-back.png` or a
  sheet of backs `<component>-NN-back.png`, and one image per distinct tile,
  token or board face (`printkit/exports/tts.py` says which object each component
  becomes and how the images are named as URLs).

All faces are drawn into one PDF and rasterised from it by pdfium in one
pass, each image saved once. Nothing is written when the input is bad; the
same input gives the same files.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import subprocess
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import pypdfium2
from PIL import Image, ImageDraw

from printkit.atomic import write_output
from printkit.build import build, output_stem
from printkit.datafile.gamedata import GameData
from printkit.errors import DataError
from printkit.exports import pod
from printkit.exports.proof import checked_faces, png_pages
from printkit.exports.tts import Builder, Plan, face_pixels, plan, save_state
from printkit.output.fonts import Family
from printkit.pieces.contract import Piece
from printkit.pieces.faces import Face, face_name
from printkit.sheets.imposition import render
from printkit.sheets.shop import SHOP_BLEED_MM, shop_layout

THUMBNAIL_PX = 256
MAX_BLEED_MM = 25.0  # as build's --bleed
PNG_LEVEL = 3  # zlib level: 6 (Pillow's default) took twice the time for files 10 % smaller
Images = Iterator[tuple[Image.Image, Image.Image | None]]
Files = list[tuple[str, bytes | str]]  # file name (in the export folder) and content

__all__ = ["export", "face_pixels"]


def face_images(
    faces: Sequence[Face],
    title: str,
    fonts: Family,
    dpis: Sequence[int],
    bleeds: Sequence[float] | None = None,
    pixels: Sequence[tuple[int, int]] | None = None,
) -> Images:
    """Front and (if any) back image of each face at its dpi: its trim and its bleed (none unless
    `bleeds` says), exactly `pixels` (else `face_pixels` of that); one face at a time, so that a caller
    keeping only what it makes of them (PNG bytes) holds one face's pixels at once."""
    bleeds = bleeds or [0.0] * len(faces)
    sheets = [sheet for face, b in zip(faces, bleeds, strict=True) for sheet in shop_layout([face.piece], b)]
    doc = pypdfium2.PdfDocument(render(sheets, title, fonts))
    try:
        page = 0
        for k, (face, dpi) in enumerate(zip(faces, dpis, strict=True)):
            w, h = face.piece.size_mm
            size = pixels[k] if pixels else face_pixels((w + 2 * bleeds[k], h + 2 * bleeds[k]), dpi)
            sides = []
            for _ in range(2 if face.piece.draw_back is not None else 1):
                pdf_page = doc[page]
                image = pdf_page.render(scale=dpi / 72).to_pil().convert("RGB")
                pdf_page.close()
                sides.append(_fit(image, size))
                page += 1
            yield sides[0], sides[1] if len(sides) > 1 else None
    finally:
        doc.close()


def _fit(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """The rendered face at exactly `size`: pdfium rounds a page's pixels up, so at most a partial
    pixel is cut from the right and bottom edges; anything else is resampled."""
    if image.size == size:
        return image
    if 0 <= image.width - size[0] <= 1 and 0 <= image.height - size[1] <= 1:
        return image.crop((0, 0, *size))
    return image.resize(size, Image.Resampling.LANCZOS)


def _png(image: Image.Image, dpi: int | None = None) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=PNG_LEVEL, **({"dpi": (dpi, dpi)} if dpi else {}))
    return buf.getvalue()


def _grid(images: Sequence[Image.Image | None], cols: int, rows: int, size: tuple[int, int]) -> Image.Image:
    """The images in a grid of `cols` x `rows` cells of `size` pixels, row by row, on white."""
    sheet = Image.new("RGB", (cols * size[0], rows * size[1]), "white")
    for k, image in enumerate(images):
        if image is not None:
            sheet.paste(image, ((k % cols) * size[0], (k // cols) * size[1]))
    return sheet


def cut_out(image: Image.Image, piece: Piece) -> Image.Image:
    """The face's image made transparent outside the piece's cut outline (y up, mm from its corner)."""
    w_mm, h_mm = piece.size_mm
    sx, sy = image.width / w_mm, image.height / h_mm
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon([(x * sx, (h_mm - y) * sy) for x, y in piece.outline or ()], fill=255)
    shaped = image.convert("RGBA")
    shaped.putalpha(mask)
    return shaped


def _digest(image: Image.Image | None) -> str | None:
    return None if image is None else hashlib.sha256(image.tobytes()).hexdigest()


def _svg(pdf: bytes, page: int = 1, option: str = "--svg") -> str:
    tool = shutil.which("pdftocairo")
    if tool is None:
        raise DataError(f"{option}: needs pdftocairo from poppler-utils (e.g. apt-get install poppler-utils)")
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = Path(tmp) / "face.pdf", Path(tmp) / "face.svg"
        src.write_bytes(pdf)
        subprocess.run(
            [tool, "-svg", "-f", str(page), "-l", str(page), str(src), str(dst)],
            check=True,
            capture_output=True,
        )
        return dst.read_text(encoding="utf-8")


def pod_files(
    faces: Sequence[Face], title: str, fonts: Family, chosen: pod.Preset | None, bleed: float, dpi: int
) -> Files:
    """The print-on-demand images of every distinct face and back, and their manifest (`pod.py`)."""
    plans = pod.plans(faces, chosen, bleed, dpi)
    images = face_images(
        faces, title, fonts, [p.dpi for p in plans], [p.bleed_mm for p in plans], [p.pixels for p in plans]
    )
    fronts: list[bytes] = []
    digests: list[str | None] = []
    back_pngs: dict[tuple[str | None, int], bytes] = {}  # each distinct back once
    for how, (front, back) in zip(plans, images, strict=True):
        fronts.append(_png(front, how.dpi))
        digests.append(_digest(back))
        if back is not None and (digests[-1], how.dpi) not in back_pngs:
            back_pngs[digests[-1], how.dpi] = _png(back, how.dpi)
    names = pod.file_names(faces, digests)
    files: Files = []
    rows: list[pod.Row] = []
    backs: dict[str, pod.Row] = {}
    for face, how, front, digest, (front_name, back_name) in zip(
        faces, plans, fronts, digests, names, strict=True
    ):
        files.append((f"images/{front_name}", front))
        rows.append(pod.row(front_name, "front", face, face.quantity, how))
        if digest is None or back_name is None:
            continue
        if back_name in backs:  # a back shared by the component's faces: once, counted for them all
            backs[back_name]["count"] = int(str(backs[back_name]["count"])) + face.quantity
            continue
        files.append((f"images/{back_name}", back_pngs[digest, how.dpi]))
        backs[back_name] = pod.row(back_name, "back", face, face.quantity, how)
        rows.append(backs[back_name])
    return [*files, ("images/manifest.csv", pod.manifest(rows))]


PAGE_KINDS = pod.PAGE_KINDS


def page_files(
    game: str, spec: str, sets: Iterable[str], lang: str, paper: str, kind: str, dpi: int
) -> Files:
    """Every page of the game's home-sheet PDF, as `printkit build` makes it, as PNG or SVG."""
    if kind not in PAGE_KINDS:
        raise DataError(f"--pages: expected png or svg, got {kind!r}")
    with tempfile.TemporaryDirectory() as tmp:
        pdf = build(game, tmp, spec=spec, sets=sets, paper=paper, lang=lang).path.read_bytes()
    if kind == "png":
        return [(f"pages/page-{k:02d}.png", png) for k, png in enumerate(png_pages(pdf, dpi), 1)]
    count = len(pypdfium2.PdfDocument(pdf))
    return [(f"pages/page-{k:02d}.svg", _svg(pdf, k, "--pages svg")) for k in range(1, count + 1)]


def _tts_prefix(folder: Path, base: str | None) -> str:
    """What goes before an image's name in its URL: `base`, or the file:/// URL of `folder`."""
    if base is None:
        return folder.resolve().as_uri() + "/"
    if not base.strip():
        raise DataError("--tts-url: expected a URL prefix such as https://example.org/mygame/, got ''")
    return base if base.endswith("/") else base + "/"


def _deck_files(the_plan: Plan, by_face: dict[int, tuple[Image.Image, Image.Image | None]]) -> Files:
    """The deck sheets (and sheets of backs, or the one back) of every deck component."""
    files: Files = []
    for component, sheets in the_plan.sheets.items():
        size = face_pixels(sheets[0].faces[0].piece.size_mm, the_plan.dpi[component])
        for sheet in sheets:
            fronts = [by_face[id(f)][0] for f in sheet.faces]
            files.append((sheet.image, _png(_grid(fronts, sheet.cols, sheet.rows, size))))
            if sheet.back_image:
                backs = [by_face[id(f)][1] for f in sheet.faces]
                files.append((sheet.back_image, _png(_grid(backs, sheet.cols, sheet.rows, size))))
        if component in the_plan.common_back:
            back = next(by_face[id(f)][1] for f in sheets[0].faces)
            files.append((the_plan.common_back[component], _png(back)))
    return files


def _piece_files(
    faces: Sequence[Face],
    the_plan: Plan,
    by_face: dict[int, tuple[Image.Image, Image.Image | None]],
    backs: dict[str, int],
) -> tuple[Files, dict[int, tuple[str, str | None]]]:
    """One image per distinct tile, token or board face (a shared back once), and each face's names."""
    files: Files = []
    names: dict[int, tuple[str, str | None]] = {}
    written: set[str] = set()
    for face in faces:
        component = face.piece.component
        if the_plan.kind[component] == "deck":
            continue
        front, back = by_face[id(face)]
        if the_plan.kind[component] == "token" and face.piece.outline is not None:
            front = cut_out(front, face.piece)
        name = f"{face_name(face, faces)}.png"
        back_name = None
        if back is not None:
            shared = backs[component] == 1
            back_name = f"{component}-back.png" if shared else f"{face_name(face, faces)}-back.png"
        for file_name, image in ((name, front), (back_name, back)):
            if file_name and image is not None and file_name not in written:
                files.append((file_name, _png(image)))
                written.add(file_name)
        names[id(face)] = (name, back_name)
    return files, names


def tts_files(
    data: GameData, stem: str, faces: Sequence[Face], fonts: Family, dpi: int, prefix: str
) -> Files:
    """The saved object, its thumbnail and its images (see `printkit/exports/tts.py`), by file name."""
    kinds = {name: str(spec.get("kind", "")) for name, spec in data.components.items()}
    dpis = plan(faces, kinds, dpi, {}).dpi
    images = list(face_images(faces, data.title, fonts, [dpis[f.piece.component] for f in faces]))
    digests: dict[str, set[str | None]] = {}
    for face, (_, back) in zip(faces, images, strict=True):
        digests.setdefault(face.piece.component, set()).add(_digest(back))
    backs = {c: len(d - {None}) for c, d in digests.items()}
    the_plan = plan(faces, kinds, dpi, backs)
    by_face = {id(f): img for f, img in zip(faces, images, strict=True)}
    piece_files, names = _piece_files(faces, the_plan, by_face, backs)
    titles = {name: str(spec.get("title", name)) for name, spec in data.components.items()}
    builder = Builder(data.name, faces, the_plan, lambda name: prefix + name, titles)
    objects = builder.objects(lambda f: names[id(f)][0], lambda f: names[id(f)][1])
    thumb = images[0][0].copy()
    thumb.thumbnail((THUMBNAIL_PX, THUMBNAIL_PX))
    return [
        *_deck_files(the_plan, by_face),
        *piece_files,
        (f"{stem}.png", _png(thumb)),
        (f"{stem}.json", json.dumps(save_state(objects), indent=2, ensure_ascii=False) + "\n"),
    ]


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
    tts_url: str | None = None,
    images: bool = False,
    preset: str | None = None,
    bleed: float = SHOP_BLEED_MM,
    pages: str | None = None,
    paper: str = "a4",
) -> list[Path]:
    """Write the asked exports (see the module docstring) and return their paths."""
    if not (png or svg or tts or images or pages):
        raise DataError("export: say what to write: --png, --svg, --tts, --images and/or --pages png|svg")
    if preset is not None and not images:
        raise DataError("--preset: a print-on-demand size for --images; add --images")
    chosen = pod.preset(preset) if preset is not None else None
    if not 0 <= bleed <= MAX_BLEED_MM:
        raise DataError(f"--bleed: expected 0 to {MAX_BLEED_MM:g} mm, got {bleed:g}")
    data, rules, fonts, faces = checked_faces(game, spec, sets, dpi, lang)
    stem = output_stem(data.name, rules.label, "home", lang)
    folder = Path(out_dir) / f"{stem}-export"
    prefix = _tts_prefix(folder / "tts", tts_url) if tts else ""
    files: Files = []
    if png:
        images = face_images(faces, data.title, fonts, [dpi] * len(faces))
        for face, (front, back) in zip(faces, images, strict=True):
            files.append((f"{face_name(face, faces)}.png", _png(front)))
            if back is not None:
                files.append((f"{face_name(face, faces)}-back.png", _png(back)))
    if svg:
        for face in faces:
            for sheet in shop_layout([face.piece], bleed=0.0):
                suffix = "-back" if sheet.side == "back" else ""
                files.append(
                    (f"{face_name(face, faces)}{suffix}.svg", _svg(render([sheet], data.title, fonts)))
                )
    if tts:
        files += [
            (f"tts/{name}", content) for name, content in tts_files(data, stem, faces, fonts, dpi, prefix)
        ]
    if images:
        files += pod_files(faces, data.title, fonts, chosen, bleed, dpi)
    if pages is not None:
        files += page_files(game, spec, sets, lang, paper, pages, dpi)
    for name, content in files:
        write_output(folder / name, content)
    return [folder / name for name, _ in files]
