"""Sound: the synthesised files, the mixer (silent without a device, mute, volume, voices),
the physics heard (a higher drop clacks louder, a resting tower is silent, runs keep
their state hash), the rules' events heard, and the app's hooks (M, the help, a
computer's move heard with its film)."""

from __future__ import annotations

import importlib.util
import math
import time
import wave
from pathlib import Path
from typing import Any

import pytest
from pyglet.window import key

from rules.assets import assets_dir
from simulator.app.sound import Cue, ImpactListener, Sounds
from simulator.app.sound.game_sounds import event_cues
from simulator.app.sound.impacts import FALL, KNOCK
from simulator.app.sound.table import load_table
from simulator.physics.geometry import box_polygon
from simulator.physics.world import Pose, World
from simulator.replay import load_scenario

ROOT = Path(__file__).parents[2]
SOUNDS = assets_dir() / "sounds"


class FakeSpeaker:
    """Captures what would be played: (file name, volume)."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []
        self.loaded: list[str] = []

    def load(self, path: str) -> str:
        self.loaded.append(Path(path).name)
        return Path(path).stem

    def play(self, source: Any, volume: float) -> None:
        self.played.append((source, volume))


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def fake_sounds() -> tuple[Sounds, FakeSpeaker, Clock]:
    speaker, clock = FakeSpeaker(), Clock()
    return Sounds(speaker=lambda: speaker, clock=clock), speaker, clock


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "scripts/make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- the files ---------------------------------------------------------------------------


def test_the_script_writes_the_same_bytes_every_run_and_they_are_the_committed_files(
    tmp_path: Path,
) -> None:
    script = _script()
    first = {p.name: p.read_bytes() for p in script.make_all(tmp_path / "a")}
    second = {p.name: p.read_bytes() for p in script.make_all(tmp_path / "b")}
    assert first == second
    committed = {p.name: p.read_bytes() for p in SOUNDS.glob("*.wav")}
    assert committed == first  # what ships is what the script makes


def test_every_sound_is_a_short_small_16_bit_mono_wav_and_every_named_sound_exists() -> None:
    table = load_table()
    assert set(table.levels) == {p.stem for p in SOUNDS.glob("*.wav")}
    for name in table.levels:
        path = table.path(name)
        assert path.stat().st_size < 100_000, path
        with wave.open(str(path)) as wav:
            assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2), path
            seconds = wav.getnframes() / wav.getframerate()
            assert 0.02 < seconds <= 1.2, (path, seconds)
    assert len(table.clacks) >= 4
    assert "CC0" in (SOUNDS / "LICENSE").read_text()


# -- the mixer ---------------------------------------------------------------------------


def test_headless_there_is_no_sound_and_playing_raises_nothing() -> None:
    sounds = Sounds()  # the real speaker: the app tests run pyglet headless
    assert sounds.play("clack-1") is False
    sounds.click()
    assert sounds.play_cues([Cue("crash"), Cue("dice")]) == 0
    assert not sounds.available and sounds.problem is not None


def test_a_driver_that_fails_is_tried_once_then_everything_is_silent() -> None:
    calls: list[int] = []

    def no_device() -> Any:
        calls.append(1)
        raise OSError("no audio device")

    sounds = Sounds(speaker=no_device)
    for name in ("clack-1", "dice", "card"):
        assert sounds.play(name) is False
    assert calls == [1] and sounds.problem == "no audio device"


def test_a_speaker_that_fails_while_playing_goes_quiet_without_raising() -> None:
    class Broken(FakeSpeaker):
        def play(self, source: Any, volume: float) -> None:
            raise RuntimeError("device unplugged")

    sounds = Sounds(speaker=Broken)
    assert sounds.play("dice") is False
    assert sounds.play("card") is False
    assert sounds.problem == "RuntimeError: device unplugged"


def test_mute_and_the_volume_clamped_to_0_to_1() -> None:
    sounds, speaker, _ = fake_sounds()
    level = sounds.table.levels["dice"]
    sounds.volume = 0.5
    assert sounds.play("dice") and speaker.played[-1] == ("dice", pytest.approx(0.5 * level))
    sounds.volume = 7
    assert sounds.volume == 1.0
    sounds.volume = -2
    assert sounds.volume == 0.0 and sounds.play("card") is False
    sounds.volume = math.nan  # not a number: ignored
    assert sounds.volume == 0.0
    sounds.volume = 1.0
    assert sounds.toggle_mute() is True and sounds.muted
    assert sounds.play("card") is False
    assert sounds.toggle_mute() is False
    assert sounds.play("card") is True
    assert [name for name, _ in speaker.played] == ["dice", "card"]
    assert speaker.loaded == ["dice.wav", "card.wav"]  # each file loaded once, when first used


def test_sixty_contacts_in_a_frame_start_a_few_voices_the_loudest_first() -> None:
    sounds, speaker, clock = fake_sounds()
    sounds.volume = 1.0
    table = sounds.table
    cues = [Cue(table.clacks[i % 4], (i + 1) / 60) for i in range(60)] + [Cue("crash", 0.2)]
    assert sounds.play_cues(cues) == table.voices
    loudest = sorted(
        ((c.name, c.volume * table.levels[c.name]) for c in cues), key=lambda nv: -nv[1]
    )
    names = list(dict.fromkeys(name for name, _ in loudest))[: table.voices]
    assert [name for name, _ in speaker.played] == names
    # the same sound does not start again at once (two clatters would flam)
    assert sounds.play(names[0]) is False
    clock.now += table.repeat_gap
    assert sounds.play(names[0]) is True


# -- the physics heard -------------------------------------------------------------------


def _run(world: World, seconds: float) -> None:
    """Step one step at a time, as the hand does (the listener looks between calls)."""
    for _ in range(round(seconds / world.profile.dt)):
        world.step()


def test_a_block_dropped_from_higher_clacks_louder(world: World) -> None:
    wood = world.material("wood")
    world.add_body("low", [box_polygon(4, 2)], Pose(-20, 1.5, 0), wood)  # 0.5 cm up
    world.add_body("high", [box_polygon(4, 2)], Pose(20, 7, 0), wood)  # 6 cm up
    listener = ImpactListener(load_table().impacts)
    listener.attach(world)
    _run(world, 1.0)
    heard = listener.take()
    assert {i.kind for i in heard} == {KNOCK, FALL}  # this table is the ground
    knocks = [i for i in heard if i.kind == KNOCK]
    loudest = {body: max(i.volume for i in knocks if i.body_id == body) for body in ("low", "high")}
    assert loudest["high"] > loudest["low"] + 0.2
    first_high = next(i for i in knocks if i.body_id == "high")
    assert first_high.time == pytest.approx(math.sqrt(2 * 6.0 / 981), abs=0.02)  # on landing


def test_a_resting_tower_is_silent(world: World) -> None:
    for level in range(4):  # a stack of four exactly touching blocks
        world.add_body(
            f"b{level}", [box_polygon(4, 2)], Pose(0, 1 + 2 * level, 0), world.material("wood")
        )
    listener = ImpactListener(load_table().impacts)
    listener.attach(world)
    _run(world, 2.0)
    assert listener.take() == []


def test_a_piece_falling_to_the_table_is_a_fall_once(world: World) -> None:
    material = world.material("wood")
    world.add_static("ledge", [[(-10, 20), (10, 20), (10, 22), (-10, 22)]], material)
    world.add_body("b", [box_polygon(4, 2)], Pose(30, 30, 0), material)  # beside the ledge
    listener = ImpactListener(load_table().impacts)
    listener.attach(world)
    _run(world, 2.0)
    falls = [i for i in listener.take() if i.kind == FALL]
    assert [f.body_id for f in falls] == ["b"]


def test_listening_changes_no_state_hash() -> None:
    path = ROOT / "scenarios" / "lots" / "accident.toml"
    heard: list[Any] = []

    def listen(world: World) -> None:
        listener = ImpactListener(load_table().impacts)
        listener.attach(world)
        heard.append(listener)

    bare = load_scenario(path).run()
    listened = load_scenario(path).run(on_world=listen)
    assert listened["state_hash"] == bare["state_hash"]
    assert any(listener.heard for listener in heard)  # it did hear the accident


# -- the rules' events -------------------------------------------------------------------


def test_events_map_to_dice_cards_clatters_and_a_crash_for_several_pieces() -> None:
    table = load_table()

    def names(events: list[dict[str, Any]]) -> list[str]:
        cues = event_cues(events, table.events, table.crash_pieces, table.clatter, table.crash)
        return [cue.name for cue in cues]

    assert names([{"type": "roll"}, {"type": "turn_start"}]) == ["dice"]
    assert names([{"type": "play_crew"}, {"type": "draw_crew"}]) == ["card"]
    assert names([{"type": "card_laid"}]) == ["card"]
    assert names([{"type": "accident", "piece": "red-1"}]) == ["clatter"]
    three = [{"type": "accident", "piece": p} for p in ("red-1", "blue-2", "green-3")]
    assert names(three) == ["crash"]
    assert names([{"type": "fall", "pieces": ["a", "b", "c"]}]) == ["crash"]
    assert names([{"type": "collapse", "fallen": ["x"]}]) == ["crash"]
    assert names([{"type": "take_block"}]) == []


# -- the app -----------------------------------------------------------------------------


def test_m_mutes_says_so_keeps_it_in_the_settings_and_the_help_lists_it() -> None:
    from dataclasses import replace

    from simulator.app import settings
    from tests.app.helpers import close, frames, open_lots, send

    settings.save(replace(settings.Settings(), volume=0.3))
    window, screen, _ = open_lots()
    try:
        sounds = window.sounds
        assert screen.sound.sounds is sounds and (sounds.volume, sounds.muted) == (0.3, False)
        send(window, "on_key_press", key.M, 0)
        assert sounds.muted and screen.message == "Sound off (M turns it on)."
        assert settings.current().muted  # kept between runs
        send(window, "on_key_press", key.M, 0)
        assert not sounds.muted and screen.message == "Sound on (M turns it off)."
        assert settings.current() == replace(settings.Settings(), volume=0.3)
        send(window, "on_key_press", key.H, 0)
        frames(window)
        shown = [item.text for item in window._help._items if hasattr(item, "text")]
        assert "M" in shown and "sound off or on" in shown
    finally:
        close(window)


def test_the_settings_volume_holds_from_the_next_screen_shown() -> None:
    from dataclasses import replace

    from simulator.app import settings
    from tests.app.helpers import close, open_lots

    window, screen, _ = open_lots()
    try:
        settings.save(replace(settings.Settings(), volume=0.5, muted=True))  # the page saved
        window.show(screen)
        assert (window.sounds.volume, window.sounds.muted) == (0.5, True)
    finally:
        close(window)


def test_a_computers_roll_and_placement_are_heard_with_its_film() -> None:
    from simulator.app.lots import session
    from simulator.app.lots.screen import LotsScreen
    from simulator.app.window import AppWindow

    speaker, clock = FakeSpeaker(), Clock()
    sounds = Sounds(speaker=lambda: speaker, clock=clock)
    match = session.new_match(["Computer 1", "Computer 2"], "1A", 3)
    screen = LotsScreen(match, seed=3, humans=set(), autosave=False)
    window = AppWindow(screen, visible=False, schedule=False, sounds=sounds)
    heard: list[tuple[int, str, bool]] = []  # (frame, sound, a film playing)
    try:
        for frame in range(60 * 30):
            clock.now += 1 / 60
            before = len(speaker.played)
            window.tick(1 / 60)
            heard += [
                (frame, name, screen.playback is not None) for name, _ in speaker.played[before:]
            ]
            if len(match.actions) >= 2 and screen.playback is None and frame > 10:
                break
            time.sleep(0.002)  # the bots decide on a worker thread
    finally:
        window.close()
    assert match.actions[0]["type"] == "roll" and match.actions[1]["type"] == "place"
    assert heard[0][1] == "dice"
    clacks = [h for h in heard if h[1].startswith("clack")]
    assert clacks and all(playing for _, _, playing in clacks)  # heard as the film shows it
    placed = next(f for f, name, _ in heard if name.startswith("clack"))
    assert placed > heard[0][0] + 30  # after the pause and the hand's carry, not at once


def _filmed_drop(height: float) -> tuple[Any, Any, Any, FakeSpeaker]:
    """A LOTS match whose world a block falls in while filmed (as a computer's move
    runs), and its game sounds following it."""
    from simulator.app.lots import session
    from simulator.app.playback import Playback
    from simulator.app.sound import GameSounds
    from simulator.render.film import Film

    sounds, speaker, _ = fake_sounds()
    match = session.new_match(["You", "Ann"], "1A", 3)
    game = GameSounds(sounds)
    game.frame(match, None)  # now listening to the match's world
    world = match.world
    world.add_body("b", [box_polygon(4, 2)], Pose(0, 1 + height, 0), world.material("wood"))
    with Film(9).watching(world) as film:
        _run(world, 1.0)
    return match, game, Playback(film.frames), speaker


def test_a_filmed_move_is_heard_when_its_film_shows_the_landing() -> None:
    match, game, playback, speaker = _filmed_drop(10.0)
    landing = math.sqrt(2 * 10.0 / 981)
    heard_at = []
    while not playback.done:
        before = len(speaker.played)
        game.frame(match, playback)
        if len(speaker.played) > before:
            heard_at.append(playback.clock)
        playback.advance(1 / 60)
    assert heard_at and heard_at[0] == pytest.approx(landing, abs=0.03)


def test_a_skipped_film_drops_the_sounds_it_did_not_reach() -> None:
    match, game, playback, speaker = _filmed_drop(10.0)
    game.frame(match, playback)
    playback.skip()
    game.frame(match, None)  # the screen drops a skipped playback
    assert speaker.played == []


class EventsOnly:
    """A match without a world (as Filled In): its log and its events."""

    def __init__(self) -> None:
        self.action_count = 0
        self.log: list[dict[str, Any]] = [{"type": "setup"}]

    def events(self) -> list[dict[str, Any]]:
        return list(self.log)

    def act(self, *events: dict[str, Any]) -> None:
        self.action_count += 1
        self.log += events


def test_a_moves_events_play_once_and_a_fall_heard_in_the_physics_is_not_repeated() -> None:
    from simulator.app.sound import GameSounds

    sounds, speaker, clock = fake_sounds()
    match, game = EventsOnly(), GameSounds(sounds)
    game.frame(match, None)  # the game as it stands is not heard
    assert speaker.played == []
    match.act({"type": "roll", "dice": [1, 2]}, {"type": "turn_start"})
    game.frame(match, None)
    game.frame(match, None)  # once, not every frame
    assert [name for name, _ in speaker.played] == ["dice"]
    clock.now += 1
    game._fell = {"clatter"}  # the physics played a piece's fall during this move
    match.act({"type": "accident", "piece": "red-1"}, {"type": "collapse"})
    game.frame(match, None)
    assert [name for name, _ in speaker.played] == ["dice", "crash"]  # no second clatter


def test_a_button_press_clicks_and_a_press_on_the_table_does_not() -> None:
    from pyglet.window import mouse

    from simulator.app.lots import session
    from simulator.app.lots.screen import LotsScreen
    from simulator.app.window import AppWindow
    from tests.app.helpers import frames

    speaker, clock = FakeSpeaker(), Clock()
    sounds = Sounds(speaker=lambda: speaker, clock=clock)
    match = session.new_match(["You", "Ann"], "1A", 3)
    screen = LotsScreen(match, seed=3, autosave=False)
    window = AppWindow(screen, visible=False, schedule=False, sounds=sounds)
    try:
        frames(window, 2)  # lays the panel's buttons out
        button = next(b for b in screen.view.hud.buttons if b.enabled)
        window.on_mouse_press(*window.box.to_window(button.x + 2, button.y + 2), mouse.LEFT, 0)
        assert [name for name, _ in speaker.played] == ["click"]
        x, y = window.box.to_window(300, 300)  # the table, no button
        window.on_mouse_press(x, y, mouse.LEFT, 0)
        assert [name for name, _ in speaker.played] == ["click"]
    finally:
        window.close()
