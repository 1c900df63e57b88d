"""Rows of data for a layout: a CSV file, a sheet of an XLSX or ODS workbook, or rows in the data file.

One row per distinct face, the first row naming the columns. A column
`count` (or the one `count_column` names) says how many copies of the row to
print (1 when there is no such column; 0 leaves the row out); a column
`back_layout` names the layout of that row's back. Every other column is a
field the layout can use (`{name}`); a column named `name.ja` holds the
field's Japanese, used by `--lang ja`. Empty rows are skipped.

- CSV: UTF-8 (a spreadsheet's byte-order mark is fine), comma, semicolon or
  tab separated;
- XLSX: read with openpyxl (the cached values of formulas), the sheet named
  by `sheet` or the first;
- ODS: read with odfpy, the same way.

Rows are numbered as the spreadsheet numbers them (the header is row 1), so
an error reads `cards.csv: row 12, column count: ...`. A count is a whole
number as written (`4`, not `4.0`, in a CSV). A merged range of cells in a
workbook is refused, naming the range and its sheet: a merged cell holds its
value in its first cell only, so the rows under it would print blank. A
column `name.ja` needs its column `name` (the English it translates). Bounds keep a shared
file from asking for unbounded work: at most `MAX_ROWS` rows of
`MAX_COLUMNS` columns, `MAX_CELL_CHARS` characters a cell, `MAX_COUNT`
copies a row and a file of `MAX_FILE_BYTES`.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.datafile.template import MAX_TEMPLATE_CHARS
from printkit.errors import DataError

MAX_ROWS = 5000
MAX_COLUMNS = 200
MAX_CELL_CHARS = MAX_TEMPLATE_CHARS
MAX_COUNT = 1000
MAX_FILE_BYTES = 20 * 1024 * 1024
SUFFIXES = (".csv", ".xlsx", ".ods")
COLUMN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[a-z]{2})?")


@dataclass(frozen=True)
class Row:
    """One row: its cells by column, how many copies, and where it is (`file: row N` for errors)."""

    cells: Mapping[str, Any]
    count: int
    where: str
    back_layout: str | None = None


@dataclass(frozen=True)
class Rows:
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    source: str  # the file (or data file key) the rows come from
    counted: bool = False  # whether a count column said how many copies of each row


def read(path: Path, shown: str, sheet: str | None = None, count_column: str = "count") -> Rows:
    """The rows of a CSV, XLSX or ODS file; `shown` is how errors name the file."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise DataError(f"{shown}: expected a .csv, .xlsx or .ods file")
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DataError(f"{shown}: cannot read: {exc.strerror or exc}") from None
    if size > MAX_FILE_BYTES:
        raise DataError(f"{shown}: {size:,} bytes; a rows file may have at most {MAX_FILE_BYTES:,}")
    if sheet is not None and suffix == ".csv":
        raise DataError(f"{shown}: a CSV file has no sheets; drop sheet = {sheet!r}")
    reader = {".csv": _csv, ".xlsx": _xlsx, ".ods": _ods}[suffix]
    return table(list(reader(path, shown, sheet)), shown, count_column)


def inline(raw: Sequence[Any], shown: str, count_column: str = "count") -> Rows:
    """Rows written in the data file: a list of tables (`{ name = "Ace", count = 2 }`)."""
    columns: list[str] = []
    for i, row in enumerate(raw):
        if not isinstance(row, dict):
            raise DataError(f"{shown}[{i}]: expected a table of fields, got {row!r:.60}")
        columns += [c for c in row if c not in columns]
    lines = [
        (i + 2, [row.get(c, 1 if c == count_column else "") for c in columns]) for i, row in enumerate(raw)
    ]
    return table([(1, columns), *lines], shown, count_column, numbered=lambda n: f"[{n - 2}]")


