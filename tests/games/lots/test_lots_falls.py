"""What fell in a LOTS placement: one definition for the app's live placement, the
headless match replaying it and the bots (issue 23, item 1)."""

from __future__ import annotations

from typing import Any

from rules.footprints import get_footprint
from rules.lots import LotsOptions, apply_move, spec_of
from simulator.bots.dexterity import Jitter
from simulator.games.lots.bots_risk import ACCIDENT, OWN_FALL, PIECE_LOST, rollout
from simulator.games.lots.falls import LOT_BODY, carried, fallen_pieces
from simulator.games.lots.live import HOLDING, LivePlacement
from simulator.games.lots.match import LotsMatch, Placement
from simulator.physics.lot import build_lot
from simulator.physics.monitor import Monitor, MotionEvent
from simulator.physics.profile import load_profile
from simulator.physics.settle import settle
from simulator.physics.world import Pose, World

# Ann, Ben and Cy on the 6-wide lot 1A: three blocks stand on it (blue-1 and blue-2
# side by side, orange-1 on blue-1), and Ann holds a T (yellow-1) for the fourth.
TOWER = [
    {"type": "roll", "player": "Ann"},
    {"type": "place", "player": "Ann", "block": "blue-1", "col": 2},
    {"type": "roll", "player": "Ben"},
    {"type": "place", "player": "Ben", "block": "orange-1", "col": 3},
    {"type": "roll", "player": "Cy"},
    {"type": "place", "player": "Cy", "block": "blue-2", "col": 0},
    {"type": "pass", "player": "Cy"},
    {"type": "roll", "player": "Ann"},
]
# The T picked up left of the lot, lowered to 2 cm above the table, then swept right
# through the tower's bottom floor and far past the lot: the tower lands in a heap
# beside it, orange-1 on top of a blue block, not touching the table.
SWEEP = [[200, -15.5, 2.0, 0.0, 0], [600, 30.0, 2.0, 0.0, 0]]
EVERY_PIECE = {"blue-1", "blue-2", "orange-1", "yellow-1"}


def _tower(grip: int = 1) -> LotsMatch:
    """The first grip carries the T through the whole sweep (grip 2 lets it slip out of
    the fingers at the tower: the last test here)."""
    options = LotsOptions(players=("Ann", "Ben", "Cy"), footprint="1A", seed=3)
    match = LotsMatch(options, load_profile(grip=grip))
    for action in TOWER:
        match.perform(action)
    assert set(match.state.tower) == {"blue-1", "blue-2", "orange-1"}
    assert match.state.banks[0] == ["red-1", "yellow-1"]
    return match


def _swept_live(match: LotsMatch) -> LivePlacement:
    """The sweep as the app runs it: the mouse drives the hand step by step."""
    live = LivePlacement(match, "yellow-1")
    for steps, x, y, angle, _ in SWEEP:
        if live.stage == HOLDING:
            live.drive(x, y, angle, steps)
    if live.stage == HOLDING:
        live.release()
    while not live.settle_chunk():
        pass
    assert live.outcome is not None
    return live


def _accidents(match: LotsMatch, player: str) -> list[dict[str, Any]]:
    return [e for e in match.state.events if e["type"] == "accident" and e["player"] == player]


def test_a_tower_swept_off_the_lot_falls_whole_in_that_placement_and_no_one_else_pays() -> None:
    match = _tower()
    live = _swept_live(match)
    fallen = live.outcome.fallen if live.outcome else ()
    # orange-1 never touched the table (it lies on a blue block beside the lot), yet
    # it is off the tower as the settle ends: it fell in this placement.
    assert "orange-1" not in live.monitor.fallen
    assert set(fallen) == EVERY_PIECE and len(fallen) == len(EVERY_PIECE)
    assert live.outcome is not None and dict(live.outcome.cells) == {}
    assert [e.id for e in match.world.dynamic_entries] == []  # the heap left the world

    # The app's confirm: the rules' verdict on the live outcome, then the commit.
    state = match.state
    after = apply_move(state, {"type": "place", "player": 0, "outcome": live.outcome})
    assert sorted(after.removed) == ["blue-1", "blue-2", "orange-1"]
    match.commit_live(live.placement().as_action("Ann"), after)
    assert len(_accidents(match, "Ann")) == 3

    # Ann puts her T back; then Ben's turn: nothing of Ann's heap is charged to him.
    assert match.place(Placement(block="yellow-1", col=0)).fallen == ()
    while match.state.phase != "place" or match.state.current != 1:
        seat = match.state.to_act
        kind = "roll" if match.state.phase == "roll" else "pass"
        match.perform({"type": kind, "player": seat})
    assert match.place(Placement(block="blue-3", col=3)).fallen == ()
    assert _accidents(match, "Ben") == []
    assert match.state.removed == after.removed


