"""A placement chosen in steps: the block crafted, where it is drawn, the purple spaces
added, then the one ``place`` move (what the research environments number as actions).

The rules' ``place`` move is one decision with up to two purple spaces anywhere, too many
to list, so it is chosen in these steps. Each step offers exactly the choices that some
legal ``place`` move continues: every move the rules accept is one path of offered
choices and every such path ends in a move they accept, a block that only a purple space
makes touch included (the rules let a block lean on the turn's purple space).

``Placing(state, name)`` reads one player's position once and answers every step in it
(an action mask asks hundreds of times); the engine hands it out
(``FilledInEngine.placing``). A person's placement in pencil (the app's) asks it too,
one choice at a time, and wants the reason a choice is refused: ``shape_die_problem``,
``craft_problem``, ``block_problem`` and ``purple_problem`` give the rules' words.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any, NamedTuple

from rules.filled_in.choices import crew_variants, hand_faces, unused_crew_effect
from rules.filled_in.config import rules_config
from rules.filled_in.crafting import cannot_craft, craft_options
from rules.filled_in.crew import ANY_COLOUR, ANY_SHAPE, EXTRA_PURPLE, FREE_PLACEMENT, SWAP_LEFTOVER
from rules.filled_in.dice import Face
from rules.filled_in.placement import (
    FLOOR_ROW,
    TOUCH_REASON,
    box_problem,
    neighbours,
    placement_problem,
    touches,
)
from rules.filled_in.shapes import orientations
from rules.filled_in.sheets import SheetSpec, get_sheet
from rules.filled_in.state import GameState
from rules.pieces import Cell

# What a placement crafts: the shape, the colour, whether the crew card is played and,
# for the Scavenger, which drafted die (0, 1) is swapped for the leftover (else None).
Crafted = tuple[str, str, bool, int | None]
Cells = tuple[Cell, ...]


class Spot(NamedTuple):
    """One drawing of a shape inside a sheet's boxes."""

    cells: Cells  # sorted, as the rules store a block
    boxes: frozenset[Cell]
    border: frozenset[Cell]  # the sheet's boxes next to the block
    on_floor: bool


@cache
def spots(sheet: int, shape: str) -> tuple[Spot, ...]:
    """Every drawing of ``shape`` inside the sheet's boxes, by orientation (in
    ``orientations`` order), then row, then column of its lowest-leftmost corner."""
    spec = get_sheet(sheet)
    out = []
    for base in orientations(shape):
        for row in range(spec.height):
            for col in range(spec.width):
                cells = tuple(sorted((r + row, c + col) for r, c in base))
                if not all(cell in spec.boxes for cell in cells):
                    continue
                boxes = frozenset(cells)
                border = frozenset(n for c in cells for n in neighbours(c)) - boxes
                on_floor = any(r == FLOOR_ROW for r, _ in cells)
                out.append(Spot(cells, boxes, border & spec.boxes, on_floor))
    return tuple(out)


