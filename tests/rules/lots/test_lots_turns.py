"""Hand-written towers on footprint 2B (four columns, flat ground).

row 3  .  .  .  .         yellow-1 (T):  (0,1) (0,2) (0,3) (1,2)
row 2  .  .  .  .         placed yellow-2 (T on its side): (0,0) (1,0) (2,0) (1,1)
row 1  .  .  y1 .         -> completes floor 0 and touches yellow-1 along an edge
row 0  .  y1 y1 y1
"""

import pytest
from lots_fakes import (
    CUBE,
    Y2,
    Y3_CORNER,
    assert_conserved,
    face_state,
    game,
    outcome_with,
    put_tower,
    settle,
)

from rules.errors import IllegalMove
from rules.lots import LotsOptions, new_game, place, placement_choices, roll
from rules.lots.moves import apply_move, legal_moves, pick_supply
from rules.lots.supply import resolve_roll


def test_floor_and_colour_match_score_seven():
    state = game()
    put_tower(state, "yellow-3", Y3_CORNER)
    del state.track_cubes["29"]
    state.cubes[0].append("purple-6")
    assert placement_choices(state) == [
        ("yellow-2", None),
        ("red-3", None),
        ("yellow-2", "purple-6"),
        ("red-3", "purple-6"),
    ]
    outcome = outcome_with(state, "yellow-2", {"yellow-2": Y2, "purple-6": CUBE}, cube="purple-6")
    after = place(state, "Ann", outcome)
    score = [e for e in after.events if e["type"] == "turn_score"][-1]
    # floor 0 complete (5); yellow-1 touches along an edge (2); yellow-3 only at a corner
    # and the purple cube never matches
    assert score["floors"] == [0]
    assert score["matches"] == ["yellow-1"]
    assert score["points"] == 7
    assert after.scores == [7, 0]
    assert after.banks[0] == ["red-3"] and after.cubes[0] == []
    assert after.last_block == "yellow-2"
    # spot 4 and spot 7 are bonus spots, but Ben has not reached them: no award yet
    assert not any(e["type"].startswith("award") for e in after.events)
    assert (after.phase, after.current, after.turn) == ("roll", 1, 2)
    assert after.turn_info["floors_before"] == [0]
    assert_conserved(after)


def test_a_floor_complete_before_the_turn_does_not_score_again():
    state = game()
    put_tower(state, "red-1", [(0, 0), (1, 0), (2, 0), (3, 0)])
    state.turn_info["floors_before"] = [0]
    outcome = outcome_with(state, "yellow-2", {"yellow-2": [(1, 3), (2, 3), (3, 3), (2, 2)]})
    after = place(state, 0, outcome)
    assert after.scores[0] == 2  # only the yellow-1 match; floor 0 was already complete


def test_accident_removes_pieces_and_scores_zero():
    state = game()
    put_tower(state, "blue-1", [(2, 1), (2, 2), (3, 2), (3, 3)])
    outcome = outcome_with(state, "yellow-2", {"yellow-2": Y2}, fallen=["blue-1"])
    after = place(state, "Ann", outcome)
    assert after.removed == ["blue-1"]
    assert "blue-1" not in after.tower
    score = [e for e in after.events if e["type"] == "turn_score"][-1]
    assert score["floors"] == [0] and score["accident"] is True and score["points"] == 0
    assert after.scores == [0, 0]
    assert any(e["type"] == "accident" and e["piece"] == "blue-1" for e in after.events)
    assert after.phase == "roll" and after.current == 1
    assert_conserved(after)


def test_placed_block_that_falls_is_placed_again():
    state = game()
    first = outcome_with(state, "yellow-2", {}, fallen=["yellow-2"])
    mid = place(state, "Ann", first)
    assert mid.phase == "replace"
    assert sorted(mid.banks[0]) == ["red-3", "yellow-2"]
    assert placement_choices(mid) == [("yellow-2", None)]
    with pytest.raises(IllegalMove, match="re-place exactly"):
        place(mid, "Ann", outcome_with(mid, "red-3", {"red-3": [(1, 3), (2, 3), (3, 3), (4, 3)]}))
    after = place(mid, "Ann", outcome_with(mid, "yellow-2", {"yellow-2": Y2}))
    assert after.scores[0] == 7  # no accident: the block itself falling is not one
    assert after.banks[0] == ["red-3"]
    assert_conserved(after)


def test_placed_block_falls_with_another_piece_accident_then_replace():
    state = game()
    put_tower(state, "blue-1", [(2, 1), (2, 2), (3, 2), (3, 3)])
    mid = place(state, "Ann", outcome_with(state, "yellow-2", {}, fallen=["blue-1", "yellow-2"]))
    assert mid.phase == "replace" and mid.removed == ["blue-1"]
    after = place(mid, "Ann", outcome_with(mid, "yellow-2", {"yellow-2": Y2}))
    assert after.scores[0] == 0
    assert_conserved(after)


def test_a_placed_purple_cube_that_falls_is_an_accident():
    # lots.txt: "If any blocks or cubes (other than the chosen block being placed) fall
    # off ... those blocks are removed from the game ... score 0 points".
    state = game()
    del state.track_cubes["29"]
    state.cubes[0].append("purple-6")
    outcome = outcome_with(
        state, "yellow-2", {"yellow-2": Y2}, cube="purple-6", fallen=["purple-6"]
    )
    after = place(state, "Ann", outcome)
    assert after.phase == "roll" and after.current == 1  # nothing to place again
    assert after.removed == ["purple-6"] and after.cubes[0] == []
    assert any(e["type"] == "accident" and e["piece"] == "purple-6" for e in after.events)
    assert after.scores == [0, 0]
    assert_conserved(after)


