"""The host's room without a socket: seats and tokens, the lobby, who may move, the
autosave and resuming from it; and the clocks that hand a seat to the computer."""

from __future__ import annotations

import asyncio
import json

import pytest

from simulator.games.computer_seat import RETRIES
from simulator.games.filled_in.bots import FilledInBot
from simulator.net.room import COMPUTER, GAME_FILE, ROOM_FILE, Refused, Room
from tests.net.harness import new_game, open_table, until

TWO = {"players": ["Ann", "Bob"]}


def _room(tmp_path=None, kind: str = "filled-in") -> Room:
    return Room(new_game(kind, setup=TWO), folder=tmp_path)


def test_seats_go_by_name_then_first_open_and_a_token_gets_the_seat_back():
    room = _room()
    bob = room.take_seat(1, "Bob", None, None)
    other = room.take_seat(2, "Zoe", None, None)
    assert (bob.name, other.name) == ("Bob", "Ann")
    with pytest.raises(Refused, match="every seat is taken"):
        room.take_seat(3, "Yan", None, None)
    room.start()
    room.left(1)
    assert room.seats["Bob"].holder == "Bob"  # kept for the rejoin once the game began
    with pytest.raises(Refused, match="no seat"):
        room.take_seat(4, "Bob", "00" * 16, None)
    again = room.take_seat(5, "Bob", bob.token, None)
    assert again is room.seats["Bob"] and room.seat_of(5) is again


def test_in_the_lobby_a_seat_whose_player_left_is_open_again_with_a_new_token():
    room = _room()
    seat = room.take_seat(1, "Ann", None, None)
    token = seat.token
    room.left(1)
    assert seat.open and seat.token != token
    with pytest.raises(Refused):
        room.take_seat(2, "Ann", token, None)


def test_the_lobby_assigns_seats_and_starts_only_when_every_seat_is_held():
    room = _room()
    room.take_seat(1, "Ann", None, None)
    with pytest.raises(Refused, match="seats still open: Bob"):
        room.start()
    room.assign("Bob", "computer:normal")
    assert room.seats["Bob"].kind == COMPUTER and room.ready()
    with pytest.raises(Refused, match="computer:LEVEL"):
        room.assign("Bob", "computer:genius")
    room.start()
    with pytest.raises(Refused, match="begun already"):
        room.start()
    with pytest.raises(Refused, match="stays theirs"):
        room.assign("Ann", "open")
    public = room.lobby()["seats"]
    assert all("token" not in seat for seat in public)


def test_a_move_must_come_from_its_seat_in_its_turn_and_pass_the_scenario_parser():
    room = _room(kind="lots")
    room.take_seat(1, "Ann", None, None)
    room.take_seat(2, "Bob", None, None)
    with pytest.raises(Refused, match="not begun"):
        room.check_move(1, {"type": "roll", "player": "Ann"})
    room.start()
    mover = room.game.to_act()[0]
    mine, theirs = (1, 2) if mover == "Ann" else (2, 1)
    with pytest.raises(Refused, match="move only for it"):
        room.check_move(mine, {"type": "roll", "player": "Bob" if mover == "Ann" else "Ann"})
    with pytest.raises(Refused, match=r"not .*'s turn"):
        room.check_move(theirs, {"type": "roll", "player": room.seat_of(theirs).name})
    with pytest.raises(Refused, match="spectators"):
        room.check_move(99, {"type": "roll", "player": mover})
    with pytest.raises(Refused, match="must be from 0 to"):
        room.check_move(mine, {"type": "place", "player": mover, "block": "I", "col": 999})
    with pytest.raises(Refused, match="too long"):
        path = [[400_000, 0.0, 30.0, 0.0, 0]]
        room.check_move(mine, {"type": "place", "player": mover, "block": "I", "path": path})
    action = room.check_move(mine, {"type": "roll", "player": mover})
    move = room.relay(action, mover)
    assert room.apply(move) == room.game.state_hash() == room.hashes[move.seq][""]


