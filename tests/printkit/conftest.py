"""Read drawn geometry back out of a PDF page, for tests that measure what was printed.

`page_shapes(page)` runs the page's content stream through a small interpreter
(graphics state stack, `cm` transforms, paths, marked content) and returns each
painted or clipping path with its points in page coordinates (points), the
marked-content tags around it and the fill colour; `page_texts(page)` returns the
strings shown, with their tags; the `recorded` fixture records every string
a canvas draws, with its page, colour (as drawn: after a `PrintCanvas` has
mapped it, e.g. for the ink saver) and box.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from pypdf import PageObject
from pypdf.generic import ContentStream
from reportlab.lib.colors import toColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

PAINT = {"S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n"}


@dataclass
class Shape:
    op: str  # paint operator, "W n" for a clip path
    points: list[tuple[float, float]]
    tags: list[tuple[str, dict]]
    fill: tuple[float, ...]

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))

    def tag(self, name: str) -> dict | None:
        for tag, props in self.tags:
            if tag == name:
                return props
        return None


def _mul(m: list[float], n: list[float]) -> list[float]:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return [
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    ]


def _walk(page: PageObject):
    """Yield (operator, operands, ctm, tags, fill) for every operation of the page."""
    stream = ContentStream(page.get_contents(), page.pdf)
    ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    fill: tuple[float, ...] = (0.0,)
    stack = []
    tags: list[tuple[str, dict]] = []
    for operands, op in stream.operations:
        op = op.decode() if isinstance(op, bytes) else op
        if op == "q":
            stack.append((ctm, fill))
        elif op == "Q":
            ctm, fill = stack.pop()
        elif op == "cm":
            ctm = _mul([float(v) for v in operands], ctm)
        elif op in ("rg", "g", "k"):
            fill = tuple(float(v) for v in operands)
        elif op == "BDC":
            props = {str(k): v for k, v in operands[1].items()} if hasattr(operands[1], "items") else {}
            tags = tags + [(str(operands[0]), props)]
        elif op == "BMC":
            tags = tags + [(str(operands[0]), {})]
        elif op == "EMC":
            tags = tags[:-1]
        yield op, operands, ctm, tags, fill


def page_shapes(page: PageObject) -> list[Shape]:
    shapes = []
    points: list[tuple[float, float]] = []
    clipping = False
    for op, operands, ctm, tags, fill in _walk(page):
        a, b, c, d, e, f = ctm

        def at(x: float, y: float) -> tuple[float, float]:
            return (a * x + c * y + e, b * x + d * y + f)  # noqa: B023

        if op in ("m", "l"):
            points.append(at(float(operands[0]), float(operands[1])))
        elif op in ("c", "v", "y"):
            vals = [float(v) for v in operands]
            points.extend(at(vals[i], vals[i + 1]) for i in range(0, len(vals), 2))
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            points.extend([at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)])
        elif op in ("W", "W*"):
            clipping = True
        elif op in PAINT:
            if points:
                shapes.append(Shape("W n" if clipping and op == "n" else op, points, tags, fill))
            points, clipping = [], False
    return shapes


def page_texts(page: PageObject) -> list[tuple[str, list[tuple[str, dict]]]]:
    return [(str(operands[0]), tags) for op, operands, _, tags, _ in _walk(page) if op == "Tj"]


@pytest.fixture
def recorded(monkeypatch):
    """Strings drawn on any canvas: page, text, colour, size and box in points. The base canvas's methods
    are wrapped, which a `PrintCanvas` calls once it has set the colours it draws in."""
    seen: list[dict] = []

    def wrap(name: str, anchor: float):
        original = getattr(Canvas, name)

        def draw(self, x, y, text, *args, **kwargs):
            width = stringWidth(text, self._fontname, self._fontsize)
            x0 = x - anchor * width
            a, b, c, d, e, f = self._currentMatrix
            corners = [
                (x0, y),
                (x0 + width, y),
                (x0, y + 0.7 * self._fontsize),
                (x0 + width, y + 0.7 * self._fontsize),
            ]
            pts = [(a * px + c * py + e, b * px + d * py + f) for px, py in corners]
            colour = toColor(self._fillColorObj)
            seen.append(
                {
                    "page": self.getPageNumber() - 1,
                    "text": text,
                    "rgb": (colour.red, colour.green, colour.blue),
                    "box": (
                        min(p[0] for p in pts),
                        min(p[1] for p in pts),
                        max(p[0] for p in pts),
                        max(p[1] for p in pts),
                    ),
                }
            )
            return original(self, x, y, text, *args, **kwargs)

        monkeypatch.setattr(Canvas, name, draw)

    wrap("drawString", 0.0)
    wrap("drawCentredString", 0.5)
    wrap("drawRightString", 1.0)
    return seen


@pytest.fixture
def shapes_of():
    return page_shapes


@pytest.fixture
def texts_of():
    return page_texts
