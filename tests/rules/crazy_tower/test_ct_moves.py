"""Crazy Tower moves with hand-written outcomes: turns, the one-colour rule, red
boxes, each special box, pieces put back, collapse."""

from __future__ import annotations

import pytest
from ct_helpers import game, new_floor, place

from rules.crazy_tower import (
    BlockOutcome,
    FloorCardOutcome,
    RemovalOutcome,
    check_placement,
    exchange,
    lay_card,
    legal_moves,
    pass_turn,
    place_block,
    remove_block,
    replace_piece,
    reveal_card,
    scores,
    skip_removal,
)
from rules.errors import IllegalMove

DUO = [{"name": "Ann", "colours": ["red", "blue"]}, {"name": "Bob", "colours": ["green", "yellow"]}]


def refused(move, state, *args, match: str | None = None):
    """Assert that the move is refused and the state is left exactly as it was."""
    before = state.to_dict()
    with pytest.raises(IllegalMove, match=match):
        move(state, *args)
    assert state.to_dict() == before


def test_move_a_puts_a_block_on_the_top_card():
    s = game("competitive", DUO)
    s = place(s, "red-4a", {1, 2})
    assert s.on_card == {"red-4a": "fc-00"} and s.covers == {"red-4a": [1, 2]}
    assert scores(s) == {"Ann": 37, "Bob": 42}
    assert s.current_player == "Bob" and s.turn == 2 and s.phase == "turn"
    assert s.events[-1]["type"] == "block_placed" and s.events[-1]["player"] == "Ann"


def test_move_b_reveals_lays_then_places_on_the_new_card():
    s = game("competitive", DUO, "fc-01")
    s = reveal_card(s, "Ann")
    assert s.phase == "lay_card" and s.revealed == "fc-01" and len(s.deck) == 19
    assert legal_moves(s) == [{"type": "lay_card", "player": "Ann", "card": "fc-01"}]
    refused(place_block, s, "Ann", BlockOutcome("red-1a", 0, {0}), match="lay the revealed")
    refused(lay_card, s, "Ann", FloorCardOutcome("fc-02"), match="revealed card is fc-01")
    s = lay_card(s, "Ann", FloorCardOutcome("fc-01"))
    assert s.floors == ["fc-00", "fc-01"] and s.phase == "place"
    assert all(m["type"] == "place_block" for m in legal_moves(s))  # no second reveal
    refused(place_block, s, "Ann", BlockOutcome("red-1a", 0, {0}), match="top floor card")
    s = place(s, "red-1a", {0})
    assert s.on_card == {"red-1a": "fc-01"} and s.current_player == "Bob"


def test_wrong_player_and_unknown_blocks_are_refused():
    s = game("competitive", DUO)
    refused(place_block, s, "Bob", BlockOutcome("green-1a", 0, {0}), match="Ann's turn")
    refused(place_block, s, "Ann", BlockOutcome("green-1a", 0, {0}), match="not one of Ann's")
    refused(place_block, s, "Ann", BlockOutcome("pink-1a", 0, {0}), match="no block")
    refused(place_block, s, "Ann", BlockOutcome("red-1a", None, {0}), match="which floor")
    refused(place_block, s, "Ann", BlockOutcome("red-1a", 0, {5}), match="box indices")


def test_never_two_blocks_of_one_colour_on_one_card():
    s = game("competitive", DUO, "fc-01")
    s = place(s, "red-1a", {0})
    s = place(s, "green-1a", {1})
    refused(place_block, s, "Ann", BlockOutcome("red-2a", 0, {3}), match="already holds a red")
    assert {m["block"] for m in legal_moves(s) if m["type"] == "place_block"} == {
        "blue-1a",
        "blue-1b",
        "blue-2a",
        "blue-2b",
        "blue-3a",
        "blue-3b",
        "blue-4a",
    }
    s = place(s, "blue-2a", {3})  # another colour is fine
    s = place(s, "yellow-1a", {4})
    # floor 0 now holds all four colours: only move B is left
    assert [m["type"] for m in legal_moves(s)] == ["reveal_card"]
    s = new_floor(s)
    s = place(s, "red-2a", {2})  # red again, on the new card
    assert s.on_card["red-2a"] == "fc-01"


