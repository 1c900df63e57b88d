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

UNSAFE = re.compile(r"[^A-Za-z0-9_.=+-]")
MAX_PART = 120  # characters: well inside the 255 bytes a file name may have


def safe_part(text: str, fallback: str = "default") -> str:
    """`text` as one file or folder name (see the module docstring); `fallback` if nothing is left."""
    part = UNSAFE.sub("_", text).lstrip(".")
    if len(part) > MAX_PART:
        digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]
        part = f"{part[: MAX_PART - len(digest) - 1]}-{digest}"
    return part or fallback
