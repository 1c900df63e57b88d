"""Load a game's data file, check it, and resolve rules from defaults, variants and overrides.

Both packages read games only through this module: `printkit` to draw the
components, `simulate` to build the rules engine. A data file is TOML with the
tables `[game]`, `[components.*]`, `[rules]`, `[options.*]` (one per rule: its
documentation, source and allowed values), `[variants.*]` (named overrides) and
`[lang.<code>]` (the printed text in another language: the same key paths as
`[game]` and `[components.*]`, strings only, e.g. `[lang.ja.components.aid.text]`,
and `[lang.<code>.options.<rule>]` holding only `doc`, for a component that
prints the options' documentation; `GameData.localized` lays them over the
English text, and a key the English text lacks is an error).
Every problem raises `DataError` with one line naming the file, the key path,
the bad value and what was expected.
"""

from __future__ import annotations

import copy
import os
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printkit.errors import DataError

SOURCES = ("seed", "pub", "house")
LANGS = ("en", "ja")  # languages of the printed text; English is the data file's own
TRANSLATED = ("game", "components", "options")  # the tables `[lang.<code>]` may translate
TRANSLATED_OPTION_KEYS = ("doc",)  # an option's values are rules, never translated
COMPONENT_KINDS = ("tile", "board", "card", "domino", "token", "reference", "chart")


def data_dirs() -> list[Path]:
    """Folders searched for `<game>.toml`: $PRINTKIT_DATA, then the shipped data.

    The shipped data is the checkout's `data/` folder when running from a
    checkout, and the copy installed as `printkit/games_data/` otherwise.
    """
    dirs = []
    env = os.environ.get("PRINTKIT_DATA")
    if env:
        dirs.append(Path(env))
    here = Path(__file__).resolve().parent
    for shipped in (here.parent / "data", here / "games_data"):
        if shipped.is_dir():
            dirs.append(shipped)
            break
    return dirs


def available_games() -> list[str]:
    """Names of the games whose data files can be found, sorted."""
    names = set()
    for folder in data_dirs():
        if folder.is_dir():
            names.update(p.stem for p in folder.glob("*.toml"))
    return sorted(names)


def find_data_file(game: str) -> Path:
    """Resolve a game name (`united_square`) or a path to a `.toml` file."""
    if game.endswith(".toml"):
        path = Path(game)
        if not path.is_file():
            raise DataError(f"{game}: no such data file")
        return path
    for folder in data_dirs():
        path = folder / f"{game}.toml"
        if path.is_file():
            return path
    known = ", ".join(available_games()) or "none"
    raise DataError(f"unknown game {game!r}: expected one of {known}, or a path to a .toml file")


def _show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def _type_name(example: Any) -> str:
    if isinstance(example, bool):
        return "true or false"
    if isinstance(example, int):
        return "an integer"
    if isinstance(example, float):
        return "a number"
    if isinstance(example, str):
        return "a string"
    if isinstance(example, list):
        return "a list"
    return "a table"


@dataclass(frozen=True)
class Rules:
    """Resolved rules for one simulated or printed configuration."""

    game: str
    values: Mapping[str, Any]
    players: int
    label: str = "default"
    components: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    meta: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def as_dict(self) -> dict[str, Any]:
        return copy.deepcopy(dict(self.values))


