"""The unconfirmed turn behind the Filled In screen: crafting roles, turning and
flipping, pencil and undo, purple spaces, checked against the rules (no window)."""

from __future__ import annotations

from rules.filled_in import apply_move, draft, new_game, roll
from rules.pieces import normalise
from simulator.app.filled_in.turn import DRAWN_FIRST, PendingTurn

FACES = ["?", "yellow O", "blue T", "green I", "red O"]


def _placing(crew=("painter", "foreman"), faces=FACES, picks=(0, 1, 2, 3)):
    """Ann and Bob after the draft: Ann holds dice picks[0] and picks[3]."""
    state = new_game(["Ann", "Bob"], seed=0, crew=list(crew))
    state = roll(state, "Ann", faces=faces)
    for name, die in zip(("Ann", "Bob", "Bob", "Ann"), picks, strict=True):
        state = draft(state, name, die)
    assert state.phase == "place"
    turn = PendingTurn("Ann")
    turn.settle_dice(state)
    return state, turn


def test_a_single_wild_die_is_the_shape_die_and_its_shape_is_picked():
    state, turn = _placing()  # Ann: "?" and "green I"
    assert turn.shape_die == 0 and turn.shape_free(state) and not turn.colour_free(state)
    assert turn.crafted(state) == ("I", "green")  # free: the first shape until picked
    assert turn.change(state, shape_pick="L") is None
    assert turn.crafted(state) == ("L", "green")
    assert turn.change(state, shape_die=1) == 'a single "?" must be the shape die (rulebook)'
    assert turn.shape_die == 0


def test_two_dice_swap_roles_and_a_crew_card_frees_the_colour():
    state, turn = _placing(picks=(2, 0, 1, 3))  # Ann: "blue T" and "green I"
    assert turn.crafted(state) == ("T", "green")
    turn.change(state, shape_die=1)
    assert turn.crafted(state) == ("I", "blue")
    assert not turn.colour_free(state)
    assert turn.change(state, crew=True) is None  # the Painter: any colour
    assert turn.colour_free(state)
    turn.change(state, colour_pick="orange")
    assert turn.crafted(state) == ("I", "orange") and turn.craft_problem(state) is None
    assert turn.change(state, swap=0) == "only the Scavenger's card swaps a die for the leftover"


def test_flip_mirrors_the_shape_as_seen_and_turns_go_round():
    state, turn = _placing(faces=["green L", "yellow O", "blue T", "green I", "red O"])
    assert turn.crafted(state) == ("L", "green")  # "green L" gives the shape
    seen = turn.shape_cells(state)
    turn.turn(1)
    turned = turn.shape_cells(state)
    assert turned != seen
    turn.flip()
    width = max(c for _, c in turned)
    mirrored = normalise((r, width - c) for r, c in turned)
    assert turn.shape_cells(state) == mirrored != turned
    for _ in range(4):
        turn.turn(-1)
    assert turn.shape_cells(state) == mirrored


def test_pencil_is_checked_by_the_rules_and_rubbed_out_last_first():
    state, turn = _placing(picks=(2, 0, 1, 3))  # a green T
    floating = turn.cells_at(state, 4, 0)
    assert turn.draw_block(state, floating) == (
        "the block must touch another block orthogonally or the bottom floor"
    )
    assert turn.block is None and turn.order == []
    # A purple space on the floor first, then the block leaning on it only.
    assert turn.draw_purple(state, (0, 0)) is None
    leaning = turn.cells_at(state, 1, 0)
    assert turn.draw_block(state, leaning) is None
    assert turn.draw_purple(state, (0, 5)) == "no more purple spaces this turn"
    assert turn.change(state, shape_die=1) == DRAWN_FIRST
    move = turn.as_move(state)
    after = apply_move(state, move)  # the rules accept what the pencil drew
    assert after.player("Ann").purples_used == 1
    assert turn.undo() == "block" and turn.undo() == "purple" and turn.undo() is None
    assert turn.block is None and turn.purples == []


def test_the_foreman_allows_a_second_purple_space_this_turn():
    state, turn = _placing(crew=("foreman", "painter"), picks=(2, 0, 1, 3))
    turn.draw_block(state, turn.cells_at(state, 0, 0))
    assert turn.draw_purple(state, (0, 4)) is None
    assert turn.draw_purple(state, (0, 5)) == "no more purple spaces this turn"
    turn.undo()
    turn.undo()
    assert turn.change(state, crew=True) is None
    turn.draw_block(state, turn.cells_at(state, 0, 0))
    assert turn.draw_purple(state, (0, 4)) is None
    assert turn.draw_purple(state, (0, 5)) is None
    assert turn.purples_allowed(state) == 0
    after = apply_move(state, turn.as_move(state))
    assert after.player("Ann").purples_used == 2
