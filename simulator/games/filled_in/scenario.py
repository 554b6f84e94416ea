"""``kind = "filled-in"`` scenario files: a game's setup and its actions, replayed headless.

[setup]: ``players`` (2 to 4 names, clockwise), ``sheet`` (1-5, or one per player),
``variant`` ("standard" or "remote"), ``start_player``, ``host`` (remote only) and
``crew`` (one card id per player; default dealt from the seed) and ``computers`` (player ->
bot level: who the desktop app lets the computer play; replay ignores it).
[[action]]: ``roll`` (faces, reroll), ``draft`` (die), ``place`` (shape, colour, and
cells or row/col/turns/mirror; purples, crew, swap) and ``computer`` (the random legal
player decides ``moves`` decisions, default: to the end). See docs/scenarios-filled-in.md.
A refused action is logged as a "refused" event and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.filled_in.config import rules_config
from rules.filled_in.crew import crew_cards
from rules.filled_in.options import FilledInOptions
from rules.filled_in.sheets import tower_sheets
from rules.filled_in.state import VARIANTS
from simulator.games.actions import action_head
from simulator.games.expect import parse_game_expect
from simulator.games.filled_in.fields import GridTable
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.filled_in.notation import read_block_cells
from simulator.games.filled_in.player import play_turns, player_chance
from simulator.games.runner import GameScenario
from simulator.games.seats import parse_computers
from simulator.names import names_problem
from simulator.physics.profile import PhysicsProfile
from simulator.scenario.fields import Table
from simulator.scenario.header import Header
from simulator.scenario.ranges import FILLED_IN, moves

# Decisions a "computer" action may take at most; a 4-player game takes about 200.
MAX_COMPUTER_DECISIONS = 5000
MOVES = moves(MAX_COMPUTER_DECISIONS)

ACTION_KEYS: dict[str, tuple[str, ...]] = {
    "roll": ("faces", "reroll"),
    "draft": ("die",),
    "place": (
        "shape",
        "colour",
        "cells",
        "row",
        "col",
        "turns",
        "mirror",
        "purples",
        "crew",
        "swap",
    ),
    "computer": ("moves",),
}


@dataclass(frozen=True)
class FilledInScenario(GameScenario):
    options: FilledInOptions


def parse(root: Table, header: Header, profile: PhysicsProfile) -> FilledInScenario:
    options, computers = _parse_setup(root, header)
    players = list(options.players)
    actions = [
        _parse_action(root, raw, index, players) for index, raw in enumerate(root.tables("action"))
    ]
    expect = parse_game_expect(root.table("expect"), players)
    root.finish()
    return FilledInScenario(header, profile, options, actions, expect, computers)


def _parse_setup(root: Table, header: Header) -> tuple[FilledInOptions, dict[str, str] | None]:
    table = root.table("setup")
    if table is None:
        root.fail("a filled-in scenario needs a [setup] table with the players")
    setup = GridTable.of(table)
    players = setup.strings("players")
    counts = rules_config().players
    if not players or len(players) not in counts:
        setup.fail(f"players must list {min(counts)} to {max(counts)} names", "players")
    problem = names_problem(players)
    if problem:
        setup.fail(problem, "players")
    sheet = setup.integers("sheet", minimum=1)
    known = sorted(tower_sheets())
    for number in sheet if isinstance(sheet, list) else [sheet]:
        if number is not None and number not in known:
            setup.fail(f"no tower sheet {number} (sheets: {', '.join(map(str, known))})", "sheet")
    if isinstance(sheet, list) and len(sheet) != len(players):
        setup.fail(f"give one sheet for everybody or one for each of {len(players)}", "sheet")
    variant = setup.string("variant", default="standard", choices=VARIANTS) or "standard"
    start = setup.string("start_player")
    if start is not None and start not in players:
        setup.fail(f"{start!r} is not one of the players", "start_player")
    host = setup.string("host")
    if host is not None and variant != "remote":
        setup.fail("only the remote variant has a host", "host")
    if host is not None and host not in players:
        setup.fail(f"{host!r} is not one of the players", "host")
    crew = setup.strings("crew")
    if crew is not None:
        unknown = [c for c in crew if c not in crew_cards()]
        if unknown:
            setup.fail(
                f"unknown crew card {unknown[0]!r} (known: {', '.join(crew_cards())})", "crew"
            )
        if len(crew) != len(players) or len(set(crew)) != len(crew):
            setup.fail("crew must name one different card for each player", "crew")
    computers = parse_computers(setup, players)
    setup.finish()
    options = FilledInOptions(
        players=tuple(players),
        sheet=tuple(sheet) if isinstance(sheet, list) else (sheet or 1),
        variant=variant,
        seed=header.seed,
        start_player=start,
        host=host,
        crew=tuple(crew) if crew is not None else None,
    )
    try:
        options.new_game()
    except (ValueError, KeyError) as exc:  # anything the checks above missed
        setup.fail(str(exc.args[0]) if exc.args else str(exc))
    return options, computers


def _parse_action(root: Table, raw: Any, index: int, players: list[str]) -> dict[str, Any]:
    table = GridTable(root.doc, raw, f"action #{index + 1}", header=("action", index))
    action = action_head(table, tuple(ACTION_KEYS), players)
    kind = action["type"]
    if kind == "roll":
        for key in ("faces", "reroll"):
            faces = table.strings(key)
            if faces is not None:
                action[key] = faces
    elif kind == "draft":
        action["die"] = table.ranged("die", FILLED_IN["die"], required=True)
    elif kind == "place":
        action.update(_parse_place(table))
    else:
        if table.has("moves"):
            action["moves"] = table.ranged("moves", MOVES)
    table.finish()
    return action


def _parse_place(table: GridTable) -> dict[str, Any]:
    cfg = rules_config()
    shape = table.string("shape", required=True, choices=cfg.shape_letters)
    colour = table.string("colour", required=True, choices=cfg.colours)
    assert shape is not None and colour is not None
    cells = read_block_cells(table, shape)
    place: dict[str, Any] = {"shape": shape, "colour": colour, "cells": [list(c) for c in cells]}
    purples = table.cells("purples")
    if purples:
        place["purples"] = [list(c) for c in purples]
    if table.boolean("crew", default=False):
        place["crew"] = True
    if table.has("swap"):
        place["swap"] = table.ranged("swap", FILLED_IN["swap"])
    return place


def play_computer(match: FilledInMatch, action: dict[str, Any], index: int, seed: int) -> None:
    """A ``computer`` action: the random legal player decides for every seat."""
    rng = player_chance(seed, salt=index)
    play_turns(match, rng, action.get("moves", MAX_COMPUTER_DECISIONS))