def table(lines: list[tuple[int, list[Any]]], shown: str, count_column: str, numbered: Any = None) -> Rows:
    """Rows from (row number, cells) lines, the first naming the columns."""
    lines = [(n, cells) for n, cells in lines if any(_text(c).strip() for c in cells)]
    if not lines:
        raise DataError(f"{shown}: no rows; the first row names the columns (e.g. name,count)")
    header_line, header = lines[0]
    columns = _columns(header, shown)
    if len(lines) - 1 > MAX_ROWS:
        raise DataError(f"{shown}: {len(lines) - 1:,} rows; at most {MAX_ROWS:,}")
    rows = []
    for number, cells in lines[1:]:
        where = f"{shown}{numbered(number)}" if numbered else f"{shown}: row {number}"
        if len(cells) > len(columns) and any(_text(c).strip() for c in cells[len(columns) :]):
            raise DataError(
                f"{where}: {len(cells)} values, but row {header_line} names {len(columns)} columns "
                f"({', '.join(columns)}); a value has no column"
            )
        values = {
            c: _cell(cells[k] if k < len(cells) else "", f"{where}, column {c}")
            for k, c in enumerate(columns)
        }
        count = (
            _count(values.pop(count_column), f"{where}, column {count_column}")
            if count_column in values
            else 1
        )
        back = _text(values.pop("back_layout", "")).strip() or None
        rows.append(Row(values, count, where, back))
    shown_columns = tuple(c for c in columns if c not in (count_column, "back_layout"))
    return Rows(shown_columns, tuple(rows), shown, count_column in columns)


def _columns(header: list[Any], shown: str) -> list[str]:
    names = [_text(c).strip() for c in header]
    while names and not names[-1]:
        names.pop()
    if len(names) > MAX_COLUMNS:
        raise DataError(f"{shown}: {len(names)} columns; at most {MAX_COLUMNS}")
    seen: set[str] = set()
    for k, name in enumerate(names):
        if not COLUMN.fullmatch(name):
            raise DataError(
                f"{shown}: row 1, column {k + 1}: {name!r} is not a field name; a column is named with "
                "letters, digits and _ (e.g. card_name), with .ja after it for its Japanese"
            )
        if name in seen:
            raise DataError(f"{shown}: row 1: column {name!r} twice")
        seen.add(name)
    for name in names:
        base, _, lang = name.partition(".")
        if lang and base not in seen:
            raise DataError(
                f"{shown}: row 1: column {name!r} translates a column {base!r} that is not there "
                f"(the columns are {', '.join(names)})"
            )
    return names


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _cell(value: Any, where: str) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return int(value) if float(value).is_integer() else value
    text = _text(value)
    if len(text) > MAX_CELL_CHARS:
        raise DataError(f"{where}: {len(text):,} characters; a cell may hold at most {MAX_CELL_CHARS:,}")
    return text


def _count(value: Any, where: str) -> int:
    """A count as written: a whole number in a CSV's text (`4`, never `4.0` or `1e3`), or a workbook's
    number with no fraction (a spreadsheet shows 4.0 as 4)."""
    text = str(value).strip() if isinstance(value, str) else _text(value)
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and text.isdigit() and text.isascii():
        number = int(text)
    else:
        number = -1
    if not 0 <= number <= MAX_COUNT:
        raise DataError(f"{where}: expected a whole number of copies, 0 to {MAX_COUNT}, got {text!r}")
    return number


def _merged(shown: str, sheet: str, ranges: list[str]) -> DataError:
    return DataError(
        f"{shown}: sheet {sheet!r}: cells {ranges[0]} are merged; a merged cell keeps its value in its "
        "first cell only, so unmerge them and give each row its value"
        + (f" ({len(ranges) - 1} more merged ranges)" if len(ranges) > 1 else "")
    )


