"""``kind = "tiny"`` scenario files.

[setup]: ``players`` (1 to 4 names), ``target`` (boxes to stack, default 3), and the
app's ``computers`` and ``hand``, which a replay reads but does not use.
[[action]]: ``take`` (player), ``place`` (player, col: -2 to 2), ``computer`` (moves).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.engine import GameOptions
from simulator.bots.dexterity import profiles
from simulator.games.actions import action_head
from simulator.games.expect import parse_game_expect
from simulator.games.runner import GameScenario
from simulator.games.seats import parse_computers
from simulator.physics.profile import PhysicsProfile
from simulator.scenario.fields import Table
from simulator.scenario.header import Header
from tests.games.tiny.engine import BOXES, COLS, ENGINE, MAX_PLAYERS, TARGET

ACTION_KEYS: dict[str, tuple[str, ...]] = {"take": (), "place": ("col",), "computer": ("moves",)}


@dataclass(frozen=True)
class TinyScenario(GameScenario):
    options: GameOptions


def parse(root: Table, header: Header, profile: PhysicsProfile) -> TinyScenario:
    setup = root.table("setup")
    if setup is None:
        root.fail("a tiny scenario needs a [setup] table with the players")
    players = setup.strings("players")
    if not players or not 1 <= len(players) <= MAX_PLAYERS:
        setup.fail(f"players must list 1 to {MAX_PLAYERS} names", "players")
    target = setup.integer("target", default=TARGET, minimum=1)
    if target > len(BOXES):
        setup.fail(f"at most {len(BOXES)} boxes can be stacked, not {target}", "target")
    computers = parse_computers(setup, players)  # the app's seats, as every game keeps them
    hand = setup.string("hand", choices=tuple(profiles()))
    setup.finish()
    options = GameOptions(tuple(players), seed=header.seed, settings={"target": target})
    try:
        ENGINE.new_game(options)
    except ValueError as exc:  # distinct, non-empty names
        setup.fail(str(exc), "players")
    actions = [_action(root, raw, i, players) for i, raw in enumerate(root.tables("action"))]
    expect = parse_game_expect(root.table("expect"), players)
    root.finish()
    return TinyScenario(header, profile, options, actions, expect, computers, hand)


def _action(root: Table, raw: Any, index: int, players: list[str]) -> dict[str, Any]:
    table = Table(root.doc, raw, f"action #{index + 1}", header=("action", index))
    action = action_head(table, tuple(ACTION_KEYS), players)
    if action["type"] == "place":
        col = table.integer("col", minimum=COLS[0])
        if col > COLS[-1]:
            table.fail(f"col must be {COLS[0]} to {COLS[-1]}, not {col}", "col")
        action["col"] = col
    elif action["type"] == "computer" and table.has("moves"):
        action["moves"] = table.integer("moves", minimum=1)
    table.finish()
    return action
