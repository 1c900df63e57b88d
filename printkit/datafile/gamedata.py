"""Load a game's data file, check it, and resolve rules from defaults, variants and overrides.

Both packages read games only through this module: `printkit` to draw the
components, `simulate` to build the rules engine. A data file is TOML with the
tables `[game]`, `[components.*]`, `[rules]`, `[options.*]` (one per rule: its
documentation, source and allowed values), `[variants.*]` (named overrides) and
`[lang.<code>]` (the printed text in another language: the same key paths as
`[game]`, `[components.*]`, `[layouts.*]` and the options' and variants' `doc`;
`GameData.localized` lays them over the English text), and `[layouts.*]` and
`[icons.*]` for components drawn from layouts (`printkit/layouts/`; also in
the files `game.layout_files` names). A game with no rules engine needs no
`[rules]` and `[options]`: it prints and does not simulate. `printkit.datafile.schema`
declares what each table may hold, `printkit.datafile.datacheck` checks it table by
table, and the game's rule set (`printkit.datafile.rulesets`) checks what the schema
cannot state, on load and again on every resolved set of rules, so printkit and
simulate refuse the same files.

A variant's `set`, an arm's `key=value` part and `--set` are laid over the
rules in force leaf by leaf: `set = { planets = { green_each = 4 } }` (or the
dotted `planets.green_each = 4`) changes that one number and keeps the rest.
Every problem raises `DataError` with one line naming the file, the key path,
the bad value and what was expected.
"""

from __future__ import annotations

import copy
import math
import os
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printkit.datafile import datacheck, layout_spec, texts
from printkit.datafile.datacheck import LANGS
from printkit.datafile.font_table import read_fonts
from printkit.datafile.games import folders_in, register_folder, shipped_data
from printkit.datafile.palette import NO_PALETTE, read_palette
from printkit.datafile.rulesets import RuleError, check_players, ruleset
from printkit.datafile.schema import (
    MAX_ARMS,
    SOURCES,
    check_value,
    type_name,
    unknown_key,
)
from printkit.datafile.shapes import check_option_limits, check_rule_shapes
from printkit.datafile.toml_file import read_toml
from printkit.errors import DataError

__all__ = ["LANGS", "SOURCES", "GameData", "Rules", "check_value", "load_game", "parse_value"]


def data_dirs() -> list[Path]:
    """Folders searched for game folders `<game>/<game>.toml` (and plain `<game>.toml` files):
    $PRINTKIT_DATA, then the games the project ships (`printkit.datafile.games.shipped_data`), then the
    current directory (game folders only, as `simulate new-game` writes them)."""
    dirs = []
    env = os.environ.get("PRINTKIT_DATA")
    if env:
        dirs.append(Path(env))
    shipped = shipped_data()
    if shipped is not None:
        dirs.append(shipped)
    dirs.append(Path("."))
    return dirs


def _data_files(folder: Path) -> Iterator[Path]:
    """The data files a folder holds by name: its own `*.toml` (not the current directory's) and those
    of its game folders."""
    if folder != Path("."):
        yield from folder.glob("*.toml")
    yield from folders_in(folder)


def available_games() -> list[str]:
    """Names of the games whose data files can be found, sorted."""
    names = set()
    for folder in data_dirs():
        if folder.is_dir():
            names.update(p.stem for p in _data_files(folder))
    return sorted(names)


def find_data_file(game: str) -> Path:
    """Resolve a game name (`my_game`) or a path (`./my.toml`, anything with a `/`) to a data file."""
    try:
        return _find_data_file(game)
    except (OSError, ValueError) as exc:  # a name too long for the file system, a NUL in it
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise DataError(f"{game[:80]!r}: not a data file: {reason}") from None


def _find_data_file(game: str) -> Path:
    if game.endswith(".toml") or "/" in game or os.sep in game:
        path = Path(game)
        if path.is_dir():
            raise DataError(f"{game}: is a folder; expected a data file (.toml)")
        if not path.exists():
            raise DataError(f"{game}: no such data file")
        if not path.is_file():
            raise DataError(f"{game}: not a regular file; expected a data file (.toml)")
        return path
    for folder in data_dirs():
        for path in (folder / f"{game}.toml", folder / game / f"{game}.toml"):
            if path.is_file() and (folder != Path(".") or path.parent != folder):
                return path
    known = ", ".join(available_games()) or "none"
    raise DataError(f"unknown game {game!r}: expected one of {known}, or a path to a .toml file")


