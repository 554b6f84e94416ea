"""Saving, autosaving and loading a LOTS game played in the app.

A save *is* a scenario file (kind "lots"), written and loaded for every game by
simulator.games.saves: ``towersim replay SAVE`` reproduces the game headless, and a
load checks it reaches the state hash it records.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from rules.engine import GameOptions
from simulator.app import save_folder
from simulator.app.lots.material import players
from simulator.games import saves
from simulator.games.lots.match import LotsMatch, match_for
from simulator.games.saves import Saved
from simulator.words import counted

# A LOTS game as a save holds it: the match replayed, its seed, the app's seats (name ->
# bot level; None: by the names) and the human hand's dexterity profile.
SavedLots = Saved[LotsMatch]


def autosave_path() -> Path:
    return save_folder.autosave_path(LotsMatch.kind)


def save(
    match: LotsMatch,
    seed: int,
    path: Path,
    computers: dict[str, str] | None = None,
    hand: str | None = None,
) -> None:
    name = f"LOTS in the app, {counted(len(players(match.state)), 'player')}, seed {seed}"
    saves.save(path, match, name=name, computers=computers, hand=hand)


def load(path: Path) -> tuple[LotsMatch, int]:
    """A LOTS match rebuilt from a save (or any lots scenario) by replaying its actions."""
    saved = load_saved(path)
    return saved.match, saved.seed


def load_saved(path: Path) -> SavedLots:
    """As load(), with the app's seats; ScenarioError (one line) for a bad file, or one
    that does not replay to the state it says it saved."""
    return cast(SavedLots, saves.load_saved(path, LotsMatch.kind))


def new_match(players: list[str], footprint: str, seed: int) -> LotsMatch:
    return match_for(GameOptions(tuple(players), seed=seed, settings={"footprint": footprint}))
