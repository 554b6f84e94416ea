"""The host's room: its code, its seats, who holds them, and the one game they play.

Everything here is synchronous and knows no transport (simulator/net/server.py carries
the messages), so the rules of the room are tested without a socket. The room decides
who may act (a move must come from the connection that holds the seat, for a player
the rules wait for), checks each move with the game's scenario parser (NetGame.check),
numbers the moves it relays, applies them to the host's own match, remembers the state
hash each one reached, and autosaves after every move: the game as a scenario file and
the room beside it, so ``towersim host --resume`` goes on where a crash left off.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from rules.errors import IllegalMove
from simulator.bots.levels import LEVEL_NAMES
from simulator.files import write_atomically
from simulator.games.computer_seat import ComputerSeat, computers_of
from simulator.games.record import write_scenario
from simulator.games.registry import GAMES
from simulator.names import UNNAMED, same_name
from simulator.net.game import MoveRefused, NetGame, Refusal, head_of
from simulator.net.protocol import CODE_ALPHABET, ROOM_CODE_LENGTH, TOKEN_LENGTH
from simulator.net.storage import (
    COMPUTER,
    GAME_FILE,
    LOG_FILE,
    REMOTE,
    ROOM_FILE,
    LoggedMove,
    MoveLog,
    SavedLog,
    log_header,
    log_line,
    read_log,
    read_room,
    room_data,
)
from simulator.replay import load_document
from simulator.scenario.document import Document, read_document
from simulator.scenario.errors import ScenarioError


def room_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(ROOM_CODE_LENGTH))


def new_token() -> str:
    return secrets.token_hex(TOKEN_LENGTH // 2)


@dataclass
class Seat:
    """One player of the game: a remote person or the host's computer."""

    name: str
    kind: str = REMOTE  # REMOTE or COMPUTER
    level: str = "easy"  # the computer's level (when kind is COMPUTER)
    token: str = field(default_factory=new_token)  # proves the holder on a rejoin
    holder: str | None = None  # the person's name once someone took the seat
    client: int | None = field(default=None, compare=False)  # the connection holding it
    # Named by number (``--players 3``), not by the host: until the game begins the
    # person who takes the seat gives it their name. Not saved: a begun game keeps its.
    renamable: bool = field(default=False, compare=False)

    @property
    def open(self) -> bool:
        return self.kind == REMOTE and self.holder is None

    def public(self) -> dict[str, Any]:
        """What every client may read of the seat (not its token)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "level": self.level if self.kind == COMPUTER else None,
            "holder": self.holder,
            "connected": self.kind == COMPUTER or self.client is not None,
        }


class Refused(Refusal):
    """What a client asked for and may not have."""


@dataclass
class Relayed:
    """One move as the host relays it: its number, who sent it and the action."""

    seq: int
    action: dict[str, Any]
    by: str  # the seat that moved
    id: int | None = None  # the sender's own number for it (its client matches it)

    def message(self) -> dict[str, Any]:
        return {"seq": self.seq, "by": self.by, "id": self.id, "action": self.action}


class Room:
    """The host's side of one game (see the module's doc)."""

    def __init__(
        self,
        game: NetGame,
        *,
        code: str | None = None,
        computers: dict[str, str] | None = None,
        folder: Path | None = None,
    ) -> None:
        self.game = game
        self.code = code or room_code()
        self.admin = new_token()  # the host's own app: it runs the lobby
        self.seats = {name: Seat(name) for name in game.players}
        self._computers: dict[str, ComputerSeat] = {}  # seat -> its computer, once it moved
        for name, level in (computers or {}).items():
            self.hand_to_computer(name, level)
        self.started = False
        self.seq = 0  # moves relayed so far
        # seq -> the host's state hash after it, and each view's (NetGame.hashes)
        self.hashes: dict[int, dict[str, str]] = {}
        self.settled = 0  # the last move the host has applied
        # Which view each player's copy plays until the secrets are revealed (at move
        # ``revealed_at``); ``reveal_pending``: every client needs the game itself now.
        self.keys = {p: game.view_key(p) for p in [*game.players, None]}
        self.revealed_at: int | None = None
        self.reveal_pending = False
        # Who the rules wait for, as of the last move applied: read by the server's
        # loop without waiting for the room's thread (the hand stream's check).
        self.waiting: tuple[str, ...] = ()
        self.folder = folder
        self._log: MoveLog | None = None  # moves.jsonl, once the game has begun
        self.save_problem: str | None = None  # why the last autosave failed
        self._notices: list[str] = []  # about the autosave, for the players
        self.recovered: str | None = None  # what a resume rebuilt the room from
        self.displaced: int | None = None  # the connection the last rejoin took a seat from
        # The fair-play options every desk honours (``undo_accidents``, ``turn_seconds``).
        self.table: dict[str, Any] = {}

    # -- seats ---------------------------------------------------------------------------

    def take_seat(self, client: int, name: str, token: str | None, wish: str | None) -> Seat:
        """The seat a person joining as a player gets: the one their token names (a
        rejoin, which may come before the old connection is seen to drop: that one is
        then ``displaced``), else the seat they ask for or the first open one; Refused
        if none."""
        self.displaced = None
        if token is not None:
            for seat in self.seats.values():
                if secrets.compare_digest(seat.token, token):
                    if seat.kind != REMOTE:
                        raise Refused(f"{seat.name}'s seat was handed to the computer")
                    self.displaced = seat.client
                    seat.client, seat.holder = client, seat.holder or name
                    self._name_seat(seat, name)
                    return seat
            raise Refused("that token holds no seat in this room")
        if wish is None and name in self.seats and self.seats[name].open:
            wish = name  # a player named as a seat sits there
        if wish is not None:
            chosen = self.seats.get(wish)
            if chosen is None:
                raise Refused(f"there is no seat called {wish!r}")
            if not chosen.open:
                raise Refused(f"{wish}'s seat is taken")
        else:
            chosen = next((s for s in self.seats.values() if s.open), None)
            if chosen is None:
                raise Refused("every seat is taken; join as a spectator to watch")
        chosen.client, chosen.holder = client, name
        self._name_seat(chosen, name)
        return chosen

    def name_seats_by_players(self) -> None:
        """The seats were named by number (``--players 3``): each takes the name of the
        person who sits in it, until the game begins."""
        for seat in self.seats.values():
            seat.renamable = True

    def _name_seat(self, seat: Seat, name: str) -> None:
        """A seat named by number takes its person's name (``--name``) before the game
        begins, unless another seat or its holder goes by that name, or the person gave
        none (``towersim join`` without ``--name`` says "Player")."""
        if self.started or not seat.renamable or seat.kind != REMOTE or seat.name == name:
            return
        if same_name(name, UNNAMED):
            return
        for other in self.seats.values():
            if other is not seat and any(
                taken is not None and same_name(name, taken) for taken in (other.name, other.holder)
            ):
                return
        old = seat.name
        self.game = self.game.renamed(old, name)
        self.seats = {(name if key == old else key): value for key, value in self.seats.items()}
        self._computers.pop(old, None)
        seat.name = name
        self.keys = {p: self.game.view_key(p) for p in [*self.game.players, None]}

    def admit_spectator(self, name: str) -> None:
        """A spectator may watch under any name but a player's: Refused if ``name``
        reads the same as a seat's or as the name of the person holding one."""
        for seat in self.seats.values():
            for taken in (seat.name, seat.holder):
                if taken is not None and same_name(name, taken):
                    raise Refused(
                        f"{name!r} is a player's name in this room; watch under another name"
                    )

    def seat_of(self, client: int) -> Seat | None:
        return next((s for s in self.seats.values() if s.client == client), None)

    def left(self, client: int) -> Seat | None:
        """The connection ``client`` closed; the seat it held (kept for a rejoin)."""
        seat = self.seat_of(client)
        if seat is not None:
            seat.client = None
            if not self.started:  # in the lobby, a seat whose player left is open again
                seat.holder = None
                seat.token = new_token()
        return seat

    def assign(self, name: str, to: str) -> Seat:
        """The host's lobby: seat ``name`` goes to ``computer:LEVEL`` or is ``open``
        again for a remote player (whoever held it is released)."""
        seat = self.seats.get(name)
        if seat is None:
            raise Refused(f"there is no seat called {name!r}")
        if to == "open":
            if self.started and seat.kind == REMOTE:
                raise Refused("a player's seat stays theirs once the game has begun")
            seat.kind, seat.holder, seat.client, seat.token = REMOTE, None, None, new_token()
            self._computers.pop(name, None)
            return seat
        kind, _, level = to.partition(":")
        if kind != COMPUTER or level not in LEVEL_NAMES:
            raise Refused(f"a seat goes to 'open' or 'computer:LEVEL' ({', '.join(LEVEL_NAMES)})")
        return self.take_over(name, level)

    def take_over(self, name: str, level: str) -> Seat:
        """The computer plays seat ``name`` from now on (autosaved once the game runs)."""
        seat = self.hand_to_computer(name, level)
        if self.started:
            self.save()
        return seat

    def hand_to_computer(self, name: str, level: str) -> Seat:
        seat = self.seats.get(name)
        if seat is None:
            raise Refused(f"there is no seat called {name!r}")
        if level not in LEVEL_NAMES:
            raise Refused(f"unknown computer level {level!r}")
        seat.kind, seat.level, seat.client = COMPUTER, level, None
        self._computers.pop(name, None)
        return seat

    def lobby(self) -> dict[str, Any]:
        return {
            "room": self.code,
            "game": self.game.kind,
            "title": GAMES.get(self.game.kind).title,
            "seats": [seat.public() for seat in self.seats.values()],
            "started": self.started,
            "secrets": self.game.match.secrets_said(),  # what a player can still infer
            "table": dict(self.table),
        }

    def ready(self) -> bool:
        """Every seat is held (by a person or the computer)."""
        return all(seat.kind == COMPUTER or seat.holder is not None for seat in self.seats.values())

    def start(self) -> None:
        if self.started:
            raise Refused("the game has begun already")
        if not self.ready():
            missing = [s.name for s in self.seats.values() if s.open]
            raise Refused(f"seats still open: {', '.join(missing)}")
        self.started = True
        self.waiting = self.game.to_act()
        self.save()

    # -- moves ---------------------------------------------------------------------------

    def check_move(self, client: int, action: Any) -> dict[str, Any]:
        """A move from ``client``, checked: the game has begun, the move is for the seat
        the client holds, the rules wait for that seat, and the game's parser accepts
        it. Refused (one line) otherwise; nothing changes either way."""
        if not self.started:
            raise Refused("the game has not begun yet")
        seat = self.seat_of(client)
        if seat is None:
            raise Refused("spectators cannot move")
        if not isinstance(action, dict) or action.get("player") != seat.name:
            raise Refused(f"you play {seat.name}'s seat and move only for it")
        return self._checked(seat.name, action)

    def _checked(self, name: str, action: dict[str, Any]) -> dict[str, Any]:
        if name not in self.game.to_act():
            raise Refused(f"it is not {name}'s turn" if not self.game.over else "the game is over")
        try:
            return self.game.check(action)
        except MoveRefused as exc:
            raise Refused(exc.reason) from None

    def relay(self, action: dict[str, Any], by: str, sender_id: int | None = None) -> Relayed:
        """Number a checked move for every peer (before the host applies it) and
        append it to the move log."""
        self._begin_log()
        self.seq += 1
        move = Relayed(self.seq, action, by, sender_id)
        self._log_move(move)  # on disk before any peer has it
        return move

    def apply(self, move: Relayed) -> str:
        """Apply a relayed move to the host's match; its state hash (autosaved)."""
        self.game.apply(move.action)
        return self._settled(move.seq)

    def _settled(self, seq: int) -> str:
        self.hashes[seq] = self.game.hashes()
        self.settled = seq
        self.waiting = self.game.to_act()
        if self.game.reveal():
            self.revealed_at, self.reveal_pending = seq, True
        self.save()
        return self.hashes[seq][""]

    def take_faults(self) -> list[str]:
        """The moves a game's code failed on since the last call (to log)."""
        faults, self.game.faults[:] = list(self.game.faults), []
        return faults

    def document_for(self, player: str | None) -> dict[str, Any]:
        """The game so far as ``player`` (None: a spectator) may know it."""
        return self.game.view_of(player).document()

    def away(self) -> list[str]:
        """The players' seats nobody holds now (after a resume: everyone's)."""
        return [s.name for s in self.seats.values() if s.kind == REMOTE and s.client is None]

    def computer_to_move(self) -> str | None:
        """A computer seat the rules wait for, or None."""
        if not self.started:
            return None
        waiting = self.game.to_act()
        return next((n for n in waiting if self.seats[n].kind == COMPUTER), None)

    def computer_turn(self, name: str) -> list[Relayed]:
        """One decision of seat ``name``'s computer, applied and numbered."""
        return self.computer_relayed(name, self.computer_moves(name))

    def stand_in(self, name: str, level: str) -> list[Relayed]:
        """A person ran out of time: a computer of ``level`` makes this one move for
        them, and the seat stays theirs."""
        seat = self.seats[name]
        kind, own_level = seat.kind, seat.level
        seat.kind, seat.level = COMPUTER, level
        self._computers.pop(name, None)
        try:
            return self.computer_turn(name)
        finally:
            seat.kind, seat.level = kind, own_level
            self._computers.pop(name, None)

    def computer_moves(self, name: str) -> list[dict[str, Any]]:
        """One move of seat ``name``'s computer, applied to the host's match by the one
        computer-seat driver (simulator/games/computer_seat.py: a bot the rules keep
        refusing gives its seat to the random player); the actions it logged, to relay
        (they are applied here already), none if even the random player was refused."""
        seat = self.seats[name]
        match = self.game.match
        computer = self._computers.get(name)
        if computer is None:  # seated as every computer is (computer_seat.py)
            computer = computers_of(match).seat_for(match, name, seat.level, match.seed)
            self._computers[name] = computer
        before = match.action_count
        try:
            computer.play(match)
        except IllegalMove:
            return []  # the next round asks again
        finally:
            seat.level = computer.level or seat.level  # a hand-over is the room's too
        done = match.actions[before:]
        self.game.played_elsewhere(done)
        return done

    def computer_relayed(self, name: str, actions: list[dict[str, Any]]) -> list[Relayed]:
        """The moves a computer made (applied already), numbered; the host's hash is
        known after the last of them."""
        moves = [self.relay(action, name) for action in actions]
        if moves:
            self._settled(moves[-1].seq)
        return moves

    def check_hash(self, seq: int, digest: str, player: str | None) -> tuple[bool, str | None]:
        """(decided, expected): whether the host can judge ``player``'s hash after move
        ``seq`` yet, and the hash it should have been when it differs (None: it agrees,
        or the host kept none there, inside a computer's moves or before a resume)."""
        if seq > self.settled:
            return False, None
        table = self.hashes.get(seq)
        if not table:
            return True, None
        secret = self.revealed_at is None or seq <= self.revealed_at
        wanted = table.get(self.keys.get(player, "") if secret else "", table[""])
        return True, None if secrets.compare_digest(wanted, digest) else wanted

    # -- the autosave -------------------------------------------------------------------

    def _begin_log(self) -> None:
        """The move log starts where the game is now (the first save of a game, or of a
        room resumed from an older folder without one)."""
        if self.folder is not None and self._log is None:
            self._log = MoveLog(self.folder / LOG_FILE)
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                self._log.begin(log_header(self.seq, self.game.match.actions))
            except OSError as exc:
                self._cannot_save(exc)

    def _log_move(self, move: Relayed) -> None:
        if self._log is None:
            return
        try:
            self._log.append(log_line(LoggedMove(move.seq, move.by, move.id, move.action)))
        except OSError as exc:
            self._cannot_save(exc)

    def save(self) -> None:
        """The autosave: the log's lines still waiting, then the game as a scenario
        file and the room beside it, each written atomically (the game first: a room
        file never names moves its game file lacks). A disk that refuses is a state the
        game goes on in: ``save_problem`` says why, the players are told
        (``take_notices``), and every later move tries again."""
        if self.folder is None:
            return
        self._begin_log()
        assert self._log is not None
        try:
            self._log.flush()
            write_scenario(self.folder / GAME_FILE, self.game.document())
            seats = [
                {k: v for k, v in asdict(seat).items() if k not in ("client", "renamable")}
                for seat in self.seats.values()
            ]
            text = room_data(self.code, self.started, self.seq, self.game.match.action_count, seats)
            write_atomically(self.folder / ROOM_FILE, text)
        except OSError as exc:
            self._cannot_save(exc)
            return
        if self.save_problem is not None:
            self.save_problem = None
            self._notices.append("The host can save again: every move so far is saved.")

    def _cannot_save(self, exc: OSError) -> None:
        reason = str(exc.strerror or exc)[:80]
        if self.save_problem is None:
            self._notices.append(
                f"The host cannot save: {reason[:1].lower()}{reason[1:]}. The game goes on, "
                "and the host tries again after every move."
            )
        self.save_problem = reason

    def take_notices(self) -> list[str]:
        """What the players should read about the autosave since the last call."""
        notices, self._notices[:] = list(self._notices), []
        return notices

    @classmethod
    def resume(cls, folder: Path) -> Room:
        """The room a host autosaved in ``folder``, with ``recovered`` saying what it
        was rebuilt from; ScenarioError (a ValueError: one line naming the file, line
        and field) if its files are missing, damaged or do not agree."""
        game_path, log_path = folder / GAME_FILE, folder / LOG_FILE
        document = read_document(game_path)
        saved = read_room(folder / ROOM_FILE)
        log = read_log(log_path) if os.path.lexists(log_path) else None
        if log is None:
            game = NetGame.from_document(str(game_path), document.data)
            game.open_views()
            seq = saved.seq
            recovered = f"resumed from {ROOM_FILE} and {GAME_FILE} (a folder without a move log)"
        else:
            game, seq = _replayed(document, log, log_path)
            recovered = _recovered_words(log, saved.seq, seq)
        room = cls(game, code=saved.code, folder=folder)
        if {seat.name for seat in saved.seats} != set(room.seats) or len(saved.seats) != len(
            room.seats
        ):
            raise ScenarioError(str(folder / ROOM_FILE), "seats: they are not the game's players")
        for kept in saved.seats:
            seat = room.seats[kept.name]
            seat.kind, seat.level, seat.token, seat.holder = (
                kept.kind,
                kept.level,
                kept.token,
                kept.holder,
            )
        room.started = saved.started
        room.seq = room.settled = seq
        room.waiting = game.to_act() if room.started else ()
        if log is not None:
            room._log = MoveLog(log_path, log.size)
        room.recovered = recovered
        return room


