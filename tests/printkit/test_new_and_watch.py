"""`printkit new` writes a game that builds at once; `--watch` rebuilds on an edit; no engine: one line."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest


def test_a_new_game_builds_at_once(tmp_path, run_tool):
    code, out, err = run_tool("printkit", "new", "my_cards", "--out", str(tmp_path))
    assert code == 0, err
    folder = tmp_path / "my_cards"
    assert sorted(p.name for p in folder.iterdir()) == ["cards.csv", "layouts.toml", "my_cards.toml"]
    code, out, err = run_tool(
        "printkit", "build", str(folder / "my_cards.toml"), "--out", str(tmp_path / "o")
    )
    assert code == 0, err
    assert (tmp_path / "o" / "my_cards.pdf").is_file() and "card       card           13" in out


@pytest.mark.parametrize("name,message", [("my_cards", "exists already"), ("My Cards", "is not a game name")])
def test_new_refuses_a_folder_that_exists_or_a_bad_name(tmp_path, run_tool, name, message):
    (tmp_path / "my_cards").mkdir()
    code, _, err = run_tool("printkit", "new", name, "--out", str(tmp_path))
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_simulate_says_in_one_line_that_a_printed_game_has_no_engine(tmp_path, run_tool):
    run_tool("printkit", "new", "my_cards", "--out", str(tmp_path))
    data = str(tmp_path / "my_cards" / "my_cards.toml")
    out = ["--out", str(tmp_path / "o")]
    for command in (
        ["run", data, "--games", "5", *out],
        ["compare", data, "--variant", "default", "--variant", "default", *out],
        ["bench", data],
    ):
        code, _, err = run_tool("simulate", *command)
        assert code == 2, (command, err)
        assert err.strip().splitlines() == [
            f"error: {data}: My Cards has no rules engine, so it prints but cannot be simulated; "
            "README.md's section 'Add a game' tells how to add one"
        ]
    assert not (tmp_path / "o").exists()


def _wait_for(log: Path, text: str, count: int, seconds: float) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seen = log.read_text(encoding="utf-8") if log.exists() else ""
        if seen.count(text) >= count:
            return seen
        time.sleep(0.1)
    raise AssertionError(f"{text!r} not seen {count} times within {seconds} s:\n{seen}")


def test_watch_builds_again_when_the_csv_changes_and_survives_a_bad_edit(tmp_path, run_tool):
    run_tool("printkit", "new", "my_cards", "--out", str(tmp_path))
    folder = tmp_path / "my_cards"
    log = tmp_path / "watch.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-c", "from printkit.cli import main; main()", "build"]
    command += [str(folder / "my_cards.toml"), "--watch", "--out", str(tmp_path / "out")]
    with log.open("w", encoding="utf-8") as sink:
        proc = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT, env=env)
    try:
        _wait_for(log, "watching", 1, 60)
        cards = folder / "cards.csv"
        cards.write_text(cards.read_text(encoding="utf-8").replace(",4\n", ",9\n", 1), encoding="utf-8")
        seen = _wait_for(log, "card       card           18", 1, 30)  # 4 Sparks became 9
        cards.write_text(cards.read_text(encoding="utf-8").replace(":gem:", ":gems:", 1), encoding="utf-8")
        seen = _wait_for(log, "unknown icon 'gems'", 1, 30)
        assert proc.poll() is None  # still watching after the bad edit
        (tmp_path / "out" / "notes.csv").write_text("ignored", encoding="utf-8")  # the output folder's own
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert "Traceback" not in seen and seen.count("building again") == 2
