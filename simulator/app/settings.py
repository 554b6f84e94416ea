"""The player's settings, kept between runs in ``settings.toml`` in the user config
folder (simulator/user_folders.py; ``$TOWERSIM_HOME`` when set).

Every value is range-checked on reading. A file that cannot be read, or holds a bad
value, is one sentence for the start screen (``Loaded.problem``); the defaults stand in
for what is bad, and the file is left alone until the player saves settings again (so
nothing the player wrote is lost behind their back). Writes are atomic.

What reads them: the start screen (the hand it offers first), the world scenes (the
colour symbols), the first-game guides (which ones were seen), the rules page and the
guide (the text size); the sound (``volume``, ``muted``) and the playback of computer
moves (``animation_speed``) read them through ``current()``.
"""

from __future__ import annotations

import contextlib
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import tomli_w

from simulator.app.playback import MAX_SPEED, MIN_SPEED
from simulator.bots.dexterity import hand_names
from simulator.files import read_limited, write_atomically
from simulator.user_folders import config_dir

SETTINGS_FILE = "settings.toml"
MAX_BYTES = 64 * 1024  # a settings file is a few lines; anything larger is not one
EXACT = "exact"  # the hand that puts a piece exactly where the mouse is

SPEED_RANGE = (MIN_SPEED, MAX_SPEED)  # a computer move's playback (simulator/app/playback.py)
VOLUME_RANGE = (0.0, 1.0)
UI_SCALE_RANGE = (0.8, 1.5)
# The steps the settings page offers (a file may hold any value in range).
SPEED_STEPS = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0)
VOLUME_STEPS = tuple(round(0.1 * k, 1) for k in range(11))
UI_SCALE_STEPS = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5)


@dataclass(frozen=True)
class Settings:
    hand: str = EXACT  # "exact" or a dexterity profile (simulator/bots/dexterity.py)
    animation_speed: float = 1.0  # computer moves play back at this multiple of real time
    volume: float = 0.8  # 0 (silent) to 1
    muted: bool = False
    ui_scale: float = 1.0  # the size of every text (a text still shrinks to fit its box)
    colour_symbols: bool = True  # each colour's symbol on pieces and floor-card boxes
    guides_seen: tuple[str, ...] = field(default=())  # games whose first-game guide was seen

    @property
    def dexterity(self) -> str | None:
        """The hand as the start screen and GameSetup name it (None: exact)."""
        return None if self.hand == EXACT else self.hand

    @property
    def sound_level(self) -> float:
        """The volume to play sounds at: 0 when muted."""
        return 0.0 if self.muted else self.volume


@dataclass(frozen=True)
class Loaded:
    settings: Settings
    problem: str | None = None  # one sentence for the start screen, or None


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def load(path: Path | None = None) -> Loaded:
    """The saved settings (the defaults when there is no file yet)."""
    target = path or settings_path()
    try:
        table = tomllib.loads(read_limited(target, MAX_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return Loaded(Settings())
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return Loaded(Settings(), _problem(target, f"it cannot be read ({why})"))
    settings, faults = from_table(table)
    return Loaded(settings, _problem(target, "; ".join(faults)) if faults else None)


def current() -> Settings:
    """The settings in force now (re-read from the file: cheap, and never stale)."""
    return load().settings


def save(settings: Settings, path: Path | None = None) -> None:
    """Write ``settings`` atomically; OSError if it cannot be written."""
    write_atomically(path or settings_path(), to_toml(settings))


def to_toml(settings: Settings) -> str:
    table = {f.name: getattr(settings, f.name) for f in fields(Settings)}
    table["guides_seen"] = list(settings.guides_seen)
    return tomli_w.dumps(table)


def from_table(table: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a parsed file: each bad value is replaced by its default and
    named in the faults."""
    values: dict[str, Any] = {}
    faults: list[str] = []
    known = {f.name for f in fields(Settings)}
    for name in sorted(set(table) - known):
        faults.append(f"{name} is not a setting")
    for name, check in _CHECKS.items():
        if name in table:
            fault = check(table[name])
            if fault:
                faults.append(f"{name} {fault}")
            else:
                values[name] = _normal(name, table[name])
    return replace(Settings(), **values), faults


def with_guide_seen(settings: Settings, game: str) -> Settings:
    if game in settings.guides_seen:
        return settings
    return replace(settings, guides_seen=(*settings.guides_seen, game))


def mark_guide_seen(game: str) -> None:
    """Remember that ``game``'s first-game guide was seen. A settings file with a
    problem is not overwritten (the player fixes it or saves settings first), and a
    write that fails is not the game's business: the guide shows again next run."""
    loaded = load()
    if loaded.problem is None and game not in loaded.settings.guides_seen:
        with contextlib.suppress(OSError):
            save(with_guide_seen(loaded.settings, game))


def step(value: float, steps: tuple[float, ...], direction: int) -> float:
    """The next step above (direction 1) or below (-1) ``value``, or the end reached."""
    if direction > 0:
        return next((s for s in steps if s > value + 1e-9), steps[-1])
    return next((s for s in reversed(steps) if s < value - 1e-9), steps[0])


# -- checks: each returns what is wrong with a value, or None -------------------------


def _number_in(low: float, high: float) -> Any:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"must be a number from {low:g} to {high:g}"
        if not low <= value <= high:
            return f"is {value:g}; it must be from {low:g} to {high:g}"
        return None

    return check


def _flag(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _hand(value: Any) -> str | None:
    names = [EXACT, *hand_names()]
    if value in names:
        return None
    return f"must be one of {', '.join(names)}"


def _games(value: Any) -> str | None:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return None
    return "must be a list of game names"


_CHECKS = {
    "hand": _hand,
    "animation_speed": _number_in(*SPEED_RANGE),
    "volume": _number_in(*VOLUME_RANGE),
    "muted": _flag,
    "ui_scale": _number_in(*UI_SCALE_RANGE),
    "colour_symbols": _flag,
    "guides_seen": _games,
}


def _normal(name: str, value: Any) -> Any:
    if name == "guides_seen":
        return tuple(dict.fromkeys(value))
    if name in ("animation_speed", "volume", "ui_scale"):
        return float(value)
    return value


def _problem(path: Path, why: str) -> str:
    return (
        f"Your settings file {path} has a problem: {why}. The default settings are used "
        "for it until you save your settings again."
    )
