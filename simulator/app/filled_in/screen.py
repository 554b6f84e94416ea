"""The LOTS: Filled In screen: the tower sheets, the dice draft, crafting, drawing.

A round: the roller rolls (R) -> everybody drafts two dice (click a die or press its
number) -> each player crafts a block (one die gives the shape, the other the colour;
Space swaps the roles; a free shape or colour is picked) -> the block follows the mouse
over the player's sheet, snapped to the boxes, turned with the wheel or Q/E, flipped
with F, red where the rules refuse it -> a click draws it in pencil, P adds a purple
space -> Enter inks the turn (one ``place`` move), Backspace rubs out the pencil.
Computer seats move after a short pause, so their moves can be seen (the bots think in
a process of their own, ``filled_in.thinking``, so the window keeps drawing); in the
place phase they wait for the humans (placing is simultaneous at the table, so nobody
sees another's block first). Every confirmed move is autosaved as a replayable scenario
(simulator/app/game_screen.py).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Collection
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, ClassVar

import pyglet
from pyglet.window import key, mouse

from rules.errors import IllegalMove
from rules.filled_in import drafter, roller, scores, to_move
from rules.filled_in.config import rules_config
from rules.filled_in.crew import get_crew_card
from rules.filled_in.state import DRAFT, ENDED, PLACE, ROLL
from rules.pieces import Cell
from simulator.app.filled_in import session
from simulator.app.filled_in.flashes import filled_in_flashes
from simulator.app.filled_in.panel import draw_panel
from simulator.app.filled_in.session import FilledInGame
from simulator.app.filled_in.sheet_view import (
    INK,
    SheetGeometry,
    paint_crane,
    paint_ghost,
    paint_sheet,
)
from simulator.app.filled_in.strips import paint_footer, paint_tabs
from simulator.app.filled_in.thinking import Thinker
from simulator.app.filled_in.turn import PendingTurn
from simulator.app.filled_in.words import box, events_text
from simulator.app.flashes import Flashes
from simulator.app.game_screen import SessionGameScreen
from simulator.app.guide import bounds
from simulator.app.setup import GameSetup
from simulator.app.tally import Tally
from simulator.app.widgets import Banner, Hud
from simulator.app.words import YOU, agree, listed, refusal, sentence, with_article
from simulator.render.mesh import Mesh
from simulator.render.scene import MeshGroup, mesh_list

DT = 1.0 / 60.0  # no physics: the window's loop only needs a tick
LEFT_W = 800.0  # the sheet side of the screen; the panel is to the right
SHEET_REGION = (20.0, 112.0, 770.0, 498.0)  # x, y, w, h: the tower and its level scores
TABS = (8.0, 668.0, 784.0, 60.0)
CRANE_Y = 626.0
SHORTCUTS = [
    ("R", "roll the dice (when you are the roller)"),
    ("1-9 / click a die", "draft that die"),
    ("Space / click your die", "swap the roles of your dice: shape die, colour die"),
    ("I  O  T  L  S", "pick the shape when it is free (a '?' or a crew card)"),
    ("1-5", "pick the colour when it is free"),
    ("mouse", "move the block over your sheet: it snaps to the boxes"),
    ("wheel, Q / E, right click", "turn the block a quarter turn"),
    ("F", "flip the block over (mirror)"),
    ("click", "draw it there in pencil (red: refused, with the reason)"),
    ("P", "purple space: click a box to fill it in purple"),
    ("C  /  X", "play your crew card  /  (Scavenger) swap a die"),
    ("Enter", "confirm the turn in ink (it cannot be undone)"),
    ("Backspace, Ctrl+Z, Esc", "rub out the last thing drawn in pencil"),
    ("Tab, Shift+Tab", "the next / previous player's sheet (or click their name)"),
    ("Ctrl+S / Ctrl+O", "save / load the game (a replayable scenario)"),
    ("H, F1", "this help"),
]
SHAPE_KEYS = {key.I: "I", key.O: "O", key.T: "T", key.L: "L", key.S: "S"}


def open_screen(setup: GameSetup) -> FilledInScreen:
    return FilledInScreen(session.new_game(setup))


def load_screen(path: Path) -> FilledInScreen:
    """The game saved in ``path``; a bad file raises ScenarioError (one line)."""
    return FilledInScreen(session.load(Path(path)))


def around(
    match: Any, humans: Collection[str], wrap: Callable[[type], type] = lambda screen: screen
) -> FilledInScreen:
    """A screen on ``match`` as it stands, where only the players named in ``humans``
    play at this desk (a network game: the others' moves come from elsewhere);
    ``wrap`` makes the screen's class (simulator/app/net_game.py mixes network play in)."""
    others = {name: "random" for name in match.summary()["players"] if name not in humans}
    return wrap(FilledInScreen)(FilledInGame(match, others), autosave=False)


class FilledInScreen(SessionGameScreen):
    shortcuts = SHORTCUTS
    session: ClassVar[Any] = session
    dt = DT
    SAVE_REFUSED = "Confirm (Enter) or rub out (Backspace) what is in pencil, then save."
    NOTHING_TO_UNDO = "Nothing in pencil to rub out (what is confirmed is ink)."

    def __init__(
        self, game: FilledInGame, *, save_path: Path | None = None, autosave: bool = True
    ) -> None:
        super().__init__(save_path=save_path or session.default_save_path(), autosave=autosave)
        self.game = game
        self.pending: PendingTurn | None = None
        self.purple_mode = False
        self.viewed = 0
        self.mouse: tuple[float, float] | None = None
        self.message = "Welcome to LOTS: Filled In. Press H for every key."
        self.back, self.front = Hud(), Hud()
        self.banner = Banner(LEFT_W, height=62, size=12)
        self._batch = pyglet.graphics.Batch()
        self._group = MeshGroup(0)
        self._lists: list[Any] = []
        self._ghost_batch = pyglet.graphics.Batch()
        self._ghost_list: Any = None
        self._ghost_key: Any = None
        self._thinker = Thinker(self.worker)
        weakref.finalize(self, self._thinker.close)
        self._last_active: str | None = None
        self._told_from = 0  # events shown in the message: those since a human last acted
        self._watching = False  # a computer just drew a block: its sheet stays in view
        self.tally, self.flashes = Tally(), Flashes()  # scores count up; scoring flashes
        self._sync_turn()

    # -- who moves ------------------------------------------------------------------------

    @property
    def match(self) -> Any:
        return self.game.match

    @property
    def state(self) -> Any:
        return self.game.match.state

    @property
    def live(self) -> PendingTurn | None:
        """The unconfirmed turn while something is drawn in pencil (Esc rubs it out)."""
        return self.pending if self.pending is not None and self.pending.order else None

    def movers(self) -> list[str]:
        state = self.state
        if state.phase == ROLL:
            return [roller(state)]
        if state.phase == DRAFT:
            return [str(drafter(state))]
        return to_move(state)

    def active(self) -> str | None:
        """The human who acts now: the roller or drafter, or the first human to place."""
        humans = [n for n in self.movers() if not self.game.is_computer(n)]
        return humans[0] if humans else None

    def computer_to_move(self) -> str | None:
        """The computer seat that moves now; in the place phase only once no human is
        left to place."""
        movers = self.movers()
        if any(not self.game.is_computer(n) for n in movers):
            return None
        return movers[0] if movers else None

    def seat(self, name: str) -> int:
        return self.state.index(name)

    # -- computer seats -------------------------------------------------------------------

    def _think(self, name: str) -> Future:
        """Bots think in their own process (pure Python: a thread would hold the window
        up at every GL call); the random player on the worker thread."""
        level = self.game.computers[name]
        return self._thinker.think(self.state, name, level, self.game.seed, self.match.action_count)

    def _bot_raised(self, name: str, exc: Exception) -> None:
        if isinstance(exc, BrokenProcessPool):  # the worker process died, not the bot
            self._thinker.fall_back()
            self.say(f"The computers' worker stopped; {name} thinks in the window's process.")
            return
        super()._bot_raised(name, exc)

    def _perform_computer(self, name: str, move: dict[str, Any]) -> None:
        if self.state.phase == PLACE:
            self.viewed = self.seat(name)  # show the block it draws until a human acts
            self._watching = True
        self.match.perform(move)

    def _hand_over(self, name: str) -> bool:
        if self.game.computers[name] == "random":
            return False
        self.game.computers[name] = "random"
        return True

    def advance(self, steps: int, seconds: float) -> None:
        super().advance(steps, seconds)
        self.tally.step(seconds)
        self.flashes.step(seconds)

    def _sheet(self, name: str) -> SheetGeometry:
        return self.geometry(self.seat(name))

    def _computer_words(self, name: str, events: list[dict[str, Any]]) -> str:
        filled_in_flashes(self.flashes, events, self._sheet, held=True)
        # what the computers did since the human's last move stays readable
        # ... and ends with whose move it is, as the panel's arrows show it
        told = events_text(self.state.events[self._told_from :])
        return f"{told} {sentence(self._what_now())}".strip()

    def _move_done(self) -> None:
        self.flashes.release()  # a computer's move is shown: its flashes start
        self._sync_turn()
        self._changed()

    # -- moves --------------------------------------------------------------------------

    def _apply(self, move: dict[str, Any]) -> bool:
        """A person's move; False if the rules refuse it."""
        before = len(self.state.events)
        try:
            self.match.perform(move)
        except IllegalMove as exc:
            self.say(refusal(exc.reason))
            return False
        self._told_from, self._watching = before, False
        self.message = events_text(self.state.events[before:]) or self.message
        filled_in_flashes(self.flashes, self.state.events[before:], self._sheet)
        self._confirmed()
        return True

    def _sync_turn(self) -> None:
        """Start the active human's pencil turn in the place phase; show their sheet."""
        active = self.active()
        state = self.state
        if state.phase != PLACE or active is None:
            self.pending, self.purple_mode = None, False
        elif self.pending is None or self.pending.player != active:
            self.pending = PendingTurn(active)
            self.pending.settle_dice(state)
            self.purple_mode = False
        changed = active is not None and active != self._last_active
        if changed and (not self._watching or self.pending is not None):
            self.viewed = self.seat(str(active))
        self._last_active = active

    def roll(self) -> None:
        name = self.active()
        if self.state.phase != ROLL or name is None:
            self.message = "It is not your roll."
            return
        self._apply({"type": "roll", "player": name})

    def draft(self, position: int) -> None:
        name = self.active()
        state = self.state
        if state.phase != DRAFT or name is None:
            self.message = "Nobody of yours drafts now."
            return
        if not 0 <= position < len(state.dice):
            self.message = f"There is no die {position + 1}: dice 1 to {len(state.dice)}."
            return
        owner = next((p.name for p in state.players if position in p.hand), None)
        if owner is not None:
            self.message = f"Die {position + 1} is taken: {owner} drafted it."
            self._changed()
            return
        self._apply({"type": "draft", "player": name, "die": position})

    def _craft(self, **choices: Any) -> None:
        if self.pending is None:
            self.message = "Crafting comes once the draft is over."
            return
        problem = self.pending.change(self.state, **choices)
        if problem:
            self.message = refusal(problem)
        else:
            shape, name = self.pending.crafted(self.state)
            self.message = f"Crafted: {with_article(name + ' ' + shape)}. Move it over your sheet."
        self._changed()

    def shape_die(self, index: int) -> None:
        self._craft(shape_die=index)

    def pick_shape(self, shape: str) -> None:
        if self.pending is not None and not self.pending.shape_free(self.state):
            self.message = "The shape comes from your shape die (it is not free)."
            return
        self._craft(shape_pick=shape)

    def pick_colour(self, name: str) -> None:
        if self.pending is not None and not self.pending.colour_free(self.state):
            self.message = "The colour comes from your colour die (it is not free)."
            return
        self._craft(colour_pick=name)

    def toggle_crew(self) -> None:
        if self.pending is None:
            self.message = "Your crew card is played with your block, in the place phase."
            return
        self._craft(crew=not self.pending.crew)
        if self.pending.crew:
            card = get_crew_card(self.state.player(self.pending.player).crew)
            self.message = f"Playing {card.name}: {card.text}"

    def set_swap(self, swap: int | None) -> None:
        self._craft(swap=swap)

    def cycle_swap(self) -> None:
        if self.pending is not None:
            options = [None, 0, 1]
            self.set_swap(options[(options.index(self.pending.swap) + 1) % 3])

    def toggle_purple(self) -> None:
        if self.pending is None:
            self.message = "Purple spaces are drawn with your block, in the place phase."
            return
        self.purple_mode = not self.purple_mode
        self.message = (
            "Purple space: click a box of your sheet to fill it in purple."
            if self.purple_mode
            else "Back to your block."
        )
        self._changed()

    def view(self, seat: int) -> None:
        self.viewed = seat % len(self.state.players)
        self._changed()

    def click_sheet(self, x: float, y: float) -> None:
        """A click on the sheet: draw the block (or a purple space) there in pencil."""
        pending = self.pending
        if pending is None:
            self.message = "Nothing to draw now: " + self._what_now()
            return
        if self.viewed != self.seat(pending.player):
            self.message = f"This is {self.state.players[self.viewed].name}'s sheet: Tab to yours."
            return
        geo = self.geometry()
        if self.purple_mode:
            cell = geo.box_at(x, y)
            problem = pending.draw_purple(self.state, cell)
            if problem is None:
                self.purple_mode = False
                self.message = f"Purple space at {box(list(cell))} in pencil: Enter confirms."
        else:
            cells = self.ghost_cells(x, y)
            problem = pending.draw_block(self.state, cells)
            if problem is None:
                self.message = (
                    "Drawn in pencil: Enter confirms, Backspace rubs it out, P adds purple."
                )
        if problem:
            self.message = refusal(problem)
        self._changed()

    def confirm(self) -> None:
        pending = self.pending
        if pending is None:
            self.message = "Nothing to confirm: " + self._what_now()
            return
        if pending.block is None:
            self.message = "Draw your block first: click on your sheet where it goes."
            return
        self._apply(pending.as_move(self.state))

    def _take_back(self) -> str:
        assert self.pending is not None  # something is drawn in pencil
        rubbed = self.pending.undo()
        return f"Rubbed out the {rubbed if rubbed == 'block' else 'purple space'}."

    def _what_now(self) -> str:
        state = self.state
        if state.phase == ENDED:
            return "the game is over."
        movers = self.movers()
        if state.phase == PLACE and self.active() is None:
            stuck = [p.name for p in state.players if p.stuck and not self.game.is_computer(p.name)]
            if stuck:
                return f"{listed(stuck)} cannot place a block this round."
        verb = {ROLL: "roll", DRAFT: "draft", PLACE: "place"}[state.phase]
        return f"{agree(listed(movers), verb)}."

    # -- saving -------------------------------------------------------------------------

    def _adopt(self, game: FilledInGame) -> str:
        self.game = game
        self.pending, self._last_active = None, None
        self.viewed, self.purple_mode = 0, False  # the loaded game may have fewer players
        self._told_from, self._watching = len(game.match.state.events), False
        self.tally.reset()
        self.flashes.clear()
        self._sync_turn()
        return ""

    # -- the block under the mouse --------------------------------------------------------

    def geometry(self, seat: int | None = None) -> SheetGeometry:
        player = self.state.players[self.viewed if seat is None else seat]
        return SheetGeometry.fit(player.tower.spec, SHEET_REGION)

    def ghost_cells(self, x: float, y: float) -> tuple[Cell, ...]:
        assert self.pending is not None
        shape = self.pending.shape_cells(self.state)
        rows = max(r for r, _ in shape) + 1
        cols = max(c for _, c in shape) + 1
        row, col = self.geometry().anchor(x, y, rows, cols)
        return self.pending.cells_at(self.state, row, col)

    def ghost(self) -> tuple[tuple[Cell, ...], str, str | None] | None:
        """What follows the mouse now: (cells, colour, the rules' objection or None)."""
        pending = self.pending
        if pending is None or self.mouse is None or self.viewed != self.seat(pending.player):
            return None
        geo = self.geometry()
        x, y = self.mouse
        if not geo.contains(x, y, margin=geo.cell):
            return None
        state = self.state
        if self.purple_mode:
            cell = geo.box_at(x, y)
            return (cell,), rules_config().purple, pending.purple_problem(state, cell)
        if pending.block is not None:
            return None
        cells = self.ghost_cells(x, y)
        return cells, pending.crafted(state)[1], pending.block_problem(state, cells)

    # -- input (logical coordinates) ----------------------------------------------------

    def on_mouse_motion(self, x: float, y: float) -> None:
        self.mouse = (x, y)

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        self.mouse = (x, y)
        if self.front.press(x, y) or self.back.press(x, y):
            return
        if button == mouse.LEFT and x < LEFT_W and self.geometry().contains(x, y, 8.0):
            self.click_sheet(x, y)
        elif button == mouse.RIGHT and self.pending is not None:
            self.pending.turn(1)

    def on_mouse_scroll(self, scroll_y: float) -> None:
        if self.pending is not None and scroll_y:
            self.pending.turn(1 if scroll_y > 0 else -1)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        pending = self.pending
        phase = self.state.phase
        if self._game_key(symbol, modifiers):
            return
        if symbol == key.TAB:
            self.view(self.viewed + (-1 if modifiers & key.MOD_SHIFT else 1))
        elif symbol == key.R:
            self.roll()
        elif phase == DRAFT and key._1 <= symbol <= key._9:
            self.draft(symbol - key._1)
        elif pending is None:
            return
        elif key._1 <= symbol <= key._9:
            colours = rules_config().colours
            if symbol - key._1 < len(colours):
                self.pick_colour(colours[symbol - key._1])
        elif symbol in SHAPE_KEYS:
            self.pick_shape(SHAPE_KEYS[symbol])
        elif symbol == key.SPACE:
            self.shape_die(1 - pending.shape_die)
        elif symbol == key.Q:
            pending.turn(1)
        elif symbol == key.E:
            pending.turn(-1)
        elif symbol == key.F:
            pending.flip()
        elif symbol == key.P:
            self.toggle_purple()
        elif symbol == key.C:
            self.toggle_crew()
        elif symbol == key.X:
            self.cycle_swap()

    def on_key_release(self, symbol: int) -> None:
        return None

    def guide_anchors(self) -> dict[str, tuple[float, float, float, float]]:
        """Your sheet, the roll button, the dice to draft, the crafted block's dice
        and Confirm, where shown."""
        found = {"sheet": SHEET_REGION}
        buttons = self.front.buttons
        found |= bounds(buttons, lambda b: b.label.startswith("Roll"), "roll")
        drafting = self.state.phase == DRAFT and self.active() is not None
        found |= bounds(buttons, lambda b: drafting and b.label.isdigit(), "dice")
        crafting = ("shape", "colour", "Swap roles (Space)")
        found |= bounds(buttons, lambda b: b.label in crafting, "craft")
        found |= bounds(buttons, lambda b: b.label.startswith("Confirm"), "confirm")
        return found

    # -- drawing ------------------------------------------------------------------------

    def draw(self, window: Any, base: Any) -> None:
        window.view = base
        if self.dirty:
            self._rebuild()
        self.back.draw()
        self.tally.draw()
        self._batch.draw()
        self.flashes.draw(self.state.players[self.viewed].name)  # on the sheet shown
        self.front.draw()
        self._draw_ghost()
        self.banner.draw(self.message)

    def _draw_ghost(self) -> None:
        found = self.ghost()
        shown = found if found is None else (found, self.pending and self.pending.order[:])
        if shown != self._ghost_key:
            self._ghost_key = shown
            if self._ghost_list is not None:
                self._ghost_list.delete()
                self._ghost_list = None
            if found is not None:
                mesh = Mesh()
                cells, name, problem = found
                paint_ghost(mesh, self.geometry(), cells, name, problem)
                self._ghost_list = mesh_list(mesh, self._ghost_batch, self._group)
        self._ghost_batch.draw()

    def _rebuild(self) -> None:
        self.dirty = False
        self.back.clear()
        self.front.clear()
        for item in self._lists:
            item.delete()
        self._lists.clear()
        self._ghost_key = "stale"  # the ghost is redrawn over the new sheet
        state = self.state
        mesh = Mesh()
        breakdowns = scores(state)
        movers = set(self.movers()) if state.phase != ENDED else set()
        paint_tabs(
            mesh,
            self.front,
            state,
            TABS,
            viewed=self.viewed,
            movers=movers,
            labels={p.name: self._label(p.name) for p in state.players},
            totals={name: b.total for name, b in breakdowns.items()},
            on_view=self.view,
        )
        player = state.players[self.viewed]
        geo = self.geometry()
        pencil = None
        pending = self.pending
        if pending is not None and pending.player == player.name:
            pencil = (pending.crafted(state)[1], pending.block, pending.purples)
        paint_sheet(mesh, self.front, geo, state, player, pencil)
        pencilled = len(pencil[2]) if pencil else 0
        right = paint_crane(
            mesh, self.front, 20, CRANE_Y, player.tower.spec, player.purples_used, pencilled
        )
        spec = player.tower.spec
        name = player.name if len(player.name) <= 14 else player.name[:13] + "."
        title = f"{name}  ·  sheet {spec.id}, {spec.name}"
        self.front.text(title, right + 10, CRANE_Y + 9, 13, INK, bold=True)
        paint_footer(mesh, self.front, player, breakdowns[player.name])
        draw_panel(
            mesh,
            self.back,
            self.front,
            state,
            breakdowns=breakdowns,
            active=self.active(),
            viewed=self.viewed,
            pending=pending,
            purple_mode=self.purple_mode,
            actions=self,
            tally=self.tally,
        )
        self._lists.append(mesh_list(mesh, self._batch, self._group))

    # -- leaving ------------------------------------------------------------------------

    def close(self) -> None:
        """The window leaves this screen or closes: stop the computers' worker (a
        decision under way is dropped) and free the GL objects; safe to call twice."""
        super().close()
        self._thinker.close()
        for item in self._lists:
            item.delete()
        self._lists.clear()
        if self._ghost_list is not None:
            self._ghost_list.delete()
            self._ghost_list = None
        self._ghost_key = "stale"
        for hud in (self.back, self.front, self.banner.hud):
            hud.clear()

    def _label(self, name: str) -> str:
        away = self.elsewhere().get(name)
        if away is not None:
            return away
        bot = self.game.computers.get(name)
        if bot is not None:
            return f"computer, {bot}"
        people = len(self.state.players) - len(self.game.computers)
        return "you" if people == 1 and name != YOU else ""  # people sharing the screen