def test_the_recorded_sweep_replayed_headless_names_the_same_fallen_pieces() -> None:
    live_match = _tower()
    live = _swept_live(live_match)
    action = live.placement().as_action("Ann")
    assert action["path"] == SWEEP  # what the app's save holds
    headless = _tower()
    verdict = headless.perform(action)
    assert verdict is not None and live.outcome is not None
    assert set(verdict.fallen) == EVERY_PIECE
    assert verdict.fallen == live.outcome.fallen
    assert verdict.outcome == live.outcome
    assert headless.state_hash() == live_match.world.state_hash(
        extra=headless.state.digest().encode()
    )


def test_a_bot_rollout_of_the_sweep_charges_the_whole_heap() -> None:
    sample = rollout(_tower(), Placement(block="yellow-1", path=SWEEP), Jitter())
    # Three of the others' pieces fell and the T must be placed again; nothing scored.
    assert sample.fell
    assert sample.value == -(ACCIDENT + 3 * PIECE_LOST + OWN_FALL)


def test_the_lot_carries_what_rests_on_it_and_nothing_that_rests_on_a_fallen_piece() -> None:
    """Without a hand: an O on the lot, an O on the table beside it, an O on that one
    (never touching the table) and an O on the first, overhanging the lot's edge."""
    world = World(load_profile())
    lot = build_lot(world, get_footprint("1A"), spec_of("red-1").cell_size)
    o = spec_of("orange-1")
    half = o.cell_size  # an O is two cells wide and high
    base = lot.grid.origin[1]
    poses = {
        "orange-1": Pose(lot.right - half - 0.1, base + half, 0.0),
        "orange-2": Pose(lot.right + 10.0, half, 0.0),
        "orange-3": Pose(lot.right + 10.0, 3 * half + 0.01, 0.0),
        "orange-4": Pose(lot.right - 0.5, base + 3 * half + 0.01, 0.0),
    }
    for piece, pose in poses.items():
        world.add_piece(piece, o, pose, world.material(o.material))
    monitor = Monitor(world, support=(lot.left, lot.right))
    settle(world, monitor)
    assert carried(world, LOT_BODY) == {"orange-1", "orange-4"}
    assert fallen_pieces(world, poses, monitor) == ["orange-2", "orange-3"]
    # A piece the monitor saw touch the table is fallen wherever it lies, and so is
    # what rests on it; those the monitor saw come first, in the order they fell.
    monitor.events.append(MotionEvent(world.time, "orange-1", "fell", "touched the table"))
    assert fallen_pieces(world, poses, monitor) == ["orange-2", "orange-1", "orange-3", "orange-4"]


def test_the_app_never_records_a_path_its_loader_refuses() -> None:
    """A wrist turned past a hundred turns, the mouse beyond the play area and a hold past
    an hour: the live path stays within the ranges a save is read with."""
    from simulator.games.actions import path_steps_left
    from simulator.scenario.ranges import MAX_PATH_SECONDS, PATH

    match = _tower()
    live = LivePlacement(match, "yellow-1")
    live.drive(-15.5, 20.0, 50_000.0, 3)
    live.drive(900.0, 20.0, 0.0, 2)
    path = live.paths[-1]
    assert path[0][3] == PATH["angle"].maximum and path[1][1] == PATH["x"].maximum
    most = int(MAX_PATH_SECONDS / match.profile.dt)
    path[-1][0] = most - 5  # as if held for most of an hour (the steps are not run)
    live.drive(-15.5, 20.0, 0.0, 100)
    assert sum(row[0] for row in live.paths[-1]) == most
    assert path_steps_left(live.paths[-1], match.profile.dt) == 0


def test_with_the_yielding_grip_the_sweep_drops_the_piece_and_the_save_replays_it() -> None:
    """Grip 2: the T slips out of the fingers against the tower. The move goes on as if
    let go there, the path ends at the slip, and the save replays to the same state."""
    live_match = _tower(grip=2)
    live = _swept_live(live_match)
    assert live.dropped
    path = live.placement().path
    assert path is not None and sum(row[0] for row in path) < 800  # cut at the slip
    action = live.placement().as_action("Ann")
    headless = _tower(grip=2)
    verdict = headless.perform(action)
    assert verdict is not None and verdict.fallen == live.outcome.fallen
    assert headless.state_hash() == live_match.world.state_hash(
        extra=headless.state.digest().encode()
    )
    assert live_match.state.tower  # the tower was not carried off the lot whole
