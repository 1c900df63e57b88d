"""Card and tile images for print-on-demand shops: one PNG per distinct face, with bleed, and a manifest.

Online shops (The Game Crafter, MakePlayingCards, PrinterStudio) take one
image per card face at their pixel size, art run out past the cut, and a
count of each. `printkit export GAME --images` writes into
`<stem>-export/images/`:

- `<face>.png` for each distinct face (`printkit/pieces/faces.py`) and
  `<face>-back.png` for its back, or `<component>-back.png` once when every
  face of the component shares one back; each the piece's trim plus `bleed`
  on every side at `dpi` (`face_pixels`);
- `manifest.csv`: one row per file with its side, component, label, count
  (the pieces that print it: a shared back counts them all), pixel size,
  trim and bleed, so the counts of the fronts sum to the game's pieces.

A preset (`PRESETS`, named after the size and the bleed: `poker-1/8in`)
gives a card size, a bleed and 300 dpi; the faces whose trim is that size
(within `FIT`, either way up) are drawn at it, the image exactly the preset's
pixels (a 63 x 88 mm card fills a 2.5 x 3.5 in one), and the others at their
own size with the preset's bleed. Without a preset each face is its own size
with `--bleed` (3 mm unless said) at `--dpi`.

Sizes are the common card sizes of these shops, in inches as they publish
them; the bleed is theirs (1/8 in a side at The Game Crafter and
PrinterStudio, 0.12 in at MakePlayingCards) and 3 mm for the metric sizes.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.errors import DataError
from printkit.exports.tts import face_pixels
from printkit.pieces.faces import Face, face_name

MM_PER_IN = 25.4
COPY = re.compile(r" #\d+$")  # "Card Wild #1": the first copy's label, which names the face
FIT = 0.03  # a face within 3 % of a preset's trim on each side is drawn at the preset


@dataclass(frozen=True)
class Preset:
    """A shop's card: trim width and height and bleed, in mm, and the dpi its images are made at."""

    trim_mm: tuple[float, float]
    bleed_mm: float
    dpi: int = 300

    @property
    def pixels(self) -> tuple[int, int]:
        w, h = self.trim_mm
        return face_pixels((w + 2 * self.bleed_mm, h + 2 * self.bleed_mm), self.dpi)

    def fits(self, size_mm: tuple[float, float]) -> bool:
        """Whether a trim of `size_mm` is this preset's, upright (a turned one is refused: say landscape)."""
        return all(abs(a - b) <= FIT * b for a, b in zip(size_mm, self.trim_mm, strict=True))


def _inches(w: float, h: float, bleed: float) -> Preset:
    return Preset((w * MM_PER_IN, h * MM_PER_IN), bleed * MM_PER_IN)


# the page images `printkit export --pages` writes (here, beside the presets, so that the command line
# offers both without importing what draws them)
PAGE_KINDS = ("png", "svg")

PRESETS = {
    "poker-1/8in": _inches(2.5, 3.5, 1 / 8),  # 825 x 1125 px: The Game Crafter, PrinterStudio
    "poker-0.12in": _inches(2.5, 3.5, 0.12),  # 822 x 1122 px: MakePlayingCards
    "poker-3mm": Preset((63.0, 88.0), 3.0),
    "bridge-1/8in": _inches(2.25, 3.5, 1 / 8),  # 750 x 1125 px
    "mini-1/8in": _inches(1.75, 2.5, 1 / 8),  # 600 x 825 px
    "tarot-1/8in": _inches(2.75, 4.75, 1 / 8),  # 900 x 1500 px
    "square-1/8in": _inches(2.5, 2.5, 1 / 8),  # 825 x 825 px
    "square-3.5in-1/8in": _inches(3.5, 3.5, 1 / 8),  # 1125 x 1125 px, a large square card or tile
    "tile-2in-1/8in": _inches(2.0, 2.0, 1 / 8),  # 675 x 675 px, a small square tile
    "tile-3in-1/8in": _inches(3.0, 3.0, 1 / 8),  # 975 x 975 px, a medium square tile
}


def preset(name: str) -> Preset:
    if name not in PRESETS:
        raise DataError(f"--preset: no preset {name!r}; the presets are {', '.join(PRESETS)}")
    return PRESETS[name]


@dataclass(frozen=True)
class Plan:
    """How one face is drawn: its bleed (mm), dpi and image size in pixels (front and back alike)."""

    bleed_mm: float
    dpi: int
    pixels: tuple[int, int]


def plans(faces: Sequence[Face], chosen: Preset | None, bleed: float, dpi: int) -> list[Plan]:
    """Each face's plan: the preset's where the face is the preset's size, else its own size."""
    out = []
    for face in faces:
        size = face.piece.size_mm
        if chosen is not None and chosen.fits(size):
            out.append(Plan(chosen.bleed_mm, chosen.dpi, chosen.pixels))
        else:
            b = chosen.bleed_mm if chosen is not None else bleed
            d = chosen.dpi if chosen is not None else dpi
            out.append(Plan(b, d, face_pixels((size[0] + 2 * b, size[1] + 2 * b), d)))
    if chosen is not None and not any(chosen.fits(f.piece.size_mm) for f in faces):
        sizes = sorted({f"{f.piece.width_mm:g} x {f.piece.height_mm:g} mm" for f in faces})
        w, h = chosen.trim_mm
        raise DataError(
            f"--preset: no piece is {w:.1f} x {h:.1f} mm (within {FIT:.0%}); "
            f"the pieces are {', '.join(sizes)}"
        )
    return out


Row = dict[str, object]


def manifest(rows: Sequence[Row]) -> str:
    """The manifest CSV: one row per image file."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def row(file: str, side: str, face: Face, count: int, plan: Plan) -> Row:
    w, h = face.piece.size_mm
    return {
        "file": file,
        "side": side,
        "component": face.piece.component,
        "label": COPY.sub("", face.piece.label) if side == "front" else f"{face.piece.component} back",
        "count": count,
        "width_px": plan.pixels[0],
        "height_px": plan.pixels[1],
        "trim_mm": f"{w:g} x {h:g}",
        "bleed_mm": f"{plan.bleed_mm:.2f}",
    }


def file_names(faces: Sequence[Face], backs: Sequence[str | None]) -> list[tuple[str, str | None]]:
    """Each face's front and back file names; a back every face of its component shares is one file.

    `backs` is a digest of each face's back image (None: no back).
    """
    shared = {}
    for face, digest in zip(faces, backs, strict=True):
        shared.setdefault(face.piece.component, set()).add(digest)
    out = []
    for face, digest in zip(faces, backs, strict=True):
        name = face_name(face, faces)
        one = len(shared[face.piece.component]) == 1
        back = None if digest is None else f"{face.piece.component}-back.png" if one else f"{name}-back.png"
        out.append((f"{name}.png", back))
    return out
