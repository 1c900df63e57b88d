"""Colours by name (CSS names, the data file's palette, a column's value looked up in it, CMYK fixed for
the shop) and expressions in layouts (computed text, a chosen icon, a condition), hostile ones refused."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.build import build
from printkit.datafile import expressions
from printkit.datafile.gamedata import load_game
from printkit.datafile.template import TemplateError, fields_of, fill
from printkit.draw import pieces_for
from printkit.errors import DataError
from printkit.sheets.imposition import render
from printkit.sheets.shop import shop_layout
from tests.printkit.card_games import card_game


def _fills(path: Path, shapes_of) -> list[list[tuple[float, ...]]]:
    """The fill colours of each page's filled shapes, in order (shop pages, one per card)."""
    data = load_game(str(path))
    pdf = render(shop_layout(pieces_for(data, data.resolve()), 0.0), "t")
    return [
        [tuple(round(v * 255) for v in s.fill) for s in shapes_of(page) if s.op in ("f", "f*")]
        for page in PdfReader(io.BytesIO(pdf)).pages
    ]


# ------------------------------------------------------------------ colours
def test_css_names_palette_names_and_a_column_looked_up_in_the_palette(tmp_path, shapes_of):
    path = card_game(
        tmp_path,
        '[{ suit = "Ember" }, { suit = "tide" }, { suit = "forestgreen" }]',
        'ground = { kind = "rect", fill = "{suit}" }\n'
        'mark = { kind = "rect", x = 1, y = 1, w = 5, h = 5, fill = "ink on {suit}" }\n'
        'plain = { kind = "rect", x = 10, y = 1, w = 5, h = 5, fill = "cornflowerblue" }',
        extra='[palette]\nember = "#c0392b"\nTide = { rgb = "#1f5fa8", cmyk = [90, 55, 0, 5] }\n',
    )
    pages = _fills(path, shapes_of)
    assert [p[0] for p in pages] == [(0xC0, 0x39, 0x2B), (0x1F, 0x5F, 0xA8), (0x22, 0x8B, 0x22)]
    assert [p[1] for p in pages] == [(255, 255, 255), (255, 255, 255), (0, 0, 0)]  # ink on each
    assert all(p[2] == (0x64, 0x95, 0xED) for p in pages)  # cornflowerblue


def test_a_palette_colours_cmyk_is_printed_as_written(tmp_path):
    path = card_game(
        tmp_path,
        '[{ suit = "tide" }]',
        'ground = { kind = "rect", fill = "{suit}" }',
        extra='[palette]\ntide = { rgb = "#1f5fa8", cmyk = [90, 55, 0, 5] }\n',
    )
    result = build(str(path), tmp_path / "out", mode="shop", cmyk=True)
    content = PdfReader(result.path).pages[0].get_contents().get_data()
    assert b".9 .55 0 .05 k" in content
    assert result.summary["colour"]["out_of_gamut"] == []


@pytest.mark.parametrize(
    "palette, message",
    [
        ('ember = "reddish"', 'palette.ember: expected "#rrggbb", a CSS colour name'),
        ('ember = { rgb = "#c0392b", cmyk = [0, 85, 80] }', "palette.ember.cmyk: expected [c, m, y, k]"),
        ('ember = { rgb = "#c0392b", ink = 3 }', "palette.ember.ink: unknown key"),
        ('ember = "#c0392b"\nEMBER = "#000000"', "palette.EMBER: named twice"),
    ],
)
def test_a_bad_palette_entry_is_one_line_naming_its_key(tmp_path, palette, message):
    path = card_game(tmp_path, '[{ suit = "a" }]', 'g = { kind = "rect" }', extra=f"[palette]\n{palette}\n")
    with pytest.raises(DataError) as err:
        load_game(str(path))
    assert message in str(err.value) and str(path) in str(err.value) and "\n" not in str(err.value)


def test_a_row_naming_no_colour_names_its_row_and_column(tmp_path):
    path = card_game(
        tmp_path,
        '[{ suit = "ember" }, { suit = "mauve-ish" }]',
        'g = { kind = "rect", fill = "{suit}" }',
        extra='[palette]\nember = "#c0392b"\n',
    )
    data = load_game(str(path))
    with pytest.raises(DataError, match=r"rows\[1\], column suit: layouts.card.g.fill: expected a colour"):
        pieces_for(data, data.resolve())


def test_out_of_gamut_layout_colours_are_named_by_their_key(tmp_path):
    path = card_game(
        tmp_path,
        '[{ name = "a", art = "#00ff00" }]',
        'g = { kind = "rect", fill = "#b9b4ff" }\n'
        'h = { kind = "rect", x = 5, w = 5, h = 5, fill = "{art}" }\n'
        'i = { kind = "rect", x = 20, w = 5, h = 5, fill = "glow" }',
        extra='[palette]\nglow = "#e0fbfc"\n',
    )
    far = {
        c["rgb"]: c["keys"]
        for c in build(str(path), tmp_path / "o", cmyk=True).summary["colour"]["out_of_gamut"]
    }
    assert far["#b9b4ff"] == ["layouts.card.g.fill"]
    assert far["#00ff00"] == ["components.card.rows[0].art"]
    assert far["#e0fbfc"] == ["palette.glow", "layouts.card.i.fill"]


