"""The Crazy Tower screen: the live tower, the hand on the mouse, the rules' verdicts.

A move of the hand: pick a block from the bank (or reveal a floor card with V: it comes
into the hand) -> it hangs in the simulated hand, which follows the mouse at the hand's
speed (a careless sweep knocks the tower) -> tilt it (wheel, Q/E), lower it (hold Down)
-> release it (click or Space; refused with the reason when the ghost's spot breaks a
rule) -> the tower settles on screen -> the verdict shows -> Enter confirms, Backspace
undoes (the world is rebuilt from the action log, Space.copy() being inexact). A
diamonds box lets the player grip a lower block with the mouse and pull it out.

Saboteur mode hides the roles on a shared screen (crazy_tower_cover.py); computer seats
play after a short pause and their moves play back on screen (computer_seats.py); a timed
solo challenge shows its countdown and records the app's clock in every action.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any, ClassVar

import pyglet
from pyglet.window import key, mouse

from rules.crazy_tower import get_block, get_card, get_challenge, legal_moves
from rules.crazy_tower.blocks import is_block
from rules.crazy_tower.cards import CARD_PIECE
from rules.crazy_tower.state import (
    DIAMONDS,
    EXCHANGE,
    LAY_CARD,
    PLACE,
    REPLACE,
    SABOTEUR,
    TURN,
)
from rules.errors import IllegalMove
from rules.pieces import get_piece
from simulator.app.crazy_tower import session
from simulator.app.crazy_tower.cover import ROLE, Cover
from simulator.app.crazy_tower.flashes import crazy_tower_flashes
from simulator.app.crazy_tower.icons import Icons
from simulator.app.crazy_tower.panel import (
    LEGEND_H,
    PANEL_X,
    PanelActions,
    PanelView,
    draw_legend,
    draw_panel,
    pick_order,
)
from simulator.app.crazy_tower.session import Game
from simulator.app.crazy_tower.words import block_name, piece_name, said, todo, verdict
from simulator.app.flashes import Flashes
from simulator.app.framing import FallFeel, Framing, below, shown_time
from simulator.app.game_screen import SessionGameScreen
from simulator.app.ghost_label import REFUSED_INK, REFUSED_TONE, GhostLabel, body_boxes, union
from simulator.app.guide import bounds
from simulator.app.layout import DESIGN_H, clipped
from simulator.app.setup import HUMAN, GameSetup
from simulator.app.tally import Tally
from simulator.app.widgets import Banner, Hud
from simulator.app.words import refusal, slipped
from simulator.bots.dexterity import draw as draw_jitter
from simulator.bots.dexterity import get_profile
from simulator.games.crazy_tower.bodies import card_half_length
from simulator.games.crazy_tower.bots import make_player
from simulator.games.crazy_tower.live import HOLDING, SETTLED, SETTLING, LiveMove
from simulator.games.crazy_tower.match import CLOCK_KEY, CrazyTowerMatch
from simulator.games.crazy_tower.player import MAX_RETRIES, RandomPlayer
from simulator.physics.geometry import Polygon, piece_polygons
from simulator.render.bodies import entry_mesh, opaque
from simulator.render.camera import Camera
from simulator.render.mesh import Mesh
from simulator.render.scene import OVERLAY, MeshGroup, mesh_list, move_list
from simulator.render.symbols import placed, symbol_triangles
from simulator.seeds import CRAZY_TOWER_HAND_SALT, hand_chance, seat_seed, takeover_seed

WORLD_VIEW = (0.0, float(LEGEND_H), float(PANEL_X - 16), float(DESIGN_H - LEGEND_H))
TILT = 5.0  # degrees a wheel notch or Q/E tilts the held piece
STEP = 2.0  # cm an arrow key moves the held piece: one cube, half a box
# The region the camera shows around the tower (cm): room on the left where the hand
# picks pieces up (the near end of a piece there shows), a little on the right (more
# when a diamonds box lets a block be pulled out), above for the hand, and never
# narrower than the ground card.
ROOM_LEFT, ROOM_RIGHT, ROOM_PULL, ROOM_ABOVE, MIN_HALF_WIDTH = 8.0, 2.0, 8.0, 10.0, 10.0
TABLE_SHOWN = -1.2  # cm of the table's edge below the tower
SHORTCUTS = [
    ("1-9 / click bank", "pick up that block (move A, or the block of move B)"),
    ("V", "reveal a floor card (move B): it comes into your hand"),
    ("mouse", "move the hand (it pushes what it meets)"),
    ("wheel, Q / E", f"tilt the piece {TILT:g} degrees"),
    ("Left / Right, Up, hold Down", f"move the piece {STEP:g} cm / raise it / lower it slowly"),
    ("click, Space", "release the piece; Space also puts back what fell"),
    ("Space, Enter, click", "skip to the end of a computer's move (nothing else meanwhile)"),
    ("+ / -", "play a computer's move faster or slower"),
    ("click a lower block", "diamonds box: grip it, pull it out sideways"),
    ("D", "decline the diamonds removal"),
    ("Enter", "confirm the move"),
    ("Backspace, Ctrl+Z, Esc", "undo the unconfirmed move"),
    ("P", "pass (only when nothing can be played)"),
    ("R", "show your secret role (saboteur mode)"),
    ("click, Space, Enter", "saboteur cover: take the device, hide your role again"),
    ("Ctrl+S / Ctrl+O", "save / load the game (a replayable scenario)"),
    ("H, F1", "this help"),
]


class CrazyTowerScreen(SessionGameScreen):
    shortcuts = SHORTCUTS
    session: ClassVar[Any] = session
    SAVE_REFUSED = "Finish the move first (Enter confirms, Backspace undoes), then save."
    COMPUTER_RETRIES = MAX_RETRIES

    def __init__(self, game: Game, *, save_path: Path | None = None, autosave: bool = True) -> None:
        super().__init__(save_path=save_path or session.save_path(), autosave=autosave)
        self.hud = Hud()
        self.icons = Icons()
        self.banner = Banner(WORLD_VIEW[2])
        self.cover_hud = Hud()
        self._ghost_batch = pyglet.graphics.Batch()
        self._ghost_group = MeshGroup(OVERLAY)
        self._ghost: Any = None
        self._ghost_key: tuple[str, bool] | None = None
        self.ghost_label = GhostLabel()
        self._ghost_memo: Any = None  # ghost() of a held piece, until the world steps
        # framed under the message strip (its top is 8 below the screen's): the piece in
        # the hand is never hidden under it
        self.framing = Framing(below(WORLD_VIEW, DESIGN_H - 8 - self.banner.height))
        self.fall_feel = FallFeel()
        self.tally, self.flashes = Tally(), Flashes()  # scores count; scoring flashes
        self._shown_cover: tuple[int, str] | None = None
        self._start(game)
        self.message = "Welcome to Crazy Tower. Press H for help.  " + todo(self.match.state)

    def _start(self, game: Game) -> None:
        """Show ``game`` from its current state (a new game, or one just loaded)."""
        self.game = game
        self.dt = game.match.profile.dt
        self.live: LiveMove | None = None
        self.target = (0.0, 10.0)  # the hand's target, world cm
        self.angle = 0.0  # degrees ccw
        self.grip = (0.0, 0.0)  # a pulled block: where the mouse holds it from its centre
        self.nudge = (0.0, 0.0)  # the human hand's error on this move: cm, degrees
        self.lowering = False
        self.give: str | None = None
        self.clock = game.match.state.elapsed
        self.computers = {  # seeded as `towersim play crazy-tower` seeds them
            name: make_player(level, seat_seed(game.seed, seat))
            for seat, (name, level) in enumerate(
                zip(game.match.state.players, game.controllers, strict=True)
            )
            if level != HUMAN
        }
        self.dexterity = get_profile(game.dexterity) if game.dexterity else None
        self.covers: list[Cover] = []
        self._holder: str | None = None  # the human who last had the device
        self._shown_second = -1
        self.framing.reset()  # a new game or a load: framed at once
        self.dirty = True
        state = game.match.state
        if state.mode == SABOTEUR and not state.is_over:
            self.covers = [Cover(p, show_role=True) for p in self._humans()]
            self._holder = self.covers[-1].player if self.covers else None
        self._check_device()

    @property
    def match(self) -> CrazyTowerMatch:
        return self.game.match

    def _humans(self) -> list[str]:
        players = self.match.state.players
        return [p for p, c in zip(players, self.game.controllers, strict=True) if c == HUMAN]

    def _human_turn(self) -> bool:
        """A person may act: their turn, and no computer's move is being shown (it is
        already made: the state is past it)."""
        state = self.match.state
        if self.playback is not None or state.is_over:
            return False
        return state.current_player in self._humans()

    # -- time ---------------------------------------------------------------------------

    def advance(self, steps: int, seconds: float) -> None:
        """Run ``steps`` fixed physics steps (from the window's accumulator)."""
        if self.covers:
            return  # the device is being passed: nothing moves, no clock runs
        self._run_clock(seconds)
        self._reframe()
        super().advance(steps, seconds)
        self.framing.step(seconds)
        self.tally.step(seconds)
        self.flashes.step(seconds)
        world = self.match.world
        self.fall_feel.feel(world, shown_time(world, self.playback), self.framing)
        if self.live is None and self._human_turn() and self.match.state.phase == LAY_CARD:
            self._lay_revealed()

    def _advance_live(self, steps: int) -> None:
        live = self.live
        assert live is not None  # GameScreen advances only a live move
        if live.stage == HOLDING and steps:
            self._drive(live, steps)
        elif live.stage == SETTLING:
            self._settle(live, steps, self._after_settle)

    def _drive(self, live: LiveMove, steps: int) -> None:
        x, y = self.target
        if self.lowering:
            y = live.hand.body.position.y - live.hand.settings.lower_speed * steps * self.dt
            self.target = (x, y)
        dx, turn = self.nudge
        done = live.drive(x + dx, y, self.angle + turn, steps)
        if live.dropped:
            self.message = slipped(piece_name(live.piece))
        elif live.stage == SETTLING:
            self.message = f"{piece_name(live.piece).capitalize()} is out: the tower settles..."
        elif done and self.lowering:
            self.lowering = False
            self.message = "The piece rests on the tower: release it (Space or click)."

    def _run_clock(self, seconds: float) -> None:
        limit = self.time_limit()
        if limit is None or self.match.state.is_over:
            return
        self.clock += seconds
        if int(self.clock) != self._shown_second:
            self._shown_second = int(self.clock)
            self.dirty = True
        if self.clock > limit:
            self._out_of_time()

    def time_limit(self) -> float | None:
        challenge = self.match.state.challenge
        return get_challenge(challenge).time_limit_s if challenge is not None else None

    def time_left(self) -> float | None:
        limit = self.time_limit()
        return None if limit is None else max(0.0, limit - self.clock)

    def _out_of_time(self) -> None:
        if self.live is not None:
            self.match.rebuild()
            self.live = None
        state = self.match.state
        tick = {"type": "clock", "player": state.current_player, CLOCK_KEY: round(self.clock, 2)}
        try:
            self.match.perform(tick)
        except IllegalMove as exc:
            self.message = refusal(exc.reason, "The clock could not be reported")
            return
        self.message = "Time is up! " + todo(self.match.state)
        self._confirmed()

    # -- after a move -------------------------------------------------------------------

    def _after_settle(self) -> None:
        live = self.live
        assert live is not None
        if live.problem or live.after is None:
            why = refusal(live.problem, "Refused by the rules") if live.problem else "Refused."
            self.message = why + " Backspace undoes it."
        else:
            self.message = verdict(self.match.state, live.after)
            new = live.after.events[len(self.match.state.events) :]
            crazy_tower_flashes(self.flashes, new, self.match.world)
        self.dirty = True

    # -- computer seats -------------------------------------------------------------------

    def computer_to_move(self) -> str | None:
        state = self.match.state
        if state.is_over or state.current_player not in self.computers:
            return None
        return state.current_player

    def _perform_computer(self, seat: str, decision: dict[str, Any]) -> None:
        self.match.perform(decision)

    def _hand_over(self, seat: str) -> bool:
        if isinstance(self.computers[seat], RandomPlayer):
            return False
        self.computers[seat] = RandomPlayer(takeover_seed(self.game.seed, self.match.action_count))
        self.game.controllers[self.match.state.players.index(seat)] = "random"  # the save says so
        return True

    def _computer_words(self, seat: str, events: list[dict[str, Any]]) -> str:
        crazy_tower_flashes(self.flashes, events, self.match.world, held=True)
        told = said(events, last=4)
        return told + ("" if self.match.state.is_over else " " + todo(self.match.state))

    def _move_done(self) -> None:
        self.flashes.release()  # a computer's move is shown: its flashes start
        self.give = None
        self._changed()
        self._check_device()

    def _check_device(self) -> None:
        """Saboteur mode: a pass cover when the turn goes to another human."""
        state = self.match.state
        if state.mode != SABOTEUR or state.is_over or not self._human_turn():
            return
        player = state.current_player
        if self._holder is not None and player != self._holder:
            self.covers.append(Cover(player, show_role=False))
        self._holder = player

    def _uncover(self) -> None:
        if self.covers and self.covers[0].click():
            self.covers.pop(0)
            self.dirty = True

    # -- moves --------------------------------------------------------------------------

    def _stamp(self, action: dict[str, Any]) -> dict[str, Any]:
        """A timed challenge's actions carry the app's clock (the rules judge it)."""
        if self.time_limit() is not None:
            action[CLOCK_KEY] = round(self.clock, 2)
        return action

    def move(self, move: dict[str, Any]) -> None:
        """A legal move from the panel: a discrete one, or the start of a live one."""
        kind = move["type"]
        if kind in ("replace_piece", "remove_block"):
            keep = ("type", "player", "piece", "block")
            self.start_live({k: move[k] for k in keep if k in move})
            return
        action: dict[str, Any] = {
            k: move[k] for k in ("type", "player", "give", "take") if k in move
        }
        before = len(self.match.state.events)
        try:
            self.match.perform(self._stamp(action))
        except IllegalMove as exc:
            self.message = refusal(exc.reason)
            return
        told = said(self.match.state.events[before:])
        self.message = " ".join([told, todo(self.match.state)]).strip()
        self._confirmed()
        if kind == "reveal_card":
            self._lay_revealed()

    def _lay_revealed(self) -> None:
        state = self.match.state
        self.start_live({"type": "lay_card", "player": state.current_player})
        if self.live is not None and state.revealed is not None:
            self.message = (
                f"You revealed {get_card(state.revealed).name}: lay it on the tower. "
                "Move it with the mouse, release with a click or Space."
            )

    def pick(self, block: str) -> None:
        """A block of a bank clicked: pick it up, or choose it for an exchange."""
        state = self.match.state
        if not self._human_turn() or self.live is not None:
            return
        if state.phase == EXCHANGE:
            self._exchange_pick(block)
        elif state.phase in (TURN, PLACE):
            self.start_live({"type": "place_block", "player": state.current_player, "block": block})

    def _exchange_pick(self, block: str) -> None:
        state = self.match.state
        if block in state.hands[state.current_player]:
            self.give = block
            self.message = f"You give {block_name(block)}: now click another player's block."
            self.dirty = True
        elif self.give is None:
            self.message = "First click one of your own blocks to give."
        else:
            player = state.current_player
            self.move({"type": "exchange", "player": player, "give": self.give, "take": block})

    def start_live(self, action: dict[str, Any]) -> None:
        """Take a piece in the hand (or grip a block to pull it out)."""
        jitter = None
        if self.dexterity is not None and action["type"] != "remove_block":
            chance = hand_chance(self.game.seed, CRAZY_TOWER_HAND_SALT, len(self.match.actions))
            jitter = draw_jitter(self.dexterity, chance)
            action = {**action, "release_vx": jitter.release[0], "release_vy": jitter.release[1]}
        try:
            live = LiveMove(self.match, action)
        except IllegalMove as exc:
            self.message = refusal(exc.reason, "You cannot do that")
            return
        self.live = live
        pose = self.held().pose
        self.target, self.angle, self.grip = (pose.x, pose.y), live.base_angle, (0.0, 0.0)
        self.nudge = (jitter.dx, jitter.angle) if jitter else (0.0, 0.0)
        self.lowering = False
        if live.pulling:
            self.message = (
                f"You grip {piece_name(live.piece)}: pull it out sideways with the mouse (it "
                "rubs on the cards above and below). Backspace lets go and takes it back."
            )
        else:
            self.message = (
                f"You hold {piece_name(live.piece)}: move it with the mouse, tilt with the wheel, "
                "release with a click or Space."
            )
        self.framing.hold()  # the view stays put while the piece is in the hand
        self.dirty = True

    def release(self) -> None:
        live = self.live
        if live is None or live.stage != HOLDING:
            return
        problem = live.release()
        if problem:
            self.message = refusal(problem)
            return
        self.lowering = False
        self.message = "Released: the tower settles..."

    def confirm(self) -> None:
        live = self.live
        if live is None or live.stage != SETTLED or live.after is None or live.verdict is None:
            return
        self.match.commit_live(self._stamp(live.action()), live.after, live.verdict.fallen)
        self.live = None
        self.message = todo(self.match.state)
        self._confirmed()

    def live_action(self) -> dict[str, Any] | None:
        return self.live.action() if self.live is not None else None

    def _take_back(self) -> str:
        self.live, self.lowering = None, False
        self.flashes.clear()
        return "Move undone.  " + todo(self.match.state)

    def _grab_at(self, x: float, y: float) -> None:
        """Diamonds box: grip the block under the mouse, if it may be pulled out."""

        state = self.match.state
        wx, wy = self.camera().to_world(x, y)
        removable = {m["block"] for m in legal_moves(state) if m["type"] == "remove_block"}
        for block in removable:
            entry = self.match.world.entry(block)
            if any(s.point_query((wx, wy)).distance <= 0 for s in entry.shapes):
                self.start_live(
                    {"type": "remove_block", "player": state.current_player, "block": block}
                )
                if self.live is not None:
                    pose = self.held().pose
                    self.grip = (wx - pose.x, wy - pose.y)
                return
        self.message = "Click one of the blocks the diamonds box lets you pull out (listed right)."

    # -- saving -------------------------------------------------------------------------

    def _adopt(self, game: Game) -> str:
        self._start(game)
        self.tally.reset()
        self.flashes.clear()
        return todo(game.match.state)

    # -- input (logical coordinates) ----------------------------------------------------

    def camera(self) -> Camera:
        """The steady view the mouse maps through (framed between moves only)."""
        if self.framing.region is None:
            self._reframe()
        return self.framing.camera()

    def _reframe(self) -> None:
        """Aim the framing at the tower, between moves only: while a piece is in the hand
        (or settles) the view stays where it is, so nothing moves under the mouse."""
        if self.live is None or self.framing.region is None:
            self.framing.aim(self.tower_bounds())

    def tower_bounds(self) -> tuple[float, float, float, float]:
        """The tower with room for the hand, the table along the bottom (cm)."""
        world = self.match.world
        held = self.live.piece if self.live is not None else None
        boxes = [s.bb for e in world.entries if not e.is_table and e.id != held for s in e.shapes]
        left = min(min(b.left for b in boxes), -MIN_HALF_WIDTH) - ROOM_LEFT
        room = ROOM_PULL if self.match.state.phase == DIAMONDS else ROOM_RIGHT
        right = max(max(b.right for b in boxes), MIN_HALF_WIDTH) + room
        bottom, top = TABLE_SHOWN, max(b.top for b in boxes) + ROOM_ABOVE
        return left, bottom, right - left, top - bottom

    def guide_anchors(self) -> dict[str, tuple[float, float, float, float]]:
        """Your bank's blocks, Reveal, the tower and Confirm, where shown."""
        boxes = [s.bb for e in self.match.world.entries if not e.is_table for s in e.shapes]
        camera = self.camera()
        left, bottom = camera.to_screen(min(b.left for b in boxes), min(b.bottom for b in boxes))
        right, top = camera.to_screen(max(b.right for b in boxes), max(b.top for b in boxes))
        found = {"tower": (left, bottom, right - left, top - bottom)}
        state = self.match.state
        hand = set(state.hands[state.current_player]) if self._human_turn() else set()
        buttons = self.hud.buttons
        found |= bounds(buttons, lambda b: b.label in hand, "bank")
        found |= bounds(buttons, lambda b: b.label.startswith("Reveal"), "reveal")
        found |= bounds(buttons, lambda b: b.label.startswith("Confirm"), "confirm")
        return found

    def _in_world(self, x: float, y: float) -> bool:
        return x < WORLD_VIEW[2] and y > LEGEND_H

    def on_mouse_motion(self, x: float, y: float) -> None:
        if self.live is not None and self._in_world(x, y):
            wx, wy = self.camera().to_world(x, y)
            self.target = (wx - self.grip[0], wy - self.grip[1])
            self.lowering = False

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if self.covers:
            self._uncover()
            return
        if self.skip_click():  # a click only skips a computer's move
            return
        if self.hud.press(x, y):
            return
        if button != mouse.LEFT or not self._in_world(x, y):
            return
        live = self.live
        if live is not None and live.stage == HOLDING:
            if not live.pulling:
                self.on_mouse_motion(x, y)
                self.release()
            return
        if live is None and self._human_turn() and self.match.state.phase == DIAMONDS:
            self._grab_at(x, y)

    def on_mouse_scroll(self, scroll_y: float) -> None:
        live = self.live
        if live is not None and live.stage == HOLDING and not live.pulling and scroll_y:
            self.angle += TILT if scroll_y > 0 else -TILT

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.covers:
            if symbol in (key.SPACE, key.RETURN, key.ENTER):
                self._uncover()
            return
        if self.skip_key(symbol):  # keys only skip a computer's move
            return
        live = self.live
        holding = live is not None and live.stage == HOLDING
        turning = holding and live is not None and not live.pulling
        if self._game_key(symbol, modifiers):
            return
        if turning and symbol in (key.Q, key.E):
            self.angle += TILT if symbol == key.Q else -TILT
        elif holding and symbol == key.DOWN:
            self.lowering = True
        elif turning and symbol in (key.LEFT, key.RIGHT):
            self.step_sideways(-1 if symbol == key.LEFT else 1)
        elif turning and symbol == key.UP:
            self.target, self.lowering = (self.target[0], self.target[1] + STEP), False
        elif holding and symbol == key.SPACE:
            self.release()
        elif live is None and self._human_turn():
            self._shortcut(symbol)

    def on_key_release(self, symbol: int) -> None:
        if symbol == key.DOWN:
            self.lowering = False

    def step_sideways(self, steps: int) -> None:
        """Keyboard placement: move the hand's target ``steps`` cubes over, with the held
        piece's left end on the cube grid of its target card (from the card's left end)."""
        live = self.live
        assert live is not None
        card = live.target_card
        left_end = card.pose.x - card_half_length()
        left = min(x for poly in self.held().world_polygons() for x, _ in poly)
        offset = left - live.hand.body.position.x  # the piece's left end from the hand
        x, y = self.target
        at = round((x + offset - left_end) / STEP) + steps
        self.target, self.lowering = (left_end + at * STEP - offset, y), False

    def _shortcut(self, symbol: int) -> None:
        state = self.match.state
        moves = legal_moves(state)
        wanted = {key.V: "reveal_card", key.P: "pass", key.D: "skip_removal"}
        if symbol in wanted:
            found = [m for m in moves if m["type"] == wanted[symbol]]
            if found:
                self.move(found[0])
        elif symbol == key.R and state.mode == SABOTEUR:
            self.show_role()
        elif symbol == key.SPACE and state.phase == REPLACE:
            self.move(next(m for m in moves if m["type"] == "replace_piece"))
        elif key._1 <= symbol <= key._9:
            order = pick_order(state)  # the numbers the panel shows
            if symbol - key._1 < len(order):
                self.pick(order[symbol - key._1])

    def show_role(self) -> None:
        if self.match.state.mode == SABOTEUR and self._human_turn():
            self.covers.append(Cover(self.match.state.current_player, True, stage=ROLE))

    # -- drawing ------------------------------------------------------------------------

    def draw(self, window: Any, base: Any) -> None:
        """Draw into ``window`` whose view is the letterbox matrix ``base``."""
        window.view = base
        if self.covers:
            cover = self.covers[0]
            if self._shown_cover != (id(cover), cover.stage):  # text layouts are costly
                self._shown_cover = (id(cover), cover.stage)
                cover.draw(self.cover_hud, self.match.state)
            self.cover_hud.draw()
            return
        scene = self._world_scene()
        # A computer's filmed move, unless the hand holds a piece: then the live world.
        frame = self.playback.frame if self.playback is not None and self.live is None else None
        scene.sync(frame)
        self.camera()  # framed before the first frame
        window.view = base @ self.framing.drawn_camera().matrix()
        with clipped(window, window.box, WORLD_VIEW):
            scene.batch.draw()
            self.flashes.draw()
            self._draw_ghost()
        window.view = base
        self._draw_ghost_label()
        if self.dirty:
            self._rebuild_hud()
        self.tally.draw()
        self.hud.draw()
        self.icons.draw()
        self.banner.draw(self.message)

    def close(self) -> None:
        """Stop the computers' worker, free the GL objects this screen owns (the window
        leaves it); safe twice."""
        super().close()
        if self._ghost is not None:
            self._ghost[0].delete()
            self._ghost, self._ghost_key = None, None
        for hud in (self.hud, self.cover_hud, self.banner.hud):
            hud.clear()
        self.ghost_label.hide()
        self._ghost_memo = None
        self.icons.clear()
        self._shown_cover = None

    def ghost(self) -> tuple[tuple[float, float, float] | None, str | None] | None:
        """Where the held piece would land if lowered straight down now (x, y, angle
        radians; None over nothing of the tower), and why a release there is refused
        (None if it is not); None when nothing is held."""
        live = self.live
        if live is None or live.stage != HOLDING or live.pulling:
            return None
        world = self.match.world
        memo = self._ghost_memo  # (live, world, steps, ghost): the same until a step
        if memo is None or memo[0] is not live or memo[1] is not world or memo[2] != world.steps:
            memo = (live, world, world.steps, (live.landing(), live.release_problem()))
            self._ghost_memo = memo
        return memo[3]

    def ghost_pose(self) -> tuple[float, float, float] | None:
        """Where the ghost is drawn: the landing, or, over nothing of the tower, on the
        table under the piece (a release there is refused: the ghost is red)."""
        found = self.ghost()
        if found is None or self.live is None:
            return None
        if found[0] is not None:
            return found[0]
        held = self.held()
        pose = held.pose
        bottom = min(y for poly in held.world_polygons() for _, y in poly) - pose.y
        return pose.x, -bottom, pose.angle

    def ghost_box(self) -> tuple[float, float, float, float] | None:
        """The ghost on screen (logical x, y, w, h), or None when none is drawn."""
        pose = self.ghost_pose()
        if pose is None or self.live is None:
            return None
        return self._screen_box(self.held(), pose)

    def held_box(self) -> tuple[float, float, float, float] | None:
        """The held piece on screen (logical x, y, w, h), or None."""
        if self.ghost() is None or self.live is None:
            return None
        held = self.held()
        return self._screen_box(held, (held.pose.x, held.pose.y, held.pose.angle))

    def _screen_box(
        self, entry: Any, pose: tuple[float, float, float]
    ) -> tuple[float, float, float, float]:
        x, y, angle = pose
        c, s = math.cos(angle), math.sin(angle)
        camera = self.camera()
        points = [
            camera.to_screen(x + c * px - s * py, y + s * px + c * py)
            for poly in entry.local_polygons
            for px, py in poly
        ]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def _draw_ghost_label(self) -> None:
        """Why a release at the ghost is refused, beside the ghost and the piece."""
        found, ghost, held = self.ghost(), self.ghost_box(), self.held_box()
        if found is None or not found[1] or ghost is None:
            self.ghost_label.hide()
            return
        avoid = union(ghost, held) if held is not None else ghost
        said = ["Cannot release here:", f"{found[1]}."]
        skip = self.live.piece if self.live is not None else None
        pieces = body_boxes(self.camera(), self.match.world, skip=skip)
        view = self.framing.viewport
        self.ghost_label.show(said, REFUSED_TONE, avoid=avoid, view=view, obstacles=pieces)
        self.ghost_label.draw()

    def _draw_ghost(self) -> None:
        """A translucent copy of the held piece where it would land (red if refused);
        over nothing of the tower, red on the table under the piece."""
        found, pose = self.ghost(), self.ghost_pose()
        if found is None or pose is None or self.live is None:
            return
        problem = found[1]
        live = self.live
        key_now = (live.piece, problem is not None)
        if self._ghost_key != key_now:
            if self._ghost is not None:
                self._ghost[0].delete()
            held = self.held()
            mesh = entry_mesh(held, alpha=110)
            if problem:  # red, with a cross: refused whatever the piece's colour
                mesh = Mesh()
                for poly in held.local_polygons:
                    mesh.polygon(poly, opaque(REFUSED_TONE, 110))
                    mesh.outline(poly, 0.08, opaque(REFUSED_TONE, 220))
                size = 0.8 * min(_extent(held.local_polygons))
                mesh.triangles(placed(symbol_triangles("cross"), 0.0, 0.0, size), REFUSED_INK)
            self._ghost = (mesh_list(mesh, self._ghost_batch, self._ghost_group), mesh.count)
            self._ghost_key = key_now
        move_list(self._ghost[0], self._ghost[1], pose)
        self._ghost_batch.draw()

    def _rebuild_hud(self) -> None:
        self.dirty = False
        self.hud.clear()
        self.icons.clear()
        state = self.match.state
        view = PanelView(
            state,
            self.game.controllers,
            holding=self.live is not None,
            time_left=self.time_left(),
            give=self.give,
            held=self.live.piece if self.live is not None else None,
            events=self.match.events(),
            tally=self.tally,
            elsewhere=self.elsewhere(),
        )
        draw_panel(self.hud, self.icons, view, PanelActions(self.pick, self.move, self.show_role))
        draw_legend(self.hud, self.icons, WORLD_VIEW[2])
        live = self.live
        if live is not None and live.stage == SETTLED:
            if live.after is not None:
                self.hud.button(
                    16, DESIGN_H - 104, 180, 34, "Confirm (Enter)", self.confirm, tone=(40, 140, 70)
                )
            self.hud.button(
                206, DESIGN_H - 104, 180, 34, "Undo (Backspace)", self.undo, tone=(170, 70, 60)
            )


def _extent(polygons: list[list[tuple[float, float]]]) -> tuple[float, float]:
    xs = [x for poly in polygons for x, _ in poly]
    ys = [y for poly in polygons for _, y in poly]
    return max(xs) - min(xs), max(ys) - min(ys)


def open_screen(setup: GameSetup) -> CrazyTowerScreen:
    """A new game from the start screen's choices (IllegalMove: the rules refuse them)."""
    return CrazyTowerScreen(session.new_game(setup))


def load_screen(path: Path) -> CrazyTowerScreen:
    """A saved game (or any crazy-tower scenario) continued (ScenarioError: a bad file)."""
    return CrazyTowerScreen(session.load(path))


def held_look(piece: str) -> tuple[list[Polygon], str, str]:
    """A piece held on another desk (a network game), as this one draws it: its outline
    in its own frame, its colour and its name; KeyError for no such piece."""
    if is_block(piece):
        block = get_block(piece)
        return piece_polygons(get_piece(block.piece)), block.colour, piece_name(piece)
    get_card(piece)  # a KeyError for no such card
    return piece_polygons(get_piece(CARD_PIECE)), "natural", piece_name(piece)


def around(
    match: CrazyTowerMatch,
    humans: Collection[str],
    wrap: Callable[[type], type] = lambda screen: screen,
) -> CrazyTowerScreen:
    """A screen on ``match`` as it stands, where only the players named in ``humans``
    play at this desk (a network game: the others' moves come from elsewhere);
    ``wrap`` makes the screen's class (simulator/app/net_game.py mixes network play in)."""
    controllers = [HUMAN if name in humans else "random" for name in match.state.players]
    return wrap(CrazyTowerScreen)(Game(match, match.seed, controllers), autosave=False)
