"""The result page's plot: movement time against the effective index of difficulty,
the player's conditions as points with their fitted line, and the population's lines
(each hand's MT = a + b ID), drawn into a Hud in logical pixels."""

from __future__ import annotations

import math
from dataclasses import dataclass

from simulator.app.aim.compare import Line
from simulator.app.widgets import Hud
from simulator.motor.iso import FittsFit
from simulator.render.palette import RGB

PLAYER: RGB = (200, 70, 30)
AXIS: RGB = (60, 60, 70)
GRID: RGB = (215, 218, 226)
LEGEND_W = 370.0  # logical px: the legend's width, inside the plot's upper left
POPULATION: tuple[RGB, ...] = (
    (40, 110, 170),
    (60, 150, 110),
    (120, 120, 130),
    (150, 100, 170),
    (170, 140, 60),
    (90, 90, 90),
)


@dataclass(frozen=True)
class Axes:
    """The plot's box (logical x, y, w, h) and what its corners mean."""

    box: tuple[float, float, float, float]
    bits_max: float
    seconds_max: float

    def at(self, bits: float, seconds: float) -> tuple[float, float]:
        x, y, w, h = self.box
        return x + w * bits / self.bits_max, y + h * seconds / self.seconds_max


def axes_for(fit: FittsFit, lines: list[Line], box: tuple[float, float, float, float]) -> Axes:
    """Axes that hold every point and, over their width, every line."""
    bits = max(6.0, math.ceil(max(c.ide_bits for c in fit.conditions) + 0.5))
    ends = [line.a_s + line.b_s_per_bit * bits for line in lines]
    ends += [fit.a_s + fit.b_s_per_bit * bits, *(c.mt_s for c in fit.conditions)]
    seconds = max(1.0, math.ceil(max(ends) * 1.1 * 2) / 2)  # a whole half second
    return Axes(box, bits, seconds)


def segment(
    hud: Hud, a: tuple[float, float], b: tuple[float, float], width: float, rgb: RGB, layer: int = 1
) -> None:
    """A straight line ``width`` px thick from a to b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    corners = [
        (a[0] + nx, a[1] + ny),
        (b[0] + nx, b[1] + ny),
        (b[0] - nx, b[1] - ny),
        (a[0] - nx, a[1] - ny),
    ]
    hud.polygon(corners, rgb, layer=layer)


def _clipped_line(
    axes: Axes, a_s: float, b: float
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The line MT = a + b ID inside the axes (from ID 0, or where MT enters the box)."""
    start = 0.0 if a_s >= 0 else min(-a_s / b, axes.bits_max)
    end = axes.bits_max
    if a_s + b * end > axes.seconds_max:
        end = (axes.seconds_max - a_s) / b
    return axes.at(start, a_s + b * start), axes.at(end, a_s + b * end)


def draw(hud: Hud, axes: Axes, fit: FittsFit, lines: list[Line]) -> None:
    """The frame, the population's lines with their names, the player's points and line."""
    x, y, w, h = axes.box
    hud.rect(x, y, w, h, (255, 255, 255), layer=0)
    for bit in range(1, int(axes.bits_max) + 1):
        segment(hud, axes.at(bit, 0), axes.at(bit, axes.seconds_max), 1, GRID)
        hud.text(f"{bit}", *axes.at(bit, 0), 11, anchor_x="center", anchor_y="top")
    half_seconds = int(axes.seconds_max * 2)
    for k in range(1, half_seconds + 1):
        seconds = k / 2
        if half_seconds > 8 and k % 2:
            continue  # a tick each second when half seconds would crowd the axis
        segment(hud, axes.at(0, seconds), axes.at(axes.bits_max, seconds), 1, GRID)
        tx, ty = axes.at(0, seconds)
        hud.text(f"{seconds:g}", tx - 6, ty, 11, anchor_x="right", anchor_y="center", width=40)
    rows = len(lines) + 1  # the legend's backing, over the grid, under its lines
    hud.rect(x + 6, y + h - 8 - 20 * rows, LEGEND_W, 20 * rows, (255, 255, 255), layer=1)
    segment(hud, (x, y), (x + w, y), 2, AXIS)
    segment(hud, (x, y), (x, y + h), 2, AXIS)
    hud.text(
        "effective index of difficulty, IDe (bits)",
        x + w / 2,
        y - 22,
        12,
        anchor_x="center",
        anchor_y="top",
    )
    hud.text("movement time (s)", x, y + h + 10, 12, anchor_y="bottom")
    for i, line in enumerate(lines):
        tone = POPULATION[i % len(POPULATION)]
        a, b = _clipped_line(axes, line.a_s, line.b_s_per_bit)
        segment(hud, a, b, 2, tone)
        about = _about(line.a_s, line.b_s_per_bit, line.throughput_bits_s)
        _legend(hud, axes, i + 1, f"{line.label}: {about}", tone)
    a, b = _clipped_line(axes, fit.a_s, fit.b_s_per_bit)
    segment(hud, a, b, 4, PLAYER)
    for condition in fit.conditions:
        hud.circle(*axes.at(condition.ide_bits, condition.mt_s), 6, PLAYER, layer=2)
    _legend(hud, axes, 0, f"you: {_about(fit.a_s, fit.b_s_per_bit, fit.throughput_bits_s)}", PLAYER)


def _about(a_s: float, b: float, throughput: float) -> str:
    """A line's legend: its equation and its throughput at the player's task."""
    return f"{a_s:.2f} + {b:.2f} ID s, {throughput:.1f} bits/s"


def _legend(hud: Hud, axes: Axes, row: int, label: str, tone: RGB) -> None:
    """One row of the legend, inside the plot's upper left corner."""
    x, y, _, h = axes.box
    top = y + h - 18 - 20 * row
    segment(hud, (x + 14, top), (x + 40, top), 4 if row == 0 else 2, tone, layer=2)
    hud.text(label, x + 48, top, 11, anchor_y="center", width=LEGEND_W - 50, lines=1)
