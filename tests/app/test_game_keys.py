"""Every game screen's keys by one rule: each help row has presses that work (a handler
that exists, and no row dispatched before it always takes them) or is a mouse gesture;
every key a screen's tables take is named in its help; Ctrl, Alt and Command must match
exactly while Shift and the lock keys never count, on every screen alike."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pyglet.window import key

from simulator.app.crazy_tower import keys as crazy_tower_keys
from simulator.app.crazy_tower.screen import CrazyTowerScreen
from simulator.app.filled_in import keys as filled_in_keys
from simulator.app.filled_in.screen import FilledInScreen
from simulator.app.keys import KeyRow, KeyTable
from simulator.app.lots import keys as lots_keys
from simulator.app.lots.screen import LotsScreen
from simulator.app.shared_keys import SharedKeyActions
from tests.app.crazy_tower_helpers import open_ct
from tests.app.filled_in_helpers import open_filled_in, press
from tests.app.helpers import close, frames, open_lots, send

SHIFT, CTRL, ALT, CAPS, NUM, COMMAND = (
    key.MOD_SHIFT,
    key.MOD_CTRL,
    key.MOD_ALT,
    key.MOD_CAPSLOCK,
    key.MOD_NUMLOCK,
    key.MOD_COMMAND,
)
MODIFIERS = (0, SHIFT, CTRL, ALT, COMMAND, CTRL | SHIFT, CAPS, NUM | SHIFT)
SYMBOLS = sorted(
    {getattr(key, n) for n in dir(key) if n.isupper() and not n.startswith("MOD_")}
    | {getattr(key, n) for n in dir(key) if re.fullmatch(r"_\d", n)}
)
MOUSE_WORDS = {"mouse", "click", "wheel", "right", "drag"}
NAMES = {  # a key as the help names it, where pyglet's name is not the help's
    key.RETURN: "Enter",
    key.ESCAPE: "Esc",
    key.BACKSPACE: "Backspace",
    key.SPACE: "Space",
    key.TAB: "Tab",
    key.LEFT: "Left",
    key.RIGHT: "Right",
    key.UP: "Up",
    key.DOWN: "Down",
    key.PLUS: "+",
    key.EQUAL: "+",
    key.NUM_ADD: "+",
    key.MINUS: "-",
    key.NUM_SUBTRACT: "-",
}


class Game:
    """A game screen's key tables: the sequences its on_key_press dispatches (each in
    the order tried) and the targets their handlers run on."""

    def __init__(
        self, screen: type, sequences: list[list[KeyTable]], targets: dict[int, type]
    ) -> None:
        self.screen, self.sequences, self.targets = screen, sequences, targets

    def tables(self) -> list[KeyTable]:
        return [table for sequence in self.sequences for table in sequence]


GAMES = {
    "lots": Game(
        LotsScreen,
        [[lots_keys.SHARED, lots_keys.TABLE]],
        {id(lots_keys.SHARED): SharedKeyActions, id(lots_keys.TABLE): lots_keys.LotsKeys},
    ),
    "crazy-tower": Game(
        CrazyTowerScreen,
        [[crazy_tower_keys.COVER], [crazy_tower_keys.SHARED, crazy_tower_keys.TABLE]],
        {
            id(crazy_tower_keys.COVER): crazy_tower_keys.KeyActions,
            id(crazy_tower_keys.SHARED): SharedKeyActions,
            id(crazy_tower_keys.TABLE): crazy_tower_keys.KeyActions,
        },
    ),
    "filled-in": Game(
        FilledInScreen,
        [[filled_in_keys.SHARED, filled_in_keys.TABLE]],
        {
            id(filled_in_keys.SHARED): SharedKeyActions,
            id(filled_in_keys.TABLE): filled_in_keys.Pressed,
        },
    ),
}


def key_name(symbol: int, modifiers: int) -> str:
    """A press as the help writes it: ``Ctrl+Z``, ``Enter``, ``Q``, ``1``."""
    name = NAMES.get(symbol) or key.symbol_string(symbol).removeprefix("_")
    held = [
        word for bit, word in ((CTRL, "Ctrl"), (ALT, "Alt"), (COMMAND, "Cmd")) if modifiers & bit
    ]
    return "+".join([*held, name])


def names(text: str, symbol: int, modifiers: int) -> bool:
    """Whether a help row's keys ``text`` names this press (a range 1-9 names its
    digits; "hold Down" names Down)."""
    wanted = key_name(symbol, modifiers)
    for part in re.split(r",\s*|\s+/\s+|\s{2,}", text):
        if wanted in part.split():
            return True
        span = re.fullmatch(r"(\d)-(\d)", part)
        if span and wanted.isdigit() and int(span[1]) <= int(wanted) <= int(span[2]):
            return True
    return False


def rows_of(game: Game) -> dict[tuple[str, str], KeyRow]:
    return {(row.keys, row.does): row for table in game.tables() for row in table.rows}


@pytest.mark.parametrize("kind", GAMES)
def test_the_help_is_the_rows_the_screen_dispatches_and_every_handler_exists(kind: str):
    game = GAMES[kind]
    rows = rows_of(game)
    assert sorted(game.screen.shortcuts) == sorted(rows)  # each row once, none else
    assert game.screen.shared_keys is game.sequences[-1][0]  # the game's words, dispatched
    for table in game.tables():
        assert table.missing_handlers(game.targets[id(table)]) == [], kind


@pytest.mark.parametrize("kind", GAMES)
def test_every_help_row_has_presses_that_work_or_is_a_mouse_gesture(kind: str):
    game = GAMES[kind]
    for keys, _ in game.screen.shortcuts:
        row = rows_of(game)[keys, _]
        if not row.presses:
            parts = re.split(r",\s*|\s+/\s+", keys)
            assert all(part.split()[0] in MOUSE_WORDS for part in parts), f"{kind}: {keys}"
            continue
        sequence = next(s for s in game.sequences if any(row in t.rows for t in s))
        earlier = [r for t in sequence for r in t.rows]
        earlier = earlier[: earlier.index(row)]
        for one in row.presses:
            always = [r for r in earlier if r.guard is None and r.takes(one.symbol, one.modifiers)]
            assert not always, f"{kind}: {keys!r} never gets {key_name(one.symbol, one.modifiers)}"


@pytest.mark.parametrize("kind", GAMES)
def test_every_key_a_screen_takes_is_named_in_its_help(kind: str):
    game = GAMES[kind]
    taken = 0
    for table in game.tables():
        for row in table.rows:
            for symbol in SYMBOLS:
                for modifiers in MODIFIERS:
                    if row.takes(symbol, modifiers):
                        taken += 1
                        assert names(row.keys, symbol, modifiers), (
                            f"{kind}: {key_name(symbol, modifiers)} is taken by {row.keys!r}"
                        )
    assert taken > 20


def test_the_name_check_can_fail():
    assert names("Left / Right, Up, hold Down", key.DOWN, SHIFT)
    assert names("1-5", key._5, 0) and not names("1-5", key._6, 0)
    assert not names("Backspace, Ctrl+Z, Esc", key.Z, 0)
    assert not names("Ctrl+S / Ctrl+O", key.S, CTRL | ALT)


# -- one modifier rule, through the real screens ---------------------------------------------


def test_crazy_tower_shift_and_caps_lock_tilt_ctrl_and_alt_do_not():
    window, screen = open_ct()
    try:
        send(window, "on_key_press", key._1, 0)
        frames(window)
        hand = screen.turn.hand
        angle = hand.angle
        for modifiers in (CTRL, ALT, COMMAND, CTRL | SHIFT):
            send(window, "on_key_press", key.Q, modifiers)
        assert hand.angle == angle
        send(window, "on_key_press", key.Q, SHIFT)
        send(window, "on_key_press", key.Q, CAPS | NUM)
        assert hand.angle > angle
        send(window, "on_key_press", key.BACKSPACE, CTRL)  # Ctrl+Backspace is no undo
        assert screen.live is not None
        send(window, "on_key_press", key.BACKSPACE, SHIFT)
        assert screen.live is None
    finally:
        close(window)


def test_filled_in_ctrl_s_saves_and_is_never_the_shape_s(tmp_path: Any):
    window, screen = open_filled_in(seats=(("Ann", "human"), ("Bo", "human")))
    try:
        screen.save_path = tmp_path / "keys.toml"
        press(window, key.S, CTRL)
        assert screen.save_path.exists() and screen.message.startswith("Saved to")
        press(window, key.O, CTRL | CAPS)
        assert screen.message.startswith("Loaded")
        press(window, key.S, ALT)
        assert screen.message.startswith("Loaded")  # Alt+S: no key
    finally:
        close(window)


def test_lots_skip_and_pace_keys_act_only_while_a_move_plays_back(tmp_path: Any):
    window, screen, _ = open_lots()
    try:
        assert not screen.shared_key(key.PLUS, 0)  # nothing shown: + is no key
        speed = screen.playback_speed
        screen.playback = _Shown()
        assert screen.shared_key(key.PLUS, 0) and screen.playback_speed > speed
        assert screen.shared_key(key.MINUS, 0) and screen.playback_speed == speed
        assert screen.shared_key(key.Q, 0)  # swallowed: nothing else acts meanwhile
        screen.save_path = tmp_path / "none.toml"
        assert screen.shared_key(key.S, CTRL) and not screen.save_path.exists()
        assert screen.shared_key(key.RETURN, 0) and screen.playback.skipped
    finally:
        screen.playback = None
        close(window)


class _Shown:
    """A computer's move playing back, as the pace and skip keys see it."""

    def __init__(self) -> None:
        self.speed, self.skipped = 1.0, False

    def faster(self) -> None:
        self.speed *= 2

    def slower(self) -> None:
        self.speed /= 2

    def skip(self) -> None:
        self.skipped = True
