"""Pictures a layout draws: PNG (or JPEG) through Pillow, SVG through svglib, each fitted to a box.

Paths are relative to the data file (`resolve_path`), and may not leave its
folder by `..` or an absolute path, so a shared data file cannot print what
else is on the disk. An SVG's `currentColor` takes the colour of the element
or text that draws it, so one icon file serves every colour. Files are read
once per build (`load`); a missing, unreadable or oversized file is one
`DataError` line. svglib is imported only when an SVG is drawn.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from printkit.errors import DataError
from printkit.filenames import inside

SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_PIXELS = 40_000_000  # 40 megapixels: a full A3 page at 600 dpi is 70, an image on a card far less


@dataclass(frozen=True)
class Picture:
    """A loaded image: its natural size in points (for its aspect) and how to draw it."""

    path: Path
    width: float
    height: float
    svg: bytes | None = None  # the SVG's text, `currentColor` still in it
    raster: Any = None  # a reportlab ImageReader

    @property
    def aspect(self) -> float:
        return self.width / self.height if self.height else 1.0


def resolve_path(base: Path, name: str) -> Path:
    """`name` (as the data file writes it) inside the folder `base`; `ValueError` saying why not."""
    path = inside(base, name, SUFFIXES, "a .png, .jpg or .svg file")
    if not path.is_file():
        raise ValueError(f"no image {name!r} (looked for {path})")
    return path


def load(path: Path) -> Picture:
    """The picture at `path` (checked by `resolve_path`); a broken file is a `DataError`.

    Read once while the file stays the same (a `--watch` build sees an edit).
    """
    try:
        stat = path.stat()
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return _load(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=256)
def _load(path: Path, mtime_ns: int, size: int) -> Picture:
    try:
        if size > MAX_FILE_BYTES:
            raise DataError(f"{path}: {size:,} bytes; an image may have at most {MAX_FILE_BYTES:,}")
        data = path.read_bytes()
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if path.suffix.lower() == ".svg":
        drawing = _svg_drawing(data, path, "#000000")
        return Picture(path, float(drawing.width), float(drawing.height), svg=data)
    return _raster(path, data)


def _raster(path: Path, data: bytes) -> Picture:
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    try:
        with Image.open(io.BytesIO(data)) as image:
            w, h = image.size
            if w * h > MAX_PIXELS:
                raise DataError(f"{path}: {w} x {h} pixels; an image may have at most {MAX_PIXELS:,}")
            image.load()
            pixels = image.copy()
    except (OSError, Image.DecompressionBombError, ValueError) as exc:
        raise DataError(f"{path}: not an image Pillow reads ({exc})") from None
    return Picture(path, float(w), float(h), raster=ImageReader(pixels))


@lru_cache(maxsize=256)
def inline_svg(text: str, key: str, base: Path) -> Picture:
    """An SVG written in the data file (`key` names it in errors)."""
    data = text.encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        raise DataError(f"{key}: {len(data):,} bytes; an image may have at most {MAX_FILE_BYTES:,}")
    where = base / key  # where errors say it is, and the folder its references may reach
    drawing = _svg_drawing(data, where, "#000000")
    return Picture(where, float(drawing.width), float(drawing.height), svg=data)


@lru_cache(maxsize=256)
def _svg_cached(data: bytes, path: Path, colour: str) -> Any:
    return _svg_drawing(data, path, colour)


def _svg_drawing(data: bytes, path: Path, colour: str) -> Any:
    import logging

    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.ERROR)  # its notes on unsupported features are not ours
    text = data.replace(b"currentColor", colour.encode("ascii"))
    try:
        drawing = svg2rlg(io.BytesIO(text), external_reference_root=str(path.parent))
    except Exception as exc:  # noqa: BLE001 - svglib and lxml raise many kinds for a broken file
        raise DataError(f"{path}: not an SVG file svglib reads ({type(exc).__name__}: {exc})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise DataError(f"{path}: not an SVG file svglib reads (no size)")
    return drawing


def draw(
    canvas: Any, picture: Picture, box: tuple[float, float, float, float], fit: str, colour: str
) -> None:
    """Draw `picture` in `box` (x, y, w, h in points, y up): `contain`, `cover` (clipped) or `stretch`."""
    x, y, w, h = box
    if fit == "stretch":
        dw, dh = w, h
    else:
        scale = (max if fit == "cover" else min)(w / picture.width, h / picture.height)
        dw, dh = picture.width * scale, picture.height * scale
    dx, dy = x + (w - dw) / 2, y + (h - dh) / 2
    canvas.saveState()
    if fit == "cover":
        path = canvas.beginPath()
        path.rect(x, y, w, h)
        canvas.clipPath(path, stroke=0, fill=0)
    if picture.svg is not None:
        from reportlab.graphics import renderPDF

        drawing = _svg_cached(picture.svg, picture.path, colour)
        canvas.translate(dx, dy)
        canvas.scale(dw / float(drawing.width), dh / float(drawing.height))
        renderPDF.draw(drawing, canvas, 0, 0)
    else:
        canvas.drawImage(picture.raster, dx, dy, dw, dh, mask="auto")
    canvas.restoreState()
