"""``towersim host GAME`` and ``towersim join HOST[:PORT]`` (docs/network.md).

``host`` makes a room for a new game (or ``--resume`` one from its autosave folder) and
opens the app's lobby, where the host plays a seat and starts the game; ``--headless``
only serves, starting once every seat is held, and ends when the game does. ``join``
opens the app on a host's room; ``--bot LEVEL`` plays the seat headless instead and
``--watch --headless`` prints a game's moves as a spectator sees them.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from simulator.bots.levels import LEVEL_NAMES
from simulator.games.parameters import setup_settings
from simulator.games.registry import GAMES
from simulator.names import UNNAMED, BadName, names_problem, player_name
from simulator.net import tokens
from simulator.net.addresses import listening_on, reach_words, shared_address
from simulator.net.client import Client, HostGone, Joining, split_address
from simulator.net.client_bot import ClientBot
from simulator.net.game import NET_DESCRIPTION, NetGame
from simulator.net.limits import END_SECONDS, REJOIN_SECONDS, TURN_SECONDS
from simulator.net.protocol import CODE_WORDS, is_room_code
from simulator.net.room import Refused, Room
from simulator.net.server import DEFAULT_PORT, TAKEOVER_LEVEL, Host
from simulator.replay import load_document
from simulator.scenario.document import Document
from simulator.scenario.errors import ScenarioError
from simulator.scenario.header import FORMAT
from simulator.seeds import seed_option

HOST_HELP = "host a network game: others join it from their desktops"
JOIN_HELP = "join a network game someone hosts"
MAX_PLAYERS = 4  # the most seats any game has
# A headless client whose game is over leaves after this long if the host has not ended
# the connection by then (an app's host keeps it open); a headless host ends it as soon
# as it has judged every client's last hash, END_SECONDS at most after its last move.
LEAVE_SECONDS = 3 * END_SECONDS


def add_host_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", choices=GAMES.kinds(), help="the game to host")
    parser.add_argument(
        "--players",
        default="2",
        help="the players: a number (named Player 1, Player 2, ...) or names separated "
        "by commas, for example Ann,Bob,Cy (default 2)",
    )
    parser.add_argument("--mode", help="the game's mode (as `towersim play GAME --mode`)")
    parser.add_argument("--seed", type=seed_option, default=0, help="seed for every random draw")
    parser.add_argument(
        "--setup",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="one of the game's options (`towersim play GAME --help` shows the everyday "
        "ones; docs/architecture.md all), for example footprint=2B; a list with commas",
    )
    parser.add_argument(
        "--computer",
        action="append",
        default=[],
        metavar="SEAT=LEVEL",
        help="a seat the host's computer plays (a name or a number from 1), for example "
        f"--computer 3=normal; levels: {', '.join(LEVEL_NAMES)}",
    )
    parser.add_argument(
        "--resume",
        type=Path,
        metavar="FOLDER",
        help="go on with the game autosaved in FOLDER (the same room code and seats)",
    )
    parser.add_argument(
        "--folder",
        type=Path,
        help="where the game is autosaved after every move (default: a folder named after "
        "the room in the network folder of your towersim home)",
    )
    _address_arguments(parser)
    parser.add_argument(
        "--rejoin-seconds",
        type=_seconds,
        default=REJOIN_SECONDS,
        help=f"how long a player who left may take to come back before the computer plays "
        f"on for them (default {REJOIN_SECONDS:g})",
    )
    parser.add_argument(
        "--turn-seconds",
        type=_seconds,
        default=TURN_SECONDS,
        help=f"how long a player may take over a move before the computer makes it for "
        f"them (default {TURN_SECONDS:g})",
    )
    parser.add_argument(
        "--undo-accidents",
        choices=("yes", "no"),
        default="yes",
        help="whether a player may take back a move during which a piece fell (default "
        "yes); the table's rule for every desk",
    )
    parser.add_argument(
        "--takeover",
        choices=LEVEL_NAMES,
        default=TAKEOVER_LEVEL,
        help=f"the computer that plays for a player who left or ran out of time "
        f"(default {TAKEOVER_LEVEL})",
    )
    parser.add_argument(
        "--name",
        type=_name,
        help="your name: with --players as a number, the seat you play takes it (default: "
        "that seat's name)",
    )
    parser.add_argument(
        "--headless",
        action="store_true",
        help="no window: only serve the room; the game starts once every seat is held",
    )


def _address_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bind",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 "
        "for every network this machine is on)",
    )
    parser.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})"
    )


def add_join_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", metavar="HOST[:PORT]", help="the host's address")
    parser.add_argument("--room", required=True, type=_room, help="the room code the host shares")
    parser.add_argument(
        "--name",
        default=UNNAMED,
        type=_name,
        help=f"your name: a seat the host named by number takes it (default {UNNAMED})",
    )
    parser.add_argument("--seat", type=_name, help="the seat you want (default: the first open)")
    parser.add_argument("--watch", action="store_true", help="join as a spectator")
    parser.add_argument(
        "--bot",
        choices=LEVEL_NAMES,
        help="a computer of this level plays your seat, headless",
    )
    parser.add_argument(
        "--headless", action="store_true", help="no window (with --watch: print the moves)"
    )
    parser.add_argument(
        "--logs",
        type=Path,
        help="where both logs go when this client and the host disagree (default: the "
        "network folder of your towersim home)",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 5 <= value <= 86_400:
        raise argparse.ArgumentTypeError("must be 5 to 86400 seconds")
    return value


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0 to 65535)")
    return int(text)


def _room(text: str) -> str:
    code = text.strip().upper()
    if not is_room_code(code):
        raise argparse.ArgumentTypeError(f"a room code is {CODE_WORDS}, as the host printed it")
    return code


def _name(text: str) -> str:
    try:
        return player_name(text.strip())
    except BadName as exc:
        raise argparse.ArgumentTypeError(exc.reason) from None


# -- host -------------------------------------------------------------------------------


def new_room(args: argparse.Namespace) -> Room | str:
    """The room ``towersim host`` opens, or one line saying what is wrong."""
    room = _resumed(args) if args.resume is not None else _opened(args)
    if isinstance(room, Room):  # the table's fair-play options, the host's for every desk
        room.table = {
            "undo_accidents": args.undo_accidents == "yes",
            "turn_seconds": args.turn_seconds,
        }
    return room


def _resumed(args: argparse.Namespace) -> Room | str:
    try:
        return Room.resume(args.resume)
    except ValueError as exc:  # ScenarioError among them: file, line and field
        return f"cannot resume: {exc}"


def _opened(args: argparse.Namespace) -> Room | str:
    """A room for a new game."""
    if args.game is None:
        return "name the game to host (or --resume FOLDER)"
    names = _players(args.players)
    if isinstance(names, str):
        return names
    game = GAMES.get(args.game)
    title = game.title
    if lacks := game.screen_lacks():  # a desk that joins opens the game's screen around it
        return f"{title} cannot be played over the network: its screen has no {lacks[0]}()"
    settings = setup_settings(args.setup, game.parameters, title, game.mode_key)
    if isinstance(settings, str):
        return settings
    setup: dict[str, Any] = {"players": names, **settings}
    if args.mode:
        setup[game.mode_key] = args.mode
    document = {
        "format": FORMAT,
        "kind": args.game,
        "name": f"{title} over the network, seed {args.seed}",
        "description": NET_DESCRIPTION,
        "seed": args.seed,
        "setup": setup,
    }
    try:
        scenario = load_document(Document("the game's setup", "", document, "json")).scenario
        match = scenario.new_match()
    except ScenarioError as exc:
        return exc.message
    except Exception as exc:  # the rules refuse the setup (IllegalMove and its kin)
        return getattr(exc, "reason", None) or str(exc)
    # the game's secrets (a hidden role) from this machine's randomness, not the seed
    room = Room(NetGame.new(match, document["name"], secrets.SystemRandom()))
    if args.players.strip().isdigit():
        room.name_seats_by_players()  # Player 1, Player 2...: the players name them
    for item in args.computer:
        seat, sep, level = item.partition("=")
        name = _seat_name(seat.strip(), room)
        if not sep or name is None:
            return (
                f"--computer {item!r}: expected SEAT=LEVEL with a seat of {', '.join(room.seats)}"
            )
        try:
            room.hand_to_computer(name, level.strip())
        except Refused as exc:
            return f"--computer {item!r}: {exc.reason}"
    room.folder = args.folder or tokens.network_folder() / f"room-{room.code}"
    return room


def _players(text: str) -> list[str] | str:
    text = text.strip()
    if text.isdigit():
        count = int(text)
        if not 1 <= count <= MAX_PLAYERS:
            return f"--players {text}: 1 to {MAX_PLAYERS} players"
        return [f"Player {i + 1}" for i in range(count)]
    try:
        names = [player_name(name.strip()) for name in text.split(",")]
    except BadName as exc:
        return f"--players: {exc.reason}"
    if not 1 <= len(names) <= MAX_PLAYERS:
        return f"--players: 1 to {MAX_PLAYERS} names"
    problem = names_problem(names)
    return f"--players: {problem}" if problem else names


def _seat_name(text: str, room: Room) -> str | None:
    if text.isdigit() and 1 <= int(text) <= len(room.seats):
        return list(room.seats)[int(text) - 1]
    return text if text in room.seats else None


# The app's windows for a room (simulator.app.network), handed in by the CLI: the net
# layer sits below the app and never imports it.
HostWindow = Callable[[Room, argparse.Namespace], int]
JoinWindow = Callable[[str, argparse.Namespace], int]


def run_host(args: argparse.Namespace, window: HostWindow | None = None) -> int:
    room = new_room(args)
    if isinstance(room, str):
        print(f"towersim host: {room}", file=sys.stderr)
        return 2
    if room.recovered:
        print(f"towersim host: {room.recovered}", file=sys.stderr, flush=True)
    if not args.headless:
        if window is None:
            print("towersim host: this build has no app; use --headless", file=sys.stderr)
            return 2
        return window(room, args)
    try:
        return asyncio.run(_serve_headless(room, args))
    except KeyboardInterrupt:  # Ctrl+C: the autosave holds every move
        if room.started:
            said = f"stopped; go on with: towersim host --resume {room.folder}"
        else:
            said = "stopped before the game began"
        print(f"towersim host: {said}", file=sys.stderr)
        return 130


def host_for(room: Room, args: argparse.Namespace, **options: Any) -> Host:
    """The server of ``room`` with the command line's address, clocks and takeover."""
    return Host(
        room,
        bind=args.bind,
        port=args.port,
        log=lambda line: print(f"towersim host: {line}", file=sys.stderr, flush=True),
        rejoin_seconds=args.rejoin_seconds,
        turn_seconds=args.turn_seconds,
        takeover=args.takeover,
        **options,
    )


