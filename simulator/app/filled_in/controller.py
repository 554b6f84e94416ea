"""The Filled In turn controller: whose turn it is, what a click or a key means for the
game, the turn drawn in pencil and its undo, confirming it in ink, and the message line.

A round: the roller rolls -> everybody drafts two dice -> each player crafts a block (one
die gives the shape, the other the colour; a free shape or colour is picked) -> the
block follows the mouse over the player's sheet, snapped to the boxes, and a click draws
it in pencil, with purple spaces if wanted (``turn.PendingTurn``) -> confirming makes it
one ``place`` move. In the place phase the computer seats wait for the humans (placing
is simultaneous at the table, so nobody sees another's block first).

No pyglet here, directly or through an import, so whole turns are played in tests
without a window: the screen (screen.py) joins this controller to the window and the
computer seats, its view (view.py) draws what it holds, its key table (keys.py) calls it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.errors import IllegalMove
from rules.pieces import Cell
from simulator.app.filled_in.crafting import CraftingControls
from simulator.app.filled_in.geometry import LEFT_W, SHEET_REGION, SheetGeometry
from simulator.app.filled_in.session import FilledInGame
from simulator.app.filled_in.table import DRAFT, ENDED, PLACE, PURPLE, ROLL, Breakdown, Table
from simulator.app.filled_in.turn import BLOCK, PendingTurn
from simulator.app.filled_in.words import box, events_text
from simulator.app.words import YOU, agree, computer_tag, listed, refusal, sentence
from simulator.games.filled_in.match import FilledInMatch

NOTHING_TO_UNDO = "Nothing in pencil to rub out (what is confirmed is ink)."
Events = list[dict[str, Any]]
Ghost = tuple[tuple[Cell, ...], str, str | None]  # cells, colour, the rules' objection


def _ignore(events: Events) -> None:
    """No screen to tell of a move (a controller on its own, in tests)."""


# Seconds a computer's drawn block stays in view once it is a person's turn, before their
# own sheet comes back (a house choice: long enough to see what it drew).
WATCH_SECONDS = 2.0


class FilledInTurns(CraftingControls):
    """The turn logic of one Filled In game on screen. ``message`` is the line the
    players read; ``dirty`` says that what the panel and the sheet show changed.
    ``moved(events)`` runs once a person's move entered the log (the screen autosaves it
    and flashes what it scored)."""

    def __init__(self, game: FilledInGame, moved: Callable[[Events], None] = _ignore) -> None:
        self.game = game
        self.moved = moved
        self.pending: PendingTurn | None = None  # the active human's pencil turn
        self.purple_mode = False  # a click on the sheet draws a purple space
        self.viewed = 0  # the seat whose sheet is shown
        self.mouse: tuple[float, float] | None = None  # logical pixels
        self.message = ""
        self.dirty = True
        self._last_active: str | None = None
        self._told_from = 0  # events shown in the message: those since a human last acted
        self._watching = False  # a computer just drew a block: its sheet stays in view
        self._watch_left = 0.0  # ... for this many more seconds once a human must act
        self._described: tuple[object, Table] | None = None  # the last state described
        self.sync()

    # -- who moves ------------------------------------------------------------------------

    @property
    def match(self) -> FilledInMatch:
        return self.game.match

    @property
    def state(self) -> Any:
        """The rules' state, as the match holds it: the pencil turn asks the engine about
        it; everything shown is read from ``table``."""
        return self.game.match.state

    @property
    def table(self) -> Table:
        """The state as the engine describes it, described once per state (a frame asks
        often; a move makes a new state)."""
        state = self.state
        if self._described is None or self._described[0] is not state:
            self._described = (state, Table.of(state))
        return self._described[1]

    @property
    def live(self) -> PendingTurn | None:
        """The unconfirmed turn while something is drawn in pencil (Esc rubs it out)."""
        return self.pending if self.pending is not None and self.pending.order else None

    def movers(self) -> list[str]:
        """Who the rules wait for: the roller, the drafter, or everybody yet to place."""
        return list(self.table.to_act)

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
        return self.table.index(name)

    def arrows(self) -> set[str]:
        """The players the tabs mark to move: none once the game is over."""
        return set(self.movers()) if self.table.phase != ENDED else set()

    def scores(self) -> dict[str, Breakdown]:
        return {p.name: p.breakdown for p in self.table.players}

    def drafting(self) -> bool:
        return self.table.phase == DRAFT

    def placing(self) -> bool:
        """A human crafts and draws a block now."""
        return self.pending is not None

    def sync(self) -> None:
        """Start the active human's pencil turn in the place phase; show their sheet."""
        active = self.active()
        if self.table.phase != PLACE or active is None:
            self.pending, self.purple_mode = None, False
        elif self.pending is None or self.pending.player != active:
            self.pending = PendingTurn(active)
            self.pending.settle_dice(self.state)
            self.purple_mode = False
        changed = active is not None and active != self._last_active
        if changed and (not self._watching or self.pending is not None):
            self.viewed = self.seat(str(active))
        self._last_active = active

    def label(self, name: str, elsewhere: dict[str, str]) -> str:
        """Who plays ``name``, after the name on its tab: what ``elsewhere`` says of a
        seat played on another desk, the computer's level, or "you" among people."""
        away = elsewhere.get(name)
        if away is not None:
            return away
        bot = self.game.computers.get(name)
        if bot is not None:
            return computer_tag(bot)
        people = len(self.table.players) - len(self.game.computers)
        return "you" if people == 1 and name != YOU else ""  # people sharing the screen

    # -- computer seats -------------------------------------------------------------------

    def perform_computer(self, name: str, move: dict[str, Any]) -> None:
        """A computer's decided move (IllegalMove: refused, the match unchanged); the
        block it draws stays in view until a human acts or, once a human must act,
        for WATCH_SECONDS (``step``)."""
        if self.table.phase == PLACE:
            self.viewed = self.seat(name)
            self._watching, self._watch_left = True, WATCH_SECONDS
        self.match.perform(move)

    def step(self, seconds: float) -> None:
        """Time passes on screen: a computer's drawn block has been seen long enough once
        a human must act, and that human's own sheet comes back (unless they looked
        elsewhere themselves)."""
        active = self.active()
        if not self._watching or active is None:
            return
        self._watch_left -= seconds
        if self._watch_left <= 0:
            self._watching = False
            self.viewed = self.seat(active)
            self.dirty = True

    def hand_over(self, name: str) -> bool:
        """The random player takes a failed bot's seat; False if it had it already."""
        if self.game.computers[name] == "random":
            return False
        self.game.computers[name] = "random"
        return True

    def computer_words(self) -> str:
        """What the computers did since a human last acted (it stays readable), then
        whose move it is, as the panel's arrows show it."""
        told = events_text(self.state.events[self._told_from :])
        return f"{told} {sentence(self.what_now())}".strip()

    def what_now(self) -> str:
        table = self.table
        if table.phase == ENDED:
            return "the game is over."
        movers = self.movers()
        if table.phase == PLACE and self.active() is None:
            stuck = [p.name for p in table.players if p.stuck and not self.game.is_computer(p.name)]
            if stuck:
                return f"{listed(stuck)} cannot place a block this round."
        verb = {ROLL: "roll", DRAFT: "draft", PLACE: "place"}[table.phase]
        return f"{agree(listed(movers), verb)}."

    # -- a person's moves -----------------------------------------------------------------

    def say(self, message: str) -> None:
        self.message = message
        self.dirty = True

    def _apply(self, move: dict[str, Any]) -> bool:
        """A person's move; False if the rules refuse it."""
        before = len(self.state.events)
        try:
            self.match.perform(move)
        except IllegalMove as exc:
            self.say(refusal(exc.reason))
            return False
        self._told_from, self._watching = before, False
        events = self.state.events[before:]
        self.message = events_text(events) or self.message
        self.sync()
        self.dirty = True
        self.moved(events)
        return True

    def roll(self) -> None:
        name = self.active()
        if self.table.phase != ROLL or name is None:
            self.message = "It is not your roll."
            return
        self._apply({"type": "roll", "player": name})

    def draft(self, position: int) -> None:
        name = self.active()
        table = self.table
        if table.phase != DRAFT or name is None:
            self.message = "Nobody of yours drafts now."
            return
        if not 0 <= position < len(table.faces):
            self.message = f"There is no die {position + 1}: dice 1 to {len(table.faces)}."
            return
        owner = table.owners().get(position)
        if owner is not None:
            self.say(f"Die {position + 1} is taken: {owner} drafted it.")
            return
        self._apply({"type": "draft", "player": name, "die": position})

    def confirm(self) -> None:
        """Confirm the turn in pencil: one ``place`` move, in ink."""
        pending = self.pending
        if pending is None:
            self.message = "Nothing to confirm: " + self.what_now()
            return
        if pending.block is None:
            self.message = "Draw your block first: click on your sheet where it goes."
            return
        self._apply(pending.as_move(self.state))

    def take_back(self) -> str:
        """Rub out the last thing drawn in pencil (there is one); what to say."""
        assert self.pending is not None  # something is drawn in pencil
        rubbed = self.pending.undo()
        return f"Rubbed out the {'block' if rubbed == BLOCK else 'purple space'}."

    def undo(self) -> None:
        self.say(self.take_back() if self.live is not None else NOTHING_TO_UNDO)

    def adopt(self, game: FilledInGame) -> None:
        """Play on with a loaded game: the pencil is dropped, the first sheet shown."""
        self.game = game
        self.pending, self._last_active = None, None
        self.viewed, self.purple_mode = 0, False  # the loaded game may have fewer players
        self._told_from, self._watching = len(game.match.state.events), False
        self.sync()

    # -- the sheet --------------------------------------------------------------------------

    def view(self, seat: int) -> None:
        """Show the sheet of ``seat`` (counted round the table)."""
        self.viewed = seat % len(self.table.players)
        self._watching = False  # the player chose what to look at
        self.dirty = True

    def geometry(self, seat: int | None = None) -> SheetGeometry:
        """The sheet of ``seat`` (None: the one shown) as the screen lays it out."""
        player = self.table.players[self.viewed if seat is None else seat]
        return SheetGeometry.fit(player.sheet, SHEET_REGION)

    def sheet_of(self, name: str) -> SheetGeometry:
        return self.geometry(self.seat(name))

    def click_at(self, x: float, y: float) -> None:
        """A left click on the screen, once no button took it: on (or by) the sheet it
        draws there."""
        if x < LEFT_W and self.geometry().contains(x, y, 8.0):
            self.click_sheet(x, y)

    def click_sheet(self, x: float, y: float) -> None:
        """A click on the sheet: draw the block (or a purple space) there in pencil."""
        pending = self.pending
        if pending is None:
            self.message = "Nothing to draw now: " + self.what_now()
            return
        if self.viewed != self.seat(pending.player):
            self.message = f"This is {self.table.players[self.viewed].name}'s sheet: Tab to yours."
            return
        if self.purple_mode:
            cell = self.geometry().box_at(x, y)
            problem = pending.draw_purple(self.state, cell)
            if problem is None:
                self.purple_mode = False
                self.message = f"Purple space at {box(list(cell))} in pencil: Enter confirms."
        else:
            problem = pending.draw_block(self.state, self.ghost_cells(x, y))
            if problem is None:
                self.message = (
                    "Drawn in pencil: Enter confirms, Backspace rubs it out, P adds purple."
                )
        if problem:
            self.message = refusal(problem)
        self.dirty = True

    def ghost_cells(self, x: float, y: float) -> tuple[Cell, ...]:
        """The boxes the crafted block covers with its middle at (x, y)."""
        assert self.pending is not None
        shape = self.pending.shape_cells(self.state)
        rows = max(r for r, _ in shape) + 1
        cols = max(c for _, c in shape) + 1
        row, col = self.geometry().anchor(x, y, rows, cols)
        return self.pending.cells_at(self.state, row, col)

    def ghost(self) -> Ghost | None:
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
            return (cell,), PURPLE, pending.purple_problem(state, cell)
        if pending.block is not None:
            return None
        cells = self.ghost_cells(x, y)
        return cells, pending.crafted(state)[1], pending.block_problem(state, cells)
