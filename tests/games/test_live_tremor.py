"""A chosen hand's tremor in a live, mouse-driven placement (hand model 2): the held
piece wobbles about the mouse's target at the tremor's frequency, the action records the
tremor, and the recording replays bit for bit, in LOTS and in Crazy Tower."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rules.crazy_tower.cards import deck_cards
from rules.lots import LotsOptions
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.live import LiveMove
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.lots.live import HOLDING, LivePlacement
from simulator.games.lots.match import LotsMatch
from simulator.games.record import pinned_physics, scenario_text
from simulator.physics.profile import load_profile
from simulator.replay import load_scenario, replay_file
from simulator.scenario.errors import ScenarioError

# A 35-year-old's tremor, 0.01 cm RMS about 9.85 Hz (docs/hand.md), as the app records it.
TREMOR = [0.01, 9.85, 1.25, 4242]
HOLD_STEPS = 4000


def _lots() -> LotsMatch:
    match = LotsMatch(LotsOptions(players=("Ann",), footprint="1A", seed=3))
    match.perform({"type": "roll", "player": "Ann"})
    return match


def _held_wobble(tremor: list[float] | None) -> tuple[np.ndarray, float]:
    """The held piece's x while the mouse holds still 10 cm over the lot, and dt."""
    match = _lots()
    block = match.state.banks[0][0]
    live = LivePlacement(match, block, tremor=tremor)
    x, y = live.held.pose.x + 10.0, live.held.pose.y
    for _ in range(200):  # travel there first
        live.drive(x, y, 0.0, 8)
    xs = []
    for _ in range(HOLD_STEPS):
        live.drive(x, y, 0.0, 1)
        xs.append(live.held.pose.x)
    return np.asarray(xs), match.profile.dt


def test_a_trembling_live_hand_wobbles_the_held_piece_at_its_frequency() -> None:
    xs, dt = _held_wobble(TREMOR)
    wobble = xs - xs.mean()
    assert 0.003 < wobble.std() < 0.03  # of the order of the tremor's 0.01 cm RMS
    spectrum = np.abs(np.fft.rfft(wobble))
    assert 8.0 <= np.fft.rfftfreq(len(wobble), dt)[spectrum.argmax()] <= 12.0
    steady, _ = _held_wobble(None)  # the mouse's own hand: exact, still
    assert steady.std() < 1e-4


def _placed_live(tremor: list[float] | None) -> tuple[LotsMatch, dict]:
    """A block placed live on 1A and let go; the match (not yet told) and its action."""
    match = _lots()
    block = match.state.banks[0][0]
    live = LivePlacement(match, block, tremor=tremor)
    x = match.lot.column_x(3.0)
    for _ in range(100):
        live.drive(x, 8.0, 0.0, 8)
    y = 8.0
    while live.stage == HOLDING and not live.drive(x, y, 0.0, 8):
        y -= 0.05
    live.release()
    while not live.settle_chunk():
        pass
    return match, live.placement().as_action("Ann")


def _replayed(match: LotsMatch, action: dict) -> LotsMatch:
    twin = LotsMatch(match.options)
    for recorded in [*match.actions, action]:
        twin.perform(recorded)
    return twin


def test_a_live_lots_placement_records_its_tremor_and_replays_bit_for_bit(
    tmp_path: Path,
) -> None:
    match, action = _placed_live(TREMOR)
    assert action["tremor"] == TREMOR and action["path"]
    block = action["block"]
    twin = _replayed(match, action)
    # the replay ends the piece where the live run did, bit for bit
    assert twin.world.entry(block).pose == match.world.entry(block).pose
    assert _replayed(match, action).state_hash() == twin.state_hash()
    # the tremor is part of what happened: the same path without it ends elsewhere
    steady = _replayed(match, {k: v for k, v in action.items() if k != "tremor"})
    assert steady.world.entry(block).pose != twin.world.entry(block).pose
    match = twin
    # and a save of it replays to the same hash
    path = tmp_path / "live.toml"
    doc = {
        "format": "towersim/1",
        "kind": "lots",
        "seed": 3,
        "physics": pinned_physics(match.profile),
        "setup": match.setup_table(),
        "action": match.actions,
        "expect": {"state_hash": match.state_hash()},
    }
    path.write_text(scenario_text(doc, path))
    assert replay_file(str(path))["ok"]


CT_PROFILE = tower_profile(load_profile(), sleep_given=False)
PLAYERS = [
    {"name": "Ann", "colours": ["red", "blue"]},
    {"name": "Bob", "colours": ["green", "yellow"]},
]


def _ct_live(tremor: list[float] | None) -> CrazyTowerMatch:
    options = {"mode": "competitive", "players": PLAYERS, "deck": list(deck_cards())}
    match = CrazyTowerMatch(options, CT_PROFILE)
    action = {"type": "place_block", "player": "Ann", "block": "red-2a"}
    if tremor is not None:
        action["tremor"] = tremor
    live = LiveMove(match, action)
    card = match.world.entry(match.state.floors[0])
    x, y = card.pose.x, card.pose.y + 4.0
    for _ in range(60):
        live.drive(x, y, live.base_angle, 8)
    while live.stage == HOLDING and not live.drive(x, y, live.base_angle, 8):
        y -= 0.05
    assert live.release() is None
    while not live.settle_chunk():
        pass
    assert live.after is not None and live.verdict is not None
    match.commit_live(live.action(), live.after, live.verdict.fallen)
    return match


def test_a_live_crazy_tower_move_records_its_tremor_and_replays_bit_for_bit() -> None:
    match = _ct_live(TREMOR)
    action = match.actions[-1]
    assert action["tremor"] == TREMOR and action["path"]
    twin = CrazyTowerMatch(match.options, match.profile)
    for recorded in match.actions:
        twin.perform(recorded)
    assert twin.state_hash() == match.state_hash()
    assert _ct_live(None).state_hash() != match.state_hash()


@pytest.mark.parametrize("tremor", ["[0.01, 9.85, 1.25]", "[0.01, 400.0, 1.25, 3]"])
def test_a_bad_tremor_on_a_live_move_is_one_clear_line(tmp_path: Path, tremor: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'format = "towersim/1"\nkind = "crazy-tower"\nseed = 0\n'
        '[setup]\nmode = "competitive"\n'
        'players = [{name = "Ann", colours = ["red", "blue"]},\n'
        '           {name = "Bob", colours = ["green", "yellow"]}]\n'
        '[[action]]\ntype = "place_block"\nplayer = "Ann"\nblock = "red-2a"\n'
        f"path = [[10, 0.0, 9.0, 0.0]]\ntremor = {tremor}\n"
    )
    with pytest.raises(ScenarioError) as caught:
        load_scenario(str(path))
    assert "tremor" in str(caught.value) and "\n" not in str(caught.value).strip()
