"""Every key of a shipped data file, the changes of it that the checker accepts, and the tools that read it.

A data file describes a game once; a key that the loader checks and no tool reads is a promise the
project does not keep (a designer edits it and nothing changes). `unread(game, path, out)` changes one
key and says what is wrong, if anything:

- **The keys** (`leaf_keys`): every value that is not a table, down to the leaves. A list of plain
  values (player counts, a size, a polygon's points) is one key. Repeated entries of one shape stand
  for each other, so one, drawn by a seed from its place, is changed for all: one entry of a list of
  tables (a manifest: tiles, colours, sources, a reference's sections), and one element of each kind
  in a layout.
- **The changes** (`candidates`): tried in a fixed order, and the first `TRIES` the checker accepts
  are used (accepted: the file loads, the key's variant resolves, the pieces draw, the engine builds,
  and the tools asked take it): a flag flipped; a number changed to another of its option's choices
  (a player count: another of the game's counts), else to its option's lower bound, else its upper
  one, else by one; a text changed to another of its option's choices, a colour one step off, a
  length's last number one more, the text with a letter more, or another value the same key holds
  in a shipped file; a list without its first item, without its last, or with its first or last
  item changed. A key with no accepted change matches a pattern of `NO_CHANGE`, which says why.
- **The compiled core**: where a game has one, a key the games read is played on it too, and its
  games must be the Python engine's, changed or not (a key the core does not read shows there).
- **The readers** (`READERS`): most keys print or play, so a change must change the PDF of
  `printkit build` (its home sheets byte for byte, and the summary of what is on them), in English
  or in Japanese, or the rows of `GAMES` random games on the same seeds, under the key's variant or
  else under any variant the file names. A key that one tool alone reads is declared with that tool,
  and that tool's output must change: `printkit list`, the designer's sheet, the data-file
  reference, `printkit export --tts`, the demo's headline arms, the `--skill` plan, the
  `simulate sweep` grid, or a compare's words of what an arm changes. A key under `variants.NAME` is
  read under that variant, one under `lang.CODE` in that language; words printed only under rules no
  variant sets are declared with an arm that prints them (`printkit build under stake=2`).
"""

from __future__ import annotations

import copy
import functools
import json
import random
import re
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from unittest import mock

from click.testing import CliRunner

import printkit
import printkit.build
import printkit.cli
import printkit.exports.proof
from printkit.datafile import layout_spec, reference
from printkit.datafile.gamedata import GameData, check_game
from printkit.draw import has_drawing, pieces_for
from printkit.errors import DataError
from printkit.exports.export import export
from printkit.output.fonts import family
from printkit.sheets.designer import designer_pdf
from simulate.commands.arms import arm_changes
from simulate.commands.runs import headline_arms
from simulate.commands.skill_plan import plan_skill
from simulate.commands.sweep import grid_of
from simulate.engines import ENGINES, make_game
from simulate.engines.rows import row
from simulate.play.runner import compiled, csv_text, play
from simulate.words import language

DATA = Path(__file__).resolve().parents[1] / "data"
SHIPPED = sorted(p.stem for p in DATA.glob("*/*.toml"))
BUILTIN_LAYOUTS = Path(printkit.__file__).parent / "layouts" / "builtin.toml"
GAMES = 100  # random games a change is played over, the same seeds before and after
SEED = 1
TRIES = 2  # accepted changes of one key tried before it is called unread
KNOWN_STRINGS = 12  # other values of a string key tried, at most
TTS_DPI = 30  # the export's lowest: its saved object names the pieces, whatever the images' size

Key = tuple[str | int, ...]  # a key's path: table keys and list indices


def data_file(game: str) -> Path:
    return DATA / game / f"{game}.toml"


@functools.cache
def raw_file(game: str) -> dict[str, Any]:
    """The shipped data file as parsed (never changed: every change works on a copy)."""
    return tomllib.loads(data_file(game).read_text(encoding="utf-8"))


