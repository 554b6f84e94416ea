"""``towersim app``: open the desktop app (needs a display).

Without options it opens the start screen; ``--game`` starts that game at once with
the other options, and ``--load`` / ``--resume`` continue a saved game.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from simulator.app.display import display_available
from simulator.app.setup import COMPUTER_PREFIX, HUMAN, REGISTRY, GameSetup, Seat, app_games
from simulator.bots.levels import DEFAULT_LEVEL, LEVEL_NAMES
from simulator.games.parameters import flag_of, flag_settings, menu
from simulator.seeds import seed_option
from simulator.words import counted

if TYPE_CHECKING:
    from simulator.app.screen import Screen


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        choices=app_games(),
        default=None,
        help="start this game at once (default: the start screen)",
    )
    parser.add_argument(
        "--players",
        default="You,Computer",
        help='comma-separated names; a name starting with "Computer" is a computer player '
        '(default "You,Computer")',
    )
    parser.add_argument(
        "--bot",
        choices=LEVEL_NAMES,
        default=DEFAULT_LEVEL,
        help=f"level of the computer players (default {DEFAULT_LEVEL}, as in play)",
    )
    parser.add_argument(
        "--mode",
        default=None,
        help="one of the game's modes (Filled In: its variant; default: the first that "
        "fits the player count)",
    )
    _option_arguments(parser)
    parser.add_argument(
        "--hand",
        default=None,
        metavar="PROFILE",
        help="your hand: a hand of the population (docs/hand.md), an old name for one, or "
        "'me' once measured (default exact)",
    )
    parser.add_argument("--seed", type=seed_option, default=0, help="seed for every random draw")
    parser.add_argument(
        "--undo-accidents",
        choices=("yes", "no"),
        default="yes",
        help="whether a player may take back a move during which a piece fell (default yes)",
    )
    parser.add_argument("--load", metavar="FILE", help="open a saved game (any game's save)")
    parser.add_argument(
        "--resume",
        action="store_true",
        help=f"continue the autosaved game of --game (default {app_games()[0]})",
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="where Ctrl+S saves (default: the game's file in the user data folder)",
    )


def app_arguments_for_play(play: argparse.Namespace) -> argparse.Namespace | str:
    """The app's options for ``towersim play GAME`` in a window: you in seat 1, the
    computer in the others at --bot (the app's default level when not given), the
    game's own options as given; one line if they cannot be seated in the app."""
    given = vars(play)  # the play command of each game has its own options
    if given.get("seat"):
        return "--seat is for --headless games; in the app, --bot sets the computer's level"
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args([])
    mode = given.get("mode")
    count = given.get("players")
    count = count if count is not None else (1 if mode == "solo" else 2)
    names = ["You", *(f"{COMPUTER_PREFIX} {seat}" for seat in range(2, count + 1))]
    args.game, args.players, args.seed, args.mode = play.game, ",".join(names), play.seed, mode
    if play.bot is not None:
        if play.bot not in LEVEL_NAMES:
            return f"--bot: unknown level {play.bot!r} ({', '.join(LEVEL_NAMES)})"
        args.bot = play.bot
    if given.get("dexterity") is not None:  # --hand: the hand you play with
        args.hand = given["dexterity"]
    args.mode = mode if mode is not None else given.get(REGISTRY.get(play.game).mode_key)
    for parameter in menu(REGISTRY.get(play.game).parameters):
        if given.get(parameter.name) is not None:
            vars(args)[parameter.name] = given[parameter.name]
    return args


def _option_arguments(parser: argparse.ArgumentParser) -> None:
    """The everyday options of every game the app offers, each name once: checked, by
    the game chosen, when the setup is made."""
    helps: dict[str, list[str]] = {}
    for game in app_games():
        for parameter in menu(REGISTRY.get(game).parameters):
            helps.setdefault(parameter.name, []).append(
                f"{parameter.help} ({parameter.allowed()}) in {REGISTRY.get(game).title}"
            )
    for name, said in helps.items():
        parser.add_argument(flag_of(name), dest=name, default=None, help="; ".join(said))


def setup_from(args: argparse.Namespace) -> GameSetup:
    """The game the options describe; ValueError (one line) if they do not fit."""
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    if not names:
        raise ValueError("--players names nobody")
    seats = tuple(
        Seat(name, args.bot if name.startswith(COMPUTER_PREFIX) else HUMAN) for name in names
    )
    game = args.game or app_games()[0]
    mode = _mode(game, args.mode, len(names))
    if args.hand is not None:
        from simulator.bots.dexterity import hand_names  # lazy: command

        if args.hand not in hand_names():
            raise ValueError(f"--hand: unknown hand {args.hand!r} ({', '.join(hand_names())})")
    kind = REGISTRY.get(game)
    settings = flag_settings(args, kind.parameters, mode, kind.title)
    if isinstance(settings, str):
        raise ValueError(settings)
    return GameSetup(
        game=game,
        seats=seats,
        seed=args.seed,
        mode=mode,
        settings=settings,
        dexterity=args.hand,
        undo_accidents=args.undo_accidents != "no",
    )


def _mode(game: str, given: str | None, players: int) -> str:
    """The mode ``--mode`` names, or the game's first that fits the player count;
    ValueError if it does not fit."""
    kind = REGISTRY.get(game)
    counts = kind.load("engine").player_counts
    if given is None:
        return next((m for m in kind.modes if players in counts(m)), kind.modes[0])
    if given not in kind.modes:
        raise ValueError(f"--mode {given}: {kind.title} has {', '.join(kind.modes)}")
    if players not in counts(given):
        fits = ", ".join(str(n) for n in counts(given))
        raise ValueError(
            f"--mode {given} does not fit {counted(players, kind.title + ' player')}: "
            f"{kind.title} {given} is for {fits} players"
        )
    return given


def first_screen(args: argparse.Namespace) -> Screen:
    """The screen the window opens on; raises with a one-line message if it cannot."""
    from simulator.app import save_folder, screens  # lazy: command

    if args.load or args.resume:
        path = (
            Path(args.load) if args.load else save_folder.autosave_path(args.game or app_games()[0])
        )
        if not path.is_file():
            raise ValueError(f"{path} does not exist")
        game = screens.load_game(path)
    elif args.game is not None:
        game = screens.open_game(setup_from(args))
    else:
        from simulator.app.title_screen import TitleScreen  # lazy: display

        return TitleScreen()
    if args.save:
        game.save_path = Path(args.save)
    return game


def run(args: argparse.Namespace) -> int:
    if not display_available():
        print(
            "towersim app: no display (DISPLAY is not set); run it on a desktop, or use "
            "`towersim play GAME --headless`",
            file=sys.stderr,
        )
        return 2
    try:
        screen = first_screen(args)
    except Exception as exc:  # one clear line, never a traceback
        # a KeyError's str() quotes its message: say the message itself
        said = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"towersim app: cannot start: {said}", file=sys.stderr)
        return 2
    open_window(screen)
    return 0


def open_window(screen: Screen, caption: str = "towersim") -> None:
    """The app's window on ``screen`` (a game: its guide on the player's first game of
    it)."""
    import pyglet  # lazy: command

    from simulator.app import guide  # lazy: display
    from simulator.app.start_screen import StartScreen  # lazy: display
    from simulator.app.window import AppWindow  # lazy: display

    AppWindow(screen, caption=caption, home=StartScreen)
    guide.show_if_first(screen)
    pyglet.app.run()
