"""The simulated hand's settings, from assets/physics/hand.toml.

Apart from ``simulator.physics.hand`` so a profile can hold them without importing the
world (the hand module imports the world, the world the profile)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.assets import load_asset


@dataclass(frozen=True)
class HandSettings:
    grip_force: float
    grip_torque: float
    grip_speed: float
    travel_speed: float
    turn_speed: float  # degrees/s
    lower_speed: float
    safe_clearance: float
    approach_clearance: float


@cache
def hand_settings() -> HandSettings:
    """The settings the assets define (every profile's default)."""
    return HandSettings(**{k: float(v) for k, v in load_asset("physics/hand.toml").items()})