def test_red_box_may_not_be_covered():
    s = game("competitive", DUO, "fc-03")  # red box 0
    s = new_floor(s)
    with pytest.raises(IllegalMove, match="cover box 1 of the Left wall card, a red box"):
        check_placement(s, "red-2a", {0, 1})
    check_placement(s, "red-2a", {1, 2})  # a candidate clear of the red box passes
    refused(place_block, s, "Ann", BlockOutcome("red-2a", 1, {0, 1}), match="red box")
    s = place(s, "red-2a", {1, 2})
    assert s.on_card["red-2a"] == "fc-03"


def test_diamonds_removes_a_lower_block_back_to_its_owner():
    s = game("competitive", DUO, "fc-07")  # diamonds in box 1
    s = place(s, "red-1a", {0})
    s = place(s, "green-3a", {2, 3})
    assert scores(s) == {"Ann": 41, "Bob": 38}
    s = new_floor(s)
    s = place(s, "blue-2a", {1, 2})  # covers the diamonds box
    assert s.phase == "diamonds" and s.current_player == "Ann"
    moves = legal_moves(s)
    assert {m.get("block") for m in moves} == {"red-1a", "green-3a", None}  # None: skip
    # only blocks on lower floor cards: blue-2a itself is on the diamonds card
    refused(remove_block, s, "Ann", RemovalOutcome("blue-2a"), match="below fc-07")
    s = remove_block(s, "Ann", RemovalOutcome("green-3a"))
    assert "green-3a" not in s.on_card and s.hands["Bob"][-1] == "green-3a"
    assert scores(s) == {"Ann": 38, "Bob": 42}
    assert s.current_player == "Bob" and s.phase == "turn"
    assert s.events[-1]["type"] == "block_removed" and s.events[-1]["to"] == "Bob"


def diamonds_over_two_blocks():
    """Ann's turn to remove, after blue-2a covered the diamonds above red-1a and green-1a."""
    s = game("competitive", DUO, "fc-07")
    s = place(s, "red-1a", {0})
    s = place(s, "green-1a", {2})
    s = new_floor(s)
    return place(s, "blue-2a", {1})


def test_diamonds_removal_is_a_choice():
    s = diamonds_over_two_blocks()
    s = skip_removal(s, "Ann")
    assert s.current_player == "Bob" and len(s.on_card) == 3


def test_diamonds_with_nothing_below_is_skipped():
    s = game("competitive", DUO, "fc-07")
    s = new_floor(s)  # floor 0 is empty
    s = place(s, "red-1a", {1})
    assert s.current_player == "Bob"
    assert "diamonds_skipped" in [e["type"] for e in s.events]


def test_diamonds_pull_can_knock_a_block_off():
    s = diamonds_over_two_blocks()
    s = remove_block(s, "Ann", RemovalOutcome("red-1a", fallen=("green-1a",)))
    assert s.phase == "replace" and s.down == ["green-1a"]
    s = replace_piece(s, "Ann", BlockOutcome("green-1a", 0, {3}))
    assert s.on_card["green-1a"] == "fc-00" and s.current_player == "Bob"


def test_loop_plays_again():
    s = game("competitive", DUO, "fc-10")  # loop in box 2
    s = new_floor(s)
    s = place(s, "red-1a", {2})
    assert s.current_player == "Ann" and s.turn == 2 and s.phase == "turn"
    assert [e["type"] for e in s.events[-2:]] == ["loop", "play_again"]
    s = place(s, "blue-1a", {0})  # a block not covering the loop: the turn passes
    assert s.current_player == "Bob"


def test_exchange_swaps_unplayed_blocks():
    s = game("competitive", DUO, "fc-13")  # exchange in box 4
    s = new_floor(s)
    s = place(s, "red-2a", {3, 4})
    assert s.phase == "exchange"
    assert len(legal_moves(s)) == 13 * 14  # Ann's 13 blocks x Bob's 14
    refused(exchange, s, "Ann", "green-1a", "red-4a", match="cannot swap")
    s = exchange(s, "Ann", "red-4a", "green-1a")
    assert "green-1a" in s.hands["Ann"] and "red-4a" in s.hands["Bob"]
    assert scores(s) == {"Ann": 42 - 3 - 5 + 1, "Bob": 42 - 1 + 5}
    assert s.current_player == "Bob"
    # Ann may place Bob's former block: the one-colour rule goes by the block's colour
    s = place(s, "yellow-1a", {0})
    s = place(s, "green-1a", {1})
    assert s.on_card["green-1a"] == "fc-13"


