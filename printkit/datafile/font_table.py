"""A data file's own fonts: `[fonts]`, TrueType or OpenType files beside it, by family name.

    [fonts]
    serif = { regular = "fonts/DejaVuSerif.ttf", bold = "fonts/DejaVuSerif-Bold.ttf" }
    hand = "fonts/Hand.ttf"                  # one file: its bold is stroked, its italic slanted

A text or table element takes one with `font = "serif"` (its `bold` and
`italic` choose the file); printkit's own are `"Liberation Sans"` and
`"IPAex Gothic"`. Every font of the table is also a fallback, in the order
written, for characters the element's font lacks (printkit's own come after:
`printkit/output/fonts.py`). Paths are relative to the data file and may not
leave its folder, as pictures' may not. The files are read when a piece is
drawn (`printkit/output/fonts.py` registers and embeds them, subset); here
only their names, paths and sizes are checked, so loading a data file reads
no font.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from printkit.datafile.schema import show
from printkit.errors import DataError
from printkit.filenames import inside

STYLES = ("regular", "bold", "italic", "bold_italic")
SUFFIXES = (".ttf", ".otf")
NAME = re.compile(r"[A-Za-z][A-Za-z0-9 _-]*")
MAX_FONTS = 20
MAX_FILE_BYTES = 30 * 1024 * 1024  # a large CJK font is 20 MB
Table = Mapping[str, Mapping[str, Path]]  # family name -> style -> file


def read_fonts(where: str, raw: Mapping[str, Any], base: Path) -> dict[str, dict[str, Path]]:
    """The `[fonts]` table: each family's files by style, checked to be font files in `base`'s folder."""
    table = raw.get("fonts", {})
    if not isinstance(table, dict):
        raise DataError(f"{where}: fonts: expected a table of font files by family name, got {show(table)}")
    if len(table) > MAX_FONTS:
        raise DataError(f"{where}: fonts: {len(table)} families; at most {MAX_FONTS}")
    out: dict[str, dict[str, Path]] = {}
    for name, entry in table.items():
        key = f"fonts.{name}"
        if not NAME.fullmatch(name):
            raise DataError(f"{where}: {key}: a family's name is letters, digits, spaces, _ and -")
        files = {"regular": entry} if isinstance(entry, str) else entry
        if not isinstance(files, dict) or "regular" not in files:
            raise DataError(
                f'{where}: {key}: expected "file.ttf" or {{ regular = "file.ttf", bold = ..., italic = ..., '
                f"bold_italic = ... }}, got {show(entry)}"
            )
        out[name] = {}
        for style, file in files.items():
            if style not in STYLES:
                raise DataError(f"{where}: {key}.{style}: unknown style; expected one of {', '.join(STYLES)}")
            out[name][style] = _path(where, f"{key}.{style}" if isinstance(entry, dict) else key, file, base)
    return out


def _path(where: str, key: str, file: Any, base: Path) -> Path:
    if not isinstance(file, str) or not file.strip():
        raise DataError(f"{where}: {key}: expected a font file's path, got {show(file)}")
    try:
        path = inside(base, file, SUFFIXES, "a .ttf or .otf font file")
    except ValueError as exc:
        raise DataError(f"{where}: {key}: {exc}") from None
    try:
        size = path.stat().st_size
    except OSError:
        raise DataError(f"{where}: {key}: no font file {file!r} (looked for {path})") from None
    if size > MAX_FILE_BYTES:
        raise DataError(f"{where}: {key}: {size:,} bytes; a font file may have at most {MAX_FILE_BYTES:,}")
    return path