def shown(path: Key) -> str:
    """`components.tile.tiles[3].name`."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else f".{step}" if out else str(step)
    return out


def matches(pattern: str, path: Key) -> bool:
    """Whether `path` matches a dotted pattern: `*` is any one step (a key or an index), `**` any steps."""
    parts = pattern.split(".")

    def match(i: int, j: int) -> bool:
        if i == len(parts):
            return j == len(path)
        if parts[i] == "**":
            return any(match(i + 1, k) for k in range(j, len(path) + 1))
        return j < len(path) and parts[i] in ("*", str(path[j])) and match(i + 1, j + 1)

    return match(0, 0)


# ------------------------------------------------------------------ the keys
def _is_layout(path: Key) -> bool:
    """`layouts.NAME` (or its translation): a table of elements, each with its kind."""
    rest = path[2:] if path[:1] == ("lang",) else path
    return len(rest) == 2 and rest[0] == "layouts"


def leaf_keys(raw: dict[str, Any], seed: str) -> list[Key]:
    """Every key down to the leaves, one of each set of repeated entries standing for all (see the
    module's docstring), in the file's order."""
    out: list[Key] = []

    def pick(path: Key, group: list[Any]) -> Any:
        return random.Random(f"{seed}:{shown(path)}:{len(group)}").choice(group)

    def walk(value: Any, path: Key) -> None:
        if isinstance(value, dict) and _is_layout(path):
            kinds: dict[Any, list[str]] = {}
            for name, element in value.items():
                kinds.setdefault(element.get("kind") if isinstance(element, dict) else name, []).append(name)
            chosen = {pick(path, names) for names in kinds.values()}
            for name in (n for n in value if n in chosen):
                walk(value[name], (*path, name))
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, key))
        elif isinstance(value, list) and any(isinstance(item, dict) for item in value):
            entry = pick(path, [i for i, item in enumerate(value) if isinstance(item, dict)])
            walk(value[entry], (*path, entry))
        else:
            out.append(path)

    walk(raw, ())
    return out


# ------------------------------------------------------------------ the changes
def _option(raw: dict[str, Any], path: Key) -> dict[str, Any]:
    """What bounds the key's value: the option of a rule (`rules.NAME...`, `variants.V.set.NAME...`), the
    game's player counts for a default or a variant's count, the choices the layout spec gives a layout's
    or an icon's key (`layouts.L.ELEMENT.KEY`, `icons.I.KEY`)."""
    if path == ("game", "default_players") or matches("variants.*.players", path):
        return {"choices": raw["game"]["players"]}
    if len(path) > 1 and path[0] == "rules":
        return raw.get("options", {}).get(path[1], {})
    if len(path) > 3 and path[0] == "variants" and path[2] == "set":
        return raw.get("options", {}).get(str(path[3]).split(".")[0], {})
    if len(path) == 4 and path[0] == "layouts":
        kind = _at(raw, path[:-1]).get("kind")
        spec = {**layout_spec.COMMON, **layout_spec.ELEMENT_KEYS.get(kind, {})}.get(str(path[-1]))
    elif len(path) == 3 and path[0] == "icons":
        spec = layout_spec.ICON_KEYS.get(str(path[-1]))
    else:
        return {}
    said = spec.expected if spec is not None else ""
    return {"choices": re.findall(r'"([^"]+)"', said)} if said.startswith("one of ") else {}


@functools.cache
def _strings_by_key() -> dict[str, list[str]]:
    """Every string a shipped data file or printkit's own layouts hold under each key name (a list's
    strings under the list's key), sorted: the values a key is known to take."""
    out: dict[str, set[str]] = {}
    files = [data_file(game) for game in SHIPPED] + [BUILTIN_LAYOUTS]
    stack: list[tuple[str, Any]] = [("", tomllib.loads(f.read_text(encoding="utf-8"))) for f in files]
    while stack:
        key, value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.items())
        elif isinstance(value, list):
            stack.extend((key, item) for item in value)
        elif isinstance(value, str):
            out.setdefault(key, set()).add(value)
    return {key: sorted(values) for key, values in out.items()}


def _numbers(value: int | float, option: dict[str, Any]) -> Iterator[int | float]:
    step = 1 if isinstance(value, int) else 0.5
    yield from (option[b] for b in ("min", "max") if b in option)
    yield from (value - step, value + step)


