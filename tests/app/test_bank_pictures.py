"""Banks show pieces as pictures of themselves: read back at the bank's place, the
piece's colour covers exactly the cells of its shape, and its name is not written there.
Crazy Tower's number keys pick exactly the blocks the panel numbers, 1..n, also after
an exchange moved a block of another colour into the bank."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyglet.window import key

from rules.crazy_tower.blocks import get_block
from rules.lots import colour_of, spec_of
from rules.pieces import get_piece
from simulator.app.crazy_tower.bank import pick_order
from simulator.app.crazy_tower.panel import CUBE
from simulator.app.crazy_tower.screen import open_screen
from simulator.app.lots.panel import BANK_UNIT, NUMBER_W
from simulator.app.setup import GameSetup, Seat
from simulator.app.window import AppWindow
from simulator.render.palette import colour
from tests.app.crazy_tower_helpers import holding, open_ct
from tests.app.helpers import close, frames, send, until_my_placement

BIG = (1920, 1200)  # a 1.5x letterbox: cells wide enough to read around their symbols


def region(window: Any, x: float, y: float, w: float, h: float) -> dict[tuple[int, int], tuple]:
    """The window's pixels of a logical rectangle, by window pixel (one read)."""
    from pyglet import gl

    (x0, y0), (x1, y1) = window.box.to_window(x, y), window.box.to_window(x + w, y + h)
    x0, y0, x1, y1 = int(x0), int(y0), int(x1) + 1, int(y1) + 1
    window.switch_to()
    data = (gl.GLubyte * (4 * (x1 - x0) * (y1 - y0)))()
    gl.glReadPixels(x0, y0, x1 - x0, y1 - y0, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE, data)
    return {
        (x0 + i, y0 + j): tuple(data[4 * (j * (x1 - x0) + i) : 4 * (j * (x1 - x0) + i) + 3])
        for j in range(y1 - y0)
        for i in range(x1 - x0)
    }


def painted_cells(window: Any, x: float, y: float, unit: float, rgb: tuple, cells) -> set:
    """Which cells of the shape's bounding grid at (x, y) show ``rgb`` inside (the
    symbol in a cell's middle and the border at its edges have other colours: a ring
    between them is enough)."""
    rows, cols = max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1
    pixels = region(window, x, y, cols * unit, rows * unit)
    found = set()
    for row in range(rows):
        for col in range(cols):
            cx0, cy0 = x + (col + 0.2) * unit, y + (row + 0.2) * unit
            cx1, cy1 = x + (col + 0.8) * unit, y + (row + 0.8) * unit
            (wx0, wy0), (wx1, wy1) = window.box.to_window(cx0, cy0), window.box.to_window(cx1, cy1)
            hits = [
                p
                for (px, py), p in pixels.items()
                if wx0 <= px <= wx1 and wy0 <= py <= wy1 and near(p, rgb)
            ]
            if len(hits) >= 4:
                found.add((row, col))
    return found


def near(a: tuple, b: tuple, tolerance: int = 12) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


def test_the_lots_bank_shows_each_piece_in_its_shape_and_colour_not_its_name():
    from simulator.app.lots import session
    from simulator.app.lots.screen import LotsScreen

    match = session.new_match(["You", "Computer 2"], "1A", 3)
    screen = LotsScreen(match, seed=3, humans={"You"})
    window = AppWindow(screen, visible=False, schedule=False, width=BIG[0], height=BIG[1])
    try:
        until_my_placement(window, screen)
        screen.dirty = True
        frames(window)
        bank = screen.match.state.banks[0]
        assert bank
        shown = {fitted.label.text for fitted in screen.view.hud.texts}
        for index, piece in enumerate(bank):
            assert piece not in shown and not any(piece in text for text in shown)
            button = next(b for b in screen.view.hud.buttons if b.label == f"{index + 1}: {piece}")
            cells = spec_of(piece).cells
            h = (max(r for r, _ in cells) + 1) * BANK_UNIT
            x = button.x + 3 + (NUMBER_W if index < 9 else 0)
            y = button.y + 7 - 5 + (2 * BANK_UNIT - h) / 2
            rgb = colour(colour_of(piece)).rgb
            assert painted_cells(window, x, y, BANK_UNIT, rgb, cells) == set(cells), piece
            assert str(index + 1) in shown  # its number key, beside it
    finally:
        close(window)


def _numbers(screen: Any) -> dict[str, int]:
    """The number written above each block of the panel's banks."""
    numbers = {}
    for button in screen.view.hud.buttons:
        for fitted in screen.view.hud.texts:
            label = fitted.label
            if (
                label.text.isdigit()
                and button.x <= label.x <= button.x + button.w
                and abs(label.y - (button.y + CUBE + 2)) < 0.5
            ):
                numbers[button.label] = int(label.text)
    return numbers


