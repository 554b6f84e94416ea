"""Computer seats on the Filled In screen move after a pause, in view; the help overlay;
a whole game between computer seats on screen."""

from __future__ import annotations

import time

from pyglet.window import key

from simulator.app.computer_seats import COMPUTER_PAUSE
from simulator.app.filled_in.controller import WATCH_SECONDS
from simulator.app.filled_in.thinking import Thinker, seat_move
from simulator.render.palette import colour
from tests.app.filled_in_helpers import (
    draft_until_placing,
    frames,
    let_computers_move,
    open_filled_in,
    pixel,
    press,
    wait_for_move,
)
from tests.turns.filled_in_turns import drafted_match


def test_a_computer_seat_moves_after_a_pause_and_its_block_is_shown():
    seats = (("Computer", "easy"), ("Ann", "human"))
    window, screen = open_filled_in(seed=3, seats=seats)
    try:
        assert screen.computer_to_move() == "Computer" and screen.turns.active() is None
        frames(window, 12)  # 0.2 s: too soon, so the move can be seen coming
        assert screen.match.actions == []
        wait_for_move(window, screen, 0)
        assert screen.match.actions[0] == {"type": "roll", "player": "Computer"}
        assert "Computer rolled" in screen.message
        draft_until_placing(window, screen)
        # In the place phase the computer waits for the human (placing is simultaneous).
        frames(window, 3, COMPUTER_PAUSE + 0.1)
        assert screen.turns.state.player("Computer").placed is False
        state = screen.turns.state
        cells = next(
            c
            for col in range(6)
            if screen.turns.pending.draw_block(
                state, c := screen.turns.pending.cells_at(state, 0, col)
            )
            is None
        )
        press(window, key.RETURN)
        assert screen.turns.state.player("Ann").tower.blocks[0].cells == cells
        let_computers_move(window, screen)
        computer = screen.turns.state.player("Computer")
        assert len(computer.tower.blocks) == 1
        assert screen.turns.viewed == 0  # its sheet is shown with the block it drew
        block = computer.tower.blocks[0]
        assert "Computer drew a" in screen.message
        geo = screen.turns.geometry()
        x, y = geo.corner(block.cells[0])
        got = pixel(window, x + geo.cell * 0.22, y + geo.cell * 0.22)
        want = colour(block.colour).rgb
        assert all(abs(a - b) <= 8 for a, b in zip(got, want, strict=True))
        # Once it is Ann's turn, her own sheet comes back after a moment to see it.
        assert screen.turns.active() == "Ann"
        frames(window, 3, WATCH_SECONDS / 2)
        assert screen.turns.viewed == 1 and screen.turns.seat("Ann") == 1
    finally:
        window.close()


def test_the_help_overlay_lists_the_keys():
    window, screen = open_filled_in(seed=1)
    try:
        before = pixel(window, 640, 400)
        press(window, key.H)
        assert window.help_visible and pixel(window, 640, 400) != before
        words = " ".join(what for _, what in screen.shortcuts)
        for needed in ("draft", "turn", "flip", "purple", "crew", "confirm", "rub out", "save"):
            assert needed in words
        press(window, key.ESCAPE)
        assert not window.help_visible
    finally:
        window.close()


def test_two_computer_seats_play_a_game_to_its_end_on_screen():
    seats = (("Cy", "random"), ("Di", "random"))
    window, screen = open_filled_in(seed=4, seats=seats, sheet=4)
    try:
        for tick in range(2000):
            if screen.turns.state.phase == "ended":
                break
            window.tick(COMPUTER_PAUSE + 0.05)
            if tick % 25 == 0:
                frames(window)  # drawn now and then: a frame rebuilds what changed
            time.sleep(0.001)
        frames(window)
        assert screen.turns.state.phase == "ended"
        assert "Game over" in screen.message
        assert any(getattr(item, "text", "") == "Game over" for item in screen.view.front._items)
    finally:
        window.close()


def test_a_bot_thinks_in_its_own_process_and_decides_as_it_would_here():
    match = drafted_match()
    here = seat_move(match, "Bo", "normal")
    assert here["type"] == "place" and here["player"] == "Bo"
    thinker = Thinker()
    try:
        assert thinker.think(match, "Bo", "normal").result(timeout=60) == here
        thinker.fall_back()  # as after a worker that could not start
        decided = thinker.think(match, "Bo", "normal")
        assert decided.result(timeout=60) == here  # on a thread of this process
    finally:
        thinker.close()
