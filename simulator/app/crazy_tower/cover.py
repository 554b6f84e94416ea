"""Passing the device in saboteur mode: the saboteur's role stays hidden on a shared
screen.

A cover hides the whole screen: "Pass to <name>" until that player clicks, then (when
the cover is a role reveal) the role, shown only to its owner, until the next click.
The screen queues covers: each human's role once at the start, a pass cover whenever
the turn goes from one human to another, a role reveal on request. The view draws
them (view.py); this module holds no pyglet.
"""

from __future__ import annotations

from dataclasses import dataclass

PASS, ROLE = "pass", "role"


@dataclass
class Cover:
    player: str
    show_role: bool  # after the pass cover, reveal the player's role
    stage: str = PASS

    def click(self) -> bool:
        """The player clicked: True when the cover is done."""
        if self.stage == PASS and self.show_role:
            self.stage = ROLE
            return False
        return True


class Covers:
    """The covers queued on a shared screen, the first one shown, and who last had the
    device."""

    def __init__(self) -> None:
        self.queue: list[Cover] = []
        self.holder: str | None = None

    def __bool__(self) -> bool:
        return bool(self.queue)

    def deal(self, humans: list[str]) -> None:
        """A saboteur game begins: each human sees their role once."""
        self.queue = [Cover(p, show_role=True) for p in humans]
        self.holder = humans[-1] if humans else None

    def pass_to(self, player: str) -> None:
        """It is ``player``'s turn: a pass cover if the device changes hands."""
        if self.holder is not None and player != self.holder:
            self.queue.append(Cover(player, show_role=False))
        self.holder = player

    def reveal(self, player: str) -> None:
        self.queue.append(Cover(player, True, stage=ROLE))

    def click(self) -> bool:
        """The player clicked the cover shown: True when it is taken away."""
        if self.queue and self.queue[0].click():
            self.queue.pop(0)
            return True
        return False
