"""Hostile changes to the games printed from layouts alone (issue 36): layouts, rows, markup, expressions,
colours, fonts and pictures, for `tests/test_fuzz.py`.

Each case copies one of the examples (`examples/deck`, `hex`, `counters`: a CSV, an XLSX and an ODS
workbook, layouts in the data file and in a layout file, SVG icons inline and in files) and changes
one thing in it as a shared file could: a layout key or a new element, a row's cell (markup, counts,
colours, expressions in the text, long and odd characters), a header, merged cells, a palette, a
font file, a picture. The test runs what `printkit` does with it under the fuzz test's bounds.
"""

from __future__ import annotations

import copy
import csv
import random
import shutil
import struct
import tomllib
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
LAYOUT_GAMES = ("deck", "hex", "counters")
FONT = EXAMPLES / "deck" / "fonts" / "DejaVuSerif-Bold.ttf"

HOSTILE_EXPRESSIONS = [
    "{= " + "(" * 300 + "1" + ")" * 300 + "}",
    "{= " + "-" * 480 + "1}",
    "{= 9 ** 9 ** 9 ** 9}",
    "{= 10 ** 15 * 10 ** 15}",
    "{= name.__class__.__mro__}",
    "{= __import__('os').system('true')}",
    "{= 'x' * 10 ** 9}",
    "{= 1 / 0}",
    "{= (lambda: 1)()}",
    "{= [1] * 10 ** 9}",
    "{= f'{1}'}",
    "{= nosuch + 1}",
    "{= }",
    "{= 'a' if 1 else}",
    "{= len(str(9 ** 40))}",
    "{= '%0999999999d' % 1}",
]
HOSTILE_MARKUP = [
    "<b>open",
    "close</i>",
    "<u>under</u>",
    "<b><b>twice</b></b>",
    "Gain :nosuch:",
    "\\: \\< \\\\",
    "<" * 2000,
    ":" * 3000,
    "<b>" * 400,
    "line\n" * 600,
    "한국어",
    "\U0001f600",
    "\u202e\u0000\ufffc",
    "x" * 4001,
    "{= 1 + 1}",
]
HOSTILE_COUNTS = ["4.0", "-1", "1e9", "nan", "", "1001", "0x10", " 3 ", "\u0663", "1" * 400]
HOSTILE_COLOURS = [
    "forestgreen",
    "nosuch",
    "ink on nosuch",
    "readable red on",
    "#12345",
    "none",
    "ink on " * 300,
    "{= 'red' if 1 else 'blue'}",
]
HOSTILE_LAYOUT_VALUES: list[Any] = [
    -1,
    1e308,
    float("nan"),
    10**9,
    "",
    "100% - 1e9",
    "50%%",
    [],
    {},
    True,
    "{nosuch}",
    "{x.__class__}",
    *HOSTILE_EXPRESSIONS[:6],
    *HOSTILE_COLOURS[:4],
]
KINDS = ("rect", "circle", "hexagon", "polygon", "line", "text", "icon", "image", "pips", "table", "blob")


# ------------------------------------------------------------------ pictures and fonts
def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png(width: int, height: int, body: bytes | None = None) -> bytes:
    """A PNG of `width` x `height` grey pixels, or with `body` as its compressed data (a broken one)."""
    header = _png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
    raw = (
        body if body is not None else zlib.compress(b"".join(b"\0" + b"\x80" * width for _ in range(height)))
    )
    return b"\x89PNG\r\n\x1a\n" + header + _png_chunk(b"IDAT", raw) + _png_chunk(b"IEND", b"")


LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
    + "".join(f'<!ENTITY {chr(98 + k)} "{("&" + chr(97 + k) + ";") * 10}">' for k in range(9))
    + ']><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&j;</text></svg>'
)
HOSTILE_PICTURES: dict[str, bytes] = {
    "bomb.png": _png(60000, 60000, zlib.compress(b"\0" * 1000)),
    "broken.png": _png(8, 8)[:60],
    "empty.png": b"",
    "noise.png": bytes(random.Random(5).randrange(256) for _ in range(2000)),
    "laughs.svg": LAUGHS.encode(),
    "outside.svg": b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    b'width="10" height="10"><image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>',
    "huge.svg": b'<svg xmlns="http://www.w3.org/2000/svg" width="1e30" height="1e30"><rect width="1e30" '
    b'height="1e30"/></svg>',
    "zero.svg": b'<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg>',
    "text.svg": b"not an svg at all",
    "good.png": _png(16, 8),
}
HOSTILE_FONTS: dict[str, bytes | None] = {
    "good.ttf": None,  # the deck's DejaVu Serif Bold
    "noise.ttf": bytes(random.Random(7).randrange(256) for _ in range(5000)),
    "empty.otf": b"",
    "cff.otf": b"OTTO" + b"\0" * 400,
    "cut.ttf": FONT.read_bytes()[:3000],
}


