"""Tiny Tower's turns on screen, without pyglet (tested in tests/turns/): whose box it
is, a person's placement, the computer seats' players and what the panel says. The
screen (screen.py) only draws this and forwards keys and buttons to it."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from rules.errors import IllegalMove
from simulator.games.computer_seat import ComputerSeat
from tests.games.tiny.engine import COLS, ENGINE, PLACE, TAKE
from tests.games.tiny.match import TinyMatch
from tests.games.tiny.player import COMPUTERS

RANDOM = "random"


class TinyTurns:
    """``levels``: every computer seat's level by name (what a save keeps); ``humans``:
    the names played at this desk (a network game; None: every seat not a computer)."""

    def __init__(
        self,
        match: TinyMatch,
        levels: Mapping[str, str],
        humans: Collection[str] | None = None,
    ) -> None:
        self.match = match
        self.levels = dict(levels)
        self.humans = None if humans is None else set(humans)
        # name -> its seat, as the one seat driver seats every computer (the app's
        # computer seats run its steps: refusals, the hand-over to the random player)
        self.seats: dict[str, ComputerSeat] = {
            name: COMPUTERS.seat_for(match, name, level, match.seed)
            for name, level in self.levels.items()
        }

    def over(self) -> bool:
        return ENGINE.outcome(self.match.state).over

    def mine(self, name: str) -> bool:
        """Whether ``name`` is played at this desk."""
        return name not in self.levels if self.humans is None else name in self.humans

    def my_turn(self) -> bool:
        return not self.over() and self.mine(self.match.state.player)

    def computer_to_move(self) -> str | None:
        name = self.match.state.player
        return None if self.over() or name not in self.seats else name

    def place(self, col: int) -> str | None:
        """The player to act takes the next box and puts it at ``col``: None once done,
        else why not (the match is then unchanged)."""
        if self.over():
            return "The game is over."
        name = self.match.state.player
        if not self.mine(name):
            who = "the computer" if name in self.levels else "another desk"
            return f"It is {name}'s turn: {who} plays it."
        if col not in COLS:  # judged before the box is taken, so a refusal changes nothing
            return f"Refused: a box goes at a column from {COLS[0]} to {COLS[-1]}."
        try:
            if self.match.state.phase == TAKE:
                self.match.perform({"type": TAKE, "player": name})
            self.match.perform({"type": PLACE, "player": name, "col": col})
        except IllegalMove as exc:
            return f"Refused: {exc.reason}"
        return None

    def handed_over(self, name: str) -> None:
        """The random player took ``name``'s seat: the save records it so."""
        self.levels[name] = RANDOM

    def moved_words(self, name: str, events: list[dict[str, Any]]) -> str:
        """What a computer's (or another desk's) move did, in one sentence."""
        placed = [e for e in events if e["type"] == PLACE]
        if not placed:
            return f"{name} took a box."
        event = placed[-1]
        where = f"{event['col']:+d} cm" if event["col"] else "the centre"
        fell = " and it fell" if event.get("fallen") else ""
        return f"{name} put a box at {where}{fell}."

    def status(self) -> tuple[str, str]:
        """The panel's two lines: how the game stands, and the boxes standing per player."""
        state, outcome = self.match.state, ENGINE.outcome(self.match.state)
        if outcome.over:
            line = f"Over ({outcome.reason}): {', '.join(outcome.winners) or 'nobody'} won."
        else:
            line = f"{state.player} to play: stack {state.target} boxes without a fall."
        scores = ", ".join(f"{n} {p}" for n, p in ENGINE.scores(state).items())
        return line, f"Boxes standing: {scores}"
