"""Every command's help, walked from the click command tree so a new command or option is covered unasked.

It fails on an option with no help line, a help text that prints an empty list
("Games' own: this_town: ;"), an option whose help sends the reader to the
command they are already reading ("see printkit calibrate" in calibrate's own
help), and a command with no description.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner

from printkit.cli import cli as printkit_cli
from simulate.cli import cli as simulate_cli

ROOTS = {"printkit": printkit_cli, "simulate": simulate_cli}
# a label or name followed at once by the punctuation that ends its list: "this_town: ;", "options: ."
EMPTY_LIST = re.compile(r"\w: *[;.,)]|\(\s*\)|\[\s*\]|: *$", re.M)


Walked = Iterator[tuple[tuple[str, ...], click.Command]]


def commands(command: click.Command, path: tuple[str, ...]) -> Walked:
    yield path, command
    if isinstance(command, click.Group):
        for name, sub in sorted(command.commands.items()):
            yield from commands(sub, (*path, name))


ALL = [(path, command) for name, root in ROOTS.items() for path, command in commands(root, (name,))]


def _help_text(path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(ROOTS[path[0]], [*path[1:], "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.output


def _options(command: click.Command) -> list[click.Option]:
    return [p for p in command.params if isinstance(p, click.Option) and not p.hidden]


def problems(path: tuple[str, ...], command: click.Command) -> list[str]:
    """What is wrong with one command's help: one line per option or text at fault."""
    own = " ".join(path)
    found = []
    if not (command.help or command.short_help or "").strip():
        found.append(f"{own}: the command has no description")
    ctx = click.Context(command, info_name=path[-1])
    for option in _options(command):
        record = option.get_help_record(ctx)
        name = "/".join(option.opts + option.secondary_opts)
        helped = record[1] if record else ""
        if not (option.help or "").strip():
            found.append(f"{own} {name}: no help line")
        elif own in helped or re.search(rf"\bsee {re.escape(path[-1])}\b", helped):
            found.append(f"{own} {name}: its help points at {own} itself: {helped!r}")
        if EMPTY_LIST.search(helped.replace("[default: ]", "")):
            found.append(f"{own} {name}: an empty list in its help: {helped!r}")
    return found


@pytest.mark.parametrize("path", [path for path, _ in ALL], ids=" ".join)
def test_every_option_has_help_and_no_help_is_empty_or_circular(path):
    command = dict(ALL)[path]
    _help_text(path)  # the help prints (exit 0)
    assert problems(path, command) == []


def test_the_walk_finds_every_command():
    names = {" ".join(path) for path, _ in ALL}
    assert {"printkit build", "printkit calibrate", "simulate compare", "simulate bench"} <= names
    assert len(names) >= 12


def test_the_check_finds_what_it_is_for():
    """The three faults, each in a command built for the purpose (so the test above can fail)."""

    @click.command(help="A command.")
    @click.option("--bare")
    @click.option("--own", help="Explained by (see printkit calibrate).")
    @click.option("--games", help="Games' own: this_town: ; united_square: .")
    def calibrate(bare, own, games):
        """A command."""

    found = problems(("printkit", "calibrate"), calibrate)
    assert [line.split(":")[0] for line in found] == [
        "printkit calibrate --bare",
        "printkit calibrate --own",
        "printkit calibrate --games",
    ]


@pytest.mark.parametrize("tool", sorted(ROOTS))
def test_version(tool):
    result = CliRunner().invoke(ROOTS[tool], ["--version"])
    assert result.exit_code == 0
    assert re.fullmatch(rf"{tool}, version \d+\.\d+\.\d+\S*\n", result.output)
