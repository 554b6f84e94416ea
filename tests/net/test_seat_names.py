"""Issue 43, the network for two computers: ``--name`` is the seat's name (a seat the
host named by number takes its person's name before the game begins), and the host
says an address a friend on the local network can use, and how to find it."""

from __future__ import annotations

import argparse
import socket
from random import Random

from simulator.net import addresses
from simulator.net.cli import add_host_arguments, new_room
from simulator.net.room import Room
from tests.net.harness import new_game


def _room(*argv: str) -> Room:
    parser = argparse.ArgumentParser()
    add_host_arguments(parser)
    room = new_room(parser.parse_args(["--headless", *argv]))
    assert isinstance(room, Room), room
    return room


def test_a_seat_named_by_number_takes_its_players_name(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path))
    room = _room("lots", "--players", "2", "--name", "Ann")
    room.take_seat(1, "Ann", room.seats["Player 1"].token, None)  # the host's own desk
    room.take_seat(2, "Bob", None, None)
    assert list(room.seats) == ["Ann", "Bob"]
    assert room.game.players == ["Ann", "Bob"]
    assert [seat["name"] for seat in room.lobby()["seats"]] == ["Ann", "Bob"]
    room.start()
    assert room.game.to_act()[0] in ("Ann", "Bob")
    assert room.document_for("Bob")["setup"]["players"] == ["Ann", "Bob"]


def test_seats_the_host_named_keep_their_names(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path))
    room = _room("lots", "--players", "Ann,Bob")
    room.take_seat(1, "Zed", None, None)
    assert list(room.seats) == ["Ann", "Bob"] and room.seats["Ann"].holder == "Zed"


def test_no_name_twice_and_no_name_given_keep_the_number(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path))
    room = _room("lots", "--players", "3")
    room.take_seat(1, "Ann", None, None)
    room.take_seat(2, "Ann  ", None, None)  # reads as Ann: the seat keeps its number
    room.take_seat(3, "Player", None, None)  # `towersim join` without --name
    assert list(room.seats) == ["Ann", "Player 2", "Player 3"]
    room.left(1)  # in the lobby a seat whose player left is open, and named again
    room.take_seat(4, "Cy", None, None)
    assert list(room.seats) == ["Cy", "Player 2", "Player 3"]


def test_a_pinned_saboteur_is_renamed_with_his_seat() -> None:
    setup = {"players": ["Player 1", "Player 2", "Player 3"], "mode": "saboteur"}
    game = new_game("crazy-tower", setup=setup, rng=Random(4))  # the host's draw
    room = Room(game)
    room.name_seats_by_players()
    saboteur = game.head["setup"]["saboteur"]
    seat = room.seats[saboteur]
    room.take_seat(1, "Sol", seat.token, None)
    assert room.game.head["setup"]["saboteur"] == "Sol"
    assert "Sol" in room.game.players and saboteur not in room.game.players
    assert room.document_for(None)["setup"]["saboteur"] == "?"  # still hidden from others


def test_the_address_to_share_is_never_0000_nor_loopback(monkeypatch) -> None:
    assert addresses.shared_address("0.0.0.0", 47474) == f"{addresses.network_address()}:47474"
    assert not addresses.shared_address("0.0.0.0", 47474).startswith(("0.0.0.0", "127."))
    said = addresses.reach_words("127.0.0.1", 47474)
    assert said.startswith("Only this computer can join") and "--bind 0.0.0.0" in said
    assert "ip addr" in addresses.reach_words("0.0.0.0", 47474)

    class NoNetwork:
        def __init__(self, *args: object) -> None:
            pass

        def __enter__(self) -> NoNetwork:
            return self

        def __exit__(self, *args: object) -> None:
            pass

        def connect(self, address: object) -> None:
            raise OSError("Network is unreachable")

    monkeypatch.setattr(addresses.socket, "socket", NoNetwork)
    assert addresses.network_address() == socket.gethostname()


def test_a_headless_host_prints_an_address_others_can_type(capsys, tmp_path) -> None:
    import asyncio

    from simulator.net import cli

    parser = argparse.ArgumentParser()
    add_host_arguments(parser)
    args = parser.parse_args(["lots", "--players", "2", "--bind", "0.0.0.0", "--port", "0",
                              "--headless", "--folder", str(tmp_path / "room")])  # fmt: skip
    room = new_room(args)
    assert isinstance(room, Room)

    async def opened() -> str:
        task = asyncio.create_task(cli._serve_headless(room, args))
        for _ in range(100):
            await asyncio.sleep(0.05)
            out = capsys.readouterr().out
            if "Join with" in out:
                task.cancel()
                return out
        task.cancel()
        raise AssertionError("the room did not open")

    out = asyncio.run(opened())
    join = next(line for line in out.splitlines() if line.startswith("Join with"))
    assert "0.0.0.0" not in join and addresses.network_address() in join
    assert "Others on your network join at" in out
