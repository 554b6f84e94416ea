"""Playouts for the Filled In search: the rest of a game played fast, by the rules, from
seeded dice that are not the game's. ``easy`` plays by the same rule of thumb, with
its own weights (``Level.sketch``).

A playout rolls from its own ``Chance`` (never the game's: the bots must not read the
dice to come) and plays every seat with a quick default policy, a sketch of how people
play: draft a die at random, place the block low and tight, next to its own colour, on
a tool box only in the colour it asks for; no crew card, no purple space. It returns
the searching player's margin at the end (or after a number of rounds), the score the
search maximises. The state given is never changed: every move makes a new one.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any, NamedTuple

from rules.chance import Chance
from rules.filled_in.choices import hand_faces, placement_moves
from rules.filled_in.crafting import craft_options
from rules.filled_in.moves import draft, drafter, place, roll, roller
from rules.filled_in.placement import legal_placements, neighbours
from rules.filled_in.scoring import totals
from rules.filled_in.sheets import SheetSpec
from rules.filled_in.state import DRAFT, ENDED, PLACE, ROLL, GameState, PlayerState
from rules.filled_in.turns import to_move
from rules.pieces import Cell
from simulator.bots.levels import Sketch

# The rule of thumb, in rows: a block sits as low as it can, hugs its own colour
# (Sketch.same_colour: areas score), and a tool box is worth its number in its colour
# (lost else). The playouts play by Sketch()'s weights.
PLAYOUT = Sketch()
NOISE = 0.8  # a uniform tie-breaker: playouts of one position should differ
WIN = 5.0  # a playout won counts this much above its margin (the ladder counts wins)


class _Spot(NamedTuple):
    """What the default policy reads of one drawing of a shape on a sheet."""

    cells: tuple[Cell, ...]
    top: int  # its highest row
    border: tuple[Cell, ...]  # the boxes around it
    tools: tuple[tuple[int, str], ...]  # the tool boxes it covers: (number, colour asked)


@cache
def _spot_info(spec: SheetSpec, shape: str) -> dict[tuple[Cell, ...], _Spot]:
    tools = {box: (number, colour) for box, number, colour in spec.tools}
    out = {}
    for cells in legal_placements(spec, frozenset(), shape, free=True):
        border = {n for c in cells for n in neighbours(c)} - set(cells)
        covered = tuple(tools[c] for c in cells if c in tools)
        out[cells] = _Spot(cells, max(r for r, _ in cells), tuple(sorted(border)), covered)
    return out


def sketch_move(
    state: GameState, player: PlayerState, rng: Chance, weights: Sketch = PLAYOUT
) -> dict[str, Any] | None:
    """The rule of thumb's block for ``player`` as a ``place`` move, or None when no
    plain block fits (only the crew card, which the rule keeps, would help)."""
    spec, grid = player.tower.spec, player.tower.grid()
    filled = frozenset(grid)
    first, second = hand_faces(state, player)
    spots: dict[str, list[_Spot]] = {}
    best: tuple[float, str, str, tuple[Cell, ...]] | None = None
    jitter = rng.next_u64()  # one draw a decision: each spot's share of it breaks ties
    for shape, colour in craft_options(first, second):
        if shape not in spots:
            info = _spot_info(spec, shape)
            spots[shape] = [info[c] for c in legal_placements(spec, filled, shape)]
        for i, spot in enumerate(spots[shape]):
            noise = ((jitter >> (i % 48)) & 0xFFFF) / 0x10000
            value = NOISE * noise - spot.top
            value += weights.same_colour * sum(1 for n in spot.border if grid.get(n) == colour)
            for number, asked in spot.tools:
                value += number if asked == colour else -number
            if best is None or value > best[0]:
                best = (value, shape, colour, spot.cells)
    if best is None:
        return None
    _, shape, colour, cells = best
    cell_list = [list(c) for c in cells]
    return {
        "type": "place",
        "player": player.name,
        "shape": shape,
        "colour": colour,
        "cells": cell_list,
    }


def _free_dice(state: GameState) -> list[int]:
    taken = {pos for p in state.players for pos in p.hand}
    return [pos for pos in range(len(state.dice)) if pos not in taken]


def step(state: GameState, rng: Chance) -> GameState:
    """One move of the default policy (every placing seat at once in the place phase)."""
    if state.phase == ROLL:
        return roll(state, roller(state))
    if state.phase == DRAFT:
        picker = drafter(state)
        assert picker is not None
        return draft(state, picker, rng.choice(_free_dice(state)))
    assert state.phase == PLACE
    for name in to_move(state):
        player = state.player(name)
        move = sketch_move(state, player, rng) or _crew_move(state, player)
        state = place(state, name, **{k: v for k, v in move.items() if k not in ("type", "player")})
    return state


def _crew_move(state: GameState, player: PlayerState) -> dict[str, Any]:
    """The lowest block the crew card makes: the one way the player can still place."""
    moves = [m for m in placement_moves(state, player) if m.get("crew")]
    return min(moves, key=lambda m: max(r for r, _ in m["cells"]))


def margin(state: GameState, name: str) -> float:
    """``name``'s total less the best other total, plus WIN if ahead (less if behind)."""
    scores = totals(state)
    mine = scores.pop(name)
    lead = mine - max(scores.values())
    return lead + (WIN if lead > 0 else -WIN if lead < 0 else 0.0)


def playout(state: GameState, name: str, seed: int, rounds: int = 0) -> float:
    """``name``'s margin after the default policy plays on from ``state`` with dice from
    ``seed``: to the end, or for ``rounds`` more rounds (0: to the end)."""
    rng = Chance.from_seed(seed)
    s = replace(state, chance=rng.fork(1).state, events=[])  # its own dice, no log
    last = s.round + rounds if rounds else None
    while s.phase != ENDED and (last is None or s.round < last):
        s = step(s, rng)
    return margin(s, name)
