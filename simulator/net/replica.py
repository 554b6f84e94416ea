"""A client's copy of the game, kept in lockstep with the host's.

Moves arrive numbered (``seq``) and are applied in that order, each as a replay applies
it; the hash the copy reaches after each is reported to the host. A client's own moves
are applied at once (a live placement has run in the client's world already) and kept
as pending until the host relays them back: if the host relays another seat's move
first (two people acting at once, as Filled In allows), the copy goes back to what the
host agreed, applies that move and then its own again; if the host refuses one, the
copy goes back and the player is told why. A ``game`` message replaces the copy with
the host's log: on joining, rejoining, or after a desync, when both logs are written to
files first so the difference can be replayed and found.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.errors import IllegalMove
from simulator.games.record import write_scenario
from simulator.net.game import MoveRefused, NetGame


@dataclass
class Pending:
    """One of this client's moves, applied here and not yet relayed back."""

    id: int
    action: dict[str, Any]
    hash: str  # the state right after it


class Replica:
    """See the module's doc. Not thread-safe: one thread owns it."""

    def __init__(self, seat: str | None = None) -> None:
        self.seat = seat
        self.game: NetGame | None = None
        self.seq = 0  # the last move relayed and applied here
        self.agreed = 0  # the log's length as the host has it (every move relayed)
        self.pending: list[Pending] = []
        self._ids = 0
        self.dropped: list[str] = []  # own moves a rebase or the host refused, why
        self._no_ahead: int | None = None  # a move whose live stream is not run ahead
        # Wraps applying another seat's move (the app films it to play it back).
        self.watch: Callable[[], AbstractContextManager[Any]] = nullcontext

    @property
    def over(self) -> bool:
        """The game is over as the host has it: over, and no move of this client's
        waits for the host (a move made on the copy is not the game's until relayed)."""
        return self.game is not None and not self.pending and self.game.over

    # -- the host's log ----------------------------------------------------------------

    def load(self, where: str, document: dict[str, Any], seq: int) -> bool:
        """The host's game so far; False if the copy held that game already (a rejoin
        that missed nothing keeps its match, so nothing on screen jumps)."""
        game = self.game
        if (
            game is not None
            and not self.pending
            and game.match.actions == document.get("action", [])
            and game.state_hash() == document.get("expect", {}).get("state_hash")
        ):
            self.seq = seq
            return False
        self.game = NetGame.from_document(where, document)
        self.seq, self.pending = seq, []
        self.agreed = self.game.match.action_count
        return True

    def write_logs(self, folder: Path, label: str, host_document: dict[str, Any]) -> list[Path]:
        """This copy's log and the host's, side by side, as scenario files."""
        assert self.game is not None
        mine, theirs = folder / f"{label}-mine.json", folder / f"{label}-host.json"
        write_scenario(mine, self.game.document())
        write_scenario(theirs, host_document)
        return [mine, theirs]

    # -- moves -------------------------------------------------------------------------

    def own_moves(self) -> list[Pending]:
        """The moves this client made since it last looked (the app or a bot applied
        them to the match): numbered, kept pending, to send."""
        assert self.game is not None
        match = self.game.match
        known = self.agreed + len(self.pending)
        fresh: list[Pending] = []
        for action in match.actions[known:]:
            self._ids += 1
            fresh.append(Pending(self._ids, action, ""))
        if fresh:
            fresh[-1].hash = match.state_hash()
        self.pending.extend(fresh)
        return fresh

    def relayed(self, seq: int, by: str, sender_id: int | None, action: dict[str, Any]) -> str:
        """Apply move ``seq`` as the host relayed it; the hash to report after it."""
        assert self.game is not None
        if seq != self.seq + 1:
            raise ValueError(f"move {seq} came after move {self.seq}")
        if self.pending and by == self.seat and sender_id == self.pending[0].id:
            mine = self.pending.pop(0)
            self.agreed += 1
            digest = mine.hash or self._hash_at(self.agreed)
        elif not self.pending:
            with self.watch():
                self.game.apply(action)
            self.agreed = self.game.match.action_count
            digest = self.game.state_hash()
        else:
            digest = self._rebase(action)
        self.seq = seq  # last: whoever reads ``seq`` may read the state it names
        return digest

    def run_ahead(self, message: dict[str, Any]) -> bool:
        """Run another seat's live move ahead (a ``live`` message), if it is the move
        the copy waits for next; True if the match ran it. Checked by the parser first;
        anything that does not fit is ignored (the final move is what counts)."""
        game = self.game
        seq = message.get("seq")
        if game is None or self.pending or seq != self.seq or seq == self._no_ahead:
            return False
        if message.get("by") == self.seat:
            return False
        try:
            action = game.check(message.get("action"), "the host's live move")
            ran = game.match.run_ahead(action, released=bool(message.get("released")))
        except MoveRefused:
            ran = False
        except Exception:  # a fault in the game's code: back to the log's world
            game.match.rebuild()
            ran = False
        if not ran:  # once dropped, this move is replayed whole when it comes
            self._no_ahead = seq
        return ran

    def settle_ahead(self, chunks: int | None = None) -> bool:
        """Let a piece another seat let go settle further (Match.settle_ahead)."""
        if self.game is None:
            return True
        try:
            return self.game.match.settle_ahead(chunks)
        except Exception:  # a fault in the game's code: back to the log's world
            self.game.match.rebuild()
            return True

    def refused(self) -> bool:
        """The host refused this client's move: back to what the host agreed. False if
        the copy cannot go back there (it lost its way: ask the host for its log)."""
        assert self.game is not None
        self.dropped.extend(str(p.action.get("type")) for p in self.pending)
        self.pending = []
        if self.game.match.action_count < self.agreed:
            return False
        if self.game.match.action_count != self.agreed:
            self.game.match.truncate(self.agreed)
        return True

    def _rebase(self, action: dict[str, Any]) -> str:
        """Another seat's move came before this client's own: the host's order wins."""
        assert self.game is not None
        match = self.game.match
        mine = self.pending
        match.truncate(self.agreed)
        with self.watch():
            self.game.apply(action)
        self.agreed = match.action_count
        digest = self.game.state_hash()
        self.pending = []
        for pending in mine:
            try:
                match.perform(pending.action)
            except IllegalMove as exc:
                self.dropped.append(exc.reason)
                continue
            except Exception as exc:  # a fault in the game's code: the move is dropped
                match.truncate(match.action_count)
                self.dropped.append(f"{type(exc).__name__}: {exc}")
                continue
            pending.hash = match.state_hash()
            self.pending.append(pending)
        return digest

    def _hash_at(self, count: int) -> str:
        assert self.game is not None
        twin = self.game.match.copy()
        twin.truncate(count)
        return twin.state_hash()
