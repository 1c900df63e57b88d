"""The piece contract between a game's drawing module and the imposition.

A `Piece` is one physical item to cut out: one panel, one card, one board. A
game's drawing module (the `draw.py` of its game folder, found by
`printkit/draw/__init__.py`) turns a game's data into pieces and knows nothing
of pages; the imposition (`printkit/sheets/imposition.py`) places pieces on pages and
knows nothing of games.

Contract for a drawing module:

- It exposes `pieces(data: GameData, rules: Rules) -> list[Piece]`: one `Piece`
  per physical item (24 panels are 24 pieces), in a stable order (same input,
  same list), identical items next to each other so that they share a grid.
- Every size, count, colour and text the data file holds is read from it, never
  repeated in code. Data the module needs but the loader does not check (a
  colour's `rgb`, a table of types) is checked there and reported with
  `DataError` naming the file and key path.
- `draw_front(canvas, piece)` draws the piece's face on a reportlab canvas
  whose origin is the lower-left corner of the piece's trim box, in points
  (use `reportlab.lib.units.mm`). The canvas is clipped to the trim box grown
  by `piece.bleed_mm` on every side; backgrounds and anything that touches the
  edge must be drawn over that whole area (see `bleed_rect` and
  `fill_bleed`), everything else inside the trim box. The function must leave
  the canvas state as it found it (wrap changes in `saveState/restoreState`)
  and read everything it needs from `piece.record` and `piece.size_mm`, so
  the imposition may draw a piece on any page, any number of times.
- `draw_back(canvas, piece)`, when the item has a printed back, follows the same
  rules and draws the back as it is seen (never mirrored); the imposition
  decides where backs go: behind their fronts on mirrored back sheets at home
  (`printkit/sheets/backs.py`), on the page after the front in shop mode.
- Text: take font names from `printkit.output.fonts.family(data.lang)` and measure
  with them (`pdfmetrics.stringWidth`, `printkit.output.fonts.wrap`); the words come
  from the data file, which `GameData.localized` has already put in the
  language of the build. The canvas embeds every font; a module that still
  names Helvetica gets Liberation Sans, which has Helvetica's metrics.
- Colours may be RGB; the render layer converts them when CMYK is asked for.
- `record` is the data the piece was drawn from (a mapping; plain data only),
  so that summaries, proofs and tests can say what each piece is.
- `shape` is how the piece is cut (`printkit/pieces/outlines.py`): a rectangle unless
  it says otherwise; `size_mm` is the shape's bounding box, and the canvas is
  clipped to the outline grown by the bleed instead of the box.
- `check`, when given, resolves what the piece will draw without drawing it and
  raises `DataError` on a bad value; `printkit.draw.pieces_for` runs every
  piece's check before anything is drawn (`printkit list`, which only counts
  the pieces, skips them). Pieces drawn by a layout have one.

A component with no drawing code is drawn from a layout in its data file
(`printkit/layouts/`), which makes pieces under the same contract.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from reportlab.lib.units import mm

from printkit.pieces.outlines import RECT, Shape
from printkit.pieces.outlines import outline as shape_outline

if TYPE_CHECKING:  # reportlab's canvas costs a tenth of a second to import; `printkit list` draws nothing
    from reportlab.pdfgen.canvas import Canvas

DrawFn = Callable[["Canvas", "Piece"], None]


@dataclass(frozen=True, eq=False)
class Piece:
    """One physical item to print and cut out.

    `component` is the key of its `[components.*]` table (e.g. "panel"),
    `label` says which one it is ("panel type 3 #2"), `size_mm` is its trim
    size (width, height). `bleed_mm` is set by the imposition before drawing.
    `shape` is how it is cut (`printkit/pieces/outlines.py`), and `outline` the line a
    cutter follows, a polygon in mm from the trim's lower-left corner: the
    shape's outline unless given (a hexagon, a circle's polygon); None means
    the trim rectangle. Cut files (`printkit/sheets/cutpaths.py`) cut shared edges once.
    """

    component: str
    label: str
    size_mm: tuple[float, float]
    draw_front: DrawFn
    draw_back: DrawFn | None = None
    record: Mapping[str, Any] = field(default_factory=dict)
    bleed_mm: float = 0.0
    shape: Shape = RECT
    outline: tuple[tuple[float, float], ...] | None = None
    check: Callable[[], None] | None = None

    def __post_init__(self) -> None:
        if (
            self.outline is None and self.shape.kind != "rect"
        ):  # the cut line of a shaped piece is its shape's
            object.__setattr__(self, "outline", tuple(shape_outline(self.shape, *self.size_mm)))

    @property
    def width_mm(self) -> float:
        return self.size_mm[0]

    @property
    def height_mm(self) -> float:
        return self.size_mm[1]

    def with_bleed(self, bleed_mm: float) -> Piece:
        """The same piece, to be drawn with `bleed_mm` of artwork past its trim."""
        return replace(self, bleed_mm=bleed_mm)


def bleed_rect(piece: Piece) -> tuple[float, float, float, float]:
    """(x, y, width, height) in points of the trim box grown by the bleed, origin at the trim corner."""
    b = piece.bleed_mm * mm
    return (-b, -b, piece.width_mm * mm + 2 * b, piece.height_mm * mm + 2 * b)


def fill_bleed(canvas: Canvas, piece: Piece, colour: Any) -> None:
    """Fill the whole trim-plus-bleed area with `colour` (a reportlab colour)."""
    canvas.saveState()
    canvas.setFillColor(colour)
    canvas.rect(*bleed_rect(piece), stroke=0, fill=1)
    canvas.restoreState()


def count_by_component(pieces: Sequence[Piece]) -> dict[str, int]:
    """How many pieces of each component, in the order the components first appear."""
    counts: dict[str, int] = {}
    for piece in pieces:
        counts[piece.component] = counts.get(piece.component, 0) + 1
    return counts
