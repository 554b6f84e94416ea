"""A live placement run ahead of its final action (network play) ends in exactly the
world its full replay gives; an action that does not continue it drops it first."""

from __future__ import annotations

import copy

from benchmarks.net_latency import live_placement
from simulator.app.lots.session import new_match
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.player import RandomPlayer
from simulator.games.runner import perform
from tests.games.streams import streamed as _streamed


def _to_placement(match: LotsMatch, player: RandomPlayer) -> None:
    while match.state.phase != "place":
        kind, what = player.decide(match)
        match.perform(what) if kind == "move" else match.place(what)


def _pair(seed: int = 4) -> tuple[LotsMatch, LotsMatch, dict]:
    """Two matches at the same first placement, and a live placement's action there."""
    first = new_match(["Ann", "Bob"], "1A", seed)
    _to_placement(first, RandomPlayer(seed))
    second = new_match(["Ann", "Bob"], "1A", seed)
    for action in first.actions:
        second.perform(action)
    action = live_placement(first, first.state.players[first.state.current])
    return first, second, action


def test_running_ahead_in_pieces_then_the_final_action_is_bit_exact_with_one_replay():
    replayed, ahead, action = _pair()
    for part in _streamed(action, every=5):
        assert ahead.run_ahead(part)
    assert ahead.run_ahead(action, released=True)
    replayed.perform(action)
    ahead.perform(action)
    assert ahead.state_hash() == replayed.state_hash()
    assert ahead.actions == replayed.actions
    # the log replays to the same state as well
    assert ahead.copy().state_hash() == replayed.state_hash()


def test_a_final_action_that_goes_another_way_drops_what_ran_ahead():
    replayed, ahead, action = _pair(seed=6)
    assert ahead.run_ahead(_streamed(action, every=4)[-1])
    other = copy.deepcopy(action)
    other["path"][-1][1] += 2.0  # let go two centimetres further right
    replayed.perform(other)
    ahead.perform(other)
    assert ahead.state_hash() == replayed.state_hash()


def test_another_move_or_a_copy_drops_a_run_ahead_and_sees_the_logged_world():
    clean, ahead, action = _pair(seed=8)
    assert ahead.run_ahead(_streamed(action, every=3)[-1])
    assert ahead.state_hash() != clean.state_hash()  # the piece is in the air
    assert ahead.copy().state_hash() == clean.state_hash()
    assert ahead.scratch_copy().state.to_dict() == clean.state.to_dict()
    assert ahead.state_hash() == clean.state_hash()  # the scratch copy dropped it first


def test_what_cannot_run_ahead_is_refused_without_a_change():
    clean, ahead, action = _pair(seed=9)
    before = ahead.state_hash()
    wrong_player = {**action, "player": "Zed"}
    assert not ahead.run_ahead(wrong_player)
    assert not ahead.run_ahead({"type": "roll", "player": action["player"]})
    assert not ahead.run_ahead({**action, "path": None})
    assert not ahead.run_ahead({**action, "block": "no-such-piece"})
    assert ahead.state_hash() == before == clean.state_hash()


def test_a_live_path_the_rules_stop_half_way_leaves_the_world_as_the_log_says():
    logged, replayed, action = _pair(seed=4)
    last = action["path"][-1]
    broken = copy.deepcopy(action)  # pressed down and twisted until it slips, then turned over
    broken["path"] += [
        [40, last[1], round(last[2] - 0.5, 3), 30.0, last[4]],
        [1, last[1], round(last[2] - 0.5, 3), 30.0, 1 - last[4]],
    ]
    before = logged.state_hash()
    perform(logged, broken, logged.action_count, seed=4)
    assert logged.notices[-1][1]["type"] == "refused"
    assert logged.state_hash() == before == replayed.state_hash()
    assert logged.copy().state_hash() == before  # the log replays to it
