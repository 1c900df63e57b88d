"""Every broken data file a new user made: one line naming the file and key path, exit 2, nothing written.

Each case runs `printkit build` and `simulate run` on the same broken file (or
the same rules), since both read games through the one loader.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "data"
UNITED = DATA / "united_square" / "united_square.toml"


def _copy(tmp_path: Path, game: str, old: str, new: str, count: int = 1) -> str:
    """The shipped data file of `game` with `old` replaced by `new` (`count` times, -1: all), as a path."""
    text = (DATA / game / f"{game}.toml").read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / f"broken_{game}.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return str(path)


def _not_utf8(tmp_path: Path) -> str:
    path = tmp_path / "latin1.toml"
    path.write_bytes(
        UNITED.read_bytes().replace(b"# United", "# Unit\xe9d".encode("latin-1"))
    )
    return str(path)


def _deep(tmp_path: Path) -> str:
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    return str(path)


def _folder(tmp_path: Path) -> str:
    path = tmp_path / "folder.toml"
    path.mkdir()
    return str(path)


def _replace(game: str, old: str, new: str, count: int = 1):
    return lambda tmp_path: _copy(tmp_path, game, old, new, count)


def _edits(game: str, *pairs: tuple[str, str]):
    """The shipped data file of `game` with each (old, new) pair replaced once, as a path."""

    def make(tmp_path: Path) -> str:
        text = (DATA / game / f"{game}.toml").read_text(encoding="utf-8")
        for old, new in pairs:
            assert old in text, old
            text = text.replace(old, new, 1)
        path = tmp_path / f"broken_{game}.toml"
        path.write_text(text, encoding="utf-8")
        return str(path)

    return make


def _too_large(tmp_path: Path) -> str:
    path = tmp_path / "large.toml"
    path.write_text(UNITED.read_text(encoding="utf-8") + "#" * 1_000_000 + "\n")
    return str(path)


AID_TITLE = 'title = "{game}: player aid"'
PLANETS_MAX = 'source = "documents"\nmin = 0\nmax = 50\n\n[options.black_holes]'


PANEL_2 = '["red", "blue", "green", "yellow"],'
# (id, make the file, expected key path or words, extra arguments for both tools)
CASES = [
    ("not-utf8", _not_utf8, "not UTF-8 text (byte 0xe9", ()),
    ("nested-5000", _deep, "nested too deeply", ()),
    ("folder", _folder, "is a folder; expected a data file", ()),
    ("dev-null", lambda tmp_path: "/dev/null", "not a regular file", ()),
    (
        "min-as-text",
        _replace("united_square", "min = 1\n", 'min = "1"\n'),
        'options.panels_per_type.min: expected a number, got "1"',
        (),
    ),
    (
        "board-5.0",
        _replace("united_square", "board = 5\n", "board = 5.0\n"),
        "rules.board: expected one of 5, 7",
        (),
    ),
    (
        "no-panel",
        _replace("united_square", "[components.panel]", "[components.panels]"),
        'components.start_panel.like: no component "panel"',
        (),
    ),
    (
        "no-score-pad",
        _replace("united_square", "components.score_pad", "components.scorepad", -1),
        "components.score_pad: missing table",
        (),
    ),
    (
        "sizemm",
        _replace("united_square", "size_mm = [27, 27]", "sizemm = [27, 27]"),
        'components.panel.sizemm: unknown key; did you mean "size_mm"?',
        (),
    ),
    (
        "no-colours",
        _replace("twinkle_twinkle", "colours = { star", "# colours = { star"),
        "components.tile.colours: missing",
        (),
    ),
    (
        "purple",
        _replace("united_square", PANEL_2, '["red", "blue", "purple", "yellow"],'),
        "components.panel.types[1]: expected the 4 colours red, blue, yellow, green once each",
        (),
    ),
    (
        "duplicated-panel-type",
        _replace("united_square", PANEL_2, '["red", "blue", "yellow", "green"],'),
        "components.panel.types[1]: the panel of types[0] turned: a panel type is listed twice",
        (),
    ),
    (
        "empty-choices",
        _replace("united_square", "choices = [5, 7]", "choices = []"),
        "options.board.choices",
        (),
    ),
    (
        "choise",
        _replace("united_square", "choices = [5, 7]", "choise = [5, 7]"),
        'options.board.choise: unknown key; did you mean "choices"?',
        (),
    ),
    (
        "tile-key-typo",
        _replace(
            "twinkle_twinkle",
            'kind = "star", stars = [[2, 2]], new = [true]',
            'kind = "star", stras = [[2, 2]], new = [true]',
        ),
        'components.tile.tiles[0].stras: unknown key; did you mean "stars"?',
        (),
    ),
    (
        "tile-set-key-typo",
        _replace(
            "this_town",
            '[[components.tile.sets.tuned]]\nfences = ["N"]',
            '[[components.tile.sets.tuned]]\nfence = ["N"]',
        ),
        'components.tile.sets.tuned[0].fence: unknown key; did you mean "fences"?',
        (),
    ),
    (
        "teams-with-2",
        lambda tmp_path: str(UNITED),
        "rules.mode: teams needs 4 players, got 2",
        ("--set", "mode=teams"),
    ),
    (
        "hand-14-with-5",
        lambda tmp_path: str(DATA / "tiddly_wink" / "tiddly_wink.toml"),
        "rules.hand: 5 players x 14 tiles = 70, more than the 28 dominoes",
        ("--set", "hand=14"),
    ),
    # issue 24: printed text is a template of the fields its drawing declares, refused on load
    (
        "aid-title-width",
        _replace("united_square", AID_TITLE, 'title = "{game:>1500000000}"'),
        "components.aid.text.title: a lone '{' in '{game:>1500000000}'",
        (),
    ),
    (
        "aid-title-attribute",
        _replace("united_square", AID_TITLE, 'title = "{x.__class__}"'),
        "components.aid.text.title: a lone '{' in '{x.__class__}'",
        (),
    ),
    (
        "aid-title-unknown-field",
        _replace("united_square", AID_TITLE, 'title = "{oops}"'),
        "components.aid.text.title: unknown field {oops}; expected {game}",
        (),
    ),
    (
        "aid-title-lone-brace",
        _replace("united_square", AID_TITLE, 'title = "a { b"'),
        "components.aid.text.title: a lone '{' in 'a { b'",
        (),
    ),
    (
        "aid-title-index",
        _replace("united_square", AID_TITLE, 'title = "{0}"'),
        "components.aid.text.title: a lone '{' in '{0}'",
        (),
    ),
    (
        "npc-field-at-4-players",
        _replace("this_town", "({npcs})", "({x})"),
        "components.reference.text.npc: unknown field {x}; expected {npcs}, {players}",
        (),
    ),
    (
        "npc-field-at-2-players",
        _replace("this_town", "({npcs})", "({x})"),
        "components.reference.text.npc: unknown field {x}; expected {npcs}, {players}",
        ("--variant", "p2"),
    ),
    (
        "field-in-a-text-that-takes-none",
        _replace("united_square", 'types = "Panel types"', 'types = "Panel types of {game}"'),
        "components.aid.text.types: unknown field {game}; this text takes no fields",
        (),
    ),
    (
        "field-in-a-translation",
        _replace("this_town", "（{npcs}）", "（{x}）"),
        "lang.ja.components.reference.text.npc: unknown field {x}",
        (),
    ),
    # issue 24: the values, player counts and bounds the game's rule set declares
    (
        "deal-widened",
        _edits(
            "united_square",
            ('choices = ["random", "equal"]', 'choices = ["random", "equal", "snake"]'),
            ('deal = "random"', 'deal = "snake"'),
        ),
        'rules.deal: expected one of "random", "equal" (what the game implements), got "snake"',
        (),
    ),
    (
        "deal-choices-widened",
        _replace("united_square", 'choices = ["random", "equal"]', 'choices = ["random", "equal", "snake"]'),
        'options.deal.choices[2]: "snake" is not a value the game implements',
        (),
    ),
    (
        "portal-widened",
        _edits(
            "time_splicers",
            ('choices = ["next_turn", "same_turn"]', 'choices = ["next_turn", "same_turn", "elsewhere"]'),
            ('portal = "next_turn"', 'portal = "elsewhere"'),
        ),
        'rules.portal: expected one of "next_turn", "same_turn" (what the game implements)',
        (),
    ),
    (
        "time-splicers-5-players",
        _replace("time_splicers", "players = [2, 3, 4]", "players = [2, 3, 4, 5]"),
        "game.players[3]: Time Splicers is played by 2 to 4 players, got 5",
        (),
    ),
    (
        "players-99",
        _replace("time_splicers", "players = [2, 3, 4]", "players = [2, 3, 4, 99]"),
        "game.players: expected a non-empty list of player counts from 1 to 16",
        (),
    ),
    (
        "players-1",
        _edits(
            "tiddly_wink",
            ("players = [2, 3, 4, 5, 6, 7, 8]", "players = [1, 2, 3, 4, 5, 6, 7, 8]"),
            ("default_players = 5", "default_players = 1"),
        ),
        "game.players[0]: Tiddly-Wink is played by 2 to 8 players, got 1",
        (),
    ),
    (
        "united-square-3-players",
        _replace("united_square", "players = [2, 4]", "players = [2, 3, 4]"),
        "game.players[1]: United Square is played by 2 or 4 players, got 3",
        (),
    ),
    (
        "size-points-empty",
        _replace("twinkle_twinkle", "size_points = [2, 4, 7, 11, 18, 21, 25]", "size_points = []"),
        "rules.constellations.size_points: expected a non-empty list, got []",
        (),
    ),
    (
        "board-31-widened",
        _edits(
            "united_square",
            ("choices = [5, 7]", "choices = [5, 7, 31]"),
            ("max = 8", "max = 160"),
            ("board = 5\n", "board = 31\n"),
            ("panels_per_type = 4", "panels_per_type = 160"),
        ),
        "rules.board: expected an integer from 3 to 13 (what the game implements), got 31",
        (),
    ),
    (
        "score-10-9",
        _edits(
            "twinkle_twinkle",
            ("green_each = 3", "green_each = 1000000000"),
            (PLANETS_MAX, PLANETS_MAX.replace("max = 50", "max = 1000000000")),
        ),
        "rules.planets.green_each: expected an integer from 0 to 1000 (what the game implements)",
        (),
    ),
    (
        "counters-10-9",
        _edits(
            "tiddly_wink",
            ("counters = 30\n", "counters = 1000000000\n"),
            ("max = 1000\n", "max = 1000000000\n"),
        ),
        "rules.counters: expected an integer from 1 to 1000 (what the game implements)",
        (),
    ),
    (
        "counters-max-widened",
        _replace("tiddly_wink", "max = 1000\n", "max = 1000000000\n"),
        "options.counters.max: 1000000000 is above what the game implements (1000)",
        (),
    ),
    # issue 24: bounds on whatever sizes work or memory
    (
        "count-10-9",
        _replace("time_splicers", "count = 30", "count = 1000000000"),
        "components.jump_token.count: expected a count from 0 to 2000, got 1000000000",
        (),
    ),
    (
        "tiles-2400",
        _replace("this_town", "count = 24", "count = 2400"),
        "components.tile.count: expected a count from 0 to 2000, got 2400",
        (),
    ),
    (
        "tiles-200",
        _replace("this_town", "count = 24", "count = 200"),
        "components.tile.count: at most 120 tiles, got 200",
        (),
    ),
    (
        "title-200000",
        _replace("united_square", 'title = "United Square"', 'title = "' + "U" * 200_000 + '"'),
        "game.title: text of 200,000 characters; at most 4,000",
        (),
    ),
    (
        "title-150",
        _replace("united_square", 'title = "United Square"', 'title = "' + "U" * 150 + '"'),
        "game.title: expected a string of at most 100 characters",
        (),
    ),
    (
        "size-1e-300",
        _replace("united_square", "size_mm = [27, 27]", "size_mm = [1e-300, 1e-300]"),
        "components.panel.size_mm: expected [width, height] in mm, each from 3 to 1000",
        (),
    ),
    ("file-over-1-mb", _too_large, "larger than 1,000,000 bytes", ()),
    (
        "variant-name-with-plus",
        _replace("united_square", "[variants.board7]", '[variants."board+7"]'),
        'variants.board+7: the name "board+7" may hold only letters, digits, _ and -',
        (),
    ),
    (
        "sweep-unknown-rule",
        _replace("twinkle_twinkle", '"sides.comets=green,blue"', '"nosuch=green,blue"'),
        "game.sweep nosuch=green,blue: rules.nosuch: unknown option",
        (),
    ),
    (
        "headline-unknown-rule",
        _replace(
            "united_square", 'headline = ["default", "equal_deal"]', 'headline = ["default", "speed=3"]'
        ),
        "game.headline[1]: rules.speed: unknown option",
        (),
    ),
]
TOOLS = {
    "printkit": lambda path, out, extra: ("build", path, "--out", out, *extra),
    "simulate": lambda path, out, extra: (
        "run",
        path,
        "--games",
        "2",
        "--agents",
        "random",
        "--quiet",
        "--out",
        out,
        *extra,
    ),
}


@pytest.mark.parametrize("tool", sorted(TOOLS))
@pytest.mark.parametrize("make, expected, extra", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_broken_data_file_is_one_line_naming_file_and_key(run_tool, tmp_path, tool, make, expected, extra):
    path = make(tmp_path)
    out = tmp_path / "out"
    code, stdout, err = run_tool(tool, *TOOLS[tool](path, str(out), extra))
    assert code == 2, (stdout, err)
    assert err.startswith(f"error: {path}: ") and err.count("\n") == 1, err
    assert expected in err
    assert "Traceback" not in err
    assert not out.exists() or not [p for p in out.rglob("*") if p.is_file()]


# Runs a command and prints its exit status, CPU seconds and peak memory: started afresh, so the
# command is forked from a small process and its peak is its own, not the test process's.
MEASURE = """
import json, resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
use = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps([done.returncode, done.stderr, use.ru_utime + use.ru_stime, use.ru_maxrss]))
"""


@pytest.mark.parametrize("title", ["{game:>1500000000}", "{x.__class__}"])
def test_a_hostile_aid_title_is_refused_within_a_second_and_100_mb(tmp_path, title):
    """`printkit build` as a real command: exit 2 in under a second of CPU time and 100 MB (issue 24)."""
    path = _copy(tmp_path, "united_square", 'title = "{game}: player aid"', f'title = "{title}"')
    printkit = Path(sys.executable).parent / "printkit"
    command = [sys.executable, "-c", MEASURE, str(printkit), "build", path, "--out", str(tmp_path / "out")]
    started = time.monotonic()
    code, err, cpu, peak_kb = json.loads(
        subprocess.run(command, capture_output=True, text=True, check=True).stdout
    )
    assert code == 2 and err.count("\n") == 1, err
    assert "components.aid.text.title: a lone '{'" in err
    assert cpu < 1.0  # seconds of CPU time, whatever else the machine runs
    assert peak_kb < 100 * 1024
    assert time.monotonic() - started < 30  # wall clock: only a hang on a loaded machine passes this
    assert not (tmp_path / "out").exists()
