"""Fuzz: mutated copies of every data file and bad command lines each end in exit 0 or 2 (issue 24).

The cases are seeded, so every run tries the same ones, and each runs under a
time limit (`SECONDS`) and a cap on the memory it may add (`MEMORY`, as
address space), so a hang or a blow-up fails its case instead of the machine.
What a case must do: end with exit status 0, or 2 with one line on stderr;
show no traceback; and leave no half-written file (nothing at all after a
refusal, only whole PDFs, PNGs and JSON after a success, no temporary file).

To stay cheap the cases run in this process, where that tests the same thing:

- every mutated data file goes through what both tools do before they write
  anything: load it, resolve a variant at a player count, draw the pieces,
  build the engine and play a game as the runner does; only a `DataError` of
  one line may stop it;
- every `BUILD_EVERY`-th file that loads is also built by `printkit build`,
  and the first `RUNS` by `simulate run` (whose report takes 8 s of CPU), both
  through `run_cli` as the commands are;
- bad command lines go through both tools' `run_cli`;
- `SUBPROCESSES` cases run as real commands, for the real exit status;
- the games printed from layouts alone (the examples) get `LAYOUT_CASES`
  copies with a hostile layout, row, markup, expression, palette, font or
  picture (`tests/fuzz_layouts.py`), each loaded, drawn and rendered, every
  `BUILD_EVERY`-th that loads built and the first `EXPORTS` exported as
  print-on-demand images; a few of each kind run in the default tests too.
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import random
import resource
import signal
import subprocess
import sys
import tomllib
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from printkit.datafile.gamedata import load_game
from printkit.datafile.rulesets import ruleset
from printkit.datafile.shapes import Between, OneOf, PerPlayers
from printkit.draw import has_drawing, pieces_for
from printkit.errors import DataError
from printkit.output.fonts import family
from printkit.pieces.faces import distinct_faces
from printkit.sheets.imposition import render
from printkit.sheets.shop import shop_layout
from simulate.engines import ENGINES, make_game
from simulate.play.runner import play
from tests.fuzz_layouts import LAYOUT_GAMES, Case, mutated
from tests.fuzz_layouts import MUTATIONS as LAYOUT_MUTATIONS

DATA = Path(__file__).resolve().parents[1] / "data"
GAMES = sorted(p.stem for p in DATA.glob("*/*.toml"))
MUTATIONS = 60  # per game
COMMAND_LINES = 130
BUILD_EVERY = 3
RUNS = 1
SUBPROCESSES = 6
SECONDS = 20.0  # of CPU time per case: a run with its report takes 8
WALL_SECONDS = 180.0  # per case, for what waits without working; generous on a loaded 2-core machine
MEMORY = 1 << 30  # bytes of address space a case may add
LAYOUT_CASES = 150  # copies of the examples with a hostile layout, row, font or picture
EXPORTS = 3  # of those that load, exported with --images as well as built
FACES_DRAWN = 4  # distinct faces of a mutated example rendered in the test process

HOSTILE_VALUES: list[Any] = [
    0,
    -1,
    10**9,
    10**18,
    1e-300,
    1e308,
    math.inf,
    math.nan,
    "",
    "x",
    "#12345g",
    True,
    [],
    [1] * 3000,
    {},
    {"a": 1},
    [["x"]],
]
HOSTILE_TEXTS = [
    "{game:>1500000000}",
    "{x.__class__}",
    "{oops}",
    "a { b",
    "b } a",
    "{0}",
    "{}",
    "{{literal}}",
    "{game}",
    "Total $\\frac{1}{$",
    "U" * 5000,
    "U" * 200_000,
    " ",
    "\u00e9\u5834" * 40,
]


# ------------------------------------------------------------------ bounds
class CaseTimeout(BaseException):
    """A case ran past its time (a BaseException, so that no `except Exception` in the code swallows it)."""


def _address_space() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 0


@contextlib.contextmanager
def bounded() -> Iterator[None]:
    """At most `SECONDS` of CPU time (`WALL_SECONDS` of wall clock) and `MEMORY` more bytes of address space.

    CPU time, not the wall clock, bounds the work, so a case's limit holds whatever else the
    machine runs; the wall clock catches what waits forever without working.
    """

    def stop(signum: int, frame: Any) -> None:
        raise CaseTimeout

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _address_space() + MEMORY
    resource.setrlimit(resource.RLIMIT_AS, (limit if hard < 0 else min(limit, hard), hard))
    before = {sig: signal.signal(sig, stop) for sig in (signal.SIGPROF, signal.SIGALRM)}
    signal.setitimer(signal.ITIMER_PROF, SECONDS)
    signal.setitimer(signal.ITIMER_REAL, WALL_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in before.items():
            signal.signal(sig, handler)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


# ------------------------------------------------------------------ data files
def toml_text(raw: dict[str, Any]) -> str:
    """`raw` as TOML: one dotted key per value (tomllib reads it back as `raw`)."""
    lines: list[str] = []

    def emit(path: list[str], value: Any) -> None:
        if isinstance(value, dict) and value:
            for key, item in value.items():
                emit([*path, key], item)
        else:
            lines.append(".".join(json.dumps(k, ensure_ascii=False) for k in path) + " = " + _inline(value))

    for key, value in raw.items():
        emit([key], value)
    return "\n".join(lines) + "\n"


def _inline(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return (
            "nan"
            if math.isnan(value)
            else ("inf" if value > 0 else "-inf")
            if math.isinf(value)
            else repr(value)
        )
    if isinstance(value, (int, str)):
        return str(value) if isinstance(value, int) else json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return (
        "{ "
        + ", ".join(f"{json.dumps(k, ensure_ascii=False)} = {_inline(v)}" for k, v in value.items())
        + " }"
    )


def _paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Key paths into tables and the first items of lists."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*prefix, key)
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:3]):
            yield (*prefix, i)
            yield from _paths(item, (*prefix, i))


def _at(raw: Any, path: tuple) -> tuple[Any, Any]:
    parent = raw
    for step in path[:-1]:
        parent = parent[step]
    return parent, path[-1]


def _strings(raw: dict[str, Any]) -> list[tuple]:
    return [p for p in _paths(raw) if isinstance(_at(raw, p)[0][p[-1]], str)]


def mutate(raw: dict[str, Any], rng: random.Random) -> str:
    """A data file's text with one hostile change (sometimes two), or its text cut or garbled."""
    out = copy.deepcopy(raw)
    for _ in range(1 + (rng.random() < 0.1)):
        kind = rng.choice([*_MUTATIONS, "edge", "edge", "edge", "text"])
        _MUTATIONS[kind](out, rng)
    text = toml_text(out)
    if rng.random() < 0.06:
        cut = rng.randrange(len(text))
        text = (
            text[:cut]
            if rng.random() < 0.5
            else text[:cut] + rng.choice(["\x00", "[", '"', "= ="]) + text[cut:]
        )
    return text


