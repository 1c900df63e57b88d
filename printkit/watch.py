"""`printkit build ... --watch`: build again whenever the data file, a layout, its rows or a picture changes.

For the edit-print-look loop: the folder of the data file is watched (with
its subfolders) through watchdog, a maintained file-watching library, and a
change to a `.toml`, `.csv`, `.xlsx`, `.ods`, `.png`, `.jpg` or `.svg` file
starts a build once the changes have settled for `SETTLE_S` (an editor's
save is often several writes). A build that fails prints its one error line
and the watch goes on, so a half-typed edit does nothing worse; files in the
output folder never start a build. Ctrl-C stops it.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from printkit.errors import DataError, Interrupted

SUFFIXES = (".toml", ".csv", ".xlsx", ".ods", ".png", ".jpg", ".jpeg", ".svg")
SETTLE_S = 0.3


def _relevant(path: str, out_dir: Path) -> bool:
    p = Path(path).resolve()
    if p.suffix.lower() not in SUFFIXES or p.name.startswith((".", "~")):
        return False
    try:
        p.relative_to(out_dir)
        return False  # what the build writes
    except ValueError:
        return True


def watch(
    folder: Path, out_dir: Path, rebuild: Callable[[], Any], echo: Callable[[str], None] = click.echo
) -> None:
    """Run `rebuild` now and after every settled change under `folder`, until interrupted."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    changes: queue.Queue[str] = queue.Queue()
    out = out_dir.resolve()

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event: Any) -> None:
            if event.event_type in ("opened", "closed_no_write") or event.is_directory:
                return
            for path in (event.src_path, getattr(event, "dest_path", "")):
                if path and _relevant(str(path), out):
                    changes.put(str(path))

    def attempt() -> None:
        try:
            rebuild()
        except DataError as exc:
            echo(f"error: {exc}")

    observer = Observer()
    observer.schedule(Handler(), str(folder), recursive=True)
    observer.start()
    try:
        attempt()
        echo(f"watching {folder} for changes (Ctrl-C to stop)")
        while True:
            try:
                changed = changes.get(timeout=0.5)  # a timeout, so that Ctrl-C is seen at once
            except queue.Empty:
                continue
            time.sleep(SETTLE_S)
            while not changes.empty():
                changes.get_nowait()
            echo(f"changed: {Path(changed).name}; building again")
            attempt()
    except (Interrupted, KeyboardInterrupt):
        echo("stopped watching")
    finally:
        observer.stop()
        observer.join(timeout=5)