def _near_colour(value: str) -> Iterator[str]:
    """`#rrggbb` with its last digit one step off."""
    if len(value) == 7 and value.startswith("#"):
        last = int(value[-1], 16)
        yield from (value[:-1] + f"{d:x}" for d in (last - 1, last + 1) if 0 <= d <= 15)


def _other_length(value: str) -> Iterator[str]:
    """A length with a share of the side (`40%`, `100% - 7.56`): its last number one more."""
    if "%" in value and (found := list(re.finditer(r"\d+(\.\d+)?", value))):
        last = found[-1]
        yield f"{value[: last.start()]}{float(last.group()) + 1:g}{value[last.end() :]}"


def candidates(value: Any, option: dict[str, Any], strings: list[str]) -> Iterator[Any]:
    """Changes of `value`, in the order they are tried (the module's docstring); some equal it."""
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, (int, float)):
        yield from (c for c in option.get("choices", ()) if type(c) is type(value))
        yield from (type(value)(n) for n in _numbers(value, option))
    elif isinstance(value, str):
        yield from option.get("choices", ())
        yield from _near_colour(value)
        yield from _other_length(value)
        yield value + "x"
        yield from strings[:KNOWN_STRINGS]
    elif isinstance(value, list) and value:
        yield value[1:]
        yield value[:-1]
        for i in dict.fromkeys((0, len(value) - 1)):
            for item in candidates(value[i], option, strings):
                yield [*value[:i], item, *value[i + 1 :]]


def _at(raw: dict[str, Any], path: Key) -> Any:
    for step in path:
        raw = raw[step]
    return raw


