"""The hand handicaps of solo challenges 10-20 (rules.crazy_tower.handicap_for), turned
into concrete noise for one placement, and read as dexterity profiles named
``challenge-N`` (the challenges' own numbers, never copied into the profiles asset).

Every draw comes from one Chance stream per match, seeded from the game's seed, in the
order the placements happen: a game is its seed and its action log, so a replay draws
the same noise. Placements a handicap does not apply to draw nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.chance import Chance
from rules.crazy_tower import Handicap, handicap_for
from simulator.bots.dexterity import Dexterity, get_profile, hand_names

# Salt of the match's noise stream (Chance.fork), distinct from the rules' own draws.
NOISE_SALT = 0xC7A2
# Salt of the app's human hand noise (simulator.seeds.hand_chance), a stream per action;
# the value the Crazy Tower screen always used, so a seed plays as it did.
HAND_SALT = 0x4A4E
CHALLENGE_PROFILE = "challenge-"  # + the challenge's number: its handicap as a profile


@dataclass(frozen=True)
class Noise:
    dx: float = 0.0  # cm on the target position
    angle: float = 0.0  # degrees on the target angle
    release: tuple[float, float] = (0.0, 0.0)  # cm/s added to the piece when let go

    @property
    def any(self) -> bool:
        return bool(self.dx or self.angle or any(self.release))


def noise_stream(seed: int) -> Chance:
    return Chance.from_seed(seed).fork(NOISE_SALT)


def draw(handicap: Handicap | None, kind: str, chance: Chance, factor: float = 1.0) -> Noise:
    """The noise of one placement of ``kind`` ("block" or "card")."""
    if handicap is None or kind not in handicap.applies_to:
        return Noise()
    scale = factor
    return Noise(
        dx=chance.gauss() * handicap.position_noise_cm * scale,
        angle=chance.gauss() * handicap.angle_noise_deg * scale,
        release=(
            chance.gauss() * handicap.release_noise_cm_s * scale,
            chance.gauss() * handicap.release_noise_cm_s * scale,
        ),
    )


def profile_for_challenge(number: int) -> Dexterity:
    """A solo challenge's hand handicap as a profile (no tremor of its own); KeyError
    for no such challenge."""
    handicap = handicap_for(number)
    name = f"{CHALLENGE_PROFILE}{number}"
    if handicap is None:
        return Dexterity(name)
    return Dexterity(
        name,
        position_noise_cm=handicap.position_noise_cm,
        angle_noise_deg=handicap.angle_noise_deg,
        release_noise_cm_s=handicap.release_noise_cm_s,
    )


def hand_profile(name: str) -> Dexterity:
    """A Crazy Tower hand by name: a shared profile, or ``challenge-N``'s handicap."""
    number = name.removeprefix(CHALLENGE_PROFILE)
    if name.startswith(CHALLENGE_PROFILE) and number.isdigit():
        try:
            return profile_for_challenge(int(number))
        except KeyError:
            pass  # no such challenge: refused below, naming the known hands
    try:
        return get_profile(name)
    except KeyError:
        raise KeyError(
            f"unknown dexterity profile {name!r} (known: {', '.join(hand_names())}, "
            f"or {CHALLENGE_PROFILE}N, a solo challenge's handicap)"
        ) from None
