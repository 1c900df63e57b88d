"""Bit tricks for the compiled cores: counting and finding the set bits of an int64 mask, without loops."""

from __future__ import annotations

from simulate.fast.jit import leaf


@leaf
def popcount(x):
    """Set bits of a non-negative int64 of at most 55 bits (the top byte of the product cannot overflow)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@leaf
def low_index(mask):
    """The index of the lowest set bit of a non-zero mask."""
    return popcount((mask & -mask) - 1)


@leaf
def high_index(mask):
    """The index of the highest set bit of a non-zero mask of at most 32 bits."""
    mask |= mask >> 1
    mask |= mask >> 2
    mask |= mask >> 4
    mask |= mask >> 8
    mask |= mask >> 16
    return popcount(mask) - 1