@dataclass(frozen=True)
class GameData:
    """A checked data file."""

    name: str
    path: Path
    game: Mapping[str, Any]
    components: Mapping[str, Mapping[str, Any]]
    rules: Mapping[str, Any]
    options: Mapping[str, Mapping[str, Any]]
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    translations: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    lang: str = "en"

    @property
    def title(self) -> str:
        return self.game["title"]

    @property
    def engine(self) -> str:
        return self.game["engine"]

    @property
    def player_counts(self) -> list[int]:
        return list(self.game["players"])

    def where(self) -> str:
        return str(self.path)

    def localized(self, lang: str) -> GameData:
        """The data with the printed text of `lang` laid over the English (where the file has it)."""
        if lang not in LANGS:
            raise DataError(f"lang: unknown language {lang!r}; expected one of {', '.join(LANGS)}")
        overlay = self.translations.get(lang, {})
        return replace(
            self,
            game=_overlay(self.game, overlay.get("game", {})),
            components=_overlay(self.components, overlay.get("components", {})),
            options=_overlay(self.options, overlay.get("options", {})),
            lang=lang,
        )

    def has_text(self, lang: str) -> bool:
        """Whether the printed text exists in `lang` (English always does)."""
        return lang == "en" or lang in self.translations

    # ------------------------------------------------------------ resolving
    def resolve(
        self,
        spec: str | Iterable[str] = "default",
        sets: Iterable[str] = (),
        players: int | None = None,
    ) -> Rules:
        """Rules from defaults, then variants and `key=value` parts, then `--set` overrides.

        `spec` is one arm: variant names and `key=value` assignments joined with
        `+` (`board7+deal=equal`), or a list of such parts.
        """
        parts = [p for p in (spec.split("+") if isinstance(spec, str) else spec) if p]
        values = copy.deepcopy(dict(self.rules))
        chosen_players: int | None = None
        for part in parts:
            if "=" in part:
                self._assign(values, part, origin=f"variant {'+'.join(parts)!r}")
                continue
            if part not in self.variants:
                known = ", ".join(sorted(self.variants))
                raise DataError(f"{self.where()}: unknown variant {part!r}: expected one of {known}")
            variant = self.variants[part]
            for key, value in variant.get("set", {}).items():
                values[key] = copy.deepcopy(value)
            if "players" in variant:
                chosen_players = variant["players"]
        for assignment in sets:
            self._assign(values, assignment, origin="--set")
        if players is None:
            players = chosen_players if chosen_players is not None else self.game["default_players"]
        if players not in self.game["players"]:
            allowed = ", ".join(str(p) for p in self.game["players"])
            raise DataError(f"{self.where()}: players: {self.title} takes {allowed} players, got {players}")
        label = "+".join(parts) if parts else "default"
        return Rules(
            game=self.name,
            values=values,
            players=players,
            label=label,
            components=self.components,
            meta=self.game,
        )

    def _assign(self, values: dict[str, Any], assignment: str, origin: str) -> None:
        key, sep, raw = assignment.partition("=")
        key = key.strip()
        if not sep or not key:
            raise DataError(f"{origin} {assignment!r}: expected key=value")
        path = key.split(".")
        if path[0] not in self.options:
            known = ", ".join(sorted(self.options))
            raise DataError(
                f"{origin} {assignment}: rules.{path[0]}: unknown option; expected one of {known}"
            )
        value = parse_value(raw.strip())
        default: Any = self.rules
        target: Any = values
        for i, step in enumerate(path):
            if not isinstance(default, dict) or step not in default:
                raise DataError(f"{origin} {assignment}: rules.{'.'.join(path[: i + 1])}: no such key")
            default = default[step]
            if i < len(path) - 1:
                target = target[step]
        option = self.options[path[0]]
        checked = check_value(f"rules.{key}", value, default, option, where=f"{origin} {assignment}")
        target[path[-1]] = checked


def parse_value(raw: str) -> Any:
    """A `--set` value as TOML (`7`, `true`, `[1, 2]`), or else the bare text as a string."""
    try:
        return tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        return raw


def check_value(key: str, value: Any, default: Any, option: Mapping[str, Any], where: str) -> Any:
    """Check `value` against the shape of `default` and the option's limits; return it."""

    def fail(k: str, expected: str, got: Any) -> DataError:
        return DataError(f"{where}: {k}: expected {expected}, got {_show(got)}")

    def walk(k: str, v: Any, d: Any) -> Any:
        if isinstance(d, bool):
            if not isinstance(v, bool):
                raise fail(k, "true or false", v)
        elif isinstance(d, int):
            if isinstance(v, bool) or not isinstance(v, int):
                raise fail(k, "an integer", v)
        elif isinstance(d, float):
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise fail(k, "a number", v)
            v = float(v)
        elif isinstance(d, str):
            if not isinstance(v, str):
                raise fail(k, "a string", v)
        elif isinstance(d, list):
            if not isinstance(v, list):
                raise fail(k, "a list", v)
            if not option.get("variable_length") and len(v) != len(d):
                raise fail(k, f"a list of {len(d)} items", v)
            if not d:
                return list(v)
            return [walk(f"{k}[{i}]", x, d[min(i, len(d) - 1)]) for i, x in enumerate(v)]
        elif isinstance(d, dict):
            if not isinstance(v, dict):
                raise fail(k, "a table", v)
            for extra in v.keys() - d.keys():
                raise fail(f"{k}.{extra}", "no such key (known: " + ", ".join(sorted(d)) + ")", v[extra])
            return {kk: walk(f"{k}.{kk}", v.get(kk, d[kk]), d[kk]) for kk in d}
        if "choices" in option and not isinstance(d, (list, dict)):
            if v not in option["choices"] or isinstance(v, bool) != isinstance(d, bool):
                raise fail(k, "one of " + ", ".join(_show(c) for c in option["choices"]), v)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            lo, hi = option.get("min"), option.get("max")
            if lo is not None and v < lo:
                raise fail(k, f"a value >= {lo}", v)
            if hi is not None and v > hi:
                raise fail(k, f"a value <= {hi}", v)
        return v

    return walk(key, value, default)


