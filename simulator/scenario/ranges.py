"""The one home of every numeric range a scenario file may use (docs/scenario-format.md).

A value outside its range is refused when the file is read, with the key, the line and
the range, so no number can make a replay run for hours or overflow the physics. The
ranges are generous: every shipped scenario, recording and save lies well inside them.
"""

from __future__ import annotations

from dataclasses import dataclass

from simulator.physics.hand import MAX_RESEATS
from simulator.physics.hand_settings import grip_versions, hand_model_versions
from simulator.physics.rest_settings import rest_versions
from simulator.physics.world import World

# The world's play area: where anything may be put or carried, in cm.
_LEFT, _BOTTOM, _RIGHT, _TOP = World.play_area
AREA_X = (_LEFT, _RIGHT)
AREA_Y = (_BOTTOM, _TOP)


@dataclass(frozen=True)
class Range:
    minimum: float
    maximum: float
    unit: str = ""
    why: str = ""
    integer: bool = False

    def clamp(self, value: float) -> float:
        """``value`` brought within the range."""
        return min(max(value, self.minimum), self.maximum)

    def describe(self) -> str:
        """``from 0 to 3 quarter turns``: the range as a message and the docs give it."""
        unit = f" {self.unit}" if self.unit else ""
        return f"from {_number(self.minimum)} to {_number(self.maximum)}{unit}"


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


# -- [physics] (simulator/physics/profile.py OVERRIDABLE) ---------------------------------
GRIPS = grip_versions()
RESTS = rest_versions()
HAND_MODELS = hand_model_versions()
PHYSICS: dict[str, Range] = {
    "dt": Range(1e-4, 0.1, "s", "finer takes hours; coarser lets pieces pass through"),
    "iterations": Range(1, 1000, "", "solver passes a step; more only costs time", True),
    "collision_slop": Range(0.0, 0.5, "cm", "overlap allowed before pushing apart"),
    "collision_bias": Range(0.0, 1.0, "", "fraction of overlap left after a second"),
    "gravity": Range(1.0, 10_000.0, "cm/s²", "981 is Earth's; about 10 g at most"),
    "damping": Range(0.0, 1.0, "", "fraction of velocity kept a second"),
    "sleep_time_threshold": Range(0.0, 600.0, "s", "idle time before a body sleeps"),
    "idle_speed_threshold": Range(0.0, 100.0, "cm/s", "under it a body counts as idle"),
    "load_time": Range(0.0, 10.0, "s", "time resting bodies take to take up their weight"),
    "grip": Range(min(GRIPS), max(GRIPS), "", "a grip of assets/physics/hand.toml", True),
    "rest": Range(min(RESTS), max(RESTS), "", "a rest of assets/physics/profiles.toml", True),
    "hand_model": Range(
        min(HAND_MODELS), max(HAND_MODELS), "", "a hand model of assets/physics/hand.toml", True
    ),
}

# -- the shared header ---------------------------------------------------------------------
SEED = Range(0, 2**64 - 1, "", "a 64-bit seed", True)

# -- sandbox ---------------------------------------------------------------------------------
SANDBOX: dict[str, Range] = {
    "x": Range(*AREA_X, "cm", "inside the play area"),
    "y": Range(*AREA_Y, "cm", "inside the play area"),
    "angle": Range(-360.0, 360.0, "degrees", "one full turn either way"),
    "size": Range(0.1, 400.0, "cm", "a box's width or height"),
    "density": Range(0.001, 1000.0, "g/cm²", "wood is 0.5, steel 6.4"),
    "friction": Range(0.0, 10.0, "", "1 is rubber on wood"),
    "elasticity": Range(0.0, 1.0, "", "1 bounces back without loss"),
    "lower_speed": Range(0.5, 200.0, "cm/s", "the hand lowers at 8 by default"),
    "seconds": Range(0.01, 600.0, "s", "ten minutes of simulated time at most"),
    "tolerance": Range(0.001, 400.0, "cm", "how far a body may move and count as still"),
    "rotation_tolerance": Range(0.001, 360.0, "degrees", "how far a body may turn"),
}

# -- game actions (LOTS and Crazy Tower share the hand's keys) -----------------------------
HAND: dict[str, Range] = {
    "lower_speed": SANDBOX["lower_speed"],
    "travel_height": Range(*AREA_Y, "cm", "the height the hand carries the piece at"),
    "nudge": Range(-50.0, 50.0, "cm", "a slip of the hand, sideways"),
    "angle_error": Range(-180.0, 180.0, "degrees", "a slip of the wrist"),
    "release_vx": Range(-1000.0, 1000.0, "cm/s", "a jolt on letting go"),
    "release_vy": Range(-1000.0, 1000.0, "cm/s", "a jolt on letting go"),
    "travel_speed": Range(0.5, 200.0, "cm/s", "the hand's speed across (hand model 2)"),
}
# A placement's tremor (hand model 2): [rms_cm, hz, band_hz, seed], in that order.
TREMOR: dict[str, Range] = {
    "rms_cm": Range(0.0, 1.0, "cm", "physiological tremor is a tenth of a millimetre"),
    "hz": Range(0.5, 50.0, "Hz", "physiological tremor is 8 to 12 Hz"),
    "band_hz": Range(0.0, 10.0, "Hz", "half the band its partials fill"),
    "seed": Range(0, 2**31 - 1, "", "a 31-bit seed", True),
}
# A live move's path rows: [steps, x, y, angle degrees, ...], and their length in all.
MAX_PATH_SECONDS = 3600.0  # an hour of holding one piece: a broken file, not a move
PATH: dict[str, Range] = {
    "x": SANDBOX["x"],
    "y": SANDBOX["y"],
    "angle": Range(-36_000.0, 36_000.0, "degrees", "a hundred turns of the wrist"),
}

LOTS: dict[str, Range] = {
    "col": Range(0, 99, "", "a column of the lot (the rules refuse one off it)", True),
    "cube_col": Range(0, 99, "", "a column of the lot (the rules refuse one off it)", True),
    "turns": Range(0, 3, "quarter turns", "counter-clockwise", True),
    "feel": Range(0, MAX_RESEATS, "", "times the hand may let a caught piece down", True),
}

CRAZY_TOWER: dict[str, Range] = {
    "at": Range(-100.0, 100.0, "cm", "along the card (the rules refuse one off it)"),
    "offset": Range(-100.0, 100.0, "cm", "from the tower's top (the rules refuse it off)"),
    "elapsed": Range(0.0, 3600.0, "s", "thinking time the clock charged"),
    "think_seconds": Range(0.0, 3600.0, "s", "headless thinking time per action"),
    "challenge": Range(1, 99, "", "a solo challenge's number", True),
    "colour_count": Range(1, 99, "", "colours each player plays", True),
}

FILLED_IN: dict[str, Range] = {
    "die": Range(0, 99, "", "a die of the pool, from 0", True),
    "swap": Range(0, 1, "", "one of your two dice", True),
}


def moves(most: int) -> Range:
    """A ``computer`` action's decisions: at most ``most``, so it always ends."""
    return Range(1, most, "decisions", "the computer plays at most that many", True)
