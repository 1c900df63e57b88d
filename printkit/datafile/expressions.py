"""Expressions in layouts: `{= cost * 2}`, `{= 'sword' if kind == 'attack' else 'shield'}`, bounded.

A layout value may compute from the row's fields with an expression written
`{= ...}` inside it (`printkit/datafile/template.py` finds them): arithmetic
(`+ - * / // % **`), comparisons, `and`/`or`/`not`, `x if c else y`, text and
number literals, the row's fields by name, and the functions in `FUNCTIONS`.
Nothing else: no attribute access (`x.__class__`), no indexing, no imports,
no assignments, no comprehensions, lambdas or f-strings.

The evaluator is simpleeval (a maintained single-expression evaluator on
Python's `ast`, with its own node whitelist); this module narrows it further
and bounds what one expression can cost, so that a shared data file cannot
ask for unbounded work:

- an expression has at most `MAX_CHARS` characters and nests at most
  `MAX_DEPTH` deep (checked on the parsed tree before anything runs, so deep
  nesting never reaches the recursion limit);
- every number an operation makes stays within `MAX_NUMBER` in size (so
  `9 ** 9 ** 9` is refused, not computed) and every text within
  `MAX_TEXT` characters; `/ // % **` take numbers only (on text, `%` is
  printf formatting, whose widths are unbounded).

A field's value that reads as a number (`"3"`, `"2.5"`: a CSV cell is text)
is a number in an expression, so `cost * 2` doubles it; other values are text.
A problem is an `ExpressionError` whose message names the expression; the
callers add the file, row and column.
"""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from printkit.errors import DataError

MAX_CHARS = 500
MAX_DEPTH = 32
MAX_NUMBER = 1e15  # larger than any count, cost or size a game prints
MAX_TEXT = 4000  # as a template's text (printkit/datafile/template.py)
NUMBER = re.compile(r"\s*-?\d+(\.\d+)?\s*")


class ExpressionError(DataError):
    """An expression that is not allowed, names an unknown field, or fails for a row."""


def _number(value: Any) -> Any:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if not math.isfinite(value) or abs(value) > MAX_NUMBER:
        raise ExpressionError(f"a number beyond {MAX_NUMBER:g}")
    return value


def _text(value: Any) -> Any:
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise ExpressionError(f"a text of more than {MAX_TEXT:,} characters")
    return value