def _with(raw: dict[str, Any], path: Key, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(raw)
    _at(out, path[:-1])[path[-1]] = value
    return out


# ------------------------------------------------------------------ the tools' outputs
@dataclass(frozen=True)
class Context:
    """Where a key is read: under which variant, in which language, with which folder for builds."""

    variant: str
    lang: str
    out: Path


def context(path: Key, out: Path) -> Context:
    """`variants.V...` is read under V, `lang.L...` in L (and `lang.L.variants.V...` both)."""
    lang, rest = (str(path[1]), path[2:]) if path[0] == "lang" and len(path) > 1 else ("en", path)
    variant = str(rest[1]) if len(rest) > 2 and rest[0] == "variants" else "default"
    return Context(variant, lang, out)


def _games(data: GameData, ctx: Context) -> str:
    """The CSV rows of `GAMES` random games, the Python engine (the rules' reference) playing them."""
    rules = data.resolve(ctx.variant)
    game = make_game(rules)
    agents = ("random",) * rules.players
    return csv_text([row(i, play(game, agents, SEED, i, game.max_moves), game) for i in range(GAMES)])


def core_games(data: GameData, ctx: Context) -> str | None:
    """The same games' rows played on the game's compiled core (`--engine fast`), or None if it has none."""
    rules = data.resolve(ctx.variant)
    game = make_game(rules)
    fast = compiled(game, ("random",) * rules.players, "fast")
    if fast is None:
        return None
    core, table = fast
    return csv_text(core.rows(table, SEED, game.max_moves, range(GAMES)))


def _build(data: GameData, ctx: Context, lang: str = "") -> tuple[bytes, str]:
    """`printkit build GAME --variant V --lang L`: the home sheets' PDF, byte for byte, and the summary
    of what is on them."""
    with mock.patch.object(printkit.build, "load_game", lambda _name: data):
        result = printkit.build.build(data.name, ctx.out, spec=ctx.variant, lang=lang or ctx.lang)
    return result.path.read_bytes(), json.dumps(result.summary, sort_keys=True)


def _tts(data: GameData, ctx: Context) -> str:
    """`printkit export GAME --tts`: the saved object (its decks, bags and cards by name)."""
    with mock.patch.object(printkit.exports.proof, "load_game", lambda _name: data):
        files = export(data.name, ctx.out, tts=True, dpi=TTS_DPI, spec=ctx.variant, lang=ctx.lang)
    return next(f for f in files if f.suffix == ".json").read_text(encoding="utf-8")


def _list(data: GameData, ctx: Context) -> str:
    """What `printkit list` prints about the game."""
    with (
        mock.patch.object(printkit.cli, "available_games", lambda: [data.name]),
        mock.patch.object(printkit.cli, "load_game", lambda _name: data),
    ):
        return CliRunner().invoke(printkit.cli.cli, ["list"], catch_exceptions=False).output


def _designer(data: GameData, ctx: Context) -> bytes:
    """The designer's sheet (`printkit build --designer-sheet`) of the key's variant, in its language."""
    return designer_pdf(data.localized(ctx.lang), data.resolve(ctx.variant), family(ctx.lang))


def _reference(data: GameData, ctx: Context) -> str:
    """The game's section of the data-file reference (the docs site's page)."""
    with mock.patch.object(reference, "load_game", lambda _name: data):
        return "\n".join(reference.game_section(data.name))


def _arm_words(data: GameData, ctx: Context) -> str:
    """What a compare's report says the key's variant changes, in the key's language."""
    with language(ctx.lang):
        return arm_changes(data.localized(ctx.lang), data.resolve(ctx.variant))


PROBES: dict[str, Callable[[GameData, Context], Any]] = {
    "games": _games,
    "printkit build": _build,
    "printkit build --lang ja": lambda data, ctx: _build(data, ctx, "ja"),
    "printkit export --tts": _tts,
    "printkit list": _list,
    "designer sheet": _designer,
    "data-file reference": _reference,
    "arm words": _arm_words,
    "demo arms": lambda data, ctx: headline_arms(data),
    "skill plan": lambda data, ctx: repr(plan_skill(data, "", None, None)),
    "sweep grid": lambda data, ctx: repr(grid_of(data, [])),
}
EACH_VARIANT = ", each variant"  # a reader's name with this: the tool's output under every variant
UNDER = " under "  # "TOOL under ARM": the tool's output under that arm (variants and KEY=VALUE joined by +)

_DRAWN = ("printkit build", "printkit build --lang ja")
_PRINTED = (*_DRAWN, "printkit build" + EACH_VARIANT)
_PLAYED = ("games", "games" + EACH_VARIANT)
# Which tools read a key: the first pattern that matches its path. Keys that one tool alone reads are
# declared with it; every other key prints or plays.
READERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # how many may play: the games play at default_players and the variants' counts
    ("game.players", ("printkit list",)),
    # said on the designer's sheet of a build outside the published counts
    ("game.published_players", ("designer sheet",)),
    ("game.designer", ("designer sheet",)),
    ("game.sources.**", ("printkit list", "designer sheet")),
    ("game.headline", ("demo arms",)),
    # who takes the pot when everyone still in is out at once: common only when a stake is all one holds
    ("rules.all_out", ("games under last_standing+stake=30",)),
    # words printed only under rules no variant sets: declared with rules that print them
    ("**.components.reference.text.counter_units.many", ("printkit build under stake=2",)),
    ("**.reference.text.rules.match_tie.rounds_won", ("printkit build under match_tie=rounds_won",)),
    ("**.text.rules.match_tie_pips.rounds_won", ("printkit build under block+match_tie=rounds_won",)),
    ("game.skill.**", ("skill plan",)),
    ("game.sweep", ("sweep grid",)),
    # a component's name: its deck or bag in Tabletop Simulator, an aid's label, a layout's {title}
    ("components.*.title", ("printkit build", "printkit export --tts")),
    # a colour's name labels the cards of that colour: their names in the export
    ("components.*.colours.*.name", ("printkit export --tts",)),
    ("options.*.doc", ("designer sheet", "data-file reference")),
    ("options.*.source", ("printkit list", "designer sheet")),
    # the bounds of a rule: the checker and the reference; a drawing may print a rule's choices
    ("options.*.choices", ("data-file reference", "printkit build")),
    ("options.*.*", ("data-file reference",)),
    ("variants.*.doc", ("printkit list",)),
    ("lang.*.options.*.doc", ("designer sheet",)),
    ("lang.*.variants.*.doc", ("arm words",)),
    ("lang.*.game.sources.**", ("designer sheet",)),
    ("lang.*.game.designer", ("designer sheet",)),
    ("lang.*.components.*.title", ("printkit build", "printkit export --tts")),
    ("lang.**", ("printkit build", "printkit build" + EACH_VARIANT)),
    # how a piece is drawn: the same under every variant, and never in the games
    ("layouts.**", _DRAWN),
    ("icons.**", _DRAWN),
    ("rules.**", (*_PLAYED, *_PRINTED)),
    ("variants.**", (*_PLAYED, *_PRINTED)),
    ("**", (*_PRINTED, *_PLAYED)),
)

