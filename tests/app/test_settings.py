"""Settings kept between runs: a round trip, a bad file (one sentence, the defaults, the
file untouched until the player saves), the settings page by clicks, and what reads
them (the start screen's hand, the colour symbols on the pieces)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pyglet.window import mouse

from simulator.app import settings
from simulator.app.settings import Settings
from simulator.app.settings_screen import OFF, ON, SettingsScreen
from simulator.app.start_screen import StartScreen
from simulator.app.window import AppWindow
from simulator.bots.dexterity import hand_choices
from tests.app.helpers import close, frames, pixel, send, world_to_window

ROOT = Path(__file__).resolve().parents[2]


def test_the_home_is_the_tests_own():
    assert settings.settings_path().parent == Path(os.environ["TOWERSIM_HOME"])
    assert "home" in settings.settings_path().parts  # tests/app/conftest.py's tmp home


def test_settings_round_trip():
    chosen = Settings(
        hand="shaky",
        animation_speed=0.5,
        volume=0.3,
        muted=True,
        ui_scale=1.25,
        colour_symbols=False,
        guides_seen=("lots", "filled-in"),
    )
    settings.save(chosen)
    loaded = settings.load()
    assert loaded.problem is None and loaded.settings == chosen
    assert settings.current().sound_level == 0.0 and chosen.dexterity == "shaky"


def test_no_file_is_the_defaults_without_a_message():
    loaded = settings.load()
    assert loaded == settings.Loaded(Settings(), None)
    assert not settings.settings_path().exists()


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("volume = [", "cannot be read"),
        ("animation_speed = 9.0\n", "animation_speed is 9; it must be from 0.25 to 4"),
        ("ui_scale = 0.1\n", "ui_scale is 0.1; it must be from 0.8 to 1.5"),
        ('volume = "loud"\n', "volume must be a number from 0 to 1"),
        ('hand = "octopus"\n', "hand must be one of exact, "),
        ("muted = 1\n", "muted must be true or false"),
        ("colour_symbols = true\nwizard = 3\n", "wizard is not a setting"),
        ("guides_seen = [1]\n", "guides_seen must be a list of game names"),
    ],
)
def test_a_bad_file_is_one_sentence_and_the_defaults(text, said):
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    loaded = settings.load()
    assert loaded.problem is not None and said in loaded.problem
    assert "\n" not in loaded.problem and str(path) in loaded.problem
    assert loaded.settings.animation_speed == 1.0 and loaded.settings.ui_scale == 1.0
    settings.mark_guide_seen("lots")  # nothing is written over a file with a problem
    assert path.read_text(encoding="utf-8") == text


def test_good_values_beside_a_bad_one_are_kept():
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('hand = "steady"\nvolume = 2.0\n', encoding="utf-8")
    loaded = settings.load()
    assert loaded.settings.hand == "steady" and loaded.settings.volume == 0.8
    assert "volume is 2" in (loaded.problem or "")


def test_a_huge_or_odd_file_is_refused_without_reading_it(tmp_path):
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"# " + b"x" * (settings.MAX_BYTES + 10))
    assert "cannot be read" in (settings.load().problem or "")
    path.unlink()
    path.mkdir()
    assert "cannot be read" in (settings.load().problem or "")


def test_a_bad_file_is_told_on_the_start_screen_and_left_alone():
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("ui_scale = 7\n", encoding="utf-8")
    screen = StartScreen()
    window = AppWindow(screen, visible=False, schedule=False, home=StartScreen)
    try:
        frames(window)
        assert screen.message.startswith("Your settings file") and "ui_scale is 7" in screen.message
        assert screen.choices.dexterity is None  # the default hand
        assert path.read_text(encoding="utf-8") == "ui_scale = 7\n"
    finally:
        close(window)


def test_the_start_screen_offers_the_saved_hand_first():
    settings.save(Settings(hand="clumsy"))
    screen = StartScreen()
    assert screen.choices.dexterity == "clumsy" and screen.message == ""
    assert screen.choices.setup().dexterity == "clumsy"


def _click(window, screen, label):
    found = [b for b in screen.hud.buttons if b.label == label and b.enabled]
    assert found, f"no button {label!r}: {[b.label for b in screen.hud.buttons]}"
    button = found[0]
    x, y = window.box.to_window(button.x + button.w / 2, button.y + button.h / 2)
    send(window, "on_mouse_press", x, y, mouse.LEFT, 0)
    frames(window)


def test_the_settings_page_changes_values_by_clicks_and_saves_atomically(monkeypatch):
    start = StartScreen()
    window = AppWindow(start, visible=False, schedule=False, home=StartScreen)
    try:
        frames(window)
        _click(window, start, "Settings (F3)")
        page = window.page
        assert isinstance(page, SettingsScreen)
        _click(window, page, "exact")  # the hand cycles to the population's first
        _click(window, page, "Sound on")  # mute
        toggle = next(b for b in page.hud.buttons if b.label == "On")
        corner = window.box.to_window(toggle.x + 4, toggle.y + 4)  # clear of its label
        assert _near(pixel(window, *corner), ON)
        _click(window, page, "On")  # colour symbols off
        assert _near(pixel(window, *corner), OFF)  # the button drawn in its off tone
        minus = [b for b in page.hud.buttons if b.label == "-"]
        speed_minus = max(minus, key=lambda b: b.y)  # the highest row of - / +
        x, y = window.box.to_window(speed_minus.x + 5, speed_minus.y + 5)
        send(window, "on_mouse_press", x, y, mouse.LEFT, 0)
        frames(window)
        first = hand_choices()[0]
        assert page.settings == Settings(
            hand=first, animation_speed=0.75, muted=True, colour_symbols=False
        )
        assert not settings.settings_path().exists()  # nothing saved before Save
        assert any(b.label == "Back without saving" for b in page.hud.buttons)
        written = []
        real = settings.write_atomically
        monkeypatch.setattr(
            settings, "write_atomically", lambda p, t: (written.append(p), real(p, t))
        )
        _click(window, page, "Save (Enter)")
        assert written == [settings.settings_path()]  # through the atomic writer
        assert settings.load() == settings.Loaded(page.settings, None)
        assert page.message.startswith("Settings saved to")
        _click(window, page, "Back")
        assert isinstance(window.page, StartScreen) and window.page.choices.dexterity == first
    finally:
        close(window)


def test_saving_over_a_bad_file_replaces_it_and_a_failed_save_says_why(monkeypatch):
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("volume = [", encoding="utf-8")
    page = SettingsScreen(back=StartScreen)
    window = AppWindow(page, visible=False, schedule=False, home=StartScreen)
    try:
        frames(window)
        assert "cannot be read" in page.message
        _click(window, page, "+")  # the highest +: the speed
        _click(window, page, "Save (Enter)")
        assert settings.load() == settings.Loaded(Settings(animation_speed=1.5), None)

        def refuse(path, text):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(settings, "write_atomically", refuse)
        _click(window, page, "+")
        _click(window, page, "Save (Enter)")
        assert page.message.startswith("Cannot save the settings to")
        assert settings.load().settings.animation_speed == 1.5  # the file as it was
    finally:
        close(window)


def test_the_speed_steps_stop_at_the_ends():
    assert settings.step(4.0, settings.SPEED_STEPS, 1) == 4.0
    assert settings.step(0.25, settings.SPEED_STEPS, -1) == 0.25
    assert settings.step(1.2, settings.SPEED_STEPS, 1) == 1.5  # a value from the file
    assert settings.step(1.2, settings.SPEED_STEPS, -1) == 1.0


def _cell_pixel(window, screen, entry):
    """The pixel at the centre of the piece's first cell, as drawn now."""
    from simulator.physics.geometry import piece_cell_centres

    cx, cy = next(iter(piece_cell_centres(entry.piece, entry.mirror).values()))
    x, y = entry.body.local_to_world((cx, cy))
    frames(window)
    return pixel(window, *world_to_window(window, screen, x, y))


