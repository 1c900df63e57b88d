"""Checks of component records that more than one drawing module needs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from printkit.datafile.gamedata import GameData
from printkit.errors import DataError


def table_with(data: GameData, key: str, raw: Any, names: Sequence[str]) -> dict[str, Any]:
    """`raw` as a table that holds every name in `names`; else a `DataError` naming `key`."""
    if not isinstance(raw, Mapping):
        raise DataError(f"{data.where()}: {key}: expected a table, got {raw!r}")
    for name in names:
        if name not in raw:
            raise DataError(f"{data.where()}: {key}.{name}: missing")
    return dict(raw)