async def _serve_headless(room: Room, args: argparse.Namespace) -> int:
    host = host_for(room, args, start_when_ready=True)

    def listening(port: int) -> None:
        where = shared_address(args.bind, port)  # never 0.0.0.0: nobody can join that
        print(
            f"Room {room.code} is open on {listening_on(args.bind, port)} "
            f"({room.game.kind}, seats: {', '.join(room.seats)}).\n{reach_words(args.bind, port)}"
            f"\nJoin with: towersim join {where} --room {room.code}\n"
            f"The game is autosaved in {room.folder} after every move.",
            flush=True,
        )

    try:
        serving = asyncio.create_task(host.run(listening))
        while not serving.done():
            await asyncio.sleep(0.5)
            if room.started and room.game.over and not host.busy:
                await host.end()  # once every client's last hash is judged
        await serving
    except OSError as exc:
        print(f"towersim host: cannot listen on {args.bind}:{args.port}: {exc}", file=sys.stderr)
        return 2
    room.save()  # a last try, should the disk have refused the autosave
    if room.save_problem is not None:
        print(
            f"towersim host: the game is over, but the host could not save it: "
            f"{room.save_problem} ({room.folder})",
            file=sys.stderr,
        )
        return 1
    replay = f"; replay it with: towersim replay {room.folder / 'game.json'}" if room.folder else ""
    print(f"The game is over{replay}")
    return 0


