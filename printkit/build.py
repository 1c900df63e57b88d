"""Build a game's print-and-play files: load the data, resolve the rules, draw, impose, write.

One build writes, into the output folder:

- `<stem>.pdf`: in home mode the pieces packed on A4, A3, Letter or custom
  sheets with crop marks and a header and scale bar on every sheet; when pieces
  have backs, duplex (the default then) puts each front sheet's mirrored back
  sheet after it, simplex only the back sheets that hold something, and
  `fold` puts front and back side by side to fold and glue instead
  (`printkit/sheets/backs.py`); in shop mode one page per piece face with TrimBox and
  BleedBox (`printkit/sheets/shop.py`), with `unique` each distinct face once and its
  quantity in the summary (`printkit/pieces/faces.py`);
- `<stem>.summary.json`: the summary the command prints (`printkit/sheets/summary.py`);
- with `cmyk`, every colour converted to CMYK through an ICC profile (the
  shipped FOGRA39 one or `icc`; `printkit/output/colour_profile.py`), the profile
  embedded as the PDF's output intent, and with `pdfx` PDF/X-4 identification
  (`printkit/output/pdfx.py`); colours the profile cannot print are named in the summary;
- with `cut_svg` / `cut_dxf`, `<stem>-cut-NN.svg` / `.dxf` for front sheet NN, each
  shared edge cut once, with Silhouette Studio's registration marks on the
  sheets (`printkit/sheets/cutfile.py`);
- home sheets draw a rounded piece's corners as faint quarter circles, where
  scissors round them (`corner_guides = False` leaves them out);
- with `ink_saver`, pieces on dark grounds printed as outlined light tints for
  a playtest (`printkit/output/ink_saver.py`), the stem marked `-inksaver`;
- with `designer_sheet`, `<stem>-designer.pdf`: the options in force, their
  sources and changed values (`printkit/sheets/designer.py`), kept off the players' cards.

`<stem>` is the game, then the variant unless default, the paper unless A4,
`-fold` or `-simplex` when asked for, then `-shop` in shop
mode and `-<lang>` for a language other than English. Everything is computed
before the first file is written, so bad input leaves no file behind.

`build_game()` is the entry point for other code (the simulate side's `demo`);
`build()` returns the details the command line reports.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printkit.atomic import write_output
from printkit.datafile.gamedata import Rules, load_game
from printkit.draw import pieces_for
from printkit.errors import DataError
from printkit.filenames import safe_part
from printkit.output.colour_profile import Converter, load_profile
from printkit.output.fonts import family
from printkit.output.pdfx import with_output_intent
from printkit.pieces.contract import count_by_component
from printkit.pieces.faces import distinct_faces, face_name
from printkit.sheets.backs import Offset, fold_pairs, has_backs, with_backs
from printkit.sheets.cutfile import MIN_MARGIN_MM, add_registration, sheet_dxf, sheet_svg
from printkit.sheets.designer import designer_pdf
from printkit.sheets.geometry import MODES
from printkit.sheets.imposition import LayoutOptions, Sheet, layout, render
from printkit.sheets.margins import SheetInfo
from printkit.sheets.shop import SHOP_BLEED_MM, shop_layout
from printkit.sheets.summary import colour_summary, summarize

DEFAULT_MARGIN_MM = 10.0


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote: the PDF, its page count, the pieces per component, the summary, all files."""

    path: Path
    pages: int
    counts: dict[str, int]
    rules: Rules
    summary: dict[str, Any] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)


def output_stem(
    game: str,
    label: str,
    mode: str = "home",
    lang: str = "en",
    paper: str = "a4",
    sides: str = "",
    ink_saver: bool = False,
) -> str:
    """`<game>[-<variant>][-letter][-fold|-simplex][-shop[-unique]][-inksaver][-<lang>]`, made safe.

    Home sheets on a paper other than A4 carry its name, so an A4 and a Letter
    build of the same game sit side by side instead of overwriting each other;
    so do single-sided and fold-and-glue builds (`sides`: "fold" or "simplex").
    """
    stem = game if label == "default" else f"{game}-{label}"
    stem += f"-{paper}" if mode == "home" and paper != "a4" else ""
    stem += f"-{sides}" if mode == "home" and sides else ""
    stem += "-shop" if mode == "shop" else ""
    stem += "-unique" if mode == "shop" and sides == "unique" else ""
    stem += "-inksaver" if ink_saver else ""
    stem += "" if lang == "en" else f"-{lang}"
    return safe_part(stem, "game")


