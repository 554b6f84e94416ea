"""`towersim play GAME` without --headless opens the app on that game: you in seat 1, the
computer in the others, the game's own options kept."""

from __future__ import annotations

import argparse

from simulator.app.crazy_tower.screen import CrazyTowerScreen
from simulator.app.lots.screen import LotsScreen
from simulator.app.main import app_arguments_for_play, first_screen
from simulator.cli import _parser


def _play(*argv: str) -> argparse.Namespace:
    return _parser().parse_args(["play", *argv])


def test_play_lots_opens_the_lots_screen_with_its_options() -> None:
    args = app_arguments_for_play(
        _play("lots", "--players", "3", "--footprint", "2A", "--seed", "4")
    )
    assert isinstance(args, argparse.Namespace)
    assert args.players == "You,Computer 2,Computer 3" and args.bot == "random"
    screen = first_screen(args)
    try:
        assert isinstance(screen, LotsScreen)
        state = screen.match.state
        assert state.players == ["You", "Computer 2", "Computer 3"] and state.footprint == "2A"
        assert screen.turns.seed == 4
    finally:
        screen.close()


def test_play_crazy_tower_solo_keeps_the_challenge_and_the_bot_level() -> None:
    args = app_arguments_for_play(
        _play("crazy-tower", "--mode", "solo", "--challenge", "3", "--bot", "easy")
    )
    assert isinstance(args, argparse.Namespace)
    assert (args.players, args.mode, args.challenge, args.bot) == ("You", "solo", 3, "easy")
    screen = first_screen(args)
    try:
        assert isinstance(screen, CrazyTowerScreen)
        assert screen.match.state.challenge == 3
    finally:
        screen.close()


def test_seat_levels_are_for_headless_games_only() -> None:
    said = app_arguments_for_play(_play("lots", "--seat", "2=easy"))
    assert isinstance(said, str) and "--headless" in said


def test_a_bad_app_option_is_one_line_without_stray_quotes(capsys, monkeypatch) -> None:
    from simulator.app import main as app_main

    monkeypatch.setattr(app_main, "display_available", lambda: True)
    monkeypatch.setattr(app_main, "open_window", lambda screen: None)
    args = _parser().parse_args(["app", "--game", "filled-in", "--sheet", "9"])
    assert app_main.run(args) == 2
    err = capsys.readouterr().err
    said = (
        "LOTS: Filled In's option sheet must be one of 1, 2, 3, 4, 5, or a list of them "
        "(one for each player), not 9"
    )
    assert err == f"towersim app: cannot start: {said}\n"
