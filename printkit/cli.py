"""The `printkit` command: list the games and build their print-and-play PDFs.

    printkit list
    printkit build GAME [--variant SPEC] [--set key=value ...] [--paper a4|letter]
                        [--bleed MM] [--margin MM] [--gap MM] [--no-crop-marks] [--out DIR]

Every mistake in the input is one line `error: ...` on stderr and exit status
2, with no output file written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from printkit.build import build
from printkit.draw import has_drawing, pieces_for
from printkit.errors import DataError, run_cli
from printkit.gamedata import GameData, available_games, load_game
from printkit.imposition import PAPERS_MM
from printkit.pieces import count_by_component


class _OneLineErrors(click.Group):
    """Report click's usage errors (bad option value, missing argument) in one line too."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().main(*args, **kwargs)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else "printkit"
            raise DataError(f"{exc.format_message()} (see {where} --help)") from None


@click.group(cls=_OneLineErrors)
def cli() -> None:
    """Print-and-play PDFs of tabletop games, drawn from one data file per game."""


def _players(data: GameData) -> str:
    counts = [str(n) for n in data.player_counts]
    return " or ".join(counts) if len(counts) <= 2 else ", ".join(counts[:-1]) + " or " + counts[-1]


def _describe(data: GameData) -> list[str]:
    lines = [f"{data.name}: {data.title}, {_players(data)} players"]
    rows: list[tuple[str, Any, tuple[float, float] | None]] = []
    if has_drawing(data):
        items = pieces_for(data, data.resolve())
        sizes: dict[str, tuple[float, float]] = {}
        for piece in items:
            sizes.setdefault(piece.component, piece.size_mm)
        rows = [(key, n, sizes[key]) for key, n in count_by_component(items).items()]
    else:
        lines.append("  (no drawing module yet; counts as the data file states them)")
        rows = [(key, c.get("count", "?"), c.get("size_mm")) for key, c in data.components.items()]
    for key, count, size in rows:
        kind = data.components.get(key, {}).get("kind", "")
        shown = f"{size[0]:g}x{size[1]:g} mm" if size else "no size"
        lines.append(f"  {key:<12} {kind:<10} {count:>3} x {shown}")
    variants = [v for v in data.variants if v != "default"]
    if variants:
        lines.append(f"  variants: {', '.join(variants)}")
    return lines


@cli.command("list")
def list_games() -> None:
    """The games found, their players and components under the default rules."""
    names = available_games()
    if not names:
        raise DataError("no games found: add data/<game>.toml or set PRINTKIT_DATA")
    for name in names:
        click.echo("\n".join(_describe(load_game(name))))


@cli.command("build")
@click.argument("game")
@click.option(
    "--variant",
    "spec",
    default="default",
    show_default=True,
    help="Variant names and key=value parts joined with '+', e.g. board7+deal=equal.",
)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="Override one rule (repeatable).")
@click.option(
    "--paper", type=click.Choice(sorted(PAPERS_MM), case_sensitive=False), default="a4", show_default=True
)
@click.option("--bleed", type=float, default=0.0, show_default=True, help="Artwork past the trim, mm.")
@click.option("--margin", type=float, default=10.0, show_default=True, help="Page margin, mm.")
@click.option("--gap", type=float, default=0.0, show_default=True, help="Gutter between pieces, mm.")
@click.option("--crop-marks/--no-crop-marks", default=True, show_default=True)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder for the PDF.",
)
def build_cmd(
    game: str,
    spec: str,
    sets: tuple[str, ...],
    paper: str,
    bleed: float,
    margin: float,
    gap: float,
    crop_marks: bool,
    out_dir: Path,
) -> None:
    """Write OUT/GAME[-VARIANT].pdf with every piece of the game."""
    result = build(
        game,
        out_dir,
        spec=spec,
        sets=sets,
        paper=paper,
        bleed=bleed,
        margin=margin,
        gap=gap,
        crop_marks=crop_marks,
    )
    click.echo(f"wrote {result.path} ({result.pages} pages, {paper.lower()})")
    click.echo("pieces: " + ", ".join(f"{key} {n}" for key, n in result.counts.items()))


def main() -> None:
    run_cli(cli)


if __name__ == "__main__":
    main()
