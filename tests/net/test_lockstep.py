"""Whole games over loopback: a host and three clients driven by computers agree on
every move's hash and on the end; late spectators, desyncs and the host's computers."""

from __future__ import annotations

import asyncio
import json
import pathlib
from random import Random

import pytest

from simulator.games.saves import load_saved
from simulator.net.room import GAME_FILE, Room
from simulator.replay import replay_file
from tests.net.harness import (
    GAME_SECONDS,
    NAMES,
    SETUPS,
    all_caught_up,
    folder_of,
    game_over,
    new_game,
    open_table,
    until,
)


@pytest.mark.parametrize("kind", sorted(SETUPS))
def test_three_clients_and_a_host_play_a_whole_game_to_one_hash(kind, tmp_path):
    async def play() -> None:
        room = Room(new_game(kind, seed=2), folder=folder_of(tmp_path))
        table = await open_table(room)
        peers = [table.join(name) for name in NAMES]
        await until(game_over(table, peers), GAME_SECONDS, f"a whole {kind} game")
        final = room.game.state_hash()
        assert [peer.hash for peer in peers] == [final] * 3
        # every client made moves for its own seat, none was refused or desynced
        assert all(peer.bot is not None and peer.bot.moves > 0 for peer in peers)
        for peer in peers:
            assert "desync" not in peer.kinds() and "refused" not in peer.kinds()
        assert not [line for line in table.lines if "refused" in line or "desync" in line]
        await table.stop(*peers)
        # the autosave is a scenario that loads (replays) to the same state
        saved = load_saved(tmp_path / "room" / GAME_FILE)
        assert saved.match.state_hash() == final
        assert saved.match.outcome().over

    asyncio.run(play())


def test_a_spectator_who_joins_at_move_ten_ends_on_the_same_hash(tmp_path):
    async def play() -> None:
        room = Room(new_game("crazy-tower", seed=3))
        table = await open_table(room)
        players = [table.join(name) for name in NAMES]
        await until(lambda: room.seq >= 10, GAME_SECONDS, "ten moves")
        watcher = table.join("Eve", role="spectator")
        await until(lambda: watcher.client.replica.game is not None, 30, "the spectator's catch-up")
        assert watcher.client.replica.seat is None
        everyone = [*players, watcher]
        await until(game_over(table, everyone), GAME_SECONDS, "the end of the game")
        assert {peer.hash for peer in everyone} == {room.game.state_hash()}
        welcome = dict(watcher.heard)["welcome"]
        assert welcome["seat"] is None and welcome["token"] is None
        await table.stop(*everyone)

    asyncio.run(play())


def test_the_hosts_computers_play_their_seats_and_every_client_follows():
    async def play() -> None:
        room = Room(new_game("lots", seed=4), computers={"Bob": "random", "Cy": "easy"})
        table = await open_table(room)
        ann = table.join("Ann")
        await until(game_over(table, [ann]), GAME_SECONDS, "a game against two computers")
        assert ann.hash == room.game.state_hash()
        movers = {fields["by"] for kind, fields in ann.heard if kind == "move"}
        assert movers == set(NAMES)
        await table.stop(ann)

    asyncio.run(play())


def test_a_client_that_reaches_another_state_is_told_resynchronised_and_logged(tmp_path):
    async def play() -> None:
        room = Room(new_game("lots", seed=5))
        table = await open_table(room)
        logs = tmp_path / "logs"
        peers = [table.join(name, logs=logs if name == "Ann" else None) for name in NAMES]
        ann = peers[0]

        def placed() -> bool:
            game = ann.client.replica.game
            return game is not None and bool(game.match.world.dynamic_entries)

        await until(placed, GAME_SECONDS, "a first piece in Ann's world")

        # Ann's physics goes its own way behind the protocol's back (as on a machine
        # whose floating point differs): a piece moved by a millionth of a centimetre
        def nudge() -> None:
            body = ann.client.replica.game.match.world.dynamic_entries[0].body
            body.position = (body.position.x + 1e-6, body.position.y)

        await asyncio.get_running_loop().run_in_executor(ann.client.worker, nudge)
        await until(lambda: "desync" in ann.kinds(), 60, "the host noticing Ann's other state")
        await until(game_over(table, peers), GAME_SECONDS, "the game's end after the resync")
        assert {peer.hash for peer in peers} == {room.game.state_hash()}
        written = [fields.get("logs") for kind, fields in ann.heard if kind == "game"]
        paths = next(found for found in written if found)
        assert len(paths) == 2 and all(pathlib.Path(path).exists() for path in paths)
        desync = next(fields for kind, fields in ann.heard if kind == "desync")
        # Both replay headless: the host's reaches the state it records; Ann's log holds
        # the same moves, so it replays to the host's state, not to the one she reached.
        mine, hosts = (json.loads(pathlib.Path(path).read_text()) for path in paths)
        common = min(len(mine["action"]), len(hosts["action"]))  # a move may be in flight
        assert common > 0 and mine["action"][:common] == hosts["action"][:common]
        assert replay_file(paths[1])["state_hash"] == hosts["expect"]["state_hash"]
        assert replay_file(paths[0])["state_hash"] != mine["expect"]["state_hash"]
        assert any("desync" in line and "Ann" in line for line in table.lines)
        assert desync["seq"] >= 1
        await table.stop(*peers)

    asyncio.run(play())


