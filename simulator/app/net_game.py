"""A game's own screen playing a network game (simulator/app/net_link.py carries it).

The screen is the game's normal one, on the replica's match, with the seats held at
this desk as its only people; no seat is its computer (the host runs the computers), so
every other seat's move comes from the network. The replica applies such a move on the
window's thread inside ``replica.watch``, which films the world: the move then plays
back as a computer's move does (computer_seats.py). The local player's confirmed moves
go to the host at once; a piece held live streams its hand to the others, who draw it
as a ghost only. What the host says (countdowns, notices, a desync, a refusal) becomes
the screen's message, in sentences.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyglet

from simulator.app.computer_seats import PLAYBACK_FPS
from simulator.app.layout import DESIGN_H
from simulator.app.net_link import Link
from simulator.app.setup import REGISTRY
from simulator.games.live_stage import HOLDING, SETTLING
from simulator.games.match import PhysicalMatch
from simulator.net.cli import countdown_words, desync_words
from simulator.net.client import LIVE_EVERY
from simulator.net.protocol import MAX_NAME
from simulator.render.film import Film
from simulator.render.palette import colour

if TYPE_CHECKING:
    from simulator.app.game_screen import GameScreen

HAND_RING = 14.0  # logical pixels: the radius of another player's hand drawn
HAND_TONE = (90, 60, 200)
GHOST_ALPHA = 110  # another player's held piece: seen through
NO_LOAD = "A network game cannot load another game: every player plays the host's."


def words(kind: str, fields: dict[str, Any], me: str | None) -> str | None:
    """What the players read about an event from the host (None: nothing to say)."""
    if kind == "wait":
        seat, seconds, why = fields["seat"], int(fields["seconds"]), str(fields.get("why"))
        if seat == me and why == "turn":
            return f"You have {seconds} s left for this move; then the computer makes it."
        return countdown_words(seat, seconds, why)
    if kind == "notice":
        return str(fields.get("text") or "")
    if kind == "chat":
        return f"{fields.get('name')}: {fields.get('text')}"
    if kind == "refused":
        reason = str(fields.get("reason") or "no reason given").rstrip(".")
        if fields.get("move"):
            return f"The host refused your move ({reason}); it was taken back."
        return f"The host refused that: {reason}."
    if kind == "desync":
        return desync_words(int(fields["seq"]))
    if kind == "reconnecting":
        return f"Lost the host; trying to rejoin ({fields['seconds']} s left)."
    if kind in ("closed", "error"):
        return f"The network game ended: {str(fields.get('reason') or 'no reason').rstrip('.')}."
    return None


class NetworkPlay:
    """Mixed in before a game screen's class (``network_class``); ``link`` is set right
    after the screen is made (``network_screen``)."""

    link: Link
    _filmed: list[tuple[Film, list[dict[str, Any]]]]
    _ghosts: HandGhosts
    _holding: bool  # our piece was held live at the last frame
    _live_sent: float  # when our live move was last sent (time.monotonic)

    # -- what changes from a game at one desk ---------------------------------------------

    def computer_to_move(self) -> Any:
        return None  # the host's computers move through the network

    def _autosave(self) -> None:
        """Nothing: the host autosaves the network game after every move (a desk's own
        autosave of a local game is left alone)."""

    def load(self, path: Path | None = None) -> None:
        self.say(NO_LOAD)  # type: ignore[attr-defined]

    def elsewhere(self) -> dict[str, str]:
        """Every seat but ours: the host's computer, or a person online or away."""
        seats = self.link.lobby.get("seats", [])
        return {
            seat["name"]: "computer"
            if seat["kind"] == "computer"
            else ("online" if seat["connected"] else "away")
            for seat in seats
            if seat["name"] != self.link.seat
        }

    def _confirmed(self) -> None:
        super()._confirmed()  # type: ignore[misc]
        self.link.send_moves()

    # -- the replica's hook -------------------------------------------------------------

    @contextmanager
    def watching(self) -> Iterator[None]:
        """Around the replica applying another seat's move: a live move of ours in the
        world is taken back first (the host's move wins), and a physical match's world
        is filmed so the move plays back."""
        screen: Any = self
        match = screen.match
        if screen.move_in_progress and isinstance(match, PhysicalMatch):
            screen.undo()  # the world holds our piece; Filled In's pencil stays
            match = screen.match
        before = len(match.events())
        film = Film(max(1, round(1 / (PLAYBACK_FPS * screen.dt))))
        if isinstance(match, PhysicalMatch):
            with film.watching(match.world):
                yield
        else:
            yield
        self._filmed.append((film, match.events()[before:]))

    def heard(self, kind: str, fields: dict[str, Any]) -> None:
        """An event from the host, on the window's thread (the move applied already)."""
        screen: Any = self
        screen.drop_gone_move()  # the replica may have rebuilt the world under it
        if kind == "move":
            if fields["mine"]:
                screen._changed()
                return
            film, events = self._filmed.pop(0) if self._filmed else (Film(1), [])
            screen._computer_moved(self._seat_key(fields["by"]), film, events)
            return
        if kind == "refused" and fields.get("move"):
            screen._move_done()  # the replica went back to what the host agreed
        said = words(kind, fields, self.link.seat)
        if said:
            screen.say(said)

    def _seat_key(self, name: str) -> Any:
        """The game's key for a seat (LOTS counts seats, the others name them)."""
        screen: Any = self
        if screen.match.kind == "lots":
            return list(screen.match.state.players).index(name)
        return name

    # -- the hands ------------------------------------------------------------------------

    def advance(self, steps: int, seconds: float) -> None:
        super().advance(steps, seconds)  # type: ignore[misc]
        self.link.send_moves()  # any move of ours that entered the log another way
        self._stream_hand()
        self._stream_live()

    def _stream_live(self) -> None:
        """Our live move so far, for the others to run ahead (a physical game): while
        the piece is held (LIVE_EVERY apart), and once as it is let go."""
        screen: Any = self
        stage = getattr(screen.live, "stage", None)
        if self.link.seat is None or not isinstance(screen.match, PhysicalMatch):
            return
        now = time.monotonic()
        if stage == HOLDING:
            self._holding = True
            if now - self._live_sent >= LIVE_EVERY and (action := screen.live_action()):
                self._live_sent = now
                self.link.send_live(action, released=False)
        elif self._holding and stage == SETTLING and (action := screen.live_action()):
            self._holding = False
            self.link.send_live(action, released=True)
        elif stage != SETTLING:
            self._holding = False  # taken back before it was let go

    def _stream_hand(self) -> None:
        """While our piece is held live, where it is goes to the others (30 a second at
        most: the client keeps the pace)."""
        screen: Any = self
        live, seat = screen.live, self.link.seat
        held = getattr(live, "held", None)  # None once the world moved on (live_stage.py)
        if held is None or seat is None:
            return
        game = self.link.game
        if game is None or seat not in game.to_act():
            return
        pose = held.pose
        self.link.send_hand(pose.x, pose.y, math.degrees(pose.angle), str(held.id)[:MAX_NAME])

    def draw(self, window: Any, base: Any) -> None:
        super().draw(window, base)  # type: ignore[misc]
        screen: Any = self
        camera = getattr(screen, "camera", None)
        if camera is None:
            return  # a game without a hand (Filled In) shows no streamed hand
        window.view = base
        self._ghosts.draw(self.link.shown_hands(), camera(), screen.match.world)

    def close(self) -> None:
        super().close()  # type: ignore[misc]
        self._ghosts.delete()


