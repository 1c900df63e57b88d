"""One arm of a comparison as the analysis and the report read it: its label, seats, agents, games and
summary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from simulate.analysis.tally import ArmTally


@dataclass
class Arm:
    """One column of a comparison: a variant's games (tally and a sample of rows) and their summary.

    `cols` holds every game up to `tally.RESERVOIR` games and a uniform
    sample beyond; counts and sums over every game come from `tally`.
    """

    label: str
    players: int
    agents: tuple[str, ...]
    cols: dict[str, Any]
    summary: dict[str, Any]
    tally: ArmTally | None = None
    changes: str = ""

    def total(self, name: str) -> float:
        """Sum of a column over every game of the arm."""
        if self.tally is not None:
            return self.tally.total(name)
        return float(np.nansum(self.cols[name]))
