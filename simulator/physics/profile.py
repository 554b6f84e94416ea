"""Physics profiles: the settings a world is built with, from assets/physics.

A profile is the solver's values (profiles.toml) plus the materials table and the hand's
settings (materials.toml, hand.toml unless given): everything the physics reads, so a
world built from a profile needs no global lookup and two profiles can run side by side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, replace
from typing import Any

from rules.assets import load_asset
from simulator.physics.hand_settings import (
    HandSettings,
    hand_model_versions,
    new_games_grip,
    new_games_hand_model,
)
from simulator.physics.hand_settings import hand_settings as asset_hand
from simulator.physics.materials import Materials
from simulator.physics.materials import materials as asset_materials
from simulator.physics.rest_settings import PROFILES_FILE, RestRule, new_games_rest, rest_rule

# Keys a scenario's [physics] table may override (docs/scenario-format.md); their
# ranges are in simulator/scenario/ranges.py.
OVERRIDABLE = (
    "dt",
    "iterations",
    "collision_slop",
    "collision_bias",
    "gravity",
    "damping",
    "sleep_time_threshold",
    "idle_speed_threshold",
    "load_time",
    "grip",  # the hand's grip version (hand.toml), not a solver value
    "rest",  # how the world comes to rest, by version (profiles.toml [rest.N])
    "hand_model",  # how a named hand's noise is drawn, by version (hand.toml [hand_model.N])
)
# Read by the settle loop, not by pymunk: reported, not overridable.
SETTLE_KEYS = ("settle_speed", "settle_hold", "settle_cap")


@dataclass(frozen=True)
class PhysicsProfile:
    name: str
    dt: float
    iterations: int
    collision_slop: float
    collision_bias: float
    gravity: float
    damping: float
    sleep_time_threshold: float
    idle_speed_threshold: float
    settle_speed: float
    settle_hold: float
    settle_cap: float
    # s over which bodies that start a world resting on others take up their weight
    # (World.load_gradually); 0: at once. Profiles from before it have none.
    load_time: float = 0.0
    # Not in profiles.toml: every named profile uses the assets' tables unless given.
    materials: Materials = field(default_factory=asset_materials, repr=False)
    hand: HandSettings = field(default_factory=asset_hand, repr=False)
    grip: int = field(default_factory=new_games_grip)  # the version ``hand`` is the grip of
    rest: int = field(default_factory=new_games_rest)  # the version ``resting`` is the rule of
    # How a named hand's noise is drawn when a player decides (simulator.bots.dexterity):
    # the physics never reads it, the actions record what was drawn.
    hand_model: int = field(default_factory=new_games_hand_model)

    @property
    def resting(self) -> RestRule:
        """How this world comes to rest (docs/physics.md, "Resting")."""
        return rest_rule(self.rest)

    @property
    def hold(self) -> float:
        """Seconds every body must stay quiet for a settle to end."""
        return self.resting.settle_hold or self.settle_hold

    def with_overrides(self, **overrides: Any) -> PhysicsProfile:
        unknown = set(overrides) - {f.name for f in fields(self)}
        if unknown:
            raise KeyError(f"unknown physics setting(s): {', '.join(sorted(unknown))}")
        if "grip" in overrides:  # a grip is a whole set of the hand's settings
            overrides["grip"] = int(overrides["grip"])
            overrides["hand"] = asset_hand(overrides["grip"])
        if "rest" in overrides:
            overrides["rest"] = int(overrides["rest"])
            rest_rule(overrides["rest"])  # ValueError naming the known versions
        if "hand_model" in overrides:
            overrides["hand_model"] = _hand_model(overrides["hand_model"])
        profile = replace(self, **overrides)
        profile.validate()
        return profile

    def validate(self) -> None:
        """Raise ValueError naming the first setting that cannot drive a solver."""
        for name in ("dt", "gravity", "settle_hold", "settle_cap"):
            value = getattr(self, name)
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"{name} must be a positive finite number, not {value!r}")
        if self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations!r}")
        if not 0 <= self.collision_slop < 1:
            raise ValueError(f"collision_slop must be in [0, 1) cm, not {self.collision_slop!r}")
        if not 0 <= self.collision_bias <= 1:
            raise ValueError(f"collision_bias must be in [0, 1], not {self.collision_bias!r}")
        if not 0 <= self.damping <= 1:
            raise ValueError(f"damping must be in [0, 1], not {self.damping!r}")
        if not (math.isfinite(self.load_time) and self.load_time >= 0):
            raise ValueError(f"load_time must be a finite number >= 0, not {self.load_time!r}")
        if not (math.isfinite(self.idle_speed_threshold) and self.idle_speed_threshold >= 0):
            raise ValueError("idle_speed_threshold must be a finite number >= 0 (0: estimated)")
        if not self.sleep_time_threshold >= 0:  # inf is allowed: it turns sleeping off
            raise ValueError("sleep_time_threshold must be a number >= 0 (inf: never sleep)")

    def report(self) -> dict[str, float | int]:
        """Every setting in effect, as `replay --json` reports it and a recording keeps it:
        enough to build the same pymunk space and run it the same way."""
        return {key: getattr(self, key) for key in (*OVERRIDABLE, *SETTLE_KEYS)}

    def recorded(self) -> dict[str, float | int]:
        """The settings a scenario file may carry ([physics]), as a recording writes them."""
        return {key: getattr(self, key) for key in OVERRIDABLE}


def _hand_model(version: int | float) -> int:
    """``version`` as a known hand model's number (ValueError naming the known ones)."""
    known = hand_model_versions()
    if int(version) not in known:
        names = ", ".join(str(v) for v in known)
        raise ValueError(f"unknown hand model {version!r} (known: {names})")
    return int(version)


def profile_names() -> list[str]:
    return sorted(load_asset(PROFILES_FILE)["profile"])


def load_profile(
    name: str = "default",
    grip: int | None = None,
    rest: int | None = None,
    hand_model: int | None = None,
) -> PhysicsProfile:
    """The named profile with the hand's ``grip``, the world's ``rest`` and the
    ``hand_model`` (None: the versions new games use; a scenario file that names none
    passes hand_settings.FILE_GRIP, rest_settings.FILE_REST and FILE_HAND_MODEL)."""
    table = load_asset(PROFILES_FILE)["profile"]
    if name not in table:
        raise KeyError(f"unknown physics profile {name!r} (known: {', '.join(sorted(table))})")
    entry = {k: v for k, v in table[name].items() if k != "description"}
    entry["iterations"] = int(entry["iterations"])
    grip = new_games_grip() if grip is None else grip
    rest = new_games_rest() if rest is None else rest
    rest_rule(rest)
    model = _hand_model(new_games_hand_model() if hand_model is None else hand_model)
    profile = PhysicsProfile(
        name=name, **entry, hand=asset_hand(grip), grip=grip, rest=rest, hand_model=model
    )
    profile.validate()
    return profile
