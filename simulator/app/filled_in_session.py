"""A Filled In game in the app: the match, who the computer plays, saves and autosaves.

A save *is* a ``kind = "filled-in"`` scenario: the setup (with ``computers``, the seats
a bot plays), every accepted move and the state hash reached, so ``towersim replay
SAVE`` reproduces the game headless and checks it reached the same state. Dice rolls are
not pinned in the file: they come from the seed, exactly as in the app. Files are
written atomically.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.filled_in.options import FilledInOptions
from simulator.app.session import save_dir
from simulator.app.setup import GameSetup
from simulator.bots.levels import level
from simulator.files import write_atomically
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.record import scenario_text
from simulator.scenario.errors import ScenarioError
from simulator.scenario.header import FORMAT

AUTOSAVE_NAME = "autosave-filled-in.toml"
SAVE_NAME = "filled-in-save.toml"


def autosave_path() -> Path:
    return save_dir() / AUTOSAVE_NAME


def default_save_path() -> Path:
    return save_dir() / SAVE_NAME


@dataclass
class FilledInGame:
    match: FilledInMatch
    computers: dict[str, str] = field(default_factory=dict)  # player name -> bot level

    @property
    def seed(self) -> int:
        return self.match.options.seed

    def is_computer(self, name: str) -> bool:
        return name in self.computers


def new_game(setup: GameSetup) -> FilledInGame:
    """A fresh game from the start screen's choices; ValueError/KeyError for bad ones."""
    options = FilledInOptions(
        players=setup.names, sheet=setup.sheet, variant=setup.variant, seed=setup.seed
    )
    computers = {setup.names[seat]: bot for seat, bot in setup.bot_levels.items()}
    for bot in computers.values():
        if bot != "random":
            level(bot)  # KeyError names the known levels
    return FilledInGame(FilledInMatch(options), computers)


def document(game: FilledInGame) -> dict[str, Any]:
    match = game.match
    options = match.options
    state = match.state
    return {
        "format": FORMAT,
        "kind": "filled-in",
        "name": f"LOTS: Filled In in the app, {len(state.players)} players, seed {game.seed}",
        "description": "Saved by towersim app; replays headless to the same state.",
        "seed": game.seed,
        "setup": {
            "players": list(options.players),
            "sheet": options.sheet if isinstance(options.sheet, int) else list(options.sheet),
            "variant": options.variant,
            "start_player": options.start_player,
            "host": options.host,
            "crew": list(options.crew) if options.crew is not None else None,
            "computers": dict(game.computers) or None,
        },
        "action": match.actions,
        "expect": {"state_hash": match.state_hash()},
    }


def save(game: FilledInGame, path: Path) -> None:
    write_atomically(path, scenario_text(document(game), path))


def load(path: Path) -> FilledInGame:
    """A game rebuilt from a save (or any filled-in scenario) by replaying its actions.

    Raises ScenarioError (one line) for a file that is not a Filled In game, has a
    refused action, or does not reach the state hash it records."""
    from simulator.games.runner import perform
    from simulator.replay import load_scenario

    loaded = load_scenario(path)
    if loaded.kind != "filled-in":
        raise ScenarioError(str(path), f"a {loaded.kind} scenario is not a Filled In game")
    scenario = loaded.scenario
    match = FilledInMatch(scenario.options)
    for index, action in enumerate(scenario.actions):
        perform(match, action, index, seed=scenario.header.seed)
    if match.notices:
        _, refused = match.notices[0]
        raise ScenarioError(
            str(path), f"action #{refused['action']} is refused by the rules: {refused['reason']}"
        )
    wanted = scenario.expect.state_hash
    if wanted is not None and wanted != match.state_hash():
        raise ScenarioError(
            str(path), "the moves do not reach the state the file records (changed or corrupt)"
        )
    return FilledInGame(match, dict(scenario.computers))
