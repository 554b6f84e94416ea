"""The app skeleton: the window calls only the Screen protocol; every game screen
autosaves every confirmed move, the computers' included; a computer seat's bot thinks
off the drawing thread, on a copy of the match, and decides exactly what the headless
players decide; closing the screen stops it."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from pyglet.window import key

from simulator.app.crazy_tower import session as crazy_tower_session
from simulator.app.filled_in import session as filled_in_session
from simulator.app.lots import session
from simulator.app.lots.screen import LotsScreen
from simulator.app.screen import Screen
from simulator.app.setup import GameSetup, Seat
from simulator.app.window import AppWindow
from simulator.games.computer_seat import play_players
from simulator.games.crazy_tower.bots import make_player as make_ct_player
from simulator.games.lots.bots import make_player
from simulator.seeds import seat_seed
from tests.app.crazy_tower_helpers import open_ct
from tests.app.filled_in_helpers import open_filled_in
from tests.app.helpers import close, send

ROOT = Path(__file__).resolve().parents[2]
WAIT = 90.0  # seconds a computer may take on a busy machine


class Recorder(Screen):
    """A screen that writes down every call the window makes."""

    def __init__(self, in_progress: bool = False, typing: bool = False) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.in_progress, self.is_typing = in_progress, typing

    @property
    def typing(self) -> bool:
        return self.is_typing

    @property
    def move_in_progress(self) -> bool:
        return self.in_progress

    def attach(self, window: AppWindow) -> None:
        super().attach(window)
        self.calls.append(("attach", window))

    def close(self) -> None:
        self.calls.append(("close",))

    def say(self, message: str) -> None:
        self.calls.append(("say", message))

    def advance(self, steps: int, seconds: float) -> None:
        self.calls.append(("advance", steps, seconds))

    def draw(self, window: Any, base: Any) -> None:
        self.calls.append(("draw",))

    def on_mouse_motion(self, x: float, y: float) -> None:
        self.calls.append(("motion",))

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        self.calls.append(("press", button))

    def on_mouse_scroll(self, scroll_y: float) -> None:
        self.calls.append(("scroll", scroll_y))

    def on_text(self, text: str) -> None:
        self.calls.append(("text", text))

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.calls.append(("key", symbol))

    def on_key_release(self, symbol: int) -> None:
        self.calls.append(("release", symbol))

    def names(self) -> list[str]:
        return [c[0] for c in self.calls]


def test_the_window_calls_the_screen_protocol_and_probes_nothing():
    homes: list[Recorder] = []

    def home() -> Recorder:
        homes.append(Recorder())
        return homes[-1]

    screen = Recorder(in_progress=True)
    window = AppWindow(screen, visible=False, schedule=False, home=home)
    try:
        assert screen.calls == [("attach", window)] and screen.window is window
        window.tick(1 / 60)
        send(window, "on_draw")
        send(window, "on_mouse_motion", 10, 10, 0, 0)
        send(window, "on_mouse_press", 10, 10, 1, 0)
        send(window, "on_mouse_scroll", 10, 10, 0, 1.0)
        send(window, "on_text", "a")
        send(window, "on_key_press", key.A, 0)
        send(window, "on_key_release", key.A, 0)
        assert screen.names()[1:] == [
            "advance",
            "draw",
            "motion",
            "press",
            "scroll",
            "text",
            "key",
            "release",
        ]
        # A move in progress: Esc goes to the screen (it takes the move back), Ctrl+N
        # is refused with a word to the player.
        del screen.calls[:]
        send(window, "on_key_press", key.ESCAPE, 0)
        send(window, "on_key_press", key.N, key.MOD_CTRL)
        assert screen.calls == [("key", key.ESCAPE), ("say", screen.calls[1][1])]
        assert "Confirm or undo" in screen.calls[1][1] and window.page is screen and not homes
        # No move: Esc does nothing, Ctrl+N closes this screen and attaches the home.
        screen.in_progress = False
        del screen.calls[:]
        send(window, "on_key_press", key.ESCAPE, 0)
        send(window, "on_key_press", key.N, key.MOD_CTRL)
        assert screen.calls == [("close",)]
        assert window.page is homes[0] and homes[0].calls == [("attach", window)]
        # Typing: H types an h instead of opening the help.
        homes[0].is_typing = True
        send(window, "on_key_press", key.H, 0)
        assert not window.help_visible and homes[0].calls[-1] == ("key", key.H)
    finally:
        close(window)
    assert homes[0].calls[-1] == ("close",)  # closing the window closes its screen
    for module in ("window.py", "main.py"):
        source = (ROOT / "simulator" / "app" / module).read_text(encoding="utf-8")
        assert "hasattr(" not in source and "getattr(" not in source, module


def _tick_until(window: AppWindow, done: Any, seconds: float = WAIT) -> None:
    """Tick the window (no drawing) until ``done()``; the computers' pauses pass at once."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return
        window.tick(0.7)
        time.sleep(0.005)  # the bot thinks on its worker meanwhile
    raise AssertionError("timed out")


