"""Crazy Tower turns set up and played through the turn controller alone
(simulator/app/crazy_tower/turn.py): no window and no GL. This module imports no pyglet,
so a fresh process can play a placement with it and show none was loaded."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from simulator.app.crazy_tower import session
from simulator.app.crazy_tower.turn import CrazyTowerTurn
from simulator.app.setup import GameSetup, Seat
from simulator.games.crazy_tower.live import SETTLED
from simulator.games.crazy_tower.survey import card_point

ROOT = Path(__file__).resolve().parents[2]
TWO = (("Ann", "human"), ("Bob", "human"))


@dataclass
class Desk:
    """The screen as the turn sees it, recorded."""

    message: str = ""
    dirty: bool = False
    showing: bool = False  # a computer's move is being shown
    logged: int = 0
    taken: int = 0

    def showing_move(self) -> bool:
        return self.showing

    def move_logged(self) -> None:
        self.logged += 1

    def piece_taken(self) -> None:
        self.taken += 1


def new_turn(
    seats: tuple[tuple[str, str], ...] = TWO,
    *,
    mode: str = "competitive",
    challenge: int | None = None,
    seed: int = 1,
    dexterity: str | None = None,
) -> tuple[CrazyTowerTurn, Desk]:
    players = tuple(Seat(name, controller) for name, controller in seats)
    settings = {} if challenge is None else {"challenge": challenge}
    setup = GameSetup("crazy-tower", players, seed, mode, settings, dexterity)
    desk = Desk()
    return CrazyTowerTurn(session.new_game(setup), desk), desk


def lay(turn: CrazyTowerTurn, card: str, u: float) -> list | None:
    """Carry the held piece 4 cm over card coordinate ``u`` of ``card``, lower it until
    it rests, release it and let the tower settle, a fixed step at a time as the window
    would; the move's new events (None: refused)."""
    x, y = card_point(turn.match.world.entry(card), u)
    turn.hand.aim(x, y + 4.0)
    for _ in range(120):
        turn.drive(1)
    turn.hand.lowering = True
    for _ in range(1200):
        turn.drive(1)
        if not turn.hand.lowering:
            break
    assert turn.desk.message.startswith("The piece rests"), turn.desk.message
    turn.release()
    live = turn.live
    assert live is not None and turn.desk.message == "Released: the tower settles..."
    for _ in range(2000):
        if live.settle_chunk():
            return turn.settled()
    raise AssertionError("the tower never settled")


def play_a_placement() -> CrazyTowerTurn:
    """Ann's 4-cube block on the ground floor's left half, confirmed."""
    turn, desk = new_turn()
    turn.pick_numbered(6)  # key 7
    assert turn.holding() and turn.live is not None and turn.live.piece == "red-4a"
    assert desk.taken == 1 and desk.message.startswith("You hold the red 4-cube block")
    events = lay(turn, "fc-00", 5.0)
    assert events and events[0]["type"] == "block_placed"
    assert turn.live.stage == SETTLED and desk.message.startswith("Verdict:")
    assert desk.logged == 0  # settled is not confirmed
    turn.confirm()
    assert desk.logged == 1 and turn.live is None
    return turn
