"""Shared test settings: engines run with their invariant checks on."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")
