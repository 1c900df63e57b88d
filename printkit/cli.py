"""The `printkit` command: list the games, build their print-and-play files, calibrate, proof, export.

    printkit list
    printkit build GAME [--variant SPEC] [--set key=value ...] [--mode home|shop]
                        [--paper a4|a3|letter|WxH] [--bleed MM] [--margin MM] [--gap MM]
                        [--no-crop-marks] [--no-rotate] [--no-backs] [--no-corner-guides]
                        [--duplex|--simplex]
                        [--fold] [--back-offset X,Y] [--cut-svg] [--cut-dxf] [--cmyk] [--icc FILE]
                        [--pdfx] [--ink-saver] [--unique] [--designer-sheet] [--lang en|ja] [--out DIR]
                        [--watch]
    printkit new NAME [--out DIR]
    printkit calibrate [--paper a4|a3|letter|WxH] [--back-offset X,Y] [--out DIR]
    printkit proof GAME [--variant SPEC] [--set key=value ...] [--dpi N] [--lang en|ja] [--out DIR]
    printkit export GAME [--png] [--svg] [--tts] [--tts-url URL] [--images [--preset NAME] [--bleed MM]]
                         [--pages png|svg [--paper P]] [--dpi N] [--variant SPEC] [--lang en|ja] [--out DIR]

Every mistake in the input is one line `error: ...` on stderr and exit status
2, with no output file written.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path
from typing import Any

import click

from printkit.datafile.gamedata import LANGS, GameData, available_games, load_game
from printkit.draw import has_drawing, pieces_for
from printkit.errors import DataError, run_cli
from printkit.exports.pod import PAGE_KINDS, PRESETS
from printkit.pieces.contract import count_by_component
from printkit.sheets.geometry import MODES, PAPERS_MM
from printkit.sheets.sources import source_line

# What builds, proofs, exports and calibration sheets need (PDF output, images, colour profiles) is
# imported by those commands: `printkit list` and a mistyped command line start without it.


@click.group()
@click.version_option(package_name="printkit-simulate", prog_name="printkit")
def cli() -> None:
    """Print-and-play PDFs of tabletop games, drawn from one data file per game."""


def _players(data: GameData) -> str:
    counts = [str(n) for n in data.player_counts]
    return " or ".join(counts) if len(counts) <= 2 else ", ".join(counts[:-1]) + " or " + counts[-1]


def _describe(data: GameData, width: int) -> list[str]:
    lines = [f"{data.name}: {data.title}, {_players(data)} players"]
    rows: list[tuple[str, Any, tuple[float, float] | None]] = []
    if has_drawing(data):
        items = pieces_for(data, data.resolve(), check=False)
        sizes: dict[str, tuple[float, float]] = {}
        for piece in items:
            sizes.setdefault(piece.component, piece.size_mm)
        rows = [(key, n, sizes[key]) for key, n in count_by_component(items).items()]
    else:
        lines.append("  (no drawing module yet; counts as the data file states them)")
        rows = [(key, c.get("count", "?"), c.get("size_mm")) for key, c in data.components.items()]
    key_w = max((len(key) for key, _, _ in rows), default=0)
    for key, count, size in rows:
        kind = data.components.get(key, {}).get("kind", "")
        shown = f"{size[0]:g}x{size[1]:g} mm" if size else "no size"
        lines.append(f"  {key:<{key_w}}  {kind:<9}  {count:>4} x {shown}")
    lines += _named_rows("variants", [(name, v["doc"]) for name, v in data.variants.items()], width)
    # each rule's option with where its default comes from, in the data file's word; the docs are on the
    # designer sheet
    options = [f"{name} ({option['source']})" for name, option in data.options.items()]
    if options:
        lines += _packed(options, "  options: ", width)
    sources = data.game.get("sources", [])
    lines += ["  sources:"] if sources else []
    for source in sources:
        lines += textwrap.wrap(source_line(source), width, initial_indent="    ", subsequent_indent="      ")
    return lines


NAME_COLUMN = 20  # a longer name gets a line of its own, its doc below it


def _named_rows(head: str, rows: list[tuple[str, str]], width: int) -> list[str]:
    """`head:` then one row per name with its doc beside it in an aligned, wrapped column."""
    if not rows:
        return []
    column = min(NAME_COLUMN, max(len(name) for name, _ in rows)) + 6
    lines = [f"  {head}:"]
    for name, doc in rows:
        wrapped = textwrap.wrap(doc, max(20, width - column)) or [""]
        if len(name) > column - 6:
            lines.append(f"    {name}")
        else:
            lines.append(f"    {name:<{column - 4}}{wrapped.pop(0)}")
        lines += [" " * column + line for line in wrapped]
    return lines


def _packed(items: list[str], head: str, width: int = 100) -> list[str]:
    """`items` joined by commas in lines of at most `width` characters (an item is never split),
    the first line led by `head` and the others indented to match."""
    lines = [head]
    for i, item in enumerate(items):
        part = item + ("," if i + 1 < len(items) else "")
        if len(lines[-1]) + len(part) + 1 > width and lines[-1].strip() != head.strip():
            lines.append(" " * len(head))
        lines[-1] += part if lines[-1].endswith(" ") else " " + part
    return lines


@cli.command("list")
def list_games() -> None:
    """The games found, their players, components under the default rules, variants and options."""
    names = available_games()
    if not names:
        raise DataError("no games found: add a game folder data/<game>/ or set PRINTKIT_DATA")
    width = max(60, min(120, shutil.get_terminal_size((100, 24)).columns))
    for name in names:
        click.echo("\n".join(_describe(load_game(name), width)))


def _variant_options(fn: Any) -> Any:
    fn = click.option(
        "--set", "sets", multiple=True, metavar="KEY=VALUE", help="Override one rule (repeatable)."
    )(fn)
    return click.option(
        "--variant",
        "spec",
        default="default",
        show_default=True,
        help="Variant names and key=value parts joined with '+', e.g. board7+deal=equal.",
    )(fn)


def _out_option(fn: Any) -> Any:
    return click.option(
        "--out",
        "out_dir",
        type=click.Path(path_type=Path),
        default=Path("output"),
        show_default=True,
        help="Folder for the files.",
    )(fn)


_paper = click.option(
    "--paper",
    default="a4",
    show_default=True,
    help=f"Paper: {', '.join(PAPERS_MM)}, or WxH in mm (e.g. 300x450).",
)
_lang = click.option(
    "--lang",
    type=click.Choice(LANGS),
    default="en",
    show_default=True,
    help="Language of the printed labels (ja: Japanese, from the data file's [lang.ja]).",
)


def _offset(help_text: str) -> Any:
    return click.option(
        "--back-offset", "back_offset", default="0,0", show_default=True, metavar="X,Y", help=help_text
    )


@cli.command("build")
@click.argument("game")
@_variant_options
@click.option(
    "--mode",
    type=click.Choice(MODES),
    default="home",
    show_default=True,
    help="home: pieces packed on A4/Letter sheets; shop: one page per piece face with TrimBox/BleedBox.",
)
@_paper
@click.option(
    "--bleed",
    type=float,
    default=None,
    help="Artwork past the trim, mm [default: the data file's game.bleed_mm, else 0; shop: 3].",
)
@click.option("--margin", type=float, default=None, help="Page margin, mm [default: 10; with cut files: 16].")
@click.option("--gap", type=float, default=0.0, show_default=True, help="Gutter between pieces, mm.")
@click.option(
    "--crop-marks/--no-crop-marks",
    default=True,
    show_default=True,
    help="Short lines in the margins where each cut goes.",
)
@click.option(
    "--rotate/--no-rotate",
    default=True,
    show_default=True,
    help="Turn pieces a quarter turn where it saves a sheet.",
)
@click.option("--backs/--no-backs", default=True, show_default=True, help="Print the backs of pieces.")
@click.option(
    "--corner-guides/--no-corner-guides",
    default=True,
    show_default=True,
    help="Home sheets: faint quarter circles at a rounded piece's corners, where scissors round them.",
)
@click.option(
    "--duplex/--simplex",
    default=None,
    help="Double-sided backs after each front sheet, or single-sided with no blank page "
    "[default: duplex when a piece has a back].",
)
@click.option("--fold", is_flag=True, help="Single-sided: front and back side by side, to fold and glue.")
@_offset(
    "Shift the backs by X,Y mm so they line up with the fronts on a duplex printer; "
    "`printkit calibrate` prints the sheet that measures X,Y."
)
@click.option(
    "--cut-svg",
    is_flag=True,
    help="Also write an SVG of each sheet's cut lines, shared edges once, with Silhouette "
    "print-and-cut registration marks on the sheets (home mode).",
)
@click.option(
    "--cut-dxf", is_flag=True, help="The same cut lines as DXF (millimetres), beside or instead of SVG."
)
@click.option(
    "--cmyk",
    is_flag=True,
    help="Write every colour as CMYK through an ICC profile (FOGRA39, coated offset, unless --icc), "
    "embedded as the PDF's output intent; colours the profile cannot print are named in the summary.",
)
@click.option(
    "--icc",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    metavar="FILE",
    help="The print shop's CMYK profile (.icc) to convert through instead of FOGRA39 (implies --cmyk).",
)
@click.option(
    "--pdfx",
    is_flag=True,
    help="Write PDF/X-4: output intent, trim and bleed boxes, X-4 metadata (implies --cmyk).",
)
@click.option(
    "--ink-saver",
    "ink_saver",
    is_flag=True,
    help="Playtest print: pieces on dark grounds as light tints of them, outlined, their marks dark "
    "(writes GAME-...-inksaver.pdf).",
)
@click.option("--unique", is_flag=True, help="Shop mode: each distinct face once, quantities in the summary.")
@click.option(
    "--designer-sheet", is_flag=True, help="Also write the options in force, their sources and changes."
)
@_lang
@_out_option
@click.option(
    "--watch",
    is_flag=True,
    help="Build again whenever the data file, a layout, its rows or a picture changes (Ctrl-C stops).",
)
def build_cmd(
    game: str,
    spec: str,
    sets: tuple[str, ...],
    mode: str,
    paper: str,
    bleed: float | None,
    margin: float | None,
    gap: float,
    crop_marks: bool,
    rotate: bool,
    backs: bool,
    corner_guides: bool,
    duplex: bool | None,
    fold: bool,
    back_offset: str,
    cut_svg: bool,
    cut_dxf: bool,
    cmyk: bool,
    icc: Path | None,
    pdfx: bool,
    ink_saver: bool,
    unique: bool,
    designer_sheet: bool,
    lang: str,
    out_dir: Path,
    watch: bool,
) -> None:
    """Write OUT/GAME[-VARIANT][-shop][-LANG].pdf with every piece of the game, and its summary.

    GAME is a game's name (`printkit list` shows them) or the path to a data file
    (e.g. examples/deck/deck.toml or ./my_cards.toml).
    """
    from printkit.sheets.backs import parse_offset

    options = dict(
        spec=spec,
        sets=sets,
        paper=paper,
        bleed=bleed,
        margin=margin,
        gap=gap,
        crop_marks=crop_marks,
        mode=mode,
        backs=backs,
        corner_guides=corner_guides,
        duplex=duplex,
        fold=fold,
        rotate=rotate,
        back_offset=parse_offset(back_offset),
        cut_svg=cut_svg,
        cut_dxf=cut_dxf,
        cmyk=cmyk,
        icc=icc,
        pdfx=pdfx,
        ink_saver=ink_saver,
        designer_sheet=designer_sheet,
        unique=unique,
        lang=lang,
    )
    if watch:
        from printkit.datafile.gamedata import find_data_file
        from printkit.watch import watch as watch_folder

        folder = find_data_file(game).resolve().parent
        watch_folder(folder, out_dir, lambda: _build_and_say(game, out_dir, options, lang))
        return
    _build_and_say(game, out_dir, options, lang)


def _build_and_say(game: str, out_dir: Path, options: dict[str, Any], lang: str) -> None:
    from printkit.build import build
    from printkit.sheets.summary import lines as summary_lines

    result = build(game, out_dir, **options)
    click.echo(f"wrote {result.path}: " + "\n".join(summary_lines(result.summary)))
    for path in result.files[1:]:
        click.echo(f"wrote {path}")
    if not result.summary["translated"]:
        click.echo(f"note: the data file of {game} has no [lang.{lang}] text; the labels stay in English")


@cli.command("new")
@click.argument("name")
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("."),
    show_default=True,
    help="Folder to write the new game's folder NAME/ into.",
)
def new_cmd(name: str, out_dir: Path) -> None:
    """Write NAME/: a starter data file, a CSV of cards and their layouts, which build at once."""
    from printkit.scaffold import new_game

    paths = new_game(name, out_dir)
    for path in paths:
        click.echo(f"wrote {path}")
    click.echo(f"next: printkit build {paths[0]}   (add --watch to build again as you edit)")


@cli.command("calibrate")
@_paper
@_offset(
    "Print the back's grid shifted by X,Y mm, as `build --back-offset X,Y` shifts the backs: "
    "the sheet then shows the correction still needed, to add to X,Y."
)
@_out_option
def calibrate_cmd(paper: str, back_offset: str, out_dir: Path) -> None:
    """Write OUT/calibrate-PAPER.pdf: 100 mm rulers and a duplex registration grid."""
    from printkit.sheets.backs import parse_offset
    from printkit.sheets.calibrate import write_calibration

    path = write_calibration(out_dir, paper, parse_offset(back_offset))
    click.echo(f"wrote {path}: print at 100 %, measure the rulers, read the back's grid")


@cli.command("proof")
@click.argument("game")
@_variant_options
@click.option("--dpi", type=int, default=150, show_default=True, help="Resolution of the images.")
@_lang
@_out_option
def proof_cmd(game: str, spec: str, sets: tuple[str, ...], dpi: int, lang: str, out_dir: Path) -> None:
    """Write PNG images of one of each component of GAME (front and back)."""
    from printkit.exports.proof import write_proofs

    for path in write_proofs(game, out_dir, spec=spec, sets=sets, dpi=dpi, lang=lang):
        click.echo(f"wrote {path}")


@cli.command("export")
@click.argument("game")
@_variant_options
@click.option("--png", is_flag=True, help="One PNG per distinct face (and back).")
@click.option("--svg", is_flag=True, help="One SVG per distinct face (needs pdftocairo).")
@click.option(
    "--tts",
    is_flag=True,
    help="A Tabletop Simulator saved object: OUT/GAME-export/tts/GAME.json and GAME.png (copy both into "
    "TTS's Saves/Saved Objects folder) and the images they name, in the same folder.",
)
@click.option(
    "--tts-url",
    "tts_url",
    default=None,
    metavar="URL",
    help="Prefix of the images' URLs in the TTS object, e.g. where you upload OUT/GAME-export/tts/ "
    "[default: file:/// URLs of the files written].",
)
@click.option(
    "--images",
    is_flag=True,
    help="Print-on-demand: one PNG per distinct face and back with bleed, and manifest.csv with the counts.",
)
@click.option(
    "--preset",
    default=None,
    metavar="NAME",
    help=f"--images at a shop's card size and bleed, 300 dpi: {', '.join(PRESETS)}.",
)
@click.option(
    "--bleed", type=float, default=3.0, show_default=True, help="--images without a preset: bleed in mm."
)
@click.option(
    "--pages",
    type=click.Choice(PAGE_KINDS),
    default=None,
    help="Every page of the home sheets (as printkit build makes them) as PNG at --dpi, or SVG.",
)
@_paper
@click.option("--dpi", type=int, default=300, show_default=True, help="Resolution of the images.")
@_lang
@_out_option
def export_cmd(
    game: str,
    spec: str,
    sets: tuple[str, ...],
    png: bool,
    svg: bool,
    tts: bool,
    tts_url: str | None,
    images: bool,
    preset: str | None,
    bleed: float,
    pages: str | None,
    paper: str,
    dpi: int,
    lang: str,
    out_dir: Path,
) -> None:
    """Write OUT/GAME-export/: images of each distinct face, with --tts OUT/GAME-export/tts/, with
    --images OUT/GAME-export/images/ and with --pages OUT/GAME-export/pages/."""
    from printkit.exports.export import export

    paths = export(
        game,
        out_dir,
        png=png,
        svg=svg,
        tts=tts,
        dpi=dpi,
        spec=spec,
        sets=sets,
        lang=lang,
        tts_url=tts_url,
        images=images,
        preset=preset,
        bleed=bleed,
        pages=pages,
        paper=paper,
    )
    folders = sorted({str(p.parent) for p in paths})
    click.echo(f"wrote {len(paths)} files into {', '.join(folders)}")
    saved = [p for p in paths if p.parent.name == "tts" and p.suffix == ".json"]
    if saved:
        click.echo(
            f"Tabletop Simulator: copy {saved[0].name} and {saved[0].with_suffix('.png').name} into "
            "Documents/My Games/Tabletop Simulator/Saves/Saved Objects, then Objects > Saved Objects"
        )


def main() -> None:
    run_cli(cli, "printkit")


if __name__ == "__main__":
    main()
