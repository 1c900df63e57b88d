"""Check a parsed data file table by table against the schema (`printkit.datafile.schema`).

Each function checks one kind of table and returns it; `printkit.datafile.gamedata`
runs them in order and builds the `GameData`. Every failure is one
`DataError` line naming the file (`where`) and the key path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.datafile.schema import (
    COMPONENT_PATTERNS,
    GAME_FIELDS,
    TOP_LEVEL,
    VARIANT_FIELDS,
    Field,
    check_name,
    check_option,
    check_table,
    component_fields,
    show,
    type_name,
    unknown_key,
)
from printkit.errors import DataError
from printkit.languages import LANGS

TRANSLATED = ("game", "components", "options", "variants", "layouts")  # what `[lang.<code>]` may translate
TRANSLATED_OPTION_KEYS = ("doc",)  # an option's (or a variant's) values are rules, never translated


def check_top_level(where: str, raw: Mapping[str, Any]) -> None:
    """Only the known kinds of tables; `[game]` and `[components]` present (a game may have no rules)."""
    for name in raw:
        if name not in TOP_LEVEL:
            raise unknown_key(where, name, TOP_LEVEL, "unknown table")
    for name in TOP_LEVEL[:2]:
        if name not in raw:
            raise DataError(f"{where}: {name}: missing table")


SKILL_KEYS = ("levels", "games", "strength_games")


def check_skill(where: str, skill: Mapping[str, Any]) -> None:
    """`[game.skill]`: two or more distinct agent specs, weakest first; games per arm at each level;
    games per pair of adjacent levels for the strength check. The specs are agents' names, which
    `simulate` checks against the game's agents when it loads the file."""
    for key in skill:
        if key not in SKILL_KEYS:
            raise unknown_key(where, f"game.skill.{key}", SKILL_KEYS)
    for key in SKILL_KEYS:
        if key not in skill:
            raise DataError(f"{where}: game.skill.{key}: missing")
    levels = skill["levels"]
    if not (isinstance(levels, list) and len(levels) >= 2 and all(isinstance(x, str) and x for x in levels)):
        raise DataError(
            f"{where}: game.skill.levels: expected two or more agent specs, weakest first, got {show(levels)}"
        )
    if len(set(levels)) != len(levels):
        raise DataError(f"{where}: game.skill.levels: a level is named twice, got {show(levels)}")
    for key, count in (("games", len(levels)), ("strength_games", len(levels) - 1)):
        value = skill[key]
        if not (
            isinstance(value, list)
            and len(value) == count
            and all(isinstance(g, int) and not isinstance(g, bool) and g >= 1 for g in value)
        ):
            what = "per level" if key == "games" else "per pair of adjacent levels"
            raise DataError(
                f"{where}: game.skill.{key}: expected {count} counts >= 1 ({what}), got {show(value)}"
            )


