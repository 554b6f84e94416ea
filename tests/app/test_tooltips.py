"""Tooltips: the mouse resting on a block of a bank (or a die to draft) says what it is
and how to take it, after a short delay, in a box beside the pointer."""

from __future__ import annotations

from simulator.app.tooltip import DELAY, PAPER
from tests.app.helpers import close, frames, open_lots, pixel, send, until_my_placement


def _rest_on(window, x: float, y: float) -> None:
    send(window, "on_mouse_motion", *window.box.to_window(x, y), 0, 0)


def test_a_bank_block_says_what_it_is_once_the_mouse_rests_on_it():
    window, screen, _ = open_lots()
    try:
        until_my_placement(window, screen)
        frames(window, 2)
        block = next(b for b in screen.view.hud.buttons if b.tip)
        x, y = block.x + block.w / 2, block.y + block.h / 2
        _rest_on(window, x, y)
        frames(window, 1, DELAY / 4)
        assert window.tooltip.shown is None  # not at once: a pointer passing by says nothing
        frames(window, 3, DELAY / 2)
        tip = window.tooltip.shown
        assert tip is not None and tip.startswith("The ") and "press 1 to pick it up" in tip
        box = window.tooltip.hud.texts[-1].box
        got = pixel(window, *window.box.to_window(box.x - 2, box.y + box.h / 2))
        assert max(abs(a - b) for a, b in zip(got, PAPER, strict=True)) <= 8, got  # its paper
        _rest_on(window, 400, 400)  # away over the table: nothing to say
        frames(window, 3, DELAY)
        assert window.tooltip.shown is None
    finally:
        close(window)
