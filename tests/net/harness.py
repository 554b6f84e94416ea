"""What the network tests share: a host and clients on loopback in one event loop, the
three games' setups, and waits that end with a clear failure instead of hanging."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from simulator.net.client import Client, Joining
from simulator.net.client_bot import ClientBot
from simulator.net.game import NET_DESCRIPTION, NetGame
from simulator.net.room import Room
from simulator.net.server import Host
from simulator.replay import load_document
from simulator.scenario.document import Document
from simulator.scenario.header import FORMAT

NAMES = ["Ann", "Bob", "Cy"]
# Three players of each game, seeds whose games end quickly with the random player.
SETUPS: dict[str, dict[str, Any]] = {
    "lots": {"players": NAMES},
    "crazy-tower": {"players": NAMES, "mode": "competitive"},
    "filled-in": {"players": NAMES},
}
GAME_SECONDS = 180.0  # a whole game on loopback, four peers on two cores


def new_game(
    kind: str, seed: int = 1, setup: dict[str, Any] | None = None, rng: Random | None = None
) -> NetGame:
    document = {
        "format": FORMAT,
        "kind": kind,
        "name": f"test {kind}",
        "description": NET_DESCRIPTION,
        "seed": seed,
        "setup": setup or SETUPS[kind],
    }
    scenario = load_document(Document("test", "", document, "json")).scenario
    return NetGame.new(scenario.new_match(), document["name"], rng)


@dataclass
class Peer:
    """A client, what it heard, and its task."""

    client: Client
    heard: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    task: asyncio.Task | None = None
    bot: ClientBot | None = None

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self.heard]

    @property
    def hash(self) -> str | None:
        game = self.client.replica.game
        return game.state_hash() if game is not None else None

    @property
    def seq(self) -> int:
        return self.client.replica.seq


@dataclass
class Table:
    """A host serving a room on loopback, and its log."""

    room: Room
    host: Host
    task: asyncio.Task
    lines: list[str]

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.host.port}"

    def join(
        self, name: str, *, level: str | None = "random", role: str = "player", **options: Any
    ) -> Peer:
        client = Client(Joining(self.address, self.room.code, name, role), **options)
        peer = Peer(client)
        if level is not None and role == "player":
            peer.bot = ClientBot(client, level)

        def heard(kind: str, fields: dict[str, Any]) -> None:
            peer.heard.append((kind, fields))
            if peer.bot is not None:
                peer.bot(kind, fields)

        client.on_event = heard
        peer.task = asyncio.create_task(client.run())
        return peer

    async def stop(self, *peers: Peer) -> None:
        for peer in peers:
            await peer.client.close()
        for peer in peers:
            if peer.task is not None:
                await asyncio.wait_for(asyncio.gather(peer.task, return_exceptions=True), 10)
        self.host.stop()
        await asyncio.wait_for(self.task, 20)


async def open_table(room: Room, **options: Any) -> Table:
    lines: list[str] = []
    options.setdefault("start_when_ready", True)
    host = Host(room, port=0, log=lines.append, **options)
    listening = asyncio.Event()
    task = asyncio.create_task(host.run(lambda port: listening.set()))
    await asyncio.wait_for(listening.wait(), 10)
    return Table(room, host, task, lines)


async def until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    """Wait until ``condition()`` holds; fail saying ``what`` did not happen."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen in {seconds:.0f} s")
        await asyncio.sleep(0.05)


def all_caught_up(table: Table, peers: list[Peer]) -> Callable[[], bool]:
    """Every peer has applied every move the host relayed, and the host has too."""

    def caught_up() -> bool:
        room = table.room
        return (
            not table.host.busy
            and room.settled == room.seq
            and all(p.seq == room.seq and p.client.replica.game is not None for p in peers)
        )

    return caught_up


def game_over(table: Table, peers: list[Peer]) -> Callable[[], bool]:
    caught_up = all_caught_up(table, peers)
    return lambda: table.room.started and table.room.game.over and caught_up()


def folder_of(tmp_path: Path) -> Path:
    folder = tmp_path / "room"
    folder.mkdir()
    return folder