def _bounded(op: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def apply(a: Any, b: Any) -> Any:
        if op is operator.mul and (isinstance(a, str) or isinstance(b, str)):  # its length, before it is made
            text, n = (a, b) if isinstance(a, str) else (b, a)
            if isinstance(n, int) and len(text) * n > MAX_TEXT:
                raise ExpressionError(f"a text of more than {MAX_TEXT:,} characters")
        return _text(_number(op(a, b)))

    return apply


def _numbers(sign: str, *values: Any) -> None:
    for x in values:
        if isinstance(x, bool) or not isinstance(x, (int, float)):
            raise ExpressionError(f"{sign} takes numbers, not {x!r:.40}")


def _power(a: Any, b: Any) -> Any:
    _numbers("**", a, b)
    if a != 0 and abs(b) * math.log10(max(abs(a), 1e-300)) > math.log10(MAX_NUMBER):
        raise ExpressionError(f"{a!r} ** {b!r} is beyond {MAX_NUMBER:g}")
    return _number(a**b)


def _divide(op: Callable[[Any, Any], Any], sign: str) -> Callable[[Any, Any], Any]:
    def apply(a: Any, b: Any) -> Any:
        _numbers(sign, a, b)  # text % is printf formatting: '%0999999999d' % 1 makes a gigabyte
        if b == 0:
            raise ExpressionError("a division by zero")
        return _number(op(a, b))

    return apply


OPERATORS: dict[type, Callable[..., Any]] = {
    ast.Add: _bounded(operator.add),
    ast.Sub: _bounded(operator.sub),
    ast.Mult: _bounded(operator.mul),
    ast.Div: _divide(operator.truediv, "/"),
    ast.FloorDiv: _divide(operator.floordiv, "//"),
    ast.Mod: _divide(operator.mod, "%"),
    ast.Pow: _power,
    ast.USub: lambda a: _number(-a),
    ast.UAdd: lambda a: _number(+a),
    ast.Not: operator.not_,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}


def _as_number(value: Any) -> float | int:
    if isinstance(value, str) and NUMBER.fullmatch(value):
        value = float(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ExpressionError(f"expected a number, got {value!r:.40}")
    return int(value) if float(value).is_integer() else value


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "len": lambda x: len(str(x)),
    "min": lambda *xs: min(xs),
    "max": lambda *xs: max(xs),
    "abs": lambda x: abs(_as_number(x)),
    "round": lambda x, n=0: _number(round(_as_number(x), int(_as_number(n)))),
    "int": lambda x: int(_as_number(x)),
    "num": _as_number,
    "str": lambda x: f"{x:g}" if isinstance(x, float) else str(x),
    "upper": lambda x: str(x).upper(),
    "lower": lambda x: str(x).lower(),
    "blank": lambda x: str(x).strip() == "",
}
NODES = (
    ast.Expression,
    ast.BinOp,
    ast.UnaryOp,
    ast.BoolOp,
    ast.Compare,
    ast.IfExp,
    ast.Call,
    ast.Name,
    ast.Constant,
    ast.Load,
    ast.And,
    ast.Or,
    *OPERATORS,
)


def _depth(node: ast.AST) -> int:
    deepest, stack = 0, [(node, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in ast.iter_child_nodes(item))
    return deepest


@lru_cache(maxsize=4096)
def parse(text: str) -> tuple[ast.Expression, tuple[str, ...]]:
    """The parsed expression and the field names it uses; `ExpressionError` if it is not allowed."""
    shown = f"{{= {text.strip()[:60]}}}"
    if len(text) > MAX_CHARS:
        raise ExpressionError(f"{shown}: an expression of {len(text):,} characters; at most {MAX_CHARS}")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        reason = exc.msg if isinstance(exc, SyntaxError) else type(exc).__name__
        raise ExpressionError(f"{shown}: not an expression ({reason})") from None
    if _depth(tree) > MAX_DEPTH:
        raise ExpressionError(f"{shown}: nested more than {MAX_DEPTH} deep")
    names: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, NODES):
            what = "attribute access" if isinstance(node, ast.Attribute) else type(node).__name__
            raise ExpressionError(f"{shown}: {what} is not allowed in an expression")
        if isinstance(node, ast.Constant) and not isinstance(node.value, (str, int, float, bool)):
            raise ExpressionError(f"{shown}: {node.value!r} is not allowed in an expression")
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS or node.keywords:
                called = f"no function {node.func.id!r}" if isinstance(node.func, ast.Name) else "a call"
                raise ExpressionError(f"{shown}: {called}; the functions are {', '.join(FUNCTIONS)}")
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and id(node) not in called and node.id not in names:
            names.append(node.id)
    return tree, tuple(names)


def _value(value: Any) -> Any:
    """A field's value as an expression sees it: text that reads as a number is that number."""
    if isinstance(value, str) and NUMBER.fullmatch(value):
        number = float(value)
        return int(number) if number.is_integer() and "." not in value else number
    return value


def evaluate(text: str, fields: Mapping[str, Any]) -> Any:
    """The value of the expression `text` for a row's `fields`; `ExpressionError` saying why not."""
    from simpleeval import InvalidExpression, SimpleEval

    tree, names = parse(text)
    shown = f"{{= {text.strip()[:60]}}}"
    missing = [n for n in names if n not in fields]
    if missing:
        known = ", ".join(sorted(fields)) or "none"
        raise ExpressionError(f"{shown}: unknown field {missing[0]!r}; the fields are {known}")
    evaluator = SimpleEval(
        operators=OPERATORS, functions=FUNCTIONS, names={n: _value(fields[n]) for n in names}
    )
    try:
        return evaluator.eval(text, previously_parsed=tree.body)
    except ExpressionError as exc:
        raise ExpressionError(f"{shown}: {exc}") from None
    except (InvalidExpression, TypeError, ValueError, OverflowError, ZeroDivisionError) as exc:
        raise ExpressionError(f"{shown}: {exc}") from None


def as_text(value: Any) -> str:
    """An expression's value as a template writes it: whole numbers without a point, true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{int(value)}" if value.is_integer() else f"{value:g}"
    return str(value)
