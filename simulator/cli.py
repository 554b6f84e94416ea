"""The ``towersim`` command line."""

from __future__ import annotations

import argparse
import functools
import importlib.util
import math
import signal
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from simulator import __version__
from simulator.games.registry import GAMES, MissingPart, PluginError, load_path
from simulator.seeds import seed_option


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="towersim",
        description="A physics-backed dexterity simulator for "
        f"{', '.join(game.title for game in GAMES.games())}.",
    )
    parser.add_argument("--version", action="version", version=f"towersim {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    replay = commands.add_parser(
        "replay",
        help="run scenario files headless and check their expectations",
        description="Run scenario files (TOML or JSON, see docs/scenario-format.md) headless. "
        "Exit 0 if every file ran and met its [expect], 1 if an expectation was not met, "
        "2 if a file is unreadable, invalid or would cost more work than the budget.",
    )
    replay.add_argument("files", nargs="+", metavar="FILE", help="scenario files")
    replay.add_argument(
        "--json",
        action="store_true",
        help="print one JSON report per file (an array for several files)",
    )
    replay.add_argument(
        "--png",
        metavar="OUT",
        help="draw each scenario's final state to a PNG, headless (several files: OUT is "
        "a folder and each picture is named after its file)",
    )
    replay.add_argument(
        "--watch",
        action="store_true",
        help="play each scenario back live in a window (needs a display)",
    )
    replay.add_argument(
        "--budget",
        type=_budget_factor,
        default=1.0,
        metavar="FACTOR",
        help="allow each run FACTOR times the work budget (default 1: about a minute of "
        "physics; see docs/scenario-format.md)",
    )

    demo = commands.add_parser(
        "demo",
        help="build a tower with the simulated hand and print the report",
        description="Place LOTS tetrominoes on a footprint with the simulated hand, "
        "headless, and print what happened: settling, falls, the grid view, contacts.",
    )
    demo.add_argument("--pieces", type=int, default=8, help="how many pieces (default 8)")
    demo.add_argument("--seed", type=seed_option, default=0, help="seed for the piece order")
    demo.add_argument("--footprint", default="1A", help="footprint id (default 1A)")
    demo.add_argument("--json", action="store_true", help="print the report as JSON")
    demo.add_argument(
        "--png",
        metavar="OUT",
        default=str(Path(tempfile.gettempdir()) / "towersim-demo.png"),
        help="without a display: where the picture of the tower goes (default "
        "towersim-demo.png in the temporary folder; --png '' for none)",
    )
    demo.add_argument(
        "--headless", action="store_true", help="never open the app, even with a display"
    )
    app = commands.add_parser(
        "app",
        help="open the desktop app and play with the mouse (needs a display)",
        description="Open the desktop app: the live tower, the simulated hand on the "
        "mouse, the rules' verdicts. Press H in the window for every shortcut.",
    )
    from simulator.app.main import add_arguments as add_app_arguments  # lazy: command

    add_app_arguments(app)
    play = commands.add_parser(
        "play",
        help="play a game (headless: computer players) and report the outcome",
        description="Play one of the games. With --headless every seat is a computer "
        "player; --record writes a scenario file that `towersim replay` reproduces.",
    )
    games = play.add_subparsers(dest="game", metavar="GAME", required=True)
    for game in GAMES.games():
        title = game.title
        sub = games.add_parser(game.kind, help=f"play {title}", description=f"Play {title}.")
        game.load("command").add_arguments(sub)
    if importlib.util.find_spec("simulator.tuning") is not None:
        _add_tune(commands)
    _add_lab(commands)
    _add_bench(commands)
    _add_network(commands)
    _add_hand(commands)
    for name, module in _game_commands().items():
        command = commands.add_parser(name, help=module.HELP, description=module.DESCRIPTION)
        module.add_arguments(command)
    return parser


def _budget_factor(text: str) -> float:
    """--budget's value: a positive, finite multiple of the work budget."""
    try:
        factor = float(text)
    except ValueError:
        factor = math.nan
    if not (math.isfinite(factor) and factor > 0):
        raise argparse.ArgumentTypeError(f"must be a positive number, not {text[:40]!r}")
    return factor


def _game_commands() -> dict[str, ModuleType]:
    """The top-level commands the games bring (Filled In's ``sheet``), by name."""
    return {
        name: load_path(path, f"the {name} command of the game {game.kind!r}")
        for game in GAMES.games()
        for name, path in game.commands.items()
    }


def _add_tune(commands: argparse._SubParsersAction) -> None:
    tune = commands.add_parser(
        "tune",
        help="the physics-tuning lab: sweep physics parameters against physical truth",
        description="Run a sweep of physics parameters over scenarios (calibration cases "
        "and game replays), or check the default profile with --calibrate.",
    )
    _tuning_cli().add_arguments(tune)


def _add_bench(commands: argparse._SubParsersAction) -> None:
    from simulator.rl import bench_cli  # lazy: command

    bench = commands.add_parser("bench", help=bench_cli.HELP, description=bench_cli.DESCRIPTION)
    bench_cli.add_arguments(bench)


def _add_network(commands: argparse._SubParsersAction) -> None:
    from simulator.net import cli as net_cli  # lazy: command

    host = commands.add_parser("host", help=net_cli.HOST_HELP, description=net_cli.__doc__)
    net_cli.add_host_arguments(host)
    join = commands.add_parser("join", help=net_cli.JOIN_HELP, description=net_cli.__doc__)
    net_cli.add_join_arguments(join)