def test_a_live_placement_streamed_as_it_is_made_is_run_ahead_by_the_others():
    from benchmarks.net_latency import LiveMover

    async def play() -> None:
        room = Room(new_game("lots", seed=11, setup={"players": ["Ann", "Bob"]}))
        table = await open_table(room)
        ann = table.join("Ann", level=None)
        mover = LiveMover(ann.client)
        listen = ann.client.on_event

        def heard(kind, fields) -> None:
            listen(kind, fields)
            mover(kind, fields)

        ann.client.on_event = heard
        bob = table.join("Bob")
        await until(lambda: len(mover.sent) >= 2, GAME_SECONDS, "two live placements")
        await until(all_caught_up(table, [ann, bob]), 30, "both clients catching up")
        ran = [fields["ran"] for kind, fields in bob.heard if kind == "live"]
        let_go = [f for kind, f in bob.heard if kind == "live" and f["released"]]
        assert ran and all(ran) and len(let_go) >= 2
        # Every hash each reported after each move matched the host's; and the logs
        # agree (read on each client's own thread: Bob may be running Ann's next ahead)
        assert "desync" not in ann.kinds() + bob.kinds()
        assert not [line for line in table.lines if "desync" in line]
        loop = asyncio.get_running_loop()
        logs = [
            await loop.run_in_executor(peer.client.worker, lambda p=peer: p.client.replica.agreed)
            for peer in (ann, bob)
        ]
        assert min(logs) >= 4
        await table.stop(ann, bob)

    asyncio.run(play())


@pytest.mark.parametrize("computer", [None, "Cy"])
def test_the_saboteur_stays_hidden_from_everyone_else_until_the_game_is_over(computer):
    async def play() -> None:
        setup = {"players": NAMES, "mode": "saboteur"}
        seats = {computer: "random"} if computer else None
        room = Room(new_game("crazy-tower", seed=6, setup=setup, rng=Random(3)), computers=seats)
        saboteur = room.game.match.state.saboteur
        assert saboteur in NAMES  # drawn by the host's own randomness, pinned in its setup
        assert room.game.match.options["saboteur"] == saboteur
        table = await open_table(room)
        peers = {name: table.join(name) for name in NAMES if name != computer}
        watcher = table.join("Eve", role="spectator")
        everyone = [*peers.values(), watcher]
        await until(game_over(table, everyone), GAME_SECONDS, "a whole saboteur game")

        def revealed() -> bool:
            heads = [peer.client.replica.game.head for peer in everyone]
            return all(head["setup"]["saboteur"] == saboteur for head in heads)

        await until(revealed, 20, "the saboteur revealed to everyone at the end")
        for name, peer in [*peers.items(), ("Eve", watcher)]:
            games = [fields for kind, fields in peer.heard if kind == "game"]
            before_end = games[:-1]  # the last is the reveal, once the game is over
            assert before_end and games[-1]["document"]["setup"]["saboteur"] == saboteur
            for fields in before_end:
                shown = fields["document"]["setup"]["saboteur"]
                assert shown == (saboteur if name == saboteur else "?"), name
        assert {peer.hash for peer in everyone} == {room.game.state_hash()}
        assert not [line for line in table.lines if "desync" in line]
        await table.stop(*everyone)

    asyncio.run(play())
