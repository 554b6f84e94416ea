"""A game's own screen playing a network game (simulator/app/net_link.py carries it).

The game's normal screen, on the replica's match, with the seats held at this desk as
its only people, is wrapped by a ``NetworkGame``: the window shows that, which passes
time, input and drawing on to the screen and adds the network's part. The screen knows
the session only as its ``remote`` (game_screen.py's ``Remote``): it names the seats
played elsewhere, no computer moves at this desk (the host runs the computers) and no
other game loads. Every other seat's move comes from the network: the replica applies
it on the window's thread inside ``replica.watch``, which films the world, and the move
then plays back as a computer's move does (computer_seats.py). A move made here goes to
the host as soon as the input or the frame that made it is over; a piece held live
streams its hand to the others, who draw it as a ghost only. What the host says
(countdowns, notices, a desync, a refusal) becomes the screen's message, in sentences.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pyglet

from simulator.app import crisp
from simulator.app.computer_seats import PLAYBACK_FPS
from simulator.app.game_screen import GameScreen
from simulator.app.layout import DESIGN_H
from simulator.app.net_link import Link
from simulator.app.net_words import words
from simulator.app.screen import Screen
from simulator.app.setup import REGISTRY
from simulator.app.table_rules import undo_accidents
from simulator.app.words import computer_tag, your_turn
from simulator.games.live_stage import HOLDING, SETTLING
from simulator.games.match import PhysicalMatch
from simulator.net.client import LIVE_EVERY
from simulator.net.protocol import MAX_NAME
from simulator.render.film import Film
from simulator.render.palette import colour

HAND_RING = 14.0  # logical pixels: the radius of another player's hand drawn
HAND_TONE = (90, 60, 200)
GHOST_ALPHA = 110  # another player's held piece: seen through
NO_LOAD = "A network game cannot load another game: every player plays the host's."
# A game's ``held_look``: a piece's outline in its own frame, its colour and its name.
Look = Callable[[str], tuple[list[Any], str, str]]


class NetworkGame(Screen):
    """``screen`` playing over ``link``; ``look(piece)`` is the game's ``held_look`` (its
    screen module), for the others' held pieces (HandGhosts)."""

    def __init__(self, screen: GameScreen, link: Link, look: Look | None = None) -> None:
        self.screen = screen
        self.link = link
        self.dt = screen.dt
        self.shortcuts = screen.shortcuts  # the help lists the game's keys
        self._filmed: list[tuple[Film, list[dict[str, Any]]]] = []
        self._ghosts = HandGhosts(look)
        self._holding = False  # our piece was held live at the last frame
        self._live_sent = 0.0  # when our live move was last sent (time.monotonic)
        self._out_of_step: str | None = None  # said until the host's game replaces ours
        screen.remote = self

    # -- the game screen's remote -------------------------------------------------------

    def elsewhere(self) -> dict[str, str]:
        """Every seat but ours: the host's computer (of its level), or a person online or
        away."""
        seats = self.link.lobby.get("seats", [])
        return {
            seat["name"]: computer_tag(seat.get("level"))
            if seat["kind"] == "computer"
            else ("online" if seat["connected"] else "away")
            for seat in seats
            if seat["name"] != self.link.seat
        }

    def refuse_load(self) -> None:
        self.screen.say(NO_LOAD)

    def our_turn(self) -> bool:
        """Whether the rules wait for the seat played at this desk."""
        game, seat = self.link.game, self.link.seat
        return game is not None and seat is not None and seat in game.to_act()

    def tell_turn(self) -> None:
        """Once the turn is this desk's, its player reads "Your turn", not their seat's
        name (the games' words name every seat alike)."""
        seat = self.link.seat
        if seat is not None and self.our_turn():
            self.screen.reword_move(lambda words: your_turn(words, seat))

    # -- the replica's hook -------------------------------------------------------------

    @contextmanager
    def watching(self) -> Iterator[None]:
        """Around the replica applying another seat's move: a live move of ours in the
        world is taken back first (the host's move wins), and a physical match's world
        is filmed so the move plays back."""
        screen = self.screen
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
        """An event from the host, on the window's thread (the move applied already);
        once out of step, that is said over whatever is heard until the game is replaced."""
        self._hear(kind, fields)
        self._out_of_step = self._out_of_step or (
            words(kind, fields, self.link.seat) if kind == "desync" else None
        )
        if self._out_of_step:
            self.screen.say(self._out_of_step)

    def _hear(self, kind: str, fields: dict[str, Any]) -> None:
        screen = self.screen
        screen.drop_gone_move()  # the replica may have rebuilt the world under it
        if kind == "move":
            if fields["mine"]:
                screen.move_agreed()
                return
            film, events = self._filmed.pop(0) if self._filmed else (Film(1), [])
            screen.moved_elsewhere(fields["by"], film, events)
            self.tell_turn()
            return
        if kind == "refused" and fields.get("move"):
            screen.move_rewound()  # the replica went back to what the host agreed
        said = words(kind, fields, self.link.seat)
        if said:
            screen.say(said)

    # -- the window's calls, passed on to the screen --------------------------------------

    @property
    def typing(self) -> bool:
        return self.screen.typing

    @property
    def move_in_progress(self) -> bool:
        return self.screen.move_in_progress

    def attach(self, window: Any) -> None:
        super().attach(window)
        self.screen.attach(window)

    def say(self, message: str) -> None:
        self.screen.say(message)

    def advance(self, steps: int, seconds: float) -> None:
        # The host's table options are every desk's (a lobby may change them).
        self.screen.undo_accidents = undo_accidents(self.link.lobby.get("table"))
        self.screen.advance(steps, seconds)
        self.link.send_moves()  # a move the frame made (a timed challenge's clock)
        self._stream_hand()
        self._stream_live()

    def draw(self, window: Any, base: Any) -> None:
        screen = self.screen
        screen.draw(window, base)
        camera = getattr(screen, "camera", None)
        if camera is None:
            return  # a game without a hand (Filled In) shows no streamed hand
        window.view = base
        self._ghosts.draw(self.link.shown_hands(), camera(), screen.match.world)

    def close(self) -> None:
        self.screen.close()
        self._ghosts.delete()

    def on_mouse_motion(self, x: float, y: float) -> None:
        self.screen.on_mouse_motion(x, y)

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        self.screen.on_mouse_press(x, y, button)
        self.link.send_moves()  # a move the click confirmed goes at once

    def on_mouse_scroll(self, scroll_y: float) -> None:
        self.screen.on_mouse_scroll(scroll_y)

    def on_text(self, text: str) -> None:
        self.screen.on_text(text)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.screen.on_key_press(symbol, modifiers)
        self.link.send_moves()  # a move the key confirmed goes at once

    def on_key_release(self, symbol: int) -> None:
        self.screen.on_key_release(symbol)

    # -- the hands ------------------------------------------------------------------------

    def _stream_live(self) -> None:
        """Our live move so far, for the others to run ahead (a physical game): while
        the piece is held (LIVE_EVERY apart), and once as it is let go."""
        screen = self.screen
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
        live, seat = self.screen.live, self.link.seat
        held = getattr(live, "held", None)  # None once the world moved on (live_stage.py)
        if held is None or seat is None:
            return
        game = self.link.game
        if game is None or seat not in game.to_act():
            return
        pose = held.pose
        self.link.send_hand(pose.x, pose.y, math.degrees(pose.angle), str(held.id)[:MAX_NAME])


