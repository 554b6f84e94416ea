"""Driving the headless Filled In screen with dispatched events (logical = window pixels:
the test window is the design size, so the letterbox is 1:1). The event and pixel
helpers are tests.app.helpers' (which imports the LOTS screen only when asked)."""

from __future__ import annotations

import time
from typing import Any

from pyglet.window import key, mouse

from simulator.app.computer_seats import COMPUTER_PAUSE
from simulator.app.filled_in.screen import FilledInScreen, open_screen
from simulator.app.setup import GameSetup, Seat
from simulator.app.window import AppWindow
from tests.app.helpers import frames, pixel, send
from tests.turns.filled_in_turns import centre

# Real seconds a test waits for a spawned worker's decision: generous, as a loaded
# 2-core runner can take seconds to start the process and think.
WAIT = 30.0


def open_filled_in(
    seed: int = 1,
    seats: tuple[tuple[str, str], ...] = (("Ann", "human"), ("Computer", "random")),
    sheet: int = 1,
) -> tuple[Any, FilledInScreen]:
    setup = GameSetup(
        "filled-in", tuple(Seat(n, c) for n, c in seats), seed=seed, settings={"sheet": sheet}
    )
    screen = open_screen(setup)
    window = AppWindow(screen, visible=False, schedule=False)
    frames(window)
    return window, screen


def to_window(window: Any, x: float, y: float) -> tuple[int, int]:
    wx, wy = window.box.to_window(x, y)
    return round(wx), round(wy)


def move_to(window: Any, x: float, y: float) -> None:
    send(window, "on_mouse_motion", *to_window(window, x, y), 0, 0)
    frames(window)


def click(window: Any, x: float, y: float, button: int = mouse.LEFT) -> None:
    send(window, "on_mouse_press", *to_window(window, x, y), button, 0)
    frames(window)


def press(window: Any, symbol: int, modifiers: int = 0) -> None:
    send(window, "on_key_press", symbol, modifiers)
    frames(window)


def click_button(window: Any, screen: FilledInScreen, label: str) -> None:
    """Click the middle of the screen's button with this label."""
    found = [b for b in screen.view.front.buttons if b.label == label and b.enabled]
    assert found, f"no button {label!r}: {[b.label for b in screen.view.front.buttons]}"
    button = found[0]
    click(window, button.x + button.w / 2, button.y + button.h / 2)


def let_computers_move(window: Any, screen: FilledInScreen, seconds: float = WAIT) -> None:
    """Tick past the computers' pauses until a human must act (or the game ends)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if screen.turns.active() is not None or screen.turns.state.phase == "ended":
            return
        frames(window, 1, COMPUTER_PAUSE + 0.05)
        time.sleep(0.002)  # a bot's decision is thought out in a worker process
    raise AssertionError(f"the computers never handed back in {seconds:.0f} s")


def wait_for_move(window: Any, screen: FilledInScreen, moves: int, seconds: float = WAIT) -> None:
    """Tick until more than ``moves`` moves are made."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if len(screen.match.actions) > moves:
            return
        frames(window, 1, COMPUTER_PAUSE)
        time.sleep(0.002)
    raise AssertionError(f"the computer did not move in {seconds:.0f} s")


def draft_until_placing(window: Any, screen: FilledInScreen) -> None:
    """Roll (R) and draft the first free die by clicking it, until the human crafts."""
    for _ in range(40):
        let_computers_move(window, screen)
        state = screen.turns.state
        if screen.turns.pending is not None:
            return
        if state.phase == "roll":
            press(window, key.R)
        elif state.phase == "draft":
            taken = {pos for p in state.players for pos in p.hand}
            free = min(pos for pos in range(len(state.dice)) if pos not in taken)
            click_button(window, screen, str(free + 1))
    raise AssertionError("never reached the crafting")


def centre_of(screen: FilledInScreen, cells: tuple[tuple[int, int], ...]) -> tuple[float, float]:
    """The logical point that puts a shape's middle over these boxes."""
    return centre(screen.turns.geometry(), cells)


def box_pixel(window: Any, screen: FilledInScreen, cell: tuple[int, int]) -> tuple[int, int, int]:
    """The colour inside a box, off its symbol and its borders."""
    geo = screen.turns.geometry()
    x, y = geo.corner(cell)
    return pixel(window, *to_window(window, x + geo.cell * 0.22, y + geo.cell * 0.22))


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 14) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


def blend(rgb: tuple[int, int, int], alpha: int, under: tuple[int, int, int]) -> tuple[int, ...]:
    mix = zip(rgb, under, strict=True)
    return tuple(round(c * alpha / 255 + u * (255 - alpha) / 255) for c, u in mix)
