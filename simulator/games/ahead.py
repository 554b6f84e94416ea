"""A live move run ahead of its action, for every physical game (network play).

While a player moves a piece, their client streams the move so far: the action with its
recorded path as it grows. Another client drives those rows on its own match as they
come (``PhysicalMatch.run_ahead``), so when the final action arrives only what is left
of its path and the settle remain. Driving a path in pieces makes exactly the calls that
driving it whole makes, step for step, so the world ends bit for bit where a replay of
the final action ends it; an action that does not continue what ran ahead drops it
(the world goes back to what the log says) and is replayed whole.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol, TypeGuard

Row = list[Any]  # [steps, x, y, angle, ...]: one run-length row of a recorded path


class AheadRun(Protocol):
    """What a game runs ahead (LOTS: simulator/games/lots/live.py; Crazy Tower:
    simulator/games/crazy_tower/live.py)."""

    def continues(self, action: dict[str, Any]) -> bool:
        """Whether ``action`` is this move, its path starting with what ran."""
        ...

    def feed(self, action: dict[str, Any], *, released: bool) -> None:
        """Drive what the action's path holds beyond what ran; let go when
        ``released``. IllegalMove as the game's replay of the action raises it."""
        ...

    def settle(self, chunks: int | None = None) -> bool:
        """Let what was let go settle, ``chunks`` looks at most; True once settled."""
        ...


class DrivenPath:
    """The rows of one recorded path driven so far."""

    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.closed = False  # the piece was let go: no row may follow

    def continues(self, path: Sequence[Row]) -> bool:
        """Whether ``path`` starts with the rows driven (the last may have grown)."""
        done = self.rows
        if len(path) < len(done) or (self.closed and len(path) != len(done)):
            return False
        if not done:
            return True
        last = len(done) - 1
        same_before = [list(row) for row in path[:last]] == done[:last]
        grown = list(path[last][1:]) == done[last][1:] and path[last][0] >= done[last][0]
        return same_before and grown

    def fresh(self, path: Sequence[Row]) -> Iterator[tuple[bool, Row, int]]:
        """The part of ``path`` not driven yet (``continues`` must hold), row by row:
        (whether the row is new, the row, its steps still to drive)."""
        done = self.rows
        for index in range(max(0, len(done) - 1), len(path)):
            row = list(path[index])
            new = index >= len(done)
            before = 0 if new else done[index][0]
            if new:
                done.append([0, *row[1:]])
            yield new, row, int(row[0] - before)
            done[index][0] = row[0]


def settle_in_looks(live: Any, chunks: int | None, settling: str) -> bool:
    """Let a live move's piece that was let go settle (while its stage is ``settling``),
    ``chunks`` looks of the settle loop at most (None: until it rests); True once
    nothing settles."""
    while live.stage == settling and chunks != 0:
        live.settle_chunk()
        chunks = None if chunks is None else chunks - 1
    return live.stage != settling


def streams_on(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether the live move ``after`` goes on from ``before`` (what a stream sends
    next): the same keys and values, but for its paths (lists of rows), each of which
    starts with the rows ``before`` had, the last one grown or not, or is new."""
    for key in before.keys() | after.keys():
        old, new = before.get(key), after.get(key)
        if _is_path(new) and (old is None or _is_path(old)):
            driven = DrivenPath()
            driven.rows = [list(row) for row in old or []]
            if not driven.continues(new):
                return False
        elif old != new:
            return False
    return True


def _is_path(value: Any) -> TypeGuard[list[list[Any]]]:
    return isinstance(value, list) and all(isinstance(row, list) and row for row in value)
