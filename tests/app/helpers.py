"""Driving a headless app window with dispatched events, and reading its pixels."""

from __future__ import annotations

from typing import Any

from rules.lots import legal_moves
from simulator.app.window import AppWindow


def open_lots(seed: int = 3, players: tuple[str, ...] = ("You", "Computer 2")) -> Any:
    # Imported here so the other games' app tests do not depend on the LOTS screen.
    from simulator.app.lots import session
    from simulator.app.lots.screen import LotsScreen

    match = session.new_match(list(players), "1A", seed)
    screen = LotsScreen(match, seed=seed)
    window = AppWindow(screen, visible=False, schedule=False)
    return window, screen, match


def send(window: Any, *event: Any) -> None:
    window.dispatch_event(*event)
    window.dispatch_events()  # headless windows queue events until dispatched


def click_button(window: Any, screen: Any, label: str) -> None:
    """Click the middle of the screen's button labelled ``label``, then draw a frame."""
    from pyglet.window import mouse

    button = next(b for b in screen.hud.buttons if b.label == label)
    x, y = window.box.to_window(button.x + button.w / 2, button.y + button.h / 2)
    send(window, "on_mouse_press", x, y, mouse.LEFT, 0)
    frames(window)


def frames(window: Any, count: int = 1, seconds: float = 1 / 60) -> None:
    for _ in range(count):
        window.tick(seconds)
        window.switch_to()
        send(window, "on_draw")


def pixel(window: Any, x: float, y: float) -> tuple[int, int, int]:
    """The colour at window pixel (x, y), y up: one pixel read back (converting the
    whole frame costs most of a second on llvmpipe)."""
    from pyglet import gl

    window.switch_to()
    data = (gl.GLubyte * 4)()
    gl.glReadPixels(int(x), int(y), 1, 1, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE, data)
    return data[0], data[1], data[2]


def world_to_window(window: Any, screen: Any, x: float, y: float) -> tuple[int, int]:
    lx, ly = screen.camera().to_screen(x, y)
    wx, wy = window.box.to_window(lx, ly)
    return round(wx), round(wy)


def until_my_placement(window: Any, screen: Any, limit: int = 400) -> None:
    """Let the computer play and take the human's discrete moves (R to roll, else the
    first legal move by its button) until the human must place a block."""
    from pyglet.window import key

    for _ in range(limit):
        state = screen.match.state
        if state.to_act == 0 and state.phase == "place":
            return
        if state.to_act == 0 and state.phase == "roll":
            send(window, "on_key_press", key.R, 0)
        elif state.to_act == 0:
            screen.turns.move(legal_moves(state)[0])
        frames(window, 6)
    raise AssertionError("the human never got a placement")


def close(window: Any) -> None:
    window.close()
