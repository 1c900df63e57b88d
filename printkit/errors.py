"""The one error type the command-line tools turn into a single line and exit status 2."""

from __future__ import annotations

import sys

import click


class DataError(Exception):
    """Bad input from a person: a data file, an option, a path or a player count.

    The message is the whole line shown to the user, so it names the file, the
    key path, the bad value and what was expected.
    """


def run_cli(command: click.Command, prog_name: str | None = None) -> None:
    """Run a click command; a `DataError` or a usage error becomes one `error: ...` line, exit status 2."""
    try:
        command.main(prog_name=prog_name, standalone_mode=False)
    except DataError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except click.UsageError as exc:
        where = exc.ctx.command_path if exc.ctx else prog_name
        click.echo(f"error: {exc.format_message()} (see {where} --help)", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
