"""Fuzzing the host's own files: whatever room.json and moves.jsonl hold (any JSON in
any field, bytes cut or changed anywhere), ``Room.resume`` gives a room or refuses in
one line naming the file, never another exception. Bounded to a few seconds."""

from __future__ import annotations

import atexit
import json
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simulator.net.room import GAME_FILE, ROOM_FILE, Room
from simulator.net.storage import LOG_FILE
from tests.net.harness import new_game

FILES = (GAME_FILE, ROOM_FILE, LOG_FILE)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _saved() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="towersim-fuzz-"))
    room = Room(new_game("filled-in", setup={"players": ["Ann", "Bob"]}), folder=folder)
    room.assign("Ann", "computer:random")
    room.assign("Bob", "computer:random")
    room.start()
    for _ in range(3):
        room.computer_turn(room.computer_to_move())
    return folder


SAVED = _saved()
atexit.register(shutil.rmtree, SAVED, True)


def _resume_or_refuse(folder: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (folder / name).write_bytes(data)
    try:
        room = Room.resume(folder)
    except ValueError as exc:
        said = str(exc)
        assert "\n" not in said and said.startswith(str(folder)), said
        return
    assert 0 <= room.seq <= 1_000_000 and room.recovered


def _fresh(tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    return folder, {name: (SAVED / name).read_bytes() for name in FILES}


@FUZZ
@given(
    field=st.sampled_from(["code", "started", "seq", "actions", "seats", "format", "x"]),
    value=JSON,
    seat_field=st.sampled_from(["name", "kind", "level", "token", "holder"]),
    in_seat=st.booleans(),
)
def test_any_value_in_any_field_of_the_room_file(tmp_path, field, value, seat_field, in_seat):
    folder, files = _fresh(tmp_path)
    data = json.loads(files[ROOM_FILE])
    if in_seat:
        data["seats"][0][seat_field] = value
    else:
        data[field] = value
    files[ROOM_FILE] = json.dumps(data).encode()
    _resume_or_refuse(folder, files)
    shutil.rmtree(folder)


@FUZZ
@given(
    which=st.sampled_from([ROOM_FILE, LOG_FILE]),
    cut=st.integers(0, 10_000),
    junk=st.binary(max_size=12),
    at=st.integers(0, 10_000),
)
def test_bytes_cut_or_changed_anywhere_in_the_room_file_or_the_log(tmp_path, which, cut, junk, at):
    folder, files = _fresh(tmp_path)
    data = files[which]
    at, cut = at % (len(data) + 1), cut % (len(data) + 1)
    files[which] = (data[:at] + junk + data[at:])[: max(cut, at + len(junk))]
    _resume_or_refuse(folder, files)
    shutil.rmtree(folder)


@FUZZ
@given(line=st.integers(0, 20), value=JSON, seq_shift=st.integers(-2, 2))
def test_any_json_for_any_line_of_the_log(tmp_path, line, value, seq_shift):
    folder, files = _fresh(tmp_path)
    lines = files[LOG_FILE].decode().splitlines()
    index = line % (len(lines) + 1)
    if index < len(lines) and seq_shift and index > 0:
        move = json.loads(lines[index])
        move["seq"] += seq_shift
        lines[index] = json.dumps(move)
    else:
        lines[index:index] = [json.dumps(value)]
    files[LOG_FILE] = ("\n".join(lines) + "\n").encode()
    _resume_or_refuse(folder, files)
    shutil.rmtree(folder)
