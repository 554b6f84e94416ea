"""The host's own files: a disk that refuses the autosave is a state the game goes on
in, the move log loses no move a killed host relayed, and every field of room.json and
of the log is checked when a host resumes (docs/network.md, "The host's files")."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import resource
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from simulator.net.room import GAME_FILE, ROOM_FILE, Room
from simulator.net.storage import LOG_FILE
from tests.net.harness import GAME_SECONDS, game_over, new_game, open_table, until

TWO = {"players": ["Ann", "Bob"]}


def _room(folder: Path, kind: str = "filled-in") -> Room:
    room = Room(new_game(kind, setup=TWO), folder=folder)
    room.assign("Ann", "computer:random")
    room.assign("Bob", "computer:random")
    room.start()
    return room


def _play(room: Room, decisions: int) -> None:
    """``decisions`` of the computers (each relays its moves and autosaves)."""
    for _ in range(decisions):
        name = room.computer_to_move()
        assert name is not None, "the game ended too soon for the test"
        room.computer_turn(name)


@contextlib.contextmanager
def file_size_limit(size: int) -> Iterator[None]:
    """Writes past ``size`` bytes of any file fail with EFBIG, as on a full disk."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    old = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, old)


def _whole_lines(path: Path) -> bool:
    data = path.read_bytes()
    return data.endswith(b"\n") and all(json.loads(line) for line in data.splitlines())


def test_a_full_disk_is_a_state_the_game_goes_on_in_and_saving_resumes(tmp_path):
    room = _room(tmp_path)
    _play(room, 2)
    assert room.take_notices() == []
    log_size = (tmp_path / LOG_FILE).stat().st_size
    with file_size_limit(log_size + 40):  # not one more whole move fits
        before = room.seq
        _play(room, 3)  # never raises: the moves are relayed, applied and kept
        assert room.seq > before and room.save_problem is not None
        said = room.take_notices()
        assert len(said) == 1 and said[0].startswith("The host cannot save: file too large.")
        assert _whole_lines(tmp_path / LOG_FILE)  # no torn line left behind
        assert not list(tmp_path.glob(".*.tmp"))  # nor a temporary file
    _play(room, 1)
    assert room.save_problem is None
    assert room.take_notices() == ["The host can save again: every move so far is saved."]
    resumed = Room.resume(tmp_path)
    assert resumed.seq == room.seq
    assert resumed.game.state_hash() == room.game.state_hash()
    assert resumed.recovered.startswith(f"resumed from {ROOM_FILE} and ")


def test_moves_the_disk_refused_are_on_it_once_it_takes_them_even_if_only_the_log_fits(tmp_path):
    room = _room(tmp_path)
    _play(room, 2)
    game_size = (tmp_path / GAME_FILE).stat().st_size
    with file_size_limit(game_size - 1):  # the log fits, the game file does not
        _play(room, 2)
        assert room.save_problem is not None
    resumed = Room.resume(tmp_path)  # killed now: the log holds every move
    assert resumed.seq == room.seq
    assert resumed.game.state_hash() == room.game.state_hash()


def test_a_torn_last_line_is_dropped_and_said_and_the_log_goes_on_whole(tmp_path):
    room = _room(tmp_path)
    _play(room, 3)
    with (tmp_path / LOG_FILE).open("ab") as log:
        log.write(b'{"seq": 99, "by": "Ann", "id": nu')  # a host killed mid-line
    resumed = Room.resume(tmp_path)
    assert resumed.seq == room.seq and "a torn last line" in resumed.recovered
    assert resumed.game.state_hash() == room.game.state_hash()
    _play(resumed, 1)
    assert _whole_lines(tmp_path / LOG_FILE)
    again = Room.resume(tmp_path)
    assert again.seq == resumed.seq and "torn" not in again.recovered
    assert again.game.state_hash() == resumed.game.state_hash()


