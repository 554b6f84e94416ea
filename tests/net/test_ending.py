"""The end of a game: a client's own move that ends it is not the end until the host
relays it, and a headless bot client leaves only once the host has judged its last hash.

The race these pin down (test_faults' resumed host showed it about 1 run in 10 on a
loaded machine): a bot client's seat made the game's last move on its replica's thread
while the client's loop looked at that copy, saw the game over, and closed before the
move went out. The host never had it, its computer took the seat and ended the game
another way, and the client printed a state the host never reached."""

from __future__ import annotations

import argparse
import asyncio
import socket
import time
from typing import Any

from simulator.games.computer_seat import computers_of
from simulator.net import cli
from simulator.net.client_bot import ClientBot
from simulator.net.replica import Replica
from simulator.net.room import Room
from tests.net.harness import new_game, open_table, until

SOLO = {"players": ["Sol"]}  # a LOTS game of one: six moves, the last always Sol's own


def test_an_own_move_that_ends_the_game_is_not_the_end_until_the_host_relays_it() -> None:
    host = new_game("lots", seed=1, setup=SOLO)
    replica = Replica("Sol")
    replica.load("the host's game", host.document(), 0)
    assert replica.game is not None
    seat = computers_of(replica.game.match).seat_for(replica.game.match, "Sol", "random", 1)
    seq = 0
    while not replica.game.over:
        seat.play(replica.game.match)  # as the bot does: on the copy at once
        (mine,) = replica.own_moves()
        assert not replica.over  # the copy may be over; the game is not, yet
        seq += 1
        host.apply(mine.action)
        assert replica.relayed(seq, "Sol", mine.id, mine.action) == host.state_hash()
    assert replica.over and host.over and seq == host.match.action_count


class EagerBot(ClientBot):
    """A bot whose thread always wins the race: the loop waits for the bot's move, as a
    loaded machine may make it wait."""

    def __call__(self, kind: str, fields: dict[str, Any]) -> None:
        if kind in ("game", "move", "refused"):
            self.client.replica_thread(self._turn).result()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_bot_whose_own_move_ends_the_game_leaves_once_the_host_has_judged_it(
    tmp_path, monkeypatch, capsys
) -> None:
    monkeypatch.setenv("TOWERSIM_HOME", str(tmp_path))
    monkeypatch.setattr(cli, "ClientBot", EagerBot)
    port = _free_port()
    hosting = argparse.ArgumentParser()
    cli.add_host_arguments(hosting)
    host_args = hosting.parse_args(
        ["lots", "--players", "Sol", "--seed", "1", "--headless", "--port", str(port)]
    )
    host_args.folder = tmp_path / "room"
    room = cli.new_room(host_args)
    assert not isinstance(room, str), room
    joining = argparse.ArgumentParser()
    cli.add_join_arguments(joining)
    join_args = joining.parse_args(
        [f"127.0.0.1:{port}", "--room", room.code, "--name", "Sol", "--bot", "random"]
    )
    said: list[str] = []

    def heard() -> str:
        said.append(capsys.readouterr().out)
        return "".join(said)

    async def play() -> tuple[int, int]:
        host = asyncio.create_task(cli._serve_headless(room, host_args))
        await until(lambda: "Join with" in heard(), 10, "the room opening")
        joined = await asyncio.wait_for(cli._join_headless(f"127.0.0.1:{port}", join_args), 60)
        # the host ends with the game: it had the last move, not only the client's copy
        await until(host.done, 20, "the host ending with the game")
        return joined, host.result()

    assert asyncio.run(play()) == (0, 0)
    assert room.game.over and room.game.match.actions[-1]["player"] == "Sol"
    assert f"The game is over; state {room.game.state_hash()[:16]}." in heard()


def test_a_last_hash_that_differs_is_answered_before_the_host_ends_the_game() -> None:
    async def play() -> None:
        room = Room(new_game("lots", seed=1, setup=SOLO))
        table = await open_table(room)
        sol = table.join("Sol")
        relayed = sol.client._relayed

        def wrong_at_the_end(*move: Any) -> tuple[str, bool]:
            """A slow copy that ends on another state: its last hash comes late and wrong."""
            digest, over = relayed(*move)
            if over:
                time.sleep(0.5)  # on the replica's thread: the host ends the game meanwhile
            return ("0" * 64 if over else digest), over

        sol.client._relayed = wrong_at_the_end  # type: ignore[method-assign]
        await until(lambda: room.game.over and not table.host.busy, 60, "the end of the game")
        await table.host.end()
        await asyncio.wait_for(asyncio.gather(sol.task, table.task), 10)
        kinds = sol.kinds()
        assert kinds.index("desync") < kinds.index("game", kinds.index("desync"))
        assert kinds[-1] == "closed" and sol.heard[-1][1]["reason"] == "the game is over"
        assert sol.client.replica.over and sol.hash == room.game.state_hash()
        assert any("desync: Sol" in line for line in table.lines)

    asyncio.run(play())
