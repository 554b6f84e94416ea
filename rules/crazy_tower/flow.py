"""Turn flow: falls, replacements, box effects, the next turn.

Moves apply their own change to a working copy, then hand over to ``after_action``,
which judges what fell, sends the player to put back a lone kind of fallen piece,
and otherwise carries on with the box effects and the end of the turn.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.crazy_tower import ending
from rules.crazy_tower.blocks import is_block
from rules.crazy_tower.cards import DIAMONDS, EXCHANGE, LOOP
from rules.crazy_tower.legal import exchange_choices, removal_choices
from rules.crazy_tower.state import (
    DIAMONDS as DIAMONDS_PHASE,
)
from rules.crazy_tower.state import (
    EXCHANGE as EXCHANGE_PHASE,
)
from rules.crazy_tower.state import (
    PLACE,
    REPLACE,
    TURN,
    CrazyTowerState,
)
from rules.errors import IllegalMove

EFFECTS = "effects"  # resume marker: go on with the box effects of the turn's block
EFFECT_ORDER = (DIAMONDS, EXCHANGE, LOOP)  # loop last: playing again ends the turn


def log(state: CrazyTowerState, type_: str, **data: object) -> None:
    state.events.append({"turn": state.turn, "player": state.current_player, "type": type_, **data})


def take_fallen(state: CrazyTowerState, fallen: Iterable[str], acting: str | None) -> None:
    """Move the pieces that fell off the tower to ``down``.

    ``acting`` is the piece being laid by the action: if it fell it was never on the
    tower, and the move has already recorded where it belongs.
    """
    seen: set[str] = set()
    for piece in fallen:
        if piece in seen:
            raise IllegalMove(f"{piece} is listed twice as fallen")
        seen.add(piece)
        if piece == acting:
            pass
        elif piece in state.on_card:
            state.home[piece] = state.on_card.pop(piece)
            state.covers.pop(piece, None)
        elif piece == state.floors[0]:
            raise IllegalMove("the starting floor card lies on the table and cannot fall")
        elif piece in state.floors:
            state.floors.remove(piece)
        else:
            raise IllegalMove(f"{piece} is not on the tower, so it cannot have fallen")
        state.down.append(piece)
        log(state, "piece_fell", piece=piece, kind="block" if is_block(piece) else "card")


def after_action(state: CrazyTowerState) -> None:
    """Judge the pieces down, then carry on with the turn."""
    if state.is_over:
        return
    blocks = [p for p in state.down if is_block(p)]
    cards = [p for p in state.down if not is_block(p)]
    if blocks and cards:
        ending.end_collapse(state)
        return
    if state.down:
        if state.phase != REPLACE:
            log(state, "replacement_needed", pieces=list(state.down))
        state.phase = REPLACE
        return
    resume, state.resume = state.resume, None
    if resume == PLACE:
        state.phase = PLACE
        return
    if not state.hands[state.current_player]:
        ending.end_last_block(state)
        return
    resolve_effects(state)


def effects_for(kinds: Iterable[str]) -> list[str]:
    """The effects of the special boxes a block covers; each kind acts once."""
    kinds = set(kinds)
    return [effect for effect in EFFECT_ORDER if effect in kinds]


def resolve_effects(state: CrazyTowerState) -> None:
    """Go through the pending box effects; stop at the first decision the player owes."""
    while state.pending:
        effect = state.pending[0]
        if effect == DIAMONDS:
            if removal_choices(state):
                state.phase = DIAMONDS_PHASE
                return
            log(state, "diamonds_skipped", why="no block on a lower floor card may be removed")
        elif effect == EXCHANGE:
            if exchange_choices(state):
                state.phase = EXCHANGE_PHASE
                return
            log(state, "exchange_skipped", why="nobody has an unplayed block to swap")
        elif effect == LOOP:
            state.extra_turn = True
            log(state, "loop")
        state.pending.pop(0)
    end_turn(state)


def end_turn(state: CrazyTowerState, *, passed: bool = False) -> None:
    if state.extra_turn and not passed:
        log(state, "play_again")
    else:
        state.current = (state.current + 1) % len(state.players)
    state.extra_turn = False
    state.turn += 1
    state.phase = TURN
    state.target = None
    state.resume = None
    state.pending = []
