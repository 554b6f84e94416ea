"""Writing scenario files (``--record``, saves): their text, written with
simulator.files.write_atomically so nothing is half-written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import tomli_w

from simulator.physics.profile import PhysicsProfile


def pinned_physics(profile: PhysicsProfile) -> dict[str, Any]:
    """A recording's [physics]: the profile's name and every value a scenario may set, so
    the file replays the same way after the default profile changes."""
    return {"profile": profile.name, **profile.report()}


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
