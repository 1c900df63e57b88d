"""The runner's observer (`simulate.engines.observer.LeadRecord`) in compiled code, fed position by position.

`LeadRecord` keeps the scores after each move that may have moved them and
scans them once the winner is known. Here each position is folded in as it
comes (`see`): the leader and where its run began, lead changes, and for
every side the most it ever trailed the leading side by, so the winner's
drama can be read off at the end (`columns`). The figures are those of
`LeadRecord.columns`, float for float; the conformance test compares rows.

A record is a float64 array (`new_record`): its header, then per side its last
total and the most it trailed by.
"""

from __future__ import annotations

import math

import numpy as np

from simulate.fast.jit import leaf

LEADER, RUN_FROM, SOLE, CHANGES, LAST_MOVES, SEEN = range(6)
HEAD = 6


def new_record(sides: int) -> np.ndarray:
    return np.zeros(HEAD + 2 * sides, dtype=np.float64)


@leaf
def start(record, sides):
    for k in range(record.size):
        record[k] = 0.0
    record[LEADER] = -2.0
    record[SOLE] = -1.0


@leaf
def see(record, moves, totals, sides):
    """Fold in the side totals after `moves` moves."""
    record[LAST_MOVES] = moves
    if record[SEEN] > 0:
        same = True
        for side in range(sides):
            if totals[side] != record[HEAD + side]:
                same = False
                break
        if same:
            return
    record[SEEN] = 1.0
    top = totals[0]
    at = 0
    count = 1
    for side in range(1, sides):
        if totals[side] > top:
            top = totals[side]
            at = side
            count = 1
        elif totals[side] == top:
            count += 1
    leader = at if count == 1 else -1
    if leader != record[LEADER]:
        record[LEADER] = leader
        record[RUN_FROM] = moves
        if leader >= 0:
            if record[SOLE] >= 0 and leader != record[SOLE]:
                record[CHANGES] += 1.0
            record[SOLE] = leader
    for side in range(sides):
        record[HEAD + side] = totals[side]
        behind = top - totals[side]
        if behind > record[HEAD + sides + side]:
            record[HEAD + sides + side] = behind


@leaf
def columns(record, sides, winner, ranked, capped, out):
    """capped, lead_changes, decisive_at, drama, spread into `out[0:5]`; `winner` the winning side."""
    out[0] = 1.0 if capped else 0.0
    out[1] = record[CHANGES]
    hi = record[HEAD]
    lo = record[HEAD]
    for side in range(1, sides):
        hi = max(hi, record[HEAD + side])
        lo = min(lo, record[HEAD + side])
    out[4] = hi - lo
    out[2] = math.nan
    out[3] = math.nan
    if ranked:
        moves = record[LAST_MOVES]
        took = record[RUN_FROM] if record[LEADER] == winner else moves + 1
        out[2] = min(took, moves) / moves if moves else 0.0
        out[3] = record[HEAD + sides + winner]