class HandGhosts:
    """Other players' streamed hands: the piece each holds, translucent, where their hand
    carries it, with a ring and whose hand it is; drawn only, never simulated.
    ``look(piece)`` is the game's ``held_look`` (its screen module): the piece's outline
    in its own frame, its colour and its name (KeyError: a piece it does not know)."""

    def __init__(self, look: Callable[[str], tuple[list[Any], str, str]] | None) -> None:
        self.look = look
        self.batch = pyglet.graphics.Batch()
        self._labels: dict[str, Any] = {}
        self._shapes: list[Any] = []  # the rings and outlines of this frame

    def draw(self, hands: dict[str, Any], camera: Any, world: Any) -> None:
        for item in self._shapes:
            item.delete()
        self._shapes = []
        for seat in [s for s in self._labels if s not in hands]:
            self._labels.pop(seat).delete()
        for seat, hand in hands.items():
            # a piece the game runs ahead is in the world itself, in the world's hand: no
            # ghost of them then, only whose hand it is, beside the piece
            ahead = bool(hand.piece) and hand.piece in world
            text = self._piece(seat, hand, camera, ghost=not ahead)
            x, y = camera.to_screen(hand.x, hand.y)
            if ahead:
                points = [
                    camera.to_screen(*p)
                    for q in world.entry(hand.piece).world_polygons()
                    for p in q
                ]
                x = max(px for px, _ in points)  # the label clears the fingers
            else:
                ring = pyglet.shapes.Arc(
                    x, y, HAND_RING, thickness=3, color=(*HAND_TONE, 200), batch=self.batch
                )
                self._shapes.append(ring)
            y = min(y, DESIGN_H - 80)
            label = self._labels.get(seat)
            if label is None:
                label = pyglet.text.Label(
                    text,
                    font_size=12,
                    color=(*HAND_TONE, 255),
                    anchor_y="center",
                    batch=self.batch,
                )
                self._labels[seat] = label
            label.position = (x + HAND_RING + 6, y, 0)
            if label.text != text:
                label.text = text
        if hands:
            self.batch.draw()

    def _piece(self, seat: str, hand: Any, camera: Any, ghost: bool) -> str:
        """Draw the held piece's outline (with ``ghost``); the words beside the hand."""
        if not hand.piece:
            return f"{seat}'s hand"
        try:
            outline, tone, name = self.look(hand.piece) if self.look else ([], "", hand.piece)
        except KeyError:  # a piece this desk does not know: its id only
            return f"{seat}'s hand: {hand.piece}"
        turn = math.radians(hand.angle)
        cos, sin = math.cos(turn), math.sin(turn)
        rgb = colour(tone).rgb if tone else HAND_TONE
        for polygon in outline if ghost else []:
            points = [
                camera.to_screen(hand.x + px * cos - py * sin, hand.y + px * sin + py * cos)
                for px, py in polygon
            ]
            self._shapes.append(
                pyglet.shapes.Polygon(*points, color=(*rgb, GHOST_ALPHA), batch=self.batch)
            )
        return f"{seat}'s hand: {name.removeprefix('the ')}"

    def delete(self) -> None:
        for item in [*self._shapes, *self._labels.values()]:
            item.delete()
        self._shapes, self._labels = [], {}


@functools.cache
def network_class(screen_class: type[GameScreen]) -> type[GameScreen]:
    """The game's screen class playing a network game."""
    return type(f"Network{screen_class.__name__}", (NetworkPlay, screen_class), {})


def network_screen(link: Link) -> GameScreen:
    """The game's screen on the link's replica: the link's seat is this desk's person
    (none for a spectator); the replica's moves of other seats play back on it."""
    game = link.game
    assert game is not None, "the host has not sent the game yet"
    module = REGISTRY.get(game.kind).load("screen")
    humans = [link.seat] if link.seat else []
    screen: Any = module.around(game.match, humans, network_class)
    screen.link = link
    screen._filmed = []
    screen._ghosts = HandGhosts(getattr(module, "held_look", None))
    screen._holding, screen._live_sent = False, 0.0
    link.client.replica.watch = screen.watching
    return screen
