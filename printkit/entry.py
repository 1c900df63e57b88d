"""The console scripts' first code: Ctrl-C and a kill are one line from the first moment.

`printkit` and `simulate` import their modules (click, reportlab, the engines:
a quarter to half a second, more on a loaded machine) before `errors.run_cli`
installs its handlers; a Ctrl-C meanwhile would print Python's
KeyboardInterrupt traceback. Nothing is written before then, so the handler
here only says so and exits.
"""

from __future__ import annotations

import importlib
import signal
import sys
from typing import Any


def launch(prog: str, module: str) -> None:
    """Import `module` with Ctrl-C and SIGTERM as one line and exit status 130, then run its `main`."""

    def stop(signum: int, frame: Any) -> None:
        sys.stderr.write(f"{prog}: interrupted\n")
        raise SystemExit(130)

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, stop)
    importlib.import_module(module).main()


def main() -> None:
    """`printkit`'s entry point (`simulate.entry` is simulate's)."""
    launch("printkit", "printkit.cli")