@dataclass(frozen=True)
class Rules:
    """Resolved rules for one simulated or printed configuration; `data_file` is where they come from."""

    game: str
    values: Mapping[str, Any]
    players: int
    label: str = "default"
    components: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    meta: Mapping[str, Any] = field(default_factory=dict)
    data_file: str = ""

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
    layout_tables: layout_spec.Declared = field(default_factory=dict)
    icon_tables: layout_spec.Declared = field(default_factory=dict)
    layouts: layout_spec.Library | None = None

    @property
    def title(self) -> str:
        return self.game["title"]

    @property
    def engine(self) -> str:
        """The rules engine's name, "" for a game that only prints."""
        return self.game.get("engine", "")

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
        layouts = self.layouts
        if overlay.get("layouts"):
            tables = {
                name: _overlay(table, overlay["layouts"].get(name, {}))
                for name, (table, _) in self.layout_tables.items()
            }
            declared = {name: (tables[name], at) for name, (_, at) in self.layout_tables.items()}
            palette = self.layouts.palette if self.layouts is not None else NO_PALETTE
            fonts = self.layouts.fonts if self.layouts is not None else {}
            layouts = layout_spec.library(declared, self.icon_tables, self.path.parent, palette, fonts)
        return replace(
            self,
            game=_overlay(self.game, overlay.get("game", {})),
            components=_overlay(self.components, overlay.get("components", {})),
            options=_overlay(self.options, overlay.get("options", {})),
            variants=_overlay(self.variants, overlay.get("variants", {})),
            lang=lang,
            layouts=layouts,
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
        sets = list(sets)
        values = copy.deepcopy(dict(self.rules))
        chosen_players: int | None = None
        for part in parts:
            if "=" in part:
                self._assign(values, part, origin=f"variant {'+'.join(parts)!r}")
                continue
            variant = self._variant(part)
            for path, value in patches(variant.get("set", {})):
                merge(values, path, value)
            chosen_players = variant.get("players", chosen_players)
        for assignment in sets:
            self._assign(values, assignment, origin="--set")
        if players is None:
            players = chosen_players if chosen_players is not None else self.game["default_players"]
        if players not in self.game["players"]:
            allowed = ", ".join(str(p) for p in self.game["players"])
            raise DataError(f"{self.where()}: players: {self.title} takes {allowed} players, got {players}")
        rules = Rules(
            game=self.name,
            values=values,
            players=players,
            label="+".join(parts) if parts else "default",
            components=self.components,
            meta=self.game,
            data_file=self.where(),
        )
        self._check_rule_set(rules, sets)
        return rules

    def _variant(self, name: str) -> Mapping[str, Any]:
        if name == "default" and name not in self.variants:
            return {}  # the rules as written, for a file that names no variants
        if name not in self.variants:
            known = ", ".join(sorted(self.variants))
            raise DataError(f"{self.where()}: unknown variant {name!r}: expected one of {known}")
        return self.variants[name]

    def _assign(self, values: dict[str, Any], assignment: str, origin: str) -> None:
        """Lay one `key=value` (a dotted key reaches into a table) over `values`, checked."""
        key, sep, raw = assignment.partition("=")
        key = key.strip()
        if not sep or not key:
            raise DataError(f"{origin} {assignment!r}: expected key=value")
        path = key.split(".")
        value = check_patch(self, path, parse_value(raw.strip()), "rules.", f"{origin} {assignment}")
        merge(values, path, value)

    def _check_rule_set(self, rules: Rules, sets: list[str]) -> None:
        module = ruleset(self.engine)
        if module is None:
            return
        try:
            check_rule_shapes(rules.values, self.game["players"], module.RULES)
            module.check_rules(self, rules)
        except RuleError as exc:
            given = f'variant "{rules.label}"' + "".join(f", --set {s}" for s in sets)
            raise DataError(f"{self.where()}: {exc.key}: {exc.message} ({given})") from None


def patches(table: Mapping[str, Any]) -> list[tuple[list[str], Any]]:
    """A variant's `set` as (key path, value) pairs; a quoted dotted key is a path too."""
    return [(key.split("."), value) for key, value in table.items()]


def check_patch(data: GameData, path: list[str], value: Any, prefix: str, where: str) -> Any:
    """Check `value` for the rule at `path` (`["planets", "green_each"]`) against its default and option."""
    name = path[0]
    if name not in data.options:
        raise unknown_key(where, prefix + name, data.options, "unknown option")
    default: Any = data.rules[name]
    for i, step in enumerate(path[1:], 1):
        reached = prefix + ".".join(path[:i])
        if not isinstance(default, dict):
            raise DataError(f"{where}: {reached}: is {type_name(default)}, not a table")
        if step not in default:
            raise unknown_key(where, f"{reached}.{step}", default)
        default = default[step]
    return check_value(prefix + ".".join(path), value, default, data.options[name], where)


def merge(values: dict[str, Any], path: list[str], value: Any) -> None:
    """Lay `value` over the rule at `path`: a table changes only the keys it names, anything else replaces."""
    target = values
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = _merged(target.get(path[-1]), value)


def _merged(current: Any, patch: Any) -> Any:
    if isinstance(current, dict) and isinstance(patch, dict):
        out = dict(current)
        for key, value in patch.items():
            out[key] = _merged(current.get(key), value)
        return out
    return copy.deepcopy(patch)


def parse_value(raw: str) -> Any:
    """A `--set` value as TOML (`7`, `true`, `[1, 2]`, `{ a = 1 }`), or else the bare text as a string."""
    try:
        return tomllib.loads(f"v = {raw}")["v"]
    except (tomllib.TOMLDecodeError, RecursionError):
        return raw


def _overlay(base: Any, over: Any) -> Any:
    """`base` with the strings of `over` put in place (same shape, checked on load)."""
    if isinstance(over, dict):
        return {k: _overlay(v, over[k]) if k in over else v for k, v in base.items()}
    if isinstance(over, list):
        return [_overlay(b, o) for b, o in zip(base, over, strict=True)]
    return over


# ------------------------------------------------------------------ loading
def load_game(game: str) -> GameData:
    """Load and check a data file by game name or path."""
    path = find_data_file(game)
    return check_game(read_toml(path), path)


def check_game(raw: Mapping[str, Any], path: Path) -> GameData:
    """Check a parsed data file table by table, then the game's rule set, and return it as `GameData`."""
    where = str(path)
    datacheck.check_top_level(where, raw)
    game = datacheck.check_game_table(where, raw)
    register_folder(path, game["engine"])  # a game folder's own rule set, drawing and engine
    module = ruleset(game["engine"]) if game["engine"] else None
    components = datacheck.check_components(where, raw, module.FIELDS if module else {})
    rules, options = datacheck.check_rules_and_options(where, raw)
    variants = datacheck.check_variant_tables(where, raw, game["players"])
    datacheck.check_headline(where, game, variants)
    layout_tables, icon_tables = layout_spec.collect(raw, path, list(game.get("layout_files", [])))
    translated = {**raw, "layouts": {name: table for name, (table, _) in layout_tables.items()}}
    translations = datacheck.check_translations(where, translated)
    data = GameData(
        name=path.stem,
        path=path,
        game=game,
        components=components,
        rules=rules,
        options=options,
        variants=variants,
        translations=translations,
        layout_tables=layout_tables,
        icon_tables=icon_tables,
        layouts=layout_spec.library(
            layout_tables,
            icon_tables,
            path.parent,
            read_palette(where, raw),
            read_fonts(where, raw, path.parent),
        ),
    )
    if module is not None:
        try:
            check_players(game["players"], module.PLAYERS, game["title"])
            check_rule_shapes(rules, game["players"], module.RULES)
            check_option_limits(options, module.RULES)
            module.check_data(data)
        except RuleError as exc:
            raise DataError(f"{where}: {exc.key}: {exc.message}") from None
    texts.check_printed(where, game, components, translations, module.TEXTS if module else None)
    _check_variant_sets(data)
    _check_headline_and_sweep(data)
    return data


def _check_headline_and_sweep(data: GameData) -> None:
    """`game.headline`'s `key=value` parts and the `game.sweep` grid name rules and values they allow."""
    where = data.where()
    for i, spec in enumerate(data.game.get("headline", [])):
        for part in spec.split("+"):
            key, sep, raw = part.partition("=")
            if sep:
                check_patch(
                    data,
                    key.strip().split("."),
                    parse_value(raw.strip()),
                    "rules.",
                    f"{where}: game.headline[{i}]",
                )
    if "sweep" in data.game:
        axes = parse_grid(data.game["sweep"], f"{where}: game.sweep")
        check_grid(data, axes, f"{where}: game.sweep")


def parse_grid(specs: Iterable[str], origin: str = "--grid") -> list[tuple[str, tuple[str, ...]]]:
    """`KEY=V1,V2` strings as (key, values); a key may appear once and needs distinct values."""
    axes: list[tuple[str, tuple[str, ...]]] = []
    for spec in specs:
        key, sep, raw = spec.partition("=")
        key = key.strip()
        values = tuple(v.strip() for v in raw.split(",") if v.strip())
        if not sep or not key or not values:
            raise DataError(f"{origin} {spec!r}: expected KEY=V1,V2 (e.g. sides.comets=green,blue)")
        if len(set(values)) != len(values):
            raise DataError(f"{origin} {spec}: a value is listed twice")
        if any(k == key for k, _ in axes):
            raise DataError(f"{origin} {spec}: {key} is already on the grid")
        axes.append((key, values))
    return axes


def check_grid(data: GameData, axes: Sequence[tuple[str, Sequence[str]]], origin: str = "--grid") -> None:
    """Each axis names a rule and values its option allows; the grid holds at most `MAX_ARMS` combinations,
    counted before any is built."""
    combinations = math.prod(len(values) for _, values in axes)
    if combinations > MAX_ARMS:
        raise DataError(f"{origin}: {combinations:,} combinations; a sweep plays at most {MAX_ARMS}")
    for key, values in axes:
        for value in values:
            check_patch(
                data, key.split("."), parse_value(value), "rules.", f"{origin} {key}={','.join(values)}"
            )


def _check_variant_sets(data: GameData) -> None:
    """Every variant's `set` names rules and holds values their options allow."""
    for name, variant in data.variants.items():
        for path, value in patches(variant.get("set", {})):
            check_patch(data, path, value, f"variants.{name}.set.", data.where())
