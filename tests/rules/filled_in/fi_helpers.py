"""Helpers for the LOTS: Filled In tests: games with fixed crew cards, hand-drawn sheets
and pinned dice. Sheet 1 ("Main Street Office") is 6 wide and 12 high; its levels are
two rows each; tool 1 (red) is at (1, 1), tool 2 (yellow) at (4, 3), tool 3 (blue) at
(6, 1), tool 4 (green) at (8, 4), tool 5 (orange) at (10, 2); crane [1, 2, 3, 4, 5].
The dice's face 0 is an I shape: die 1 red, 2 orange, 3 yellow, 4 green, 5 blue,
6 red, 7 orange, 8 yellow, 9 green. Face 5 is "?".
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.filled_in import GameState, draft, drafter, new_game, roll, roller
from rules.filled_in.tower import Block, PurpleSpace

NAMES = ("Ann", "Bob", "Cid", "Dee")
# Cards that change neither the shapes nor where they fit, so they never rescue a
# player who cannot place (tests of crew cards choose their own).
QUIET_CREW = ("foreman", "surveyor", "painter", "scavenger")
I_FACES = [0] * 9
WILD = 5


def game(players: int = 2, **options) -> GameState:
    options.setdefault("crew", QUIET_CREW[:players])
    options.setdefault("seed", 7)
    return new_game(list(NAMES[:players]), **options)


def draw(state: GameState, name: str, shape: str, colour: str, cells: Sequence) -> None:
    """Hand-draw a block on a player's sheet (no rules checked: a prepared sheet)."""
    cells = tuple(sorted(tuple(c) for c in cells))
    state.player(name).tower.blocks.append(Block(shape, colour, cells, 0))


def draw_purple(state: GameState, name: str, cell) -> None:
    state.player(name).tower.purples.append(PurpleSpace(tuple(cell), 0))


def row(r: int, c0: int, c1: int) -> list[tuple[int, int]]:
    return [(r, c) for c in range(c0, c1 + 1)]


def square(r: int, c: int) -> list[tuple[int, int]]:
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]


def to_placement(state: GameState, faces: Sequence, picks: Sequence[int]) -> GameState:
    """Roll pinned faces, then draft the dice at ``picks`` in draft order."""
    state = roll(state, roller(state), faces=list(faces))
    for pick in picks:
        state = draft(state, drafter(state), pick)
    return state


def events(state: GameState, kind: str) -> list[dict]:
    return [e for e in state.events if e["type"] == kind]
