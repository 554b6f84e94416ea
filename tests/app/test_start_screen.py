"""The start screen: choices follow the rules, a game starts as set up, files open (or
say why not), and Ctrl+N comes back."""

from __future__ import annotations

from pathlib import Path

import pytest
from pyglet.window import key, mouse

from simulator.app.lots.screen import LotsScreen
from simulator.app.start_choices import StartChoices, player_counts
from simulator.app.start_screen import StartScreen
from simulator.app.watch import ReplayViewer
from simulator.app.window import AppWindow
from simulator.replay import replay_file
from tests.app.helpers import close, frames, send

ROOT = Path(__file__).resolve().parents[2]


def test_player_counts_come_from_the_rules():
    assert player_counts("lots", "solo") == (1,)
    assert player_counts("lots", "competitive") == (2, 3, 4)
    assert player_counts("crazy-tower", "saboteur") == (3, 4)
    assert player_counts("filled-in", "standard") == (2, 3, 4)


def test_choices_keep_the_seat_count_legal():
    choices = StartChoices()
    choices.choose_game("crazy-tower")
    choices.choose_mode("saboteur")
    assert len(choices.seats) == 3  # saboteur needs three
    assert not choices.remove_seat(0)
    assert choices.add_seat() and not choices.add_seat()  # four at most
    choices.choose_mode("solo")
    assert len(choices.seats) == 1
    with pytest.raises(ValueError, match="no mode"):
        choices.choose_mode("cooperative")


def test_controller_cycles_and_renames_only_default_names():
    choices = StartChoices()
    choices.cycle_controller(1)  # normal -> hard
    assert choices.seats[1].controller == "hard" and choices.seats[1].name == "Computer 2"
    choices.cycle_controller(1)  # hard -> expert
    assert choices.seats[1].controller == "expert" and choices.seats[1].name == "Computer 2"
    choices.cycle_controller(1)  # expert -> human: the default name follows
    assert choices.seats[1].controller == "human" and choices.seats[1].name == "Player 2"
    choices.rename(1, "Ada")
    choices.cycle_controller(1)
    assert choices.seats[1].name == "Ada"  # a typed name is kept


def test_problems_are_named():
    choices = StartChoices()
    choices.rename(1, "You")
    said = (
        "two players are called 'You'; names must be distinct: "
        "every player needs a name of their own"
    )
    assert choices.problem() == said
    choices.rename(1, "You\u3164")  # an invisible twin
    assert "reads the same as 'You'" in (choices.problem() or "")
    choices.rename(1, "  ")
    assert choices.problem() == "every player needs a name"
    with pytest.raises(ValueError):
        choices.setup()


def test_the_games_options_come_from_its_parameters():
    choices = StartChoices()
    assert [p.name for p in choices.options()] == ["footprint"]
    choices.choose_setting("footprint", "2B")
    with pytest.raises(ValueError, match="footprint must be one of 1A"):
        choices.choose_setting("footprint", "9Z")
    with pytest.raises(ValueError, match=r"LOTS has no option 'sheet' \(its options: footprint"):
        choices.choose_setting("sheet", 2)
    choices.choose_game("crazy-tower")
    assert choices.options() == []  # the challenge is for solo only
    choices.choose_mode("solo")
    assert [p.name for p in choices.options()] == ["challenge"]
    choices.step_setting("challenge", -1)  # stops at the first
    choices.step_setting("challenge", 1)
    assert choices.setup().settings == {"challenge": 2}
    choices.choose_game("lots")  # each game keeps its own choices
    assert choices.setup().settings == {"footprint": "2B"}
    choices.choose_game("filled-in")
    setup = choices.setup()
    assert (setup.mode, setup.settings, setup.dexterity) == ("standard", {"sheet": 1}, None)


def test_a_range_option_is_stepped_on_the_screen():
    window, screen = _open_start()
    try:
        _click_button(window, screen, "Crazy Tower")
        assert "Challenge" not in _texts(screen)
        _click_button(window, screen, "solo")
        assert "Challenge" in _texts(screen) and "Variant" not in _texts(screen)
        _click_button(window, screen, "+")
        _click_button(window, screen, "+")
        assert screen.choices.setting("challenge") == 3
        _click_button(window, screen, "LOTS: Filled In")
        assert "Variant" in _texts(screen) and "Your hand" not in _texts(screen)
    finally:
        close(window)


def _texts(screen):
    return [fitted.label.text for fitted in screen.hud.texts]


def _open_start():
    screen = StartScreen()
    window = AppWindow(screen, visible=False, schedule=False, home=StartScreen)
    frames(window)
    return window, screen


def _click_button(window, screen, label):
    button = next(b for b in screen.hud.buttons if b.label == label)
    x, y = window.box.to_window(button.x + button.w / 2, button.y + button.h / 2)
    send(window, "on_mouse_press", x, y, mouse.LEFT, 0)
    frames(window)


