"""Jack of All Trades: the solo rules."""

import pytest
from lots_fakes import all_pieces, assert_conserved, face_state, outcome_with, put_tower, settle

from rules.errors import IllegalMove
from rules.lots import LotsOptions, check_candidate, check_solo_contact, new_game, place, roll
from rules.lots.outcome import PlacementOutcome
from rules.lots.supply import settle_marker, solo_resolve_roll

T_LEFT = [(0, 0), (0, 1), (0, 2), (1, 1)]


def solo(seed=4, footprint="1A"):
    state = settle(new_game(LotsOptions(players=("Jo",), footprint=footprint, seed=seed)))
    assert state.mode == "solo" and state.phase == "roll"
    return state


def empty(state, *colours):
    """Every piece of these colours' piles taken out of the game."""
    for colour in colours:
        state.removed.extend(state.supply[colour])
        state.supply[colour] = []


def test_solo_setup():
    state = solo()
    assert sum(len(p) for p in state.supply.values()) + len(state.banks[0]) == 20
    assert sorted(state.box) == sorted(
        p for p in all_pieces() if p.endswith(("-5", "-6")) or p.startswith("purple")
    )
    assert state.crew_hands == [[]] and state.crew_deck == [] and state.track_cubes == {}
    assert state.marker == state.banks[0][0].rsplit("-", 1)[0]  # cube at the start block's pile
    assert state.target == 40
    assert_conserved(state)


def test_wild_moves_the_cube_clockwise_and_takes_from_there():
    state = solo()
    state.marker = "green"
    assert solo_resolve_roll(state, "?").startswith("blue-") and state.marker == "blue"
    empty(state, "red")
    assert solo_resolve_roll(state, "?").startswith("orange-")  # wraps, skips the empty red pile
    assert state.marker == "orange"


def test_unavailable_shape_takes_from_the_cube_pile():
    state = solo()
    state.marker = "yellow"
    empty(state, "red")
    assert solo_resolve_roll(state, "I") == "yellow-1"  # red is empty: take yellow
    assert solo_resolve_roll(state, "L") == "green-1"  # green is there: take it
    assert state.marker == "yellow"


def test_cube_on_an_empty_pile_moves_on():
    state = solo()
    state.marker = "blue"
    empty(state, "blue")
    settle_marker(state)
    assert state.marker == "red"


def test_solo_roll_through_the_move():
    state = solo()
    state.marker = "red"
    state.rng = face_state("?")
    after = roll(state, "Jo")
    assert after.marker == "orange" and after.banks[0][-1] == "orange-1"
    assert after.phase == "place"


def placing(state, bank):
    state = roll(state, "Jo")
    for block in list(state.banks[0]):
        state.supply[block.rsplit("-", 1)[0]].append(block)
    state.banks[0] = []
    for block in bank:
        for pile in state.supply.values():
            if block in pile:
                pile.remove(block)
        state.banks[0].append(block)
    return state


def test_every_block_must_touch_the_last_block_played():
    state = placing(solo(), ["red-1", "blue-1"])
    put_tower(state, "yellow-1", T_LEFT)
    state.last_block = "yellow-1"
    far = outcome_with(state, "red-1", {"red-1": [(0, 5), (1, 5), (2, 5), (3, 5)]})
    before = state.digest()
    with pytest.raises(IllegalMove, match="touch the last block"):
        check_solo_contact(state, far)
    with pytest.raises(IllegalMove, match="touch the last block"):
        place(state, "Jo", far)
    with pytest.raises(IllegalMove, match="touch the last block"):
        check_candidate(state, "red-1", [(0, 5), (1, 5), (2, 5), (3, 5)])
    with pytest.raises(IllegalMove, match="taken"):
        check_candidate(state, "red-1", [(0, 2), (0, 3), (0, 4), (0, 5)])
    with pytest.raises(IllegalMove, match="cannot be placed now"):
        check_candidate(state, "green-1", [(1, 3)])
    assert state.digest() == before
    near = [(0, 3), (1, 3), (2, 3), (3, 3)]
    check_candidate(state, "red-1", near)
    after = place(state, "Jo", outcome_with(state, "red-1", {"red-1": near}))
    assert after.last_block == "red-1" and after.scores == [0]


