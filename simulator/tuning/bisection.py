"""Finding where a case flips from standing to falling, by bisection."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Flip:
    """The flip lies between ``low`` (last value seen standing) and ``high`` (first seen
    falling). ``bracketed`` is False when the range's own ends do not stand and fall:
    then the flip is outside the range and ``value`` is the end it lies beyond."""

    low: float
    high: float
    runs: int
    bracketed: bool

    @property
    def value(self) -> float:
        return (self.low + self.high) / 2


def find_flip(falls: Callable[[float], bool], low: float, high: float, resolution: float) -> Flip:
    """Bisect ``[low, high]`` until the bracket is narrower than ``resolution``.

    Assumes one flip in the range (true for the statics cases near their critical
    value); both ends are run first so a range that misses the flip says so.
    """
    if not low < high or resolution <= 0:
        raise ValueError("need low < high and a positive resolution")
    if falls(low):
        return Flip(low, low, 1, bracketed=False)
    if not falls(high):
        return Flip(high, high, 2, bracketed=False)
    runs = 2
    while high - low > resolution:
        middle = (low + high) / 2
        runs += 1
        if falls(middle):
            high = middle
        else:
            low = middle
    return Flip(low, high, runs, bracketed=True)
