"""Where the bots' hand aims a piece: at the gap the real bodies leave, not at the grid.

LOTS pieces are exactly as wide as the grid's columns, and a piece lowered so that it
overlaps a neighbour by more than about 0.03 cm comes down on the neighbour's corner
and hangs there or tumbles off (docs/bots.md measures it: flush beside a block, a
steady hand's placement fell in 7 of 24 draws). A careful player keeps a little air on
the side of a neighbour. The aim works on the bodies as they stand: for each column of
the piece, anything standing higher than the piece's bottom there is a wall on its
left or right; the piece keeps ``margin`` clear of the walls where there is room, and
takes the middle of a gap where there is not. A piece whose own weight would rest
near the edge of what carries it is aimed a little inside instead. Pieces may overhang
the footprint's edges by a little (they stay in their cells; the rules snap to the
nearest cell).
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, replace

from rules.lots.content import game_content
from simulator.bots.dexterity import TYPICAL_REACH, Dexterity
from simulator.games.lots.bots_grid import GROUND, Board, Drop
from simulator.games.lots.match import LotsMatch

# An obstacle whose top stands at most this far above the piece's bottom in a column
# is under or beside the piece's lowest cell, not a wall (settled tops vary slightly).
LEDGE = 0.15  # cm
# A gap this much narrower than the piece (cm) still takes it: the bodies give a little.
SQUEEZE = 0.02
# How far a piece may hang over the footprint's edge (cm) where the rules read only its
# cells (before rest 3); from rest 3 the rulebook's boundaries (bounds.py) set it.
CELLS_ONLY_OVERHANG = 0.4
# Standard deviations of the hand's sideways error kept clear of a wall.
SIGMAS = 3.0
# A gap this much narrower than a whole number of cells still counts as that many free
# cells (cm), which the aim then keeps whole for a later piece.
SLOT_SLACK = 0.3
# A piece hangs on a neighbour's corner once it overlaps it by about CATCH (cm). The air
# aimed at beside a neighbour it must touch (the rules count edges within 0.1 cm as
# touching) is the hand's margin less CATCH, at least MIN_HUG; whether the hand's
# draw then touches is left to the rollouts.
CATCH = 0.03
MIN_HUG = 0.02
# How far a lower corner lies from the centre the hand turns the piece about (cm): half
# the height of a piece two cells high.
LEVER = 2.5


@dataclass(frozen=True)
class Aim:
    nudge: float  # cm added to the grid position of the piece's left edge
    clearance: float  # cm between the aimed piece and the nearest wall (inf: none)
    fits: bool  # False when the walls leave less room than the piece needs
    tight: float = 0.0  # share of the wanted air (the margin, or the hug's) that is missing


def margin_for(hand: Dexterity) -> float:
    """Air kept beside a wall: SIGMAS times the sideways spread of the piece's lower
    corners (the hand's position error and tremor, and its angle error swinging a corner
    LEVER cm from the piece's centre), less the overlap the bodies forgive: a piece
    overlapping a neighbour by up to 0.02 cm pushes it aside and lands flat, and hangs
    on its corner from about CATCH (docs/bots.md). Every cm of air is a cm a row drifts
    sideways, narrowing the slots left in it."""
    swing = LEVER * math.radians(hand.angle_noise_deg)
    spread = math.hypot(hand.position_noise_cm, hand.tremor_cm, swing)
    return max(0.0, SIGMAS * spread - CATCH)


def at_pace(hand: Dexterity, pace: float) -> Dexterity:
    """``hand`` with its spread (the fields margin_for reads) as it places at ``pace``
    times its own pace over the typical reach: a hand-model-2 hand is about three times
    steadier at 0.8 than at its own pace (docs/bots.md, "Hurry"). A model-1 profile has
    one spread whatever the pace."""
    motor = hand.motor
    if motor is None:
        return hand
    reach, _ = TYPICAL_REACH
    sd = motor.endpoint_sd(reach, motor.own_time(reach) / pace)
    return replace(hand, position_noise_cm=sd, angle_noise_deg=motor.angle_sd_per_cm * sd)


@dataclass(frozen=True)
class _Walls:
    """Bounds on a piece's left edge (cm) from the bodies standing beside it."""

    lo: float
    hi: float
    soft_lo: float  # ... that keep the free cells beside it whole, with the margin's air
    soft_hi: float
    hug_lo: float  # ... from the bodies it should touch
    hug_hi: float
    edge_lo: float  # how far it may hang over the lot's edges
    edge_hi: float
    # A piece resting further past the edges than this is taken back, and the aim leans
    # no piece past them (rest 4 on; 0: the aim may use the overhang allowed)
    overhang: float = 0.0

    @property
    def hard_edges(self) -> bool:
        return self.overhang > 0.0

    @property
    def room(self) -> tuple[float, float]:
        return max(self.lo, self.edge_lo), min(self.hi, self.edge_hi)

    @property
    def fits(self) -> bool:
        return self.takes(0.0)

    def takes(self, margin: float) -> bool:
        """Room for the piece with ``margin`` cm of air beside it, less the SQUEEZE the
        bodies give."""
        low, high = self.room
        return high - low >= margin - SQUEEZE


def _walls(match: LotsMatch, spot: Drop, margin: float = 0.0, hug: Collection[str] = ()) -> _Walls:
    """For each column of the piece, anything standing higher than its bottom there is a
    wall on its left or right."""
    lot = match.lot
    cell = lot.grid.cell
    base = lot.grid.origin[1]
    left0 = lot.column_x(spot.col)
    columns: dict[int, int] = {}
    for row, col in spot.cells:
        j = col - spot.col
        columns[j] = min(row, columns.get(j, row))
    width = max(columns) + 1
    lo, hi = -math.inf, math.inf
    soft_lo, soft_hi = -math.inf, math.inf
    hug_lo, hug_hi = -math.inf, math.inf
    for entry in match.world.entries:
        if entry.is_table:
            continue
        for shape in entry.shapes:
            bb = shape.bb
            centre = (bb.left + bb.right) / 2
            for j, bottom_row in columns.items():
                if bb.top <= base + bottom_row * cell + LEDGE:
                    continue
                band_left = left0 + j * cell
                if centre < band_left + cell / 2:
                    bound = bb.right - j * cell
                    free = math.floor((band_left - bb.right + SLOT_SLACK) / cell)
                    lo = max(lo, bound)
                    if free > 0:
                        soft_lo = max(soft_lo, bound + free * cell + margin)
                    if entry.id in hug:
                        hug_lo = max(hug_lo, bound)
                else:
                    bound = bb.left - (j + 1) * cell
                    free = math.floor((bb.left - band_left - cell + SLOT_SLACK) / cell)
                    hi = min(hi, bound)
                    if free > 0:
                        soft_hi = min(soft_hi, bound - free * cell - margin)
                    if entry.id in hug:
                        hug_hi = min(hug_hi, bound)
    # As far past the footprint's edge as the rules that will judge the piece allow.
    judged_by_extent = match.world.profile.resting.extent_bounds
    overhang = game_content().overhang if judged_by_extent else CELLS_ONLY_OVERHANG
    edge_lo = lot.left - overhang
    edge_hi = lot.right + overhang - width * cell
    # From rest 4 (a LOTS solo piece taken back is placed again, not lost) the aim
    # leans nothing past the outline; rest 3's games keep the aim they were played with.
    hard = overhang if match.world.profile.resting.names_taken_back else 0.0
    return _Walls(lo, hi, soft_lo, soft_hi, hug_lo, hug_hi, edge_lo, edge_hi, hard)


def leaves_room(match: LotsMatch, spot: Drop, margin: float = 0.0) -> bool:
    """Whether the bodies as they stand leave room for a piece dropped at ``spot``,
    with ``margin`` cm of air beside it (less the SQUEEZE the bodies give)."""
    return _walls(match, spot).takes(margin)


def aim(
    match: LotsMatch,
    piece: str,
    spot: Drop,
    margin: float,
    hug: Collection[str] = (),
    board: Board | None = None,
) -> Aim:
    """Where to aim ``piece`` dropped at ``spot``. ``hug`` names bodies the piece should
    touch side by side (solo: the last block, when the piece does not rest on it).
    ``board``: the rules' tower as a grid, if the caller has it already."""
    hug_gap = max(MIN_HUG, margin - CATCH)
    walls = _walls(match, spot, margin, hug)
    if not walls.fits:
        return Aim(0.0, -1.0, False)
    lo, hi, soft_lo, soft_hi = walls.lo, walls.hi, walls.soft_lo, walls.soft_hi
    hug_lo, hug_hi, edge_lo, edge_hi = walls.hug_lo, walls.hug_hi, walls.edge_lo, walls.edge_hi
    lo_all, hi_all = walls.room
    cell = match.lot.grid.cell
    left0 = match.lot.column_x(spot.col)
    if (hug_lo > -math.inf and hug_hi < math.inf) or hi_all - lo_all < 2 * hug_gap:
        target = (lo_all + hi_all) / 2  # between two, or in a narrow gap: the middle
    elif hug_lo > -math.inf or hug_hi < math.inf:
        # Close enough to count as touching, as far from the corner as that allows,
        # and in a narrow gap not too close to the other side either.
        keep = min(margin, max(0.0, (hi_all - lo_all) / 2))
        if hug_lo > -math.inf:
            target = max(min(lo + hug_gap, hi_all - keep), lo_all)
        else:
            target = min(max(hi - hug_gap, lo_all + keep), hi_all)
    else:
        target = (lo_all + hi_all) / 2
        if board is None:
            board = Board.of(match.state.footprint_spec(), match.state.tower)
        home = left0 + _balance(match, spot, board) * cell
        # On the grid (or as far towards its support as its balance asks) if the walls
        # allow it, else the least move that keeps clear of them, and if possible one
        # that leaves the free cells beside it whole, with air for the piece that will
        # go there.
        for low, high in (
            (max(lo + margin, soft_lo, edge_lo), min(hi - margin, soft_hi, edge_hi)),
            (max(lo + margin, edge_lo), min(hi - margin, edge_hi)),
        ):
            if low <= high:
                target = min(max(home, low), high)
                break
    target = min(max(target, edge_lo), edge_hi)
    if walls.hard_edges:
        # Past the edge's limit the piece is taken back: the aim leans no piece out past
        # the outline (an O over 3B's valley, leaning on its support at the limit, was
        # taken back in 12 of 16 steady draws); flush, the hand's draws stay inside the
        # limit but for a few percent. Aiming air inside the edge was tried and squeezed
        # the rows (docs/bots.md).
        target = min(max(target, edge_lo + walls.overhang), edge_hi - walls.overhang)
        target = min(max(target, lo_all), hi_all)
    clearance = min(target - lo, hi - target)
    hugging = hug_lo > -math.inf or hug_hi < math.inf
    wanted = hug_gap if hugging else margin
    tight = max(0.0, wanted - clearance) / wanted if wanted > 0 else 0.0
    fits = clearance >= -SQUEEZE / 2
    return Aim(round(target - left0, 4), clearance, fits, min(tight, 2.0))


# A piece whose weight comes within BALANCE cells of its support's edge is aimed that
# far inside it, by at most SHIFT cells. Measured (an O over the end of an I lying flat,
# 12 draws each): 0 cells off, 12 of 12 tipped with a surgeon's hand and 11 with a
# steady one; 0.1 cells, 0 and 1; 0.15, none. A support standing off its cells asks for
# more; SHIFT stays short of INTRUDE, which would build up the next column in the bots'
# grid (a balance of 0.3 cells did, and won no more solo games).
BALANCE = 0.15
SHIFT = 0.19


def _balance(match: LotsMatch, spot: Drop, board: Board) -> float:
    """How far (cells, + right, at most SHIFT) to move a piece dropped at ``spot`` so
    that its own weight stands BALANCE inside what carries it: the ground under its
    bottom cells, or the tops of the bodies standing there, wherever they really are."""
    lot = match.lot
    cell = lot.grid.cell
    columns = [c for _, c in spot.cells]
    left, right = lot.column_x(min(columns)), lot.column_x(max(columns) + 1)
    spans = []
    for r, c in spot.cells:
        below = (r - 1, c)
        carrier = board.owner.get(below)
        if below in spot.cells:
            continue
        if r == 0 or carrier == GROUND:
            spans.append((lot.column_x(c), lot.column_x(c + 1)))
        elif carrier is not None:
            top = lot.grid.origin[1] + r * cell
            for shape in match.world.entry(carrier).shapes:
                bb = shape.bb
                if abs(bb.top - top) <= LEDGE and bb.right > left and bb.left < right:
                    spans.append((max(bb.left, left), min(bb.right, right)))
    if not spans:
        return 0.0
    low, high = min(a for a, _ in spans), max(b for _, b in spans)
    centre = lot.column_x(sum(c + 0.5 for _, c in spot.cells) / len(spot.cells))
    want = BALANCE * cell
    if centre < low + want:
        return min(SHIFT, (low + want - centre) / cell)
    if centre > high - want:
        return -min(SHIFT, (centre - high + want) / cell)
    return 0.0


# A body must reach this far into a column (cm) to build it up in the bots' grid: less
# is a piece aimed off its cells, which the aim steers around.
INTRUDE = 0.5
# A top standing less than this above a whole row (cells) is a piece a little tilted,
# not a row more: a piece placed on it lands that much high and still snaps to its row.
TILT = 0.3