# ------------------------------------------------------------------ expressions
def test_expressions_compute_text_choose_values_and_test_conditions():
    row = {"cost": "3", "kind": "attack", "bonus": "", "name": "Ace"}
    assert fill("Cost {= cost * 2}", row, "k") == "Cost 6"
    assert fill("{= 'sword' if kind == 'attack' else 'shield'}", row, "k") == "sword"
    assert fill("{= not blank(bonus)}", row, "k") == "false"
    assert fill("{= upper(name) + '!'}", row, "k") == "ACE!"
    assert fill("{= cost / 2}", row, "k") == "1.5" and fill("{= max(cost, 5) - 1}", row, "k") == "4"
    assert fill("{= '}' + name}", row, "k") == "}Ace"  # a brace inside quotes belongs to the expression
    assert fields_of("{name} {= cost * len(kind)}", "k") == ["name", "cost", "kind"]


@pytest.mark.parametrize(
    "text, message",
    [
        ("{= name.__class__}", "attribute access is not allowed"),
        ("{= __import__('os')}", "no function '__import__'"),
        ("{= (lambda: 1)()}", "a call; the functions are len"),
        ("{= lambda: 1}", "Lambda is not allowed"),
        ("{= name[0]}", "Subscript is not allowed"),
        ("{= 9 ** 9 ** 9}", "is beyond 1e+15"),
        ("{= 'x' * 10 ** 9}", "a text of more than 4,000 characters"),
        ("{= '%0999999999d' % 1}", "% takes numbers"),  # printf formatting: a gigabyte of zeros
        ("{= " + "-" * 200 + "1}", "nested more than 32 deep"),
        ("{= " + "(" * 210 + "1" + ")" * 210 + "}", "not an expression (too many nested parentheses)"),
        ("{= " + "1+" * 300 + "1}", "at most 500"),
        ("{= 1 +}", "not an expression"),
        ("{= x = 1}", "not an expression"),
        ("{= 1/0}", "a division by zero"),
        ("{= nosuch + 1}", "unknown field 'nosuch'"),
    ],
)
def test_a_hostile_or_broken_expression_is_one_line(text, message):
    with pytest.raises(TemplateError) as err:
        fill(text, {"name": "Ace"}, "layouts.card.t.text")
    assert message in str(err.value) and str(err.value).startswith("layouts.card.t.text: {= ")
    assert "\n" not in str(err.value)


def test_a_bad_expression_is_refused_on_load_and_a_failing_one_names_its_row(tmp_path):
    path = card_game(tmp_path, '[{ cost = "3" }]', 't = { kind = "text", text = "{= cost.real}" }')
    with pytest.raises(
        DataError, match=r"layouts.card.t.text: \{= cost.real\}: attribute access is not allowed"
    ):
        load_game(str(path))
    path = card_game(
        tmp_path, '[{ cost = "3" }, { cost = "x" }]', 't = { kind = "text", text = "{= cost / 2}" }'
    )
    data = load_game(str(path))
    with pytest.raises(DataError) as err:
        pieces_for(data, data.resolve())
    assert "rows[1], column cost: layouts.card.t.text: {= cost / 2}:" in str(err.value)


def test_an_expression_chooses_an_icon_and_hides_an_element(tmp_path, shapes_of):
    path = card_game(
        tmp_path,
        '[{ kind = "attack", bonus = "" }, { kind = "defence", bonus = "2" }]',
        "i = { kind = \"icon\", w = 10, h = 10, icon = \"{= 'sword' if kind == 'attack' else 'shield'}\" }\n"
        'b = { kind = "rect", x = 20, w = 5, h = 5, fill = "#00ff00", visible = "{= bonus != \'\'}" }',
        extra='[icons.sword]\nshape = "square"\nfill = "#ff0000"\n'
        '[icons.shield]\nshape = "circle"\nfill = "#0000ff"\n',
    )
    pages = _fills(path, shapes_of)
    assert pages == [[(255, 0, 0)], [(0, 0, 255), (0, 255, 0)]]


MEASURE = """
import json, resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
use = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps([done.returncode, done.stderr, use.ru_utime + use.ru_stime, use.ru_maxrss]))
"""


@pytest.mark.parametrize(
    "expression",
    [
        "(" * 210 + "1" + ")" * 210,
        "-" * 400 + "1",
        "9 ** 9 ** 9 ** 9",
        "name.__class__.__mro__",
        "'%0999999999d' % 1",
    ],
    ids=["deep-parentheses", "deep-unary", "huge-exponent", "attribute-access", "huge-format"],
)
def test_a_hostile_expression_is_refused_within_a_second_and_100_mb(tmp_path, expression):
    """`printkit build` as a real command with a hostile expression: exit 2, < 1 s of CPU, < 100 MB."""
    path = card_game(tmp_path, '[{ name = "Ace" }]', f't = {{ kind = "text", text = "{{= {expression}}}" }}')
    printkit = Path(sys.executable).parent / "printkit"
    command = [
        sys.executable,
        "-c",
        MEASURE,
        str(printkit),
        "build",
        str(path),
        "--out",
        str(tmp_path / "out"),
    ]
    started = time.monotonic()
    code, err, cpu, peak_kb = json.loads(
        subprocess.run(command, capture_output=True, text=True, check=True).stdout
    )
    assert code == 2 and err.count("\n") == 1 and "layouts.card.t.text: {= " in err, err
    assert cpu < 1.0 and peak_kb < 100 * 1024
    assert time.monotonic() - started < 30
    assert not (tmp_path / "out").exists()


def test_the_evaluator_keeps_numbers_and_text_apart():
    assert expressions.evaluate("a + b", {"a": "2", "b": "3"}) == 5
    assert expressions.evaluate("a + b", {"a": "x", "b": "y"}) == "xy"
    with pytest.raises(expressions.ExpressionError, match="unsupported operand"):
        expressions.evaluate("a + b", {"a": "2", "b": "x"})
    assert expressions.as_text(2.0) == "2" and expressions.as_text(True) == "true"
