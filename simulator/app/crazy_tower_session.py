"""Starting, saving, autosaving and loading a Crazy Tower game played in the app.

A save *is* a ``kind = "crazy-tower"`` scenario file: the setup, every action taken
(live moves carry their recorded hand paths, timed challenges the app's clock), the
state hash reached, [setup.computers]: the seats the computer plays, and [setup] hand: the
human hand's dexterity profile (both for the app only). ``towersim replay
SAVE`` therefore reproduces the game headless and checks it got the same state. Files
are written atomically: a crash loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.app import session
from simulator.app.setup import HUMAN, GameSetup
from simulator.files import write_atomically
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.record import pinned_physics, scenario_text
from simulator.games.runner import perform
from simulator.physics.profile import load_profile
from simulator.replay import load_scenario
from simulator.scenario.errors import ScenarioError
from simulator.scenario.header import FORMAT


@dataclass
class Game:
    """A match and what the app needs beside it to go on playing."""

    match: CrazyTowerMatch
    seed: int
    controllers: list[str]  # per seat: "human" or a bot level
    dexterity: str | None = None  # the human hand's profile (None: exact)


def autosave_path() -> Path:
    return session.autosave_path("crazy-tower")


def save_path() -> Path:
    return session.save_dir() / "crazy-tower-save.toml"


def options_for(setup: GameSetup) -> dict[str, Any]:
    """The rules' options a start screen's choices stand for."""
    options: dict[str, Any] = {"mode": setup.mode, "players": list(setup.names), "seed": setup.seed}
    if setup.mode == "solo" and setup.challenge is not None:
        options["challenge"] = setup.challenge
    return options


def new_game(setup: GameSetup) -> Game:
    """A fresh game; IllegalMove (one line) when the rules refuse the setup."""
    profile = tower_profile(load_profile(), sleep_given=False)
    match = CrazyTowerMatch(options_for(setup), profile)
    controllers = [seat.controller if not seat.human else HUMAN for seat in setup.seats]
    return Game(match, setup.seed, controllers, setup.dexterity)


def document(game: Game) -> dict[str, Any]:
    match = game.match
    state = match.state
    setup = {k: v for k, v in match.options.items() if k != "seed"}
    names = state.players
    computers = {n: c for n, c in zip(names, game.controllers, strict=True) if c != HUMAN}
    if computers:
        setup["computers"] = computers
    if game.dexterity is not None:
        setup["hand"] = game.dexterity
    title = f"Crazy Tower in the app, {state.mode}, {len(state.players)} player(s)"
    if state.challenge is not None:
        title += f", challenge {state.challenge}"
    return {
        "format": FORMAT,
        "kind": "crazy-tower",
        "name": f"{title}, seed {game.seed}",
        "description": "Saved by towersim app; replays headless to the same state.",
        "seed": game.seed,
        "physics": pinned_physics(match.profile),
        "setup": {**setup, "think_seconds": match.think_seconds},
        "action": match.actions,
        "expect": {"state_hash": match.state_hash()},
    }


def save(game: Game, path: Path) -> None:
    write_atomically(path, scenario_text(document(game), path))


def load(path: Path) -> Game:
    """A game rebuilt from a save (or any crazy-tower scenario) by replaying its actions
    (refused ones change nothing, as in a replay); ScenarioError (one line) for a bad
    file."""
    loaded = load_scenario(path)
    if loaded.kind != "crazy-tower":
        raise ScenarioError(str(path), f"a {loaded.kind} scenario is not a Crazy Tower game")
    scenario = loaded.scenario
    match = CrazyTowerMatch(scenario.options, scenario.profile, scenario.think_seconds)
    for index, action in enumerate(scenario.actions):
        perform(match, action, index, seed=scenario.header.seed)
    controllers = [scenario.computers.get(name, HUMAN) for name in match.state.players]
    return Game(match, scenario.header.seed, controllers, scenario.hand)
