"""A LOTS game's turns without a window (simulator/app/lots/turns.py): a screen that
records what they tell it, and the steps the screen would run."""

from __future__ import annotations

from typing import Any

from simulator.app.lots import session
from simulator.app.lots.material import engine
from simulator.app.lots.turns import LotsTurns

NEXT = "Ann's turn."  # what the host says of whose turn it is


class Host:
    """A screen that records what the turns tell it."""

    def __init__(self) -> None:
        self.calls: list[Any] = []

    def changed(self) -> None:
        self.calls.append("changed")

    def confirmed(self) -> None:
        self.calls.append("confirmed")

    def scored(self, events: list[dict[str, Any]], state: Any, *, held: bool) -> None:
        self.calls.append(("scored", held, [e["type"] for e in events]))

    def unscored(self) -> None:
        self.calls.append("unscored")

    def picked_up(self) -> None:
        self.calls.append("picked_up")

    def turn_words(self) -> str:
        return NEXT


def new_turns(seed: int = 3) -> tuple[LotsTurns, Host]:
    host = Host()
    match = session.new_match(["Ann", "Bob"], "1A", seed)
    return LotsTurns(match, host, seed=seed), host


def to_placement(turns: LotsTurns) -> None:
    """Roll, pass or take the first legal move until a block is to be placed."""
    for _ in range(20):
        if turns.my_move("place"):
            return
        if turns.my_move("roll"):
            turns.roll()
        elif turns.my_move("bonus", "steal"):
            turns.pass_turn()
        else:
            turns.move(engine().legal_moves(turns.match.state)[0])
    raise AssertionError("no placement came")


def drive(turns: LotsTurns, frames: int) -> None:
    """Move the hand for ``frames`` frames of 1/60 s, as the screen does."""
    for _ in range(frames):
        turns.drive(round(1 / 60 / turns.dt))


def settle(turns: LotsTurns) -> None:
    live = turns.live
    assert live is not None
    for _ in range(5000):
        if live.settle_chunk():
            turns.after_settle()
            return
    raise AssertionError("the tower never settled")
