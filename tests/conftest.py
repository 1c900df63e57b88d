"""Shared test settings: a non-interactive plotting backend, figures closed after each test, and a fixture
that runs the tools."""

import os
import sys

import pytest

# registers the shipped game folders as `printkit_games.<name>`, so that a game folder's test that imports
# its modules so (data/<game>/tests) runs alone too, not only after a test that loaded a game
import printkit.datafile.games  # noqa: F401

os.environ.setdefault("MPLBACKEND", "Agg")


@pytest.fixture(autouse=True)
def close_figures():
    """Close what a test left open, so figures do not pile up over the session (pyplot keeps them)."""
    yield
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        pyplot.close("all")


@pytest.fixture
def run_tool(monkeypatch, capsys):
    """Run `printkit ...` or `simulate ...` as a shell would: returns (exit status, stdout, stderr)."""
    from printkit.cli import main as printkit_main
    from simulate.cli import main as simulate_main

    mains = {"printkit": printkit_main, "simulate": simulate_main}

    def run(tool: str, *args: str) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "argv", [tool, *args])
        try:
            mains[tool]()
            code = 0
        except SystemExit as exc:
            code = exc.code
        out, err = capsys.readouterr()
        return code, out, err

    return run
