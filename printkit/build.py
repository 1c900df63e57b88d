"""Build a game's print-and-play files: load the data, resolve the rules, draw, impose, write.

One build writes, into the output folder:

- `<stem>.pdf`: in home mode the pieces packed on A4 or Letter sheets with
  crop marks, each front sheet followed by its mirrored back sheet when pieces
  have backs (`printkit/backs.py`); in shop mode one page per piece face with
  TrimBox and BleedBox (`printkit/shop.py`);
- `<stem>.summary.json`: the summary the command prints (`printkit/summary.py`);
- with `cut_svg`, `<stem>-cut-NN.svg` for front sheet NN (`printkit/cutfile.py`).

`<stem>` is the game, then the variant unless default, then `-shop` in shop
mode and `-<lang>` for a language other than English. Everything is computed
before the first file is written, so bad input leaves no file behind.

`build_game()` is the entry point for other code (the simulate side's `demo`);
`build()` returns the details the command line reports.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.atomic import write_output
from printkit.backs import Offset, with_backs
from printkit.cutfile import add_registration, sheet_svg
from printkit.draw import pieces_for
from printkit.errors import DataError
from printkit.fonts import family
from printkit.gamedata import Rules, load_game
from printkit.imposition import LayoutOptions, layout, render
from printkit.pieces import count_by_component
from printkit.shop import SHOP_BLEED_MM, shop_layout
from printkit.summary import summarize

MODES = ("home", "shop")


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote: the PDF, its page count, the pieces per component, the summary, all files."""

    path: Path
    pages: int
    counts: dict[str, int]
    rules: Rules
    summary: dict[str, Any] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)


def output_stem(game: str, label: str, mode: str = "home", lang: str = "en", paper: str = "a4") -> str:
    """`<game>[-<variant>][-letter][-shop][-<lang>]`, safe characters only.

    Home sheets on a paper other than A4 carry its name, so an A4 and a Letter
    build of the same game sit side by side instead of overwriting each other.
    """
    stem = game if label == "default" else f"{game}-{label}"
    stem += f"-{paper}" if mode == "home" and paper != "a4" else ""
    stem += "-shop" if mode == "shop" else ""
    stem += "" if lang == "en" else f"-{lang}"
    return re.sub(r"[^A-Za-z0-9_.=+-]", "_", stem)


def build(
    game: str,
    out_dir: Path | str,
    spec: str = "default",
    sets: Iterable[str] = (),
    paper: str = "a4",
    bleed: float | None = None,
    margin: float = 10.0,
    gap: float = 0.0,
    crop_marks: bool = True,
    players: int | None = None,
    *,
    mode: str = "home",
    backs: bool = True,
    back_offset: Offset = (0.0, 0.0),
    cut_svg: bool = False,
    cmyk: bool = False,
    lang: str = "en",
) -> BuildResult:
    """Write the game's files (see the module docstring); bad input raises `DataError` first.

    `bleed` defaults to 0 in home mode and `SHOP_BLEED_MM` in shop mode.
    """
    if mode not in MODES:
        raise DataError(f"mode: expected one of {', '.join(MODES)}, got {mode!r}")
    if mode == "shop" and cut_svg:
        raise DataError("--cut-svg: cut files are for home sheets; a print shop cuts at the TrimBox")
    if bleed is None:
        bleed = SHOP_BLEED_MM if mode == "shop" else 0.0
    options = LayoutOptions(paper=paper, margin=margin, gap=gap, bleed=bleed, crop_marks=crop_marks)
    data = load_game(game).localized(lang)
    fonts = family(lang)
    rules = data.resolve(spec, sets, players)
    items = pieces_for(data, rules)
    stem = output_stem(data.name, rules.label, mode, lang, options.paper)
    out = Path(out_dir)
    svgs: list[tuple[Path, str]] = []
    if mode == "home":
        fronts = layout(items, options)
        if cut_svg:
            add_registration(fronts, options)
            svgs = [
                (out / f"{stem}-cut-{n:02d}.svg", sheet_svg(sheet, f"{data.title}: sheet {n} cut lines"))
                for n, sheet in enumerate(fronts, 1)
            ]
        sheets = with_backs(fronts, back_offset) if backs else fronts
    else:
        sheets = shop_layout(items, bleed)
    pdf = render(sheets, f"{data.title} ({rules.label})", fonts, cmyk=cmyk)
    path = out / f"{stem}.pdf"
    summary = summarize(data, rules, items, sheets, mode, options.paper if mode == "home" else None)
    summary["files"] = [path.name, *(p.name for p, _ in svgs)]
    summary_path = out / f"{stem}.summary.json"
    write_output(path, pdf)
    for svg_path, svg in svgs:
        write_output(svg_path, svg)
    write_output(summary_path, json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    return BuildResult(
        path=path,
        pages=len(sheets),
        counts=count_by_component(items),
        rules=rules,
        summary=summary,
        files=[path, *(p for p, _ in svgs), summary_path],
    )


def build_game(game: str, out_dir: Path | str, **options: Any) -> Path:
    """Build the game's files and return the PDF's path; `options` are `build`'s."""
    return build(game, out_dir, **options).path