def _overlay(base: Any, over: Any) -> Any:
    """`base` with the strings of `over` put in place (same shape, checked on load)."""
    if isinstance(over, dict):
        return {k: _overlay(v, over[k]) if k in over else v for k, v in base.items()}
    if isinstance(over, list):
        return [_overlay(b, o) for b, o in zip(base, over, strict=True)]
    return over


def _check_overlay(path: Path, key: str, base: Any, over: Any) -> None:
    """A translation must have the shape of the English it replaces: strings for strings."""
    where = f"{path}: lang.{key}"
    if isinstance(over, dict):
        if not isinstance(base, dict):
            raise DataError(f"{where}: expected {_type_name(base)} as in the English text, got a table")
        for k, v in over.items():
            if k not in base:
                raise DataError(f"{where}.{k}: no such key in the English text ({key.split('.', 1)[1]})")
            _check_overlay(path, f"{key}.{k}", base[k], v)
    elif isinstance(over, list):
        if not isinstance(base, list) or len(base) != len(over):
            raise DataError(f"{where}: expected a list as long as the English one, got {_show(over)}")
        for i, (b, o) in enumerate(zip(base, over, strict=True)):
            _check_overlay(path, f"{key}[{i}]", b, o)
    elif not (isinstance(over, str) and isinstance(base, str)):
        raise DataError(f"{where}: expected a string in place of {_show(base)}, got {_show(over)}")


# ------------------------------------------------------------------ loading
class _Checker:
    """Structural checks of a raw data file, each failure one line."""

    def __init__(self, path: Path):
        self.path = path

    def fail(self, key: str, expected: str, got: Any) -> DataError:
        return DataError(f"{self.path}: {key}: expected {expected}, got {_show(got)}")

    def table(self, raw: Mapping[str, Any], key: str, required: bool = True) -> dict[str, Any]:
        head, _, rest = key.rpartition(".")
        name = rest or key
        if name not in raw:
            if required:
                raise DataError(f"{self.path}: {key}: missing table")
            return {}
        value = raw[name]
        if not isinstance(value, dict):
            raise self.fail(key, "a table", value)
        return value

    def typed(self, raw: Mapping[str, Any], key: str, example: Any, required: bool = True) -> Any:
        name = key.rpartition(".")[2]
        if name not in raw:
            if required:
                raise DataError(f"{self.path}: {key}: missing, expected {_type_name(example)}")
            return None
        value = raw[name]
        ok = isinstance(value, type(example)) and isinstance(value, bool) == isinstance(example, bool)
        if isinstance(example, float) and isinstance(value, int) and not isinstance(value, bool):
            ok = True
        if not ok:
            raise self.fail(key, _type_name(example), value)
        return value


def load_game(game: str) -> GameData:
    """Load and check a data file by game name or path."""
    path = find_data_file(game)
    try:
        with path.open("rb") as fh:
            raw = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot read: {exc.strerror}") from None
    return check_game(raw, path)


