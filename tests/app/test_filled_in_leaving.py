"""The Filled In screen when the game or the host changes under it: a load with fewer
players, no worker process to be had, leaving the screen (its worker stops); the help
lists exactly the keys that work."""

from __future__ import annotations

import multiprocessing
import time

from pyglet.window import key

import simulator.app.filled_in.thinking as thinking
from simulator.app.computer_seats import COMPUTER_PAUSE
from simulator.app.filled_in.thinking import Thinker
from tests.app.filled_in_helpers import (
    WAIT,
    centre_of,
    click,
    frames,
    open_filled_in,
    press,
    wait_for_move,
)
from tests.turns.filled_in_turns import drafted_match, legal_spot

HUMANS = (("Ann", "human"), ("Bo", "human"), ("Cy", "human"), ("Di", "human"))


def test_loading_a_game_with_fewer_players_shows_a_sheet_of_that_game(tmp_path):
    two, small = open_filled_in(seats=(("A", "random"), ("B", "random")))
    small.save(tmp_path / "two.toml")
    two.close()
    window, screen = open_filled_in(seats=HUMANS)
    try:
        for _ in range(3):
            press(window, key.TAB)
        assert screen.turns.viewed == 3
        screen.save_path = tmp_path / "two.toml"
        press(window, key.O, key.MOD_CTRL)  # draws the loaded game: no IndexError
        assert screen.message.startswith("Loaded") and len(screen.turns.state.players) == 2
        assert screen.turns.viewed == 0
        press(window, key.TAB)
        assert screen.turns.viewed == 1
    finally:
        window.close()


def test_without_a_worker_process_the_computer_decides_in_the_window(monkeypatch):
    def no_processes(*args, **kwargs):
        raise OSError(38, "Function not implemented")  # sem_open without /dev/shm

    monkeypatch.setattr(thinking, "ProcessPoolExecutor", no_processes)
    window, screen = open_filled_in(seed=3, seats=(("Cy", "easy"), ("Ann", "human")))
    try:
        wait_for_move(window, screen, 0)
        assert screen.match.actions[0] == {"type": "roll", "player": "Cy"}
        assert screen._thinker.inline and "could not" not in screen.message
    finally:
        window.close()


def _running_worker(window, screen) -> list:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        frames(window, 1, COMPUTER_PAUSE / 2)
        pool = screen._thinker._pool
        if pool is not None and pool._processes:
            return list(pool._processes.values())
    raise AssertionError("the worker never started")


def test_leaving_the_screen_stops_its_worker_at_once():
    window, screen = open_filled_in(seed=3, seats=(("Cy", "hard"), ("Ann", "human")))
    try:
        workers = _running_worker(window, screen)
        assert all(w.is_alive() for w in workers)
        replacement = open_filled_in(seats=HUMANS[:2])[1]
        window.show(replacement)  # as Ctrl+N does: the screen left behind is closed
        assert not any(w.is_alive() for w in workers)
        assert not set(workers) & set(multiprocessing.active_children())
        screen.close()  # twice is harmless
    finally:
        window.close()


def test_closing_the_window_stops_the_worker():
    window, screen = open_filled_in(seed=3, seats=(("Cy", "easy"), ("Ann", "human")))
    workers = _running_worker(window, screen)
    window.close()
    assert not any(w.is_alive() for w in workers)


def test_a_decision_under_way_does_not_hold_the_worker_up():
    match = drafted_match()
    thinker = Thinker()
    thinker.think(match, "Bo", "easy").result(timeout=WAIT)  # started and warm
    workers = list(thinker._pool._processes.values())
    thinker.think(match, "Bo", "hard")  # most of a second of thinking
    time.sleep(0.1)
    thinker.close()
    assert not any(w.is_alive() for w in workers)  # stopped, not left to finish
    thinker.close()


def _pencil(window, screen) -> None:
    """Draw the crafted block in pencil on the first legal floor spot."""
    click(window, *centre_of(screen, legal_spot(screen.turns)))
    assert screen.turns.pending.block is not None


def test_every_key_in_the_help_does_something_and_every_key_is_in_the_help(tmp_path):
    window, screen = open_filled_in(seed=1, seats=HUMANS[:3])
    screen.save_path = tmp_path / "save.toml"
    seen: dict[str, int] = {}

    def works(row: str, symbol: int, modifiers: int = 0, before=None) -> None:
        def looks():
            return (
                screen.message,
                repr(screen.turns.pending),
                screen.turns.purple_mode,
                screen.turns.viewed,
                len(screen.match.actions),
                window.help_visible,
            )

        was = looks() if before is None else before
        press(window, symbol, modifiers)
        assert looks() != was, f"{row}: {key.symbol_string(symbol)} did nothing"
        seen[row] = seen.get(row, 0) + 1

    try:
        works("R", key.R)
        while screen.turns.pending is None:  # the three humans draft in turn, by number
            taken = {pos for p in screen.turns.state.players for pos in p.hand}
            free = min(pos for pos in range(len(screen.turns.state.dice)) if pos not in taken)
            works("1-9 / click a die", key._1 + free)
        for symbol in (key.SPACE, key.I, key._1, key.Q, key.E, key.F, key.P, key.P):
            row = {
                key.SPACE: "Space / click your die",
                key.I: "I  O  T  L  S",
                key._1: "1-5",
                key.Q: "wheel, Q / E, right click",
                key.E: "wheel, Q / E, right click",
                key.F: "F",
                key.P: "P",
            }[symbol]
            works(row, symbol)
        works("C  /  X", key.C)
        works("C  /  X", key.X)
        tabs = "Tab, Shift+Tab"
        works(tabs, key.TAB)
        works(tabs, key.TAB, key.MOD_SHIFT)
        assert screen.turns.viewed == screen.turns.seat(screen.turns.pending.player)
        for symbol, modifiers in ((key.BACKSPACE, 0), (key.Z, key.MOD_CTRL), (key.ESCAPE, 0)):
            _pencil(window, screen)
            works("Backspace, Ctrl+Z, Esc", symbol, modifiers)
            assert screen.turns.pending.block is None
        _pencil(window, screen)
        works("Enter", key.RETURN)
        works("Ctrl+S / Ctrl+O", key.S, key.MOD_CTRL)
        works("Ctrl+S / Ctrl+O", key.O, key.MOD_CTRL)
        mouse_only = {"mouse", "click"}
        assert set(seen) | mouse_only == {keys for keys, _ in screen.shortcuts}
    finally:
        window.close()
