"""MkDocs hooks: the pages the site builds from the code itself, so they cannot drift from it.

`reference/data-file.md` is `printkit.datafile.reference.render()`, written at build
time from `printkit/datafile/schema.py` and the rule sets; `reference/engine-interface.md`
is `simulate.engines.reference.render()`, from `simulate/engines/base.py`;
`reference/summary-json.md` is `simulate.report.summary_fields.render()`, from the
fields a run's summary.json holds, each documented where it is declared (none stored in docs/).
"""

from __future__ import annotations

from typing import Any

from mkdocs.structure.files import File, Files

from printkit.datafile import reference as data_file
from simulate.engines import reference as engine_interface
from simulate.report import summary_fields

PAGES = {
    "reference/data-file.md": data_file.render,
    "reference/engine-interface.md": engine_interface.render,
    "reference/summary-json.md": summary_fields.render,
}


def on_files(files: Files, config: Any) -> Files:
    for path, render in PAGES.items():
        files.append(File.generated(config, path, content=render()))
    return files