# -- join -------------------------------------------------------------------------------


def run_join(args: argparse.Namespace, window: JoinWindow | None = None) -> int:
    try:
        host, port = split_address(args.address)
    except ValueError as exc:
        print(f"towersim join: {exc}", file=sys.stderr)
        return 2
    address = f"{host}:{port}" if ":" not in host else f"[{host}]:{port}"
    if args.bot is None and not args.headless:
        if window is None:
            print(
                "towersim join: this build has no app; use --bot or --watch --headless",
                file=sys.stderr,
            )
            return 2
        return window(address, args)
    if args.bot is None and not args.watch:
        print(
            "towersim join: --headless plays with --bot LEVEL or watches with --watch",
            file=sys.stderr,
        )
        return 2
    try:
        return asyncio.run(_join_headless(address, args))
    except KeyboardInterrupt:  # Ctrl+C: the seat waits for a rejoin
        print("towersim join: left the game; the same command rejoins the seat", file=sys.stderr)
        return 130


async def _join_headless(address: str, args: argparse.Namespace) -> int:
    joining = Joining.again(address, args.room, args.name, watch=args.watch, seat=args.seat)
    client = Client(joining, logs=args.logs or tokens.network_folder())
    bot = ClientBot(client, args.bot) if args.bot else None
    leaving: list[asyncio.Task] = []

    def heard(kind: str, fields: dict[str, Any]) -> None:
        if bot is not None:
            bot(kind, fields)
        if kind == "welcome" and fields.get("seat"):
            names = (fields["seat"], args.name)
            tokens.remember(address, args.room, names, fields["token"])
        line = _said(kind, fields)
        if line:
            print(line, flush=True)
        # Over as the host has it (read on the replica's thread with the move: a move the
        # bot just made there is not the game's until the host relays it). The host then
        # judges the last hash and ends the connection; a desync is answered first.
        if kind in ("move", "game") and fields.get("over") and not leaving:
            leaving.append(asyncio.get_running_loop().create_task(_leave(client)))

    client.on_event = heard
    try:
        await client.run()
    except HostGone as exc:
        print(f"towersim join: {exc.reason}", file=sys.stderr)
        return 1
    finally:
        for task in leaving:
            task.cancel()
    game = client.replica.game
    if game is not None and client.replica.over:
        print(f"The game is over; state {game.state_hash()[:16]}.")
    return 0


