"""What one game screen sounds like: its match's world heard as it moves (knocks, falls),
and the rules' events of each move that enters the log (dice, cards, falls, a collapse).

The screen calls ``frame`` once a frame. Sounds of a person's move play as its steps
run; a computer's move runs at once and is played back from its film, so its sounds
wait for the frame the playback shows and a skipped playback drops what was not heard yet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from simulator.app.sound.impacts import FALL, Impact, ImpactListener
from simulator.app.sound.sounds import Cue, Sounds
from simulator.games.match import PhysicalMatch


class GameSounds:
    def __init__(self, sounds: Sounds | None = None) -> None:
        self.sounds = sounds  # the app's mixer (the window's); None: silent
        self.listener: ImpactListener | None = None
        self._match: Any = None
        self._actions = 0  # the match's log length whose events were heard
        self._events = 0  # how many of its events that was
        self._due: list[Impact] = []  # heard in the world, not played yet
        self._falls: list[float] = []  # world times of recent falls (a crash is several)
        self._fell: set[str] = set()  # fall sounds the physics played since the last move
        self._playback: Any = None  # the computer's filmed move being shown
        self._film_start = 0.0  # its world time at the film's first frame
        self._shown_until = 0.0  # the world time of the last filmed frame shown

    def use(self, sounds: Sounds) -> None:
        """Play through the app's mixer (the screen is now in a window)."""
        self.sounds = sounds

    def close(self) -> None:
        if self.listener is not None:
            self.listener.detach()

    def frame(self, match: Any, playback: Any) -> None:
        """Follow ``match`` (its world and its log) and play what is due this frame."""
        sounds = self.sounds
        if sounds is None or sounds.table is None:
            return
        self._follow(match, sounds)
        cues = self._impact_cues(playback, sounds) if self.listener is not None else []
        if playback is None and match.action_count != self._actions:
            cues += self._event_cues(match, sounds)
        if cues:
            sounds.play_cues(cues)

    # -- following the match ------------------------------------------------------------

    def _follow(self, match: Any, sounds: Sounds) -> None:
        if match is not self._match:  # a new game or a load: its past is not heard
            self._match, self._actions = match, match.action_count
            self._events = len(match.events())
        if not isinstance(match, PhysicalMatch):
            return
        if self.listener is None:
            assert sounds.table is not None
            self.listener = ImpactListener(sounds.table.impacts)
        if self.listener.world is not match.world:  # a rebuild or a load
            self.listener.attach(match.world)
            self._due.clear()
            self._falls.clear()
            self._fell.clear()

    # -- the physics ----------------------------------------------------------------------

    def _impact_cues(self, playback: Any, sounds: Sounds) -> list[Cue]:
        listener = self.listener
        assert listener is not None and listener.world is not None
        heard, now = listener.take(), []
        shown = self._playback
        if shown is not None and playback is not shown:  # its film ended or was skipped
            now = self._until(self._shown_until)
            self._due.clear()  # what its film did not show was skipped
        if playback is not None and playback is not shown:  # a computer's move, filmed
            self._film_start = listener.world.time - playback.frames[-1].time
        self._playback = playback
        self._due += heard
        if playback is None:
            now += self._due
            self._due = []
        else:
            # the frame on screen, not the playback's clock (a speed or a skip moves it)
            self._shown_until = self._film_start + playback.frame.time
            now += self._until(self._shown_until)
        return self._cues(now, sounds)

    def _until(self, time: float) -> list[Impact]:
        """Take the due impacts heard by world time ``time``."""
        now = [impact for impact in self._due if impact.time <= time]
        self._due = [impact for impact in self._due if impact.time > time]
        return now

    def _cues(self, impacts: Iterable[Impact], sounds: Sounds) -> list[Cue]:
        table = sounds.table
        assert table is not None
        cues = []
        for impact in impacts:
            if impact.kind != FALL:
                cues.append(Cue(table.clacks[impact.variant - 1], impact.volume))
                continue
            window = impact.time - table.crash_window
            self._falls = [t for t in self._falls if t >= window] + [impact.time]
            name = table.crash if len(self._falls) >= table.crash_pieces else table.clatter
            self._fell.add(name)
            cues.append(Cue(name, impact.volume))
        return cues

    # -- the rules' events ------------------------------------------------------------------

    def _event_cues(self, match: Any, sounds: Sounds) -> list[Cue]:
        table = sounds.table
        assert table is not None
        events = match.events()
        new = events[self._events :] if len(events) >= self._events else []
        self._actions, self._events = match.action_count, len(events)
        cues = event_cues(new, table.events, table.crash_pieces, table.clatter, table.crash)
        # A fall the physics played as it happened is not played again: any fall stands
        # for a clatter, a crash only for a crash (a collapse heard as one piece crashes).
        heard = self._fell | ({table.clatter} if self._fell else set())
        self._fell = set()
        return [cue for cue in cues if cue.name not in heard]


def event_cues(
    events: Iterable[Mapping[str, Any]],
    sounds: Mapping[str, str],
    crash_pieces: int,
    clatter: str,
    crash: str,
) -> list[Cue]:
    """The sounds of a move's events: each mapped event type's sound, and a crash
    instead of a clatter when the events name ``crash_pieces`` fallen pieces or more."""
    names: list[str] = []
    fallen = 0
    for event in events:
        name = sounds.get(str(event.get("type")))
        if name is None:
            continue
        if name == clatter:
            pieces = event.get("pieces")
            fallen += len(pieces) if isinstance(pieces, list) else 1
        names.append(name)
    if fallen >= crash_pieces:
        names = [crash if name == clatter else name for name in names]
    return [Cue(name) for name in dict.fromkeys(names)]
