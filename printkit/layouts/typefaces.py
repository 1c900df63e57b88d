"""The fonts a layout can name: the data file's `[fonts]` and printkit's own, for one build language.

`Fonts.typeface(name)` is the chain of fonts an element's text is set in
(`printkit/output/fonts.py`, `Typeface`): the element's `font` first (none:
the language's family), then the data file's fonts in the order written,
then printkit's. A name is matched without regard to case; an unknown one is
a `DataError` with the nearest known name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from printkit.datafile.schema import nearest
from printkit.errors import DataError
from printkit.output.fonts import SHIPPED, Typeface, families_of, family, typeface

FontTable = tuple[tuple[str, tuple[tuple[str, Path], ...]], ...]  # family -> (style, file) pairs


@dataclass(frozen=True)
class Fonts:
    """A build's language and the data file's font table, as hashable values (drawers compare by them)."""

    lang: str
    table: FontTable = ()

    @staticmethod
    def of(lang: str, table: Mapping[str, Mapping[str, Path]]) -> Fonts:
        return Fonts(lang, tuple((name, tuple(sorted(files.items()))) for name, files in table.items()))

    def names(self) -> list[str]:
        return [name for name, _ in self.table] + ["Liberation Sans", "IPAex Gothic"]

    def typeface(self, name: str | None) -> Typeface:
        """The chain of fonts for an element whose `font` is `name` (None: none named)."""
        return _typeface(self, name.strip().lower() if name else None)


@cache
def _typeface(fonts: Fonts, name: str | None) -> Typeface:
    own = families_of({family_name: dict(files) for family_name, files in fonts.table})
    by_name = {n.lower(): fam for n, fam in own.items()}
    if name is None:
        first = None
    elif name in by_name:
        first = by_name[name]
    elif name in SHIPPED:
        first = family(SHIPPED[name])
    else:
        raise DataError(
            f"no font {name!r}{nearest(name, fonts.names())}; the fonts are {', '.join(fonts.names())} "
            "(a font file is named in the data file's [fonts])"
        )
    return typeface(fonts.lang, first, list(own.values()))
