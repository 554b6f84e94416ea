"""The simulated hand, drawn: a two-finger gripper where the hand holds its piece.

The hand itself is a kinematic body with no shape (``physics.hand.Hand``), so nothing
of it would show: this draws, in the hand's own coordinates with the grip point at the
origin, an arm coming down from above, a palm over the piece, two fingers closing on
its sides and a round grip pad on the grip point. The scene places it at the hand's
pose each frame (``render.film.Grip``) and drops it when the hand lets go; a piece that
slips or turns in the grip is seen leaving the fingers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from simulator.render.bodies import opaque
from simulator.render.mesh import Mesh
from simulator.render.palette import RGB, RGBA
from simulator.render.symbols import Point

GRIPPER: RGB = (48, 62, 100)  # slate blue: far from every piece, card, table and text tone
GRIPPER_EDGE: RGB = (236, 240, 246)  # a light rim, so the grip reads on dark pieces too
ARM_ALPHA = 225  # the arm above the piece lets the tower show through a little
# Sizes in cm (a LOTS cell is 2.5 cm).
ARM_WIDTH = 1.0
ARM_LENGTH = 60.0  # up and out of view
PALM_LIFT = 0.35  # the palm's gap above the piece
PALM_HEIGHT = 0.5
FINGER_WIDTH = 0.5
FINGER_GAP = 0.06  # between a finger and the piece's side
FINGER_DROP = 0.45  # how far below the grip point the fingers reach
TIP_DEPTH = 0.18  # how far a fingertip presses over the piece's edge
TIP_HEIGHT = 0.6
PAD_RADIUS = 0.42
RIM = 0.12
STEM_WIDTH = 0.24


def gripper_mesh(polygons: Sequence[Sequence[Point]], anchor: Point = (0.0, 0.0)) -> Mesh:
    """The gripper for a piece of these polygons (its own coordinates) held at
    ``anchor`` (a point of the piece), in the hand's coordinates (grip point at 0, 0)."""
    ax, ay = anchor
    xs = [x - ax for poly in polygons for x, _ in poly]
    ys = [y - ay for poly in polygons for _, y in poly]
    left, right, top = min(xs), max(xs), max(ys)
    palm = top + PALM_LIFT
    finger_left = left - FINGER_GAP - FINGER_WIDTH
    finger_right = right + FINGER_GAP + FINGER_WIDTH
    bottom = min(0.0, (min(ys) + top) / 2) - FINGER_DROP
    mesh = Mesh()
    body, edge = opaque(GRIPPER), opaque(GRIPPER_EDGE)
    arm = opaque(GRIPPER, ARM_ALPHA)
    mesh.segment((0.0, palm), (0.0, palm + ARM_LENGTH), ARM_WIDTH, arm)
    _box(mesh, finger_left, palm, finger_right, palm + PALM_HEIGHT, edge, body)
    for x0 in (finger_left, right + FINGER_GAP):
        _box(mesh, x0, bottom, x0 + FINGER_WIDTH, palm, edge, body)
    # fingertips pressing on the piece's sides at the grip's height
    low, high = -TIP_HEIGHT / 2, TIP_HEIGHT / 2
    _box(mesh, left - FINGER_GAP - RIM, low, left + TIP_DEPTH, high, edge, body)
    _box(mesh, right - TIP_DEPTH, low, right + FINGER_GAP + RIM, high, edge, body)
    mesh.segment((0.0, palm), (0.0, 0.0), STEM_WIDTH + 2 * RIM, edge)
    mesh.segment((0.0, palm), (0.0, 0.0), STEM_WIDTH, body)
    mesh.polygon(_circle(PAD_RADIUS + RIM), edge)
    mesh.polygon(_circle(PAD_RADIUS), body)
    return mesh


def _box(mesh: Mesh, x0: float, y0: float, x1: float, y1: float, rim: RGBA, fill: RGBA) -> None:
    """A filled rectangle with a light rim inside its edges."""
    square = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    mesh.polygon(square, fill)
    mesh.outline(square, RIM * 0.6, rim)


def _circle(radius: float, sides: int = 20) -> list[Point]:
    return [
        (radius * math.cos(2 * math.pi * k / sides), radius * math.sin(2 * math.pi * k / sides))
        for k in range(sides)
    ]
