"""The sound table (assets/sounds/sounds.toml): each sound's file and level, and what
makes each one heard (impacts, falls, the rules' events, the window's clicks)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rules.assets import assets_dir, load_asset
from rules.errors import AssetError
from simulator.app.sound.impacts import ImpactTuning

TABLE = "sounds/sounds.toml"


@dataclass(frozen=True)
class SoundTable:
    voices: int  # sounds started in one frame at most
    repeat_gap: float  # real seconds before the same sound starts again
    levels: dict[str, float]  # sound name -> its own level
    clacks: tuple[str, ...]  # the knocks' voices
    impacts: ImpactTuning
    clatter: str
    crash: str
    crash_pieces: int
    crash_window: float  # simulated seconds
    events: dict[str, str]  # a rules event's type -> its sound
    click: str

    def path(self, name: str) -> Path:
        return assets_dir() / "sounds" / f"{name}.wav"


def load_table() -> SoundTable:
    """The sound table; AssetError naming the fault if it is not whole."""
    data = load_asset(TABLE)
    try:
        mixer, impacts, falls = data["mixer"], data["impacts"], data["falls"]
        levels = {str(name): float(level) for name, level in data["levels"].items()}
        clacks = tuple(str(name) for name in impacts["clacks"])
        table = SoundTable(
            voices=int(mixer["voices"]),
            repeat_gap=float(mixer["repeat_gap"]),
            levels=levels,
            clacks=clacks,
            impacts=ImpactTuning(
                every=float(impacts["every"]),
                quiet=float(impacts["quiet"]),
                loud=float(impacts["loud"]),
                softest=float(impacts["softest"]),
                gap=float(impacts["gap"]),
                variants=len(clacks),
            ),
            clatter=str(falls["clatter"]),
            crash=str(falls["crash"]),
            crash_pieces=int(falls["crash_pieces"]),
            crash_window=float(falls["crash_window"]),
            events={str(kind): str(sound) for kind, sound in data["events"].items()},
            click=str(data["ui"]["click"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise AssetError(f"{TABLE}: missing or bad entry {exc}") from None
    _check(table)
    return table


def _check(table: SoundTable) -> None:
    named = [*table.clacks, table.clatter, table.crash, *table.events.values(), table.click]
    unknown = sorted({name for name in named if name not in table.levels})
    if unknown:
        raise AssetError(f"{TABLE}: no [levels] entry for {', '.join(unknown)}")
    if not table.clacks or table.voices < 1 or table.impacts.loud <= table.impacts.quiet:
        raise AssetError(f"{TABLE}: needs a clack, a voice, and loud above quiet")
