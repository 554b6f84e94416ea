"""Helpers that drive Crazy Tower games with hand-written outcomes."""

from __future__ import annotations

from rules.crazy_tower import (
    BlockOutcome,
    CrazyTowerState,
    FloorCardOutcome,
    get_card,
    lay_card,
    new_game,
    place_block,
    reveal_card,
)
from rules.crazy_tower.cards import deck_cards


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
    """A careful turn: the first block allowed on the top card on a white box, or
    a new floor card first when no block is allowed."""
    from rules.crazy_tower.legal import block_choices

    choices = block_choices(state)
    if not choices:
        state = new_floor(state)
        choices = block_choices(state)
    return place(state, choices[0])
