"""Driving the Crazy Tower screen on a headless window: open a game, hold a piece over a
spot of a floor card, lower it, release it, let it settle, confirm."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pyglet.window import key, mouse

from simulator.app.crazy_tower.screen import CrazyTowerScreen, open_screen
from simulator.app.setup import GameSetup, Seat
from simulator.app.window import AppWindow
from simulator.games.crazy_tower.live import HOLDING, SETTLED
from simulator.games.crazy_tower.survey import card_point
from tests.app.helpers import frames, send, world_to_window


def open_ct(
    seats: tuple[tuple[str, str], ...] = (("Ann", "human"), ("Bob", "human")),
    *,
    seed: int = 1,
    mode: str = "competitive",
    challenge: int | None = None,
    dexterity: str | None = None,
) -> tuple[Any, CrazyTowerScreen]:
    setup = GameSetup(
        "crazy-tower",
        tuple(Seat(name, controller) for name, controller in seats),
        seed=seed,
        mode=mode,
        settings={} if challenge is None else {"challenge": challenge},
        dexterity=dexterity,
    )
    screen = open_screen(setup)
    window = AppWindow(screen, visible=False, schedule=False)
    return window, screen


def hover(window: Any, screen: CrazyTowerScreen, x: float, y: float, count: int = 60) -> None:
    """Move the mouse over world point (x, y) cm and let the hand get there."""
    wx, wy = world_to_window(window, screen, x, y)
    send(window, "on_mouse_motion", wx, wy, 0, 0)
    frames(window, count)


def over_card(screen: CrazyTowerScreen, card: str, u: float, above: float) -> tuple[float, float]:
    """The world point ``above`` cm over card coordinate ``u`` of ``card``."""
    x, y = card_point(screen.match.world.entry(card), u)
    return x, y + above


def lower_and_release(window: Any, screen: CrazyTowerScreen) -> None:
    """Hold Down until the piece rests, click to release, let the tower settle."""
    send(window, "on_key_press", key.DOWN, 0)
    for _ in range(400):
        frames(window)
        if not screen.turn.hand.lowering:
            break
    send(window, "on_key_release", key.DOWN, 0)
    x, y = world_to_window(window, screen, *screen.turn.hand.target)
    send(window, "on_mouse_press", x, y, mouse.LEFT, 0)
    settle(window, screen)


def settle(window: Any, screen: CrazyTowerScreen) -> None:
    for _ in range(900):
        frames(window)
        if screen.live is None or screen.live.stage == SETTLED:
            return
    raise AssertionError("the tower never settled")


def place(window: Any, screen: CrazyTowerScreen, number: int, card: str, u: float) -> str:
    """Pick the bank's block ``number`` (a key press), lay it over card coordinate ``u``
    of ``card``, release, settle, and confirm; the block's id."""
    send(window, "on_key_press", key._1 + number - 1, 0)
    frames(window)
    assert holding(screen)
    block = screen.live.piece
    hover(window, screen, *over_card(screen, card, u, 4.0))
    lower_and_release(window, screen)
    assert screen.live.stage == SETTLED and screen.message.startswith("Verdict:")
    send(window, "on_key_press", key.RETURN, 0)
    frames(window)
    assert screen.live is None
    return block


def diamonds_scenario(tmp_path: Path) -> Path:
    """The diamonds example without its removal: Ann must pull a block or decline."""
    text = Path("scenarios/crazy-tower/diamonds-removal.toml").read_text()
    text = text.replace('    { type = "remove_block", player = "Ann", block = "blue-1a" },\n', "")
    path = tmp_path / "diamonds.toml"
    path.write_text(text[: text.index("[[expect.events]]")])
    return path


def holding(screen: CrazyTowerScreen) -> bool:
    return screen.live is not None and screen.live.stage == HOLDING


def screenshot(path: str) -> None:
    import pyglet

    pyglet.image.get_buffer_manager().get_color_buffer().save(path)
