"""Network play without sockets, for driving it through random interleavings: a host
(the real Room, relaying as simulator/net/server.py does) and desks (a real Replica and
a live move held in its match's hand, as the app's screen holds one), every message a
queue entry delivered whenever the test says. The moves, streams, undos, rejoins and
resyncs thus meet in orders a loopback game rarely shows."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from random import Random
from typing import Any

from rules.crazy_tower.legal import legal_moves as ct_moves
from rules.errors import IllegalMove
from rules.lots import apply_move, placement_choices
from simulator.games.computer_seat import computers_of
from simulator.games.crazy_tower.live import LiveMove
from simulator.games.live_stage import GONE, HOLDING, SETTLED, SETTLING
from simulator.games.lots.live import LivePlacement
from simulator.net.game import NetGame
from simulator.net.replica import Replica
from simulator.net.room import Refused, Room
from simulator.seeds import seat_seed

LIVE_KINDS = ("place_block", "lay_card", "replace_piece", "remove_block")
Message = tuple[str, dict[str, Any]]


@dataclass
class Desk:
    """One player's app: its replica, the live move in its hand, what the host sent it
    and not yet delivered, and whether it is connected."""

    seat: str
    client: int
    replica: Replica
    token: str
    rng: Random
    live: Any = None  # a LivePlacement or a LiveMove, as the app's screen holds it
    inbox: list[Message] = field(default_factory=list)
    connected: bool = True
    hands_seen: int = 0
    gone: int = 0  # live moves whose world the match replaced under them

    @property
    def game(self) -> NetGame:
        assert self.replica.game is not None
        return self.replica.game

    def my_turn(self) -> bool:
        """The rules of the replica's match wait for this seat (the app lets its person
        act then, even with a move of theirs not yet relayed back)."""
        return self.seat in self.game.to_act() and not self.game.over

    # -- what the app's screen does ---------------------------------------------------------

    @contextmanager
    def watching(self) -> Iterator[None]:
        """As the app's screen: another seat's move wins over a live move of ours."""
        if self.live is not None:
            self.undo()
        yield

    def drop_gone(self) -> None:
        """As GameScreen.drop_gone_move: a move whose world the match replaced is gone."""
        if self.live is not None and self.live.stage == GONE:
            assert self.live.held is None  # the question the crash asked has an answer
            self.live = None
            self.gone += 1

    def undo(self) -> None:
        if self.live is not None:
            self.game.match.rebuild()
            self.live = None

    def hand(self) -> dict[str, Any] | None:
        """What the app's hand stream sends now (net_game.py, _stream_hand)."""
        held = self.live.held if self.live is not None else None
        if held is None or not self.my_turn():
            return None
        pose = held.pose
        return {"x": pose.x, "y": pose.y, "angle": math.degrees(pose.angle), "piece": held.id}


