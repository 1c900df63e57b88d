"""Progress of a long run on stderr: a bar on a terminal, a plain line every ~10% elsewhere.

`--quiet` hides the progress only; the summary a command prints is not progress.
"""

from __future__ import annotations

import sys
from typing import Any, TextIO

import click


class Progress:
    """Counts games played of `total`; use as a context manager, call `update(n)`."""

    def __init__(self, total: int, label: str, quiet: bool = False, stream: TextIO | None = None):
        self.total = max(total, 1)
        self.label = label
        self.quiet = quiet
        self.stream = stream or sys.stderr
        self.done = 0
        self._next_tenth = 1
        self._bar: Any = None

    def __enter__(self) -> Progress:
        if not self.quiet and self.stream.isatty():
            self._bar = click.progressbar(
                length=self.total, label=self.label, file=self.stream, show_eta=True
            )
            self._bar.__enter__()
        elif not self.quiet:
            self._line(f"{self.label}: started")
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)

    def grow(self, more: int) -> None:
        """More games to play than first planned (`--precision`)."""
        self.total += more
        if self._bar is not None:
            self._bar.length = self.total

    def round(self, text: str) -> None:
        """A new round of a run played in rounds: the bar's label says which, a plain line says so."""
        if self.quiet:
            return
        if self._bar is not None:
            self._bar.label = f"{self.label}, {text}"
            return
        self._line(f"{self.label}: {text}")

    def update(self, n: int) -> None:
        self.done += n
        if self.quiet:
            return
        if self._bar is not None:
            self._bar.update(n)
            return
        tenth = self.done * 10 // self.total
        if tenth >= self._next_tenth:
            self._next_tenth = tenth + 1
            self._line(f"{self.label}: {min(100, tenth * 10)}% ({self.done:,} of {self.total:,} games)")

    def _line(self, text: str) -> None:
        print(text, file=self.stream, flush=True)