def test_colour_symbols_off_leaves_the_pieces_plain():
    from simulator.app.lots.screen import load_screen
    from simulator.render.palette import colour, colour_name_of

    screen = load_screen(ROOT / "scenarios/lots/colour-match.toml")
    window = AppWindow(screen, visible=False, schedule=False)
    try:
        pieces = [e for e in screen.match.world.entries if e.dynamic and e.piece is not None]
        # a colour whose symbol covers the middle of a cell (not purple's "none")
        entry = next(e for e in pieces if colour(colour_name_of(e)).symbol != "none")
        fill = colour(colour_name_of(entry)).rgb
        on = _cell_pixel(window, screen, entry)
        assert screen._world_scene().symbols and _far(on, fill)  # the symbol's ink
        settings.save(Settings(colour_symbols=False))
        screen.match.rebuild()  # a new world: the scene is made again, reading the setting
        entry = screen.match.world.entry(entry.id)
        off = _cell_pixel(window, screen, entry)
        assert not screen._world_scene().symbols and not _far(off, fill)  # the plain fill
    finally:
        close(window)


def _near(a, b):
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 6


def _far(a, b):
    return max(abs(x - y) for x, y in zip(a, b, strict=True)) > 40


def test_a_game_plays_computer_moves_back_at_the_saved_speed():
    from tests.app.helpers import open_lots

    settings.save(Settings(animation_speed=2.0))
    window, screen, _ = open_lots()
    try:
        assert screen.playback_speed == 2.0
    finally:
        close(window)
