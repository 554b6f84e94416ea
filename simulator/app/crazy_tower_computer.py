"""Computer seats on the Crazy Tower screen: they decide after a short pause, their move
runs headless at once (the match records it), and its film plays back on screen so the
players see the hand carry the piece and the tower settle.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import IllegalMove
from simulator.games.crazy_tower.bots import make_player
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.player import MAX_RETRIES, CrazyTowerPlayer
from simulator.render.film import Film, Frame, filming

PAUSE = 0.6  # real seconds before a computer decides, so its turn can be followed
SPEED = 1.5  # the film of a computer's move plays this much faster than real time
FRAME_SECONDS = 1 / 60  # simulated seconds between filmed frames


@dataclass
class ComputerSeats:
    players: dict[str, CrazyTowerPlayer]
    film: Film | None = None
    stuck: str | None = None  # why a computer could not move (it then stops trying)
    _wait: float = 0.0
    _clock: float = 0.0
    _index: int = 0

    @classmethod
    def for_seats(cls, names: list[str], controllers: list[str], seed: int) -> ComputerSeats:
        players = {
            name: make_player(level, seed * 7919 + seat)
            for seat, (name, level) in enumerate(zip(names, controllers, strict=True))
            if level != "human"
        }
        return cls(players)

    def to_play(self, match: CrazyTowerMatch) -> bool:
        state = match.state
        return not state.is_over and state.current_player in self.players and not self.stuck

    @property
    def showing(self) -> bool:
        return self.film is not None

    def frame(self) -> Frame | None:
        film = self.film
        if film is None or not film.frames:
            return None
        return film.frames[min(self._index, len(film.frames) - 1)]

    def advance(self, match: CrazyTowerMatch, seconds: float) -> bool:
        """Play the film, or wait and move; True when a move has just been shown whole."""
        if self.film is not None:
            self._clock += seconds * SPEED
            frames = self.film.frames
            while self._index < len(frames) - 1 and frames[self._index + 1].time <= self._clock:
                self._index += 1
            if self._index >= len(frames) - 1:
                self.film = None
                return True
            return False
        if not self.to_play(match):
            return False
        self._wait += seconds
        if self._wait < PAUSE:
            return False
        self._wait = 0.0
        self._move(match)
        return False

    def skip(self) -> None:
        """Show the end of the move being played back at once."""
        if self.film is not None:
            self._index = len(self.film.frames)

    def _move(self, match: CrazyTowerMatch) -> None:
        player = self.players[match.state.current_player]
        every = max(1, round(FRAME_SECONDS / match.profile.dt))
        for _ in range(MAX_RETRIES + 1):
            try:
                action = player.decide(match)
                with filming(every) as film:
                    match.perform(action)
            except IllegalMove as exc:
                self.stuck = exc.reason  # kept only if every retry fails
                continue
            self.stuck = None
            self.film, self._clock, self._index = film, 0.0, 0
            return
