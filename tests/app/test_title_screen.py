"""The title screen: a card for each game with its picture and what it is, one click (or
its number) to a first game against a computer, More options to the start screen and
back, and a card without its picture still drawn."""

from __future__ import annotations

import argparse

import pytest
from pyglet.window import key

from simulator.app import title_screen
from simulator.app.crazy_tower.screen import CrazyTowerScreen
from simulator.app.guide import GuideOverlay
from simulator.app.lots.screen import LotsScreen
from simulator.app.main import add_arguments, first_screen
from simulator.app.rules_page import RulesPage, read_page
from simulator.app.setup import app_games, game_title
from simulator.app.start_screen import StartScreen
from simulator.app.title_screen import TitleScreen, blurb
from simulator.app.window import AppWindow
from tests.app.helpers import click_button, close, frames, pixel, send
from tests.games.tiny import GAME as TINY

BACKGROUND = (236, 238, 246)
# the games towersim ships (the test session also registers Tiny Tower, which has none
# of a shipped game's pages)
SHIPPED = [game for game in app_games() if game != TINY.kind]


def _open() -> tuple[AppWindow, TitleScreen]:
    screen = TitleScreen()
    window = AppWindow(screen, visible=False, schedule=False, home=StartScreen)
    frames(window, 2)
    return window, screen


def test_towersim_app_opens_on_the_title_screen():
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert isinstance(first_screen(parser.parse_args([])), TitleScreen)


def test_each_game_has_a_card_with_its_picture_and_what_it_is():
    window, screen = _open()
    try:
        texts = [t.label.text for t in screen.hud.texts]
        for number, game in enumerate(app_games(), 1):
            labels = [b.label for b in screen.hud.buttons]
            assert f"Play ({number})" in labels and game_title(game) in texts
            if game not in SHIPPED:
                continue
            first = next(b.text for b in read_page(game) if b.kind == "paragraph")
            assert blurb(game) == first and first in texts  # whole, never cut short
            # the picture is drawn: its middle is not the page's background
            x, y, w, h = screen.pictures[game]
            got = pixel(window, *window.box.to_window(x + w / 2, y + h / 2))
            assert max(abs(a - b) for a, b in zip(got, BACKGROUND, strict=True)) > 20
    finally:
        close(window)


def test_one_click_plays_a_first_game_against_a_computer_with_its_guide():
    window, screen = _open()
    try:
        click_button(window, screen, "Play (1)")
        page = window.page
        assert isinstance(page, LotsScreen)
        assert page.match.state.players == ["You", "Computer 2"]
        assert isinstance(window.overlay, GuideOverlay)  # a first game of LOTS
    finally:
        close(window)


def test_a_number_key_plays_that_game_and_rules_open_over_the_title():
    window, screen = _open()
    try:
        click_button(window, screen, "Rules")  # the first card's
        assert isinstance(window.overlay, RulesPage) and window.overlay.game == app_games()[0]
        send(window, "on_key_press", key.ESCAPE, 0)
        frames(window)
        send(window, "on_key_press", key._2, 0)
        assert isinstance(window.page, CrazyTowerScreen)
    finally:
        close(window)


def test_more_options_is_the_start_screen_and_t_comes_back():
    window, _ = _open()
    try:
        send(window, "on_key_press", key.O, 0)
        frames(window)
        assert isinstance(window.page, StartScreen)
        send(window, "on_key_press", key.T, 0)
        frames(window)
        assert isinstance(window.page, TitleScreen)
    finally:
        close(window)


def test_a_card_without_its_picture_is_still_drawn(tmp_path, monkeypatch):
    monkeypatch.setattr(title_screen, "assets_dir", lambda: tmp_path)
    title_screen._picture.cache_clear()
    try:
        window, screen = _open()
        try:
            assert screen.pictures == {}
            assert f"Play ({len(app_games())})" in [b.label for b in screen.hud.buttons]
        finally:
            close(window)
    finally:
        title_screen._picture.cache_clear()


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_towersim_ships_has_its_picture_in_the_assets(game):
    assert title_screen._picture(game) is not None
