"""The supply line and the supply die: taking blocks, rolling, the solo purple cube."""

from __future__ import annotations

from rules.errors import IllegalMove
from rules.lots.content import game_content
from rules.lots.instances import colour_of
from rules.lots.state import LotsState


def roll_die(state: LotsState) -> str:
    chance = state.chance()
    face = chance.choice(game_content().die_faces)
    state.keep(chance)
    return face


def take(state: LotsState, colour: str, seat: int) -> str:
    """Move the top block of a pile into a seat's bank."""
    pile = state.supply.get(colour)
    if not pile:
        raise IllegalMove(f"the {colour} pile is empty")
    block = pile.pop()
    state.banks[seat].append(block)
    state.log("take_block", seat, block=block, colour=colour)
    return block


def return_block(state: LotsState, block: str) -> None:
    """Put a block back on top of its own pile."""
    state.supply[colour_of(block)].append(block)


def resolve_roll(state: LotsState, seat: int, face: str, why: str = "roll") -> str | None:
    """Give ``seat`` the block the die face names (competitive rules).

    Returns the block taken, or None when a decision is queued: a wild face lets the
    roller choose any available pile; a shape whose pile is empty is chosen by the
    player to the roller's left (the next seat clockwise).
    """
    content = game_content()
    if face == content.wild_face:
        _queue_supply(state, decider=seat, recipient=seat, why="wild")
        return None
    colour = content.shape_colour[face]
    if state.supply[colour]:
        return take(state, colour, seat)
    left = (seat + 1) % state.n_players
    _queue_supply(state, decider=left, recipient=seat, why="empty pile")
    return None


def _queue_supply(state: LotsState, decider: int, recipient: int, why: str) -> None:
    state.pending.append(
        {
            "kind": "supply",
            "player": decider,
            "recipient": recipient,
            "why": why,
            "options": state.available_piles(),
        }
    )


def queue_free_pick(state: LotsState, seat: int, why: str) -> None:
    _queue_supply(state, decider=seat, recipient=seat, why=why)


# --- solo: the purple cube on the supply line -------------------------------------


def _next_pile(colour: str) -> str:
    order = game_content().pile_order
    return order[(order.index(colour) + 1) % len(order)]


def settle_marker(state: LotsState) -> None:
    """A cube standing at an empty pile moves clockwise to the next pile (rulebook),
    repeatedly, so it always stands at a non-empty pile while any remain."""
    if state.marker is None or not state.available_piles():
        return
    while not state.supply[state.marker]:
        state.marker = _next_pile(state.marker)


def solo_resolve_roll(state: LotsState, face: str) -> str:
    """Solo ROLL: wild moves the cube one pile clockwise and takes from there; a shape
    whose pile is empty takes from the pile the cube stands at."""
    content = game_content()
    settle_marker(state)
    if face == content.wild_face:
        start = state.marker
        state.marker = _next_pile(str(state.marker))
        settle_marker(state)
        state.log("marker_move", 0, start=start, to=state.marker)
        colour = str(state.marker)
    else:
        colour = content.shape_colour[face]
        if not state.supply[colour]:
            colour = str(state.marker)
    block = take(state, colour, 0)
    settle_marker(state)
    return block


def roll_for_turn(state: LotsState, seat: int) -> None:
    """ROLL on a turn: the block gained is remembered (the Surveyor may send it back)."""
    face = roll_die(state)
    state.log("roll", seat, face=face)
    state.turn_info["rolled"] = True
    if state.solo:
        state.turn_info["gained"] = solo_resolve_roll(state, face)
    else:
        state.turn_info["gained"] = resolve_roll(state, seat, face)
