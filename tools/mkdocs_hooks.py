"""MkDocs hooks: the pages the site builds from the code itself, so they cannot drift from it.

`reference/data-file.md` is `printkit.datafile.reference.render()`, written at build
time from `printkit/datafile/schema.py` and the rule sets (never stored in docs/).
"""

from __future__ import annotations

from typing import Any

from mkdocs.structure.files import File, Files

from printkit.datafile.reference import render

REFERENCE = "reference/data-file.md"


def on_files(files: Files, config: Any) -> Files:
    files.append(File.generated(config, REFERENCE, content=render()))
    return files
