"""Writing scenario files (``--record``, app saves): the one document builder for every
game kind, and its text, written with simulator.files.write_atomically so nothing is
half-written."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w

from simulator.files import write_atomically
from simulator.games.match import Match, PhysicalMatch
from simulator.physics.profile import PhysicsProfile
from simulator.scenario.header import FORMAT


def scenario_document(
    match: Match,
    *,
    name: str,
    description: str,
    expect: dict[str, Any] | None = None,
    computers: Mapping[str, str] | None = None,
    hand: str | None = None,
) -> dict[str, Any]:
    """The match as a scenario of its kind that replays to the same state: the seed,
    the physics it ran with (physical games), the [setup] that rebuilds its options,
    every accepted action, and ``expect`` (default: the state hash reached).

    ``computers`` (player name -> bot level) and ``hand`` (the human hand's dexterity
    profile) are the app's: a replay reads neither, a loaded save seats them again."""
    physical = isinstance(match, PhysicalMatch)
    setup = match.setup_table()
    if hand:
        if not physical:  # its scenario parser would refuse the key
            raise ValueError(f"a {match.kind} game has no hand to record")
        setup["hand"] = hand
    if computers:
        setup["computers"] = dict(computers)
    document: dict[str, Any] = {
        "format": FORMAT,
        "kind": match.kind,
        "name": name,
        "description": description,
        "seed": match.seed,
    }
    if isinstance(match, PhysicalMatch):
        document["physics"] = pinned_physics(match.profile)
    document["setup"] = setup
    # [expect] before the actions: a file that lost its end (a disk full, a copy cut
    # short) then still says which state it holds, so the lost actions are noticed.
    document["expect"] = {"state_hash": match.state_hash()} if expect is None else expect
    document["action"] = match.actions
    return document


def write_scenario(path: Path, document: dict[str, Any]) -> None:
    """Write ``document`` atomically, as JSON when the name ends in .json, else TOML."""
    write_atomically(path, scenario_text(document, path))


def pinned_physics(profile: PhysicsProfile) -> dict[str, Any]:
    """A recording's [physics]: the profile's name and every value a scenario may set, so
    the file replays the same way after the default profile changes."""
    return {"profile": profile.name, **profile.recorded()}


def recorded_expect(report: dict[str, Any]) -> dict[str, Any]:
    """A recording's [expect]: the scores, the exact state, and how the game ended."""
    expect: dict[str, Any] = {"scores": report["scores"], "state_hash": report["state_hash"]}
    if report["end_reason"] is not None:
        expect["end_reason"] = report["end_reason"]
    if report["winner"] is not None:
        expect["winner"] = report["winner"]
    return expect


def scenario_text(data: dict[str, Any], path: Path) -> str:
    """The scenario as TOML, or as JSON when the file name ends in .json."""
    if path.suffix.lower() == ".json":
        return json.dumps(data, indent=2, allow_nan=False) + "\n"
    return tomli_w.dumps(_without_none(data))


def _without_none(value: Any) -> Any:
    # TOML has no null: drop the keys whose value is None.
    if isinstance(value, dict):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_none(v) for v in value]
    return value
