"""``kind = "crazy-tower"`` scenario files: a game's setup and its actions, replayed
headless (docs/scenarios-crazy-tower.md).

[setup]: ``mode`` (competitive, saboteur, solo), ``players`` (names, or tables with
``name`` and ``colours``), and optionally ``challenge``, ``colour_count``,
``first_player``, ``saboteur``, ``starter``, ``deck`` (the rules' options),
``think_seconds`` (the headless clock of timed challenges), ``computers`` (the app's
computer seats) and ``hand`` (the app's human hand: a dexterity profile; a replay
ignores both).
[[action]]: the moves in order, each with ``type`` and ``player``. A refused action is
logged as a "refused" event and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar

from rules.crazy_tower import floor_cards, new_game
from rules.crazy_tower.blocks import is_block
from rules.crazy_tower.setup import STARTERS
from rules.errors import IllegalMove
from simulator.bots.dexterity import hand_names
from simulator.games.actions import hand_path, parse_action, tremor_value
from simulator.games.computer_seat import play_players
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.match import (
    ACTION_KEYS as MOVE_KEYS,
)
from simulator.games.crazy_tower.match import (
    CLOCK_KEY,
    PHYSICAL,
    THINK_SECONDS,
    CrazyTowerMatch,
)
from simulator.games.crazy_tower.player import RandomPlayer
from simulator.games.expect import parse_game_expect
from simulator.games.runner import GameScenario
from simulator.games.seats import parse_computers
from simulator.names import names_problem
from simulator.physics.profile import PhysicsProfile
from simulator.scenario.fields import Table
from simulator.scenario.header import Header
from simulator.scenario.ranges import CRAZY_TOWER, HAND, moves
from simulator.seeds import seat_seed

MAX_COMPUTER_DECISIONS = 3000  # a "computer" action always ends
MOVES = moves(MAX_COMPUTER_DECISIONS)

# A scenario action's keys: the move's, and the thinking time the clock charged for it.
ACTION_KEYS = {
    **{kind: (*keys, CLOCK_KEY) for kind, keys in MOVE_KEYS.items()},
    "computer": ("moves",),
}
_REQUIRED = {
    "place_block": ("block",),
    "replace_piece": ("piece",),
    "remove_block": ("block",),
    "exchange": ("give", "take"),
    "clock": (CLOCK_KEY,),
}
# What a live move's path replaces: the scripted hand's position and manner (a live
# move keeps its tremor: the hand trembles about the path's targets).
_SCRIPTED = (
    "at",
    "offset",
    "side",
    "lower_speed",
    "travel_height",
    "angle_error",
    "travel_speed",
)


@dataclass(frozen=True)
class CrazyTowerScenario(GameScenario):
    options: dict[str, Any]
    # The actions the hand carries out: what the replay budget counts.
    PHYSICAL_ACTIONS: ClassVar[frozenset[str]] = frozenset(PHYSICAL)
    # Headless thinking time per action for the timed challenges (seconds).
    think_seconds: float = THINK_SECONDS


def parse(root: Table, header: Header, profile: PhysicsProfile) -> CrazyTowerScenario:
    physics = root.data.get("physics")
    sleep_given = isinstance(physics, dict) and "sleep_time_threshold" in physics
    setup = root.table("setup")
    if setup is None:
        root.fail("a crazy-tower scenario needs a [setup] table with the players")
    options = _parse_setup(setup, header.seed)
    think = setup.ranged("think_seconds", CRAZY_TOWER["think_seconds"], default=THINK_SECONDS)
    try:
        state = new_game(options)
    except IllegalMove as exc:
        setup.fail(exc.reason)
    players = list(state.players)
    computers = parse_computers(setup, players)
    hand = setup.string("hand", choices=tuple(hand_names()))
    setup.finish()
    tower = tower_profile(profile, sleep_given)
    actions = [
        parse_action(
            root,
            raw,
            index,
            players,
            ACTION_KEYS,
            partial(_value, dt=tower.dt),
            required=_REQUIRED,
            check=_check,
        )
        for index, raw in enumerate(root.tables("action"))
    ]
    expect = parse_game_expect(root.table("expect"), players)
    root.finish()
    return CrazyTowerScenario(
        header,
        tower,
        options,
        actions,
        expect,
        computers,
        hand,
        think_seconds=float(think or 0.0),
    )


def _parse_setup(setup: Table, seed: int) -> dict[str, Any]:
    options: dict[str, Any] = {"seed": seed}
    options["mode"] = setup.string(
        "mode", default="competitive", choices=("competitive", "saboteur", "solo")
    )
    if not setup.has("players"):
        setup.fail("missing required key 'players'")
    raw = setup.tables("players")  # the raw list: names or {name, colours} tables
    if not raw:
        setup.fail("must list the players: names, or tables with name and colours", "players")
    players: list[str | dict[str, Any]] = []
    for entry in raw:
        if isinstance(entry, str):
            players.append(entry)
        elif isinstance(entry, dict) and set(entry) <= {"name", "colours"}:
            players.append(dict(entry))
        else:
            setup.fail("each player is a name or a table {name, colours}", "players")
    problem = names_problem(p if isinstance(p, str) else p.get("name") for p in players)
    if problem:
        setup.fail(problem, "players")
    options["players"] = players
    for key in ("challenge", "colour_count"):
        if setup.has(key):
            options[key] = setup.ranged(key, CRAZY_TOWER[key])
    for key in ("first_player", "saboteur"):
        if setup.has(key):
            options[key] = setup.string(key)
    if setup.has("starter"):
        options["starter"] = setup.string("starter", choices=STARTERS)
    if setup.has("deck"):
        deck = setup.strings("deck") or []
        unknown = [c for c in deck if c not in floor_cards()]
        if unknown:
            setup.fail(f"unknown floor card {unknown[0]!r}", "deck")
        options["deck"] = deck
    return options


def _check(table: Table, action: dict[str, Any]) -> None:
    """What an action's blocks, pieces and live path must be beyond their keys' types."""
    for key in ("block", "give", "take"):
        if key in action and not is_block(action[key]):
            table.fail(f"{action[key]!r} is not a Crazy Tower block (like red-3b)", key)
    piece = action.get("piece")
    if piece is not None and not (is_block(piece) or piece in floor_cards()):
        table.fail(f"{piece!r} is neither a block nor a floor card", "piece")
    if "path" in action:
        scripted = [k for k in _SCRIPTED if k in action]
        if scripted:
            table.fail(
                f"a live move (path) has no {scripted[0]!r}: its hand went where the path says"
            )


def _value(table: Table, key: str, dt: float) -> Any:
    """One action key's value, read and checked (None for JSON null)."""
    if key == "moves":
        return table.ranged(key, MOVES)
    if key == "path":
        return hand_path(table, key, mirrored=False, dt=dt)
    if key == "tremor":
        return tremor_value(table, key)
    if key in CRAZY_TOWER:
        return table.ranged(key, CRAZY_TOWER[key])
    if key in HAND:
        return table.ranged(key, HAND[key])
    if key == "side":
        return table.string(key, choices=("left", "right"))
    return table.string(key)


def computer_players(match: CrazyTowerMatch, seed: int) -> dict[str, RandomPlayer]:
    return {name: RandomPlayer(seat_seed(seed, i)) for i, name in enumerate(match.state.players)}


def play_computer(match: CrazyTowerMatch, action: dict[str, Any], index: int, seed: int) -> None:
    """A ``computer`` action: the legal random player in every seat."""
    players = computer_players(match, seed * 31 + index)
    play_players(match, players, action.get("moves", MAX_COMPUTER_DECISIONS))