async def _leave(client: Client) -> None:
    """Leave a game that is over if its host keeps the connection open."""
    await asyncio.sleep(LEAVE_SECONDS)
    await client.close()


def _said(kind: str, fields: dict[str, Any]) -> str:
    """A line for the terminal about one event ("" for those not worth a line)."""
    if kind == "welcome":
        seat = fields.get("seat")
        return f"Joined room {fields['lobby']['room']}" + (
            f" in {seat}'s seat." if seat else " to watch."
        )
    if kind == "move":
        action = fields["action"]
        return f"Move {fields['seq']}: {fields['by']}: {action.get('type')}."
    if kind == "desync":
        return desync_words(fields["seq"])
    if kind == "game" and fields.get("logs"):
        folder = Path(fields["logs"][0]).parent
        return f"Resynchronised from the host's log; both logs are in {folder}."
    if kind == "refused":
        return f"The host refused that: {fields['reason']}."
    if kind == "error":
        return f"{fields['reason']}."
    if kind == "notice":
        return str(fields["text"])
    if kind == "wait" and (fields["seconds"] % 10 == 0 or fields["seconds"] <= 5):
        return countdown_words(fields["seat"], fields["seconds"], fields["why"])
    if kind == "reconnecting":
        return f"Lost the host; trying to rejoin ({fields['seconds']} s left)."
    return ""


def countdown_words(seat: str, seconds: int, why: str) -> str:
    """A ``wait`` countdown as a sentence (the terminal's and the app's)."""
    if why == "away":
        return f"{seat} has left: the computer takes the seat in {seconds} s unless they return."
    return f"{seat} has {seconds} s left for this move; then the computer makes it."


def desync_words(seq: int) -> str:
    """A desync as a sentence (the terminal's and the app's)."""
    return (
        f"Out of step: after move {seq} this game reached another state than the host's. "
        "Taking the host's log; both logs are written so the difference can be found."
    )
