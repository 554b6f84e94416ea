"""The twenty solo challenges, read from assets/crazy_tower/challenges.toml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.assets import load_asset
from rules.errors import AssetError

CHALLENGE_FILE = "crazy_tower/challenges.toml"
CHECKS = ("rules", "timed", "handicap")


@dataclass(frozen=True)
class Handicap:
    """How the simulated hand is impaired (standard deviations of Gaussian noise)."""

    position_noise_cm: float = 0.0
    angle_noise_deg: float = 0.0
    release_noise_cm_s: float = 0.0
    applies_to: tuple[str, ...] = ("block", "card")
    block_angle_deg: float = 0.0
    card_drop_height_cm: float = 0.0
    after_new_card_factor: float = 1.0


@dataclass(frozen=True)
class Challenge:
    number: int
    text: str
    colours: tuple[int, ...]  # how many colours the solo player may play with
    check: str  # "rules" | "timed" | "handicap"
    max_blocks_per_floor: int | None = None
    min_blocks_per_floor: int = 0
    last_floor_min: int | None = None
    first_floor_blocks: int | None = None
    distinct_shapes: bool = False
    min_floor_cards: int = 0
    time_limit_s: float | None = None
    handicap: Handicap | None = None

    @property
    def top_floor_min(self) -> int:
        """Blocks the top card needs when the tower is complete."""
        return self.min_blocks_per_floor if self.last_floor_min is None else self.last_floor_min


_RULE_KEYS = {
    "max_blocks_per_floor",
    "min_blocks_per_floor",
    "last_floor_min",
    "first_floor_blocks",
    "distinct_shapes",
    "min_floor_cards",
}


def _challenge_from(entry: dict[str, Any]) -> Challenge:
    check = entry["check"]
    if check not in CHECKS:
        raise AssetError(f"{CHALLENGE_FILE}: challenge {entry['number']}: unknown check {check!r}")
    handicap = None
    if "handicap" in entry:
        raw = dict(entry["handicap"])
        raw["applies_to"] = tuple(raw.get("applies_to", ("block", "card")))
        handicap = Handicap(**raw)
    rules = {key: entry[key] for key in _RULE_KEYS if key in entry}
    challenge = Challenge(
        number=int(entry["number"]),
        text=entry["text"],
        colours=tuple(int(n) for n in entry["colours"]),
        check=check,
        time_limit_s=float(entry["time_limit_s"]) if "time_limit_s" in entry else None,
        handicap=handicap,
        **rules,
    )
    if (check == "timed") != (challenge.time_limit_s is not None):
        raise AssetError(f"{CHALLENGE_FILE}: challenge {challenge.number}: time limit mismatch")
    if (check == "handicap") != (handicap is not None):
        raise AssetError(f"{CHALLENGE_FILE}: challenge {challenge.number}: handicap mismatch")
    return challenge


@cache
def challenges() -> dict[int, Challenge]:
    try:
        out = {}
        for entry in load_asset(CHALLENGE_FILE)["challenge"]:
            challenge = _challenge_from(entry)
            out[challenge.number] = challenge
    except (KeyError, TypeError) as exc:
        raise AssetError(f"{CHALLENGE_FILE}: malformed challenge: {exc}") from None
    if sorted(out) != list(range(1, len(out) + 1)):
        raise AssetError(f"{CHALLENGE_FILE}: challenges must be numbered 1..N")
    return out


def get_challenge(number: int) -> Challenge:
    try:
        return challenges()[number]
    except KeyError:
        raise KeyError(f"unknown challenge {number} (1-{len(challenges())})") from None


def handicap_for(number: int) -> Handicap | None:
    """The hand handicap of a solo challenge, or None for a steady hand."""
    return get_challenge(number).handicap