def _set_value(raw: dict[str, Any], rng: random.Random) -> None:
    parent, key = _at(raw, rng.choice(list(_paths(raw))))
    parent[key] = copy.deepcopy(rng.choice(HOSTILE_VALUES))


def _delete(raw: dict[str, Any], rng: random.Random) -> None:
    paths = [p for p in _paths(raw) if isinstance(_at(raw, p)[0], dict)]
    parent, key = _at(raw, rng.choice(paths))
    del parent[key]


def _set_text(raw: dict[str, Any], rng: random.Random) -> None:
    parent, key = _at(raw, rng.choice(_strings(raw)))
    hostile = rng.choice(HOSTILE_TEXTS)
    parent[key] = hostile if rng.random() < 0.5 else parent[key] + " " + hostile


def _widen(raw: dict[str, Any], rng: random.Random) -> None:
    name = rng.choice(sorted(raw["options"]))
    option, rule = raw["options"][name], raw["rules"].get(name)
    if "choices" in option:
        value = rng.choice(["snake", 31, 2, True, 0.5])
        option["choices"].append(value)
    else:
        value = rng.choice([10**9, -(10**9), 31, 0])
        option["max" if value > 0 else "min"] = value
    if not isinstance(rule, (dict, list)):
        raw["rules"][name] = value