def test_the_autosave_resumes_to_the_same_game_code_and_seats(tmp_path):
    room = _room(tmp_path, kind="lots")
    ann = room.take_seat(1, "Ann", None, None)
    room.assign("Bob", "computer:easy")
    room.start()
    for _ in range(3):
        if room.computer_to_move():
            room.computer_turn("Bob")
        else:
            action = room.check_move(1, {"type": "roll", "player": "Ann"})
            room.apply(room.relay(action, "Ann"))
    resumed = Room.resume(tmp_path)
    assert resumed.code == room.code and resumed.seq == room.seq and resumed.started
    assert resumed.game.state_hash() == room.game.state_hash()
    assert resumed.seats["Ann"].token == ann.token and resumed.seats["Bob"].kind == COMPUTER
    assert resumed.seats["Ann"].client is None


def test_a_damaged_autosave_is_refused_with_one_line(tmp_path):
    room = _room(tmp_path)
    room.take_seat(1, "Ann", None, None)
    room.assign("Bob", "computer:random")
    room.start()
    data = json.loads((tmp_path / ROOM_FILE).read_text())
    data["code"] = "??"
    (tmp_path / ROOM_FILE).write_text(json.dumps(data))
    with pytest.raises(ValueError, match="room code is damaged"):
        Room.resume(tmp_path)
    (tmp_path / GAME_FILE).write_text("{not json")
    with pytest.raises(ValueError, match="invalid JSON"):
        Room.resume(tmp_path)


def test_a_player_who_does_not_come_back_in_time_gets_the_computer_and_the_game_ends():
    async def play() -> None:
        room = _room()
        table = await open_table(room, rejoin_seconds=2.0)
        ann = table.join("Ann")
        bob = table.join("Bob", level=None)  # Bob never moves, then leaves
        await until(lambda: room.started, 10, "the start")
        await bob.client.close()
        await until(lambda: room.seats["Bob"].kind == COMPUTER, 10, "the computer taking over")
        assert any(kind == "wait" and f["why"] == "away" for kind, f in ann.heard)
        notices = [f["text"] for kind, f in ann.heard if kind == "notice"]
        assert "Bob did not come back in time; the computer plays on." in notices
        await until(lambda: room.game.over and ann.seq == room.seq, 120, "the game's end")
        await table.stop(ann)

    asyncio.run(play())


def test_a_player_who_runs_out_of_time_has_one_move_made_by_the_computer():
    async def play() -> None:
        room = _room()
        table = await open_table(room, turn_seconds=2.0)
        ann = table.join("Ann", level=None)
        bob = table.join("Bob", level=None)
        await until(lambda: room.started, 10, "the start")
        await until(lambda: room.seq >= 1, 10, "a move made for the player who waited")
        assert room.seats["Ann"].kind == room.seats["Bob"].kind == "remote"  # still theirs
        countdown = [f for kind, f in ann.heard if kind == "wait" and f["why"] == "turn"]
        assert countdown and countdown[0]["seconds"] <= 2
        assert any("ran out of time" in f.get("text", "") for _, f in ann.heard)
        await table.stop(ann, bob)

    asyncio.run(play())


def test_a_bot_the_rules_keep_refusing_hands_its_seat_to_the_random_player(monkeypatch):
    room = _room()
    room.assign("Ann", "computer:random")
    room.assign("Bob", "computer:hard")
    room.start()
    asked = []

    def refused(bot, state, name):
        asked.append(name)
        return {"type": "roll", "player": "Zoe"}  # nobody of that name plays

    monkeypatch.setattr(FilledInBot, "decide", refused)
    while room.computer_to_move() != "Bob":
        assert room.computer_turn(room.computer_to_move())
    before = room.seq
    moves = room.computer_turn("Bob")
    assert asked == ["Bob"] * (RETRIES + 1)  # the game's limit, then the hand-over
    assert moves and moves[0].action["player"] == "Bob" and room.seq > before
    assert room.seats["Bob"].level == "random" and room.seats["Bob"].kind == COMPUTER
