"""The simulated hand's settings, from assets/physics/hand.toml.

Apart from ``simulator.physics.hand`` so a profile can hold them without importing the
world (the hand module imports the world, the world the profile)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.assets import load_asset

HAND_FILE = "physics/hand.toml"
# What a scenario file that names no grip means: the grip every file was made with
# before grips had versions, so it replays as it always did.
FILE_GRIP = 1
# What a file that names no hand model means: the invented profiles every file was made
# with before hand models had versions (docs/physics.md, "The hand model").
FILE_HAND_MODEL = 1


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
    # docs/physics.md, "The grip": cm the finger pads give before they slide along the
    # piece, and cm they slide along it before they slide off (inf: never).
    give: float
    slip: float


def _table() -> dict[str, Any]:
    return load_asset(HAND_FILE)


def new_games_grip() -> int:
    """The grip new games use (and record in their [physics])."""
    return int(_table()["new_games_grip"])


def grip_versions() -> list[int]:
    return sorted(int(key) for key in _table()["grip"])


def new_games_hand_model() -> int:
    """The hand model new games use (and record in their [physics])."""
    return int(_table()["new_games_hand_model"])


def hand_model_versions() -> list[int]:
    return sorted(int(key) for key in _table()["hand_model"])


@cache
def hand_settings(grip: int | None = None) -> HandSettings:
    """The settings the assets define for ``grip`` (None: the grip of new games)."""
    table = _table()
    version = new_games_grip() if grip is None else grip
    grips = table["grip"]
    if str(version) not in grips:
        known = ", ".join(str(v) for v in grip_versions())
        raise ValueError(f"unknown grip {version!r} (known: {known})")
    versions = ("grip", "new_games_grip", "hand_model", "new_games_hand_model")
    shared = {k: float(v) for k, v in table.items() if k not in versions}
    # A grip's table overrides the shared values it names (its force, its torque, ...).
    own = {k: float(v) for k, v in grips[str(version)].items() if k != "description"}
    return HandSettings(**{**shared, **own})
