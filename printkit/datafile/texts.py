"""The players' printed words in a data file: which texts take `{name}` fields, checked on load.

Printed words are `game.title` and `game.units`, and in every component its
`title`, `text`, `names`, `side_names`, `table`, `footer` and `back.text`, in
English and in each `[lang.<code>]` translation. A game's rule set declares in
`TEXTS` the texts its drawing fills and the fields each may use, by key path
(`sections[*].text` stands for every section, `text.*` for every key of a
table); the check runs once on load over every text, so a bad field is refused
whatever variant or player count is printed later. A declared text is a
template (`printkit.datafile.template`: `{name}` fields, `{{` and `}}` for a brace); any
other text is printed as written and may hold no brace at all, so that `{game}`
in a text that is never filled is an error and not a misprint. (A game with
no rule set has nothing that fills its texts; each need only be a well-formed
template.) `fill_text` is how drawing code fills a text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any, Protocol

from printkit.datafile.template import TemplateError, check, fields_of, fill

GAME_WORDS = ("title", "units")
COMPONENT_WORDS = ("title", "text", "names", "side_names", "table", "footer")
Declared = Mapping[str, Sequence[str]]  # key path pattern -> the fields its text may use


def printed_texts(game: Mapping[str, Any], components: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(key path, text) for every printed string of `[game]` and `[components]` (or a translation of them)."""
    for name in GAME_WORDS:
        if name in game:
            yield from _strings(f"game.{name}", game[name])
    for comp_name, comp in components.items():
        if not isinstance(comp, Mapping):
            continue
        for name in COMPONENT_WORDS:
            if name in comp:
                yield from _strings(f"components.{comp_name}.{name}", comp[name])
        back = comp.get("back")
        if isinstance(back, Mapping) and "text" in back:
            yield from _strings(f"components.{comp_name}.back.text", back["text"])


def _strings(key: str, value: Any) -> Iterator[tuple[str, str]]:
    """The strings inside `value` with their key paths, without recursion."""
    stack = [(key, value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str):
            yield path, item
        elif isinstance(item, Mapping):
            stack.extend((f"{path}.{k}", v) for k, v in reversed(list(item.items())))
        elif isinstance(item, list):
            stack.extend((f"{path}[{i}]", v) for i, v in reversed(list(enumerate(item))))


@lru_cache(maxsize=256)
def _pattern(key: str) -> re.Pattern[str]:
    return re.compile(re.escape(key).replace(r"\[\*\]", r"\[\d+\]").replace(r"\*", r"[^.\[\]]+"))


def fields_for(declared: Declared, key: str) -> tuple[str, ...]:
    """The fields the text at `key` may use: those of the first declared pattern it matches, else none."""
    for pattern, fields in declared.items():
        if _pattern(pattern).fullmatch(key):
            return tuple(fields)
    return ()


def check_text(where: str, key: str, text: str, allowed: Sequence[str]) -> None:
    """Refuse `text` unless it is a template of `allowed` fields, or (with none allowed) plain text."""
    at = f"{where}: {key}"
    if allowed:
        check(text, allowed, at)
        return
    if "{" not in text and "}" not in text:
        return
    field = re.search(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", text)
    if field:
        raise TemplateError(f"{at}: unknown field {{{field.group(1)}}}; this text takes no fields")
    brace = min(i for i in (text.find("{"), text.find("}")) if i >= 0)
    shown = text[max(0, brace - 24) : brace + 24]
    raise TemplateError(f"{at}: a brace in {shown!r}; this text takes no fields, so it may hold no brace")


def check_printed(
    where: str,
    game: Mapping[str, Any],
    components: Mapping[str, Any],
    translations: Mapping[str, Mapping[str, Any]],
    declared: Declared | None,
) -> None:
    """Every printed text, English and translated, against the fields its key declares.

    With `declared` None (a game whose rule set declares nothing: no drawing of
    its own fills its texts) each text need only be a well-formed template.
    """
    english = printed_texts(game, components)
    translated = (
        (f"lang.{lang}.{key}", key, text)
        for lang, overlay in translations.items()
        for key, text in printed_texts(overlay.get("game", {}), overlay.get("components", {}))
    )
    for shown, key, text in [(key, key, text) for key, text in english] + list(translated):
        if declared is None:
            fields_of(text, f"{where}: {shown}")
        else:
            check_text(where, shown, text, fields_for(declared, key))


class Located(Protocol):
    """Anything that names where it comes from, as a loaded data file does (`GameData.where`)."""

    def where(self) -> str: ...


def fill_text(data: Located, key: str, template: str, values: Mapping[str, Any]) -> str:
    """The text at `key` with its fields filled from `values` (see `printkit.datafile.template.fill`)."""
    if not isinstance(template, str):
        raise TemplateError(f"{data.where()}: {key}: expected a string, got {template!r}")
    return fill(template, values, f"{data.where()}: {key}")
