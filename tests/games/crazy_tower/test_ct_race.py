"""The race in competitive Crazy Tower (bots_race): a placement on a loop box takes a
turn, one beside it leaves the turn to the next player, and the levels that look ahead
take it."""

from __future__ import annotations

from typing import Any

from rules.crazy_tower.cards import deck_cards
from simulator.bots.levels import level
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.bots import CrazyTowerBot
from simulator.games.crazy_tower.bots_race import (
    leaves_loop,
    loop_boxes,
    loop_odds,
    racing,
    takes_loop,
)
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.physics.profile import load_profile

LOOP_CARD = "fc-11"  # "Spiral stair": a loop at its left end (box 0, 0 to 4 cm), red box 4


def _on_loop_card(mode: str = "competitive") -> CrazyTowerMatch:
    """Player 1 has revealed and laid the loop card and must place a block on it."""
    deck = [LOOP_CARD, *(c for c in deck_cards() if c != LOOP_CARD)]
    options: dict[str, Any] = {"mode": mode, "players": ["P1", "P2"], "seed": 4, "deck": deck}
    if mode == "solo":
        options["players"] = ["P1"]
    match = CrazyTowerMatch(options, tower_profile(load_profile(), sleep_given=False))
    match.perform({"type": "reveal_card", "player": "P1"})
    match.perform({"type": "lay_card", "player": "P1", "offset": 0.0})
    assert match.state.top_card == LOOP_CARD
    return match


def _place(at: float) -> dict[str, Any]:
    return {"type": "place_block", "player": "P1", "block": "red-1a", "at": at}


def test_a_block_on_the_loop_box_takes_a_turn_and_one_beside_it_leaves_one() -> None:
    match = _on_loop_card()
    assert racing(match)
    assert loop_boxes(LOOP_CARD) == {0}
    assert takes_loop(match, _place(1.0)) and not leaves_loop(match, _place(1.0))
    # in the middle the loop box stays open, and P2's green and yellow blocks fit it
    assert not takes_loop(match, _place(9.0)) and leaves_loop(match, _place(9.0))
    assert not leaves_loop(match, {"type": "reveal_card", "player": "P1"})


def test_the_race_counts_in_competitive_play_only() -> None:
    assert not racing(_on_loop_card("solo"))


def test_normal_takes_the_loop_box_at_the_card_end_where_easy_keeps_to_the_middle() -> None:
    match = _on_loop_card()
    easy = CrazyTowerBot(7, level("easy")).plan(match)
    assert not takes_loop(match, easy)  # the steadiest spots are near the middle
    action = CrazyTowerBot(7, level("normal")).plan(match)
    assert takes_loop(match, action)
    before = len(match.state.events)
    match.perform(action)  # as planned: the block covers the loop box, P1 plays again
    assert any(e["type"] == "loop" for e in match.state.events[before:])
    assert match.state.current_player == "P1"


def test_expert_reveals_for_the_deck_odds_of_a_loop_where_hard_places_a_block() -> None:
    options = {"mode": "competitive", "players": ["P1", "P2"], "seed": 4}
    match = CrazyTowerMatch(options, tower_profile(load_profile(), sleep_given=False))
    assert loop_odds(match) == 6 / 20  # six of the twenty deck cards have a loop box
    assert CrazyTowerBot(3, level("hard")).plan(match)["type"] == "place_block"
    # the ground floor has no loop box: a reveal places a block all the same and may
    # bring one (1.5 + 10 * 0.3 + 4 points of the red 4-cube block beat its 5.9)
    assert CrazyTowerBot(3, level("expert")).plan(match)["type"] == "reveal_card"