class HandGhosts:
    """Other players' streamed hands: the piece each holds, translucent, where their hand
    carries it, with a ring and whose hand it is; drawn only, never simulated.
    ``look(piece)`` is the game's ``held_look`` (its screen module): the piece's outline
    in its own frame, its colour and its name (KeyError: a piece it does not know)."""

    def __init__(self, look: Look | None) -> None:
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
                    color=(*HAND_TONE, 255),
                    anchor_y="center",
                    batch=self.batch,
                    group=crisp.DeviceGroup(),  # drawn in device pixels: crisp at any size
                )
                self._labels[seat] = label
            device = crisp.current()
            if label.font_size != 12 * device.k:
                label.font_size = 12 * device.k
            label.position = (*device.point(x + HAND_RING + 6, y), 0)
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


def network_screen(link: Link) -> NetworkGame:
    """The game's screen on the link's replica, wrapped for network play: the link's
    seat is this desk's person (none for a spectator); the replica's moves of other
    seats play back on it."""
    game = link.game
    assert game is not None, "the host has not sent the game yet"
    module = REGISTRY.get(game.kind).load("screen")
    humans = [link.seat] if link.seat else []
    played = NetworkGame(
        module.around(game.match, humans), link, getattr(module, "held_look", None)
    )
    link.client.replica.watch = played.watching
    return played
