"""Live play survives every interleaving: two or three desks stream hands and live
moves, confirm, undo, leave, rejoin and resync in hundreds of seeded random orders
against a host that relays, refuses and stands in for a player out of time. Nothing
raises anywhere, every move a desk applies reaches the host's hash, and at the end
every copy holds the host's game (tests/net/interleavings.py drives them)."""

from __future__ import annotations

import time

import pytest

from rules.lots import placement_choices
from simulator.games.crazy_tower.live import LiveMove
from simulator.games.live_stage import GONE, HOLDING
from simulator.games.lots.live import LivePlacement
from tests.net.harness import NAMES, SETUPS, new_game
from tests.net.interleavings import Table

# (game, interleavings, events in each): about 25 s in all on one core.
RUNS = [("lots", 120, 60), ("crazy-tower", 80, 60)]
SECONDS = 45.0  # the whole of one game's runs, with room for a slow machine


def _table(kind: str, seed: int) -> Table:
    setup = {**SETUPS[kind], "players": NAMES[: 2 + seed % 2]}  # two or three desks
    return Table(new_game(kind, seed=seed % 7 + 1, setup=setup), seed)


@pytest.mark.parametrize(("kind", "runs", "events"), RUNS)
def test_random_interleavings_raise_nothing_and_every_copy_ends_on_the_hosts_game(
    kind: str, runs: int, events: int
) -> None:
    started = time.monotonic()
    gone = hands = 0
    for seed in range(runs):
        table = _table(kind, seed)
        for _ in range(events):
            table.step()
        table.settle_all()
        room = table.room
        for desk in table.desks:
            assert desk.replica.seq == room.seq, (seed, desk.seat)
            assert desk.game.match.actions == room.game.match.actions, (seed, desk.seat)
            # what runs ahead of a move taken back stays until the next move: the log's
            # world is the host's
            assert desk.game.match.copy().state_hash() == room.game.state_hash(), seed
        gone += sum(desk.gone for desk in table.desks)
        hands += table.hands
    assert time.monotonic() - started < SECONDS
    assert hands > runs  # the hands streamed: the runs did what they are for
    if kind == "lots":
        assert gone > 0  # moves in hand met a world that moved on, and were dropped


def test_a_live_move_whose_world_was_rebuilt_holds_nothing() -> None:
    """The crash of issue 39: a piece id read from a world the match had replaced."""
    game = new_game("lots", setup={"players": NAMES[:2]})
    match = game.match
    while match.state.phase not in ("place", "replace"):
        player = match.state.players[match.state.to_act]
        match.perform({"type": "roll", "player": player})
    live = LivePlacement(match, *placement_choices(match.state)[0])
    assert live.stage == HOLDING and live.held is not None
    match.rebuild()  # the replica went back to the log (the host refused a move)
    assert live.stage == GONE and live.held is None
    with pytest.raises(RuntimeError, match="holds nothing"):
        live.drive(0.0, 10.0, 0.0)


def test_a_crazy_tower_live_move_whose_world_was_rebuilt_holds_nothing() -> None:
    game = new_game("crazy-tower", setup={"players": NAMES[:2], "mode": "competitive"})
    match = game.match
    block = match.state.hands[match.state.current_player][0]
    live = LiveMove(
        match, {"type": "place_block", "player": match.state.current_player, "block": block}
    )
    assert live.held is not None
    match.truncate(match.action_count)
    assert live.stage == GONE and live.held is None
    assert live.landing() is None and live.release_problem() == "the hand holds nothing"
    assert live.settle_chunk() is False
