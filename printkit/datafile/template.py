"""The one text substitution for everything printed from a data file: plain `{name}` fields, nothing else.

Data files are shared between people, so a printed text must not be able to
run work or reach into the program: `str.format` would take `{x:>1500000000}`
(a 1.5 GB string), `{x.__class__}` (the program's internals) or `{0}`. Here a
template is literal text with `{name}` fields, where a name is a letter or `_`
followed by letters, digits and `_`; `{{` and `}}` stand for one brace. No
attribute, index, conversion or format spec. `{= ...}` is an expression over
the fields (`{= cost * 2}`), bounded and with no attribute access
(`printkit/datafile/expressions.py`). Anything else is a `TemplateError`
naming where the template came from.

`fields_of` parses (so a loader can check a template against the names it
will be given before anything is drawn), and `fill` substitutes. `parts`
substitutes too but hands each field's value back as it is, beside the literal
text, so that a layout's text can set a value that is a table or a list of
paragraphs (`printkit/layouts/text.py`) instead of its `str()`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from printkit.datafile import expressions
from printkit.errors import DataError

# One token at a time: an escaped brace, a field, an expression (quotes may hold braces), a stray brace,
# or a run of plain text.
_TOKEN = re.compile(
    r"""\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}|\{=((?:[^{}'"]|'[^']*'|"[^"]*")*)\}|([{}])|[^{}]+"""
)
FIELD, EXPRESSION, TEXT = "field", "expression", "text"
# Longer than any printed text a real game has; a field's value is cut at this too.
MAX_TEMPLATE_CHARS = 4000


class TemplateError(DataError):
    """A template that is not plain text with `{name}` fields, or names a field it is not given."""


def _tokens(template: str, where: str) -> list[tuple[str, str]]:
    """The template as (text, kind) pieces, kind `FIELD`, `EXPRESSION` or `TEXT`, escapes already turned
    into single braces; an expression is parsed here, so a template that loads has none that is bad."""
    if not isinstance(template, str):
        raise TemplateError(f"{where}: expected text, got {template!r}")
    if len(template) > MAX_TEMPLATE_CHARS:
        raise TemplateError(f"{where}: text of {len(template):,} characters; at most {MAX_TEMPLATE_CHARS:,}")
    pieces: list[tuple[str, str]] = []
    for match in _TOKEN.finditer(template):
        token, name, expression, stray = match.group(0), match.group(1), match.group(2), match.group(3)
        if name is not None:
            pieces.append((name, FIELD))
        elif expression is not None:
            try:
                expressions.parse(expression)
            except expressions.ExpressionError as exc:
                raise TemplateError(f"{where}: {exc}") from None
            pieces.append((expression, EXPRESSION))
        elif stray is not None:
            shown = _around(template, match.start())
            raise TemplateError(
                f"{where}: a lone {stray!r} in {shown!r}; a field is {{name}} (letters, digits, _), "
                "and a brace is written {{ or }}"
            )
        else:
            pieces.append((token[0] if token in ("{{", "}}") else token, TEXT))
    return pieces


def _around(text: str, at: int, width: int = 24) -> str:
    """A short piece of `text` around position `at`, for an error line."""
    return text[max(0, at - width) : at + width]


def fields_of(template: str, where: str) -> list[str]:
    """The field names `template` uses (its expressions' too), in order; a malformed template is a
    `TemplateError`."""
    names: list[str] = []
    for text, kind in _tokens(template, where):
        if kind == FIELD:
            names.append(text)
        elif kind == EXPRESSION:
            names += expressions.parse(text)[1]
    return names


def _expression(text: str, values: Mapping[str, object], where: str) -> object:
    try:
        return expressions.evaluate(text, values)
    except expressions.ExpressionError as exc:
        raise TemplateError(f"{where}: {exc}" if where else str(exc)) from None


def check(template: str, allowed: Iterable[str], where: str) -> None:
    """Refuse `template` if it is malformed or uses a field outside `allowed`."""
    known = set(allowed)
    for name in fields_of(template, where):
        if name not in known:
            expected = ", ".join("{" + k + "}" for k in sorted(known)) or "no fields"
            raise TemplateError(f"{where}: unknown field {{{name}}}; expected {expected}")


def fill(template: str, values: Mapping[str, object], where: str) -> str:
    """`template` with each `{name}` replaced by `str(values[name])`; an unknown name is a `TemplateError`."""
    out = []
    for text, kind in _tokens(template, where):
        if kind == TEXT:
            out.append(text)
            continue
        if kind == EXPRESSION:
            out.append(expressions.as_text(_expression(text, values, where))[:MAX_TEMPLATE_CHARS])
            continue
        if text not in values:
            check(template, values, where)
        out.append(str(values[text])[:MAX_TEMPLATE_CHARS])
    return "".join(out)


def parts(template: str, values: Mapping[str, object], where: str) -> list[tuple[object, bool]]:
    """`template` as (literal text, False) and (the field's value, True) pieces; unknown names refused.

    A string value is cut at `MAX_TEMPLATE_CHARS`, as `fill` cuts it.
    """
    out: list[tuple[object, bool]] = []
    for text, kind in _tokens(template, where):
        if kind == TEXT:
            out.append((text, False))
            continue
        if kind == EXPRESSION:
            out.append((expressions.as_text(_expression(text, values, where))[:MAX_TEMPLATE_CHARS], True))
            continue
        if text not in values:
            check(template, values, where)
        value = values[text]
        out.append((value[:MAX_TEMPLATE_CHARS] if isinstance(value, str) else value, True))
    return out
