"""Statics of a stack of equal rigid blocks, the model of Paterson and Zwick ('Overhang',
2009): blocks of length 1 in layers, every contact force vertical and pushing, acting
where two blocks (or a block and the table, x <= 0) overlap. A stack is balanced when
some such forces hold every block in force and moment equilibrium: a linear program,
solved here by its basic solutions (the stacks are small)."""

from __future__ import annotations

import itertools
import math

import numpy as np

from simulator.scenario.sandbox import Sandbox

Block = tuple[float, int]  # (left end, layer: 1 on the table)


def equilibrium(blocks: list[Block]) -> tuple[np.ndarray, np.ndarray]:
    """A f = b: for each block, the forces on it sum to its weight (1) and their moments
    about x = 0 to its centre's. A contact carries two forces, at its overlap's ends
    (any pushing force along the overlap is a sum of those two)."""
    columns: list[tuple[int, int, float]] = []  # (block below or -1 the table, above, x)
    for j, (left, layer) in enumerate(blocks):
        below = [(-1, -math.inf, 0.0)] if layer == 1 else []
        below += [(i, x, x + 1.0) for i, (x, y) in enumerate(blocks) if y == layer - 1]
        for i, low, high in below:
            start, end = max(low, left), min(high, left + 1.0)
            if end >= start:
                columns += [(i, j, start), (i, j, end)]
    a = np.zeros((2 * len(blocks), len(columns)))
    for k, (i, j, x) in enumerate(columns):
        a[2 * j, k] += 1.0
        a[2 * j + 1, k] += x
        if i >= 0:  # the block above pushes the one below down as much
            a[2 * i, k] -= 1.0
            a[2 * i + 1, k] -= x
    b = np.array([v for left, _ in blocks for v in (1.0, left + 0.5)])
    return a, b


def balanced(blocks: list[Block], eps: float = 1e-9) -> bool:
    """Whether A f = b has a solution f >= 0: if any, one on a set of rank(A) linearly
    independent columns (a basic solution) does."""
    a, b = equilibrium(blocks)
    rank = np.linalg.matrix_rank(a)
    if np.linalg.matrix_rank(np.c_[a, b]) > rank:
        return False
    for chosen in itertools.combinations(range(a.shape[1]), rank):
        sub = a[:, chosen]
        if np.linalg.matrix_rank(sub) < rank:
            continue
        f, *_ = np.linalg.lstsq(sub, b, rcond=None)
        if np.allclose(sub @ f, b, atol=eps) and f.min() >= -eps:
            return True
    return False


def blocks_of(sandbox: Sandbox, length: float, height: float) -> list[Block]:
    """A built stack's dynamic bodies as blocks of length 1 (in units of ``length``)."""
    out = []
    for body in sandbox.bodies:
        if not body.static:
            layer = round(body.pose.y / height + 0.5)
            out.append((body.pose.x / length - 0.5, layer))
    return out
