"""``kind = "lots"`` scenario files: a game's setup and its actions, replayed headless.

[setup]: ``players`` (1 name: solo; 2 to 4: competitive), optional ``mode`` (checked
against the player count), ``footprint`` (default "1A"), ``start_player`` (a name) and
``computers`` (name = bot level: who the app lets the computer play) and ``hand`` (the
app's human hand, a dexterity profile); a headless replay plays the recorded actions and
reads neither.
[[action]]: the moves in order, each with ``type`` and ``player`` (see docs/scenarios.md):
roll, pick_supply (colour), give_crew (card), play_crew (card, target, piece), pass,
place (block, col, turns, mirror, cube, cube_col, lower_speed, travel_height, nudge,
angle_error, release_vx, release_vy, feel, travel_speed, tremor),
and computer (a legal random player decides ``moves`` decisions, default: to the end).
A refused action is logged as a "refused" event and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from rules.footprints import footprints
from rules.lots import LotsOptions
from simulator.bots.dexterity import hand_names
from simulator.games.actions import hand_path, parse_action, tremor_value
from simulator.games.computer_seat import play_players
from simulator.games.expect import parse_game_expect
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.player import RandomPlayer
from simulator.games.runner import GameScenario
from simulator.games.seats import parse_computers
from simulator.names import names_problem
from simulator.physics.profile import PhysicsProfile
from simulator.scenario.fields import Table
from simulator.scenario.header import Header
from simulator.scenario.ranges import HAND, LOTS, moves
from simulator.seeds import computer_action_seed

# Decisions a "computer" action may take at most, so a scenario always ends.
MAX_COMPUTER_DECISIONS = 5000
MOVES = moves(MAX_COMPUTER_DECISIONS)

ACTION_KEYS: dict[str, tuple[str, ...]] = {
    "roll": (),
    "pick_supply": ("colour",),
    "give_crew": ("card",),
    "play_crew": ("card", "target", "piece"),
    "pass": (),
    "place": (
        "block",
        "col",
        "turns",
        "mirror",
        "cube",
        "cube_col",
        "lower_speed",
        "travel_height",
        "nudge",
        "path",
        "cube_path",
        "angle_error",
        "release_vx",
        "release_vy",
        "feel",
        "travel_speed",
        "tremor",
    ),
    "computer": ("moves",),
}


@dataclass(frozen=True)
class LotsScenario(GameScenario):
    options: LotsOptions
    # The actions the hand carries out: what the replay budget counts.
    PHYSICAL_ACTIONS: ClassVar[frozenset[str]] = frozenset({"place"})


def parse(root: Table, header: Header, profile: PhysicsProfile) -> LotsScenario:
    setup = root.table("setup")
    if setup is None:
        root.fail("a lots scenario needs a [setup] table with the players")
    players = setup.strings("players")
    if not players or not 1 <= len(players) <= 4:
        setup.fail("players must list 1 (solo) to 4 names", "players")
    problem = names_problem(players)
    if problem:
        setup.fail(problem, "players")
    mode = setup.string("mode", choices=("competitive", "solo"))
    implied = "solo" if len(players) == 1 else "competitive"
    if mode is not None and mode != implied:
        setup.fail(f"mode {mode!r} does not fit {len(players)} player(s)", "mode")
    footprint = setup.string("footprint", default="1A")
    if footprint not in footprints():
        known = ", ".join(sorted(footprints()))
        setup.fail(f"unknown footprint {footprint!r} (known: {known})", "footprint")
    start = setup.string("start_player")
    if start is not None and start not in players:
        setup.fail(f"{start!r} is not one of the players", "start_player")
    computers = parse_computers(setup, players)
    hand = setup.string("hand", choices=tuple(hand_names()))
    setup.finish()
    options = LotsOptions(
        players=tuple(players),
        footprint=footprint or "1A",
        seed=header.seed,
        start_player=players.index(start) if start is not None else None,
    )
    actions = [
        parse_action(
            root, raw, index, players, ACTION_KEYS, partial(_value, dt=profile.dt), check=_check
        )
        for index, raw in enumerate(root.tables("action"))
    ]
    expect = parse_game_expect(root.table("expect"), players)
    root.finish()
    return LotsScenario(header, profile, options, actions, expect, computers, hand)


def _check(table: Table, action: dict[str, Any]) -> None:
    """What a place action needs beyond its keys' values."""
    if action["type"] != "place":
        return
    if "block" not in action and "cube" not in action:
        table.fail("a place action needs a block (or a cube being put back)")
    if "feel" in action and ("path" in action or "cube_path" in action):
        table.fail("a live move (path) has no 'feel': the hand that drove it was its own", "feel")


def _value(table: Table, key: str, dt: float) -> Any:
    """One action key's value, read and checked (None for JSON null)."""
    if key == "moves":
        return table.ranged(key, MOVES)
    if key in LOTS:
        return table.ranged(key, LOTS[key])
    if key in HAND:
        return table.ranged(key, HAND[key])
    if key == "mirror":
        return table.boolean(key)
    if key in ("path", "cube_path"):
        return hand_path(table, key, mirrored=True, dt=dt)
    if key == "tremor":
        return tremor_value(table, key)
    return table.string(key)


def play_computer(match: LotsMatch, action: dict[str, Any], index: int, seed: int) -> None:
    """A ``computer`` action: the legal random player in every seat."""
    players = {
        name: RandomPlayer(computer_action_seed(seed, index, seat))
        for seat, name in enumerate(match.state.players)
    }
    play_players(match, players, action.get("moves", MAX_COMPUTER_DECISIONS))
