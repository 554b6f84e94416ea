"""Dexterity profiles: how steady a simulated hand is, and the noise of one placement.

Profiles are data (assets/dexterity/profiles.toml), shared by every game. The Crazy
Tower solo handicaps stay with their challenges; games/crazy_tower/handicap.py reads
them as profiles named ``challenge-N``. A draw comes from a seeded Chance
stream when a player decides, and the noisy values go into the recorded action, so a
recording replays without knowing the profile.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache

from rules.assets import load_asset
from rules.chance import Chance
from rules.errors import AssetError
from simulator.physics.hand import MAX_RESEATS

FIELDS = ("position_noise_cm", "angle_noise_deg", "tremor_cm", "release_noise_cm_s")
# Tremor is sampled at release: this many cm/s of sideways jolt per cm of tremor (a hand
# trembling at about 4 Hz moves 2 * pi * 4 = 25 cm/s per cm of amplitude).
TREMOR_SPEED = 25.0


@dataclass(frozen=True)
class Dexterity:
    name: str
    position_noise_cm: float = 0.0
    angle_noise_deg: float = 0.0
    tremor_cm: float = 0.0
    release_noise_cm_s: float = 0.0
    text: str = ""
    # How many times the hand lets a piece caught on a corner down again (LOTS).
    feel: int = 0

    def scaled(self, factor: float) -> Dexterity:
        """The same hand, ``factor`` times as unsteady (a rollout's pessimism, say)."""
        return replace(self, **{f: getattr(self, f) * factor for f in FIELDS})


@dataclass(frozen=True)
class Jitter:
    """The noise of one placement: target offset, angle error, jolt on release."""

    dx: float = 0.0  # cm
    angle: float = 0.0  # degrees
    release: tuple[float, float] = (0.0, 0.0)  # cm/s

    @property
    def any(self) -> bool:
        return bool(self.dx or self.angle or any(self.release))


@cache
def profiles() -> dict[str, Dexterity]:
    """The named profiles, steadiest first, as the asset lists them."""
    out: dict[str, Dexterity] = {}
    for raw in load_asset("dexterity/profiles.toml").get("profile", []):
        name = raw.get("name")
        values = {f: float(raw.get(f, 0.0)) for f in FIELDS}
        feel = raw.get("feel", 0)
        if not name or name in out or any(v < 0 or not math.isfinite(v) for v in values.values()):
            raise AssetError(f"dexterity/profiles.toml: bad profile {name!r}")
        if not isinstance(feel, int) or isinstance(feel, bool) or not 0 <= feel <= MAX_RESEATS:
            raise AssetError(
                f"dexterity/profiles.toml: profile {name!r}: feel must be a whole number "
                f"from 0 to {MAX_RESEATS}, not {feel!r}"
            )
        out[name] = Dexterity(name, **values, text=str(raw.get("text", "")), feel=feel)
    return out


def get_profile(name: str) -> Dexterity:
    """A profile by name, one of profiles()."""
    try:
        return profiles()[name]
    except KeyError:
        known = ", ".join(profiles())
        raise KeyError(f"unknown dexterity profile {name!r} (known: {known})") from None


def draw(profile: Dexterity, chance: Chance) -> Jitter:
    """One placement's noise. Always five Gaussian draws, so the stream advances the
    same way whatever the profile."""
    g = [chance.gauss() for _ in range(5)]
    tremor = profile.tremor_cm
    dx = g[0] * profile.position_noise_cm + g[1] * tremor
    vx = g[2] * profile.release_noise_cm_s + g[1] * tremor * TREMOR_SPEED
    vy = g[3] * profile.release_noise_cm_s
    return Jitter(
        dx=round(dx, 4),
        angle=round(g[4] * profile.angle_noise_deg, 4),
        release=(round(vx, 3), round(vy, 3)),
    )
