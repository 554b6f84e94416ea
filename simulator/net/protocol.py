"""The network protocol's messages: one JSON object per WebSocket text frame.

Every message has a ``type``; what each carries and who sends it is in docs/network.md.
Nothing read here is trusted: ``read`` refuses a frame that is too large, not strict
JSON (no NaN, no duplicate keys), not an object, of an unknown type, or whose fields
have the wrong type or lie outside their ranges, with one line saying what is wrong.
A move's action is checked further by the game's own scenario parser (simulator/net/
game.py), exactly as a scenario file's [[action]] is.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from simulator.names import MAX_NAME, BadName, player_name
from simulator.net.limits import (
    MAX_GAME_BYTES,
    MAX_MESSAGE_BYTES,
    ROOM_CODE_LENGTH,
    ROOM_CODE_LENGTHS,
)
from simulator.scenario.document import json_document
from simulator.scenario.errors import ScenarioError
from simulator.scenario.ranges import PATH

__all__ = ["MAX_GAME_BYTES", "MAX_MESSAGE_BYTES", "ROOM_CODE_LENGTH"]  # (limits.py's)

VERSION = 1
MAX_TEXT = 200  # characters of a reason or a notice
MAX_SEQ = 1_000_000  # moves in one game, far beyond any real one
# Letters and digits nobody misreads aloud (no 0/O, 1/I/L): a room code's.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
TOKEN_LENGTH = 32
HASH_LENGTH = 64  # a state hash: SHA-256 in hexadecimal (simulator.physics.world)
ROLES = ("player", "spectator")
# The close code of a connection the host turns away for now (the room is full, too many
# connections are saying hello): a client that is rejoining tries again.
TRY_AGAIN = 1013

# What the host takes from a client: type -> {field: check}. A field that ends in "?"
# may be left out.
Check = Callable[[Any], bool]


def _string(most: int, least: int = 1) -> Check:
    return lambda v: isinstance(v, str) and least <= len(v) <= most and v.isprintable()


def _integer(low: int, high: int) -> Check:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _number(low: float, high: float) -> Check:
    return lambda v: isinstance(v, int | float) and not isinstance(v, bool) and low <= v <= high


def _any_text(most: int) -> Check:
    """Text of at most ``most`` characters, checked further elsewhere (a name: by the
    one rule of simulator.names, whose refusal says why)."""
    return lambda v: isinstance(v, str) and len(v) <= most


def _one_of(*choices: str) -> Check:
    return lambda v: v in choices


# What a person is told a room code is: "6 or 8 letters and digits".
CODE_WORDS = " or ".join(str(n) for n in ROOM_CODE_LENGTHS) + " letters and digits"


def is_room_code(v: Any) -> bool:
    """A room code as the host prints it, in either case (an older host's shorter code
    too): the one check of a code's form, wherever one is typed or read."""
    return (
        isinstance(v, str) and len(v) in ROOM_CODE_LENGTHS and set(v.upper()) <= set(CODE_ALPHABET)
    )


def _table(v: Any) -> bool:
    return isinstance(v, dict)


def _hex(length: int) -> Check:
    digits = set("0123456789abcdef")
    return lambda v: isinstance(v, str) and len(v) == length and set(v) <= digits


is_token = _hex(TOKEN_LENGTH)  # a seat's token, the host's admin token

FROM_CLIENT: dict[str, dict[str, Check]] = {
    "hello": {
        "version": _integer(1, 1000),
        "room": is_room_code,
        "name": _any_text(4 * MAX_NAME),  # NFC may shorten it
        "role": _one_of(*ROLES),
        "token?": is_token,  # a seat's token: a rejoin
        "admin?": is_token,  # the host's own app: it runs the lobby
        "seat?": _string(MAX_NAME),
    },
    # The acting seat's move: the action as a scenario file's [[action]] holds it.
    "move": {"id": _integer(0, MAX_SEQ), "action": _table},
    # Where the acting seat's hand is while it moves a piece: drawn by the others only.
    "hand": {
        "x": _number(PATH["x"].minimum, PATH["x"].maximum),
        "y": _number(PATH["y"].minimum, PATH["y"].maximum),
        "angle": _number(PATH["angle"].minimum, PATH["angle"].maximum),
        "piece?": _string(MAX_NAME),
    },
    # The acting seat's live move so far (its recorded path as it grows, and whether the
    # piece is let go): the others run it ahead, so the final move costs them little.
    "live": {"action": _table, "released": lambda v: isinstance(v, bool)},
    # The state hash a client reached after move ``seq`` settled.
    "hash": {"seq": _integer(1, MAX_SEQ), "hash": _hex(HASH_LENGTH)},
    "resync": {},
    # The host's own seats only (the admin token): the lobby and handing a seat over.
    "assign": {"seat": _string(MAX_NAME), "to": _string(MAX_NAME + 9)},
    "start": {},
    "chat": {"text": _string(MAX_TEXT)},
}


class BadMessage(ValueError):
    """A message the protocol refuses; ``reason`` is one line saying what is wrong, and
    ``kind`` the message's type when it names a known one."""

    def __init__(self, reason: str, kind: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind = kind


def read(frame: str | bytes, schema: Mapping[str, Mapping[str, Check]] = FROM_CLIENT) -> dict:
    """One received frame as a checked message; BadMessage if anything is wrong."""
    if isinstance(frame, bytes):
        raise BadMessage("binary frames are not part of the protocol; send JSON text")
    if len(frame) > MAX_MESSAGE_BYTES:
        raise BadMessage(f"a message may hold at most {MAX_MESSAGE_BYTES} bytes")
    try:
        message = json_document("message", frame).data
    except ScenarioError as exc:
        raise BadMessage(exc.message) from None
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in schema:
        known = ", ".join(sorted(schema))
        raise BadMessage(f"unknown message type {str(kind)[:MAX_NAME]!r} (known: {known})")
    fields = schema[kind]
    allowed = {name.rstrip("?") for name in fields} | {"type"}
    extra = sorted(set(message) - allowed)
    if extra:
        raise BadMessage(f"a {kind} message has no field {extra[0][:MAX_NAME]!r}", kind)
    for name, check in fields.items():
        key = name.rstrip("?")
        if key not in message:
            if name.endswith("?"):
                continue
            raise BadMessage(f"a {kind} message needs its {key!r}", kind)
        if not check(message[key]):
            raise BadMessage(f"a {kind} message's {key!r} is not valid", kind)
    if kind == "hello":
        try:
            message["name"] = player_name(message["name"])
        except BadName as exc:
            raise BadMessage(f"your name is refused: {exc.reason}", kind) from None
    return message


def write(kind: str, **fields: Any) -> str:
    """One message as the frame that carries it."""
    return json.dumps({"type": kind, **fields}, allow_nan=False, separators=(",", ":"))


def read_from_host(frame: str | bytes) -> dict:
    """A frame from the host: JSON text, an object with a type; the host's game log is
    checked further by the scenario parser when it is replayed."""
    if isinstance(frame, bytes):
        raise BadMessage("the host sent a binary frame")
    try:
        message = json_document("the host's message", frame).data
    except ScenarioError as exc:
        raise BadMessage(exc.message) from None
    if not isinstance(message.get("type"), str):
        raise BadMessage("the host sent a message without a type")
    return message
