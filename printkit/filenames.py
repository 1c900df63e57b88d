"""File and folder names made from a data file's words or a command line: they never leave the output folder.

A game's name is its data file's stem (`...toml` has the stem `..`), and a
variant label or an agent spec is typed by a person; each becomes one name
of safe characters that is neither hidden nor `.` or `..`, and is cut to
`MAX_PART` characters (with a digest of the whole, so two long names stay
apart) where a file system would refuse it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

UNSAFE = re.compile(r"[^A-Za-z0-9_.=+-]")
MAX_PART = 120  # characters: well inside the 255 bytes a file name may have


def safe_part(text: str, fallback: str = "default") -> str:
    """`text` as one file or folder name (see the module docstring); `fallback` if nothing is left."""
    part = UNSAFE.sub("_", text).lstrip(".")
    if len(part) > MAX_PART:
        digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]
        part = f"{part[: MAX_PART - len(digest) - 1]}-{digest}"
    return part or fallback


def inside(base: Path, name: str, suffixes: Sequence[str], what: str) -> Path:
    """`name`, as a data file writes a picture or a font, as a path in the folder `base` (it may not
    exist); `ValueError` saying why not: a path that leaves the folder, or a suffix not in `suffixes`."""
    relative = Path(name)
    if relative.is_absolute() or ".." in relative.parts:
        raise ValueError(f"{name!r}: write a path inside the data file's folder, without .. or a leading /")
    if relative.suffix.lower() not in suffixes:
        raise ValueError(f"{name!r}: expected {what}")
    return base / relative
