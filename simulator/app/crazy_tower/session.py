"""Starting, saving, autosaving and loading a Crazy Tower game played in the app.

A save *is* a ``kind = "crazy-tower"`` scenario file (simulator.games.saves writes and
loads it, as for every game): the setup, every action taken (live moves carry their
recorded hand paths, timed challenges the app's clock), the state hash reached,
[setup.computers]: the seats the computer plays, and [setup] hand: the human hand's
dexterity profile (both for the app only). ``towersim replay SAVE`` therefore
reproduces the game headless, and a load checks it reaches the state it records.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from simulator.app import save_folder
from simulator.app.setup import HUMAN, GameSetup
from simulator.games import saves
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.saves import Saved
from simulator.physics.profile import load_profile
from simulator.words import counted


@dataclass
class Game:
    """A match and what the app needs beside it to go on playing."""

    match: CrazyTowerMatch
    seed: int
    controllers: list[str]  # per seat: "human" or a bot level
    dexterity: str | None = None  # the human hand's profile (None: exact)


def autosave_path() -> Path:
    return save_folder.autosave_path(CrazyTowerMatch.kind)


def save_path() -> Path:
    return save_folder.save_dir() / "crazy-tower-save.toml"


def options_for(setup: GameSetup) -> dict[str, Any]:
    """The rules' options a start screen's choices stand for."""
    options: dict[str, Any] = {"mode": setup.mode, "players": list(setup.names), "seed": setup.seed}
    return {**options, **setup.settings}


def new_game(setup: GameSetup) -> Game:
    """A fresh game; IllegalMove (one line) when the rules refuse the setup."""
    profile = tower_profile(load_profile(), sleep_given=False)
    match = CrazyTowerMatch(options_for(setup), profile)
    controllers = [seat.controller if not seat.human else HUMAN for seat in setup.seats]
    return Game(match, setup.seed, controllers, setup.dexterity)


def document(game: Game) -> dict[str, Any]:
    """The save of ``game`` as a scenario document (what ``save`` writes)."""
    return saves.document(
        game.match, name=_name(game), computers=_computers(game), hand=game.dexterity
    )


def save(game: Game, path: Path) -> None:
    saves.save(path, game.match, name=_name(game), computers=_computers(game), hand=game.dexterity)


def load(path: Path) -> Game:
    """A game rebuilt from a save (or any crazy-tower scenario) by replaying its actions;
    ScenarioError (one line) for a bad file, or one that does not reach the state hash
    it records."""
    saved = cast(Saved[CrazyTowerMatch], saves.load_saved(path, CrazyTowerMatch.kind))
    computers = saved.computers or {}
    controllers = [computers.get(name, HUMAN) for name in saved.match.summary()["players"]]
    return Game(saved.match, saved.seed, controllers, saved.hand)


def _name(game: Game) -> str:
    summary = game.match.summary()
    seats = counted(len(summary["players"]), "player")
    title = f"Crazy Tower in the app, {summary['mode']}, {seats}"
    if summary["challenge"] is not None:
        title += f", challenge {summary['challenge']}"
    return f"{title}, seed {game.seed}"


def _computers(game: Game) -> dict[str, str]:
    """The seats the computer plays: player name -> bot level."""
    names = game.match.summary()["players"]
    return {n: c for n, c in zip(names, game.controllers, strict=True) if c != HUMAN}