def _open_lots(humans: set[str], seed: int = 3) -> tuple[AppWindow, LotsScreen]:
    match = session.new_match(["Computer 1", "Computer 2"], "1A", seed)
    screen = LotsScreen(match, seed=seed, humans=humans)
    return AppWindow(screen, visible=False, schedule=False), screen


def test_every_computer_move_in_lots_is_autosaved_and_replays():
    window, screen = _open_lots(humans=set())
    try:
        placed = lambda: any(a["type"] == "place" for a in screen.match.actions)  # noqa: E731
        _tick_until(window, lambda: placed() and screen.playback is None)
        saved = session.load_saved(session.autosave_path())
        assert saved.match.actions == screen.match.actions
        assert saved.match.state_hash() == screen.match.state_hash()
        assert saved.computers == {"Computer 1": "random", "Computer 2": "random"}
    finally:
        close(window)


@pytest.mark.parametrize(
    ("opened", "saves"),
    [
        (lambda: open_ct((("Bob", "random"), ("Ann", "human")), seed=2), crazy_tower_session),
        (
            lambda: open_filled_in(seed=3, seats=(("Cy", "random"), ("Ann", "human"))),
            filled_in_session,
        ),
    ],
    ids=["crazy-tower", "filled-in"],
)
def test_the_other_games_autosave_their_computers_moves_too(opened, saves):
    window, screen = opened()
    try:
        _tick_until(window, lambda: screen.match.actions)
        game = saves.load(saves.autosave_path())
        assert game.match.actions == screen.match.actions
    finally:
        close(window)


def test_computer_moves_are_the_ones_the_headless_players_make():
    window, screen = _open_lots(humans=set(), seed=5)
    try:
        placements = lambda: sum(a["type"] == "place" for a in screen.match.actions)  # noqa: E731
        _tick_until(window, lambda: placements() >= 4 and screen.playback is None)
        made = screen.match.actions
    finally:
        close(window)
    match = session.new_match(["Computer 1", "Computer 2"], "1A", 5)
    players = {f"Computer {s + 1}": make_player("random", seat_seed(5, s)) for s in (0, 1)}
    play_players(match, players, len(made))
    assert match.actions == made


def test_crazy_tower_computer_moves_are_the_headless_players_too():
    seats = (("Bob", "random"), ("Cy", "easy"))
    window, screen = open_ct(seats, seed=4)
    try:
        _tick_until(window, lambda: len(screen.match.actions) >= 6 and screen.playback is None)
        made = screen.match.actions
    finally:
        close(window)
    setup = GameSetup("crazy-tower", tuple(Seat(n, c) for n, c in seats), seed=4)
    match = crazy_tower_session.new_game(setup).match
    players = {n: make_ct_player(c, seat_seed(4, i)) for i, (n, c) in enumerate(seats)}
    play_players(match, players, len(made))
    assert match.actions == made


class SlowBot:
    """Wraps a bot: it waits for ``go`` before deciding, and notes where it ran."""

    def __init__(self, bot: Any, go: threading.Event) -> None:
        self.bot, self.go = bot, go
        self.started = threading.Event()
        self.threads: list[threading.Thread] = []
        self.matches: list[Any] = []

    def decide(self, match: Any) -> Any:
        self.threads.append(threading.current_thread())
        self.matches.append(match)
        self.started.set()
        self.go.wait(timeout=WAIT)
        return self.bot.decide(match)


def test_a_slow_bot_thinks_off_the_drawing_thread_on_a_copy():
    window, screen = _open_lots(humans=set())
    go = threading.Event()
    seat = screen.computer_to_move()
    computer = screen.turns.seats.seats[seat]
    slow = computer.player = SlowBot(computer.player, go)
    before = screen.match.state_hash()
    try:
        _tick_until(window, slow.started.is_set)
        for _ in range(5):  # the window keeps its pace while the bot thinks
            began = time.monotonic()
            window.tick(0.7)
            assert time.monotonic() - began < 0.5
        assert screen.message.endswith("is thinking...") and not screen.match.actions
        go.set()
        _tick_until(window, lambda: screen.match.actions)
        assert slow.threads[0] is not threading.main_thread()
        copy = slow.matches[0]
        assert copy is not screen.match and copy.world is not screen.match.world
        assert copy.state_hash() == before and copy.actions == []
        assert screen.match.actions[0]["player"] == seat
    finally:
        go.set()
        close(window)


def test_closing_the_screen_stops_the_computers_worker():
    window, screen = _open_lots(humans=set())
    go = threading.Event()
    computer = screen.turns.seats.seats[screen.computer_to_move()]
    slow = computer.player = SlowBot(computer.player, go)
    try:
        _tick_until(window, slow.started.is_set)
        # as Ctrl+N does: this screen is closed
        window.show(_open_lots(humans={"Computer 1", "Computer 2"})[1])
        assert screen.closed and screen._decision is None
        go.set()
        slow.threads[0].join(timeout=WAIT)
        assert not slow.threads[0].is_alive()  # the decision under way ended
        for _ in range(5):
            screen.advance(1, 0.7)  # even ticked, a closed screen thinks no more
        assert len(slow.threads) == 1 and not screen.match.actions
    finally:
        go.set()
        close(window)
