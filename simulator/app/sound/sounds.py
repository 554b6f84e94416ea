"""The app's one mixer: plays the sounds of assets/sounds/ by name at a volume, under a
master volume and a mute, and is silent (never raising) where there is no sound.

There is no sound headless (tests, ``--png``), without an audio device or driver (CI:
pyglet falls back to its silent driver), or once the driver has failed: the first
failure is kept in ``problem`` and every later call does nothing. The speaker (what
actually plays) is made lazily at the first sound, so an app that never plays one
never opens the audio driver.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

import pyglet

from rules.errors import AssetError
from simulator.app.sound.table import SoundTable, load_table


@dataclass(frozen=True)
class Cue:
    """A sound to start: its name and its volume before the master volume (0..1)."""

    name: str
    volume: float = 1.0


class Speaker(Protocol):
    """What plays: ``load`` a WAV once, ``play`` it at a volume (0..1)."""

    def load(self, path: str) -> Any: ...

    def play(self, source: Any, volume: float) -> None: ...


class NoSound(RuntimeError):
    """There is nothing to play sound on; the reason is the message."""


class PygletSpeaker:
    """Plays through pyglet.media, one short-lived Player per sound."""

    def __init__(self) -> None:
        if pyglet.options.get("headless"):
            raise NoSound("headless: no sound")
        # pyglet.media needs pyglet.gl, whose import fails cleanly without a display.
        from pyglet import gl  # noqa: F401  # lazy: display

        # Importing the drivers picks the first that opens and falls back to the
        # silent one (a machine without an audio device: CI).
        from pyglet.media import get_audio_driver  # lazy: display

        driver = get_audio_driver()
        if driver is None or type(driver).__name__ == "SilentDriver":
            raise NoSound("no audio device")
        self._media = pyglet.media
        self._playing: set[Any] = set()

    def load(self, path: str) -> Any:
        return self._media.load(path, streaming=False)  # a StaticSource, decoded once

    def play(self, source: Any, volume: float) -> None:
        player = self._media.Player()
        player.volume = volume
        player.queue(source)
        self._playing.add(player)  # kept until it ends (else it could be collected)

        def ended() -> None:
            self._playing.discard(player)
            player.delete()

        player.push_handlers(on_player_eos=ended)
        player.play()


class Sounds:
    """Sounds by name at a volume 0..1 times ``volume`` (0..1), nothing while ``muted``."""

    def __init__(
        self,
        *,
        speaker: Callable[[], Speaker] = PygletSpeaker,
        table: SoundTable | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.problem: str | None = None  # why there is no sound, once known
        self.muted = False
        try:
            self.table: SoundTable | None = table or load_table()
        except AssetError as exc:
            self.table, self.problem = None, str(exc)
        self._volume = 1.0  # the app sets the player's (sound/preferences.py)
        self._make_speaker = speaker
        self._speaker: Speaker | None = None
        self._sources: dict[str, Any] = {}
        self._clock = clock
        self._started: dict[str, float] = {}  # sound name -> when it last started

    @property
    def volume(self) -> float:
        """The master volume, 0 (silent) to 1; a setting outside is clamped, a value
        that is not a number is ignored."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        if isinstance(value, int | float) and math.isfinite(value):
            self._volume = min(1.0, max(0.0, float(value)))

    def toggle_mute(self) -> bool:
        """Mute or unmute (the M key); True if now muted."""
        self.muted = not self.muted
        return self.muted

    @property
    def available(self) -> bool:
        """Whether sound can play here at all (opens the speaker on first use)."""
        return self._open() is not None

    def play(self, name: str, volume: float = 1.0) -> bool:
        """Start sound ``name`` at ``volume``; True if it was sent to the speaker."""
        return self.play_cues([Cue(name, volume)]) == 1

    def click(self) -> None:
        """The UI's click (a mouse press in the window)."""
        if self.table is not None:
            self.play(self.table.click)

    def play_cues(self, cues: Iterable[Cue]) -> int:
        """Start one frame's sounds: the loudest first, each name once and not again
        within the table's ``repeat_gap``, at most its ``voices`` of them (60 contacts
        in a frame are not 60 sounds). How many were sent to the speaker."""
        table = self.table
        if self.muted or self._volume <= 0.0 or table is None:
            return 0
        now = self._clock()
        loudest: dict[str, float] = {}
        for cue in cues:
            if now - self._started.get(cue.name, -math.inf) < table.repeat_gap:
                continue
            level = cue.volume * table.levels.get(cue.name, 0.0) * self._volume
            if level > loudest.get(cue.name, 0.0):
                loudest[cue.name] = min(level, 1.0)
        chosen = sorted(loudest.items(), key=lambda item: -item[1])[: table.voices]
        if not chosen or self._open() is None:
            return 0
        sent = 0
        for name, level in chosen:
            try:
                self._play(name, level)
            except Exception as exc:  # a sound must never end the game: go quiet
                self._give_up(f"{type(exc).__name__}: {exc}")
                break
            self._started[name] = now
            sent += 1
        return sent

    def _play(self, name: str, level: float) -> None:
        speaker, table = self._speaker, self.table
        assert speaker is not None and table is not None
        source = self._sources.get(name)
        if source is None:
            source = self._sources[name] = speaker.load(str(table.path(name)))
        speaker.play(source, level)

    def _open(self) -> Speaker | None:
        if self._speaker is None and self.problem is None:
            try:
                self._speaker = self._make_speaker()
            except Exception as exc:  # no device, no driver, headless: silence
                self._give_up(str(exc) or type(exc).__name__)
        return self._speaker

    def _give_up(self, why: str) -> None:
        self.problem = why
        self._speaker = None
        self._sources.clear()
