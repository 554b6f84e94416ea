"""Live moves (the app's hand on the mouse): recorded as paths, replayed exactly, refused
with a reason where the rules or the rulebook say no, the app's clock in timed games."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.crazy_tower.cards import deck_cards
from rules.errors import IllegalMove
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.live import HOLDING, SETTLED, LiveMove
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.survey import card_point
from simulator.games.record import pinned_physics, scenario_text
from simulator.physics.profile import load_profile
from simulator.replay import load_scenario, replay_file
from simulator.scenario.errors import ScenarioError
from tests.games.crazy_tower.ct_scenarios import refusal
from tests.games.streams import streamed as _streamed

ANN, BOB = "Ann", "Bob"
PLAYERS = [{"name": ANN, "colours": ["red", "blue"]}, {"name": BOB, "colours": ["green", "yellow"]}]
PROFILE = tower_profile(load_profile(), sleep_given=False)


def options(*first: str, **more: object) -> dict[str, object]:
    deck = list(first) + [c for c in deck_cards() if c not in first]
    return {"mode": "competitive", "players": PLAYERS, "deck": deck, **more}


def carry(live: LiveMove, card: str, u: float) -> None:
    """Bring the held piece over card coordinate ``u`` of ``card`` and lower it until it
    rests, as a steady mouse would, 8 steps a frame."""
    x, y = card_point(live.match.world.entry(card), u)
    y += 4.0
    for _ in range(60):
        live.drive(x, y, live.base_angle, 8)
    speed = live.hand.settings.lower_speed
    for _ in range(400):
        y -= speed * 8 * live.match.profile.dt
        if live.drive(x, y, live.base_angle, 8):
            return
    raise AssertionError("the piece never came to rest")


def finish(live: LiveMove) -> None:
    assert live.release() is None
    while not live.settle_chunk():
        pass
    assert live.stage == SETTLED and live.after is not None and live.verdict is not None
    live.match.commit_live(live.action(), live.after, live.verdict.fallen)


def replayed(match: CrazyTowerMatch) -> CrazyTowerMatch:
    twin = CrazyTowerMatch(match.options, match.profile)
    for action in match.actions:
        twin.perform(action)
    return twin


def test_a_live_block_and_card_replay_to_the_same_state_from_their_paths(tmp_path: Path) -> None:
    match, _ = _recorded_moves()
    assert match.state.floors == ["fc-00", "fc-01"]
    lay = match.actions[-1]
    assert lay["type"] == "lay_card" and lay["path"] and "offset" not in lay
    assert all(len(row) == 4 and isinstance(row[0], int) for row in lay["path"])
    assert replayed(match).state_hash() == match.state_hash()
    # ... and through a scenario file: the rows survive TOML exactly.
    path = tmp_path / "live.toml"
    doc = {
        "format": "towersim/1",
        "kind": "crazy-tower",
        "seed": 0,
        "physics": pinned_physics(match.profile),  # the grip it ran with, as saves record
        "setup": {k: v for k, v in match.options.items()},
        "action": match.actions,
        "expect": {"state_hash": match.state_hash()},
    }
    path.write_text(scenario_text(doc, path))
    assert replay_file(str(path))["ok"]


def test_a_release_over_a_red_box_is_refused_and_the_piece_stays_in_the_hand() -> None:
    match = CrazyTowerMatch(options("fc-03"), PROFILE)
    match.perform({"type": "place_block", "player": ANN, "block": "red-2a", "at": 2.0})
    match.perform({"type": "place_block", "player": BOB, "block": "green-2a", "at": 14.0})
    match.perform({"type": "reveal_card", "player": ANN})
    match.perform({"type": "lay_card", "player": ANN})
    live = LiveMove(match, {"type": "place_block", "player": ANN, "block": "blue-2a"})
    carry(live, "fc-03", 2.0)  # over box 0, the red one
    assert "cover box 1 of the Left wall card, a red box" in (live.release_problem() or "")
    assert "cover box 1 of the Left wall card, a red box" in (live.release() or "")
    assert live.stage == HOLDING


def test_a_recorded_path_the_rules_refuse_changes_nothing() -> None:
    match = CrazyTowerMatch(options(), PROFILE)
    match.perform({"type": "place_block", "player": ANN, "block": "red-2a", "at": 8.0})
    before = (match.state_hash(), len(match.actions))
    beside = {"type": "place_block", "player": BOB, "block": "green-2a"}
    with pytest.raises(IllegalMove, match="would miss the Ground floor card"):
        match.perform({**beside, "path": [[900, 25.0, 5.0, 0.0]]})
    with pytest.raises(IllegalMove, match="not one of Bob's unplayed blocks"):
        match.perform({**beside, "block": "red-1a", "path": [[10, 0.0, 5.0, 0.0]]})
    assert (match.state_hash(), len(match.actions)) == before


def test_a_pull_by_hand_takes_the_block_out_when_it_clears_the_cards() -> None:
    match = CrazyTowerMatch(options("fc-07"), PROFILE)
    for action in (
        {"type": "place_block", "player": ANN, "block": "red-2a", "at": 2.0},
        {"type": "place_block", "player": BOB, "block": "green-2a", "at": 14.0},
        {"type": "place_block", "player": ANN, "block": "blue-1a", "at": 9.0},
        {"type": "reveal_card", "player": BOB},
        {"type": "lay_card", "player": BOB, "offset": 0.0},
        {"type": "place_block", "player": BOB, "block": "yellow-2a", "at": 12.0},
        {"type": "place_block", "player": ANN, "block": "red-2b", "at": 4.0},
    ):
        match.perform(action)
    assert match.state.phase == "diamonds"
    live = LiveMove(match, {"type": "remove_block", "player": ANN, "block": "blue-1a"})
    assert live.release_problem() and "sideways" in live.release_problem()
    pose = live.held.pose
    for step in range(200):
        if live.drive(pose.x + 0.1 * step, pose.y, live.base_angle, 8):
            break
    assert live.stage != HOLDING and "blue-1a" not in match.world
    while not live.settle_chunk():
        pass
    assert live.after is not None and "blue-1a" in live.after.hands[ANN]
    match.commit_live(live.action(), live.after, live.verdict.fallen)
    assert replayed(match).state_hash() == match.state_hash()


def test_a_challenge_handicap_acts_on_a_live_move_as_on_a_scripted_one() -> None:
    solo = {"mode": "solo", "players": ["Solo"], "challenge": 13, "seed": 2}
    match = CrazyTowerMatch(solo, PROFILE)
    live = LiveMove(match, {"type": "place_block", "player": "Solo", "block": "red-3a"})
    assert live.base_angle == 90.0 and live.jitter.any  # on its side, a steady-ish hand
    carry(live, "fc-00", 10.0)
    finish(live)
    assert replayed(match).state_hash() == match.state_hash()


def test_the_apps_clock_ends_a_timed_challenge() -> None:
    solo = {"mode": "solo", "players": ["Solo"], "challenge": 9}
    match = CrazyTowerMatch(solo, PROFILE)
    match.perform({"type": "reveal_card", "player": "Solo", "elapsed": 12.5})
    assert match.state.elapsed == 12.5
    with pytest.raises(IllegalMove, match="seconds"):
        match.perform({"type": "clock", "player": "Solo", "elapsed": -1})
    match.perform({"type": "clock", "player": "Solo", "elapsed": 61.0})
    assert match.state.result and match.state.result["reason"] == "out_of_time"


BAD_ACTIONS = [
    ('{ type = "place_block", player = "Ann", block = "red-1a", path = [[1, 2, 3]] }', "path"),
    ('{ type = "place_block", player = "Ann", block = "red-1a", path = [] }', "path"),
    ('{ type = "place_block", player = "Ann", block = "red-1a", path = [[-1, 0, 0, 0]] }', "path"),
    (
        '{ type = "place_block", player = "Ann", block = "red-1a", at = 3.0, '
        "path = [[1, 0, 0, 0]] }",
        "a live move (path) has no 'at'",
    ),
    (  # a day of simulated time in one move: a broken file, refused at once
        '{ type = "place_block", player = "Ann", block = "red-1a", '
        "path = [[100000000, 0, 10, 0]] }",
        "action #1: path: the hand's path lasts 100000000 steps, more than 60 minutes",
    ),
    (
        '{ type = "place_block", player = "Ann", block = "red-1a", '
        "path = [[2000000, 0, 10, 0], [2000000, 0, 9, 0]] }",
        "the hand's path lasts 4000000 steps",
    ),
    ('{ type = "clock", player = "Ann" }', "needs 'elapsed'"),
    (
        '{ type = "reveal_card", player = "Ann", elapsed = -2.0 }',
        "elapsed: must be from 0 to 3600 s, not -2",
    ),
]


@pytest.mark.parametrize(("action", "fault"), BAD_ACTIONS)
def test_a_bad_live_action_is_one_clear_line(tmp_path: Path, action: str, fault: str) -> None:
    assert fault in refusal(tmp_path, actions=action)


@pytest.mark.parametrize(
    ("table", "fault"),
    [
        ('Cy = "easy"', "'Cy' is not one of the players"),
        ('Bob = "genius"', "must be one of"),
    ],
)
def test_the_computer_seats_are_checked(tmp_path: Path, table: str, fault: str) -> None:
    assert fault in refusal(tmp_path, setup=f"[setup.computers]\n{table}\n")


def test_the_apps_hand_is_read_and_an_unknown_one_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "hand.toml"
    head = 'format = "towersim/1"\nkind = "crazy-tower"\n[setup]\nplayers = ["Ann", "Bob"]\n'
    path.write_text(head + 'hand = "shaky"\n')
    assert load_scenario(path).scenario.hand == "shaky"
    path.write_text(head)
    assert load_scenario(path).scenario.hand is None
    path.write_text(head + 'hand = "wobbly"\n')
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert "[setup]: hand: must be one of" in message and "'wobbly'" in message
    assert "\n" not in message


def _recorded_moves() -> tuple[CrazyTowerMatch, list[dict]]:
    """A match's two live blocks and a live floor card, as the app records them."""
    match = CrazyTowerMatch(options("fc-01"), PROFILE)
    for player, block, u in ((ANN, "red-4a", 5.0), (BOB, "green-4a", 15.0)):
        live = LiveMove(match, {"type": "place_block", "player": player, "block": block})
        carry(live, "fc-00", u)
        finish(live)
    match.perform({"type": "reveal_card", "player": ANN})
    live = LiveMove(match, {"type": "lay_card", "player": ANN})
    carry(live, "fc-00", 10.0)
    finish(live)
    return match, match.actions