def test_a_folder_of_an_older_towersim_resumes_and_then_keeps_a_log(tmp_path):
    room = _room(tmp_path)
    _play(room, 3)
    old = json.loads((tmp_path / ROOM_FILE).read_text())
    del old["format"]
    (tmp_path / ROOM_FILE).write_text(json.dumps(old))
    (tmp_path / LOG_FILE).unlink()
    resumed = Room.resume(tmp_path)
    assert resumed.seq == room.seq and "without a move log" in resumed.recovered
    _play(resumed, 2)
    again = Room.resume(tmp_path)
    assert again.seq == resumed.seq and "2 moves of the log" in again.recovered
    assert again.game.state_hash() == resumed.game.state_hash()


def _saved_room(tmp_path: Path) -> tuple[Room, dict]:
    room = _room(tmp_path)
    _play(room, 2)
    return room, json.loads((tmp_path / ROOM_FILE).read_text())


def _seat(data: dict, **fields) -> dict:
    return {**data, "seats": [{**data["seats"][0], **fields}, *data["seats"][1:]]}


ROOM_FAULTS = {
    "seq Infinity": (lambda d: re.sub(r'"seq": \d+', '"seq": Infinity', json.dumps(d)), "finite"),
    "seq 1e308": (lambda d: {**d, "seq": 1e308}, "seq: must be an integer"),
    "seq -5": (lambda d: {**d, "seq": -5}, "seq: must be at least 0"),
    "started text": (lambda d: {**d, "started": "false"}, "started: must be true or false"),
    "non-ASCII token": (lambda d: _seat(d, token="é" * 32), "token: is damaged"),
    "short token": (lambda d: _seat(d, token="ab"), "token: is damaged"),
    "deep nesting": (lambda d: {**d, "x": json.loads("[" * 60 + "]" * 60)}, "'x'"),
    "very deep nesting": (lambda d: '{"seq": ' + "[" * 100_000, "nested more than"),
    "holder with NUL": (lambda d: _seat(d, holder="A\x00n"), "holder"),
    "unknown level": (lambda d: _seat(d, level="genius"), "level: must be one of"),
    "unknown kind": (lambda d: _seat(d, kind="alien"), "kind: must be one of"),
    "lower-case code": (lambda d: {**d, "code": d["code"].lower()}, "room code is damaged"),
    "not an object": (lambda d: [d], "JSON object"),
    "a seat twice": (lambda d: {**d, "seats": [d["seats"][0]] * 2}, "must be distinct"),
    "a stranger's seat": (lambda d: _seat(d, name="Zed"), "not the game's players"),
    "no seats": (lambda d: {**d, "seats": []}, "needs its seats"),
}


@pytest.mark.parametrize("fault", sorted(ROOM_FAULTS))
def test_a_hostile_room_file_is_refused_in_one_line_naming_the_field(tmp_path, fault):
    _, data = _saved_room(tmp_path)
    change, said = ROOM_FAULTS[fault]
    changed = change(data)
    text = changed if isinstance(changed, str) else json.dumps(changed)
    (tmp_path / ROOM_FILE).write_text(text)
    with pytest.raises(ValueError, match=said) as refused:
        Room.resume(tmp_path)
    assert str(refused.value).startswith(str(tmp_path / ROOM_FILE))
    assert "\n" not in str(refused.value)


def _lines(tmp_path: Path) -> list[str]:
    return (tmp_path / LOG_FILE).read_text().splitlines()


LOG_FAULTS = {
    "garbage mid-log": (lambda ls: [ls[0], "garbage", *ls[1:]], ":2: invalid JSON"),
    "a move left out": (lambda ls: [ls[0], *ls[2:]], "move 2 follows move 0"),
    "no header": (lambda ls: ls[1:], "header"),
    "NaN": (lambda ls: [*ls, ls[-1].replace('"id":null', '"id":NaN')], "finite"),
    "a stranger moved": (lambda ls: [*ls[:-1], ls[-1].replace('"by":"', '"by":"Zed')], "Zed"),
    "a bad action": (
        lambda ls: [*ls, json.dumps({"seq": 99, "by": "Ann", "id": None, "action": {}})],
        "move 99 follows",
    ),
    "an action the parser refuses": (
        lambda ls: [
            *ls,
            json.dumps({"seq": len(ls), "by": "Ann", "id": None, "action": {"type": "fly"}}),
        ],
        "type",
    ),
}


