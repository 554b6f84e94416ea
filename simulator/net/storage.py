"""The host's folder for one room (docs/network.md, "The host's files"): the room file,
the move log and the game file, and how each is read back.

``moves.jsonl`` is what makes a resume lose nothing: its first line says where it
starts (the moves played before it, for a room resumed from an older folder), and each
move the host relays is appended as one line and synced to the disk before anyone sees
it. ``room.json`` (the code and the seats) and ``game.json`` (the game as a scenario
file, for ``towersim replay``) are rewritten atomically after each move. Nothing read
back is trusted: every file goes through the strict JSON reader, every field is checked
for its type and range, and a fault is one line naming the file, line and field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simulator.bots.levels import LEVEL_NAMES
from simulator.files import append_synced, read_limited, whole_lines
from simulator.names import names_problem
from simulator.net.protocol import MAX_SEQ, is_room_code, is_token
from simulator.scenario.document import Document, read_document, strict_json
from simulator.scenario.errors import ScenarioError
from simulator.scenario.fields import Table

GAME_FILE = "game.json"
ROOM_FILE = "room.json"
LOG_FILE = "moves.jsonl"
ROOM_FORMAT = "towersim-room/2"  # a room file without a format is of the first kind
LOG_FORMAT = "towersim-moves/1"
REMOTE = "remote"
COMPUTER = "computer"
# A move's line holds at most a network message (256 KiB); a game of a few hundred
# moves stays far below this.
MAX_LOG_BYTES = 256 * 1024 * 1024


@dataclass
class SavedSeat:
    name: str
    kind: str
    level: str
    token: str
    holder: str | None


@dataclass
class SavedRoom:
    """What ``room.json`` holds, checked."""

    code: str
    started: bool
    seq: int
    seats: list[SavedSeat]


@dataclass
class LoggedMove:
    seq: int
    by: str
    id: int | None
    action: dict[str, Any]


@dataclass
class SavedLog:
    """What ``moves.jsonl`` holds, checked: where it starts and the moves after that."""

    start_seq: int
    start_actions: list[dict[str, Any]]
    moves: list[LoggedMove] = field(default_factory=list)
    torn: bool = False  # a last line cut short (a killed host) was dropped
    size: int = 0  # bytes of whole lines: where the next line goes


def room_data(code: str, started: bool, seq: int, actions: int, seats: list[dict[str, Any]]) -> str:
    """The text of ``room.json``."""
    room = {
        "format": ROOM_FORMAT,
        "code": code,
        "started": started,
        "seq": seq,
        "actions": actions,
        "seats": seats,
    }
    return json.dumps(room, indent=2, ensure_ascii=False) + "\n"


def read_room(path: Path) -> SavedRoom:
    """``room.json`` read and checked; ScenarioError (one line naming the file and the
    field) if anything in it is wrong."""
    document = read_document(path)
    root = Table(document, document.data, "")
    fmt = root.string("format")
    if fmt is not None and fmt != ROOM_FORMAT:
        root.fail(f"must be {ROOM_FORMAT!r}, not {fmt!r}", "format")
    code = root.string("code", required=True)
    if (
        code is None or not is_room_code(code) or code != code.upper()
    ):  # the host writes it in capitals
        root.fail("its room code is damaged", "code")
    started = root.boolean("started")
    if started is None:
        root.fail("missing required key 'started'")
    seq = root.integer("seq", minimum=0, maximum=MAX_SEQ)
    root.integer("actions", default=0, minimum=0, maximum=MAX_SEQ)  # what game.json held
    seats = [_seat(document, raw, index) for index, raw in enumerate(root.tables("seats"))]
    root.finish()
    problem = names_problem(seat.name for seat in seats)
    if problem or not seats:
        root.fail(problem or "a room needs its seats", "seats")
    assert code is not None
    return SavedRoom(code, started, seq, seats)


def _seat(document: Document, raw: Any, index: int) -> SavedSeat:
    table = Table(document, raw, f"seats #{index + 1}")
    name = table.string("name", required=True)
    kind = table.string("kind", required=True, choices=(REMOTE, COMPUTER))
    level = table.string("level", required=True, choices=LEVEL_NAMES)
    token = table.string("token", required=True)
    if not is_token(token):
        table.fail("is damaged: a seat's token is 32 hexadecimal digits", "token")
    holder = table.string("holder")
    if holder is not None and names_problem([holder]):
        table.fail(str(names_problem([holder])), "holder")
    table.finish()
    assert name is not None and kind is not None and level is not None and token is not None
    return SavedSeat(name, kind, level, token, holder)


# -- the move log ------------------------------------------------------------------------


def log_header(seq: int, actions: list[dict[str, Any]]) -> bytes:
    """The log's first line: it starts after move ``seq``, ``actions`` being the moves
    the rules accepted up to there."""
    return _line({"format": LOG_FORMAT, "seq": seq, "action": actions})


def log_line(move: LoggedMove) -> bytes:
    return _line({"seq": move.seq, "by": move.by, "id": move.id, "action": move.action})


def _line(value: dict[str, Any]) -> bytes:
    return (json.dumps(value, allow_nan=False, separators=(",", ":")) + "\n").encode("utf-8")


def read_log(path: Path) -> SavedLog:
    """``moves.jsonl`` read and checked; a last line cut short is dropped and said so
    (``torn``). ScenarioError (one line naming the file and line) for anything else."""
    name = str(path)
    try:
        raw = read_limited(path, MAX_LOG_BYTES)
    except OSError as exc:
        raise ScenarioError(name, f"cannot read the move log: {exc.strerror or exc}") from None
    lines, tail = whole_lines(raw)
    if not lines:
        raise ScenarioError(name, "the move log lost its first line; it cannot be read")
    header = _object(name, 1, lines[0])
    # Every line is written whole with its newline: a kill cut the tail short.
    log = SavedLog(*_header(name, header), torn=bool(tail), size=len(raw) - len(tail))
    seq = log.start_seq
    for number, line in enumerate(lines[1:], start=2):
        move = _move(name, number, _object(name, number, line))
        if move.seq != seq + 1:
            raise ScenarioError(name, f"move {move.seq} follows move {seq}", line=number)
        seq = move.seq
        log.moves.append(move)
    return log


def _object(name: str, number: int, line: bytes) -> dict[str, Any]:
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(name, "not UTF-8 text", line=number) from None
    try:
        value = strict_json(name, text)
    except ScenarioError as exc:
        raise ScenarioError(name, exc.message, line=number) from None
    if not isinstance(value, dict):
        raise ScenarioError(name, "each line of the move log is a JSON object", line=number)
    return value


def _header(name: str, value: dict[str, Any]) -> tuple[int, list[dict[str, Any]]]:
    if value.get("format") != LOG_FORMAT or set(value) != {"format", "seq", "action"}:
        raise ScenarioError(name, f"the first line is not a {LOG_FORMAT} header", line=1)
    seq, actions = value["seq"], value["action"]
    if not _count(seq) or not isinstance(actions, list) or len(actions) > MAX_SEQ:
        raise ScenarioError(name, "the header's seq or actions are damaged", line=1)
    if not all(isinstance(action, dict) for action in actions):
        raise ScenarioError(name, "the header's actions must be tables", line=1)
    return seq, actions


def _move(name: str, number: int, value: dict[str, Any]) -> LoggedMove:
    if set(value) != {"seq", "by", "id", "action"}:
        raise ScenarioError(name, "a move's line holds seq, by, id and action", line=number)
    seq, by, sender, action = value["seq"], value["by"], value["id"], value["action"]
    if not _count(seq) or seq == 0:
        raise ScenarioError(name, f"seq must be 1 to {MAX_SEQ}", line=number)
    if not isinstance(by, str) or names_problem([by]):
        raise ScenarioError(name, "by must name a seat", line=number)
    if sender is not None and not _count(sender):
        raise ScenarioError(name, f"id must be null or 0 to {MAX_SEQ}", line=number)
    if not isinstance(action, dict):
        raise ScenarioError(name, "action must be a table", line=number)
    return LoggedMove(seq, by, sender, action)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEQ


class MoveLog:
    """``moves.jsonl`` as the host writes it: each line appended and synced to disk
    before ``append`` returns. A line the disk refused (full) waits and goes first at
    the next try; the file never keeps a part of one."""

    def __init__(self, path: Path, size: int | None = None) -> None:
        """``size``: the bytes of whole lines of a log read back (what follows them,
        a torn line, is cut off at the first write); None for a log not begun."""
        self.path = path
        self._cut_to = size
        self._waiting: list[bytes] = []

    def begin(self, header: bytes) -> None:
        """Start the log afresh (an old one in the folder is replaced)."""
        self._cut_to, self._waiting = 0, [header]
        self.flush()

    def append(self, line: bytes) -> None:
        """Write ``line`` (and any still waiting); OSError if the disk refuses."""
        self._waiting.append(line)
        self.flush()

    def flush(self) -> None:
        if self._waiting:
            append_synced(self.path, b"".join(self._waiting), cut_to=self._cut_to)
            self._cut_to, self._waiting = None, []
