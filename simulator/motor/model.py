"""One hand as the motor-control literature describes it (docs/hand.md, assets/hand/).

- Movement time by Fitts' law, Shannon form: MT = a + b * log2(D / W + 1).
- Endpoint spread by the same law read backwards (the constant-throughput route of
  MacKenzie and Isokoski 2008 and Wobbrock et al. 2008): a movement of D cm made in
  MT seconds has an effective width We = D / (2 ** ((MT - a) / b) - 1), and its
  endpoints spread with SD We / 4.133 (We covers 96 % of a normal spread, MacKenzie
  1992). At its own pace (aiming at W) a hand's SD is W / 4.133; hurried, it grows.
- Physiological tremor: a band-limited signal of given RMS around ``tremor_hz``,
  acting the whole time a piece is held (simulator.motor.tremor).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# We = 4.133 x SD: the width that 96 % of a normal spread of endpoints falls in
# (MacKenzie 1992, section 3.4; ISO 9241-9 Annex B).
EFFECTIVE_WIDTH_SDS = 4.133
# How much faster (or, below 1, slower) than its own pace a hand may be asked to move.
HURRY_RANGE = (0.1, 10.0)


def check_hurry(hurry: float) -> float:
    """``hurry`` if it is within HURRY_RANGE; ValueError (one sentence) if not."""
    low, high = HURRY_RANGE
    number = isinstance(hurry, int | float) and not isinstance(hurry, bool)
    if not (number and low <= hurry <= high):
        raise ValueError(f"hurry must be a number from {low:g} to {high:g}, not {hurry!r}")
    return float(hurry)


@dataclass(frozen=True)
class MotorHand:
    """A hand's parameters (seconds, cm, Hz); see docs/hand.md for each one's source."""

    name: str
    a_s: float  # Fitts intercept
    b_s_per_bit: float  # Fitts slope
    tremor_rms_cm: float  # physiological tremor while holding, RMS per axis
    tremor_hz: float  # its centre frequency
    tremor_band_hz: float  # its half-bandwidth
    aim_width_cm: float  # the tolerance the hand aims at when it takes its own time
    min_bits: float  # the least effective index a hurried movement falls to (a cap)
    angle_sd_per_cm: float  # degrees of angle error per cm of position SD
    min_seconds: float  # the shortest movement the hand makes
    text: str = ""

    def movement_time(self, distance_cm: float, width_cm: float) -> float:
        """Fitts' law, Shannon form (never below ``min_seconds``)."""
        bits = math.log2(max(distance_cm, 0.0) / width_cm + 1.0)
        return max(self.min_seconds, self.a_s + self.b_s_per_bit * bits)

    def paced_time(self, distance_cm: float, width_cm: float, hurry: float = 1.0) -> float:
        """How long the hand takes to move ``distance_cm`` onto a target ``width_cm`` wide,
        ``hurry`` times faster than its own pace (hurry < 1: more careful than its own
        pace); never below ``min_seconds``."""
        pace = check_hurry(hurry)
        return max(self.min_seconds, self.movement_time(distance_cm, width_cm) / pace)

    def own_time(self, distance_cm: float, hurry: float = 1.0) -> float:
        """How long the hand takes to move ``distance_cm`` onto its aim width, ``hurry``
        times faster than its own pace."""
        return self.paced_time(distance_cm, self.aim_width_cm, hurry)

    def effective_bits(self, seconds: float) -> float:
        """The index of difficulty a movement of ``seconds`` achieves (Fitts backwards),
        never below ``min_bits``."""
        return max(self.min_bits, (seconds - self.a_s) / self.b_s_per_bit)

    def endpoint_sd(self, distance_cm: float, seconds: float) -> float:
        """SD (cm) of where a movement of ``distance_cm`` made in ``seconds`` ends, along
        its axis: We / 4.133 with We from the achieved index. A movement that goes
        nowhere ends where it started (0)."""
        if distance_cm <= 0.0:
            return 0.0
        effective_width = distance_cm / (2.0 ** self.effective_bits(seconds) - 1.0)
        return effective_width / EFFECTIVE_WIDTH_SDS

    def throughput(self, bits: float) -> float:
        """Bits per second at index ``bits`` when the hand hits its targets (We = W)."""
        return bits / (self.a_s + self.b_s_per_bit * bits)