def _check_keys(window: Any, screen: Any, again: Callable[[], None] = lambda: None) -> None:
    """The numbers shown are 1..n over what can be picked, in reading order, and key k
    picks the k-th; ``again`` redoes the test's setup after each undo."""
    state = screen.match.state
    order = pick_order(state)
    numbers = _numbers(screen)
    assert len(order) > 3
    assert sorted(numbers.values()) == list(range(1, min(9, len(order)) + 1))  # no gaps
    assert [b for b, _ in sorted(numbers.items(), key=lambda kv: kv[1])] == order[:9]
    # reading order: rows from the top, left to right
    where = {b.label: (-b.y, b.x) for b in screen.view.hud.buttons if b.label in numbers}
    assert sorted(numbers, key=where.__getitem__) == order[:9]
    for number, block in enumerate(order[:9], start=1):
        send(window, "on_key_press", key._1 + number - 1, 0)
        frames(window)
        assert holding(screen) and screen.live.piece == block, (number, block)
        send(window, "on_key_press", key.BACKSPACE, 0)
        again()
        frames(window)
        assert not holding(screen)


def test_crazy_tower_numbers_what_can_be_picked_and_the_keys_pick_it():
    window, screen = open_ct()
    try:
        frames(window)
        _check_keys(window, screen)
        give, take = screen.match.state.hands["Ann"][0], screen.match.state.hands["Bob"][-1]
        assert get_block(give).colour != get_block(take).colour

        def exchanged() -> None:
            # An exchange as the rules make it (rules.crazy_tower.moves.exchange): the
            # block taken lands where the one given was in the hand; the panel shows it
            # in a row of its colour, and the numbers follow what is shown. (Undo
            # brings back the state before it: the test swaps again.)
            state = screen.match.state
            mine, theirs = state.hands["Ann"], state.hands["Bob"]
            mine[mine.index(give)], theirs[theirs.index(take)] = take, give
            screen.dirty = True

        exchanged()
        frames(window)
        assert take in pick_order(screen.match.state)
        _check_keys(window, screen, exchanged)
    finally:
        close(window)


def test_crazy_tower_bank_blocks_are_pictures_in_their_colour():
    setup = GameSetup("crazy-tower", (Seat("Ann"), Seat("Bob")), seed=1)
    screen = open_screen(setup)
    window = AppWindow(screen, visible=False, schedule=False, width=BIG[0], height=BIG[1])
    try:
        frames(window)
        for block in screen.match.state.hands["Ann"][:4]:
            button = next(b for b in screen.view.hud.buttons if b.label == block)
            cells = get_piece(get_block(block).piece).cells
            rgb = colour(get_block(block).colour).rgb
            assert painted_cells(window, button.x, button.y, CUBE, rgb, cells) == set(cells), block
    finally:
        close(window)


def test_filled_in_shape_choices_are_pictures_in_the_blocks_colour(monkeypatch):
    from rules.filled_in.config import rules_config
    from simulator.app.filled_in.panel import shape_cells
    from simulator.app.filled_in.screen import open_screen as open_filled_in
    from simulator.app.filled_in.turn import PendingTurn
    from simulator.app.piece_pictures import picture_size, unit_to_fit
    from tests.app.filled_in_helpers import draft_until_placing

    setup = GameSetup("filled-in", (Seat("Ann"), Seat("Computer", "random")), seed=1)
    screen = open_filled_in(setup)
    window = AppWindow(screen, visible=False, schedule=False, width=BIG[0], height=BIG[1])
    try:
        draft_until_placing(window, screen)
        # A free shape (a wild die or a crew card) shows the shape choices.
        monkeypatch.setattr(PendingTurn, "shape_free", lambda self, state: True)
        screen.dirty = True
        frames(window)
        _, name = screen.turns.pending.crafted(screen.turns.state)
        shown = {fitted.label.text for fitted in screen.view.front.texts}
        letters = rules_config().shape_letters
        for letter in letters:
            assert letter not in shown  # a picture, not the letter
            button = next(b for b in screen.view.front.buttons if b.label == letter)
            cells = shape_cells(letter)
            unit = min(7.0, unit_to_fit(cells, 36, 22))
            w, h = picture_size(cells, unit)
            x, y = button.x + (44 - w) / 2, button.y + (28 - h) / 2
            rgb = colour(name).rgb
            assert painted_cells(window, x, y, unit, rgb, cells) == set(cells), letter
    finally:
        close(window)