# Keys of which the checker accepts no change, with why (each pattern must excuse a key of some game).
NO_CHANGE: tuple[tuple[str, str], ...] = (
    ("game.engine", "names the game's rule set: another's rules and components do not fit the file"),
    ("game.players", "each count is the default's, a variant's or a published one, and none other is played"),
    ("game.colours.*.name", "how the pieces name the colour (a tile's brands, a panel's sides)"),
    ("game.colours.*.letter", "how the rules name the colour (pairing_2p); each colour's own"),
    ("game.colours.*.shape", "each of the four shapes is one colour's"),
    ("components.*.count", "says how many pieces the data makes; the checker refuses any other number"),
    ("components.*.sets", "with the count: the count says how many sets there are"),
    ("components.domino.max_pips", "with the count: the count says a double-6 set"),
    ("components.number_card.max_number", "with the count: the count says 4 colours of 1..13"),
    ("components.*.layout", "names the layout that draws it: another wants other fields"),
    ("components.*.back.layout", "names the layout that draws its back: another wants other fields"),
    ("components.*.like", "names the one other component it can be"),
    ("components.*.cell_of", "names the one component that fills the board's cells"),
    ("components.panel.types", "all six orders of four colours, one panel type each"),
    ("components.tile.tiles.*.kind", "a tile's kind goes with its stars and lines"),
    ("layouts.*.*.kind", "an element's kind: another refuses the element's keys"),
    ("layouts.*.*.icon", "an icon named by a field that names one icon of each kind"),
    ("layouts.*.*.rows", "names the one field that fills the table"),
    ("rules.board", "with panels_per_type (6 of them and the start panel fill the board): board7 sets both"),
    ("rules.panels_per_type", "with the board (6 x panels_per_type + 1 fills it): board7 sets both"),
    ("variants.board7.set.*", "board and panels_per_type go together: 6 x panels_per_type + 1 fill it"),
    ("rules.mode", "teams needs 4 players: the teams variant sets both"),
    ("rules.round_score", "pips goes with no stake and one round: the block variant sets the three"),
    ("variants.block.set.*", "pips, no stake and one round go together (block dominoes)"),
    ("rules.standees.*", "with rules.opening: the opening row holds a tile more than the standees"),
    ("options.*.choices", "the values the rules and variants use, each one the game implements"),
    ("options.*.min", "the least the game implements, and a value the rules or a variant use"),
    ("options.asteroids.variable_length", "the asteroids_7 variant's points are longer than the default's"),
    ("variants.*.players", "the count the variant's rules play (teams: 4)"),
)

# Keys the layouts read whose changes show only on other words than the file's, with why (each pattern
# must match a key of some game). A key of the game's own is never here: its tools must show it.
UNSEEN: tuple[tuple[str, str], ...] = (
    ("layouts.*.*.min_size", "the least size a text shrinks to where it does not fit: the file's words fit"),
    ("layouts.*.*.wrap", "whether a text too long for its line wraps: the file's words fit on one line"),
    ("layouts.*.*.w", "a box its text, table or square icon fits with room, held where it stays put"),
    ("layouts.*.*.h", "a box its text, table or square icon fits with room, held where it stays put"),
    ("layouts.*.seats.head", "the seats' first row is bold by its own markup: as a head it looks the same"),
)


def readers(path: Key) -> tuple[str, ...]:
    return next(names for pattern, names in READERS if matches(pattern, path))


def _accepted(raw: dict[str, Any], game: str, ctx: Context) -> GameData | None:
    """The data of `raw` if the checker accepts it as both tools take it, else None."""
    try:
        data = check_game(raw, data_file(game))
        rules = data.resolve(ctx.variant)
        if has_drawing(data):
            pieces_for(data.localized(ctx.lang), rules)
        if data.engine in ENGINES:
            make_game(rules)
    except DataError:
        return None
    return data