def test_live_moves_run_ahead_in_pieces_end_bit_exact_with_their_replay() -> None:
    recorded, actions = _recorded_moves()
    ahead = CrazyTowerMatch(options("fc-01"), PROFILE)
    for action in actions:
        if action.get("path"):
            for part in _streamed(action, every=3):
                assert ahead.run_ahead(part)
            assert ahead.run_ahead(action, released=True)
            ahead.settle_ahead(2)  # a screen settles a few looks a frame
            assert ahead.settle_ahead()
        ahead.perform(action)
    assert ahead.state_hash() == recorded.state_hash()
    assert ahead.actions == recorded.actions


def test_a_move_that_goes_another_way_or_cannot_run_ahead_leaves_the_logged_world() -> None:
    _, actions = _recorded_moves()
    first = actions[0]
    ahead = CrazyTowerMatch(options("fc-01"), PROFILE)
    clean = CrazyTowerMatch(options("fc-01"), PROFILE)
    assert not ahead.run_ahead({**first, "player": BOB})  # not Bob's turn
    assert not ahead.run_ahead({"type": "reveal_card", "player": ANN})
    assert ahead.state_hash() == clean.state_hash()
    assert ahead.run_ahead(_streamed(first, every=3)[-1])
    other = {**first, "path": [list(row) for row in first["path"]]}
    other["path"][-1][1] += 1.5  # let go a centimetre and a half further along
    ahead.perform(other)
    clean.perform(other)
    assert ahead.state_hash() == clean.state_hash()
