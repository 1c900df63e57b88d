"""The engine interface's reference page, read off `simulate/engines/base.py` itself, so it cannot drift.

Every class attribute and method of `GameBase`, `StateBase` and `AgentBase`,
every field of `Result` and the helpers an engine imports from there, each
with its signature, its default (or "required": an abstract method, or an
attribute the class requires) and its docstring (an attribute's is the string
under it). The docs site builds it at build time (`tools/mkdocs_hooks.py`);
`python -m simulate.engines.reference` prints it.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from pathlib import Path

from simulate.engines import base

SOURCE = Path(base.__file__)
CLASSES = (  # in the order a designer meets them, with what a game's module calls its subclass
    ("GameBase", "Game"),
    ("StateBase", "State"),
    ("Result", "Result"),
    ("AgentBase", "an agent of the game's own"),
)
HELPERS = ("solo_result", "placements_from_scores", "copy_generator")
REQUIRED_ATTRIBUTES = {"GameBase": ("name",)}  # what `_require` refuses a class without

INTRO = """\
# Engine interface reference

*Generated from `simulate/engines/base.py` when the site is built (`python -m
simulate.engines.reference` prints it), so it lists exactly what the runner, the
agents and the reports call.*

A game's `engine.py` defines `Game(GameBase)` and `State(StateBase)`. What is
**required** must be defined (a class that lacks it is refused when its module is
imported, with a line naming what is missing); everything else has the default
shown, which a game overrides where the default does not fit it. Nothing else is
looked up: a method not listed here is the game's own business. The
[add-a-game tutorial](../guides/add-a-game.md) builds a game on this interface.
"""


def render() -> str:
    """The whole page, as Markdown."""
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    lines = [INTRO]
    for name, called in CLASSES:
        lines += class_section(classes[name], called)
    lines += ["## Helpers", "", "Functions an engine imports from `simulate.engines.base`.", ""]
    for name in HELPERS:
        node = functions.get(name)
        if node is None:  # imported into base from elsewhere (copy_generator): documented where it lives
            lines += function_entry(getattr(base, name).__name__, inspect.getsource(getattr(base, name)))
        else:
            lines += function_entry(name, ast.get_source_segment(SOURCE.read_text(encoding="utf-8"), node))
    return "\n".join(lines).rstrip("\n") + "\n"


def class_section(node: ast.ClassDef, called: str) -> list[str]:
    """A class: its docstring, then its attributes and methods, each required or with its default."""
    source = SOURCE.read_text(encoding="utf-8")
    lines = [f"## `{node.name}` ({called})", "", _doc(ast.get_docstring(node)), ""]
    attributes, methods = [], []
    body = node.body
    for k, item in enumerate(body):
        doc = _attribute_doc(body, k)
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            attributes.append(_attribute_row(node.name, item, doc, source))
        elif isinstance(item, ast.FunctionDef) and not item.name.startswith("_"):
            methods.append(item)
    if attributes:
        lines += ["| attribute | type | default | what it is |", "|---|---|---|---|", *attributes, ""]
    for method in methods:
        lines += method_entry(method, source)
    return lines


def _attribute_doc(body: list[ast.stmt], k: int) -> str:
    """The string right under an attribute (its docstring), if any."""
    if k + 1 < len(body):
        after = body[k + 1]
        if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
            if isinstance(after.value.value, str):
                return inspect.cleandoc(after.value.value)
    return ""


def _attribute_row(owner: str, item: ast.AnnAssign, doc: str, source: str) -> str:
    name = item.target.id  # type: ignore[union-attr]
    kind = ast.get_source_segment(source, item.annotation) or ""
    kind = kind.removeprefix("ClassVar[").removesuffix("]") if kind.startswith("ClassVar[") else kind
    if item.value is None:
        default = "required" if owner == "Result" else "(set by the engine)"
    else:
        default = f"`{ast.get_source_segment(source, item.value)}`"
    if name in REQUIRED_ATTRIBUTES.get(owner, ()):
        default = "**required**"
    return f"| `{name}` | `{_cell(kind)}` | {_cell(default)} | {_cell(doc)} |"


def method_entry(node: ast.FunctionDef, source: str) -> list[str]:
    """A method: its signature, whether it is required, and its docstring."""
    abstract = any(
        (isinstance(d, ast.Name) and d.id == "abstractmethod") for d in node.decorator_list
    )
    prop = any(isinstance(d, ast.Name) and d.id == "cached_property" for d in node.decorator_list)
    kind = "**required**" if abstract else "a property with a default" if prop else "has a default"
    shown = _signature(node, source)
    if prop:  # read as an attribute: `game.compensation`
        shown = f"{node.name}{shown.partition(')')[2]}"
    return [f"### `{shown}`", "", f"{kind}. {_doc(ast.get_docstring(node))}", ""]


def function_entry(name: str, text: str | None) -> list[str]:
    node = ast.parse(textwrap.dedent(text or "")).body[0]
    assert isinstance(node, ast.FunctionDef)
    return [f"### `{_signature(node, textwrap.dedent(text or ''))}`", "", _doc(ast.get_docstring(node)), ""]


def _signature(node: ast.FunctionDef, source: str) -> str:
    """`name(arg: type, ...) -> type` without `self`."""
    args = [a for a in node.args.args if a.arg not in ("self", "cls")]
    defaults = [None] * (len(node.args.args) - len(node.args.defaults)) + list(node.args.defaults)
    given = dict(zip([a.arg for a in node.args.args], defaults, strict=True))
    parts = []
    for arg in args:
        text = arg.arg
        if arg.annotation is not None:
            text += f": {ast.get_source_segment(source, arg.annotation)}"
        if given[arg.arg] is not None:
            text += f" = {ast.get_source_segment(source, given[arg.arg])}"
        parts.append(text)
    if node.args.kwarg is not None:
        parts.append(f"**{node.args.kwarg.arg}")
    returns = f" -> {ast.get_source_segment(source, node.returns)}" if node.returns is not None else ""
    return f"{node.name}({', '.join(parts)}){returns}"


def _doc(text: str | None) -> str:
    """A docstring as one Markdown paragraph (its lines joined)."""
    return " ".join(line.strip() for line in (text or "").splitlines() if line.strip())


def _cell(text: str) -> str:
    return _doc(text).replace("|", "\\|")


if __name__ == "__main__":
    print(render(), end="")