class Outputs:
    """The tools' outputs for one data file, each computed once; `data` None is the shipped file, whose
    outputs are kept for the whole process."""

    def __init__(self, game: str, data: GameData | None) -> None:
        self.game, self.data = game, data
        self.seen: dict[tuple[str, str, str], Any] = {}

    def __call__(self, name: str, ctx: Context) -> Any:
        key = (name, ctx.variant, ctx.lang)
        if key not in self.seen:
            data = self.data or check_game(raw_file(self.game), data_file(self.game))
            self.seen[key] = PROBES[name](data, ctx)
        return self.seen[key]


_SHIPPED_OUTPUTS: dict[str, Outputs] = {}


def shipped_outputs(game: str) -> Outputs:
    return _SHIPPED_OUTPUTS.setdefault(game, Outputs(game, None))


def _changed(outputs: Outputs, name: str, ctx: Context) -> bool:
    """Whether reader `name` gives another output for the changed file than for the shipped one (`DataError`
    if it refuses the changed file)."""
    tool, each = (name.removesuffix(EACH_VARIANT), name.endswith(EACH_VARIANT))
    tool, _, arm = tool.partition(UNDER)
    variants = [arm] if arm else raw_file(outputs.game).get("variants", {}) if each else [ctx.variant]
    contexts = [replace(ctx, variant=v) for v in variants]
    return any(outputs(tool, c) != shipped_outputs(outputs.game)(tool, c) for c in contexts)


def changes(game: str, path: Key, ctx: Context) -> Iterator[tuple[Any, GameData]]:
    """The key's changes the checker accepts, in order, each with the data it makes."""
    raw = raw_file(game)
    value = _at(raw, path)
    key = next((str(step) for step in reversed(path) if isinstance(step, str)), "")
    strings = [s for s in _strings_by_key().get(key, []) if s != value]
    tried: list[Any] = []
    for candidate in candidates(value, _option(raw, path), strings):
        if (candidate == value and type(candidate) is type(value)) or candidate in tried:
            continue
        tried.append(candidate)
        data = _accepted(_with(raw, path, candidate), game, ctx)
        if data is not None:
            yield candidate, data


def excuse(path: Key, excuses: tuple[tuple[str, str], ...] = NO_CHANGE) -> str | None:
    """Why no change of the key is accepted, if `NO_CHANGE` says (or why none shows, if `UNSEEN` says)."""
    return next((why for pattern, why in excuses if matches(pattern, path)), None)


def _played_arms(names: tuple[str, ...], ctx: Context) -> list[Context]:
    """Where reader `games` plays for these readers: the key's variant, or the arms they name."""
    arms = [name.partition(UNDER)[2] for name in names if name.startswith("games" + UNDER)]
    return [replace(ctx, variant=arm) for arm in arms] or ([ctx] if "games" in names else [])


def unread(game: str, path: Key, out: Path, names: tuple[str, ...] = ()) -> str | None:
    """What is wrong with one key (see the module's docstring), or None; `names` overrides its readers."""
    ctx = context(path, out)
    names = names or readers(path)
    tried = []
    for value, data in changes(game, path, ctx):
        outputs = Outputs(game, data)
        # a key read under one variant only shows there: the first change is tried under each
        asked = [n for n in names if not (tried and n.endswith(EACH_VARIANT))]
        try:
            # the compiled core must read every key the Python engine reads: the same games, changed or not
            for arm in _played_arms(names, ctx):
                if core_games(data, arm) not in (None, outputs("games", arm)):
                    return f"{shown(path)} = {value!r}: the compiled core plays other games than Python"
            if any(_changed(outputs, name, ctx) for name in asked):
                return None
        except DataError:  # a tool refuses what the loader let through (a file with no engine, an agent)
            continue
        tried.append(value)
        if len(tried) == TRIES:
            break
    if not tried:
        return None if excuse(path) else f"{shown(path)}: the checker accepts no change of it (see NO_CHANGE)"
    if excuse(path, UNSEEN):
        return None
    changed = " or ".join(repr(v) for v in tried)
    return f"{shown(path)} = {changed}: read by nothing: {', '.join(names)} unchanged"
