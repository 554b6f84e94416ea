"""How a world comes to rest and how its resting pieces are read, by version, from
assets/physics/profiles.toml ([rest.N]).

A rest version is to the world what a grip version is to the hand (hand_settings.py): a
change of behaviour that new games record and old files never see. Apart from the world
so a profile can hold it without importing pymunk (docs/physics.md, "Resting")."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.assets import load_asset

PROFILES_FILE = "physics/profiles.toml"
# What a scenario file that names no rest means: the way every file was made before
# rests had versions, so it replays as it always did.
FILE_REST = 1


@dataclass(frozen=True)
class RestRule:
    # At each grab, put every other body to sleep as one group if all are idle.
    group_sleep: bool
    # A settle look counts as quiet only if the awake bodies' kinetic energy fell.
    falling_energy: bool
    # s every body must stay quiet for a settle to end; 0: the profile's settle_hold.
    settle_hold: float
    # A settle judges each island (bodies in contact) apart: one at rest sleeps as a
    # group, one made only of pieces already judged fallen no longer counts.
    islands: bool
    # A piece just placed is judged by its real extent at rest, not only by the cells
    # it snaps to: one resting past the lot's outline further than the game allows is
    # taken back (LOTS: games/lots/verdicts.py).
    extent_bounds: bool
    # The verdict names the pieces taken back for resting outside the lot, so that the
    # rules can tell them from falls (LOTS solo: placed again, not a lost game).
    names_taken_back: bool


def _table() -> dict[str, Any]:
    return load_asset(PROFILES_FILE)


def new_games_rest() -> int:
    """The rest version new games use (and record in their [physics])."""
    return int(_table()["new_games_rest"])


def rest_versions() -> list[int]:
    return sorted(int(key) for key in _table()["rest"])


@cache
def rest_rule(version: int) -> RestRule:
    """The rule the assets define for rest ``version`` (ValueError naming the known)."""
    rests = _table()["rest"]
    if str(version) not in rests:
        known = ", ".join(str(v) for v in rest_versions())
        raise ValueError(f"unknown rest {version!r} (known: {known})")
    entry = rests[str(version)]
    return RestRule(
        group_sleep=bool(entry["group_sleep"]),
        falling_energy=bool(entry["falling_energy"]),
        settle_hold=float(entry["settle_hold"]),
        islands=bool(entry["islands"]),
        extent_bounds=bool(entry["extent_bounds"]),
        names_taken_back=bool(entry["names_taken_back"]),
    )