def check_game_table(where: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """`[game]`: its declared fields; the default player count is one of the player counts."""
    game = dict(check_table(where, "game", raw["game"], GAME_FIELDS))
    if "skill" in game:
        check_skill(where, game["skill"])
    players = game["players"]
    game.setdefault("default_players", min(players))
    game.setdefault("engine", "")
    game.setdefault("sources", [])
    if game["default_players"] not in players:
        raise DataError(
            f"{where}: game.default_players: expected one of game.players, got {game['default_players']}"
        )
    for count in game.get("published_players", []):
        if count not in players:
            raise DataError(
                f"{where}: game.published_players: expected counts among game.players, got {count}"
            )
    return game


def check_components(where: str, raw: Mapping[str, Any], game_fields: Mapping[str, Field]) -> dict[str, Any]:
    """`[components.*]`: the fields of each one's kind and the game's own (`like`, `cell_of`: another)."""
    components = raw["components"]
    if not isinstance(components, dict):
        raise DataError(f"{where}: components: expected a table, got {show(components)}")
    for name, comp in components.items():
        key = f"components.{name}"
        check_name(where, key, name)
        kind = comp.get("kind") if isinstance(comp, dict) else None
        check_table(where, key, comp, component_fields(kind, game_fields), COMPONENT_PATTERNS)
        for link in ("like", "cell_of"):
            other = comp.get(link)
            if other is not None and (other == name or other not in components):
                raise unknown_key(
                    where,
                    f"{key}.{link}",
                    set(components) - {name},
                    f"no component {show(other)}",
                    str(other),
                )
    return components


def check_rules_and_options(where: str, raw: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """`[rules]` and `[options.*]`: one documented option per rule, each default within its option."""
    rules, options = raw.get("rules", {}), raw.get("options", {})
    for key, table in (("rules", rules), ("options", options)):
        if not isinstance(table, dict):
            raise DataError(f"{where}: {key}: expected a table, got {show(table)}")
    for name in rules:
        check_name(where, f"rules.{name}", name)
        if name not in options:
            raise DataError(f"{where}: options.{name}: missing; every rule needs a documented option")
    for name, option in options.items():
        if name not in rules:
            raise unknown_key(
                where, f"options.{name}", rules, "documents no rule; add it to [rules] or remove it"
            )
        check_option(where, name, option, rules[name])
    return rules, options


def check_variant_tables(where: str, raw: Mapping[str, Any], players: list[int]) -> dict[str, Any]:
    """`[variants.*]`: their declared fields and player counts (their `set` is checked as rules)."""
    variants = raw.get("variants", {})
    if not isinstance(variants, dict):
        raise DataError(f"{where}: variants: expected a table, got {show(variants)}")
    for name, variant in variants.items():
        key = f"variants.{name}"
        check_name(where, key, name)
        check_table(where, key, variant, VARIANT_FIELDS)
        if "players" in variant and variant["players"] not in players:
            raise DataError(f"{where}: {key}.players: expected one of game.players, got {variant['players']}")
    return variants


def check_headline(where: str, game: Mapping[str, Any], variants: Mapping[str, Any]) -> None:
    """`game.headline` arms name variants (or `key=value` parts)."""
    for spec in game.get("headline", []):
        for part in spec.split("+"):
            if "=" not in part and part not in variants:
                raise unknown_key(where, "game.headline", variants, f"no variant {show(part)}", part)


def check_translations(where: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """`[lang.<code>]`: strings in place of the English, at key paths the English has.

    `raw["layouts"]` is every layout the game declares (its layout files' too).
    """
    translations = raw.get("lang", {})
    if not isinstance(translations, dict):
        raise DataError(f"{where}: lang: expected a table, got {show(translations)}")
    for lang, overlay in translations.items():
        if lang not in LANGS or lang == "en":
            raise DataError(f"{where}: lang.{lang}: expected a language code, one of {', '.join(LANGS[1:])}")
        if not isinstance(overlay, dict):
            raise DataError(f"{where}: lang.{lang}: expected a table, got {show(overlay)}")
        for part, value in overlay.items():
            if part not in TRANSLATED:
                raise DataError(
                    f"{where}: lang.{lang}.{part}: expected only {', '.join(TRANSLATED)}, got {show(value)}"
                )
            check_overlay(where, f"{lang}.{part}", raw.get(part, {}), value)
        _check_translated_options(where, lang, "options", overlay.get("options", {}))
        _check_translated_options(where, lang, "variants", overlay.get("variants", {}))
    return translations


def _check_translated_options(where: str, lang: str, table: str, options: Mapping[str, Any]) -> None:
    """An option's or a variant's translation holds its doc alone (`table` is `options` or `variants`)."""
    what = "an option's values" if table == "options" else "a variant's settings"
    for name, option in options.items():
        for key in sorted(set(option) - set(TRANSLATED_OPTION_KEYS)):
            raise DataError(
                f"{where}: lang.{lang}.{table}.{name}.{key}: expected only "
                f"{', '.join(TRANSLATED_OPTION_KEYS)} ({what} are rules), got {show(option[key])}"
            )


def check_overlay(where: str, key: str, base: Any, over: Any) -> None:
    """A translation must have the shape of the English it replaces: strings for strings."""
    at = f"{where}: lang.{key}"
    if isinstance(over, dict):
        if not isinstance(base, dict):
            raise DataError(f"{at}: expected {type_name(base)} as in the English text, got a table")
        for k, v in over.items():
            if k not in base:
                english = key.split(".", 1)[1]
                raise unknown_key(
                    where, f"lang.{key}.{k}", base, f"no such key in the English text ({english})"
                )
            check_overlay(where, f"{key}.{k}", base[k], v)
    elif isinstance(over, list):
        if not isinstance(base, list) or len(base) != len(over):
            raise DataError(f"{at}: expected a list as long as the English one, got {show(over)}")
        for i, (b, o) in enumerate(zip(base, over, strict=True)):
            check_overlay(where, f"{key}[{i}]", b, o)
    elif not (isinstance(over, str) and isinstance(base, str)):
        raise DataError(f"{at}: expected a string in place of {show(base)}, got {show(over)}")