def build(
    game: str,
    out_dir: Path | str,
    spec: str = "default",
    sets: Iterable[str] = (),
    paper: str = "a4",
    bleed: float | None = None,
    margin: float | None = None,
    gap: float = 0.0,
    crop_marks: bool = True,
    players: int | None = None,
    *,
    mode: str = "home",
    backs: bool = True,
    back_offset: Offset = (0.0, 0.0),
    cut_svg: bool = False,
    cut_dxf: bool = False,
    cmyk: bool = False,
    icc: Path | str | None = None,
    pdfx: bool = False,
    ink_saver: bool = False,
    lang: str = "en",
    duplex: bool | None = None,
    fold: bool = False,
    rotate: bool = True,
    designer_sheet: bool = False,
    unique: bool = False,
    corner_guides: bool = True,
) -> BuildResult:
    """Write the game's files (see the module docstring); bad input raises `DataError` first.

    `bleed` defaults to the data file's `game.bleed_mm`, else 0 in home mode and
    `SHOP_BLEED_MM` in shop mode; `margin` to `DEFAULT_MARGIN_MM`, or with cut
    files to the room their registration marks need; `duplex` defaults to
    double-sided when a piece has a back. `icc` (a CMYK profile file) and
    `pdfx` imply `cmyk`.
    """
    cut_flag = _check_options(mode, cut_svg, cut_dxf, unique, fold, duplex)
    if margin is None:
        margin = MIN_MARGIN_MM if cut_flag else DEFAULT_MARGIN_MM
    data = load_game(game).localized(lang)
    if bleed is None:
        bleed = data.game.get("bleed_mm", SHOP_BLEED_MM if mode == "shop" else 0.0)
    options = LayoutOptions(
        paper=paper, margin=margin, gap=gap, bleed=bleed, crop_marks=crop_marks, rotate=rotate
    )
    fixed = data.layouts.palette.cmyk if data.layouts is not None else {}
    converter = Converter(load_profile(icc), fixed) if cmyk or pdfx or icc is not None else None
    fonts = family(lang)
    rules = data.resolve(spec, sets, players)
    items = pieces_for(data, rules)
    if not backs:
        items = [replace(p, draw_back=None) for p in items]
    elif fold:
        items = fold_pairs(items)
    sides = "fold" if fold else "simplex" if duplex is False else "unique" if unique else ""
    stem = output_stem(data.name, rules.label, mode, lang, options.paper, sides, ink_saver)
    out = Path(out_dir)
    imposed = _impose(items, mode, options, unique, duplex, back_offset, cut_flag)
    cuts = _cut_files(imposed.fronts, out, stem, data.title, cut_svg, cut_dxf) if cut_flag else []
    info = SheetInfo(data.title, options.paper, margin, imposed.duplex, lang) if mode == "home" else None
    title = f"{data.title} ({rules.label})"
    colours = converter.colour if converter else None
    guides = corner_guides and mode == "home"
    pdf = render(
        imposed.sheets, title, fonts, colours, info=info, duplex=imposed.duplex, ink_saver=ink_saver,
        corner_guides=guides,
    )  # fmt: skip
    if converter is not None:
        pdf = with_output_intent(pdf, converter.profile, title, pdfx)
    path = out / f"{stem}.pdf"
    summary = summarize(
        data, rules, items, imposed.sheets, mode, options.paper if mode == "home" else None, imposed.duplex
    )
    summary |= {"fold": fold, "ink_saver": ink_saver, "colour": colour_summary(data, converter, pdfx, items)}
    if imposed.faces is not None:
        _count_faces(summary, imposed.faces)
    summary_path = out / f"{stem}.summary.json"
    extra: list[tuple[Path, bytes | str]] = list(cuts)
    if designer_sheet:
        extra.append((out / f"{stem}-designer.pdf", designer_pdf(data, rules, fonts)))
    summary["files"] = [path.name, *(p.name for p, _ in extra)]
    write_output(path, pdf)
    for extra_path, content in extra:
        write_output(extra_path, content)
    write_output(summary_path, json.dumps(summary, indent=2, ensure_ascii=False) + "\n")
    return BuildResult(
        path=path,
        pages=len(imposed.sheets),
        counts=count_by_component(items),
        rules=rules,
        summary=summary,
        files=[path, *(p for p, _ in extra), summary_path],
    )


