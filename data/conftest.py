"""The game folders' own tests share the fixtures of `tests/`: the plotting backend and figures closed
after each test, `run_tool`, and the readers of drawn PDF pages."""

from tests.conftest import close_figures, run_tool  # noqa: F401  (pytest finds fixtures by name here)
from tests.printkit.conftest import recorded, shapes_of, texts_of  # noqa: F401
