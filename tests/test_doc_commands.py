"""The shell blocks the README and the guides mark as runnable run as written, so a renamed option fails here.

A block is marked by the line `<!-- run -->` just before a fenced `bash`
block (invisible on GitHub and on the site). Each marked block runs with
`bash -euo pipefail` in an empty folder of its own, with this Python's tools
first on PATH. To keep the suite short, `--games N` runs at most
`MAX_GAMES` games and `--budget N` / `--confirm N` at most `MAX_BUDGET`, and
a `simulate run` or `compare` that plays in rounds without a budget (no
`--games`, no `--budget`) gets `--budget MAX_BUDGET`; every other word runs
as printed. A block the reader should not paste as it
stands (set-up, long runs) is simply not marked.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MARKER = "<!-- run -->"
MAX_GAMES = 40
MAX_BUDGET = 400
CAPS = {"--games": MAX_GAMES, "--budget": MAX_BUDGET, "--confirm": MAX_BUDGET}


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def marked_blocks(text: str) -> list[tuple[int, str]]:
    """(line number of the marker, the block's commands) for every marked block of a Markdown text."""
    lines = text.splitlines()
    blocks = []
    for i, line in enumerate(lines):
        if line.strip() != MARKER:
            continue
        if i + 1 >= len(lines) or lines[i + 1].strip() not in ("```bash", "```sh", "```shell"):
            raise ValueError(f"line {i + 1}: {MARKER} must stand just before a ```bash block")
        end = next((j for j in range(i + 2, len(lines)) if lines[j].strip() == "```"), None)
        if end is None:
            raise ValueError(f"line {i + 1}: the marked block is never closed")
        blocks.append((i + 1, "\n".join(lines[i + 2 : end])))
    return blocks


def capped(commands: str) -> str:
    """The commands with each capped count lowered to its cap, and a budget for a run in rounds."""

    def lower(match: re.Match[str]) -> str:
        flag, value = match.group(1), int(match.group(2))
        return f"{flag} {min(value, CAPS[flag])}"

    def bounded(line: str) -> str:
        in_rounds = re.match(r"\s*simulate (run|compare) ", line) and not re.search(
            r"--(games|budget)\b", line
        )
        return f"{line} --budget {MAX_BUDGET}" if in_rounds else line

    lowered = re.sub(r"(--games|--budget|--confirm)[ =](\d+)", lower, commands)
    return "\n".join(bounded(line) for line in lowered.split("\n"))


def all_blocks() -> list[tuple[str, str]]:
    found = []
    for path in documents():
        for line, commands in marked_blocks(path.read_text(encoding="utf-8")):
            found.append((f"{path.relative_to(ROOT)}:{line}", commands))
    return found


BLOCKS = all_blocks()


@pytest.mark.long  # every block as a shell runs it, real processes (.ci/run's long part)
@pytest.mark.parametrize(("where", "commands"), BLOCKS, ids=[where for where, _ in BLOCKS])
def test_marked_block_runs(where, commands, tmp_path):
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("PRINTKIT_DATA", None)
    result = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", capped(commands)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, f"{where} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"


def test_the_readme_and_the_guides_have_marked_blocks():
    """The markers have not vanished: the README's tour and several guides are run."""
    places = {where.split(":")[0] for where, _ in BLOCKS}
    assert "README.md" in places
    assert sum(place.startswith("docs/guides/") for place in places) >= 3


def test_markers_are_read_as_written():
    block = "```bash\nprintkit list\nsimulate run x --games 5000\n```"
    text = f"intro\n{MARKER}\n{block}\n\n```bash\nnot run\n```\n"
    assert marked_blocks(text) == [(2, "printkit list\nsimulate run x --games 5000")]
    assert capped("simulate compare x --variant a --variant b") == (
        f"simulate compare x --variant a --variant b --budget {MAX_BUDGET}"
    )
    assert capped("simulate run x --games 5000 --budget=12000 --games 7") == (
        f"simulate run x --games {MAX_GAMES} --budget {MAX_BUDGET} --games 7"
    )
    with pytest.raises(ValueError, match="just before"):
        marked_blocks(f"{MARKER}\nprintkit list\n")
    with pytest.raises(ValueError, match="never closed"):
        marked_blocks(f"{MARKER}\n```bash\nprintkit list\n")
