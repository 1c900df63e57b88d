"""A small data file for layout tests: one component of 60 x 80 mm cards drawn by one layout, from rows
written in the file, with any further tables (a palette, fonts, icons) the test needs."""

from __future__ import annotations

from pathlib import Path

HEAD = """[game]
title = "Test"
players = [2]

[components.card]
title = "Card"
kind = "card"
size_mm = [60, 80]
layout = "card"
"""


def card_game(folder: Path, rows: str, layout: str, extra: str = "") -> Path:
    """Write `folder/test.toml`: the cards' `rows` (a TOML array), `extra` tables, then the layout's
    elements; its path."""
    path = folder / "test.toml"
    path.write_text(f"{HEAD}rows = {rows}\n{extra}\n[layouts.card]\n{layout}\n", encoding="utf-8")
    return path