def check_game(raw: Mapping[str, Any], path: Path) -> GameData:
    """Check the structure of a parsed data file and return it as `GameData`."""
    c = _Checker(path)
    game = c.table(raw, "game")
    c.typed(game, "game.title", "")
    c.typed(game, "game.engine", "")
    players = c.typed(game, "game.players", [])
    if not players or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 1 for p in players):
        raise c.fail("game.players", "a non-empty list of player counts", players)
    default_players = c.typed(game, "game.default_players", 0)
    if default_players not in players:
        raise c.fail("game.default_players", "one of game.players", default_players)
    sources = c.typed(game, "game.sources", [])
    if not all(isinstance(s, str) for s in sources):
        raise c.fail("game.sources", "a list of strings", sources)

    components = c.table(raw, "components")
    for name, comp in components.items():
        key = f"components.{name}"
        if not isinstance(comp, dict):
            raise c.fail(key, "a table", comp)
        c.typed(comp, f"{key}.title", "")
        kind = c.typed(comp, f"{key}.kind", "")
        if kind not in COMPONENT_KINDS:
            raise c.fail(f"{key}.kind", "one of " + ", ".join(COMPONENT_KINDS), kind)
        size = c.typed(comp, f"{key}.size_mm", [], required=False)
        if size is not None:
            if len(size) != 2 or not all(
                isinstance(x, (int, float)) and not isinstance(x, bool) and x > 0 for x in size
            ):
                raise c.fail(f"{key}.size_mm", "[width, height] in mm, both > 0", size)
        count = c.typed(comp, f"{key}.count", 0, required=False)
        if count is not None and count < 0:
            raise c.fail(f"{key}.count", "a count >= 0", count)

    rules = c.table(raw, "rules")
    options = c.table(raw, "options")
    for name in rules:
        if name not in options:
            raise DataError(f"{path}: options.{name}: missing; every rule needs a documented option")
    for name, option in options.items():
        key = f"options.{name}"
        if name not in rules:
            raise DataError(f"{path}: {key}: documents no rule; add rules.{name} or remove it")
        if not isinstance(option, dict):
            raise c.fail(key, "a table", option)
        c.typed(option, f"{key}.doc", "")
        source = c.typed(option, f"{key}.source", "")
        if source not in SOURCES:
            raise c.fail(f"{key}.source", "one of " + ", ".join(SOURCES), source)
        choices = c.typed(option, f"{key}.choices", [], required=False)
        if choices is not None and not isinstance(rules[name], (dict, list)) and rules[name] not in choices:
            raise c.fail(f"rules.{name}", "one of " + ", ".join(_show(x) for x in choices), rules[name])
        check_value(f"rules.{name}", rules[name], rules[name], option, where=str(path))

    house = c.typed(game, "game.house_rules", [], required=False) or []
    for name in house:
        if name not in options:
            raise c.fail("game.house_rules", "names of options", name)

    variants = c.table(raw, "variants", required=False)
    for name, variant in variants.items():
        key = f"variants.{name}"
        if not isinstance(variant, dict):
            raise c.fail(key, "a table", variant)
        c.typed(variant, f"{key}.doc", "")
        unknown = set(variant) - {"doc", "set", "players"}
        if unknown:
            raise c.fail(
                f"{key}.{sorted(unknown)[0]}", "only doc, set and players", variant[sorted(unknown)[0]]
            )
        vplayers = c.typed(variant, f"{key}.players", 0, required=False)
        if vplayers is not None and vplayers not in players:
            raise c.fail(f"{key}.players", "one of game.players", vplayers)
        for opt, value in c.table(variant, f"{key}.set", required=False).items():
            if opt not in options:
                raise c.fail(f"{key}.set.{opt}", "the name of an option", opt)
            check_value(f"{key}.set.{opt}", value, rules[opt], options[opt], where=str(path))

    headline = c.typed(game, "game.headline", [], required=False) or []
    for spec in headline:
        for part in str(spec).split("+"):
            if "=" not in part and part not in variants:
                raise c.fail("game.headline", "variant names", spec)

    translations = c.table(raw, "lang", required=False)
    for lang, overlay in translations.items():
        if lang not in LANGS or lang == "en":
            raise c.fail(f"lang.{lang}", "a language code, one of " + ", ".join(LANGS[1:]), lang)
        if not isinstance(overlay, dict):
            raise c.fail(f"lang.{lang}", "a table", overlay)
        for part, value in overlay.items():
            if part not in TRANSLATED:
                raise c.fail(f"lang.{lang}.{part}", "only " + ", ".join(TRANSLATED), value)
            _check_overlay(path, f"{lang}.{part}", raw[part], value)
        for name, option in overlay.get("options", {}).items():
            for key in sorted(set(option) - set(TRANSLATED_OPTION_KEYS)):
                raise c.fail(
                    f"lang.{lang}.options.{name}.{key}",
                    "only " + ", ".join(TRANSLATED_OPTION_KEYS) + " (an option's values are rules)",
                    option[key],
                )

    return GameData(
        name=path.stem,
        path=path,
        game=game,
        components=components,
        rules=rules,
        options=options,
        variants=variants,
        translations=translations,
    )