def _check_options(
    mode: str, cut_svg: bool, cut_dxf: bool, unique: bool, fold: bool, duplex: bool | None
) -> str:
    """Refuse a mode or a combination of options that cannot be built; return the cut file's flag, if any."""
    if mode not in MODES:
        raise DataError(f"mode: expected one of {', '.join(MODES)}, got {mode!r}")
    cut_flag = "--cut-svg" if cut_svg else "--cut-dxf" if cut_dxf else ""
    if mode == "shop" and cut_flag:
        raise DataError(f"{cut_flag}: cut files are for home sheets; a print shop cuts at the TrimBox")
    if unique and mode != "shop":
        raise DataError("--unique: one page per distinct face is a print-shop file; add --mode shop")
    if fold and (mode == "shop" or duplex):
        raise DataError("--fold: fold-and-glue is a single-sided home layout; drop --duplex or --mode shop")
    return cut_flag


@dataclass(frozen=True)
class Imposed:
    """The pieces on sheets: every page in order, the front sheets alone (home mode, where cut files and
    registration marks go), whether backs print duplex, and with `unique` the distinct faces."""

    sheets: list[Sheet]
    fronts: list[Sheet]
    duplex: bool | None
    faces: list[Any] | None = None


def _impose(
    items: list[Any], mode: str, options: LayoutOptions, unique: bool, duplex: bool | None,
    back_offset: Offset, cut_flag: str = "",
) -> Imposed:  # fmt: skip
    """Home sheets with their backs (duplex by default when a piece has a back), or shop pages: one per
    piece face, or with `unique` one per distinct face."""
    if mode == "home":
        fronts = layout(items, options)
        duplex = has_backs(fronts) if duplex is None else duplex
        if cut_flag:
            add_registration(fronts, options, cut_flag)
        return Imposed(with_backs(fronts, back_offset, duplex), fronts, duplex)
    if unique:
        faces = distinct_faces(items)
        return Imposed(shop_layout([f.piece for f in faces], options.bleed), [], duplex, faces)
    return Imposed(shop_layout(items, options.bleed), [], duplex)


def _count_faces(summary: dict[str, Any], faces: list[Any]) -> None:
    """A `unique` build's summary: each distinct face with its quantity, the components counted by them."""
    summary["faces"] = [
        {"face": face_name(f, faces), "label": f.piece.label, "quantity": f.quantity} for f in faces
    ]
    for name, component in summary["components"].items():
        component["count"] = sum(f.quantity for f in faces if f.piece.component == name)


def _cut_files(
    fronts: list[Sheet], out: Path, stem: str, title: str, svg: bool, dxf: bool
) -> list[tuple[Path, str]]:
    """The cut files of the front sheets: `<stem>-cut-NN.svg` and/or `.dxf`."""
    files = []
    for n, sheet in enumerate(fronts, 1):
        name = f"{title}: sheet {n} cut lines"
        if svg:
            files.append((out / f"{stem}-cut-{n:02d}.svg", sheet_svg(sheet, name)))
        if dxf:
            files.append((out / f"{stem}-cut-{n:02d}.dxf", sheet_dxf(sheet, name)))
    return files


def build_game(game: str, out_dir: Path | str, **options: Any) -> Path:
    """Build the game's files and return the PDF's path; `options` are `build`'s."""
    return build(game, out_dir, **options).path