class Placing:
    """Player ``name``'s placement in steps in ``state`` (the place phase): which crafts,
    drawings and purple spaces some legal ``place`` move continues."""

    def __init__(self, state: GameState, name: str) -> None:
        self.state = state
        self.player = state.player(name)
        tower = self.player.tower
        self.sheet = tower.sheet
        self.spec: SheetSpec = tower.spec
        self.filled: frozenset[Cell] = tower.filled()
        # the empty boxes a purple space could fill first (touching the ink or the floor)
        self.first = frozenset(
            b
            for b in self.spec.boxes - self.filled
            if b[0] == FLOOR_ROW or touches((b,), self.filled)
        )
        self._draws: dict[tuple[str, bool, int], tuple[Spot, ...]] = {}
        self._can: dict[tuple[str, bool, int], bool] = {}
        self._purples: dict[tuple[Crafted, Cells, Cells], list[Cell]] = {}

    # -- one choice at a time, with the rules' reasons ---------------------------------

    def effect(self, crew: bool) -> str | None:
        """The crew card's effect when it is played (``crew``) and still unused."""
        return unused_crew_effect(self.player) if crew else None

    def faces(self, swap: int | None) -> list[Face]:
        """The faces of the player's two dice, one swapped for the leftover if asked."""
        return hand_faces(self.state, self.player, swap)

    def shape_free(self, shape_die: int, crew: bool, swap: int | None) -> bool:
        """Whether the player picks the shape (a "?" shape die, or the crew card)."""
        return self.faces(swap)[shape_die].wild or self.effect(crew) == ANY_SHAPE

    def colour_free(self, shape_die: int, crew: bool, swap: int | None) -> bool:
        """Whether the player picks the colour (a "?" colour die, or the crew card)."""
        return self.faces(swap)[1 - shape_die].wild or self.effect(crew) == ANY_COLOUR

    def can_swap(self, crew: bool) -> bool:
        """Whether the crew card, played (``crew``), swaps a die for the leftover."""
        return self.effect(crew) == SWAP_LEFTOVER

    def shape_die_problem(self, swap: int | None, shape_die: int) -> str | None:
        """Why die ``shape_die`` may not give the shape (a single "?" must), or None."""
        faces = self.faces(swap)
        if faces[0].wild != faces[1].wild and not faces[shape_die].wild:
            return 'a single "?" must be the shape die (rulebook)'
        return None

    def craft_problem(self, craft: Crafted, shape_die: int) -> str | None:
        """Why the dice (the shape from die ``shape_die``) cannot make this block."""
        shape, colour, crew, swap = craft
        faces = self.faces(swap)
        if (shape, colour) in craft_options(faces[0], faces[1], self.effect(crew)):
            return None
        if faces[0].wild != faces[1].wild and not faces[shape_die].wild:
            return "a single wild die must be the shape die"
        return cannot_craft(faces, colour, shape)

    def block_problem(self, craft: Crafted, cells: Cells, purples: Cells) -> str | None:
        """Why the rules refuse the crafted block on ``cells`` with the purple spaces
        drawn so far, or None."""
        shape, free, _ = self.terms(craft)
        return placement_problem(self.spec, self.filled, shape, cells, purples, free=free)

    def purples_left(self, crew: bool, drawn: int) -> int:
        """How many purple spaces the turn may still add, ``drawn`` drawn already."""
        cfg = rules_config()
        per_turn = cfg.purple_per_turn + (1 if self.effect(crew) == EXTRA_PURPLE else 0)
        left = cfg.purple_per_game - self.player.purples_used
        return max(0, min(per_turn, left) - drawn)

    def purple_problem(
        self, craft: Crafted, block: Cells | None, purples: Cells, cell: Cell
    ) -> str | None:
        """Why the rules refuse a purple space on ``cell`` after the ``purples`` drawn
        so far, with the block drawn on ``block`` (None: not yet), or None."""
        if self.purples_left(craft[2], len(purples)) == 0:
            if self.player.purples_used + len(purples) >= rules_config().purple_per_game:
                return "no purple spaces left on your crane"
            return "no more purple spaces this turn"
        if block is not None:
            return self.block_problem(craft, block, (*purples, cell))
        drawn = self.filled | frozenset(purples)
        problem = box_problem(self.spec, drawn, cell)
        if problem:
            return problem
        if not touches((cell,), drawn):
            return f"the purple space {TOUCH_REASON}"
        return None

    # -- the steps ------------------------------------------------------------------------

    def terms(self, craft: Crafted) -> tuple[str, bool, int]:
        """The crafted shape, whether the block may float (Crane Operator) and how many
        purple spaces the turn allows."""
        shape, _, crew, _ = craft
        effect = unused_crew_effect(self.player) if crew else None
        cfg = rules_config()
        per_turn = cfg.purple_per_turn + (1 if effect == EXTRA_PURPLE else 0)
        room = min(per_turn, cfg.purple_per_game - self.player.purples_used)
        return shape, effect == FREE_PLACEMENT, room

    def crafts(self) -> list[Crafted]:
        """Every block the player may craft that some legal drawing continues."""
        out: list[Crafted] = []
        for crew, swap in crew_variants(self.player):
            effect = unused_crew_effect(self.player) if crew else None
            first, second = hand_faces(self.state, self.player, swap)
            for shape, colour in craft_options(first, second, effect):
                craft = (shape, colour, crew, swap)
                if self._can_draw(*self.terms(craft)):
                    out.append(craft)
        return out

    def draws(self, craft: Crafted) -> tuple[Spot, ...]:
        """The drawings of the crafted block some legal move makes: on empty boxes,
        touching the ink or the floor, floating (Crane Operator), or leaning on the turn's
        purple spaces, which must then reach the ink or the floor themselves."""
        key = self.terms(craft)
        if key not in self._draws:
            self._draws[key] = tuple(self._legal_spots(*key))
        return self._draws[key]

    def complete(self, craft: Crafted, cells: Cells, purples: Cells) -> bool:
        """Whether the rules take the placement as it is (every box touching in some
        drawing order)."""
        _, free, _ = self.terms(craft)
        return _orderable(self.filled, cells, free, purples)

    def purples(self, craft: Crafted, cells: Cells, purples: Cells) -> list[Cell]:
        """The purple spaces that some legal move adds next, in (row, col) order."""
        key = (craft, cells, purples)
        if key not in self._purples:
            self._purples[key] = self._next_purples(craft, cells, purples)
        return self._purples[key]

    def move(self, craft: Crafted, cells: Cells, purples: Cells) -> dict[str, Any]:
        """The ``place`` move the steps make."""
        shape, colour, crew, swap = craft
        move: dict[str, Any] = {
            "type": "place",
            "player": self.player.name,
            "shape": shape,
            "colour": colour,
            "cells": [list(c) for c in cells],
        }
        if purples:
            move["purples"] = [list(c) for c in purples]
        if crew:
            move["crew"] = True
        if swap is not None:
            move["swap"] = swap
        return move

    # -- working it out --------------------------------------------------------------------

    def _can_draw(self, shape: str, free: bool, room: int) -> bool:
        """Whether some drawing of ``shape`` is legal (``draws``, stopping at the first)."""
        key = (shape, free, room)
        if key not in self._can:
            drawn = self._draws.get(key)
            self._can[key] = (
                bool(drawn) if drawn is not None else any(self._legal_spots(shape, free, room))
            )
        return self._can[key]

    def _legal_spots(self, shape: str, free: bool, room: int) -> Iterator[Spot]:
        filled = self.filled
        for spot in spots(self.sheet, shape):
            if not spot.boxes.isdisjoint(filled):
                continue
            if free or spot.on_floor or not spot.border.isdisjoint(filled):
                yield spot  # the block touches as it is
            elif self._leans(spot, room):
                yield spot

    def _next_purples(self, craft: Crafted, cells: Cells, purples: Cells) -> list[Cell]:
        _, free, room = self.terms(craft)
        left = room - len(purples)  # this one included
        drawn = self.filled | set(cells) | set(purples)
        empty = self.spec.boxes - drawn
        if left < 1:
            return []
        if _orderable(self.filled, cells, free, purples):
            # a box touching what is drawn, or one that later ones bridge to it
            near = frozenset(b for b in empty if touches((b,), drawn))
            return sorted(self._reach(near, left, drawn))
        # something drawn this turn touches nothing yet: the last purple space must be
        # next to it (it alone can make it touch); with more to come, any box may still
        # be part of a finish
        this_turn = (*cells, *purples)
        near = frozenset(n for c in this_turn for n in neighbours(c)) if left == 1 else empty
        return [
            cell
            for cell in sorted(empty & near)
            if self._completable(cells, free, (*purples, cell), left - 1)
        ]

    def _reach(self, start: frozenset[Cell], steps: int, taken: Iterable[Cell]) -> frozenset[Cell]:
        """The empty boxes (not ``taken``) at most ``steps`` purple spaces from what is
        drawn: ``start`` are the ones a single purple space fills (they touch it)."""
        empty = self.spec.boxes - self.filled - frozenset(taken)
        level = set(start & empty)
        out = set(level)
        for _ in range(steps - 1):
            level = {n for b in level for n in neighbours(b) if n in empty and n not in out}
            out |= level
        return frozenset(out)

    def _leans(self, spot: Spot, room: int) -> bool:
        """Whether a block that touches nothing can lean on at most ``room`` purple spaces
        drawn first, the first of them touching the ink or the floor."""
        if room < 1:
            return False
        if not spot.border.isdisjoint(self.first):
            return True
        return room >= 2 and not spot.border.isdisjoint(self._reach(self.first, room, spot.boxes))

    def _completable(self, cells: Cells, free: bool, purples: Cells, left: int) -> bool:
        """Whether the placement is legal as it is or after at most ``left`` more purple
        spaces; only a box next to what is drawn this turn can help."""
        if _orderable(self.filled, cells, free, purples):
            return True
        if left < 1:
            return False
        taken = self.filled | set(cells) | set(purples)
        near = {n for c in (*cells, *purples) for n in neighbours(c)} & self.spec.boxes
        return any(
            self._completable(cells, free, (*purples, d), left - 1) for d in sorted(near - taken)
        )


def _orderable(
    filled: frozenset[Cell], cells: Iterable[Cell], free: bool, purples: Iterable[Cell]
) -> bool:
    """Whether the block and purple spaces can be drawn in some order each touching the
    ink or the floor when drawn (a ``free`` block needs nothing): what the rules ask of
    a placement's boxes (``placement.placement_problem``). Drawing one never stops
    another, so drawing any that can be drawn until none is left decides it."""
    done = set(filled)
    pending: list[tuple[bool, tuple[Cell, ...]]] = [(free, tuple(cells))]
    pending += [(False, (cell,)) for cell in purples]
    while pending:
        for i, (floats, item) in enumerate(pending):
            if floats or touches(item, done):
                done.update(item)
                del pending[i]
                break
        else:
            return False
    return True
