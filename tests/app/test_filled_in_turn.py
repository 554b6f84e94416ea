"""A Filled In turn played with dispatched mouse and key events on a headless window."""

from __future__ import annotations

from pyglet.window import key

from rules.filled_in import scores
from simulator.app.filled_in import session
from simulator.app.filled_in.sheet_view import ILLEGAL
from simulator.render.palette import colour
from simulator.replay import replay_file
from tests.app.filled_in_helpers import (
    blend,
    box_pixel,
    centre_of,
    click,
    draft_until_placing,
    let_computers_move,
    move_to,
    near,
    open_filled_in,
    press,
)
from tests.turns.filled_in_turns import legal_spot


def test_a_turn_end_to_end_with_mouse_and_keys():
    window, screen = open_filled_in(seed=1)
    try:
        draft_until_placing(window, screen)
        state = screen.turns.state
        ann = state.player("Ann")
        assert len(ann.hand) == 2
        pending = screen.turns.pending
        first = pending.crafted(state)
        press(window, key.SPACE)  # the other die gives the shape now
        swapped = pending.crafted(state)
        faces = pending.faces(state)
        assert swapped == (faces[1].shape, faces[0].colour) and swapped != first
        press(window, key.SPACE)
        shape, paint = pending.crafted(state)
        assert (shape, paint) == first == (faces[0].shape, faces[1].colour)

        press(window, key.Q)
        assert pending.turns == 1
        press(window, key.F)  # flipped as seen: mirrored, turned the other way
        assert pending.mirror and pending.turns == 3

        cells = legal_spot(screen.turns, avoid_tools=True)
        move_to(window, *centre_of(screen, cells))
        ghost_cells, ghost_colour, problem = screen.turns.ghost()
        assert ghost_cells == cells and ghost_colour == paint and problem is None
        # The block is drawn where it snaps, in its colour (translucent over the paper).
        expected = blend(colour(paint).rgb, 225, (255, 255, 252))
        assert near(box_pixel(window, screen, cells[0]), expected)

        click(window, *centre_of(screen, cells))
        assert pending.block == cells and "pencil" in screen.message
        actions = len(screen.match.actions)
        press(window, key.RETURN)
        assert len(screen.match.actions) == actions + 1
        action = screen.match.actions[-1]
        assert action["type"] == "place" and action["cells"] == [list(c) for c in cells]

        # The rules' result: the boxes are filled in that colour, and one block of a
        # colour nobody else has yet is the largest area of its colour: 3 points.
        grid = screen.turns.state.player("Ann").tower.grid()
        assert {c: grid[c] for c in cells} == dict.fromkeys(cells, paint)
        assert scores(screen.turns.state)["Ann"].total == 3
        assert any("Total 3" in getattr(item, "text", "") for item in screen.view.front._items)
        assert near(box_pixel(window, screen, cells[0]), colour(paint).rgb, 8)  # inked

        let_computers_move(window, screen)  # the computer places; the next round starts
        assert screen.turns.state.round == 2
        # The autosave is a filled-in scenario that replays headless to the same state.
        report = replay_file(str(session.autosave_path()))
        assert report["ok"] and report["state_hash"] == screen.match.state_hash()
    finally:
        window.close()


def test_an_illegal_spot_is_red_and_a_click_there_changes_nothing():
    window, screen = open_filled_in(seed=1)
    try:
        draft_until_placing(window, screen)
        state = screen.turns.state
        cells = screen.turns.pending.cells_at(state, 5, 1)  # floating in the air
        move_to(window, *centre_of(screen, cells))
        _, _, problem = screen.turns.ghost()
        assert problem == "the block must touch another block orthogonally or the bottom floor"
        assert near(box_pixel(window, screen, cells[0]), blend(ILLEGAL, 170, (255, 255, 252)), 30)
        before, actions = screen.match.state_hash(), len(screen.match.actions)
        click(window, *centre_of(screen, cells))
        assert screen.message == f"Refused: {problem}."
        assert screen.turns.pending.block is None and screen.live is None
        assert screen.match.state_hash() == before and len(screen.match.actions) == actions
        press(window, key.RETURN)  # nothing drawn: nothing to confirm
        assert screen.match.state_hash() == before and "Draw your block first" in screen.message
    finally:
        window.close()


def test_undo_rubs_out_the_pencil_but_not_the_ink():
    window, screen = open_filled_in(seed=1)
    try:
        draft_until_placing(window, screen)
        cells = legal_spot(screen.turns, avoid_tools=True)
        click(window, *centre_of(screen, cells))
        assert screen.live is not None
        press(window, key.P)  # a purple space beside the block, in pencil too
        spec = screen.turns.state.player("Ann").tower.spec
        purple_cell = next(
            (r + 1, c)
            for r, c in cells
            if (r + 1, c) in spec.boxes
            and (r + 1, c) not in cells
            and spec.tool_at((r + 1, c)) is None
        )
        click(window, *screen.turns.geometry().centre(purple_cell))
        assert screen.turns.pending.purples == [purple_cell]
        press(window, key.BACKSPACE)
        assert screen.turns.pending.purples == [] and screen.turns.pending.block == cells
        press(window, key.ESCAPE)  # Esc reaches the screen while something is in pencil
        assert screen.turns.pending.block is None and screen.live is None
        move_to(window, 700, 300)  # off the sheet: no ghost; the box is blank paper again
        assert near(box_pixel(window, screen, cells[0]), (255, 255, 252), 8)
        click(window, *centre_of(screen, cells))
        press(window, key.RETURN)
        hash_after = screen.match.state_hash()
        press(window, key.BACKSPACE)
        assert "Nothing in pencil" in screen.message and screen.match.state_hash() == hash_after
    finally:
        window.close()
