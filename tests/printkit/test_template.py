"""The safe text substitution: plain {name} fields only, every other form refused with its place."""

from __future__ import annotations

import pytest

from printkit.datafile.template import MAX_TEMPLATE_CHARS, TemplateError, check, fields_of, fill
from printkit.errors import DataError


def test_fields_are_filled_and_escaped_braces_kept():
    assert fill("{game}: {n} players", {"game": "United Square", "n": 4}, "t") == "United Square: 4 players"
    assert fill("{{n}} is {n}", {"n": 2}, "t") == "{n} is 2"
    assert fill("no fields", {}, "t") == "no fields"
    assert fields_of("{a} and {b_2} and {a}", "t") == ["a", "b_2", "a"]


@pytest.mark.parametrize(
    "template, message",
    [
        ("{game:>1500000000}", "a lone '{'"),
        ("{x.__class__}", "a lone '{'"),
        ("{x[0]}", "a lone '{'"),
        ("{0}", "a lone '{'"),
        ("{}", "a lone '{'"),
        ("{n!r}", "a lone '{'"),
        ("open { only", "a lone '{'"),
        ("close } only", "a lone '}'"),
    ],
)
def test_anything_but_a_plain_field_is_refused_with_its_place(template, message):
    with pytest.raises(TemplateError, match="^components.aid.text.title: " + message):
        fill(template, {"game": "G", "x": 1, "n": 1}, "components.aid.text.title")


def test_an_unknown_field_names_the_ones_allowed():
    with pytest.raises(TemplateError) as caught:
        fill("{oops}", {"game": "G", "n": 1}, "k")
    assert str(caught.value) == "k: unknown field {oops}; expected {game}, {n}"
    with pytest.raises(TemplateError, match="expected no fields"):
        check("{oops}", (), "k")
    check("{game}", ("game",), "k")


def test_length_is_bounded_and_errors_are_data_errors():
    with pytest.raises(TemplateError, match="at most"):
        fields_of("x" * (MAX_TEMPLATE_CHARS + 1), "k")
    assert len(fill("{v}", {"v": "y" * 10**6}, "k")) == MAX_TEMPLATE_CHARS
    assert issubclass(TemplateError, DataError)
    with pytest.raises(TemplateError, match="expected text"):
        fields_of(3, "k")  # type: ignore[arg-type]
