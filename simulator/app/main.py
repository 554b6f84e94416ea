"""``towersim app``: open the desktop app (needs a display)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from rules.footprints import footprints


def display_available() -> bool:
    """True when a window can open here (an X or Wayland display is set)."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        choices=("lots", "crazy-tower", "filled-in"),
        default="lots",
        help="which game (the app plays LOTS so far)",
    )
    parser.add_argument(
        "--players",
        default="You,Computer",
        help='comma-separated names; a name starting with "Computer" is a computer player '
        '(default "You,Computer")',
    )
    parser.add_argument("--footprint", default="1A", choices=sorted(footprints()))
    parser.add_argument("--seed", type=int, default=0, help="seed for every random draw")
    parser.add_argument("--load", metavar="FILE", help="open a saved game (a lots scenario)")
    parser.add_argument(
        "--resume", action="store_true", help="continue the autosaved game (~/.towersim)"
    )
    parser.add_argument(
        "--save", metavar="FILE", help="where Ctrl+S saves (default ~/.towersim/lots-save.toml)"
    )


def run(args: argparse.Namespace) -> int:
    if args.game != "lots":
        print(
            f"towersim app: {args.game} is not playable in the app yet; play it headless with "
            f"`towersim play {args.game} --headless`",
            file=sys.stderr,
        )
        return 2
    if not display_available():
        print(
            "towersim app: no display (DISPLAY is not set); run it on a desktop, or use "
            "`towersim play lots --headless`",
            file=sys.stderr,
        )
        return 2
    from simulator.app import session

    names = [n.strip() for n in args.players.split(",") if n.strip()]
    try:
        if args.load or args.resume:
            path = Path(args.load) if args.load else session.autosave_path()
            match, seed = session.load(path)
        else:
            match, seed = session.new_match(names, args.footprint, args.seed), args.seed
    except Exception as exc:  # one clear line, never a traceback
        print(f"towersim app: cannot start the game: {exc}", file=sys.stderr)
        return 2
    open_lots(match, seed, Path(args.save) if args.save else None)
    return 0


def open_lots(match: object, seed: int, save_path: Path | None = None) -> None:
    import pyglet

    from simulator.app.lots_screen import LotsScreen
    from simulator.app.window import AppWindow

    screen = LotsScreen(match, seed=seed, save_path=save_path)  # type: ignore[arg-type]
    AppWindow(screen, caption="towersim: LOTS")
    pyglet.app.run()
