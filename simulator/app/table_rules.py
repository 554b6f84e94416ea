"""The fair-play table options beyond the rules: may a player take back a move during
which a piece fell (an accident)? Chosen at the start (``towersim host
--undo-accidents no``, the Network game page); over the network the host's choice is the
table's, sent in the lobby (``table``) and honoured by every desk's app.

An accident is a piece coming down onto the table during the move under way: the world
lists its table touches (``World.table_touches``), so the watch notes how many there are
when the move begins and looks for a piece among the later ones that had not touched
the table before; a new world (an undo, the host's game) starts a new count.
"""

from __future__ import annotations

from typing import Any

# How the games' verdicts on a move end (lots/words.py, crazy_tower/words.py), and how
# they end at a table where the accident the move had stands.
UNDO_OFFERED = "Enter confirms it; Backspace takes it back."
UNDO_REFUSED = "Enter confirms it: at this table an accident stands."
ACCIDENT_STANDS = (
    "At this table an accident stands: a piece fell during your move, so it cannot be "
    "taken back. Enter confirms it."
)


def accident_stands(screen: Any) -> bool:
    """A piece fell during ``screen``'s move under way (a GameScreen), and its table does
    not take that back."""
    if screen.undo_accidents:
        return False
    return bool(screen.accidents.fell(screen.live, getattr(screen.match, "world", None)))


def honour(screen: Any) -> None:
    """The game's verdict on the move offers Backspace; at a table where the accident
    the move had stands, it says so instead."""
    if screen.message.endswith(UNDO_OFFERED) and accident_stands(screen):
        screen.message = screen.message.removesuffix(UNDO_OFFERED) + UNDO_REFUSED
        screen._changed()


def undo_accidents(table: Any) -> bool:
    """The lobby's ``table`` says whether accidents may be undone (True without one: an
    older host, a local game)."""
    return not isinstance(table, dict) or table.get("undo_accidents") is not False


def table_words(table: Any) -> str:
    """The table's options in a sentence, for the lobby ("" for a host that sent none)."""
    if not isinstance(table, dict) or not table:
        return ""
    undo = (
        "a move during which a piece fell can be taken back"
        if undo_accidents(table)
        else "an accident stands: a move during which a piece fell cannot be taken back"
    )
    seconds = table.get("turn_seconds")
    clock = ""
    if isinstance(seconds, int | float) and not isinstance(seconds, bool):
        clock = f"; each move has {duration_words(seconds)}, then the computer makes it"
    return f"At this table {undo}{clock}."


def duration_words(seconds: float) -> str:
    """``10 minutes``, ``1 minute``, ``45 seconds``."""
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'' if minutes == 1 else 's'}"
    return f"{seconds:g} seconds"


class AccidentWatch:
    """Whether a piece fell to the table since the move under way began."""

    def __init__(self) -> None:
        self._since: tuple[int, int] | None = None  # (the world's id, its touches then)

    def follow(self, live: Any, world: Any) -> None:
        """Called every frame: a move that begins (or a new world) is counted from now."""
        if live is None or world is None:
            self._since = None
        elif self._since is None or self._since[0] != id(world):
            self._since = (id(world), len(world.table_touches))

    def fell(self, live: Any, world: Any) -> bool:
        """A piece came down onto the table since the move began; one that lay there
        before (a Crazy Tower piece down, being put back, the starting card) does not
        count when it touches the table again."""
        since = self._since
        if live is None or world is None or since is None or since[0] != id(world):
            return False
        touches = world.table_touches
        before = {touch.body_id for touch in touches[: since[1]]}
        return any(touch.body_id not in before for touch in touches[since[1] :])
