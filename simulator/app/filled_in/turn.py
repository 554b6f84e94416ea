"""A human's unconfirmed Filled In turn: crafting choices and what is drawn in pencil.

Crafting: one of the two drafted dice gives the shape, the other the colour; a free
shape or colour (a "?" die, or a crew card) is picked by the player. The crafted block
is turned and flipped, then drawn (a click), and purple spaces may be added; nothing
reaches the rules until the turn is confirmed, when it becomes one ``place`` move.
Every check returns the reason the rules give, or None. Pure: no pyglet here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.filled_in.choices import hand_faces, unused_crew_effect
from rules.filled_in.config import rules_config
from rules.filled_in.crafting import cannot_craft, craft_options
from rules.filled_in.crew import (
    ANY_COLOUR,
    ANY_SHAPE,
    EXTRA_PURPLE,
    FREE_PLACEMENT,
    SWAP_LEFTOVER,
)
from rules.filled_in.dice import Face
from rules.filled_in.placement import TOUCH_REASON, box_problem, placement_problem, touches
from rules.filled_in.state import GameState, PlayerState
from rules.pieces import Cell, get_piece, transform_cells

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

    # -- crafting -----------------------------------------------------------------------

    def me(self, state: GameState) -> PlayerState:
        return state.player(self.player)

    def effect(self, state: GameState) -> str | None:
        return unused_crew_effect(self.me(state)) if self.crew else None

    def faces(self, state: GameState) -> list[Face]:
        return hand_faces(state, self.me(state), self.swap)

    def settle_dice(self, state: GameState) -> None:
        """A single "?" must be the shape die: point the roles that way."""
        faces = self.faces(state)
        if faces[0].wild != faces[1].wild:
            self.shape_die = 0 if faces[0].wild else 1

    def shape_free(self, state: GameState) -> bool:
        return self.faces(state)[self.shape_die].wild or self.effect(state) == ANY_SHAPE

    def colour_free(self, state: GameState) -> bool:
        return self.faces(state)[1 - self.shape_die].wild or self.effect(state) == ANY_COLOUR

    def crafted(self, state: GameState) -> tuple[str, str]:
        """The (shape, colour) the choices make; a free one defaults to the die's own or
        the first in the rulebook's order until picked."""
        cfg = rules_config()
        faces = self.faces(state)
        shape_face, colour_face = faces[self.shape_die], faces[1 - self.shape_die]
        shape = shape_face.shape or cfg.shape_letters[0]
        colour = colour_face.colour or cfg.colours[0]
        if self.shape_free(state) and self.shape_pick:
            shape = self.shape_pick
        if self.colour_free(state) and self.colour_pick:
            colour = self.colour_pick
        return shape, colour

    def craft_problem(self, state: GameState) -> str | None:
        faces = self.faces(state)
        shape, colour = self.crafted(state)
        first, second = faces
        if (shape, colour) in craft_options(first, second, self.effect(state)):
            return None
        if faces[0].wild != faces[1].wild and not faces[self.shape_die].wild:
            return "a single wild die must be the shape die"
        return cannot_craft(faces, colour, shape)

    def change(self, state: GameState, **choices: Any) -> str | None:
        """Change crafting choices (shape_die, shape_pick, colour_pick, crew, swap);
        refused, with the reason, once something is drawn or when the rules forbid it."""
        if self.order:
            return DRAWN_FIRST
        me = self.me(state)
        if choices.get("crew") and unused_crew_effect(me) is None:
            return "your crew card is already used"
        if choices.get("swap") is not None:
            crew = choices.get("crew", self.crew)
            if not crew or unused_crew_effect(me) != SWAP_LEFTOVER:
                return "only the Scavenger's card swaps a die for the leftover"
        if "shape_die" in choices:
            faces = self.faces(state)
            if faces[0].wild != faces[1].wild and not faces[choices["shape_die"]].wild:
                return 'a single "?" must be the shape die (rulebook)'
        for key, value in choices.items():
            setattr(self, key, value)
        if not self.crew:
            self.swap = None
        self.settle_dice(state)
        return None

    # -- the block on the sheet ---------------------------------------------------------

    def shape_cells(self, state: GameState) -> frozenset[Cell]:
        """The crafted shape turned and flipped, its lowest row and left column at 0."""
        shape, _ = self.crafted(state)
        piece = get_piece(rules_config().piece_for(shape))
        return transform_cells(piece.cells, self.turns, self.mirror)

    def turn(self, quarter_turns: int) -> None:
        self.turns = (self.turns + quarter_turns) % 4

    def flip(self) -> None:
        """Mirror the shape as seen (left-right): mirror first, turns the other way."""
        self.mirror = not self.mirror
        self.turns = (-self.turns) % 4

    def cells_at(self, state: GameState, row: int, col: int) -> tuple[Cell, ...]:
        """The shape with the lower-left corner of its bounding box on box (row, col)."""
        return tuple(sorted((r + row, c + col) for r, c in self.shape_cells(state)))

    def block_problem(self, state: GameState, cells: tuple[Cell, ...]) -> str | None:
        problem = self.craft_problem(state)
        if problem:
            return problem
        me = self.me(state)
        shape, _ = self.crafted(state)
        free = self.effect(state) == FREE_PLACEMENT
        return placement_problem(
            me.tower.spec, me.tower.filled(), shape, cells, self.purples, free=free
        )

    def draw_block(self, state: GameState, cells: tuple[Cell, ...]) -> str | None:
        problem = self.block_problem(state, cells)
        if problem:
            return problem
        if self.block is None:
            self.order.append(BLOCK)
        self.block = cells
        return None

    # -- purple spaces ------------------------------------------------------------------

    def purples_allowed(self, state: GameState) -> int:
        """How many purple spaces this turn may still add."""
        cfg = rules_config()
        me = self.me(state)
        per_turn = cfg.purple_per_turn + (1 if self.effect(state) == EXTRA_PURPLE else 0)
        left = cfg.purple_per_game - me.purples_used
        return max(0, min(per_turn, left) - len(self.purples))

    def purple_problem(self, state: GameState, cell: Cell) -> str | None:
        if self.purples_allowed(state) == 0:
            me = self.me(state)
            if me.purples_used + len(self.purples) >= rules_config().purple_per_game:
                return "no purple spaces left on your crane"
            return "no more purple spaces this turn"
        me = self.me(state)
        spec, filled = me.tower.spec, me.tower.filled()
        if self.block is not None:
            shape, _ = self.crafted(state)
            free = self.effect(state) == FREE_PLACEMENT
            return placement_problem(
                spec, filled, shape, self.block, [*self.purples, cell], free=free
            )
        drawn = filled | frozenset(self.purples)
        problem = box_problem(spec, drawn, cell)
        if problem:
            return problem
        if not touches((cell,), drawn):
            return f"the purple space {TOUCH_REASON}"
        return None

    def draw_purple(self, state: GameState, cell: Cell) -> str | None:
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

    def as_move(self, state: GameState) -> dict[str, Any]:
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