# ------------------------------------------------------------------ the copy and its parts
class Case:
    """A copy of one example in `folder`, its data file and layout file as tables to change."""

    def __init__(self, game: str, folder: Path) -> None:
        shutil.copytree(EXAMPLES / game, folder)
        self.game, self.folder = game, folder
        self.path = folder / f"{game}.toml"
        self.raw = tomllib.loads(self.path.read_text(encoding="utf-8"))
        layout_file = folder / "layouts.toml"
        self.layout_raw = (
            tomllib.loads(layout_file.read_text(encoding="utf-8")) if layout_file.exists() else None
        )

    def layouts(self) -> dict[str, Any]:
        return (self.layout_raw or self.raw)["layouts"]

    def icons(self) -> dict[str, Any]:
        return (self.layout_raw or self.raw).setdefault("icons", {})

    def write(self, toml_text: Callable[[dict[str, Any]], str]) -> Path:
        self.path.write_text(toml_text(self.raw), encoding="utf-8")
        if self.layout_raw is not None:
            (self.folder / "layouts.toml").write_text(toml_text(self.layout_raw), encoding="utf-8")
        return self.path


def _element(case: Case, rng: random.Random) -> tuple[str, dict[str, Any]]:
    layouts = case.layouts()
    name = rng.choice(sorted(layouts))
    elements = [k for k, v in layouts[name].items() if isinstance(v, dict)]
    return name, layouts[name][rng.choice(elements)]


def _texts(case: Case) -> list[dict[str, Any]]:
    return [
        e
        for layout in case.layouts().values()
        for e in layout.values()
        if isinstance(e, dict) and e.get("kind") == "text"
    ]


# ------------------------------------------------------------------ mutations
def layout_value(case: Case, rng: random.Random) -> None:
    _, element = _element(case, rng)
    keys = sorted(element) + ["x", "w", "size", "fill", "colour", "visible", "rotate", "font", "nosuch"]
    element[rng.choice(keys)] = copy.deepcopy(rng.choice(HOSTILE_LAYOUT_VALUES))


def new_element(case: Case, rng: random.Random) -> None:
    name, _ = _element(case, rng)
    keys = {"kind": rng.choice(KINDS), "x": rng.choice([0, "50%", -5]), "w": rng.choice([10, 0, 3000])}
    extra = {
        "text": rng.choice(HOSTILE_MARKUP + HOSTILE_EXPRESSIONS),
        "icon": rng.choice(["coin", "nosuch", "{= 'coin'}", ""]),
        "path": rng.choice(["missing.png", "../x.png", "/etc/passwd", "good.png"]),
        "points": rng.choice([[[0, 0], [1, 1]], [[0, 0]] * 300, "x", [[0, 0], [5, 0], [0, 5]]]),
        "count": rng.choice([3, 100, -1, "{= 2 + 2}"]),
        "rows": rng.choice(["{name}", [["a"] * 40] * 3, "x"]),
        "size": rng.choice([10, 0.01, 1e9]),
    }
    for key in rng.sample(sorted(extra), 3):
        keys[key] = copy.deepcopy(extra[key])
    case.layouts()[name][f"fuzz{rng.randrange(1000)}"] = keys


def expression(case: Case, rng: random.Random) -> None:
    _, element = _element(case, rng)
    element[rng.choice(["text", "visible", "fill", "x", "colour", "size", "icon"])] = rng.choice(
        HOSTILE_EXPRESSIONS
    )


def palette(case: Case, rng: random.Random) -> None:
    case.raw["palette"] = rng.choice(
        [
            {"ember": "nosuch"},
            {"ember": {"rgb": "#c0392b", "cmyk": [0, 0, 0]}},
            {"a" * 60: "#000000"},
            {"x y": "#000000"},
            {f"c{k}": "#123456" for k in range(600)},
            "red",
            {"ember": {"rgb": "#c0392b", "cmyk": [1e9, 0, 0, 0]}},
        ]
    )
    _, element = _element(case, rng)
    element["fill"] = rng.choice(["ember", "c1", "ink on ember", "{= 'ember'}"])


def font(case: Case, rng: random.Random) -> None:
    name = rng.choice(sorted(HOSTILE_FONTS))
    content = HOSTILE_FONTS[name]
    (case.folder / name).write_bytes(FONT.read_bytes() if content is None else content)
    entry = rng.choice(
        [name, {"regular": name, "bold": name}, "../" + name, "missing.ttf", {"heavy": name}, 3]
    )
    case.raw["fonts"] = {rng.choice(["fuzz", "Fuzz Face", "x" * 70]): entry}
    texts = _texts(case)
    if texts:
        rng.choice(texts)["font"] = rng.choice(["fuzz", "FUZZ", "nosuch", "IPAex Gothic", "{= 'fuzz'}"])


