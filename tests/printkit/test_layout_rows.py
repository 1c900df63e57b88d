"""A bad row is one line naming the file, the row and the column, exit status 2, and nothing written."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
IMAGE = '\nart = { kind = "image", x = 4, y = 4, w = 10, h = 10, path = "{art}" }\n'


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    """A copy of the deck example to break."""
    folder = tmp_path / "deck"
    shutil.copytree(EXAMPLES / "deck", folder)
    return folder


def _rows(folder: Path) -> list[dict[str, str]]:
    return list(csv.DictReader((folder / "cards.csv").open(encoding="utf-8")))


def _write(folder: Path, rows: list[dict[str, str]], extra: list[list[str]] | None = None) -> None:
    with (folder / "cards.csv").open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(list(rows[0]))
        for row in rows:
            writer.writerow(list(row.values()))
        for line in extra or []:
            writer.writerow(line)


def _refused(run_tool, data: Path, out: Path, *pieces: str) -> str:
    code, stdout, stderr = run_tool("printkit", "build", str(data), "--out", str(out))
    assert code == 2, (stdout, stderr)
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), stderr
    assert "Traceback" not in stderr and not (out.exists() and any(out.iterdir()))
    for piece in pieces:
        assert piece in lines[0], (piece, lines[0])
    return lines[0]


@pytest.mark.parametrize("count", ["three", "4.0"])  # 4.0 was taken as 4, silently, before issue 36
def test_a_count_that_is_not_a_whole_number(deck, tmp_path, run_tool, count):
    rows = _rows(deck)
    rows[3]["count"] = count
    _write(deck, rows)
    _refused(
        run_tool, deck / "deck.toml", tmp_path / "out", "cards.csv: row 5, column count", f"got {count!r}"
    )


def test_an_icon_that_does_not_exist(deck, tmp_path, run_tool):
    rows = _rows(deck)
    rows[1]["text"] = "Gain 2 :coins:"
    _write(deck, rows)
    line = _refused(run_tool, deck / "deck.toml", tmp_path / "out", "cards.csv: row 3, column text")
    assert "unknown icon 'coins'" in line and 'did you mean "coin"' in line


def test_an_image_that_does_not_exist(deck, tmp_path, run_tool):
    (deck / "deck.toml").write_text((deck / "deck.toml").read_text() + "", encoding="utf-8")
    text = (deck / "deck.toml").read_text(encoding="utf-8")
    text = text.replace("[layouts.card_back]", IMAGE.strip() + "\n\n[layouts.card_back]")
    (deck / "deck.toml").write_text(text, encoding="utf-8")
    (deck / "art").mkdir()
    rows = _rows(deck)
    for row in rows:
        row["art"] = "art/ember.png"
        (deck / "art" / "ember.png").write_bytes(_png())
    rows[6]["art"] = "art/missing.png"
    _write(deck, rows)
    line = _refused(run_tool, deck / "deck.toml", tmp_path / "out", "cards.csv: row 8, column art")
    assert "no image 'art/missing.png'" in line


def test_a_value_with_no_column(deck, tmp_path, run_tool):
    rows = _rows(deck)
    extra = ["Extra", "Ember", "ember", "炎", "1", "Gain 1 :coin:", "1", "炎", "", "surplus"]
    _write(deck, rows, extra=[extra])
    _refused(run_tool, deck / "deck.toml", tmp_path / "out", "cards.csv: row 52", "a value has no column")


def test_a_field_the_rows_do_not_have(deck, tmp_path, run_tool):
    text = (deck / "deck.toml").read_text(encoding="utf-8").replace('text = "{text}"', 'text = "{rules}"')
    (deck / "deck.toml").write_text(text, encoding="utf-8")
    line = _refused(run_tool, deck / "deck.toml", tmp_path / "out", "cards.csv: no column 'rules'")
    assert "layouts.card.text.text" in line


def test_a_colour_that_is_not_one(deck, tmp_path, run_tool):
    rows = _rows(deck)
    rows[0]["colour"] = "reddish"
    _write(deck, rows)
    line = _refused(run_tool, deck / "deck.toml", tmp_path / "out", "cards.csv: row 2, column colour")
    assert "expected a colour" in line and '"reddish"' in line


def _png() -> bytes:
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (8, 8), "#c0392b").save(buf, format="PNG")
    return buf.getvalue()


# ------------------------------------------------------------------ workbooks
def _workbook_deck(folder: Path, suffix: str, rows: list[list]) -> Path:
    """A data file drawing its cards from the first sheet of a workbook holding `rows`."""
    path = folder / f"cards{suffix}"
    if suffix == ".xlsx":
        from openpyxl import Workbook

        book = Workbook()
        book.active.title = "Cards"
        for row in rows:
            book.active.append(row)
        book.save(path)
    else:
        from odf.opendocument import OpenDocumentSpreadsheet
        from odf.table import Table, TableCell, TableRow
        from odf.text import P

        doc = OpenDocumentSpreadsheet()
        table = Table(name="Cards")
        for row in rows:
            tr = TableRow()
            for value in row:
                kind = (
                    {"valuetype": "float", "value": value}
                    if isinstance(value, int)
                    else {"valuetype": "string"}
                )
                cell = TableCell(**kind)
                cell.addElement(P(text=str(value)))
                tr.addElement(cell)
            table.addElement(tr)
        doc.spreadsheet.addElement(table)
        doc.save(str(path))
    data = folder / "cards.toml"
    data.write_text(
        f"""[game]
title = "Workbook deck"
players = [2]

