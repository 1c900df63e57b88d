"""Build a game's print-and-play PDF: load the data, resolve the rules, draw, impose, write.

`build_game()` is the entry point for other code (the simulate side's `demo`);
`build()` returns the details the command line reports.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from printkit.draw import pieces_for
from printkit.gamedata import Rules, load_game
from printkit.imposition import LayoutOptions, write_pdf
from printkit.pieces import count_by_component


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote: the PDF, its page count and the pieces per component."""

    path: Path
    pages: int
    counts: dict[str, int]
    rules: Rules


def output_name(game: str, label: str) -> str:
    """`<game>.pdf` for the default rules, else `<game>-<variant>.pdf` (safe characters only)."""
    stem = game if label == "default" else f"{game}-{label}"
    return re.sub(r"[^A-Za-z0-9_.=+-]", "_", stem) + ".pdf"


def build(
    game: str,
    out_dir: Path | str,
    spec: str = "default",
    sets: Iterable[str] = (),
    paper: str = "a4",
    bleed: float = 0.0,
    margin: float = 10.0,
    gap: float = 0.0,
    crop_marks: bool = True,
    players: int | None = None,
) -> BuildResult:
    """Write `<out_dir>/<game>[-<variant>].pdf`; bad input raises `DataError` before any file is written."""
    options = LayoutOptions(paper=paper, margin=margin, gap=gap, bleed=bleed, crop_marks=crop_marks)
    data = load_game(game)
    rules = data.resolve(spec, sets, players)
    items = pieces_for(data, rules)
    path = Path(out_dir) / output_name(data.name, rules.label)
    sheets = write_pdf(items, path, options, title=f"{data.title} ({rules.label})")
    return BuildResult(path=path, pages=len(sheets), counts=count_by_component(items), rules=rules)


def build_game(
    game: str,
    out_dir: Path | str,
    spec: str = "default",
    sets: Iterable[str] = (),
    paper: str = "a4",
    bleed: float = 0.0,
    margin: float = 10.0,
    gap: float = 0.0,
    crop_marks: bool = True,
    players: int | None = None,
) -> Path:
    """Build the game's PDF and return its path (see `build`)."""
    return build(game, out_dir, spec, sets, paper, bleed, margin, gap, crop_marks, players).path
