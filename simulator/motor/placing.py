"""A placement's noise from a MotorHand (hand model 2; docs/physics.md "The hand model").

A placement is two aimed movements: the travel, ``travel_cm`` across from where the
hand picks the piece up to above its target, and the lowering, ``drop_cm`` down onto
what lies below. Each takes the hand's Fitts time, ``hurry`` times faster than its own
pace; the travel's endpoint spread follows from its speed (MotorHand.endpoint_sd) and
the angle error from that spread; physiological tremor acts the whole time the piece is
held (the physics adds simulator.motor.tremor.Tremor.at to the hand's target each step).

Letting go adds no jolt of its own: the piece leaves the fingers with the tremor's own
motion, which the physics already gives it (the grip makes it follow the hand).

Every draw consumes the stream the same way whatever the hand and the distances: two
Gaussians (position, angle) and one 64-bit word (the tremor's seed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.chance import Chance
from simulator.motor.model import MotorHand
from simulator.motor.tremor import Tremor

# The lowering's target width (cm): a piece set down onto what lies below it comes to
# rest within about a millimetre either way of where the hand meant. House assumption:
# no published placing study measures it for blocks this size (docs/physics.md).
LOWER_WIDTH_CM = 0.2
# The hand's speeds stay within what a scenario file accepts (simulator/scenario/ranges.py
# HAND: 0.5 to 200 cm/s): a reach of a few millimetres still moves, and no hurry moves
# the hand faster than the physics can follow a piece at this world's step.
SLOWEST_CM_S = 0.5
FASTEST_CM_S = 200.0
# The most a player hurries under a clock: twice its own pace (docs/bots.md, "Hurry").
MOST_HURRY = 2.0
# A tremor seed fits a TOML integer (31 bits, a signed 64-bit file integer either way).
SEED_BITS = 31


@dataclass(frozen=True)
class Placing:
    """One placement's drawn noise and speeds, as the action records them."""

    dx: float  # cm, along the travel
    angle: float  # degrees
    travel_speed: float  # cm/s across
    lower_speed: float  # cm/s down
    tremor: tuple[float, float, float, int]  # rms cm, centre Hz, half-band Hz, seed
    travel_s: float  # the modelled durations (s), for clocks and reports
    lower_s: float


def _speed(distance_cm: float, seconds: float) -> float:
    return min(FASTEST_CM_S, max(SLOWEST_CM_S, distance_cm / seconds))


def lower_time(hand: MotorHand, drop_cm: float, hurry: float = 1.0) -> float:
    """Seconds the hand takes to lower a piece ``drop_cm`` onto what lies below."""
    own = hand.movement_time(max(drop_cm, 0.0), LOWER_WIDTH_CM)
    return max(hand.min_seconds, own / hurry)


def placing(
    hand: MotorHand, chance: Chance, travel_cm: float, drop_cm: float, hurry: float = 1.0
) -> Placing:
    """One placement by ``hand`` reaching ``travel_cm`` across and ``drop_cm`` down,
    ``hurry`` times faster than its own pace (ValueError: a hurry outside 0.1 to 10)."""
    g_position, g_angle = chance.gauss(), chance.gauss()
    seed = chance.next_u64() >> (64 - SEED_BITS)
    travel_s = hand.own_time(travel_cm, hurry)
    lower_s = lower_time(hand, drop_cm, hurry)
    sd = hand.endpoint_sd(travel_cm, travel_s)
    return Placing(
        dx=round(g_position * sd, 4),
        angle=round(g_angle * hand.angle_sd_per_cm * sd, 4),
        travel_speed=round(_speed(travel_cm, travel_s), 3),
        lower_speed=round(_speed(drop_cm, lower_s), 3),
        tremor=(
            round(hand.tremor_rms_cm, 5),
            round(hand.tremor_hz, 4),
            round(hand.tremor_band_hz, 4),
            seed,
        ),
        travel_s=travel_s,
        lower_s=lower_s,
    )


def tremor_of(recorded: Sequence[float] | None) -> Tremor | None:
    """The tremor an action records as [rms cm, Hz, half-band Hz, seed] (None: none)."""
    if recorded is None:
        return None
    rms, hz, band, seed = recorded
    return Tremor.of(float(rms), float(hz), float(band), int(seed))


def clock_hurry(
    hand: MotorHand,
    seconds_left: float,
    moves_left: int,
    fixed_s: float,
    reach: tuple[float, float],
    least: float = 1.0,
) -> float:
    """How much faster than its own pace a player moves its hand to make ``moves_left``
    hand moves in ``seconds_left``, when the rest of the game also costs ``fixed_s``
    seconds the hand cannot shorten (thinking, the tower settling): the hand time the
    moves need at the hand's own pace over the hand time left, from ``least`` (its pace
    without a clock) to MOST_HURRY; MOST_HURRY when no time is left for the hand."""
    if moves_left <= 0:
        return least
    across, down = reach
    own = hand.own_time(across) + lower_time(hand, down)
    spare = seconds_left - fixed_s
    if spare <= 0.0:
        return MOST_HURRY
    return min(MOST_HURRY, max(least, moves_left * own / spare))
