"""Small array moves for compiled cores, as plain loops.

numba compiles `a[:] = b` and `a[i:j] = v` through its general broadcasting
assignment, about 70 ns for a state of 80 numbers where a loop takes 8: these
run for every move of every playout.
"""

from __future__ import annotations

from simulate.fast.jit import leaf


@leaf
def copy_into(src, dst):
    """dst[:src.size] = src."""
    for k in range(src.size):
        dst[k] = src[k]


@leaf
def fill(dst, start, stop, value):
    """dst[start:stop] = value."""
    for k in range(start, stop):
        dst[k] = value