def _edge(raw: dict[str, Any], rng: random.Random) -> None:
    """A rule at an edge of what its game implements (a file that should load), its option widened to it."""
    shapes = ruleset(raw["game"]["engine"]).RULES
    name = rng.choice(sorted(shapes))
    leaves = [(p, s) for p, s in _shape_leaves(shapes[name]) if isinstance(s, (Between, OneOf))]
    if not leaves or name not in raw["rules"]:
        return
    path, shape = rng.choice(leaves)
    value = rng.choice([shape.lo, shape.hi]) if isinstance(shape, Between) else rng.choice(shape.values)
    target = raw["rules"]
    for step in [name, *path][:-1]:
        if not isinstance(target, dict) or step not in target:
            return
        target = target[step]
    if isinstance(target, dict) and ([name, *path][-1] in target):
        target[[name, *path][-1]] = value
        option = raw["options"][name]
        if isinstance(shape, Between):
            option["min"], option["max"] = (
                min(option.get("min", shape.lo), shape.lo),
                max(option.get("max", shape.hi), shape.hi),
            )


def _shape_leaves(shape: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    if isinstance(shape, dict):
        for key, inner in shape.items():
            yield from _shape_leaves(inner, (*path, key))
    elif not isinstance(shape, (list, PerPlayers)):
        yield path, shape


def _players(raw: dict[str, Any], rng: random.Random) -> None:
    counts = rng.choice([[1], [99], [0], [], [2.5], ["2"], list(range(1, 10)), [2, 3, 4, 5, 6]])
    raw["game"]["players"] = counts
    if counts and rng.random() < 0.7:
        raw["game"]["default_players"] = counts[-1]


def _grow(raw: dict[str, Any], rng: random.Random) -> None:
    lists = [p for p in _paths(raw) if p[0] == "components" and isinstance(_at(raw, p)[0][p[-1]], list)]
    counts = [p for p in _paths(raw) if p[0] == "components" and p[-1] == "count"]
    if lists and rng.random() < 0.6:
        parent, key = _at(raw, rng.choice(lists))
        parent[key] = parent[key] * rng.choice([0, 30, 100])
    elif counts:
        parent, key = _at(raw, rng.choice(counts))
        parent[key] = rng.choice([10**6, 2400, 10**9, -5])


def _variant(raw: dict[str, Any], rng: random.Random) -> None:
    rule = rng.choice(sorted(raw["rules"]))
    variant: dict[str, Any] = {"doc": rng.choice(HOSTILE_TEXTS + ["fine"])}
    if rng.random() < 0.7:
        variant["set"] = {rule: copy.deepcopy(rng.choice(HOSTILE_VALUES))}
    if rng.random() < 0.4:
        variant["players"] = rng.choice([1, 99, 3, 0])
    raw.setdefault("variants", {})[rng.choice(["zz", "a+b", "..", "x" * 70, "p9"])] = variant


_MUTATIONS = {
    "edge": _edge,
    "value": _set_value,
    "delete": _delete,
    "text": _set_text,
    "widen": _widen,
    "players": _players,
    "grow": _grow,
    "variant": _variant,
}


def exercise(path: Path, rng: random.Random) -> None:
    """What both tools do with a data file before they write; only a `DataError` may stop it."""
    data = load_game(str(path))
    specs = ["default", *rng.sample(sorted(data.variants), min(2, len(data.variants)))]
    for spec in specs:
        try:
            rules = data.resolve(spec, players=rng.choice([None, *data.player_counts]))
            for lang in ("en", "ja") if rng.random() < 0.3 else ("en",):
                if has_drawing(data):
                    shown = data.localized(lang)
                    pieces_for(shown, shown.resolve(spec, players=rules.players))
            if data.engine in ENGINES:
                game = make_game(rules, debug=True)
                play(game, ("random",) * game.players, 1, 0, min(game.max_moves, 20_000))
        except DataError as exc:
            assert "\n" not in str(exc), str(exc)


# ------------------------------------------------------------------ command lines
def command_lines(rng: random.Random, count: int) -> list[list[str]]:
    """Command lines of both tools, each with one or two hostile parts among sensible ones."""
    hostile = {
        "game": ["/dev/null", "./nothing.toml", "/", "nosuch", "", "x" * 300, "../data"],
        "--variant": ["nosuch", "a+b", "+", "deal=snake", "board=31", "=", "x" * 5000, "default+default"],
        "--set": [
            "board=31",
            "x",
            "=",
            "constellations.size_points=[]",
            "counters=1e9",
            "a.b.c.d=1",
            "hand={}",
        ],
        "--paper": ["a5", "0x0", "1e9x1e9", "-5x5", "nanxnan", "100000x100000", "x"],
        "--bleed": ["-1", "nan", "inf", "1e308", "500", "x", ""],
        "--margin": ["-1", "nan", "1e308", "150", "x"],
        "--gap": ["-1", "nan", "1e6", "1000", "x"],
        "--back-offset": ["1e308,0", "x", "nan,nan", "25,0", ","],
        "--lang": ["fr", ""],
        "--dpi": ["0", "-1", "100000", "x", "29", "601"],
        "--games": ["0", "-1", "1000000000000", "x", "5000000"],
        "--seed": ["-1", "x", "1e3", "9" * 5000],
        "--jobs": ["0", "100000", "-1", "x", "9"],
        "--precision": ["0", "1e-9", "nan", "0.5", "x", "-1"],
        "--max-games": ["0", "1", "x"],
        "--players": ["0", "1", "99", "-1", "x"],
        "--agents": [
            "mcts:0",
            "mcts:20,scale=1e-300",
            "mcts:200,c=inf",
            "wizard",
            "random,,greedy",
            "mc:1000000000",
            "mcts:5,depth=-1",
            ",".join(["random"] * 9),
            "mcts:3,norm=x",
        ],
        "--grid": ["x", "k=", "nosuch=1,2", "board=5,5", "counters=" + ",".join(map(str, range(1, 400)))],
        "--repeats": ["0", "100000", "x"],
        "--seconds": ["0", "1e9", "nan", "x"],
        "--timing-games": ["1000000", "-1"],
        "--filler": ["wizard", "random,greedy"],
        "--preset": ["poker", "", "x" * 300, "tarot-1/8in"],
        "--pages": ["pdf", "", "PNG"],
    }
    commands = {
        "printkit build": [
            "--variant",
            "--set",
            "--paper",
            "--bleed",
            "--margin",
            "--gap",
            "--back-offset",
            "--lang",
        ],
        "printkit proof": ["--variant", "--set", "--dpi", "--lang"],
        "printkit export": ["--dpi", "--variant", "--lang", "--preset", "--pages"],
        "printkit calibrate": ["--paper", "--back-offset"],
        "simulate run": [
            "--variant",
            "--set",
            "--games",
            "--seed",
            "--jobs",
            "--precision",
            "--players",
            "--agents",
        ],
        "simulate compare": ["--variant", "--games", "--jobs", "--agents", "--max-games", "--precision"],
        "simulate sweep": ["--grid", "--games", "--agents", "--jobs"],
        "simulate ladder": ["--agents", "--games", "--filler", "--timing-games", "--players"],
        "simulate bench": ["--games", "--repeats", "--seconds", "--agents"],
        "simulate agents": [],
    }
    lines = []
    for _ in range(count):
        name = rng.choice(sorted(commands))
        tool, command = name.split()
        game = rng.choice(GAMES)
        args = [tool, command] + ([] if command == "calibrate" else [game])
        given: dict[str, str] = {}
        for option in rng.sample(commands[name], min(len(commands[name]), rng.choice([1, 1, 2]))):
            given[option] = rng.choice(hostile[option])
        if rng.random() < 0.15 and command != "calibrate":
            args[2] = rng.choice(hostile["game"])
        if command == "compare" and "--variant" not in given:
            args += ["--variant", "default", "--variant", "default"]
        if tool == "simulate" and command in ("run", "compare", "sweep", "ladder"):
            given.setdefault("--games", "2")
            given.setdefault("--jobs", "1")
            given.setdefault("--agents", "random" if command != "ladder" else "random,greedy")
            args.append("--quiet")
        if command == "ladder":
            given.setdefault("--timing-games", "0")
        if command == "bench":
            given.setdefault("--games", "2")
            given.setdefault("--repeats", "1")
        if command == "export":
            args.append("--images" if "--preset" in given else "--png")
        for option, value in given.items():
            args += [option, value]
        lines.append(args)
    return lines


# ------------------------------------------------------------------ outcomes
def check_outcome(code: Any, err: str, out: Path) -> str | None:
    """What is wrong with how a command ended, or None."""
    if code not in (0, 2):
        return f"exit status {code!r}: {err[-300:]}"
    if "Traceback" in err:
        return f"a traceback: {err[-300:]}"
    files = [p for p in out.rglob("*") if p.is_file()] if out.exists() else []
    if code == 2:
        if err.count("\n") != 1 or not err.startswith("error: "):
            return f"not one error line: {err[:300]!r}"
        if files:
            return f"refused, yet wrote {sorted(str(p.relative_to(out)) for p in files)[:5]}"
        return None
    for path in files:
        head = path.read_bytes()
        if path.suffix == ".tmp":
            return f"a temporary file left: {path.name}"
        if path.suffix == ".pdf" and not (head.startswith(b"%PDF") and b"%%EOF" in head[-1024:]):
            return f"a half-written PDF: {path.name}"
        if path.suffix == ".png" and not head.startswith(b"\x89PNG"):
            return f"a half-written PNG: {path.name}"
        if path.suffix == ".json":
            json.loads(head)
    return None


def run_case(run_tool, args: list[str], out: Path) -> str | None:
    try:
        with bounded():
            code, _, err = run_tool(*args, *(["--out", str(out)] if args[1] != "agents" else []))
    except CaseTimeout:
        return f"no end within {SECONDS:g} s of CPU time"
    except BaseException:  # anything that escapes run_cli is a crash
        return "escaped run_cli: " + traceback.format_exc(limit=-3)
    return check_outcome(code, err, out)


@pytest.mark.long  # hundreds of mutated files and command lines, 30 s (.ci/run's long part)
def test_mutated_data_files_and_bad_command_lines_end_in_exit_0_or_2(run_tool, tmp_path):
    rng = random.Random("issue 24 fuzz")
    failures: list[str] = []
    loaded: list[Path] = []
    refused = 0
    for game in GAMES:
        raw = tomllib.loads((DATA / game / f"{game}.toml").read_text(encoding="utf-8"))
        assert tomllib.loads(toml_text(raw)) == raw  # the writer round-trips the shipped file
        for k in range(MUTATIONS):
            path = tmp_path / "files" / f"{game}-{k}.toml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(mutate(raw, rng), encoding="utf-8")
            try:
                with bounded():
                    exercise(path, rng)
                loaded.append(path)
            except DataError as exc:
                refused += 1
                if "\n" in str(exc):
                    failures.append(f"{path.name}: a refusal of more than one line: {exc}")
            except CaseTimeout:
                failures.append(f"{path.name}: no end within {SECONDS:g} s of CPU time")
            except BaseException:
                failures.append(f"{path.name}: " + traceback.format_exc(limit=-3))
    for k, path in enumerate(loaded):
        if k % BUILD_EVERY == 0:
            problem = run_case(run_tool, ["printkit", "build", str(path)], tmp_path / "out" / f"build-{k}")
            if problem:
                failures.append(f"printkit build {path.name}: {problem}")
        if k < RUNS:
            args = [
                "simulate",
                "run",
                str(path),
                "--games",
                "2",
                "--agents",
                "random",
                "--jobs",
                "1",
                "--quiet",
            ]
            problem = run_case(run_tool, args, tmp_path / "out" / f"run-{k}")
            if problem:
                failures.append(f"simulate run {path.name}: {problem}")
    for k, args in enumerate(command_lines(rng, COMMAND_LINES)):
        problem = run_case(run_tool, args, tmp_path / "out" / f"line-{k}")
        if problem:
            failures.append(f"{' '.join(a[:60] for a in args)}: {problem}")
    assert not failures, f"{len(failures)} cases failed:\n" + "\n".join(failures)
    assert 0 < refused < len(GAMES) * MUTATIONS  # the mutations hit both harmless and breaking parts


@pytest.mark.long  # six real commands (.ci/run's long part)
def test_a_sample_ends_in_exit_0_or_2_as_real_commands(tmp_path):
    rng = random.Random("issue 24 fuzz, real commands")
    bin_dir = Path(sys.executable).parent
    cases = []
    for game in rng.sample(GAMES, 3):
        raw = tomllib.loads((DATA / game / f"{game}.toml").read_text(encoding="utf-8"))
        path = tmp_path / f"{game}.toml"
        path.write_text(mutate(raw, rng), encoding="utf-8")
        cases.append(["printkit", "build", str(path)])
    cases += command_lines(rng, SUBPROCESSES - len(cases))
    for k, args in enumerate(cases):
        out = tmp_path / f"out-{k}"
        extra = ["--out", str(out)] if args[1] != "agents" else []

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (3 << 30, resource.RLIM_INFINITY))

        try:
            done = subprocess.run(
                [str(bin_dir / args[0]), *args[1:], *extra],
                capture_output=True,
                text=True,
                timeout=60,
                preexec_fn=limit,
            )
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{args}: no end within 60 s") from None
        assert check_outcome(done.returncode, done.stderr, out) is None, (args, done.stderr[-500:])


