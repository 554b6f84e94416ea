"""How a piece held on the tower sits: where its underside rests, and whether it is caught.

A careful hand feels a piece that comes to rest on a neighbour's corner instead of going
down where it was meant to: it sits too high, on one side only, and would tip or hang
when let go. ``caught_side`` tells the hand which way to move it off the corner; the
geometry is read from the bodies' outlines, not from solver contacts, since at the
moment the hand stops the solver often holds only the first corner that touched.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from simulator.physics.geometry import Edge, Polygon, edges, outward_normal

# An edge faces down (or up) when its outward normal is within 45 degrees of it.
FACING = 0.7
# A surface this close under the piece carries it once it is let go (cm): the hand's
# angle error tilts a 5 cm piece by up to a few hundredths of a cm.
SEAT_GAP = 0.04
# A body pressed this far into the piece's outline (the rounded corners) carries it too.
PRESSED = 0.1
# A piece resting this far above where its planned cells put it is caught (cm): a piece
# on its support stands within a few hundredths of a cm of its cells.
CAUGHT = 0.5
# A stretch ending this close to the end of a top ends at its corner (cm).
END = 1e-6
# A piece turned this far in the hand's grip is held up at one end (degrees): the grip
# holds its angle against anything short of a corner carrying one end while the other
# goes down (an I lying flat whose end came down on a neighbour's corner).
TURNED = 3.0


@dataclass(frozen=True)
class Stretch:
    """Where the held piece's underside rests on a top: from ``lo`` to ``hi`` (x, cm), on
    a top running from ``top_lo`` to ``top_hi``."""

    lo: float
    hi: float
    top_lo: float
    top_hi: float

    @property
    def off_side(self) -> int:
        """Which way the piece comes off this top: +1 when it rests on the top's right
        end only (a corner), -1 its left end only; 0 on the middle or across it all."""
        at_right = self.hi >= self.top_hi - END
        at_left = self.lo <= self.top_lo + END
        return int(at_right) - int(at_left)


def caught_side(
    held: list[Polygon],
    others: Iterable[Polygon],
    centre_x: float,
    rest_y: float,
    turned: float = 0.0,
) -> int:
    """+1 or -1, the way the held piece must move to come off the corner it is caught on;
    0 when it is not caught: it rests within CAUGHT of ``rest_y`` (where its lowest point
    should come to rest), its weight (``centre_x``) stands over what carries it, or what
    carries it is no corner (or corners on both sides). A piece ``turned`` (radians,
    counter-clockwise, from the hand's angle) beyond TURNED is caught on the end that
    turned up, whatever its lowest point: it moves towards the end that went down."""
    if turned_in_grip(turned):
        return 1 if turned < 0 else -1
    bottom = min(y for poly in held for _, y in poly)
    if bottom < rest_y + CAUGHT:
        return 0
    stretches = supports(held, others)
    if not stretches:
        return 0
    if min(s.lo for s in stretches) <= centre_x <= max(s.hi for s in stretches):
        return 0
    # Away from the corner, not towards the weight: a hooked piece (an L turned over,
    # its foot on the far corner of a block) has its weight over the block it must leave.
    sides = {s.off_side for s in stretches}
    return sides.pop() if len(sides) == 1 else 0


def turned_in_grip(turned: float) -> bool:
    """Whether a piece ``turned`` (radians) from the hand's angle is held up at one end."""
    return abs(turned) > math.radians(TURNED)


def supports(
    held: list[Polygon], others: Iterable[Polygon], gap: float = SEAT_GAP
) -> list[Stretch]:
    """The stretches where the held piece's underside lies within ``gap`` of another
    body's top."""
    downs = [e for poly in held for e in edges(poly) if outward_normal(e)[1] < -FACING]
    ups = [e for poly in others for e in edges(poly) if outward_normal(e)[1] > FACING]
    out = []
    for down in downs:
        d_lo, d_hi = sorted((down[0][0], down[1][0]))
        for up in ups:
            u_lo, u_hi = sorted((up[0][0], up[1][0]))
            lo, hi = max(d_lo, u_lo), min(d_hi, u_hi)
            if hi < lo:
                continue
            near = [x for x in (lo, hi) if -PRESSED <= _y_at(down, x) - _y_at(up, x) <= gap]
            if near:
                out.append(Stretch(min(near), max(near), u_lo, u_hi))
    return out


def _y_at(edge: Edge, x: float) -> float:
    (x0, y0), (x1, y1) = edge
    if x1 == x0:
        return min(y0, y1)
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
