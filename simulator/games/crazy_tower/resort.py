"""Crazy Tower's last resort: a person who has tried the usual spots and keeps trying
every other one before giving up (the driver's last step, simulator/games/computer_seat.py).

It lists every move the rules could accept in this position, the steadiest first: a
floor card revealed (always accepted), then each block in hand (or each piece down) at
every position on the grid that covers no red box and overlaps no block, overhang
included (bots_candidates.block_positions, ``wide`` and ``every``); a floor card at every
offset over the blocks that carry it; a diamonds removal declined; any other choice as
the rules list it. It plays the first that stands in a rehearsal on a copy, and each
decision on the same position goes on from there, with no noise of its own (the
physics still decides what happens), so a seed plays the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.crazy_tower import legal_moves
from rules.crazy_tower.blocks import get_block
from rules.crazy_tower.names import card_name, piece_name
from rules.crazy_tower.state import DIAMONDS, LAY_CARD, PLACE, REPLACE, TURN
from rules.errors import IllegalMove
from simulator.games.crazy_tower.bodies import is_card
from simulator.games.crazy_tower.bots_candidates import block_positions, card_offsets
from simulator.games.crazy_tower.match import CrazyTowerMatch

# The rulebook's silence, said where the last resort stops with nothing to try.
SILENT = "and the rulebook does not say what happens then"


def every_move(match: CrazyTowerMatch) -> list[dict[str, Any]]:
    """Every move worth a try in this position, in the order the last resort tries them."""
    state = match.state
    moves = legal_moves(state)
    if state.phase in (TURN, PLACE):
        out = [m for m in moves if m["type"] == "reveal_card"]
        twins = set()
        for move in moves:
            if move["type"] != "place_block":
                continue
            block = get_block(move["block"])
            if (block.colour, block.shape) in twins:
                continue  # its twin (same colour and shape) plays the same way
            twins.add((block.colour, block.shape))
            action = {k: v for k, v in move.items() if k != "floor"}
            spots = block_positions(match, move["block"], move["floor"], wide=True, every=True)
            out += [{**action, "at": at} for at, _ in spots]
        return out or [m for m in moves if m["type"] == "pass"]
    if state.phase == LAY_CARD:
        base = {k: v for k, v in moves[0].items() if k != "card"}
        return [{**base, "offset": offset} for offset, _ in card_offsets(match)]
    if state.phase == REPLACE:
        out = []
        for move in moves:
            base = {k: v for k, v in move.items() if k != "floor"}
            if is_card(move["piece"]):
                out += [{**base, "offset": offset} for offset, _ in card_offsets(match)]
            else:
                found = block_positions(match, move["piece"], move["floor"], wide=True, every=True)
                out += [{**base, "at": at} for at, _ in found]
        return out
    if state.phase == DIAMONDS:
        return [m for m in moves if m["type"] == "skip_removal"]
    return [{k: v for k, v in m.items() if k != "with"} for m in moves]


@dataclass
class LastResort:
    """The seat's last player for one position (ComputerSeat's ``resort``): ``decide``
    gives the next move of ``every_move`` each time it is asked on the same position;
    ``exhausted`` once none is left (its IllegalMove says how many were tried)."""

    seed: int  # the driver's; the order of the moves needs no chance
    exhausted: bool = False
    # The position's action count, its moves and the next to try: a refused move leaves
    # the match as it was, so the list holds until a move is made.
    _position: tuple[int, list[dict[str, Any]], int] = field(default=(-1, [], 0))

    def decide(self, match: CrazyTowerMatch) -> dict[str, Any]:
        count, options, index = self._position
        if count != match.action_count:
            options, index = every_move(match), 0
        # A person does not play again a spot where the piece just fell: each move is
        # rehearsed on a copy first (the match is untouched) and played only if it stands.
        while index < len(options) and not stands(match, options[index]):
            index += 1
        self._position = (match.action_count, options, index + 1)
        if index >= len(options):
            self.exhausted = True
            if not options:
                raise IllegalMove(no_place(match))
            raise IllegalMove(f"no piece stood in any of the {len(options)} places tried")
        return options[index]


def no_place(match: CrazyTowerMatch) -> str:
    """Why ``every_move`` found nothing to try, as one sentence: a position the rulebook
    leaves without a move (the random player's challenge 3 seed 3: a block that fell
    must go back on a card whose only gap wider than it holds a red box; dropped off
    the tower instead, it must be put back again, so the game could not go on)."""
    state = match.state
    if state.phase == REPLACE and state.down:
        piece = state.down[0]
        where = state.home.get(piece, state.top_card)
        return (
            f"{piece_name(piece)} fell and must go back on {card_name(where)}, where every "
            f"place it could stand covers a red box or another block, {SILENT}"
        )
    return (
        f"no block in hand has a place on {card_name(state.top_card)} that the rules accept "
        f"and no floor card may be revealed over it, {SILENT}"
    )


def stands(match: CrazyTowerMatch, action: dict[str, Any]) -> bool:
    """Whether the rules accept ``action`` on a copy of the match and nothing falls."""
    twin = match.scratch_copy()
    events = len(twin.state.events)
    try:
        twin.perform(action)
    except IllegalMove:
        return False
    return not any(e.get("type") == "piece_fell" for e in twin.state.events[events:])
