"""The app's sounds: the mixer (``Sounds``, one per app), the physics heard
(``ImpactListener``) and a game screen's sounds (``GameSounds``); the sounds and what
plays them are data in assets/sounds/ (docs/app.md, "Sound")."""

from simulator.app.sound.game_sounds import GameSounds
from simulator.app.sound.impacts import ImpactListener
from simulator.app.sound.sounds import Cue, Sounds

__all__ = ["Cue", "GameSounds", "ImpactListener", "Sounds"]