def picture(case: Case, rng: random.Random) -> None:
    name = rng.choice(sorted(HOSTILE_PICTURES))
    (case.folder / name).write_bytes(HOSTILE_PICTURES[name])
    if rng.random() < 0.5 and case.icons():
        case.icons()[rng.choice(sorted(case.icons()))] = {"path": name}
    else:
        layout, _ = _element(case, rng)
        case.layouts()[layout]["fuzz_image"] = {
            "kind": "image",
            "x": 2,
            "y": 2,
            "w": 10,
            "h": 10,
            "path": name,
        }


def rows(case: Case, rng: random.Random) -> None:
    """A change to the component's rows: its CSV, XLSX or ODS file, or the rows written in the data file."""
    table = _read_rows(case)
    header, body = table[0], table[1:]
    what = rng.choice(["cell", "cell", "count", "header", "japanese", "extra", "merge"])
    if what == "cell" and body:
        row = rng.choice(body)
        row[rng.randrange(len(row))] = rng.choice(HOSTILE_MARKUP + HOSTILE_COLOURS + HOSTILE_EXPRESSIONS)
    elif what == "count" and "count" in header and body:
        rng.choice(body)[header.index("count")] = rng.choice(HOSTILE_COUNTS)
    elif what == "header":
        header[rng.randrange(len(header))] = rng.choice(
            ["cuont", "", "name", "a b", "x.ja", "Count", "x" * 300]
        )
    elif what == "japanese":
        header.append(rng.choice(["nosuch.ja", "name.ja.ja", "name.fr"]))
        for row in body:
            row.append("日本語")
    elif what == "extra" and body:
        rng.choice(body).extend(["surplus"] * rng.choice([1, 300]))
    _write_rows(case, table, merge=what == "merge")


def _rows_file(case: Case) -> Path | None:
    spec = next(iter(case.raw["components"].values()))
    return case.folder / spec["rows"] if isinstance(spec.get("rows"), str) else None


def _read_rows(case: Case) -> list[list[Any]]:
    from printkit.layouts import rows as rows_mod

    path = _rows_file(case)
    spec = next(iter(case.raw["components"].values()))
    if path is None:
        return [[str(k) for k in spec["rows"][0]], *([str(v) for v in r.values()] for r in spec["rows"])]
    if path.suffix == ".csv":
        return [list(r) for r in csv.reader(path.open(encoding="utf-8"))]
    reader = {".xlsx": rows_mod._xlsx, ".ods": rows_mod._ods}[path.suffix]
    lines = [
        [("" if c is None else c) for c in cells] for _, cells in reader(path, str(path), spec.get("sheet"))
    ]
    return [line for line in lines if any(str(c).strip() for c in line)]


def _write_rows(case: Case, table: list[list[Any]], merge: bool) -> None:
    path = _rows_file(case)
    if path is None:
        spec = next(iter(case.raw["components"].values()))
        header = [str(h) or "blank" for h in table[0]]
        spec["rows"] = [dict(zip(header, map(str, r), strict=False)) for r in table[1:]] or [{}]
    elif path.suffix == ".csv":
        with path.open("w", encoding="utf-8", newline="") as f:
            csv.writer(f).writerows(table)
    elif path.suffix == ".xlsx":
        from openpyxl import Workbook

        book = Workbook()
        sheet = book.active
        sheet.title = next(iter(case.raw["components"].values())).get("sheet", "Sheet")
        for row in table:
            sheet.append([c if isinstance(c, (int, float)) else str(c) for c in row])
        if merge:
            sheet.merge_cells("B2:B3")
        book.save(path)
    else:
        from odf.opendocument import OpenDocumentSpreadsheet
        from odf.table import Table, TableCell, TableRow
        from odf.text import P

        doc = OpenDocumentSpreadsheet()
        sheet = Table(name="Counters")
        for r, row in enumerate(table):
            tr = TableRow()
            for k, value in enumerate(row):
                number = isinstance(value, (int, float)) and not isinstance(value, bool)
                cell = TableCell(
                    **({"valuetype": "float", "value": value} if number else {"valuetype": "string"})
                )
                if merge and (r, k) == (1, 1):
                    cell.setAttribute("numberrowsspanned", "2")
                cell.addElement(P(text=str(value)))
                tr.addElement(cell)
            sheet.addElement(tr)
        doc.spreadsheet.addElement(sheet)
        doc.save(str(path))


MUTATIONS: dict[str, Callable[[Case, random.Random], None]] = {
    "layout": layout_value,
    "element": new_element,
    "expression": expression,
    "palette": palette,
    "font": font,
    "picture": picture,
    "rows": rows,
}


def mutated(game: str, folder: Path, rng: random.Random, toml_text: Callable[[dict[str, Any]], str]) -> Path:
    """A copy of example `game` in `folder` with one hostile change (sometimes two); its data file."""
    case = Case(game, folder)
    for _ in range(1 + (rng.random() < 0.15)):
        MUTATIONS[rng.choice(sorted(MUTATIONS))](case, rng)
    return case.write(toml_text)