@pytest.mark.parametrize("fault", sorted(LOG_FAULTS))
def test_a_hostile_move_log_is_refused_in_one_line_naming_the_line(tmp_path, fault):
    _saved_room(tmp_path)
    change, said = LOG_FAULTS[fault]
    (tmp_path / LOG_FILE).write_text("\n".join(change(_lines(tmp_path))) + "\n")
    with pytest.raises(ValueError, match=said) as refused:
        Room.resume(tmp_path)
    assert str(refused.value).startswith(str(tmp_path / LOG_FILE))


def test_over_the_network_a_full_disk_takes_no_move_back_and_everyone_is_told(tmp_path):
    async def play() -> None:
        room = Room(new_game("filled-in", seed=2, setup=TWO), folder=tmp_path)
        table = await open_table(room)
        peers = [table.join(name) for name in TWO["players"]]
        await until(lambda: room.seq >= 4, GAME_SECONDS, "four moves")
        with file_size_limit((tmp_path / LOG_FILE).stat().st_size + 40):
            full_at = room.seq
            await until(lambda: room.seq >= full_at + 6, GAME_SECONDS, "six moves on a full disk")
        await until(game_over(table, peers), GAME_SECONDS, "the end of the game")
        final = room.game.state_hash()
        assert [peer.hash for peer in peers] == [final] * 2
        for peer in peers:
            assert "refused" not in peer.kinds() and "desync" not in peer.kinds()
            notices = [fields["text"] for kind, fields in peer.heard if kind == "notice"]
            assert any(text.startswith("The host cannot save: file too large.") for text in notices)
            assert "The host can save again: every move so far is saved." in notices
        await table.stop(*peers)
        resumed = Room.resume(tmp_path)
        assert resumed.seq == room.seq and resumed.game.state_hash() == final

    asyncio.run(play())


def test_a_damaged_tokens_file_keeps_the_good_tokens_and_drops_the_rest(tmp_path, monkeypatch):
    from simulator.net import tokens

    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path))
    good = "ab" * 16
    tokens.remember("h:1", "ABCDEF", ("Ann",), good)
    path = tokens.network_folder() / "tokens.json"
    kept = json.loads(path.read_text())
    path.write_text(json.dumps({"h:1 ABCDEF Bob": "é" * 32, "h:1 ABCDEF Cy": 7, **kept}))
    assert tokens.recall("h:1", "ABCDEF", "Ann") == good
    assert tokens.recall("h:1", "ABCDEF", "Bob") is None
    path.write_text('{"h:1 ABCDEF Ann": "' + good + '", "x": NaN}')
    assert tokens.recall("h:1", "ABCDEF", "Ann") is None  # not strict JSON: nothing kept
    path.write_text("[" * 100_000)
    assert tokens.recall("h:1", "ABCDEF", "Ann") is None


def test_host_resume_of_a_hostile_room_file_is_one_line_and_exit_2(tmp_path, capsys):
    from simulator.cli import main

    _, data = _saved_room(tmp_path)
    (tmp_path / ROOM_FILE).write_text(json.dumps({**data, "seq": -5}))
    assert main(["host", "--resume", str(tmp_path), "--headless", "--port", "0"]) == 2
    err = capsys.readouterr().err
    said = f"{tmp_path / ROOM_FILE}: seq: must be at least 0, not -5"
    assert err == f"towersim host: cannot resume: {said}\n"


def test_a_room_saved_with_an_older_hosts_six_letter_code_resumes(tmp_path):
    room, data = _saved_room(tmp_path)
    (tmp_path / ROOM_FILE).write_text(json.dumps({**data, "code": "ABCDEF"}))
    resumed = Room.resume(tmp_path)
    assert resumed.code == "ABCDEF" and resumed.seq == room.seq
