"""LOTS's last resort: a person whose usual spots are all refused, trying every place the
rules accept before giving up (the driver's last step, simulator/games/computer_seat.py).

A tower of tilted pieces can leave the bots and the random player, who plan on the
columns as the bodies stand, no spot the rules accept (solo 1B seed 8, a normal bot with
the p50 hand: three pieces leaning 20 degrees, and every drop they saw missed the last
block on the rules' grid). The rules judge a drop by where it lands on their grid, so
this lists every drop the rules accept before any physics (each block of the step, each
turn, flip and column, aimed on the grid and a little to either side, where a leaning
neighbour may need the hand nearer to touch it), rehearses them on copies (until
ENOUGH stood: a competitive tower takes most drops), and plays them least bad first:
those that stood and the rules accepted, most points first; then those the rules
accepted although something fell (solo, a fall loses the game: the rulebook's
outcome, not a stop). The rulebook (docs/rules-lots.md, the rulebook's
Jack of All Trades) does not say what happens when no block can be placed where the
rules accept it at all; the last resort then stops its seat, saying so. Each decision
on the same position goes on down the list, with no noise of its own (the physics still
decides), so a seed plays the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rules.errors import IllegalMove
from rules.lots import legal_moves, placement_choices
from rules.lots.instances import colour_of
from simulator.games.lots.bots_grid import orientations
from simulator.games.lots.match import LotsMatch, Placement
from simulator.games.lots.player import Decision

# Where the hand aims beside the grid position (cm): a hand brought nearer to a leaning
# neighbour, either side, touches what a drop on the grid misses.
NUDGES = (0.0, -0.2, 0.2, -0.4, 0.4)
# Placements that stood in their rehearsals after which the last resort looks no further.
ENOUGH = 8
# The rulebook's silence, said once where the last resort stops.
SILENT = (
    "no block can be placed where the rules accept it, and the rulebook does not say "
    "what happens then"
)


def every_placement(match: LotsMatch) -> list[Placement]:
    """Every placement of this step the rules accept before the physics runs (on the
    cells it lands in on their grid), in the order of the step's choices, turns, flips
    and columns, each aimed at every nudge."""
    width = match.lot.footprint.width
    choices = placement_choices(match.state)
    # a cube is the player's to add or not: a block alone first, where it may go alone
    out = []
    for block, cube in [c for c in choices if c[1] is None] or choices:
        piece = block if block is not None else cube
        assert piece is not None
        for turns, mirror, shape in orientations(colour_of(piece)):
            span = max(c for _, c in shape) + 1
            for col in range(width - span + 1):
                for cube_col in range(width) if block is not None and cube else (None,):
                    placement = Placement(
                        block=block, col=col, turns=turns, mirror=mirror, cube=cube,
                        cube_col=cube_col,
                    )  # fmt: skip
                    try:
                        match.reach(placement)  # the rules' pre-physics check
                    except IllegalMove:
                        continue
                    out += [replace(placement, nudge=n) for n in NUDGES]
    return out


@dataclass(frozen=True)
class Tried:
    """A placement's rehearsal: accepted by the rules, how many pieces fell, points."""

    placement: Placement
    fell: int
    points: int


def rehearse(match: LotsMatch, placement: Placement) -> Tried | None:
    """``placement`` played on a copy of the match (None: the rules refused what the
    physics made of it)."""
    twin = match.scratch_copy()
    seat = twin.state.current
    before = twin.state.scores[seat]
    try:
        outcome = twin.place(placement)
    except IllegalMove:
        return None
    return Tried(placement, len(outcome.fallen), twin.state.scores[seat] - before)


def least_bad(placements: list[Placement], match: LotsMatch) -> list[Placement]:
    """The ``placements`` the rules accepted in a rehearsal, least bad first: nothing
    fell, most points; then the fewest pieces fallen (the enumeration's order on ties).
    Rehearsals stop once ENOUGH stood (a competitive tower accepts most drops)."""
    tried: list[Tried] = []
    for placement in placements:
        found = rehearse(match, placement)
        if found is not None:
            tried.append(found)
            if sum(t.fell == 0 for t in tried) >= ENOUGH:
                break
    tried.sort(key=lambda t: (t.fell, -t.points))
    return [t.placement for t in tried]


@dataclass
class LastResort:
    """The seat's last player for one position (ComputerSeat's ``resort``): ``decide``
    gives the next placement of ``least_bad`` each time it is asked on the same
    position; ``exhausted`` once none is left (its IllegalMove says why)."""

    seed: int  # the driver's; the order of the placements needs no chance
    exhausted: bool = False
    # The position's action count, its placements and the next to try: a refused move
    # leaves the match as it was, so the list holds until a move is made.
    _position: tuple[int, list[Placement], int] = field(default=(-1, [], 0))

    def decide(self, match: LotsMatch) -> Decision:
        state = match.state
        if state.phase not in ("place", "replace"):
            moves: list[dict[str, Any]] = list(legal_moves(state))
            if not moves:
                self.exhausted = True
                raise IllegalMove(f"no legal decision in phase {state.phase}")
            return "move", moves[0]
        count, options, index = self._position
        if count != match.action_count:
            found = every_placement(match)
            if not found:
                self.exhausted = True
                raise IllegalMove(SILENT)
            options, index = least_bad(found, match), 0
        self._position = (match.action_count, options, index + 1)
        if index >= len(options):
            self.exhausted = True
            raise IllegalMove(
                "the rules refused where the physics left the block in every place tried"
            )
        return "place", options[index]
