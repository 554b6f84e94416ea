"""Dexterity profiles: how steady a simulated hand is, and the noise of one placement.

Two hand models, by version (a game's [physics] hand_model; docs/physics.md "The hand
model"). Model 1: the invented profiles of assets/dexterity/profiles.toml, five Gaussian
draws a placement and the hand's fixed speeds. Model 2: the hands of the population
(simulator.motor.population, assets/hand/population.toml), whose placements take the
Fitts time of their reach and spread with their speed (simulator.motor.placing); the old
names are aliases there (average is p50). ``hand_named`` is the one place a name becomes
a hand. The Crazy Tower solo handicaps stay with their challenges; games/crazy_tower/
handicap.py reads them as profiles named ``challenge-N`` (model 1's draw in any game).
A draw comes from a seeded Chance stream when a player decides, and the noisy values go
into the recorded action, so a recording replays without knowing the profile.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache

from rules.assets import load_asset
from rules.chance import Chance
from rules.errors import AssetError
from simulator.motor import personal, population
from simulator.motor.model import MotorHand
from simulator.motor.placing import Placing, placing
from simulator.physics.hand import MAX_RESEATS
from simulator.physics.hand_settings import FILE_HAND_MODEL, new_games_hand_model

FIELDS = ("position_noise_cm", "angle_noise_deg", "tremor_cm", "release_noise_cm_s")
# Tremor is sampled at release: this many cm/s of sideways jolt per cm of tremor (a hand
# trembling at about 4 Hz moves 2 * pi * 4 = 25 cm/s per cm of amplitude).
TREMOR_SPEED = 25.0
# A model-2 draw that knows no reach (a rollout's noise, say) reaches this far across and
# this far down: about a LOTS or Crazy Tower placement's (docs/physics.md, house).
TYPICAL_REACH = (20.0, 10.0)


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
    # Hand model 2: the population's hand it is (None: model 1's profile, or a
    # challenge's handicap). Its FIELDS then summarise it at its own pace, for the bots'
    # margins and estimates; its placements are drawn from the model itself.
    motor: MotorHand | None = None

    def scaled(self, factor: float) -> Dexterity:
        """The same hand, ``factor`` times as unsteady (a rollout's pessimism, say)."""
        return replace(self, **{f: getattr(self, f) * factor for f in FIELDS})


@dataclass(frozen=True)
class Jitter:
    """The noise of one placement: target offset, angle error, jolt on release; under
    hand model 2 also the hand's speeds and its tremor (None under model 1)."""

    dx: float = 0.0  # cm
    angle: float = 0.0  # degrees
    release: tuple[float, float] = (0.0, 0.0)  # cm/s
    travel_speed: float | None = None  # cm/s
    lower_speed: float | None = None  # cm/s
    tremor: tuple[float, float, float, int] | None = None  # rms cm, Hz, half-band Hz, seed

    @property
    def any(self) -> bool:
        return bool(self.dx or self.angle or any(self.release) or self.tremor)


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
        out[name] = Dexterity(
            name,
            position_noise_cm=values["position_noise_cm"],
            angle_noise_deg=values["angle_noise_deg"],
            tremor_cm=values["tremor_cm"],
            release_noise_cm_s=values["release_noise_cm_s"],
            text=str(raw.get("text", "")),
            feel=feel,
        )
    return out


def hand_names() -> list[str]:
    """Every name a hand may go by: model 1's profiles, the population's hands, and
    "me" once the player has measured and saved their own (the app's Measure my hand)."""
    mine = [personal.NAME] if personal.my_hand() is not None else []
    return list(dict.fromkeys([*profiles(), *population.hands(), *population.aliases(), *mine]))


def hand_choices() -> list[str]:
    """The hands a new game offers, as a list to choose from: the population's, then
    "me" once saved (the old names still work everywhere, as aliases)."""
    mine = [personal.NAME] if personal.my_hand() is not None else []
    return [*population.hands(), *mine]


def hand_named(name: str, model: int | None = None) -> Dexterity:
    """The hand ``name`` means under hand model ``model`` (None: the model of new games):
    the one place a hand's name is resolved. Model 1 keeps the old profiles' numbers;
    model 2 (and a name only the population knows, whatever the model) is the
    population's hand, old names as its aliases; "me" is the player's saved hand (a
    model-2 hand under either model, read afresh: it changes when measured again).
    KeyError naming the known ones."""
    if name == personal.NAME:
        mine = personal.my_hand()
        if mine is None:
            raise KeyError(
                "the hand 'me' is not measured yet: take Measure my hand on the app's "
                "start screen and save it first"
            )
        return _of_motor(name, mine)
    return _named(name, model)


@cache
def _named(name: str, model: int | None) -> Dexterity:
    version = new_games_hand_model() if model is None else model
    if version == FILE_HAND_MODEL and name in profiles():
        return profiles()[name]
    try:
        motor = population.hand(name)
    except KeyError:
        known = ", ".join(hand_names())
        raise KeyError(f"unknown dexterity profile {name!r} (known: {known})") from None
    return _of_motor(name, motor)


def _of_motor(name: str, motor: MotorHand) -> Dexterity:
    """A population hand as a Dexterity: its own-pace spread summarised in the model-1
    fields (for the bots' margins), the feel of the old profile that names it."""
    reach, _ = TYPICAL_REACH
    sd = motor.endpoint_sd(reach, motor.own_time(reach))
    old = [p for p in profiles().values() if population.hand(p.name) == motor]
    return Dexterity(
        name=name,
        position_noise_cm=sd,
        angle_noise_deg=motor.angle_sd_per_cm * sd,
        tremor_cm=motor.tremor_rms_cm,
        # the tremor's own speed as the piece leaves the fingers (RMS, cm/s)
        release_noise_cm_s=2.0 * math.pi * motor.tremor_hz * motor.tremor_rms_cm,
        text=motor.text,
        feel=max((p.feel for p in old), default=0),
        motor=motor,
    )


def get_profile(name: str) -> Dexterity:
    """A hand by name as hand model 1 knows it (old files and today's callers)."""
    return hand_named(name, FILE_HAND_MODEL)


def in_model(hand: Dexterity, model: int) -> Dexterity:
    """``hand`` as hand model ``model`` draws it: a named hand resolved again by its
    name; a hand no name resolves to (a challenge's handicap) as it is."""
    if hand.name not in hand_names() or hand != hand_named(hand.name, hand_model_of(hand)):
        return hand  # not a named hand: a handicap, or a scaled copy of one
    return hand_named(hand.name, model)


def hand_model_of(hand: Dexterity) -> int:
    """The hand model a named hand was resolved under."""
    return FILE_HAND_MODEL if hand.motor is None else 2


def draw(
    profile: Dexterity,
    chance: Chance,
    reach: tuple[float, float] | None = None,
    hurry: float = 1.0,
) -> Jitter:
    """One placement's noise. A population hand's (model 2) reaches ``reach`` = (cm
    across, cm down; None: TYPICAL_REACH) ``hurry`` times faster than its own pace
    (simulator.motor.placing); a profile's (model 1) is five Gaussian draws whatever
    the profile, so the stream advances the same way (reach and hurry unused)."""
    if profile.motor is not None:
        across, down = reach or TYPICAL_REACH
        return _jitter(placing(profile.motor, chance, across, down, hurry))
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


def miss_sd(profile: Dexterity, fall_s: float = 0.0) -> float:
    """The SD (cm) of where ``profile``'s piece lands sideways about the spot it aims at,
    let go ``fall_s`` seconds of free fall above its landing: the spread of ``draw``'s
    offset (and, for a model-1 profile, of its release jolt carried through the fall).
    Model 2 at the app's reach (TYPICAL_REACH, its own pace): the travel's endpoint SD,
    the tremor about it, and the tremor's speed as the piece leaves the fingers.
    Model 1: dx = g0 pos + g1 tremor and vx = g2 release + g1 tremor TREMOR_SPEED, the
    tremor's two terms one draw (so they add before squaring)."""
    pos, tremor, release = profile.position_noise_cm, profile.tremor_cm, profile.release_noise_cm_s
    if profile.motor is not None:
        return math.sqrt(pos**2 + tremor**2 + (release * fall_s) ** 2)
    shared = tremor * (1.0 + TREMOR_SPEED * fall_s)
    return math.sqrt(pos**2 + shared**2 + (release * fall_s) ** 2)


def _jitter(placed: Placing) -> Jitter:
    return Jitter(
        dx=placed.dx,
        angle=placed.angle,
        travel_speed=placed.travel_speed,
        lower_speed=placed.lower_speed,
        tremor=placed.tremor,
    )