# ------------------------------------------------------------------ layouts, rows, fonts, pictures
def exercise_layouts(path: Path, rng: random.Random) -> None:
    """What `printkit build` does with a layout game before it writes: load, draw its pieces (in
    Japanese too, at times), render a few faces; only a `DataError` of one line may stop it."""
    data = load_game(str(path))
    for lang in ("en", "ja") if rng.random() < 0.3 else ("en",):
        shown = data.localized(lang)
        faces = distinct_faces(pieces_for(shown, shown.resolve()))
        render(shop_layout([f.piece for f in faces[:FACES_DRAWN]], 0.0), "fuzz", family(lang))


def _layout_case(path: Path, rng: random.Random) -> tuple[bool, str | None]:
    """(loaded, what went wrong) for one mutated layout game, run in this process under the bounds."""
    try:
        with bounded():
            exercise_layouts(path, rng)
        return True, None
    except DataError as exc:
        return False, f"a refusal of more than one line: {exc}" if "\n" in str(exc) else None
    except CaseTimeout:
        return False, f"no end within {SECONDS:g} s of CPU time"
    except BaseException:
        return False, traceback.format_exc(limit=-3)


@pytest.mark.long  # 150 mutated copies of the examples, some built and exported (.ci/run's long part)
def test_mutated_layouts_rows_fonts_and_pictures_end_in_exit_0_or_2(run_tool, tmp_path):
    rng = random.Random("issue 36 fuzz")
    failures: list[str] = []
    loaded: list[Path] = []
    for k in range(LAYOUT_CASES):
        game = LAYOUT_GAMES[k % len(LAYOUT_GAMES)]
        path = mutated(game, tmp_path / "cases" / f"{game}-{k}", rng, toml_text)
        ok, problem = _layout_case(path, rng)
        if problem:
            failures.append(f"{path.parent.name}: {problem}")
        if ok:
            loaded.append(path)
    for k, path in enumerate(loaded):
        commands = [["printkit", "build", str(path)]] if k % BUILD_EVERY == 0 else []
        if k < EXPORTS:
            commands.append(["printkit", "export", str(path), "--images", "--dpi", "60"])
        for args in commands:
            problem = run_case(run_tool, args, tmp_path / "out" / f"{args[1]}-{k}")
            if problem:
                failures.append(f"{' '.join(args[:2])} {path.parent.name}: {problem}")
    assert not failures, f"{len(failures)} cases failed:\n" + "\n".join(failures)
    assert 0 < len(loaded) < LAYOUT_CASES  # the changes hit both harmless and breaking parts


@pytest.mark.parametrize("kind", sorted(LAYOUT_MUTATIONS))
def test_a_few_mutated_layout_games_of_each_kind_end_in_one_line_or_a_drawing(tmp_path, kind):
    """Two copies per kind of change, in the default tests, so that a new surface is fuzzed on every run."""
    rng = random.Random(f"issue 36 fuzz, {kind}")
    for k in range(2):
        game = LAYOUT_GAMES[(k + len(kind)) % len(LAYOUT_GAMES)]
        case = Case(game, tmp_path / f"{game}-{k}")
        LAYOUT_MUTATIONS[kind](case, rng)
        path = case.write(toml_text)
        _, problem = _layout_case(path, rng)
        assert problem is None, f"{kind} {path.parent.name}: {problem}"
