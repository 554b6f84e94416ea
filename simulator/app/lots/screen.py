"""The LOTS screen: the live tower, the hand on the mouse, the rules' verdicts.

Flow of a placement: pick a block from the bank -> it hangs in the simulated hand,
which follows the mouse at the hand's speed (a careless sweep knocks the tower) ->
turn (wheel, Q/E), flip (F), lower (hold Down) -> release (click or Space; refused
with the reason when the ghost's spot breaks a rule) -> the tower settles on screen ->
the verdict shows -> Enter confirms, Backspace undoes (the world is rebuilt from the
action log, Space.copy() being inexact).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

import pyglet
from pyglet.window import key, mouse

from rules.errors import IllegalMove
from rules.lots import apply_move, check_candidate, placement_choices, spec_of
from rules.lots.instances import colour_of
from rules.pieces import transform_cells
from simulator.app import save_folder
from simulator.app.flashes import Flashes
from simulator.app.framing import FallFeel, Framing, below, shown_time
from simulator.app.game_screen import GameScreen
from simulator.app.ghost_label import REFUSED_INK, REFUSED_TONE, GhostLabel, body_boxes, union
from simulator.app.guide import bounds
from simulator.app.layout import DESIGN_H, clipped
from simulator.app.lots import session
from simulator.app.lots.flashes import lots_flashes
from simulator.app.lots.panel import PANEL_X, TRACK_H, draw_panel, draw_track
from simulator.app.lots.risk import RiskEstimator
from simulator.app.lots.words import piece_name, said
from simulator.app.setup import COMPUTER_PREFIX, GameSetup
from simulator.app.tally import Tally
from simulator.app.widgets import Banner, Hud
from simulator.app.words import refusal, slipped
from simulator.bots.dexterity import Jitter, draw, get_profile
from simulator.games.lots.bots import make_player
from simulator.games.lots.landing import column_heights, drop
from simulator.games.lots.live import HOLDING, SETTLED, SETTLING, LivePlacement
from simulator.games.lots.match import LotsMatch, Placement
from simulator.games.lots.placement import PICKUP_ABOVE, PICKUP_LEFT
from simulator.games.lots.player import MAX_RETRIES
from simulator.physics.geometry import Polygon, piece_polygons
from simulator.physics.grid import snap
from simulator.render.bodies import opaque
from simulator.render.camera import Camera
from simulator.render.mesh import Mesh
from simulator.render.palette import colour, colour_name_of
from simulator.render.scene import OVERLAY, MeshGroup, mesh_list
from simulator.render.symbols import placed as placed_at
from simulator.render.symbols import symbol_triangles
from simulator.seeds import LOTS_HAND_SALT, hand_chance, seat_seed

RISK_HAND = "steady"  # the hand the ghost's risk assumes when the player's is exact
WORLD_VIEW = (0.0, float(TRACK_H), float(PANEL_X - 16), float(DESIGN_H - TRACK_H))
# The framing around the tower (cm): the pick-up spot left of the lot (a piece there is
# up to PIECE_ROOM wide and tall), the hand's headroom above the tower, the table below.
PIECE_ROOM = 5.0
HEADROOM = PICKUP_ABOVE + PIECE_ROOM / 2 + 1.0
TABLE_SHOWN = 1.5
SHORTCUTS = [
    ("1-9 / click bank", "pick up that block"),
    ("mouse", "move the hand (it pushes what it meets)"),
    ("wheel, Q / E", "turn the piece a quarter turn"),
    ("F", "flip the piece over (mirror)"),
    ("Left / Right, Up, hold Down", "move the piece a column / raise it / lower it slowly"),
    ("click, Space", "release the piece"),
    ("C", "also place a purple cube"),
    ("Enter", "confirm the placement"),
    ("Backspace, Ctrl+Z, Esc", "undo the unconfirmed placement"),
    ("K", "show / hide the chance of a fall at the ghost (six practice drops)"),
    ("Space (fallen piece)", "pick up the fallen piece to put it back"),
    ("Space, Enter, click", "skip a computer's placement being shown"),
    ("+ / -", "show a computer's placement faster or slower"),
    ("R", "roll the die"),
    ("P", "pass (crew window)"),
    ("Ctrl+S / Ctrl+O", "save / load the game (a replayable scenario)"),
    ("H, F1", "this help"),
]


def open_screen(setup: GameSetup) -> LotsScreen:
    """A new LOTS game as the start screen set it up."""
    match = session.new_match(list(setup.names), setup.setting("footprint"), setup.seed)
    return LotsScreen(
        match,
        seed=setup.seed,
        humans=setup.humans,
        levels=setup.bot_levels,
        dexterity=setup.dexterity,
    )


def load_screen(path: Path) -> LotsScreen:
    """A saved LOTS game (or any LOTS scenario) to play on, with the computer seats the
    save names (else: seats named "Computer..." are the random player)."""
    saved = session.load_saved(path)
    humans, levels = seats_from(saved.match.state.players, saved.computers)
    return LotsScreen(
        saved.match, seed=saved.seed, humans=humans, levels=levels, dexterity=saved.hand
    )


def around(
    match: LotsMatch, humans: Collection[str], wrap: Callable[[type], type] = lambda screen: screen
) -> LotsScreen:
    """A screen on ``match`` as it stands, where only the players named in ``humans``
    play at this desk (a network game: the others' moves come from elsewhere);
    ``wrap`` makes the screen's class (simulator/app/net_game.py mixes network play in)."""
    players = list(match.state.players)
    make = wrap(LotsScreen)
    seats = {players.index(name) for name in humans}
    return make(match, seed=match.seed, humans=seats, levels={}, autosave=False)


def held_look(piece: str) -> tuple[list[Polygon], str, str]:
    """A piece held on another desk (a network game), as this one draws it: its outline
    in its own frame, its colour and its name; KeyError for no such piece."""
    return piece_polygons(spec_of(piece)), colour_of(piece), piece_name(piece)


def seats_from(
    players: list[str], computers: dict[str, str] | None
) -> tuple[set[int], dict[int, str]]:
    """Human seats and computer levels from a save's ``computers`` table, or from the
    names when the file has none."""
    if computers is None:
        humans = {i for i, n in enumerate(players) if not n.startswith(COMPUTER_PREFIX)}
        return humans, {}
    levels = {players.index(name): level for name, level in computers.items()}
    return set(range(len(players))) - set(levels), levels


class LotsScreen(GameScreen):
    shortcuts = SHORTCUTS
    SAVE_REFUSED = "Confirm (Enter) or undo (Backspace) the placement, then save."
    NOTHING_TO_UNDO = "Nothing to undo: only an unconfirmed placement can be taken back."
    COMPUTER_RETRIES = MAX_RETRIES

    def __init__(
        self,
        match: LotsMatch,
        *,
        seed: int = 0,
        humans: set[int] | None = None,
        save_path: Path | None = None,
        autosave: bool = True,
        levels: dict[int, str] | None = None,
        dexterity: str | None = None,
    ) -> None:
        super().__init__(
            save_path=save_path or save_folder.save_dir() / "lots-save.toml", autosave=autosave
        )
        self.match = match
        self.seed = seed
        if humans is None:
            humans, levels = seats_from(match.state.players, None)
        self._seat(humans, levels or {})
        # The human hand: a profile's noise on every pick (None: exactly at the mouse).
        self.jitter = Jitter()
        self.risk = RiskEstimator(get_profile(RISK_HAND), seed)
        self._hand(dexterity)
        self.show_risk = True
        self.dt = match.profile.dt
        self.live: LivePlacement | None = None
        self.with_cube = False
        self.target = (0.0, 20.0)  # hand target, world cm
        self.angle = 0.0  # degrees ccw
        self.lowering = False
        self.message = "Welcome to LOTS. Press H for help."
        self.preview: Any = None  # (new state, verdict lines) once a placement settled
        self.hud = Hud()
        self.track_hud = Hud()
        self.banner = Banner(WORLD_VIEW[2])
        self.ghost_label = GhostLabel()
        # framed under the message strip (its top is 8 below the screen's): the piece in
        # the hand is never hidden under it
        self.framing = Framing(below(WORLD_VIEW, DESIGN_H - 8 - self.banner.height))
        self.fall_feel = FallFeel()
        self.tally, self.flashes = Tally(), Flashes()  # scores count up; scoring flashes
        self._ghost_cells: frozenset[tuple[int, int]] | None = None
        self._ghost_problem: str | None = None
        self._ghost: Any = None
        self._ghost_batch = pyglet.graphics.Batch()
        self._ghost_group = MeshGroup(OVERLAY)

    # -- seats ----------------------------------------------------------------------------

    def _seat(self, humans: set[int], levels: dict[int, str]) -> None:
        players = self.match.state.players
        self.humans = humans
        self.levels = {s: levels.get(s, "random") for s in range(len(players)) if s not in humans}
        self.computers = {  # seeded as `towersim play lots` seeds them
            seat: make_player(level, seat_seed(self.seed, seat))
            for seat, level in self.levels.items()
        }

    def _hand(self, dexterity: str | None) -> None:
        """The human hand: a profile's noise on every pick (None: exactly at the mouse).
        The ghost's risk is judged for that hand, or a steady one: no real hand is exact,
        and an exact hand would make every rollout the same."""
        self.hand = get_profile(dexterity) if dexterity else None
        self.risk.profile = self.hand or get_profile(RISK_HAND)
        self.risk.seed = self.seed

    def computer_seats(self) -> dict[str, str]:
        """Name -> level of the computer seats, as a save records them."""
        players = self.match.state.players
        return {players[seat]: level for seat, level in sorted(self.levels.items())}

    # -- time ---------------------------------------------------------------------------

    def advance(self, steps: int, seconds: float) -> None:
        self._reframe()
        super().advance(steps, seconds)
        self.framing.step(seconds)
        self.tally.step(seconds)
        self.flashes.step(seconds)
        support = (self.match.lot.left, self.match.lot.right)
        world = self.match.world
        self.fall_feel.feel(world, shown_time(world, self.playback), self.framing, support)

    def _advance_live(self, steps: int) -> None:
        live = self.live
        assert live is not None  # GameScreen advances only a live move
        if live.stage == HOLDING and steps:
            x, y = self.target
            if self.lowering:
                hand_y = self.match.hand.body.position.y
                y = hand_y - self.match.hand.settings.lower_speed * steps * self.dt
                self.target = (x, y)
            jitter = self.jitter  # the hand misses the mouse by its profile's error
            resting = live.drive(x + jitter.dx, y, self.angle + jitter.angle, steps)
            if live.dropped:
                self.lowering = False
                self.message = slipped(piece_name(live.piece))
            elif resting and self.lowering:
                self.lowering = False
                self.message = "The piece rests on the tower: release it (Space or click)."
        elif live.stage == SETTLING:
            self._settle(live, steps, self._after_settle)

    # -- computer seats -------------------------------------------------------------------

    def computer_to_move(self) -> int | None:
        seat = self.match.state.to_act
        return None if seat is None or seat in self.humans else seat

    def _seat_name(self, seat: int) -> str:
        return self.match.state.players[seat]

    def _perform_computer(self, seat: int, decision: tuple[str, Any]) -> None:
        kind, what = decision
        if kind == "move":
            self.match.perform(what)
        else:
            self.match.place(what)

    def _hand_over(self, seat: int) -> bool:
        if self.levels[seat] == "random":
            return False
        self.levels[seat] = "random"
        self.computers[seat] = make_player("random", seat_seed(self.seed, seat))
        return True

    def _computer_words(self, seat: int, events: list[dict[str, Any]]) -> str:
        lots_flashes(self.flashes, events, self.match.state, self.match.lot, held=True)
        return f"{said(events[-3:])} {self._turn_words()}".strip()

    def _computer_doing(self, seat: int) -> str:
        return "placing a piece"

    def _move_done(self) -> None:
        self.flashes.release()  # a computer's move is shown: its flashes start
        super()._move_done()

    def _after_settle(self) -> None:
        live = self.live
        assert live is not None
        if live.stage != SETTLED:  # the cube is in the hand now
            self.message = "Now place the purple cube."
            return
        assert live.outcome is not None
        state = self.match.state
        try:
            new = apply_move(
                state, {"type": "place", "player": state.current, "outcome": live.outcome}
            )
        except IllegalMove as exc:
            self.message = refusal(exc.reason, "Refused by the rules") + " Backspace undoes it."
            self.preview = None
            return
        self.preview = new
        lots_flashes(self.flashes, new.events[len(state.events) :], new, self.match.lot)
        self.say(verdict(state, new))

    # -- actions ------------------------------------------------------------------------

    def pick(self, block: str) -> None:
        state = self.match.state
        cube = (
            state.cubes[state.current][0] if self.with_cube and state.cubes[state.current] else None
        )
        if not self._take(block, cube):
            return
        pose = self.held().pose
        self.target = (pose.x, pose.y)
        self.angle = 0.0
        hand = f" (your hand: {self.hand.name})" if self.hand else ""
        self.message = (
            f"You hold {piece_name(block)}{hand}: move it with the mouse, release with a click "
            "or Space."
        )
        self._changed()

    def pick_replacement(self) -> None:
        block, cube = placement_choices(self.match.state)[0]
        if not self._take(block, cube):
            return
        held = self.held()
        pose = held.pose
        self.target, self.angle = (pose.x, pose.y), 0.0
        self.message = f"Put {piece_name(held.id)} back on the tower."
        self._changed()

    def _take(self, block: str | None, cube: str | None) -> bool:
        """Put a piece in the hand (with this placement's noise); False if refused."""
        match = self.match
        if self.hand is not None:  # a fresh draw for every placement, from the seed
            chance = hand_chance(self.seed, LOTS_HAND_SALT, len(match.actions))
            self.jitter = draw(self.hand, chance)
        if self.show_risk:
            self.risk.start_placement(match)  # before the piece joins the world
        try:
            self.live = LivePlacement(match, block, cube, jolt=self.jitter.release)
        except IllegalMove as exc:
            self.risk.end_placement()
            self.message = refusal(exc.reason, "You cannot pick that up")
            return False
        self.framing.hold()  # the view stays put while the piece is in the hand
        return True

    def move(self, move: dict[str, Any]) -> None:
        try:
            self.match.perform(move)
        except IllegalMove as exc:
            self.message = refusal(exc.reason)
            return
        events = self.match.state.events
        self.message = said(events[-1:])
        self._confirmed()

    def release(self) -> None:
        live = self.live
        if live is None or live.stage != HOLDING:
            return
        problem = self.ghost_problem()
        if problem:
            self.message = refusal(problem)
            return
        live.release()
        self.lowering = False
        self.message = "Released: the tower settles..."

    def confirm(self) -> None:
        live = self.live
        if live is None or live.stage != SETTLED or self.preview is None:
            return
        state = self.match.state
        told = said(self.preview.events[len(state.events) :]) or "The piece is placed."
        action = live.placement().as_action(state.players[state.current])
        self.match.commit_live(action, self.preview)
        self.live, self.preview = None, None
        self.risk.end_placement()
        self.say(f"{told} {self._turn_words()}".strip())  # confirmed: no "Enter confirms" now
        self._confirmed()

    def live_action(self) -> dict[str, Any] | None:
        live, state = self.live, self.match.state
        if live is None or state.current is None:
            return None
        return live.placement().as_action(state.players[state.current])

    def _take_back(self) -> str:
        self.live, self.preview, self.lowering = None, None, False
        self.risk.end_placement()
        self.flashes.clear()
        return "Placement undone."

    # -- saving -------------------------------------------------------------------------

    def _write(self, path: Path) -> None:
        hand = self.hand.name if self.hand else None
        session.save(self.match, self.seed, path, self.computer_seats(), hand)

    def _autosave_path(self) -> Path:
        return session.autosave_path()

    def _read(self, path: Path) -> session.SavedLots:
        return session.load_saved(path)

    def _adopt(self, saved: session.SavedLots) -> str:
        self.risk.end_placement()
        self.match, self.seed, self.dt = saved.match, saved.seed, saved.match.profile.dt
        self._seat(*seats_from(saved.match.state.players, saved.computers))
        self._hand(saved.hand)
        self.live, self.preview = None, None
        self.with_cube, self.lowering = False, False
        self.tally.reset()
        self.flashes.clear()
        return ""

    def close(self) -> None:
        """Leaving the screen: stop the workers, free the GL objects (idempotent)."""
        super().close()
        self.risk.close()
        self.ghost_label.hide()

    # -- the ghost ----------------------------------------------------------------------

    def ghost(self) -> tuple[frozenset[tuple[int, int]], str | None] | None:
        """Cells where the held piece would land if lowered straight down now, and why
        the rules would refuse that spot (None if they would not)."""
        spot = self._ghost_spot()
        return spot[:2] if spot else None

    def _ghost_spot(self) -> tuple[frozenset[tuple[int, int]], str | None, int, int] | None:
        """As ghost(), plus the column and quarter turns of that spot."""
        live = self.live
        if live is None or live.stage != HOLDING:
            return None
        entry = self.held()
        spec = entry.piece
        assert spec is not None
        turns = round(self.angle / 90.0) % 4
        shape = transform_cells(spec.cells, turns, live.mirrored)
        lot = self.match.lot
        left = min(x for poly in entry.world_polygons() for x, _ in poly)
        col = round((left - lot.left) / lot.grid.cell)
        width = lot.footprint.width
        span = max(c for _, c in shape) + 1
        state = self.match.state
        filled = set(state.footprint_spec().ground_cells())
        filled |= {tuple(c) for cells in state.tower.values() for c in cells}
        block = live.block
        if block is not None and live.piece != block and block in self.match.world:
            # the cube after its block: the block is where it settled, not in state.tower
            placed = self.match.world.entry(block)
            filled |= set(snap([placed], self.match.rules_grid).cells.get(block, ()))
        heights = column_heights(filled, width)
        if not 0 <= col <= width - span:  # off the lot: the ghost rests beside it, red
            pad = max(0, -col)
            padded = [0] * pad + heights + [0] * max(0, col + span - width)
            cells, _ = drop(shape, col + pad, padded)
            cells = frozenset((r, c - pad) for r, c in cells)
            return cells, "the piece is not over the footprint", col, turns
        cells, _ = drop(shape, col, heights)
        try:
            check_candidate(state, live.piece, cells)
        except IllegalMove as exc:
            return cells, exc.reason, col, turns
        return cells, None, col, turns

    def ghost_risk(self) -> float | None:
        """The estimated chance that the ghost's spot makes something fall (None while
        it is being estimated, or when there is nothing to estimate)."""
        live = self.live
        spot = self._ghost_spot()
        if not self.show_risk or live is None or spot is None or spot[1] is not None:
            return None
        if live.piece != (live.block or live.cube) or not spot[0]:
            return None  # the cube after a block: the copy does not hold the block
        _, _, col, turns = spot
        placement = Placement(
            block=live.block,
            cube=None if live.block else live.cube,
            col=col,
            turns=turns,
            mirror=live.mirrored,
        )
        key_ = (live.piece, col, turns, live.mirrored)
        return self.risk.estimate(key_, placement)

    def ghost_problem(self) -> str | None:
        found = self.ghost()
        return found[1] if found else None

    def guide_anchors(self) -> dict[str, tuple[float, float, float, float]]:
        """The roll button, your bank's blocks, the lot and Confirm, where shown."""
        lot, camera = self.match.lot, self.camera()
        left, bottom = camera.to_screen(lot.left, lot.grid.origin[1])
        right, top = camera.to_screen(lot.right, lot.grid.origin[1] + 6 * lot.grid.cell)
        found = {"tower": (left, bottom, right - left, top - bottom)}
        seat = self.match.state.to_act
        bank = self.match.state.banks[seat] if seat in self.humans else []
        labels = {f"{i + 1}: {piece}" for i, piece in enumerate(bank)}
        found |= bounds(self.hud.buttons, lambda b: b.label in labels, "bank")
        found |= bounds(self.hud.buttons, lambda b: b.label.startswith("Roll"), "roll")
        found |= bounds(self.hud.buttons, lambda b: b.label.startswith("Confirm"), "confirm")
        return found

    # -- input (logical coordinates) ----------------------------------------------------

    def camera(self) -> Camera:
        """The steady view the mouse maps through (framed between moves only)."""
        if self.framing.region is None:
            self._reframe()
        return self.framing.camera()

    def _reframe(self) -> None:
        """Aim the framing at the tower, between moves only: while a piece is held (or
        settles) the view stays where it is, so nothing moves under the mouse."""
        if self.live is None or self.framing.region is None:
            self.framing.aim(self.tower_bounds())

    def tower_bounds(self) -> tuple[float, float, float, float]:
        """The tower (without a piece in the hand), the pick-up spot left of the lot and
        the hand's headroom above, the table's edge below (cm)."""
        world, lot = self.match.world, self.match.lot
        held = self.live.piece if self.live is not None else None
        tops = [
            s.bb.top for e in world.entries if not e.is_table and e.id != held for s in e.shapes
        ]
        half = max(-lot.left, lot.right) + PICKUP_LEFT + PIECE_ROOM / 2 + 1.0
        top = max(tops, default=0.0) + HEADROOM
        return (-half, -TABLE_SHOWN, 2 * half, top + TABLE_SHOWN)

    def on_mouse_motion(self, x: float, y: float) -> None:
        if x < WORLD_VIEW[2] and y > TRACK_H:
            self.target = self.camera().to_world(x, y)
            self.lowering = False

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        if self.skip_click():
            return
        if self.hud.press(x, y):
            return
        in_world = x < WORLD_VIEW[2] and y > TRACK_H
        holding = self.live is not None and self.live.stage == HOLDING
        if button == mouse.LEFT and in_world and holding:
            self.on_mouse_motion(x, y)
            self.release()

    def on_mouse_scroll(self, scroll_y: float) -> None:
        if self.live is not None and self.live.stage == HOLDING and scroll_y:
            self.angle += 90.0 if scroll_y > 0 else -90.0

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        state = self.match.state
        holding = self.live is not None and self.live.stage == HOLDING
        if self.skip_key(symbol) or self._game_key(symbol, modifiers):
            return
        if symbol == key.K:
            self.show_risk = not self.show_risk
            self.message = f"Fall risk on the ghost: {'on' if self.show_risk else 'off'}."
            if not self.show_risk:
                self.risk.end_placement()
            elif self.live is not None:
                self.message += " It shows from the next piece picked up."
        elif holding and symbol == key.Q:
            self.angle += 90.0
        elif holding and symbol == key.E:
            self.angle -= 90.0
        elif holding and symbol == key.F:
            assert self.live is not None
            problem = self.live.flip()
            self.message = problem or "Flipped."
        elif holding and symbol == key.DOWN:
            self.lowering = True
        elif holding and symbol in (key.LEFT, key.RIGHT):
            self.step_sideways(-1 if symbol == key.LEFT else 1)
        elif holding and symbol == key.UP:
            self.target = (self.target[0], self.target[1] + self.match.lot.grid.cell)
            self.lowering = False
        elif holding and symbol == key.SPACE:
            self.release()
        elif symbol == key.C:
            self.with_cube = not self.with_cube
            self._changed()
        elif self.live is None and state.to_act in self.humans:
            self._shortcut_move(symbol)

    def on_key_release(self, symbol: int) -> None:
        if symbol == key.DOWN:
            self.lowering = False

    def step_sideways(self, columns: int) -> None:
        """Keyboard placement: move the hand's target ``columns`` columns over, with the
        held piece's left edge on a column of the lot's grid (the ghost's column)."""
        lot = self.match.lot
        left = min(x for poly in self.held().world_polygons() for x, _ in poly)
        offset = left - self.match.hand.body.position.x  # the piece's left edge from the hand
        x, y = self.target
        col = round((x + offset - lot.left) / lot.grid.cell) + columns
        self.target = (lot.left + col * lot.grid.cell - offset, y)
        self.lowering = False

    def _shortcut_move(self, symbol: int) -> None:
        state = self.match.state
        seat = state.to_act
        assert seat is not None
        if symbol == key.R and state.phase == "roll":
            self.move({"type": "roll", "player": seat})
        elif symbol == key.P and state.phase in ("bonus", "steal"):
            self.move({"type": "pass", "player": seat})
        elif key._1 <= symbol <= key._9 and state.phase == "place":
            index = symbol - key._1
            bank = state.banks[seat]
            if index < len(bank):
                self.pick(bank[index])
        elif state.phase == "replace" and symbol == key.SPACE:
            self.pick_replacement()

    # -- drawing ------------------------------------------------------------------------

    def draw(self, window: Any, base: Any) -> None:
        """Draw into ``window`` whose view is the letterbox matrix ``base``."""
        scene = self._world_scene(lot=self.match.lot)
        scene.sync(self.playback.frame if self.playback else None)
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
        self.track_hud.draw()
        self.banner.draw(self.message)

    def _draw_ghost(self) -> None:
        """A translucent copy of the piece's cells where it would land; red, with a cross,
        where a release is refused (off the lot too: it shows wherever the piece is)."""
        if self._ghost is not None:
            self._ghost.delete()
            self._ghost = None
        self._ghost_cells, self._ghost_problem = None, None
        found = self.ghost()
        if not found or not found[0]:
            return
        cells, problem = found
        assert self.live is not None
        lot = self.match.lot
        size = lot.grid.cell
        ox, oy = lot.grid.origin
        tone = REFUSED_TONE if problem else colour(colour_name_of(self.held())).rgb
        mesh = Mesh()
        for row, col in cells:
            x, y = ox + col * size, oy + row * size
            square = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
            mesh.polygon(square, opaque(tone, 90))
            mesh.outline(square, 0.06, opaque(tone, 200))
            if problem:
                cross = symbol_triangles("cross")
                mesh.triangles(
                    placed_at(cross, x + size / 2, y + size / 2, size * 0.6), REFUSED_INK
                )
        self._ghost = mesh_list(mesh, self._ghost_batch, self._ghost_group)
        self._ghost_batch.draw()
        self._ghost_cells, self._ghost_problem = cells, problem

    def ghost_box(self) -> tuple[float, float, float, float] | None:
        """The ghost's cells on screen (logical x, y, w, h), or None when none is drawn."""
        cells = self._ghost_cells
        if not cells:
            return None
        lot = self.match.lot
        size = lot.grid.cell
        ox, oy = lot.grid.origin
        camera = self.camera()
        x0, y0 = camera.to_screen(
            ox + min(c for _, c in cells) * size, oy + min(r for r, _ in cells) * size
        )
        x1, y1 = camera.to_screen(
            ox + (max(c for _, c in cells) + 1) * size, oy + (max(r for r, _ in cells) + 1) * size
        )
        return x0, y0, x1 - x0, y1 - y0

    def held_box(self) -> tuple[float, float, float, float] | None:
        """The held piece on screen (logical x, y, w, h), or None."""
        if self.live is None or self.live.stage != HOLDING:
            return None
        camera = self.camera()
        points = [camera.to_screen(x, y) for poly in self.held().world_polygons() for x, y in poly]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def ghost_words(self) -> tuple[list[str], tuple[int, int, int]] | None:
        """What the label beside the ghost says, and in which tone: why a release there
        is refused, or the fall risk of the spot (None: nothing to say)."""
        if self._ghost_problem:
            return ["Cannot release here:", f"{self._ghost_problem}."], REFUSED_TONE
        if not self.show_risk or not self._ghost_cells:
            return None
        risk = self.ghost_risk()
        hand = f"for your {self.hand.name} hand" if self.hand else f"for a {RISK_HAND} hand"
        if risk is None:
            return ["Chance of a fall here: ...", f"{hand} (K hides this)"], (90, 90, 90)
        shown = f"Chance of a fall here: {round(risk * 100)}%"
        return [shown, f"{hand} (K hides this)"], risk_tone(risk)

    def _draw_ghost_label(self) -> None:
        """The ghost's label, beside the ghost and the held piece, never over them."""
        said, ghost, held = self.ghost_words(), self.ghost_box(), self.held_box()
        if said is None or ghost is None:
            self.ghost_label.hide()
            return
        avoid = union(ghost, held) if held is not None else ghost
        skip = self.live.piece if self.live is not None else None
        pieces = body_boxes(self.camera(), self.match.world, skip=skip)
        self.ghost_label.show(*said, avoid=avoid, view=self.framing.viewport, obstacles=pieces)
        self.ghost_label.draw()

    def _rebuild_hud(self) -> None:
        self.dirty = False
        self.hud.clear()
        holding = self.live is not None
        state = self.match.state
        draw_panel(
            self.hud,
            state,
            humans=self.humans,
            on_move=self.move,
            on_pick=self.pick,
            holding=holding,
            with_cube=self.with_cube,
            tally=self.tally,
            elsewhere=self.elsewhere(),
        )
        if state.phase == "replace" and state.to_act in self.humans and not holding:
            self.hud.button(
                16,
                DESIGN_H - 50,
                300,
                34,
                "Pick up the fallen piece (Space)",
                self.pick_replacement,
            )
        if self.live is not None and self.live.stage == SETTLED:
            self.hud.button(
                16, DESIGN_H - 104, 180, 34, "Confirm (Enter)", self.confirm, tone=(40, 140, 70)
            )
            self.hud.button(
                206, DESIGN_H - 104, 180, 34, "Undo (Backspace)", self.undo, tone=(170, 70, 60)
            )
        self.track_hud.clear()
        draw_track(self.track_hud, state)


def risk_tone(risk: float) -> tuple[int, int, int]:
    """Green when nothing is likely to fall, amber, then red."""
    if risk < 0.15:
        return (30, 130, 60)
    return (200, 120, 0) if risk < 0.5 else (200, 30, 30)


def verdict(before: Any, after: Any) -> str:
    """The rules' verdict on a settled placement, in words."""
    told = said(after.events[len(before.events) :]) or "The piece is placed."
    return f"Verdict: {told} Enter confirms it; Backspace takes it back."