def _add_hand(commands: argparse._SubParsersAction) -> None:
    from simulator.motor import cli as hand_cli  # lazy: command

    hand = commands.add_parser("hand", help=hand_cli.HELP, description=hand_cli.DESCRIPTION)
    hand_cli.add_arguments(hand)


def _add_lab(commands: argparse._SubParsersAction) -> None:
    from simulator.lab.cli import add_arguments  # lazy: command

    lab = commands.add_parser(
        "lab",
        help="the balance lab: tournaments of bot games, locally or on a Dask cluster",
        description="Play tournaments of computer players (each game exactly a "
        "`towersim play --headless` game) into a resumable results store; see docs/lab.md.",
    )
    add_arguments(lab)


def _tuning_cli() -> ModuleType:
    from simulator.tuning import cli as tuning_cli  # lazy: command

    return tuning_cli


def _demo(args: argparse.Namespace) -> int:
    """With a display: the app on a scripted LOTS game. Otherwise the headless report,
    and a PNG of the tower."""
    from simulator.app.display import display_available  # lazy: command

    if display_available() and not (args.headless or args.json):
        from simulator.app.demo_game import open_demo  # lazy: command

        return open_demo(args.seed, args.footprint)
    from simulator.demo import build_tower, run_demo  # lazy: command

    code = run_demo(args.pieces, args.seed, args.footprint, as_json=args.json)
    if code == 0 and args.png and not args.json:
        from simulator.render.offscreen import write_world_png  # lazy: command

        world, lot, _ = build_tower(args.pieces, args.seed, args.footprint)
        caption = [f"towersim demo: {args.pieces} pieces on {args.footprint}, seed {args.seed}"]
        write_world_png(world, args.png, lot=lot, caption=caption)
        print(f"picture: {args.png}")
    return code


def _play_in_window(args: argparse.Namespace) -> int:
    """``play`` without --headless: the app opens on that game, seat 1 yours and the other
    seats the computer's, with the same options (or one line saying why it cannot)."""
    game = GAMES.get(args.game)
    if game.screen is None:
        print(
            f"towersim play {args.game}: {game.title} is not in the app; use --headless "
            "to watch computer players",
            file=sys.stderr,
        )
        return 2
    from simulator.app.main import app_arguments_for_play  # lazy: command
    from simulator.app.main import run as run_app  # lazy: command

    app_args = app_arguments_for_play(args)
    if isinstance(app_args, str):
        print(f"towersim play {args.game}: {app_args}", file=sys.stderr)
        return 2
    return run_app(app_args)


def _network(args: argparse.Namespace) -> int:
    """``host`` and ``join``: the net layer, handed the app's windows unless headless."""
    from simulator.net import cli as net_cli  # lazy: command

    if args.headless or getattr(args, "bot", None) is not None:
        return net_cli.run_host(args) if args.command == "host" else net_cli.run_join(args)
    from simulator.app import network  # lazy: command
    from simulator.app.start_screen import StartScreen  # lazy: command

    if args.command == "host":
        return net_cli.run_host(args, functools.partial(network.host_in_window, home=StartScreen))
    return net_cli.run_join(args, functools.partial(network.join_in_window, home=StartScreen))


def main(argv: list[str] | None = None) -> int:
    try:  # the plug-in games first, so that every command knows them
        GAMES.load_plugins()
        parser = _parser()
    except (PluginError, MissingPart) as exc:
        print(f"towersim: {exc}", file=sys.stderr)
        return 2
    except argparse.ArgumentError as exc:  # a plug-in's command named like a built-in one
        print(f"towersim: TOWERSIM_GAMES: a game's command clashes: {exc}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    try:
        return _command(args)
    except OSError as exc:  # a disk that refuses a write (full, over quota, read-only)
        what = _command_name(args)
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"{what}: cannot write {where}{exc.strerror or exc}", file=sys.stderr)
        return 2


def _command_name(args: argparse.Namespace) -> str:
    """``towersim COMMAND [SUBCOMMAND]`` as the user typed it, for a message."""
    sub = {"play": "game", "lab": "lab_command", "hand": "hand_command"}.get(args.command)
    name = getattr(args, sub, None) if sub else None
    return " ".join(["towersim", args.command, *([name] if name else [])])


def _command(args: argparse.Namespace) -> int:
    if args.command == "replay":
        from simulator.replay import replay  # lazy: command

        watch = None
        if args.watch:  # the CLI hands the app's player down: replay sits below the app
            from simulator.app.watch import watch_film  # lazy: command

            watch = watch_film
        return replay(args.files, as_json=args.json, png=args.png, watch=watch, budget=args.budget)
    if args.command == "demo":
        return _demo(args)
    if args.command == "app":
        from simulator.app.main import run as run_app  # lazy: command

        return run_app(args)
    if args.command == "tune":
        return _tuning_cli().run(args)
    if args.command == "lab":
        from simulator.lab.cli import main as lab_main  # lazy: command

        return lab_main(args)
    if args.command in ("host", "join"):
        return _network(args)
    if args.command == "bench":
        from simulator.rl.bench_cli import run as run_bench  # lazy: command

        return run_bench(args)
    if args.command == "hand":
        from simulator.motor.cli import run as run_hand  # lazy: command

        return run_hand(args)
    if args.command == "play":
        if getattr(args, "headless", True):
            return GAMES.get(args.game).load("command").run(args)
        return _play_in_window(args)
    return _game_commands()[args.command].run(args)  # argparse allows no other


def run() -> None:
    """The ``towersim`` command: ``main`` as a process. A reader that closes the pipe
    (``towersim replay --json ... | head``) ends it quietly, as it ends Unix tools."""
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main())


if __name__ == "__main__":
    run()