def _replayed(document: Document, log: SavedLog, log_path: Path) -> tuple[NetGame, int]:
    """The game the move log holds: the game file's head, the log's first actions and
    then every move, applied as the host applied it (a move the rules refused changes
    nothing again). Each action is checked by the game's scenario parser first."""
    where = str(log_path)
    head = head_of(document.data)
    game = NetGame.from_document(where, {**head, "action": log.start_actions})
    game.open_views()
    if log.moves:
        moves = {**head, "action": [move.action for move in log.moves]}
        actions = load_document(Document(where, "", moves, "json")).scenario.actions
        for move, action in zip(log.moves, actions, strict=True):
            if move.by not in game.players:
                raise ScenarioError(where, f"move {move.seq} is by {move.by!r}, not a seat")
            game.apply(action)
    saved_actions = document.data.get("action")
    if isinstance(saved_actions, list) and len(saved_actions) > game.match.action_count:
        raise ScenarioError(
            where,
            f"holds fewer moves than {GAME_FILE} ({game.match.action_count} against "
            f"{len(saved_actions)}); move the log aside to resume from {GAME_FILE}",
        )
    return game, log.moves[-1].seq if log.moves else log.start_seq


def _recovered_words(log: SavedLog, room_seq: int, seq: int) -> str:
    count = len(log.moves)
    words = f"resumed from {ROOM_FILE} and {count} move{'' if count == 1 else 's'} of the log"
    if log.torn:
        words += "; a torn last line (a move being written as the host stopped) was dropped"
    if room_seq > seq:
        words += f"; {ROOM_FILE} counted {room_seq} moves, the log holds {seq}"
    return words