def test_several_special_boxes_resolve_in_order():
    s = game("competitive", DUO, "fc-16")  # diamonds 0, white 1, loop 2
    s = place(s, "red-1a", {0})
    s = place(s, "green-1a", {0})
    s = new_floor(s)
    s = place(s, "blue-4a", {0, 1, 2})
    assert s.phase == "diamonds"
    s = skip_removal(s, "Ann")
    assert s.current_player == "Ann" and s.phase == "turn"  # then the loop


def test_a_single_block_that_fell_is_put_back():
    s = game("competitive", DUO)
    s = place(s, "red-1a", {0})
    s = place(s, "green-2a", {2}, fallen=("red-1a",))
    assert s.phase == "replace" and s.current_player == "Bob" and s.down == ["red-1a"]
    assert legal_moves(s) == [
        {"type": "replace_piece", "player": "Bob", "piece": "red-1a", "floor": 0}
    ]
    refused(pass_turn, s, "Bob")
    refused(
        replace_piece,
        s,
        "Bob",
        BlockOutcome("red-1a", 0, {0}, ("green-2a", "fc-00")),
        match="starting floor card",
    )
    s = replace_piece(s, "Bob", BlockOutcome("red-1a", 0, {0}))
    assert s.on_card["red-1a"] == "fc-00" and not s.down
    assert s.current_player == "Ann" and not s.is_over


def test_the_placed_block_itself_falls_and_is_put_back_on_the_top_card():
    s = game("competitive", DUO)
    s = place(s, "red-1a", fallen=("red-1a",))
    assert s.down == ["red-1a"] and "red-1a" not in s.hands["Ann"]
    s = replace_piece(s, "Ann", BlockOutcome("red-1a", None, fallen=("red-1a",)))  # again
    assert s.down == ["red-1a"] and s.phase == "replace"
    s = replace_piece(s, "Ann", BlockOutcome("red-1a", 0, {4}))
    assert s.on_card == {"red-1a": "fc-00"} and s.current_player == "Bob"


def test_a_single_card_that_fell_is_put_back_before_the_block():
    s = game("competitive", DUO, "fc-01")
    s = new_floor(s, fallen=("fc-01",))
    assert s.phase == "replace" and s.floors == ["fc-00"] and s.down == ["fc-01"]
    s = replace_piece(s, "Ann", FloorCardOutcome("fc-01"))
    assert s.floors == ["fc-00", "fc-01"] and s.phase == "place"
    s = place(s, "red-1a", {0})
    assert s.on_card["red-1a"] == "fc-01"


def test_only_blocks_falling_is_not_a_collapse():
    s = game("competitive", DUO)
    s = place(s, "red-1a", {0})
    s = place(s, "green-1a", {1})
    s = place(s, "blue-1a", {2}, fallen=("red-1a", "green-1a"))
    assert not s.is_over and s.down == ["red-1a", "green-1a"]
    s = replace_piece(s, "Ann", BlockOutcome("green-1a", 0, {1}))
    assert s.phase == "replace"
    s = replace_piece(s, "Ann", BlockOutcome("red-1a", 0, {0}))
    assert s.current_player == "Bob"


def test_a_block_and_a_card_falling_is_a_collapse():
    s = game("competitive", DUO, "fc-01")
    s = place(s, "red-1a", {0})
    s = new_floor(s)  # Bob
    s = place(s, "green-1a", {0}, fallen=("green-1a", "fc-01"))
    assert s.is_over and s.result["reason"] == "collapse"
    assert s.lost == ["green-1a", "fc-01"] and s.phase == "over"
    assert s.result["winner"] == "Ann"  # Bob collapsed and scores nothing
    refused(place_block, s, "Ann", BlockOutcome("red-1b", 0, {1}), match="over")


def test_collapse_judged_over_what_is_down_across_replacements():
    s = game("competitive", DUO, "fc-01")
    s = place(s, "red-1a", {0})
    s = new_floor(s)
    s = place(s, "green-1a", {0}, fallen=("red-1a",))  # a lone block: put it back...
    s = replace_piece(s, "Bob", BlockOutcome("red-1a", 0, {0}, fallen=("fc-01", "green-1a")))
    assert s.is_over and s.result["reason"] == "collapse"


def test_refused_outcomes_name_pieces_not_on_the_tower():
    s = game("competitive", DUO)
    refused(
        place_block,
        s,
        "Ann",
        BlockOutcome("red-1a", 0, {0}, ("green-1a",)),
        match="not on the tower",
    )
    refused(
        place_block,
        s,
        "Ann",
        BlockOutcome("red-1a", 0, {0}, ("red-1a",)),
        match="rests on no floor",
    )
