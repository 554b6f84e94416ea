"""What the window asks of a screen (the start screen, a game, a film being watched).

The window calls these and nothing else, so a screen states what it is instead of the
window probing for attributes. Input arrives in logical coordinates (the letterbox's
design size). Everything but ``draw`` has a default that does nothing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from simulator.app.overlay import HelpAction, Overlay
from simulator.app.tooltip import hud_tip

Shortcuts = Sequence[tuple[str, str]]  # (keys, what they do), for the help overlay


class Window(Protocol):
    """What a screen asks of the window that shows it. simulator/app/window.py's
    AppWindow is the one; it imports this module, so a screen names it only through
    this protocol (docs/architecture.md, "Imports run one way")."""

    page: Screen  # the screen shown
    help_actions: list[HelpAction]  # keys the screen adds to the help
    home: Callable[[], Screen] | None  # makes the start screen; None: no way back

    def show(self, screen: Screen) -> None: ...

    def open_overlay(self, overlay: Overlay | None) -> None: ...

    def push_handlers(self, *args: Any, **kwargs: Any) -> None: ...

    def remove_handlers(self, *args: Any, **kwargs: Any) -> None: ...


class Screen(ABC):
    shortcuts: Shortcuts = ()  # a screen class's rows, or one screen's own (NetworkGame)
    dt: float = 1 / 60  # the fixed step the window's loop runs (a physics profile's dt)

    window: Window | None = None

    def attach(self, window: Window) -> None:
        """The window now shows this screen (a screen may switch to another one)."""
        self.window = window

    def close(self) -> None:  # noqa: B027 (nothing to free by default)
        """The window leaves this screen or closes: stop workers, free GL objects. Safe
        to call twice."""

    # -- time and drawing ---------------------------------------------------------------

    def advance(self, steps: int, seconds: float) -> None:  # noqa: B027 (nothing moves)
        """``steps`` fixed steps of ``dt`` for a frame that lasted ``seconds``."""

    @abstractmethod
    def draw(self, window: Any, base: Any) -> None:
        """Draw into ``window``, whose view is the letterbox matrix ``base``."""

    # -- what the window must know ------------------------------------------------------

    @property
    def typing(self) -> bool:
        """A text field takes the keys (so H types an h instead of opening the help)."""
        return False

    @property
    def move_in_progress(self) -> bool:
        """A move is under way and not confirmed: leaving the screen (Ctrl+N) is refused
        and Esc goes to the screen (it takes the move back)."""
        return False

    def say(self, message: str) -> None:  # noqa: B027 (a screen without messages)
        """Show ``message`` to the player."""

    def tip_at(self, x: float, y: float) -> str | None:
        """What the component under logical (x, y) has to say when the mouse rests on it
        (simulator/app/tooltip.py); None: nothing."""
        return None

    # -- input ----------------------------------------------------------------------------

    def on_mouse_motion(self, x: float, y: float) -> None:  # noqa: B027
        pass

    def on_mouse_press(self, x: float, y: float, button: int) -> None:  # noqa: B027
        pass

    def on_mouse_scroll(self, scroll_y: float) -> None:  # noqa: B027
        pass

    def on_text(self, text: str) -> None:  # noqa: B027
        pass

    def on_key_press(self, symbol: int, modifiers: int) -> None:  # noqa: B027
        pass

    def on_key_release(self, symbol: int) -> None:  # noqa: B027
        pass


class HudPage(Screen):
    """A screen that is one Hud of text and buttons (the start screen, the settings, the
    lobby), built again by ``_rebuild`` when something it shows changed (``dirty``)."""

    hud: Any
    dirty: bool

    def tip_at(self, x: float, y: float) -> str | None:
        return hud_tip([self.hud], x, y)

    def draw(self, window: Any, base: Any) -> None:
        window.view = base
        if self.dirty:
            self.dirty = False
            self._rebuild()
        self.hud.draw()

    @abstractmethod
    def _rebuild(self) -> None:
        """Lay the page out in ``hud`` again."""
