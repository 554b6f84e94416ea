"""The Crazy Tower match: cards on blocks, boxes from geometry, refusals, the diamonds pull."""

from __future__ import annotations

import pytest

from rules.crazy_tower.cards import deck_cards
from rules.errors import IllegalMove
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.survey import card_coordinate
from simulator.physics.profile import load_profile

ANN, BOB = "Ann", "Bob"
PLAYERS = [{"name": ANN, "colours": ["red", "blue"]}, {"name": BOB, "colours": ["green", "yellow"]}]


def deck(*first: str) -> list[str]:
    return list(first) + [c for c in deck_cards() if c not in first]


def match(*first: str) -> CrazyTowerMatch:
    options = {"mode": "competitive", "players": PLAYERS, "deck": deck(*first)}
    m = CrazyTowerMatch(
        options,
        load_profile(grip=1),
        # grip 1: what this test describes was measured with it (grip 2 differs)
    )
    m.perform({"type": "place_block", "player": ANN, "block": "red-2a", "at": 2.0})
    m.perform({"type": "place_block", "player": BOB, "block": "green-2a", "at": 14.0})
    return m


def test_a_card_laid_on_two_blocks_rests_level_on_them() -> None:
    m = match("fc-01")
    m.perform({"type": "reveal_card", "player": ANN})
    m.perform({"type": "lay_card", "player": ANN, "offset": 0.0})
    assert m.state.floors == ["fc-00", "fc-01"]
    card = m.world.entry("fc-01").pose
    block_top = m.world.entry("red-2a").pose.y + 1.0
    assert abs(card.angle) < 0.002
    assert abs((card.y - 0.15) - block_top) < 0.02  # on the blocks, not sunk into them


def test_a_block_covers_the_boxes_its_settled_shadow_overlaps() -> None:
    m = match()
    m.perform({"type": "place_block", "player": ANN, "block": "blue-2a", "at": 6.5})
    event = m.state.events[-1]
    assert event["type"] == "block_placed" and event["boxes"] == [1, 2]  # 1.5 and 2.5 cm
    entry, card = m.world.entry("blue-2a"), m.world.entry("fc-00")
    assert abs(card_coordinate(card, entry.pose.x, entry.pose.y) - 8.5) < 0.05


def test_a_red_box_placement_is_refused_before_the_physics_and_changes_nothing() -> None:
    m = match("fc-03")
    m.perform({"type": "reveal_card", "player": ANN})
    m.perform({"type": "lay_card", "player": ANN})
    before = (m.state_hash(), m.world.steps, len(m.actions))
    with pytest.raises(IllegalMove, match="cover box 1 of the Left wall card, a red box"):
        m.perform({"type": "place_block", "player": ANN, "block": "blue-2a", "at": 1.0})
    assert (m.state_hash(), m.world.steps, len(m.actions)) == before
    assert "blue-2a" not in m.world


def test_pulling_a_carrying_block_for_a_diamonds_box_brings_the_floor_down() -> None:
    m = match("fc-07")
    m.perform({"type": "reveal_card", "player": ANN})
    m.perform({"type": "lay_card", "player": ANN, "offset": 0.0})
    m.perform({"type": "place_block", "player": ANN, "block": "blue-2a", "at": 4.0})
    assert m.state.phase == "diamonds"
    m.perform({"type": "remove_block", "player": ANN, "block": "green-2a"})
    types = [e["type"] for e in m.state.events]
    assert types[-4:] == ["piece_fell", "piece_fell", "collapse", "game_over"]
    assert "green-2a" in m.state.hands[BOB] and "green-2a" not in m.world
    assert m.state.result["winner"] == BOB


def test_a_block_landing_past_the_card_end_falls_and_is_put_back() -> None:
    m = CrazyTowerMatch({"mode": "competitive", "players": PLAYERS})
    m.perform({"type": "place_block", "player": ANN, "block": "red-2a", "at": 18.5})
    assert m.state.phase == "replace" and m.state.down == ["red-2a"]
    assert "red-2a" not in m.world
    m.perform({"type": "replace_piece", "player": ANN, "piece": "red-2a", "at": 8.0})
    assert m.state.on_card["red-2a"] == "fc-00" and m.state.current_player == BOB
