"""A computer player never stops a LOTS game for want of a spot (issue 42): where the
bot and the random player were refused as often as the game allows, the last resort
tries every placement the rules accept (simulator/games/lots/resort.py)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from rules.errors import IllegalMove
from rules.lots import LotsOptions
from simulator.bots.cli import Seats
from simulator.bots.dexterity import get_profile
from simulator.games.computer_seat import play_on, play_turns
from simulator.games.lots.bots import COMPUTERS
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.resort import ENOUGH, SILENT, LastResort, every_placement, rehearse

# The lab's LOTS game that stopped (docs/balance/lots-solo-normal-p50, seed 8): solo 1B,
# a normal bot with the p50 hand; the fixture holds its actions up to the stop.
SEED, FOOTPRINT = 8, "1B"
SEATS = Seats({0: "normal"}, {0: get_profile("p50")})


@pytest.fixture(autouse=True)
def recorded_on_rest_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """The positions were recorded when new games settled on rest 2; rest 3 (a piece
    resting past the lot's outline is taken back) would judge their moves otherwise."""
    monkeypatch.setattr("simulator.physics.profile.new_games_rest", lambda: 2)


def stuck() -> LotsMatch:
    match = LotsMatch(LotsOptions(players=("Player 1",), footprint=FOOTPRINT, seed=SEED))
    actions = json.loads((Path(__file__).parent / "solo_1B_seed8_stuck.json").read_text())
    for action in actions:
        match.perform(action)
    return match


def test_the_known_position_stopped_the_game_without_a_last_resort():
    match = stuck()
    without = dataclasses.replace(COMPUTERS, last_resort=None)
    with pytest.raises(IllegalMove, match="no legal spot"):
        play_turns(match, without.seated(match, SEATS, SEED), 5)
    assert match.state.phase == "place" and not match.state.over


def test_the_last_resort_lists_only_what_the_rules_accept_and_moves_the_seat_on():
    match = stuck()
    found = every_placement(match)
    assert found  # the rules accept drops the bots' standing columns hid
    for placement in found:
        match.reach(placement)  # the rules' check before the physics: no IllegalMove
    resort = LastResort(0)
    kind, placement = resort.decide(match)
    assert kind == "place" and placement in found and not resort.exhausted
    tried = rehearse(match, placement)
    assert tried is not None and tried.fell == 0  # the least bad stood in its rehearsal
    # The seat as every game drives it: refused as often as the game allows, the bot
    # and the random player hand the position to the last resort, which goes down its
    # list (a rehearsal is close to, not exactly, the real move) until one is accepted.
    before = match.action_count
    play_turns(match, COMPUTERS.seated(match, SEATS, SEED), 1)
    assert match.action_count == before + 1
    assert match.actions[-1]["type"] == "place"


def test_a_game_that_used_to_stop_plays_to_its_end():
    match = LotsMatch(LotsOptions(players=("Player 1",), footprint=FOOTPRINT, seed=SEED))
    assert play_on(match, SEATS, SEED) is None
    assert match.state.over


def test_the_last_resort_says_why_it_gives_up(monkeypatch: pytest.MonkeyPatch):
    match = stuck()
    resort = LastResort(0)
    resort._position = (match.action_count, [], 0)
    with pytest.raises(IllegalMove, match="every place tried"):
        resort.decide(match)
    assert resort.exhausted
    # where the rules accept no placement at all, the rulebook is silent: it says so
    monkeypatch.setattr("simulator.games.lots.resort.every_placement", lambda m: [])
    with pytest.raises(IllegalMove, match="rulebook does not say"):
        LastResort(0).decide(match)
    assert SILENT.startswith("no block can be placed")


def test_a_competitive_last_resort_looks_no_further_than_it_needs():
    match = LotsMatch(LotsOptions(players=("Ann", "Ben"), footprint="1A", seed=3))
    match.perform({"type": "roll", "player": match.state.players[match.state.to_act]})
    assert match.state.phase == "place"
    found = every_placement(match)
    assert len(found) > ENOUGH  # a bare lot takes a block almost anywhere
    kind, placement = LastResort(0).decide(match)
    assert kind == "place" and placement.cube is None  # a cube stays optional
    tried = rehearse(match, placement)
    assert tried is not None and tried.fell == 0
