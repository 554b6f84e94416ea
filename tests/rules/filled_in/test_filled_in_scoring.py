"""Phase four: levels, triangles (a simultaneous finish), tools, colour areas, crane."""

import pytest
from fi_helpers import I_FACES, WILD, draw, draw_purple, events, game, row, square, to_placement

from rules.errors import IllegalMove
from rules.filled_in import largest_areas, place, scores


def _level_one_ready(state, *names):
    """Level 1 (rows 0-1) drawn except row 1, columns 0-3: a red I and a blue O."""
    for name in names:
        draw(state, name, "I", "red", row(0, 0, 3))
        draw(state, name, "O", "blue", square(0, 4))


def _two_rounds():
    """Ann and Bob finish level 1 in round 1 together; Cid finishes it in round 2."""
    state = game(3)
    _level_one_ready(state, "Ann", "Bob", "Cid")
    # I faces: dice 1-7 are red, orange, yellow, green, blue, red, orange I.
    # Draft Ann, Bob, Cid, Cid, Bob, Ann: Ann red+red, Bob orange+blue, Cid yellow+green.
    state = to_placement(state, I_FACES[:7], [0, 1, 2, 3, 4, 5])
    state = place(state, "Ann", "I", "red", row(1, 0, 3))
    state = place(state, "Bob", "I", "orange", row(1, 0, 3))
    state = place(state, "Cid", "I", "yellow", [(2, 5), (3, 5), (4, 5), (5, 5)])
    # Round 2, Bob starts: Bob, Cid, Ann, Ann, Cid, Bob.
    # Bob red+red, Cid orange+blue, Ann yellow+green.
    state = to_placement(state, I_FACES[:7], [0, 1, 2, 3, 4, 5])
    state = place(state, "Cid", "I", "orange", row(1, 0, 3))
    state = place(state, "Ann", "I", "green", [(2, 5), (3, 5), (4, 5), (5, 5)])
    state = place(state, "Bob", "I", "red", [(2, 4), (3, 4), (4, 4), (5, 4)])
    return state


def test_a_completed_level_scores_its_number_of_colours():
    state = _two_rounds()
    done = {(e["player"], e["turn"]): e["score"] for e in events(state, "level_complete")}
    assert done == {("Ann", 1): 2, ("Bob", 1): 3, ("Cid", 2): 3}  # red+blue, +orange


def test_a_simultaneous_first_finish_shares_the_triangle_and_later_ones_get_none():
    state = _two_rounds()
    triangles = events(state, "triangle")
    assert [(e["player"], e["level"], e["shared"]) for e in triangles] == [
        ("Ann", 1, True),
        ("Bob", 1, True),
    ]
    assert state.player("Cid").triangles == []


def test_hand_computed_breakdown():
    # Ann: level 1 = 2, triangle, tool 1 (red at (1, 1)), colour areas red (8 alone),
    # green (alone), blue (tie of three) = 9. Bob: level 3, triangle, no tool (orange
    # on the red tool), orange (tie with Cid) + blue = 6. Cid: level 3, no triangle,
    # orange + yellow + blue = 9.
    breakdown = {n: b.to_dict() for n, b in scores(_two_rounds()).items()}
    assert breakdown == {
        "Ann": dict(levels=2, triangles=1, tools=1, colours=9, crane=0, total=13),
        "Bob": dict(levels=3, triangles=1, tools=0, colours=6, crane=0, total=10),
        "Cid": dict(levels=3, triangles=0, tools=0, colours=9, crane=0, total=12),
    }


def test_tools_score_their_number_only_in_the_matching_colour():
    state = game(2)
    draw(state, "Ann", "I", "red", [(0, 3), (1, 3), (2, 3), (3, 3)])
    draw(state, "Ann", "I", "red", [(0, 1), (1, 1), (2, 1), (3, 1)])  # red on tool 1
    state = to_placement(state, [WILD, 0, 0, 0, WILD], [0, 1, 3, 4])
    # Tool 2 (yellow) at (4, 3): a yellow O on top of the column.
    yellow = place(state, "Ann", "O", "yellow", square(4, 2))
    assert events(yellow, "tool_complete")[-1] == {
        "turn": 1, "player": "Ann", "type": "tool_complete",
        "tool": 2, "colour": "yellow", "points": 2,
    }  # fmt: skip
    assert scores(yellow)["Ann"].tools == 2  # the hand-drawn tool 1 was never marked
    red = place(state, "Ann", "O", "red", square(4, 2))
    assert scores(red)["Ann"].tools == 0
    assert events(red, "tool_missed")[-1]["wanted"] == "yellow"