class Table:
    """A host and its desks; ``step`` does one random thing somewhere."""

    def __init__(self, game: NetGame, seed: int) -> None:
        self.rng = Random(seed)
        self.room = Room(game)
        self.desks: list[Desk] = []
        for index, name in enumerate(game.players):
            seat = self.room.take_seat(index + 1, name, None, None)
            self.desks.append(
                Desk(name, index + 1, Replica(name), seat.token, Random(seed + index))
            )
        self.room.start()
        for desk in self.desks:
            desk.replica.watch = desk.watching
            self._send_game(desk)
            self.deliver(desk, 1)
        computers = computers_of(game.match)
        self.computers = {  # one decision each time, applied as every computer seat's
            desk.seat: computers.player(
                "random", seat_seed(game.match.seed, index), desk.seat, None
            )
            for index, desk in enumerate(self.desks)
        }
        self.apply = computers.apply
        self.hands = 0
        self.faulty: set[str] = set()  # seats whose next move the host fails on

    # -- the host ------------------------------------------------------------------------

    def _send_game(self, desk: Desk) -> None:
        document = self.room.document_for(desk.seat)
        desk.inbox.append(("game", {"document": document, "seq": self.room.seq}))

    def _broadcast(self, kind: str, fields: dict[str, Any], skip: Desk | None = None) -> None:
        for desk in self.desks:
            if desk.connected and desk is not skip:
                desk.inbox.append((kind, dict(fields)))

    def receive_move(self, desk: Desk, move_id: int, action: dict[str, Any]) -> None:
        try:
            if desk.seat in self.faulty:  # a fault of the host's own: refused all the same
                self.faulty.discard(desk.seat)
                raise Refused("the host could not handle that message")
            checked = self.room.check_move(desk.client, action)
        except Refused as exc:
            desk.inbox.append(("refused", {"reason": exc.reason, "move": True}))
            return
        seat = self.room.seat_of(desk.client)
        assert seat is not None
        relayed = self.room.relay(checked, seat.name, move_id)
        self._broadcast("move", relayed.message())  # relayed before the host applies it
        self.room.apply(relayed)

    def receive_live(self, desk: Desk, action: dict[str, Any], released: bool) -> None:
        try:
            checked = self.room.check_move(desk.client, action)
        except Refused:
            return  # refused with one line; nothing reaches the others
        fields = {"seq": self.room.seq, "by": desk.seat, "action": checked, "released": released}
        self._broadcast("live", fields, skip=desk)

    def stand_in(self) -> None:
        """A player ran out of time: the host's computer makes their move."""
        waiting = self.room.game.to_act()
        if waiting:
            for relayed in self.room.stand_in(waiting[0], "random"):
                self._broadcast("move", relayed.message())

    # -- a desk's messages ------------------------------------------------------------------

    def deliver(self, desk: Desk, count: int) -> None:
        """The desk's client handles its next ``count`` messages, as client.py does."""
        replica = desk.replica
        for _ in range(min(count, len(desk.inbox))):
            kind, fields = desk.inbox.pop(0)
            if kind == "game":
                if replica.load("the host's game", fields["document"], fields["seq"]):
                    desk.live = None  # the app shows the host's game on a screen of its own
            elif kind == "move":
                action = desk.game.check(fields["action"], "the host's move")
                digest = replica.relayed(fields["seq"], fields["by"], fields["id"], action)
                assert digest == self.room.hashes[fields["seq"]][""], "a replica went astray"
            elif kind == "live":
                if replica.run_ahead(fields) and fields["released"]:
                    while not replica.settle_ahead(4):
                        desk.drop_gone()
            elif kind == "refused" and not replica.refused():
                self._send_game(desk)  # the client asks for a resync
            desk.drop_gone()

    # -- a desk's person ------------------------------------------------------------------

    def pick_up(self, desk: Desk) -> None:
        """Start a live move if the rules let this seat make one now; else its computer
        makes whatever move it likes (scripted, as a save holds them)."""
        if desk.live is not None or not desk.my_turn():
            return
        match = desk.game.match
        try:
            desk.live = self._live_move(desk)
        except IllegalMove:
            desk.live = None
        if desk.live is None:
            try:
                self.apply(match, self.computers[desk.seat].decide(match))
            except IllegalMove:
                return
            self.send_moves(desk)

    def _live_move(self, desk: Desk) -> Any:
        match, rng = desk.game.match, desk.rng
        if match.kind == "lots":
            choices = placement_choices(match.state)
            return LivePlacement(match, *rng.choice(choices)) if choices else None
        actions = [a for a in ct_moves(match.state) if a["type"] in LIVE_KINDS]
        return LiveMove(match, rng.choice(actions)) if actions else None

    def drive(self, desk: Desk) -> None:
        """Move the hand a little, and stream where it is and the move so far."""
        live = desk.live
        if live is None or live.stage != HOLDING:
            return
        pose = live.held.pose
        x, y = pose.x + desk.rng.uniform(-3, 3), pose.y + desk.rng.uniform(-2, 1)
        angle = getattr(live, "base_angle", 0.0)
        live.drive(x, y, angle, desk.rng.randint(1, 12))
        hand = desk.hand()
        if hand is not None and desk.connected:
            self.hands += 1
            if desk.seat in self.room.waiting:  # the host drops a hand shown out of turn
                for other in self.desks:
                    if other is not desk:
                        other.hands_seen += 1
        self.stream(desk, released=False)

    def stream(self, desk: Desk, released: bool) -> None:
        action = self._action(desk)
        if action is not None and desk.connected:
            self.receive_live(desk, action, released)

    def _action(self, desk: Desk) -> dict[str, Any] | None:
        live = desk.live
        if live is None or live.stage == GONE:
            return None
        if isinstance(live, LivePlacement):
            state = live.match.state
            return live.placement().as_action(state.players[state.current])
        return live.action()

    def confirm(self, desk: Desk) -> None:
        """Let go, let it settle and confirm it (or undo what the rules refuse)."""
        live = desk.live
        if live is None or live.stage == GONE:
            return
        if live.stage == HOLDING:
            if isinstance(live, LiveMove) and live.release_problem():
                return self.undo(desk)
            live.release()
            self.stream(desk, released=True)
        while live.stage == SETTLING or (live.stage == HOLDING and live.piece):
            if live.stage == HOLDING:  # LOTS: the cube after its block
                live.release()
            live.settle_chunk()
        if live.stage != SETTLED:
            return
        match = live.match
        try:
            if isinstance(live, LivePlacement):
                state = match.state
                move = {"type": "place", "player": state.current, "outcome": live.outcome}
                after = apply_move(state, move)
                match.commit_live(live.placement().as_action(state.players[state.current]), after)
            else:
                if live.problem or live.after is None or live.verdict is None:
                    return self.undo(desk)
                match.commit_live(live.action(), live.after, live.verdict.fallen)
        except IllegalMove:
            return self.undo(desk)
        desk.live = None
        self.send_moves(desk)

    def undo(self, desk: Desk) -> None:
        desk.undo()

    def send_moves(self, desk: Desk) -> None:
        for pending in desk.replica.own_moves():
            if desk.connected:  # a move sent while the link is down is lost with it
                self.receive_move(desk, pending.id, pending.action)

    def leave(self, desk: Desk) -> None:
        if desk.connected:
            desk.connected, desk.inbox = False, []
            self.room.left(desk.client)

    def rejoin(self, desk: Desk) -> None:
        """Back with the seat's token: the host's log replaces the copy."""
        if not desk.connected:
            desk.client += 100
            self.room.take_seat(desk.client, desk.seat, desk.token, None)
            desk.connected = True
            self._send_game(desk)

    def resync(self, desk: Desk) -> None:
        if desk.connected:
            self._send_game(desk)

    # -- the whole ----------------------------------------------------------------------

    def step(self) -> None:
        """One random event at a random desk, weighted by what that desk can do."""
        desk = self.rng.choice(self.desks)
        if desk.live is not None:
            choices = {self.drive: 10, self.confirm: 3, self.undo: 1, self._deliver_some: 3}
        else:
            choices = {self.pick_up: 6, self._deliver_some: 8}
        choices |= {self.leave: 1, self.rejoin: 1, self.resync: 1, self._stand_in: 0.5}
        choices |= {self._fault: 1}
        act = self.rng.choices(list(choices), weights=list(choices.values()))[0]
        act(desk)

    def _deliver_some(self, desk: Desk) -> None:
        self.deliver(desk, self.rng.randint(1, 3))

    def _fault(self, desk: Desk) -> None:
        self.faulty.add(desk.seat)

    def _stand_in(self, desk: Desk) -> None:
        self.stand_in()

    def settle_all(self) -> None:
        """Everyone back, every message delivered, every move in hand dropped."""
        for desk in self.desks:
            self.rejoin(desk)
        for desk in self.desks:
            desk.undo()
            self.deliver(desk, len(desk.inbox))
