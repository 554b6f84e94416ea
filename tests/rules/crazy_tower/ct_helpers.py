"""Helpers that drive Crazy Tower games with hand-written outcomes."""

from __future__ import annotations

from collections import Counter

from rules.crazy_tower import (
    BlockOutcome,
    CrazyTowerState,
    FloorCardOutcome,
    get_block,
    get_card,
    lay_card,
    new_game,
    place_block,
    reveal_card,
)
from rules.crazy_tower.cards import deck_cards
from rules.crazy_tower.legal import block_choices


def deck_starting(*first: str) -> list[str]:
    """A pinned deck: these cards first, then the rest in file order."""
    return list(first) + [c for c in deck_cards() if c not in first]


def game(mode: str, players: list, *first_cards: str, **options) -> CrazyTowerState:
    return new_game(
        {"mode": mode, "players": players, "deck": deck_starting(*first_cards), **options}
    )


def white_box(card: str) -> frozenset[int]:
    return frozenset({get_card(card).boxes.index("white")})


def place(
    state: CrazyTowerState,
    block: str,
    boxes: frozenset[int] | set[int] | None = None,
    fallen: tuple[str, ...] = (),
) -> CrazyTowerState:
    """The current player puts ``block`` on the top card, covering ``boxes``."""
    floor = len(state.floors) - 1
    if block in fallen:
        outcome = BlockOutcome(block, None, frozenset(), fallen)
    else:
        chosen = white_box(state.top_card) if boxes is None else frozenset(boxes)
        outcome = BlockOutcome(block, floor, chosen, fallen)
    return place_block(state, state.current_player, outcome)


def new_floor(state: CrazyTowerState, fallen: tuple[str, ...] = ()) -> CrazyTowerState:
    """Move B's first half: reveal the next card and lay it (it stays unless in fallen)."""
    state = reveal_card(state, state.current_player)
    return lay_card(state, state.current_player, FloorCardOutcome(state.revealed, fallen))


def clean_turn(state: CrazyTowerState) -> CrazyTowerState:
    """A careful turn: a block of the colour the player holds most of (keeping the
    colours balanced) on a white box of the top card, or a new floor card first
    when no block is allowed there."""
    choices = block_choices(state)
    if not choices:
        state = new_floor(state)
        choices = block_choices(state)
    hand = state.hands[state.current_player]
    held = Counter(get_block(b).colour for b in hand)
    return place(state, max(choices, key=lambda b: held[get_block(b).colour]))
