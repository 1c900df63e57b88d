"""`simulate`'s entry point: Ctrl-C is one line even while its modules are imported (`printkit.entry`)."""

from __future__ import annotations

from printkit.entry import launch


def main() -> None:
    launch("simulate", "simulate.cli")
