"""Canonical JSON, digests, and the one envelope every engine's ``to_dict`` uses.

Each game state has its own ``to_dict``; the envelope lifts the chance generator's
state out of it to one place (``"chance"``), so a saved game of any kind keeps its
chance the same way, while the state's own dict (and so its digest) stays as it was.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

Json = Any


def canonical_json(data: Json) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def digest_of(data: Json) -> str:
    """A hex SHA-256 of ``data`` as canonical JSON."""
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


def wrap(game: str, state_dict: Mapping[str, Json], chance_key: str) -> dict[str, Json]:
    """``{"game", "chance", "state"}``: the state's dict with its chance moved out."""
    inner = dict(state_dict)
    chance = inner.pop(chance_key)
    return {"game": game, "chance": int(chance), "state": inner}


def unwrap(game: str, data: Mapping[str, Json], chance_key: str) -> dict[str, Json]:
    """The state's own dict back from ``wrap``'s envelope (ValueError if not ``game``)."""
    if data.get("game") != game or not isinstance(data.get("state"), Mapping):
        raise ValueError(f"not a saved {game} game (game {data.get('game')!r})")
    return {**data["state"], chance_key: int(data["chance"])}
