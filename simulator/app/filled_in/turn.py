"""A human's unconfirmed Filled In turn: crafting choices and what is drawn in pencil.

Crafting: one of the two drafted dice gives the shape, the other the colour; a free
shape or colour (a "?" die, or a crew card) is picked by the player. The crafted block
is turned and flipped, then drawn (a click), and purple spaces may be added; nothing
reaches the rules until the turn is confirmed, when it becomes one ``place`` move.
Every check returns the reason the rules give, or None: the rules' own, asked through
the engine's ``placing`` (rules/filled_in/steps.py), as the research environment's
placement in steps is. Pure: no pyglet here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.pieces import Cell, get_piece, transform_cells
from simulator.app.filled_in.content import COLOURS, ENGINE, PIECES, SHAPES, DieFace

BLOCK, PURPLE = "block", "purple"
DRAWN_FIRST = "undo what you drew first (Backspace) to change the crafting"


@dataclass
class PendingTurn:
    player: str
    shape_die: int = 0  # which of the two drafted dice gives the shape (the other: colour)
    shape_pick: str | None = None  # the player's pick when the shape is free
    colour_pick: str | None = None  # the player's pick when the colour is free
    crew: bool = False  # play the crew card with this block
    swap: int | None = None  # Scavenger: which die is swapped for the leftover
    turns: int = 0  # quarter turns counter-clockwise (after the mirror)
    mirror: bool = False
    block: tuple[Cell, ...] | None = None  # drawn in pencil, not yet confirmed
    purples: list[Cell] = field(default_factory=list)
    order: list[str] = field(default_factory=list)  # what was drawn, for undo
    # the rules' view of the placement, for the last state asked about (a frame asks often)
    _seen: tuple[object, Any] | None = field(default=None, repr=False, compare=False)

    # -- crafting -----------------------------------------------------------------------

    def placing(self, state: object) -> Any:
        """The rules' view of this player's placement in ``state`` (the engine's
        ``placing``: every check below is the rules')."""
        if self._seen is None or self._seen[0] is not state:
            self._seen = (state, ENGINE.placing(state, self.player))
        return self._seen[1]

    def effect(self, state: object) -> str | None:
        effect: str | None = self.placing(state).effect(self.crew)
        return effect

    def faces(self, state: object) -> list[DieFace]:
        faces: list[DieFace] = self.placing(state).faces(self.swap)
        return faces

    def settle_dice(self, state: object) -> None:
        """A single "?" must be the shape die: point the roles that way."""
        faces = self.faces(state)
        if faces[0].wild != faces[1].wild:
            self.shape_die = 0 if faces[0].wild else 1

    def shape_free(self, state: object) -> bool:
        return bool(self.placing(state).shape_free(self.shape_die, self.crew, self.swap))

    def colour_free(self, state: object) -> bool:
        return bool(self.placing(state).colour_free(self.shape_die, self.crew, self.swap))

    def crafted(self, state: object) -> tuple[str, str]:
        """The (shape, colour) the choices make; a free one defaults to the die's own or
        the first in the rulebook's order until picked."""
        faces = self.faces(state)
        shape_face, colour_face = faces[self.shape_die], faces[1 - self.shape_die]
        shape = shape_face.shape or SHAPES[0]
        colour = colour_face.colour or COLOURS[0]
        if self.shape_free(state) and self.shape_pick:
            shape = self.shape_pick
        if self.colour_free(state) and self.colour_pick:
            colour = self.colour_pick
        return shape, colour

    def craft(self, state: object) -> tuple[str, str, bool, int | None]:
        """The block as the rules' steps name it: shape, colour, crew card, swap."""
        shape, colour = self.crafted(state)
        return shape, colour, self.crew, self.swap

    def craft_problem(self, state: object) -> str | None:
        problem: str | None = self.placing(state).craft_problem(self.craft(state), self.shape_die)
        return problem

    def change(self, state: object, **choices: Any) -> str | None:
        """Change crafting choices (shape_die, shape_pick, colour_pick, crew, swap);
        refused, with the reason, once something is drawn or when the rules forbid it."""
        if self.order:
            return DRAWN_FIRST
        placing = self.placing(state)
        if choices.get("crew") and placing.effect(True) is None:
            return "your crew card is already used"
        if choices.get("swap") is not None and not placing.can_swap(choices.get("crew", self.crew)):
            return "only the Scavenger's card swaps a die for the leftover"
        if "shape_die" in choices:
            problem: str | None = placing.shape_die_problem(self.swap, choices["shape_die"])
            if problem:
                return problem
        for key, value in choices.items():
            setattr(self, key, value)
        if not self.crew:
            self.swap = None
        self.settle_dice(state)
        return None

    # -- the block on the sheet ---------------------------------------------------------

    def shape_cells(self, state: object) -> frozenset[Cell]:
        """The crafted shape turned and flipped, its lowest row and left column at 0."""
        shape, _ = self.crafted(state)
        return transform_cells(get_piece(PIECES[shape]).cells, self.turns, self.mirror)

    def turn(self, quarter_turns: int) -> None:
        self.turns = (self.turns + quarter_turns) % 4

    def flip(self) -> None:
        """Mirror the shape as seen (left-right): mirror first, turns the other way."""
        self.mirror = not self.mirror
        self.turns = (-self.turns) % 4

    def cells_at(self, state: object, row: int, col: int) -> tuple[Cell, ...]:
        """The shape with the lower-left corner of its bounding box on box (row, col)."""
        return tuple(sorted((r + row, c + col) for r, c in self.shape_cells(state)))

    def block_problem(self, state: object, cells: tuple[Cell, ...]) -> str | None:
        problem = self.craft_problem(state)
        if problem:
            return problem
        found: str | None = self.placing(state).block_problem(
            self.craft(state), cells, tuple(self.purples)
        )
        return found

    def draw_block(self, state: object, cells: tuple[Cell, ...]) -> str | None:
        problem = self.block_problem(state, cells)
        if problem:
            return problem
        if self.block is None:
            self.order.append(BLOCK)
        self.block = cells
        return None

    # -- purple spaces ------------------------------------------------------------------

    def purples_allowed(self, state: object) -> int:
        """How many purple spaces this turn may still add."""
        return int(self.placing(state).purples_left(self.crew, len(self.purples)))

    def purple_problem(self, state: object, cell: Cell) -> str | None:
        problem: str | None = self.placing(state).purple_problem(
            self.craft(state), self.block, tuple(self.purples), cell
        )
        return problem

    def draw_purple(self, state: object, cell: Cell) -> str | None:
        problem = self.purple_problem(state, cell)
        if problem:
            return problem
        self.purples.append(cell)
        self.order.append(PURPLE)
        return None

    # -- undo and the move --------------------------------------------------------------

    def undo(self) -> str | None:
        """Rub out the last thing drawn; what it was, or None if nothing was drawn."""
        if not self.order:
            return None
        kind = self.order.pop()
        if kind == PURPLE:
            self.purples.pop()
        else:
            self.block = None
        return kind

    def as_move(self, state: object) -> dict[str, Any]:
        shape, colour = self.crafted(state)
        move: dict[str, Any] = {
            "type": "place",
            "player": self.player,
            "shape": shape,
            "colour": colour,
            "cells": [list(c) for c in self.block or ()],
        }
        if self.purples:
            move["purples"] = [list(c) for c in self.purples]
        if self.crew:
            move["crew"] = True
        if self.swap is not None:
            move["swap"] = self.swap
        return move
