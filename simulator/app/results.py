"""The end of a game: the results over the final table, and what to do next.

When a match's ``outcome()`` says it is over and its last move has settled or played
back, the game screen hands the window to a ``ResultsScreen`` (``Ending``, the hook in
``GameScreen.advance``): the winner in a sentence, why the game ended, the scores, and
Rematch (the same players, seats, hand and options, with the next seed: the same setup
deals a new game, as a second game at a table would), New game (the start screen, on
this game), Watch the replay (the viewer on this game's log) and Back to the table.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any, Protocol

from simulator.app.computer_seats import one_line
from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.app.screen import Screen, Window
from simulator.app.watch import ReplayViewer
from simulator.app.widgets import Hud
from simulator.app.workers import ThreadWorker
from simulator.files import write_atomically
from simulator.games.registry import GAMES
from simulator.games.results import results_of
from simulator.replay import film_caption, film_moves

PREPARING = "Preparing the replay: the game runs again, move by move..."
RESULTS_PAUSE = 1.2  # real seconds the final table shows before the results come up
SHORTCUTS = [
    ("R", "rematch: the same players and options, the next seed"),
    ("N", "a new game (the start screen)"),
    ("W", "watch the replay of this game"),
    ("B", "back to the table (Enter shows the results again)"),
]
CARD_W, CARD_BASE, ROW_H, MAX_ROWS = 820.0, 336.0, 34.0, 6  # the card grows with the rows
CARD_TONE = (252, 250, 244)
WINNER_TONE = (255, 236, 170)


class FinishedGame(Protocol):
    """What the results read of the game screen they end (GameScreen is one: it imports
    this module, so the results name it only through this protocol)."""

    window: Window | None
    match: Any
    dt: float
    save_path: Path
    autosave: bool

    def draw(self, window: Any, base: Any) -> None: ...

    def close(self) -> None: ...

    def say(self, message: str) -> None: ...

    def _write(self, path: Path) -> None:
        """Save the game to ``path`` (a rematch and the replay start from the save)."""
        ...

    def _changed(self) -> None:
        """Lay the panel out again on the next draw."""
        ...


class Ending:
    """The game screen's watch for the end: once the match is over and nothing moves,
    after RESULTS_PAUSE the window shows the results."""

    def __init__(self) -> None:
        self.waited = 0.0
        self._seen: tuple[int, int] | None = None  # (match, actions) last looked at
        self._over = False

    def shows_results(self, screen: FinishedGame, seconds: float) -> bool:
        """True once the results screen has the window (the game screen then rests)."""
        match = screen.match
        seen = (id(match), match.action_count)
        if seen != self._seen:  # the outcome changes only with the log
            self._seen, self._over, self.waited = seen, match.outcome().over, 0.0
        if not self._over or screen.window is None:
            return False
        self.waited += seconds
        if self.waited >= RESULTS_PAUSE:
            screen.window.show(ResultsScreen(screen))
            return True
        return False


class ResultsScreen(Screen):
    """The results card over the finished game's table; "Back to the table" hides it."""

    shortcuts = SHORTCUTS

    def __init__(self, game: FinishedGame) -> None:
        # The game screen is closed (its workers stopped) when the window leaves it; it
        # is only drawn from here, its table as the last move left it.
        self.game = game
        self.dt = game.dt
        self.results = results_of(game.match)
        self.card_shown = True
        self.hud = Hud()
        self.dirty = True
        self.worker = ThreadWorker()
        self.preparing: Future | None = None  # the replay being filmed
        self.note = ""  # under the buttons: what is under way

    # -- what the buttons do ---------------------------------------------------------------

    def rematch(self) -> None:
        """The same game set up again with the next seed (players, seats, hand, options)."""
        self._open(lambda: rematch_of(self.game))

    def new_game(self) -> None:
        """The window's start screen (the window knows it: this module sits below it),
        with this game chosen."""
        home = self.window.home if self.window is not None else None
        if home is None:
            self._could_not("This window has no start screen to go back to.")
            return

        def start_screen() -> Screen:
            screen = home()
            choices = getattr(screen, "choices", None)
            if choices is not None:
                choices.choose_game(self.game.match.kind)
            return screen

        self._open(start_screen)

    def watch(self) -> None:
        """The replay viewer on this game's log (its Back button returns here). The game
        is run again, filmed, on a worker: a long game takes seconds, the window draws on
        and says so meanwhile."""
        if self.preparing is not None:
            return
        folder = Path(tempfile.mkdtemp(prefix="towersim-replay-"))
        path = folder / f"{self.game.match.kind}.json"
        try:
            self.game._write(path)
        except OSError as exc:
            shutil.rmtree(folder, ignore_errors=True)
            self._could_not(f"Cannot watch the replay: {exc.strerror or exc}")
            return
        self.preparing = self.worker.submit(_filmed_and_removed, path)
        self.note = PREPARING
        self.dirty = True

    def advance(self, steps: int, seconds: float) -> None:
        future = self.preparing
        if future is None or not future.done():
            return
        self.preparing, self.note = None, ""
        self.dirty = True
        try:
            filmed = future.result()
        except Exception as exc:  # a file the replay refuses: one line, the results stay
            self._could_not(f"Cannot watch the replay: {one_line(str(exc))}")
            return
        caption = film_caption(filmed.report, filmed.report.get("name") or "")
        viewer = ReplayViewer(filmed, caption, ("Back to the results", lambda: self))
        if self.window is not None:
            self.window.show(viewer)

    def show_table(self, shown: bool) -> None:
        self.card_shown = not shown
        self.dirty = True

    def _open(self, make: Callable[[], Screen]) -> None:
        try:
            screen = make()
        except Exception as exc:  # a file that cannot be written or read: one line
            self._could_not(f"Cannot open it: {one_line(str(exc))}")
            return
        if self.window is not None:
            self.window.show(screen)

    def _could_not(self, why: str) -> None:
        """Say why on the game's message line, the table in view."""
        self.game.say(why)
        self.show_table(True)

    # -- the window's calls -----------------------------------------------------------------

    def attach(self, window: Window) -> None:
        super().attach(window)
        self.game._changed()  # closing the game cleared its panel: lay it out again

    def say(self, message: str) -> None:
        self.game.say(message)

    def draw(self, window: Any, base: Any) -> None:
        self.game.draw(window, base)
        window.view = base
        if self.dirty:
            self._rebuild()
        self.hud.draw()

    def close(self) -> None:
        self.worker.close()
        self.preparing, self.note = None, ""
        self.hud.clear()
        self.dirty = True  # shown again (back from the replay): laid out again
        self.game.close()  # frees the table's scene again (drawing made a new one)

    def on_mouse_press(self, x: float, y: float, button: int) -> None:
        self.hud.press(x, y)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        from pyglet.window import key  # lazy: display

        if not self.card_shown:
            if symbol in (key.RETURN, key.ENTER):
                self.show_table(False)
        elif symbol == key.R:
            self.rematch()
        elif symbol == key.N:
            self.new_game()
        elif symbol == key.W:
            self.watch()
        elif symbol == key.B:
            self.show_table(True)

    def _rebuild(self) -> None:
        self.dirty = False
        hud = self.hud
        hud.clear()
        if not self.card_shown:
            hud.button(
                DESIGN_W - 250,
                8,
                236,
                34,
                "Show the results (Enter)",
                lambda: self.show_table(False),
            )
            return
        results = self.results
        x, y, w, h = self.card
        hud.rect(0, 0, DESIGN_W, DESIGN_H, (20, 24, 32), 120, layer=0)
        hud.rect(x, y, w, h, CARD_TONE, layer=0)
        hud.border(x, y, w, h, (70, 110, 170))
        hud.text("Game over", x + 32, y + h - 46, 15, (110, 110, 110), bold=True)
        hud.text(results.headline, x + 32, y + h - 66, 24, bold=True, width=w - 64, anchor_y="top")
        hud.text(results.why, x + 32, y + h - 146, 14, width=w - 64, anchor_y="top")
        self._table(hud, x + 32, y + h - 220, w - 64)
        buttons = [
            ("Rematch (R)", self.rematch, (40, 140, 70)),
            ("New game (N)", self.new_game, (70, 110, 170)),
            ("Watch the replay (W)", self.watch, (70, 110, 170)),
            ("Back to the table (B)", lambda: self.show_table(True), (110, 110, 120)),
        ]
        bx, gap = x + 24, 12.0
        width = (w - 48 - gap * 3) / 4
        for label, action, tone in buttons:
            hud.button(bx, y + 30, width, 42, label, action, tone=tone)
            bx += width + gap
        if self.note:
            hud.text(self.note, x + w / 2, y + 10, 12, (90, 90, 90), anchor_x="center")

    @property
    def card(self) -> tuple[float, float, float, float]:
        """The results card (x, y, w, h), centred: taller with more players."""
        h = CARD_BASE + ROW_H * min(len(self.results.rows), MAX_ROWS)
        return (DESIGN_W - CARD_W) / 2, (DESIGN_H - h) / 2, CARD_W, h

    def _table(self, hud: Hud, x: float, top: float, width: float) -> None:
        results = self.results
        hud.text("Player", x, top, 13, (90, 90, 90), bold=True)
        hud.text(results.heading, x + width, top, 13, (90, 90, 90), bold=True, anchor_x="right")
        y = top - ROW_H
        for name, score, won in results.rows[:MAX_ROWS]:
            if won:
                hud.rect(x - 10, y - 10, width + 20, 30, WINNER_TONE, layer=1)
            label = f"{name}  (winner)" if won else name
            hud.text(label, x, y, 15, bold=won)
            hud.text(score, x + width, y, 15, bold=won, anchor_x="right")
            y -= ROW_H


def _filmed_and_removed(path: Path) -> Any:
    """The replay viewer's film of ``path`` (on a worker); its folder goes afterwards."""
    try:
        return film_moves(str(path))
    finally:
        shutil.rmtree(path.parent, ignore_errors=True)


def rematch_of(game: FinishedGame) -> Screen:
    """A new game screen: ``game``'s save (setup, seats, hand) with the next seed and no
    moves, opened as any save of its game is (the registry's screen part: the screens
    module opens games for the start screen above this one); it saves where ``game``
    saved."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rematch.json"
        game._write(path)
        document = json.loads(path.read_text(encoding="utf-8"))
        document["seed"] = document["seed"] + 1
        document["action"] = []
        document.pop("expect", None)
        # A new game, not a save cut short (a save without its state_hash is refused).
        document["description"] = f"A rematch of {document.get('name') or 'a game'}."
        write_atomically(path, json.dumps(document, indent=1))
        screen = GAMES.get(game.match.kind).load("screen").load_screen(path)
    screen.save_path, screen.autosave = game.save_path, game.autosave
    screen.undo_accidents = getattr(game, "undo_accidents", True)  # the same table
    return screen
