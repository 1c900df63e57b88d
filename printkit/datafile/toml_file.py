"""Reading a data file's (or a layout file's) TOML as the loader does: its size, encoding, syntax, nesting
and extent checked, each problem one `DataError` line naming the file."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from printkit.datafile.schema import MAX_DEPTH, MAX_FILE_BYTES, check_extent, depth
from printkit.errors import DataError


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file; unreadable, non-UTF-8, invalid or too deeply nested TOML is one `DataError` line."""
    try:
        with path.open("rb") as handle:
            raw_bytes = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(raw_bytes) > MAX_FILE_BYTES:
        raise DataError(
            f"{path}: larger than {MAX_FILE_BYTES:,} bytes; a data file is text of a few tens of kB"
        )
    try:
        text = raw_bytes.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise DataError(
            f"{path}: not UTF-8 text (byte 0x{raw_bytes[exc.start]:02x} at offset {exc.start}); "
            "save it as UTF-8"
        ) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise DataError(f"{path}: not valid TOML: tables or lists nested too deeply") from None
    if depth(raw) > MAX_DEPTH:
        raise DataError(f"{path}: tables or lists nested {depth(raw)} deep; expected at most {MAX_DEPTH}")
    check_extent(str(path), raw)
    return raw
