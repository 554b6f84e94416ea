"""Seeded chance kept inside a game state.

A game is its setup, its seed and its move log (docs/architecture.md), so the generator's whole
state is one integer that serialises with the rest of the state. SplitMix64 is small,
well studied and gives the same stream on every platform and Python version, which
``random.Random`` does not promise for its derived methods.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


@dataclass
class Chance:
    """A SplitMix64 stream. Mutating methods advance ``state`` in place."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Chance:
        return cls(seed & _MASK)

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def uniform(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def gauss(self) -> float:
        """A standard normal draw (Box-Muller; two uniforms per call, no cached spare)."""
        u1 = 1.0 - self.uniform()  # (0, 1], so log is finite
        u2 = self.uniform()
        return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffle of a copy of ``items``."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def fork(self, salt: int) -> Chance:
        """An independent stream derived from this one without advancing it."""
        return Chance.from_seed(self.state ^ ((salt * 0xD1B54A32D192ED03) & _MASK))
