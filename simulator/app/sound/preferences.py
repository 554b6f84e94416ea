"""The player's sound settings (``volume``, ``muted`` in simulator/app/settings.py, kept
between runs) on the app's mixer: applied whenever the window shows a screen (so a
change on the settings page holds from the next screen on), and M's mute kept too."""

from __future__ import annotations

from dataclasses import replace

from simulator.app import settings
from simulator.app.sound.sounds import Sounds


def apply(sounds: Sounds) -> None:
    """Set the mixer's volume and mute from the saved settings."""
    chosen = settings.current()
    sounds.volume = chosen.volume
    sounds.muted = chosen.muted


def toggle_mute(sounds: Sounds) -> str:
    """Mute or unmute (the M key) and keep it in the settings; the sentence to show."""
    muted = sounds.toggle_mute()
    said = "Sound off (M turns it on)." if muted else "Sound on (M turns it off)."
    loaded = settings.load()
    if loaded.problem is not None:  # the settings page reports it; the file stays as is
        return said
    try:
        settings.save(replace(loaded.settings, muted=muted))
    except OSError as exc:
        return f"{said[:-1]}, for this run only: cannot save the settings ({exc.strerror or exc})."
    return said
