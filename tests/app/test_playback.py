"""A computer's move plays back slowly enough to follow, at a speed the player changes
(+ / -) or skips, and the panel's arrow stays on the player the message names."""

from __future__ import annotations

import pytest
from pyglet.window import key

from simulator.app.lots import session
from simulator.app.lots.screen import LotsScreen
from simulator.app.playback import MAX_SPEED, MIN_SPEED, Playback, checked_speed
from simulator.app.window import AppWindow
from simulator.games.lots.player import RandomPlayer
from simulator.render.film import Film
from tests.app.helpers import close, frames, send

TICK = 1 / 60  # a frame's fake seconds


def _filmed_placement(seed: int) -> Film:
    """The first placement a random computer makes in a fresh LOTS game, filmed as the
    app films it (a frame every 1/60 s of simulated time)."""
    match = session.new_match(["Computer 1", "Computer 2"], "1A", seed)
    player = RandomPlayer(seed)
    film = Film(max(1, round(1 / (60 * match.profile.dt))))
    for _ in range(20):
        kind, what = player.decide(match.copy())
        if kind == "move":
            match.perform(what)
            continue
        with film.watching(match.world):
            match.place(what)
        return film
    raise AssertionError("no placement in 20 decisions")


def _real_seconds(playback: Playback) -> float:
    """Fake seconds, a frame at a time, until the playback has shown its last frame."""
    seconds = 0.0
    while not playback.done:
        playback.advance(TICK)
        seconds += TICK
        assert seconds < 60, "the playback never ends"
    return seconds


@pytest.mark.parametrize("seed", [3, 8])
def test_a_computer_placement_lasts_a_few_readable_seconds_and_speed_two_halves_it(seed):
    film = _filmed_placement(seed)
    simulated = film.frames[-1].time - film.frames[0].time
    assert simulated < 2.0  # the computer's hand is quick in simulated time
    normal = _real_seconds(Playback(film.frames))
    assert 1.5 <= normal <= 5.0, normal
    assert normal > simulated  # slowed down, not real time
    double = _real_seconds(Playback(film.frames, speed=2.0))
    assert abs(double - normal / 2) <= 2 * TICK
    skipped = Playback(film.frames)
    skipped.advance(TICK)
    assert not skipped.done
    skipped.skip()
    assert skipped.done and skipped.frame is film.frames[-1]


def test_the_speed_steps_within_its_range_and_refuses_others():
    film = _filmed_placement(3)
    playback = Playback(film.frames)
    for expected in (2.0, 4.0, 4.0):
        playback.faster()
        assert playback.speed == expected
    for _ in range(6):
        playback.slower()
    assert playback.speed == MIN_SPEED
    assert checked_speed(MAX_SPEED) == MAX_SPEED
    for bad in (0.0, 0.1, 5.0, -1.0):
        with pytest.raises(ValueError, match=r"between 0\.25 and 4,"):
            checked_speed(bad)


def _arrow(screen: LotsScreen) -> str:
    """The name the panel's arrow points at."""
    marked = [
        item.text for item in screen.view.hud._items if getattr(item, "text", "").startswith("▶ ")
    ]
    assert len(marked) == 1, marked
    row = marked[0].removeprefix("▶ ")
    return next(name for name in screen.match.state.players if row.startswith(name))


def _until_playback(window, screen) -> None:
    for _ in range(600):
        frames(window)
        if screen.playback is not None:
            return
    raise AssertionError("no computer placement played back")


def test_keys_change_the_speed_and_the_arrow_follows_the_message():
    match = session.new_match(["You", "Computer 2"], "1A", 3)
    screen = LotsScreen(match, seed=3)  # Computer 2 rolls and places first
    window = AppWindow(screen, visible=False, schedule=False)
    try:
        _until_playback(window, screen)
        frames(window)
        playback = screen.playback
        message = "Computer 2 is placing a piece: Space skips, + and - change the speed (1x)."
        assert screen.message == message
        # the match is past the move already, but the panel shows the computer moving
        assert match.state.players[match.state.to_act] == "You"
        assert _arrow(screen) == "Computer 2"
        send(window, "on_key_press", key.PLUS, 0)
        frames(window)
        assert playback.speed == 2.0 and screen.playback_speed == 2.0
        assert screen.message.endswith("change the speed (2x).")
        for _ in range(3):
            send(window, "on_key_press", key.MINUS, 0)
        frames(window)
        assert playback.speed == 0.25 and screen.message.endswith("(0.25x).")
        assert _arrow(screen) == "Computer 2" and screen.playback is playback
        screen.playback_speed = 1.0  # as a settings page sets it
        assert playback.speed == 1.0 and screen.message.endswith("(1x).")
        with pytest.raises(ValueError):
            screen.playback_speed = 8.0
        send(window, "on_key_press", key.SPACE, 0)  # skips to the end
        frames(window)
        assert screen.playback is None
        assert screen.message.startswith("Computer 2 placed")
        assert screen.message.endswith(" Your turn.") and _arrow(screen) == "You"
        assert screen.playback_speed == 1.0  # kept for the next computer move
    finally:
        close(window)
