"""A small data file for layout tests: one component of cards (60 x 80 mm unless said) drawn by one
layout, from rows written in the file, with any further tables (a palette, fonts, icons) the test needs."""

from __future__ import annotations

from pathlib import Path

HEAD = """[game]
title = "Test"
players = [2]

[components.card]
title = "Card"
kind = "card"
{size}
layout = "card"
"""


def card_game(
    folder: Path, rows: str, layout: str, extra: str = "", size: str = "size_mm = [60, 80]"
) -> Path:
    """Write `folder/test.toml`: the cards' `rows` (a TOML array), `extra` (more keys of the component,
    then tables), then the layout's elements; its path."""
    path = folder / "test.toml"
    head = HEAD.format(size=size)
    path.write_text(f"{head}rows = {rows}\n{extra}\n[layouts.card]\n{layout}\n", encoding="utf-8")
    return path


def small_deck(folder: Path, keys: str = "") -> str:
    """Poker cards of two faces (3 and 2 copies) with a shared back, and the component's other `keys`:
    the deck example's shape at a fraction of its cost. Its path."""
    back = '[layouts.back]\ng = { kind = "rect", fill = "navy" }\n'
    extra = f'back = {{ layout = "back" }}\n{keys}\n\n{back}'
    rows = '[{ name = "Ace", count = 3 }, { name = "King", count = 2 }]'
    return str(card_game(folder, rows, 't = { kind = "text", text = "{name}" }', extra, 'size = "poker"'))