def test_solo_has_no_cubes_to_place():
    state = placing(solo(), ["red-1", "blue-1"])
    outcome = outcome_with(state, "red-1", {"red-1": T_LEFT, "purple-1": [(1, 0)]}, cube="purple-1")
    with pytest.raises(IllegalMove, match="no purple cubes"):
        place(state, "Jo", outcome)


def test_any_fall_loses():
    state = placing(solo(), ["red-1", "blue-1"])
    put_tower(state, "yellow-1", T_LEFT)
    after = place(state, "Jo", outcome_with(state, "red-1", {}, fallen=["red-1"]))
    assert after.over and after.winners == [] and after.end_reason == "solo_fall"
    assert after.removed == ["red-1"]
    assert_conserved(after)


def test_a_block_taken_back_is_refused_not_lost():
    # The table took the block back for resting past the lot's outline: not a fall
    # (the solo game fails only when blocks fall off the tower), so it is placed again.
    state = placing(solo(), ["red-1", "blue-1"])
    put_tower(state, "yellow-1", T_LEFT)
    state.last_block = "yellow-1"
    why = "it sticks out 0.4 cm past the right edge of the footprint"
    back = outcome_with(state, "red-1", {}, fallen=["red-1"])
    back = PlacementOutcome(**{**vars(back), "taken_back": (("red-1", why),)})
    before = state.digest()
    with pytest.raises(IllegalMove, match=r"red I came to rest outside .*0\.4 cm past the right"):
        place(state, "Jo", back)
    assert state.digest() == before
    # A piece of the tower knocked off as well is a fall: the game is lost.
    both = PlacementOutcome(
        **{**vars(outcome_with(state, "red-1", {}, fallen=["red-1", "yellow-1"])),
           "taken_back": (("red-1", why),)}
    )  # fmt: skip
    assert place(state, "Jo", both).end_reason == "solo_fall"
    # Only a piece placed now and lost now may be named as taken back.
    wrong = PlacementOutcome(**{**vars(back), "taken_back": (("yellow-1", why),)})
    with pytest.raises(IllegalMove, match="yellow-1 is listed as taken back"):
        place(state, "Jo", wrong)
    assert PlacementOutcome.from_dict(back.to_dict()) == back
    with pytest.raises(IllegalMove, match=r"\[piece, why\] pairs, not 'red-1'"):
        PlacementOutcome.from_dict({**back.to_dict(), "taken_back": ["red-1"]})
    assert "taken_back" not in outcome_with(state, "red-1", {}, fallen=["red-1"]).to_dict()


def test_forty_points_wins():
    state = placing(solo(), ["red-1", "blue-1"])
    state.scores = state.high_water = [36]
    put_tower(state, "yellow-1", [(0, 0), (0, 1)])  # stand-in cells: row 0 columns 0-1
    state.last_block = "yellow-1"
    # red-1 flat on row 0, columns 2-5: floor 0 complete (5 points)
    after = place(
        state, "Jo", outcome_with(state, "red-1", {"red-1": [(0, 2), (0, 3), (0, 4), (0, 5)]})
    )
    assert after.scores == [41]
    assert after.over and after.winner_names() == ["Jo"] and after.end_reason == "solo_target"


def test_three_empty_piles_lose():
    state = placing(solo(), ["red-1", "blue-1"])
    empty(state, "orange", "yellow", "green")
    after = place(
        state, "Jo", outcome_with(state, "red-1", {"red-1": [(0, 5), (1, 5), (2, 5), (3, 5)]})
    )
    assert after.over and after.winners == [] and after.end_reason == "solo_piles"
