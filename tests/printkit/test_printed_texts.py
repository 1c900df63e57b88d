"""Printed text and its declared fields: every declared field is one the drawing fills, everywhere.

A rule set's `TEXTS` says which fields each printed text may use, and the
loader refuses any other on load. That promise only holds if the drawing
fills every declared field at every variant, player count and language: here
each declared text of each shipped data file is made to use all its fields
at once, and every variant is drawn in English and Japanese. A declaration
that matches no text of the data file is stale, and fails too.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from printkit.datafile.gamedata import check_game
from printkit.datafile.rulesets import ruleset
from printkit.datafile.template import TemplateError
from printkit.datafile.texts import check_printed, fields_for, printed_texts
from printkit.draw import has_drawing, pieces_for
from printkit.errors import DataError

DATA = Path(__file__).resolve().parents[2] / "data"
GAMES = sorted(p.stem for p in DATA.glob("*/*.toml"))


def _set(raw: dict, key: str, text: str) -> None:
    """Put `text` at the printed key path `key` (`components.x.text.sections[2].text`)."""
    steps: list = []
    for part in key.split("."):
        name, _, rest = part.partition("[")
        steps.append(name)
        steps += [int(i) for i in rest.rstrip("]").split("][")] if rest else []
    target = raw
    for step in steps[:-1]:
        target = target[step]
    target[steps[-1]] = text


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_field_is_filled_at_every_variant_player_count_and_language(game):
    path = DATA / game / f"{game}.toml"
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    declared = ruleset(raw["game"]["engine"]).TEXTS
    english = list(printed_texts(raw["game"], raw["components"]))
    unused = [p for p in declared if not any(fields_for({p: declared[p]}, key) for key, _ in english)]
    assert not unused, f"declared texts the data file does not have: {unused}"
    every = copy.deepcopy(raw)
    for key, _ in english:
        fields = fields_for(declared, key)
        if fields:
            _set(every, key, " ".join("{" + f + "}" for f in fields))
            if key in {
                k
                for k, _ in printed_texts(
                    raw["lang"]["ja"].get("game", {}), raw["lang"]["ja"].get("components", {})
                )
            }:
                _set(every["lang"]["ja"], key, "".join("{" + f + "}" for f in fields))
    data = check_game(every, path)
    assert has_drawing(data)
    drawn = 0
    for lang in ("en", "ja"):
        shown = data.localized(lang)
        for variant in data.variants:
            for players in data.player_counts:
                try:
                    rules = shown.resolve(variant, players=players)
                except DataError:
                    continue  # that variant does not take that player count
                pieces_for(shown, rules)
                drawn += 1
    assert drawn >= 2 * len(data.variants)


def test_a_text_with_fields_nobody_fills_is_refused_on_load_naming_the_key():
    game = {"title": "G", "units": {"point": "{n} pt"}}
    components = {"aid": {"title": "Aid", "text": {"title": "{game}", "rule": "a {b} c"}}}
    declared = {"components.aid.text.title": ("game",), "game.units.*": ("n",)}
    check_printed("g.toml", game, {"aid": {"title": "Aid", "text": {"title": "{game}"}}}, {}, declared)
    with pytest.raises(
        TemplateError, match=r"^g.toml: components.aid.text.rule: unknown field \{b\}; this text"
    ):
        check_printed("g.toml", game, components, {}, declared)
    with pytest.raises(
        TemplateError, match=r"^g.toml: lang.ja.components.aid.text.title: unknown field \{x\}"
    ):
        check_printed(
            "g.toml", game, {}, {"ja": {"components": {"aid": {"text": {"title": "{x}"}}}}}, declared
        )
    with pytest.raises(
        TemplateError, match=r"components.aid.title: a brace in 'A {{ b'; this text takes no fields"
    ):
        check_printed("g.toml", game, {"aid": {"title": "A {{ b"}}, {}, declared)
    # a game with no rule set: any well-formed template, nothing else
    check_printed("g.toml", game, components, {}, None)
    with pytest.raises(TemplateError, match="a lone '{'"):
        check_printed("g.toml", {"title": "{x.y}"}, {}, {}, None)
