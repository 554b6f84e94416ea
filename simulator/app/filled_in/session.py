"""A Filled In game in the app: the match, who the computer plays, saves and autosaves.

A save *is* a ``kind = "filled-in"`` scenario (simulator.games.saves writes and loads
it, as for every game): the setup (with ``computers``, the seats a bot plays), every
accepted move and the state hash reached, so ``towersim replay SAVE`` reproduces the
game headless and a load checks it reaches the same state. Dice rolls are not pinned in
the file: they come from the seed, exactly as in the app.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from rules.engine import GameOptions
from simulator.app import save_folder
from simulator.app.setup import GameSetup
from simulator.bots.levels import level
from simulator.games import saves
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.saves import Saved

SAVE_NAME = "filled-in-save.toml"


def autosave_path() -> Path:
    return save_folder.autosave_path(FilledInMatch.kind)


def default_save_path() -> Path:
    return save_folder.save_dir() / SAVE_NAME


@dataclass
class FilledInGame:
    match: FilledInMatch
    computers: dict[str, str] = field(default_factory=dict)  # player name -> bot level

    @property
    def seed(self) -> int:
        return self.match.seed

    def is_computer(self, name: str) -> bool:
        return name in self.computers


def new_game(setup: GameSetup) -> FilledInGame:
    """A fresh game from the start screen's choices; ValueError/KeyError for bad ones."""
    options = GameOptions(setup.names, setup.mode, setup.seed, {"sheet": setup.setting("sheet")})
    for bot in setup.computers.values():
        if bot != "random":
            level(bot)  # KeyError names the known levels
    return FilledInGame(FilledInMatch.set_up(options), setup.computers)


def save(game: FilledInGame, path: Path) -> None:
    state = game.match.state
    name = f"LOTS: Filled In in the app, {len(state.players)} players, seed {game.seed}"
    saves.save(path, game.match, name=name, computers=game.computers)


def load(path: Path) -> FilledInGame:
    """A game rebuilt from a save (or any filled-in scenario) by replaying its actions;
    ScenarioError (one line) for a file that is not a Filled In game, or does not reach
    the state hash it records."""
    saved = cast(Saved[FilledInMatch], saves.load_saved(path, FilledInMatch.kind))
    return FilledInGame(saved.match, dict(saved.computers or {}))
