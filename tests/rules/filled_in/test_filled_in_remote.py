"""The remote rules: a host rolls and hands out the dice; unmarked levels score."""

import pytest
from fi_helpers import I_FACES, draw, events, game, row, square, to_placement

from rules.errors import IllegalMove
from rules.filled_in import place, roll, scores, to_move


def _remote():
    state = game(3, variant="remote", host="Cid")
    for name in ("Ann", "Bob", "Cid"):
        draw(state, name, "I", "red", row(0, 0, 3))
        draw(state, name, "O", "blue", square(0, 4))
    return state


def test_the_host_rolls_every_round_and_hands_out_the_dice():
    state = _remote()
    assert to_move(state) == ["Cid"]
    with pytest.raises(IllegalMove, match="the dice are rolled by Cid \\(the host\\)"):
        roll(state, "Ann")
    state = to_placement(state, I_FACES[:7], range(6))
    drafts = events(state, "draft")
    assert [e["player"] for e in drafts] == ["Ann", "Bob", "Cid", "Cid", "Bob", "Ann"]
    assert all(e["by"] == "Cid" for e in drafts)


def test_first_finishers_announce_others_mark_and_unmarked_levels_score():
    state = to_placement(_remote(), I_FACES[:7], range(6))
    state = place(state, "Ann", "I", "red", row(1, 0, 3))
    state = place(state, "Bob", "I", "orange", row(1, 0, 3))
    state = place(state, "Cid", "I", "yellow", [(2, 5), (3, 5), (4, 5), (5, 5)])
    assert [e["player"] for e in events(state, "announce")] == ["Ann", "Bob"]
    assert [(e["player"], e["level"]) for e in events(state, "mark")] == [("Cid", 1)]
    assert to_move(state) == ["Cid"]  # the host rolls round 2 too
    state = to_placement(state, I_FACES[:7], range(6))  # Cid gets orange + blue
    state = place(state, "Cid", "I", "orange", row(1, 0, 3))
    for name, col in (("Ann", 5), ("Bob", 4)):
        spec = [(2, col), (3, col), (4, col), (5, col)]
        colour = "green" if name == "Ann" else "red"
        state = place(state, name, "I", colour, spec)
    triangles = {n: b.triangles for n, b in scores(state).items()}
    assert triangles == {"Ann": 1, "Bob": 1, "Cid": 0}  # Cid's level 1 is marked
    assert state.player("Ann").triangles == []  # remote sheets mark, they do not fill
