"""The errors the command-line tools turn into a single line: bad input (exit status 2) and a fault (1)."""

from __future__ import annotations

import errno
import signal
import sys
from typing import Any

import click


class DataError(Exception):
    """Bad input from a person: a data file, an option, a path or a player count.

    The message is the whole line shown to the user, so it names the file, the
    key path, the bad value and what was expected.
    """


class Fault(Exception):
    """Something broke that is not the input (a game's engine raised): one line, exit status 1.

    As with `DataError`, the message is the whole line: what broke, where, what
    was kept, and the command that shows it again.
    """


FULL = (errno.ENOSPC, errno.EDQUOT)  # a write failed for want of room: the disk or the user's quota is full


class Interrupted(BaseException):
    """Ctrl-C or a kill (SIGTERM): raised in place of click's own handling, which prints more lines."""


def _interrupt(signum: int, frame: Any) -> None:
    raise Interrupted


def run_cli(command: click.Command, prog_name: str | None = None) -> None:
    """Run a click command; a `DataError` or a usage error becomes one `error: ...` line, exit status 2,
    and a `Fault` one such line with exit status 1.

    Ctrl-C and a kill (SIGTERM) unwind like an error, so half-written files
    are removed, and end with one line and exit status 130.
    """
    before = {sig: signal.signal(sig, _interrupt) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        _run(command, prog_name)
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)


def _run(command: click.Command, prog_name: str | None) -> None:
    try:
        command.main(prog_name=prog_name, standalone_mode=False)
    except Interrupted:
        click.echo(f"{prog_name or 'stopped'}: interrupted; files already finished are kept", err=True)
        sys.exit(130)
    except DataError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except Fault as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    except OSError as exc:
        if exc.errno not in FULL:
            raise
        click.echo(
            f"error: cannot write {exc.filename or 'a file'}: {exc.strerror}; free some space and run "
            f"the command again (a simulate run resumes where it stopped)",
            err=True,
        )
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
