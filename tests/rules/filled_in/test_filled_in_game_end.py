"""The game end (a player cannot place), the final scores and the tie-break."""

import pytest
from fi_helpers import I_FACES, draw, events, game, row, square, to_placement

from rules.errors import IllegalMove
from rules.filled_in import end_reason, is_over, place, roll, scores, to_move, winner
from rules.filled_in.scoring import ranking_winners


def _nearly_full(state, name):
    """Sheet 1 all red except a 2x2 hole at the top right: only an O (or purple) fits."""
    for level in range(5):
        r = 2 * level
        draw(state, name, "I", "red", row(r, 0, 3))
        draw(state, name, "I", "red", row(r + 1, 0, 3))
        draw(state, name, "O", "red", square(r, 4))
    draw(state, name, "I", "red", row(10, 0, 3))
    draw(state, name, "I", "red", row(11, 0, 3))
    player = state.player(name)
    player.level_scores = {level: 1 for level in range(1, 6)}  # as written on the crane
    player.tools_done = [1]  # red on the red tool at (1, 1)


@pytest.fixture
def last_round():
    state = game(2)  # Ann's crew card (foreman) cannot rescue her
    _nearly_full(state, "Ann")
    draw(state, "Bob", "I", "red", row(0, 0, 3))
    draw(state, "Bob", "O", "blue", square(0, 4))
    return to_placement(state, I_FACES[:5], [0, 1, 2, 4])  # all I: Ann cannot place


def test_a_player_who_cannot_place_is_skipped_and_the_others_still_place(last_round):
    assert events(last_round, "cannot_place")[0]["player"] == "Ann"
    assert to_move(last_round) == ["Bob"]
    with pytest.raises(IllegalMove, match="Ann cannot place"):
        place(last_round, "Ann", "I", "red", row(0, 0, 3))
    assert not is_over(last_round)
    ended = place(last_round, "Bob", "I", "orange", row(1, 0, 3))
    assert is_over(ended) and to_move(ended) == []
    assert end_reason(ended) == "Ann could not place a block in round 1"
    # Bob's last block still scores: level 1 (red, blue, orange) and its triangle.
    assert scores(ended)["Bob"].to_dict() == dict(
        levels=3, triangles=1, tools=0, colours=6, crane=0, total=10
    )
    # Ann: five levels of one colour, tool 1, the red area = 9.
    assert scores(ended)["Ann"].total == 9
    assert winner(ended) == "Bob"  # 10 to 9: the last block decided it
    final = events(ended, "game_end")[0]
    assert final["winner"] == "Bob" and final["scores"]["Ann"]["total"] == 9


def test_no_move_is_accepted_after_the_end(last_round):
    ended = place(last_round, "Bob", "I", "orange", row(1, 0, 3))
    with pytest.raises(IllegalMove, match="game is over"):
        roll(ended, "Bob")


def test_the_game_ends_at_once_when_nobody_can_place():
    state = game(2)
    _nearly_full(state, "Ann")
    _nearly_full(state, "Bob")
    state = to_placement(state, I_FACES[:5], [0, 1, 2, 4])
    assert is_over(state)
    assert end_reason(state) == "Ann and Bob could not place a block in round 1"
    # Same sheets, same score: a shared win (one colour on level 1 each).
    assert winner(state) == ["Ann", "Bob"]


def test_an_unused_crew_card_that_makes_a_placement_possible_keeps_the_player_in():
    state = game(2, crew=["architect", "surveyor"])  # architect: any shape, so an O
    _nearly_full(state, "Ann")
    state = to_placement(state, I_FACES[:5], [0, 1, 2, 4])
    assert not events(state, "cannot_place")
    with pytest.raises(IllegalMove, match="cannot craft a red O"):
        place(state, "Ann", "O", "red", square(10, 4))
    place(state, "Ann", "O", "red", square(10, 4), crew=True)


def _tie(state, *names):
    """Equal totals of 6 (red and orange areas of 4, tied): level 1 colours differ."""
    for name in names:
        if name in ("Ann", "Cid"):  # one colour on level 1
            draw(state, name, "I", "red", [(0, 0), (1, 0), (2, 0), (3, 0)])
            draw(state, name, "O", "orange", square(2, 1))
        else:  # two colours on level 1
            draw(state, name, "I", "red", row(0, 0, 3))
            draw(state, name, "O", "orange", square(0, 4))


def test_a_tie_goes_to_the_fewest_colours_on_the_lowest_level():
    state = game(2)
    _tie(state, "Ann", "Bob")
    assert {n: b.total for n, b in scores(state).items()} == {"Ann": 6, "Bob": 6}
    assert ranking_winners(state) == ["Ann"]


def test_a_tie_that_the_tie_break_cannot_split_is_a_shared_win():
    state = game(3)
    _tie(state, "Ann", "Bob", "Cid")
    assert ranking_winners(state) == ["Ann", "Cid"]
    state.phase = "ended"  # as if finished: winner() then names the winners
    assert winner(state) == ["Ann", "Cid"]
