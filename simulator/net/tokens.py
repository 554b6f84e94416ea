"""Where network play keeps its files, and the seat tokens a player needs to rejoin.

A token proves a seat to the host when its player comes back (after a crash of their
own app, or the host's), so ``towersim join`` keeps each one it is given, per host and
room, in ``tokens.json`` of the network folder (written atomically, read leniently: a
damaged file only means joining again as a new player, and a token not of a token's
form is dropped).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from simulator.files import read_limited, write_atomically
from simulator.net.protocol import is_token
from simulator.scenario.document import strict_json
from simulator.user_folders import data_dir

MAX_BYTES = 256 * 1024
KEEP = 50  # rooms remembered; the oldest are forgotten first
MAX_KEY = 400  # characters of "ADDRESS ROOM NAME"


def network_folder() -> Path:
    """network/ in the user data folder (simulator/user_folders.py): autosaves, tokens,
    desync logs."""
    return data_dir() / "network"


def _file() -> Path:
    return network_folder() / "tokens.json"


def _read() -> dict[str, str]:
    """The tokens kept; an entry whose token is not of a token's form is left out
    (a host would refuse it, and it must not stop the others from rejoining)."""
    try:
        data = strict_json(str(_file()), read_limited(_file(), MAX_BYTES).decode("utf-8"))
    except (OSError, ValueError):  # ScenarioError and UnicodeDecodeError among them
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if len(k) <= MAX_KEY and is_token(v)}


def _key(address: str, room: str, who: str) -> str:
    return f"{address} {room} {who}"


def remember(address: str, room: str, names: tuple[str, ...], token: str) -> None:
    """Keep ``token`` under each of ``names`` (the seat's, the player's) in ``room``."""
    known = _read()
    for name in names:
        key = _key(address, room, name)
        known.pop(key, None)
        known[key] = token
    trimmed = dict(list(known.items())[-2 * KEEP :])
    with contextlib.suppress(OSError):  # only a rejoin after a crash needs it
        write_atomically(_file(), json.dumps(trimmed, indent=1) + "\n")


def recall(address: str, room: str, name: str) -> str | None:
    """The token kept under ``name`` (a seat's or a player's) in ``room``."""
    return _read().get(_key(address, room, name))
