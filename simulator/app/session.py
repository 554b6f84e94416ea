"""Saving, autosaving and loading a LOTS game played in the app.

A save *is* a scenario file (kind "lots"): the setup, every action taken (live
placements carry their recorded hand paths) and the state hash reached, so
``towersim replay SAVE`` reproduces the game headless and checks it got the same state.
Files are written atomically (temp file, fsync, rename): a crash loses nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.lots import LotsOptions
from simulator.files import write_atomically
from simulator.games.lots.match import LotsMatch
from simulator.games.record import pinned_physics, scenario_text
from simulator.scenario.header import FORMAT


def save_dir() -> Path:
    """Where autosaves and saves go: $TOWERSIM_HOME, else ~/.towersim."""
    return Path(os.environ.get("TOWERSIM_HOME") or Path.home() / ".towersim")


def autosave_path(game: str = "lots") -> Path:
    """Where a game's autosave goes (one a game, so the three never overwrite each other)."""
    return save_dir() / f"autosave-{game}.toml"


@dataclass
class SavedLots:
    """A LOTS game as a save holds it: the match replayed, and the app's seats."""

    match: LotsMatch
    seed: int
    computers: dict[str, str] | None = None  # name -> bot level; None: by the names
    hand: str | None = None  # the human hand's dexterity profile; None: exact


def lots_document(
    match: LotsMatch, seed: int, computers: dict[str, str] | None = None, hand: str | None = None
) -> dict[str, Any]:
    state = match.state
    start = match.options.start_player
    setup: dict[str, Any] = {
        "players": list(state.players),
        "footprint": state.footprint,
        "start_player": state.players[start] if start is not None else None,
    }
    if hand:
        setup["hand"] = hand
    if computers:
        setup["computers"] = computers
    return {
        "format": FORMAT,
        "kind": "lots",
        "name": f"LOTS in the app, {len(state.players)} player(s), seed {seed}",
        "description": "Saved by towersim app; replays headless to the same state.",
        "seed": seed,
        "physics": pinned_physics(match.profile),
        "setup": setup,
        "action": match.actions,
        "expect": {"state_hash": match.state_hash()},
    }


def save(
    match: LotsMatch,
    seed: int,
    path: Path,
    computers: dict[str, str] | None = None,
    hand: str | None = None,
) -> None:
    write_atomically(path, scenario_text(lots_document(match, seed, computers, hand), path))


def load(path: Path) -> tuple[LotsMatch, int]:
    """A LOTS match rebuilt from a save (or any lots scenario) by replaying its actions."""
    saved = load_saved(path)
    return saved.match, saved.seed


def load_saved(path: Path) -> SavedLots:
    """As load(), with the app's seats; ScenarioError (one line) for a bad file, or one
    that does not replay to the state it says it saved."""
    from simulator.games.runner import perform
    from simulator.replay import load_scenario
    from simulator.scenario.errors import ScenarioError

    loaded = load_scenario(path)
    if loaded.kind != "lots":
        raise ScenarioError(str(path), f"a {loaded.kind} scenario is not a LOTS game")
    scenario = loaded.scenario
    match = LotsMatch(scenario.options, scenario.profile)
    for index, action in enumerate(scenario.actions):
        perform(match, action, index, seed=scenario.header.seed)
    expected = scenario.expect.state_hash
    if expected is not None and expected != match.state_hash():
        raise ScenarioError(
            str(path), "the actions do not lead to the state_hash it records (edited or damaged)"
        )
    return SavedLots(match, scenario.header.seed, scenario.computers, scenario.hand)


def new_match(players: list[str], footprint: str, seed: int) -> LotsMatch:
    return LotsMatch(LotsOptions(players=tuple(players), footprint=footprint, seed=seed))