def test_a_block_that_keeps_falling_is_lost_after_the_house_limit():
    from rules.lots.content import game_content

    limit = game_content().max_replacements
    state = place(game(), "Ann", outcome_with(game(), "yellow-2", {}, fallen=["yellow-2"]))
    for _ in range(limit - 1):
        state = place(state, "Ann", outcome_with(state, "yellow-2", {}, fallen=["yellow-2"]))
        assert state.phase == "replace"
    # One more fall than the limit allows: the block leaves the game, the turn scores 0.
    after = place(state, "Ann", outcome_with(state, "yellow-2", {}, fallen=["yellow-2"]))
    assert after.phase != "replace"
    assert "yellow-2" in after.removed and "yellow-2" not in after.banks[0]
    (lost,) = [e for e in after.events if e["type"] == "lost_block"]
    assert lost["piece"] == "yellow-2" and lost["tries"] == limit + 1
    assert after.scores[0] == 0
    assert_conserved(after)


def test_landing_on_an_occupied_spot_moves_on():
    state = game()
    state.scores[1] = state.high_water[1] = 7
    after = place(state, "Ann", outcome_with(state, "yellow-2", {"yellow-2": Y2}))
    assert after.scores == [8, 7]
    event = [e for e in after.events if e["type"] == "score"][-1]
    assert event["bumped"] == 1 and event["points"] == 7
    # Ann is the last to reach spots 4 (cube) and 7 (crew): she gets both bonuses
    assert after.cubes[0] == ["purple-1"] and "4" not in after.track_cubes
    assert len(after.crew_hands[0]) == 1 and sorted(after.awarded) == [4, 7]
    assert_conserved(after)


def test_outcome_outside_footprint_is_refused_and_state_unchanged():
    state = game()
    before = state.digest()
    bad = outcome_with(state, "red-3", {"red-3": [(1, 1), (1, 2), (1, 3), (1, 4)]})
    with pytest.raises(IllegalMove, match="past the right edge of footprint 2B"):
        place(state, "Ann", bad)
    with pytest.raises(IllegalMove, match="bank"):
        place(state, "Ann", outcome_with(state, "blue-2", {"blue-2": [(1, 3), (2, 3)]}))
    with pytest.raises(IllegalMove, match="decision"):
        place(state, "Ben", outcome_with(state, "yellow-2", {"yellow-2": Y2}))
    with pytest.raises(IllegalMove, match="no grid cells"):
        place(state, "Ann", outcome_with(state, "yellow-2", {}).__class__(placed="yellow-2"))
    with pytest.raises(IllegalMove, match="phase roll"):
        roll(state, "Ann")
    with pytest.raises(IllegalMove, match="unknown move"):
        apply_move(state, {"type": "jump", "player": 0})
    assert state.digest() == before


def test_rolled_shape_with_empty_pile_is_chosen_by_the_player_to_the_left():
    state = settle(new_game(LotsOptions(players=("Ann", "Ben", "Cat"), seed=2, start_player=0)))
    while state.supply["red"]:
        state.removed.append(state.supply["red"].pop())
    state.rng = face_state("I")
    mid = roll(state, "Ann")
    assert mid.phase == "supply" and mid.to_act == 1  # Ben, on Ann's left
    assert mid.pending[0]["recipient"] == 0 and "red" not in mid.pending[0]["options"]
    with pytest.raises(IllegalMove):
        pick_supply(mid, "Ann", "blue")
    with pytest.raises(IllegalMove, match="available piles"):
        pick_supply(mid, "Ben", "red")
    after = pick_supply(mid, "Ben", "blue")
    assert after.banks[0][-1] == "blue-1" and after.phase == "place"
    assert after.turn_info["gained"] == "blue-1"


def test_wild_face_lets_the_roller_choose_any_pile():
    state = settle(new_game(LotsOptions(players=("Ann", "Ben"), seed=2, start_player=1)))
    state.rng = face_state("?")
    mid = roll(state, "Ben")
    assert mid.phase == "supply" and mid.to_act == 1
    assert {m["colour"] for m in legal_moves(mid)} == set(mid.available_piles())
    after = pick_supply(mid, "Ben", "green")
    assert after.banks[1][-1].startswith("green-")


def test_shape_roll_takes_that_pile():
    state = settle(new_game(LotsOptions(players=("Ann", "Ben"), seed=2, start_player=0)))
    copy = state.copy()
    assert resolve_roll(copy, 0, "S") == copy.banks[0][-1]
    assert copy.banks[0][-1].startswith("blue-")


def test_setup_deals_and_gives_starting_blocks():
    state = new_game(LotsOptions(players=("Ann", "Ben", "Cat", "Dan"), seed=11))
    state = settle(state)
    assert [len(b) for b in state.banks] == [1, 1, 1, 1]
    assert [len(h) for h in state.crew_hands] == [1, 1, 1, 1]
    assert len(state.crew_deck) == 8
    assert sorted(state.track_cubes.values()) == [f"purple-{k}" for k in range(1, 7)]
    assert sum(len(p) for p in state.supply.values()) == 26
    assert state.phase == "roll" and state.turn == 1
    assert_conserved(state)
    again = settle(new_game(LotsOptions(players=("Ann", "Ben", "Cat", "Dan"), seed=11)))
    assert again.digest() == state.digest()


def test_bad_options_are_refused():
    for players in ((), ("A", "A"), ("A", "B", "C", "D", "E")):
        with pytest.raises(ValueError):
            new_game(LotsOptions(players=players))
    with pytest.raises(ValueError, match="footprint"):
        new_game(LotsOptions(footprint="9Z"))
