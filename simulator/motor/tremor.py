"""Physiological tremor as a band-limited signal, the same at any time for a seed.

A sum of ``PARTIALS`` sinusoids whose frequencies are drawn evenly across the band
(centre +- half-bandwidth) and whose phases are drawn at random, scaled so the signal's
RMS is the hand's: a stationary narrow-band process whose spectrum peaks in the band
(docs/hand.md, "Tremor"). Closed form in t, so the physics evaluates it at each step
without state, and a replay needs only the seed, the RMS and the band (recorded in the
placement action)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from rules.chance import Chance

PARTIALS = 8  # enough for a smooth band; each costs one sine per axis per step


@dataclass(frozen=True)
class Tremor:
    """The tremor of one held piece: x and y, each ``rms_cm`` RMS."""

    rms_cm: float
    hz: float
    band_hz: float
    seed: int
    partials: tuple[tuple[float, float, float, float], ...] = ()  # (freq, phase x, phase y, amp)
    # Each partial with its angular frequency 2 pi freq worked out once (the same float:
    # ``at`` multiplies left to right as the formula reads): ``at`` runs every step.
    _terms: tuple[tuple[float, float, float, float], ...] = field(
        init=False, repr=False, compare=False, default=()
    )

    def __post_init__(self) -> None:
        terms = tuple((2.0 * math.pi * f, px, py, a) for f, px, py, a in self.partials)
        object.__setattr__(self, "_terms", terms)

    @classmethod
    def of(cls, rms_cm: float, hz: float, band_hz: float, seed: int) -> Tremor:
        chance = Chance.from_seed(seed)
        amplitude = rms_cm * math.sqrt(2.0 / PARTIALS)  # each partial's RMS is amp / sqrt 2
        partials = []
        for k in range(PARTIALS):
            # one frequency in each of PARTIALS equal slices of the band, placed at random
            low = hz - band_hz + 2.0 * band_hz * k / PARTIALS
            freq = low + 2.0 * band_hz / PARTIALS * chance.uniform()
            phase_x, phase_y = 2 * math.pi * chance.uniform(), 2 * math.pi * chance.uniform()
            partials.append((freq, phase_x, phase_y, amplitude))
        return cls(rms_cm, hz, band_hz, seed, tuple(partials))

    def at(self, seconds: float) -> tuple[float, float]:
        """The tremor's offset (cm) ``seconds`` after the piece was picked up."""
        x = y = 0.0
        sin = math.sin
        for omega, phase_x, phase_y, amplitude in self._terms:
            w = omega * seconds
            x += amplitude * sin(w + phase_x)
            y += amplitude * sin(w + phase_y)
        return x, y
