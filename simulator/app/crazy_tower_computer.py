"""Computer seats on the Crazy Tower screen: they decide after a short pause, their move
runs headless at once (the match records it), and its film plays back on screen
(simulator.app.playback, as on the LOTS screen) so the players see the hand carry the
piece and the tower settle. A seat whose player fails (a bug, or every retry refused)
is handed to the random player, so the game goes on and says so once.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.errors import IllegalMove
from simulator.app.playback import Playback
from simulator.games.crazy_tower.bots import make_player
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.player import MAX_RETRIES, CrazyTowerPlayer, RandomPlayer
from simulator.render.film import Film, Frame
from simulator.seeds import seat_seed, takeover_seed

PAUSE = 0.6  # real seconds before a computer decides, so its turn can be followed
SPEED = 1.5  # the film of a computer's move plays this much faster than real time
FRAME_SECONDS = 1 / 60  # simulated seconds between filmed frames
RANDOM = "random"
WHY_LENGTH = 120  # characters of a failure's reason shown in the message


@dataclass
class ComputerSeats:
    players: dict[str, CrazyTowerPlayer]
    seed: int = 0
    playback: Playback | None = None
    stuck: str | None = None  # why no computer can move that seat (it stops trying)
    note: str | None = None  # what went wrong with the last move, said once
    handed: str | None = None  # the seat just handed to the random player
    _wait: float = 0.0

    @classmethod
    def for_seats(cls, names: list[str], controllers: list[str], seed: int) -> ComputerSeats:
        players = {
            name: make_player(level, seat_seed(seed, seat))
            for seat, (name, level) in enumerate(zip(names, controllers, strict=True))
            if level != "human"
        }
        return cls(players, seed)

    def to_play(self, match: CrazyTowerMatch) -> bool:
        state = match.state
        return not state.is_over and state.current_player in self.players and not self.stuck

    @property
    def showing(self) -> bool:
        return self.playback is not None

    def frame(self) -> Frame | None:
        return self.playback.frame if self.playback is not None else None

    def advance(self, match: CrazyTowerMatch, seconds: float) -> bool:
        """Play the move back, or wait and move; True when a move has just been shown
        whole, or could not be made (``note`` says why)."""
        if self.playback is not None:
            self.playback.advance(seconds)
            if self.playback.done:
                self.playback = None
                return True
            return False
        if not self.to_play(match):
            return False
        self._wait += seconds
        if self._wait < PAUSE:
            return False
        self._wait = 0.0
        self._move(match)
        return self.playback is None

    def skip(self) -> None:
        """Show the end of the move being played back at once."""
        if self.playback is not None:
            self.playback.skip()

    def _move(self, match: CrazyTowerMatch) -> None:
        name = match.state.current_player
        player = self.players[name]
        every = max(1, round(FRAME_SECONDS / match.profile.dt))
        why = "no move found"
        for _ in range(MAX_RETRIES + 1):
            try:
                action = player.decide(match)
                with Film(every).watching(match.world) as film:
                    match.perform(action)
            except IllegalMove as exc:
                why = exc.reason
                continue
            except Exception as exc:  # a bot's bug must not end the game on screen
                match.rebuild()  # whatever the failed move left in the world goes
                self._hand_over(match, name, player, f"{type(exc).__name__}: {exc}")
                return
            self.playback = Playback(film.frames, SPEED)
            return
        self._hand_over(match, name, player, f"every try refused ({why})")

    def _hand_over(
        self, match: CrazyTowerMatch, name: str, player: CrazyTowerPlayer, why: str
    ) -> None:
        why = " ".join(why.split())[:WHY_LENGTH]
        if isinstance(player, RandomPlayer):
            self.stuck = why
            self.note = f"The computer cannot move for {name}: {why}. The game stops here."
            return
        self.players[name] = RandomPlayer(takeover_seed(self.seed, len(match.actions)))
        self.handed = name
        self.note = f"{name}'s computer failed ({why}): the random player takes the seat."