def test_largest_area_counts_orthogonal_neighbours_of_one_colour_only():
    grid = {(0, 0): "red", (0, 1): "red", (1, 1): "red", (2, 2): "red", (0, 2): "blue"}
    assert largest_areas(grid) == {"red": 3, "orange": 0, "yellow": 0, "green": 0, "blue": 1}


def test_colour_area_ties_all_score_and_a_colour_nobody_drew_scores_nothing():
    state = game(3)
    for name in ("Ann", "Bob"):  # two touching blue I: area 8
        draw(state, name, "I", "blue", row(0, 0, 3))
        draw(state, name, "I", "blue", row(1, 0, 3))
    draw(state, "Cid", "I", "blue", row(0, 0, 3))
    draw(state, "Cid", "I", "blue", row(2, 0, 3))  # not touching: largest area 4
    result = scores(state)
    assert [result[n].colours for n in ("Ann", "Bob", "Cid")] == [3, 3, 0]


def test_purple_spaces_one_a_turn_with_the_crane_penalty():
    state = game(2)
    draw(state, "Ann", "I", "red", row(0, 0, 3))
    state = to_placement(state, [WILD, 0, 0, 0, WILD], [0, 1, 3, 4])
    done = place(state, "Ann", "O", "blue", square(0, 4), purples=[(1, 0)])
    assert events(done, "purple")[-1]["crane_box"] == 1
    assert events(done, "purple")[-1]["penalty"] == 1
    assert scores(done)["Ann"].crane == -1
    with pytest.raises(IllegalMove, match="at most 1 purple space"):
        place(state, "Ann", "O", "blue", square(0, 4), purples=[(1, 0), (1, 1)])


def test_the_crane_holds_five_purple_spaces_penalised_left_to_right():
    state = game(2)
    draw(state, "Ann", "I", "red", row(0, 0, 3))
    for col in range(4):
        draw_purple(state, "Ann", (1, col))
    assert scores(state)["Ann"].crane == -(1 + 2 + 3 + 4)
    state = to_placement(state, [WILD, 0, 0, 0, WILD], [0, 1, 3, 4])
    fifth = place(state, "Ann", "O", "blue", square(0, 4), purples=[(2, 0)])
    assert events(fifth, "purple")[-1]["crane_box"] == 5
    assert scores(fifth)["Ann"].crane == -15
    draw_purple(state, "Ann", (2, 0))  # the fifth, hand-drawn: the crane is full
    with pytest.raises(IllegalMove, match="0 purple space"):
        place(state, "Ann", "O", "blue", square(0, 4), purples=[(2, 1)])
    place(state, "Ann", "O", "blue", square(0, 4))  # blocks go on without purple


def test_a_purple_space_must_touch_but_may_lean_on_the_new_block_and_vice_versa():
    state = game(2)
    draw(state, "Ann", "I", "red", row(0, 0, 3))
    state = to_placement(state, [WILD, 0, 0, 0, WILD], [0, 1, 3, 4])
    with pytest.raises(IllegalMove, match="purple space must touch"):
        place(state, "Ann", "O", "blue", square(0, 4), purples=[(5, 0)])
    place(state, "Ann", "O", "blue", square(0, 4), purples=[(2, 4)])  # on the new O
    # The O at rows 1-2, columns 4-5 touches only the purple space at (0, 5).
    place(state, "Ann", "O", "blue", square(1, 4), purples=[(0, 5)])
    with pytest.raises(IllegalMove, match="block must touch"):
        place(state, "Ann", "O", "blue", square(1, 4))
    with pytest.raises(IllegalMove, match="filled twice"):
        place(state, "Ann", "O", "blue", square(0, 4), purples=[(0, 4)])


def test_purple_counts_as_a_different_colour_on_a_level():
    state = game(2)
    draw(state, "Ann", "I", "red", row(0, 0, 3))
    draw(state, "Ann", "I", "red", row(1, 0, 3))
    state = to_placement(state, [WILD, 0, 0, 0, WILD], [0, 1, 3, 4])
    # An L fills (0,4), (1,4), (0,5) (and (2,4) above); purple fills (1,5).
    state = place(state, "Ann", "L", "green", [(0, 4), (1, 4), (2, 4), (0, 5)], [(1, 5)])
    level = events(state, "level_complete")[-1]
    assert (level["level"], level["score"]) == (1, 3)
    assert level["colours"] == ["green", "purple", "red"]
