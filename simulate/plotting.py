"""Matplotlib as every report, sweep and ladder figure uses it: drawn off screen, its text taken literally.

Titles, arm names, agent specs and variant docs come from data files and
command lines. Matplotlib would read a `$` in them as the start of its maths
notation, and a title like `Total $\\frac{1}{$` would stop a report after every
game was played; with `text.parse_math` off, a dollar sign is a dollar sign.
Import `plt` from here, never `matplotlib.pyplot` directly.
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams["text.parse_math"] = False
import matplotlib.pyplot as plt  # noqa: E402

__all__ = ["plt"]