[components.card]
title = "Card"
kind = "card"
size = "mini"
layout = "card"
rows = "cards{suffix}"
sheet = "Cards"

[icons.coin]
shape = "circle"

[layouts.card]
name = {{ kind = "text", text = "{{name}} {{text}}", size = 9 }}
""",
        encoding="utf-8",
    )
    return data


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_workbook_rows_build_and_a_bad_count_names_the_sheets_row(tmp_path, run_tool, suffix):
    good = [["name", "text", "count"], ["Ace", "Gain :coin:", 2], ["King", "Draw", 1]]
    data = _workbook_deck(tmp_path, suffix, good)
    code, out, err = run_tool("printkit", "build", str(data), "--out", str(tmp_path / "ok"))
    assert code == 0, err
    assert "card       card            3" in out or " 3 " in out
    bad = [*good[:2], ["King", "Draw", "lots"]]
    data = _workbook_deck(tmp_path, suffix, bad)
    _refused(run_tool, data, tmp_path / "out", f"cards{suffix}: row 3, column count", "'lots'")


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_workbook_row_with_an_unknown_icon(tmp_path, run_tool, suffix):
    data = _workbook_deck(tmp_path, suffix, [["name", "text", "count"], ["Ace", "Gain :coln:", 1]])
    line = _refused(
        run_tool, data, tmp_path / "out", f"cards{suffix}: row 2, column text", "unknown icon 'coln'"
    )
    assert "(icons: coin)" in line


def test_a_sheet_that_is_not_there_is_named(tmp_path, run_tool):
    data = _workbook_deck(tmp_path, ".xlsx", [["name", "text", "count"], ["Ace", "x", 1]])
    data.write_text(
        data.read_text(encoding="utf-8").replace('sheet = "Cards"', 'sheet = "Deck"'), encoding="utf-8"
    )
    _refused(run_tool, data, tmp_path / "out", "cards.xlsx: no sheet 'Deck'; its sheets are Cards")


# ------------------------------------------------------------------ silent before (issue 36)
@pytest.mark.parametrize(
    "text, said",
    [
        ("Score <b>end your turn.", "an unclosed <b>"),
        ("Score end</b> your turn.", "a stray </b>, with no <b> before it"),
        ("Score <u>end</u> your turn.", "unknown tag <u>"),
    ],
)
def test_markup_left_open_or_stray_names_row_column_and_tag(deck, tmp_path, run_tool, text, said):
    rows = _rows(deck)
    rows[11]["text"] = text
    _write(deck, rows)
    line = _refused(run_tool, deck / "deck.toml", tmp_path / "out", "cards.csv: row 13, column text")
    assert said in line


def test_markup_left_open_in_a_japanese_column_names_that_column(deck, tmp_path, run_tool):
    rows = _rows(deck)
    rows[0]["text.ja"] = "<i>:coin:を1枚得る。"
    _write(deck, rows)
    code, _, err = run_tool(
        "printkit", "build", str(deck / "deck.toml"), "--lang", "ja", "--out", str(tmp_path / "ja")
    )
    assert code == 2 and err.count("\n") == 1 and not (tmp_path / "ja").exists()
    assert "cards.csv: row 2, column text.ja: layouts.card.text.text: an unclosed <i>" in err


def test_a_count_column_whose_header_is_mistyped_is_named(deck, tmp_path, run_tool):
    text = (deck / "cards.csv").read_text(encoding="utf-8").replace(",count,", ",cuont,", 1)
    (deck / "cards.csv").write_text(text, encoding="utf-8")
    line = _refused(run_tool, deck / "deck.toml", tmp_path / "out", "cards.csv: no column 'count'")
    assert 'did you mean "cuont"' in line and "components.card.count is 60" in line
    assert "would make 50" in line


def test_a_japanese_column_whose_english_is_misnamed_names_the_file(deck, tmp_path, run_tool):
    text = (deck / "cards.csv").read_text(encoding="utf-8").replace(",text,", ",txet,", 1)
    (deck / "cards.csv").write_text(text, encoding="utf-8")
    line = _refused(run_tool, deck / "deck.toml", tmp_path / "out", "cards.csv: row 1: column 'text.ja'")
    assert "translates a column 'text' that is not there" in line


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_merged_cells_are_one_line_naming_the_range_and_the_sheet(tmp_path, run_tool, suffix):
    rows = [["name", "text", "count"], ["Ace", "Gain :coin:", 2], ["King", "", 1], ["Queen", "Draw", 1]]
    data = _workbook_deck(tmp_path, suffix, rows)
    _merge(tmp_path / f"cards{suffix}", suffix)
    _refused(run_tool, data, tmp_path / "out", f"cards{suffix}: sheet 'Cards': cells B2:B3 are merged")


def _merge(path: Path, suffix: str) -> None:
    """Merge B2:B3 of the workbook's first sheet, as a spreadsheet's Merge Cells does."""
    if suffix == ".xlsx":
        from openpyxl import load_workbook

        book = load_workbook(path)
        book.active.merge_cells("B2:B3")
        book.save(path)
        return
    from odf.opendocument import load
    from odf.table import CoveredTableCell, TableCell, TableRow

    doc = load(str(path))
    rows = doc.spreadsheet.getElementsByType(TableRow)
    first = rows[1].getElementsByType(TableCell)[1]
    first.setAttribute("numberrowsspanned", "2")
    below = rows[2].getElementsByType(TableCell)[1]
    rows[2].insertBefore(CoveredTableCell(), below)
    rows[2].removeChild(below)
    doc.save(str(path))
