"""What the LOTS panel's components say when the mouse rests on them (tooltip.py): a
seat, the die, a supply pile, the score track, its spots and its markers. The rules'
facts (spot numbers, what a spot gives) come from the engine's description and the
track's data, so the words never restate a number the data holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from simulator.app.words import YOU, agree, counted, listed, possessive, with_article

TRACK_TIP = (
    "The score track: each marker stands on its player's score. A purple spot holds a "
    "cube and a C spot a crew card, which go to the last player to reach the spot."
)
SOLO_TRACK_TIP = "The score track: your marker stands on your score. Solo, no spot gives a bonus."
RISK_TIP = (
    "How likely a block of your tower falls if you let go here, found by trying the "
    "drop many times with your hand's wobble."
)


def seat_tip(name: str, player: dict[str, Any]) -> str:
    """``Ann has 2 points, 1 purple cube to place and 1 crew card; ...``."""
    held = [counted(player["score"], "point")]
    held.append(counted(len(player["cubes"]), "purple cube") + " to place")
    held.append(counted(player["crew"], "crew card"))
    bank = counted(len(player["bank"]), "block")
    whose = possessive(name)
    return f"{agree(name, 'have')} {listed(held)}; {whose} bank below holds {bank}."


def die_tip(face: str | None) -> str:
    """The die's last roll and what it asks for."""
    if face is None:
        return "The die has not been rolled yet this game: a roll names the shape to take."
    if face == "?":
        return "The die shows the wild face: a block of any shape may be taken."
    return f"The die shows {with_article(face)}: take {with_article(face)} from the supply."


def pile_tip(tone: str, count: int) -> str:
    """A supply pile: ``The orange pile: 6 blocks left.``"""
    left = counted(count, "block") + " left" if count else "empty"
    return f"The {tone} pile of the supply: {left}."


def spot_tip(
    spot: int, track: Mapping[str, Any], cubes: Mapping[str, Any], solo: bool
) -> str | None:
    """What a bonus spot of the track gives (None: a plain spot, or any spot solo)."""
    if solo:
        return None
    if spot in track["cube_spots"]:
        if str(spot) in cubes:
            return f"Spot {spot} holds a purple cube for the last player to reach it."
        return f"Spot {spot}: its purple cube is taken."
    if spot in track["crew_spots"]:
        return f"Spot {spot} gives a crew card to the last player to reach it."
    return None


def marker_tip(name: str, score: int) -> str:
    """A player's marker on the track."""
    if name == YOU:
        return f"Your marker: you have {counted(score, 'point')}."
    return f"{name}'s marker: {name} has {counted(score, 'point')}."
