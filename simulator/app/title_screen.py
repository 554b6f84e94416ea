"""The title screen: a picture of each game, a sentence about it and one click to a first
game (you against a computer at `normal`, the game's usual options); More options opens
the start screen on that game, and the files, the network, the settings and Measure my
hand are a click away.

A game's picture is assets/title/<game>.png (scripts/make_title_pictures.py draws them
from shipped scenarios); its sentence is the first paragraph of its rules page
(assets/rules_pages/<game>.md), so neither is written twice.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from pyglet.window import key, mouse

from rules.assets import assets_dir
from simulator.app import guide, screens
from simulator.app.aim.screen import AimScreen
from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.app.net_start import NetworkStartScreen
from simulator.app.overlay import HelpAction
from simulator.app.rules_page import RulesPage, read_page
from simulator.app.screen import HudPage
from simulator.app.settings_screen import SettingsScreen
from simulator.app.setup import app_games, game_title
from simulator.app.start_choices import StartChoices
from simulator.app.start_screen import StartScreen
from simulator.app.widgets import Hud
from simulator.render.palette import INK

PLAY = (40, 140, 90)  # the start screen's Start green: the one click to a game
CARD = (255, 253, 246)
EDGE = (205, 200, 185)
SIDE = 40.0  # logical px left and right of the cards
GAP = 30.0  # between two cards
CARD_TOP = DESIGN_H - 150.0
CARD_H = 520.0
PICTURE_H = 250.0
SHORTCUTS = [
    ("1, 2, 3", "play that game now"),
    ("O", "more options: the start screen"),
    ("F2, F3, F4, F5", "the rules, settings, a network game, measure your hand"),
]


@cache
def _picture(game: str) -> Any:
    """The game's picture, or None when it is missing (the card shows its title only)."""
    import pyglet  # lazy: display

    path = assets_dir() / "title" / f"{game}.png"
    if not path.is_file():
        return None
    return pyglet.image.load(str(path))


def blurb(game: str) -> str:
    """The first paragraph of the game's rules page: what the game is, in a sentence or
    two ("" when the page cannot be read)."""
    try:
        blocks = read_page(game)
    except OSError:
        return ""
    return next((b.text for b in blocks if b.kind == "paragraph"), "")


class TitleScreen(HudPage):
    shortcuts = SHORTCUTS

    def __init__(self) -> None:
        self.hud = Hud()
        self.message = ""
        self.dirty = True
        self.pictures: dict[str, tuple[float, float, float, float]] = {}  # where each is

    def attach(self, window: Any) -> None:
        super().attach(window)
        first = app_games()[0]
        window.help_actions = [
            HelpAction(key.F2, "F2", "the rules of the first game", lambda: self.rules(first)),
            HelpAction(key.F3, "F3", "settings", self.open_settings),
            HelpAction(key.F4, "F4", "play over the network: host or join", self.network),
            HelpAction(key.F5, "F5", "measure your hand: a one-minute aiming test", self.measure),
        ]

    # -- what the buttons do ------------------------------------------------------------

    def play(self, game: str) -> None:
        """A first game of ``game`` at once: you against a computer at normal."""
        try:
            screen = screens.open_game(StartChoices(game=game).setup())
        except Exception as exc:  # a game that cannot start: one line, the title stays
            self.say(f"Cannot start {game_title(game)}: {exc}")
            return
        if self.window is not None:
            self.window.show(screen)
            guide.show_if_first(screen)  # a player's first game of it: its guide

    def options(self, game: str | None = None) -> None:
        """The start screen, on ``game`` (None: the first game)."""
        if self.window is not None:
            choices = StartChoices(game=game or app_games()[0])
            self.window.show(StartScreen(choices, back=TitleScreen))

    def rules(self, game: str) -> None:
        if self.window is not None:
            self.window.open_overlay(RulesPage(game))

    def open_settings(self) -> None:
        if self.window is not None:
            self.window.show(SettingsScreen(back=TitleScreen))

    def network(self) -> None:
        if self.window is not None:
            self.window.show(NetworkStartScreen(StartChoices(), back=TitleScreen))

    def measure(self) -> None:
        if self.window is not None:
            self.window.show(AimScreen(back=TitleScreen))

    def say(self, message: str) -> None:
        self.message = message
        self.dirty = True

    # -- input --------------------------------------------------------------------------

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if button == mouse.LEFT:
            self.hud.press(x, y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        games = app_games()
        number = symbol - key._1
        if 0 <= number < len(games):
            self.play(games[number])
        elif symbol in (key.O, key.RETURN, key.ENTER):
            self.options()

    # -- drawing ------------------------------------------------------------------------

    def _rebuild(self) -> None:
        hud = self.hud
        hud.clear()
        hud.rect(0, 0, DESIGN_W, DESIGN_H, (236, 238, 246), layer=0)
        hud.text("towersim", SIDE, DESIGN_H - 70, 34, INK, bold=True)
        hud.text(
            "Three tabletop games of steady hands, played with real physics: pick one and play.",
            SIDE,
            DESIGN_H - 108,
            14,
            INK,
        )
        games = app_games()
        width = (DESIGN_W - 2 * SIDE - GAP * (len(games) - 1)) / len(games)
        for index, game in enumerate(games):
            self._card(game, index, SIDE + index * (width + GAP), width)
        bottom = CARD_TOP - CARD_H - 60
        row: list[tuple[str, Callable[[], None]]] = [
            ("More options and saved games (O)", self.options),
            ("Network game (F4)", self.network),
            ("Measure my hand (F5)", self.measure),
            ("Settings (F3)", self.open_settings),
        ]
        widths = (300.0, 200.0, 220.0, 160.0)
        x = SIDE
        for (label, action), w in zip(row, widths, strict=True):
            hud.button(x, bottom, w, 40, label, action)
            x += w + 20
        if self.message:
            hud.text(self.message, SIDE, bottom - 30, 13, (190, 40, 40), width=DESIGN_W - 80)

    def _card(self, game: str, index: int, x: float, w: float) -> None:
        hud = self.hud
        y = CARD_TOP - CARD_H
        hud.rect(x, y, w, CARD_H, CARD, layer=0)
        hud.border(x, y, w, CARD_H, EDGE, layer=1)
        picture = _picture(game)
        top = CARD_TOP - 12
        if picture is not None:
            self.pictures[game] = hud.image(picture, x + 12, top - PICTURE_H, w - 24, PICTURE_H)
        hud.text(game_title(game), x + 16, top - PICTURE_H - 34, 20, INK, bold=True)
        hud.text(
            blurb(game),
            x + 16,
            top - PICTURE_H - 48,
            12,
            INK,
            width=w - 32,
            height=110,
            anchor_y="top",
        )
        hud.button(
            x + 16, y + 16, w - 150, 44, f"Play ({index + 1})", lambda: self.play(game), tone=PLAY
        )
        hud.button(x + w - 124, y + 16, 108, 44, "Rules", lambda: self.rules(game))
