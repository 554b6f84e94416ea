"""Islands: the awake dynamic bodies grouped by contact, as Chipmunk and Box2D group
them for sleeping. Static bodies (the table, a lot) join no island, so a piece lying on
the table beside a tower is an island of its own (docs/physics.md, "Resting").

Contact is judged by bounding boxes grown by the collision slop, a superset of
Chipmunk's contacts: two bodies in contact always share an island, and two merely close
may share one too, which only keeps an island awake longer. Reading Chipmunk's
arbiters through pymunk costs about ten times as much (a Python object per contact).
"""

from __future__ import annotations

from collections.abc import Sequence

import pymunk

from simulator.physics.world import Entry

Box = tuple[float, float, float, float]  # left, bottom, right, top


def box_of(entry: Entry, margin: float) -> Box:
    """The bounding box of ``entry``'s shapes, grown by ``margin`` on every side."""
    boxes = [shape.bb for shape in entry.shapes]
    return (
        min(b.left for b in boxes) - margin,
        min(b.bottom for b in boxes) - margin,
        max(b.right for b in boxes) + margin,
        max(b.top for b in boxes) + margin,
    )


def _overlap(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def islands(entries: Sequence[Entry], margin: float) -> tuple[list[list[Entry]], set[int]]:
    """The awake dynamic ``entries`` grouped by contact (each island in creation order,
    the islands in the order of their first member), and the indices of the islands
    that touch a sleeping dynamic body: those join its group at the next step, so they
    may not sleep as a group of their own."""
    dynamic = [(e, box_of(e, margin)) for e in entries if e.dynamic]
    awake = [i for i, (e, _) in enumerate(dynamic) if not e.body.is_sleeping]
    parent = {i: i for i in awake}

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    near_sleeper: set[int] = set()
    # Sweep along x: a body's box can only meet the boxes that start before it ends.
    order = sorted(range(len(dynamic)), key=lambda i: dynamic[i][1][0])
    for n, i in enumerate(order):
        box = dynamic[i][1]
        for j in order[n + 1 :]:
            other = dynamic[j][1]
            if other[0] > box[2]:
                break
            if not _overlap(box, other):
                continue
            i_awake, j_awake = i in parent, j in parent
            if i_awake and j_awake:
                a, b = root(i), root(j)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            elif i_awake or j_awake:
                near_sleeper.add(i if i_awake else j)
    grouped: dict[int, list[Entry]] = {}
    for i in awake:
        grouped.setdefault(root(i), []).append(dynamic[i][0])
    roots = list(grouped)
    touching = {roots.index(root(i)) for i in near_sleeper}
    return list(grouped.values()), touching


def touching(body: pymunk.Body) -> bool:
    """Whether ``body`` is in contact with anything, as of the last step."""
    arbiters: list[pymunk.Arbiter] = []
    body.each_arbiter(arbiters.append)
    return bool(arbiters)
