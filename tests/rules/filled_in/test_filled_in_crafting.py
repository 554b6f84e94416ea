"""Phase two: crafting a block from two dice."""

import pytest
from fi_helpers import I_FACES, WILD, game, row, to_placement

from rules.errors import IllegalMove
from rules.filled_in import craft_options, place
from rules.filled_in.crew import ANY_COLOUR, ANY_SHAPE
from rules.filled_in.dice import Face

RED_L = Face("L", "red")
BLUE_O = Face("O", "blue")
WILD_FACE = Face(None, None)
SHAPES = ["I", "L", "O", "S", "T"]
COLOURS = ["blue", "green", "orange", "red", "yellow"]


def test_one_die_gives_the_shape_the_other_the_colour():
    assert craft_options(RED_L, BLUE_O) == [("L", "blue"), ("O", "red")]


def test_a_single_wild_die_is_a_wild_shape_and_the_other_gives_the_colour():
    assert craft_options(WILD_FACE, RED_L) == [(s, "red") for s in SHAPES]
    assert craft_options(RED_L, WILD_FACE) == [(s, "red") for s in SHAPES]


def test_two_wild_dice_make_any_shape_in_any_colour():
    options = craft_options(WILD_FACE, WILD_FACE)
    assert len(options) == 25
    assert options == sorted((s, c) for s in SHAPES for c in COLOURS)


def test_crew_effects_free_the_colour_or_the_shape():
    assert craft_options(RED_L, BLUE_O, ANY_COLOUR) == sorted(
        (s, c) for s in ("L", "O") for c in COLOURS
    )
    assert craft_options(RED_L, BLUE_O, ANY_SHAPE) == sorted(
        (s, c) for s in SHAPES for c in ("blue", "red")
    )


def test_place_refuses_a_block_the_dice_cannot_craft():
    # Ann drafts die 1 (red I) and die 5 (blue I): an I, red or blue.
    state = to_placement(game(2), I_FACES[:5], [0, 1, 2, 4])
    before = state.to_dict()
    with pytest.raises(IllegalMove, match="cannot craft a green I"):
        place(state, "Ann", "I", "green", row(0, 0, 3))
    with pytest.raises(IllegalMove, match="cannot craft a red O"):
        place(state, "Ann", "O", "red", [(0, 0), (0, 1), (1, 0), (1, 1)])
    assert state.to_dict() == before
    after = place(state, "Ann", "I", "blue", row(0, 0, 3))
    assert after.events[-1]["dice"] == ["red I", "blue I"]


def test_a_double_wild_draft_places_any_shape_and_colour():
    faces = [WILD, 0, 0, 0, WILD]  # two "?": not more than half, no re-roll
    state = to_placement(game(2), faces, [0, 1, 2, 4])  # Ann: dice 1 and 5, both "?"
    state = place(state, "Ann", "T", "yellow", [(0, 0), (0, 1), (0, 2), (1, 1)])
    assert state.player("Ann").tower.blocks[-1].colour == "yellow"
