"""Write output files so that a failure never leaves a half-written file behind."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from printkit.errors import DataError


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def atomic_path(target: Path | str) -> Iterator[Path]:
    """Yield a temporary path beside `target`; rename it onto `target` on success.

    On any exception the temporary file is removed and `target` is untouched.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        os.chmod(tmp_path, 0o666 & ~_umask())  # mkstemp makes 0600; give the usual permissions
        yield tmp_path
        os.replace(tmp_path, target)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def write_text(target: Path | str, text: str) -> None:
    """Write `text` to `target` atomically."""
    with atomic_path(target) as tmp:
        tmp.write_text(text, encoding="utf-8")


def write_bytes(target: Path | str, data: bytes) -> None:
    """Write `data` to `target` atomically."""
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)


def write_output(target: Path | str, data: bytes | str) -> None:
    """Write an output file atomically; failing to write it is a `DataError` naming the file."""
    try:
        if isinstance(data, bytes):
            write_bytes(target, data)
        else:
            write_text(target, data)
    except OSError as exc:
        raise DataError(f"cannot write {target}: {exc.strerror or exc}") from None
