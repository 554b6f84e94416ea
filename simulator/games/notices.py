"""Match notices (refused actions, pieces taken back) merged into the rules' event log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Event = dict[str, Any]
# (index in the rules' event log where it happened, the event)
Notice = tuple[int, Event]


def merge_notices(events: Sequence[Event], notices: Sequence[Notice]) -> list[Event]:
    """The events with each notice inserted before the rules' event that followed it;
    notices at the same index keep their order."""
    pending = sorted(notices, key=lambda item: item[0])  # sorted() is stable
    out: list[Event] = []
    position = 0
    for index, event in enumerate([*events, None]):
        while position < len(pending) and pending[position][0] <= index:
            out.append(pending[position][1])
            position += 1
        if event is not None:
            out.append(event)
    return out