def _click_field(window, screen, x, y):
    wx, wy = window.box.to_window(x, y)
    send(window, "on_mouse_press", wx, wy, mouse.LEFT, 0)
    frames(window)


def test_typing_a_name_and_a_seed_then_starting_a_lots_game():
    window, screen = _open_start()
    try:
        _click_button(window, screen, "3A")
        _click_field(window, screen, 60, 440 + 19)  # the first player's name field
        for _ in "You":
            send(window, "on_key_press", key.BACKSPACE, 0)
        send(window, "on_text", "Hana")  # an "h" types, it does not open the help
        send(window, "on_key_press", key.H, 0)
        assert not window.help_visible and screen.choices.seats[0].name == "Hana"
        send(window, "on_key_press", key.TAB, 0)
        send(window, "on_key_press", key.TAB, 0)  # name 2 -> the seed
        assert screen.focus == "seed"
        send(window, "on_key_press", key.BACKSPACE, 0)
        send(window, "on_text", "42x")  # only digits go into the seed
        send(window, "on_key_press", key.RETURN, 0)
        frames(window)
        game = window.page
        assert isinstance(game, LotsScreen)
        assert game.turns.seed == 42 and game.match.state.footprint == "3A"
        assert game.match.state.players == ["Hana", "Computer 2"]
        assert game.turns.seats.humans == {"Hana"}
        send(window, "on_key_press", key.N, key.MOD_CTRL)
        assert isinstance(window.page, StartScreen)
    finally:
        close(window)


def test_a_bad_seed_is_refused_with_a_message():
    window, screen = _open_start()
    try:
        screen.seed_text = "99999999999999999999"
        _click_button(window, screen, "Start  (Enter)")
        assert window.page is screen and "seed must be a whole number" in screen.message
    finally:
        close(window)


def test_play_on_a_saved_game_and_watch_a_scenario(tmp_path):
    window, screen = _open_start()
    try:
        screen.path_text = str(tmp_path / "missing.toml")
        _click_button(window, screen, "Play on")
        assert window.page is screen and "is not a file" in screen.message
        broken = tmp_path / "broken.toml"
        broken.write_text("format = [", encoding="utf-8")
        screen.path_text = str(broken)
        _click_button(window, screen, "Play on")
        assert window.page is screen and screen.message.startswith("Cannot open:")
        assert "broken.toml" in screen.message
        screen.path_text = str(ROOT / "scenarios/sandbox/lots-tower.toml")
        _click_button(window, screen, "Play on")
        assert window.page is screen and "not a game to play on" in screen.message
        _click_button(window, screen, "Watch")
        assert isinstance(window.page, ReplayViewer)
        frames(window, 3)
        window.show(screen)
        saved = ROOT / "scenarios/lots/colour-match.toml"
        screen.path_text = str(saved)
        _click_button(window, screen, "Play on")
        assert isinstance(window.page, LotsScreen)  # the game as the file left it:
        assert window.page.match.state_hash() == replay_file(str(saved))["state_hash"]
    finally:
        close(window)


def test_app_options_describe_a_game_or_say_what_is_wrong():
    import argparse

    from simulator.app.main import add_arguments, setup_from

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["--game", "lots", "--players", "Ann,Computer", "--bot", "hard"])
    setup = setup_from(args)
    assert setup.names == ("Ann", "Computer") and setup.computers == {"Computer": "hard"}
    assert setup.humans == {"Ann"} and setup.mode == "competitive"
    with pytest.raises(ValueError, match="unknown hand 'wobbly'"):
        setup_from(parser.parse_args(["--hand", "wobbly"]))
    assert setup_from(parser.parse_args(["--players", "Solo", "--hand", "shaky"])).mode == "solo"


def test_a_save_keeps_who_the_computer_plays(tmp_path):
    from simulator.app.lots.screen import load_screen, open_screen
    from simulator.app.setup import GameSetup, Seat
    from simulator.replay import load_scenario
    from simulator.scenario.errors import ScenarioError

    setup = GameSetup("lots", (Seat("Ann"), Seat("Bot", "hard"), Seat("Cy", "easy")), seed=4)
    screen = open_screen(setup)
    path = tmp_path / "three.toml"
    screen.save(path)
    assert '[setup.computers]\nBot = "hard"\nCy = "easy"' in path.read_text(encoding="utf-8")
    again = load_screen(path)
    assert again.turns.seats.humans == {"Ann"}
    assert again.turns.seats.levels == {"Bot": "hard", "Cy": "easy"}
    assert replay_file(str(path))["ok"]  # a headless replay does not mind the table
    bad = tmp_path / "bad.toml"
    bad.write_text(path.read_text(encoding="utf-8").replace('"easy"', '"genius"'), "utf-8")
    with pytest.raises(ScenarioError, match="genius"):
        load_scenario(bad)