def _a1(column: int, row: int) -> str:
    """A cell's name in A1 notation from its 0-based column and 1-based row."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{row}"


# ------------------------------------------------------------------ readers
def _csv(path: Path, shown: str, sheet: str | None) -> Iterator[tuple[int, list[Any]]]:
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DataError(f"{shown}: not UTF-8 text (at byte {exc.start}); save it as CSV UTF-8") from None
    first = text.split("\n", 1)[0]
    delimiter = max((",", ";", "\t"), key=first.count) if first else ","
    try:
        for number, cells in enumerate(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter), 1):
            if number > MAX_ROWS + 1:
                raise DataError(f"{shown}: more than {MAX_ROWS:,} rows")
            yield number, cells
    except csv.Error as exc:
        raise DataError(f"{shown}: not a CSV file Python reads ({exc})") from None


def _xlsx(path: Path, shown: str, sheet: str | None) -> Iterator[tuple[int, list[Any]]]:
    import warnings
    import zipfile

    from openpyxl import load_workbook

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns of styles and validations it does not keep
            book = load_workbook(path, read_only=True, data_only=True)
    except (OSError, zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise DataError(f"{shown}: not an XLSX workbook openpyxl reads ({exc})") from None
    try:
        if sheet is not None and sheet not in book.sheetnames:
            raise DataError(f"{shown}: no sheet {sheet!r}; its sheets are {', '.join(book.sheetnames)}")
        ws = book[sheet] if sheet is not None else book.worksheets[0]
        merged = _xlsx_merged(ws)
        if merged:
            raise _merged(shown, ws.title, merged)
        for number, cells in enumerate(ws.iter_rows(values_only=True, max_col=MAX_COLUMNS + 1), 1):
            if number > MAX_ROWS + 1:
                raise DataError(f"{shown}: more than {MAX_ROWS:,} rows")
            yield number, list(cells)
    finally:
        book.close()


def _xlsx_merged(ws: Any) -> list[str]:
    """The merged ranges of a read-only worksheet (`A3:A4`), read from its XML, which read-only
    openpyxl streams without keeping them."""
    from xml.etree.ElementTree import iterparse

    ranges = []
    with ws._get_source() as source:  # the sheet's XML in the archive: read-only openpyxl's own reader
        for _, element in iterparse(source):
            if element.tag.endswith("}mergeCell"):
                ranges.append(str(element.get("ref")))
            element.clear()
    return ranges


def _ods(path: Path, shown: str, sheet: str | None) -> Iterator[tuple[int, list[Any]]]:
    import xml.parsers.expat
    import zipfile

    from odf.opendocument import load
    from odf.table import Table, TableRow

    try:
        doc = load(str(path))
    except (OSError, zipfile.BadZipFile, KeyError, ValueError, xml.parsers.expat.ExpatError) as exc:
        raise DataError(f"{shown}: not an ODS workbook odfpy reads ({exc})") from None
    tables = doc.spreadsheet.getElementsByType(Table)
    names = [str(t.getAttribute("name")) for t in tables]
    if not tables:
        raise DataError(f"{shown}: no sheets")
    if sheet is not None and sheet not in names:
        raise DataError(f"{shown}: no sheet {sheet!r}; its sheets are {', '.join(names)}")
    chosen = tables[names.index(sheet)] if sheet is not None else tables[0]
    title = names[tables.index(chosen)]
    number = 0
    for row in chosen.getElementsByType(TableRow):
        repeat = int(row.getAttribute("numberrowsrepeated") or 1)
        cells: list[Any] = []
        for cell in row.childNodes:
            if cell.qname[1] not in ("table-cell", "covered-table-cell"):
                continue
            spans = [int(cell.getAttribute(f"number{k}spanned") or 1) for k in ("columns", "rows")]
            if cell.qname[1] == "table-cell" and max(spans) > 1:
                start = _a1(len(cells), number + 1)
                end = _a1(len(cells) + spans[0] - 1, number + spans[1])
                raise _merged(shown, title, [f"{start}:{end}"])
            times = min(int(cell.getAttribute("numbercolumnsrepeated") or 1), MAX_COLUMNS + 1 - len(cells))
            value = _ods_value(cell) if cell.qname[1] == "table-cell" else ""
            cells += [value] * max(times, 0)
        empty = not any(_text(c).strip() for c in cells)
        for _ in range(1 if empty else repeat):  # a sheet's trailing rows are one empty row repeated
            number += 1
            if number > MAX_ROWS + 1:
                raise DataError(f"{shown}: more than {MAX_ROWS:,} rows")
            yield number, cells
        number += repeat - 1 if empty else 0


def _ods_value(cell: Any) -> Any:
    kind = cell.getAttribute("valuetype")
    if kind in ("float", "percentage", "currency"):
        return float(cell.getAttribute("value"))
    if kind == "boolean":
        return cell.getAttribute("booleanvalue") == "true"
    from odf.text import P

    return "\n".join(_node_text(p) for p in cell.getElementsByType(P))


def _node_text(node: Any) -> str:
    out = []
    for child in node.childNodes:
        if child.nodeType == child.TEXT_NODE:
            out.append(str(child.data))
        elif child.qname[1] == "s":  # text:s, a run of spaces
            out.append(" " * int(child.getAttribute("c") or 1))
        else:
            out.append(_node_text(child))
    return "".join(out)
