"""What every `towersim play GAME` shares: the seed and output options, and publishing a
finished game (the recording, then JSON or a summary)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from rules.engine import Parameter
from simulator.bots.cli import Seats, add_bot_arguments, bot_seats
from simulator.games.computer_seat import play_on
from simulator.games.match import Match
from simulator.games.parameters import add_flags, flag_of
from simulator.games.record import recorded_expect, write_scenario
from simulator.games.registry import GAMES
from simulator.games.results import results_of
from simulator.seeds import seed_option


class _Choices(Protocol):
    """What the command line offers of an engine (read-only: any engine's tuples fit)."""

    @property
    def modes(self) -> tuple[str, ...]: ...

    @property
    def parameters(self) -> tuple[Parameter, ...]: ...


def add_game_arguments(
    parser: argparse.ArgumentParser,
    engine: _Choices,
    title: str,
    modes: str,
    players: str,
    *,
    mode_key: str = "mode",
    default_players: int | None = None,
    hands: bool = True,
) -> None:
    """The mode option (``--mode``, or the flag of the game's registry ``mode_key``: Filled
    In's ``--variant``; the engine's modes, its first the default) and --players, explained
    by ``modes`` and ``players``; the engine's parameters as flags; the options every
    game shares (``hands``: the simulated hand's, for a game played in the physics)."""
    parser.add_argument(
        flag_of(mode_key), choices=engine.modes, default=engine.modes[0], help=modes
    )
    parser.add_argument("--players", type=int, default=default_players, help=players)
    add_flags(parser, engine.parameters, title)
    add_common_arguments(parser, hands=hands)


def add_common_arguments(parser: argparse.ArgumentParser, *, hands: bool = True) -> None:
    """--seed, --headless, --json, --record and the computer players' options."""
    parser.add_argument("--seed", type=seed_option, default=0, help="seed for every random draw")
    parser.add_argument(
        "--headless", action="store_true", help="no window: every seat is a computer player"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print the outcome as JSON, in the replay report's schema",
    )
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="write the game as a scenario file that replays to the same state",
    )
    add_bot_arguments(parser, hands=hands)


def ending(match: Match, length: str) -> str:
    """How the game ended and who won, in the game's own words (the app's results card
    says the same), then how long it went (``length``: "23 turns"): "Player 2 wins with
    43 points. The target score is reached. It lasted 23 turns."."""
    if not match.outcome().over:
        return f"The game stopped before its end, after {length}."
    results = results_of(match)
    return f"{results.headline} {results.why} It lasted {length}."


def standings(match: Match) -> list[str]:
    """The players as the summary lists them: as the results card ranks them once the
    game is over (the winners first, then by score), else in seat order."""
    if not match.outcome().over:
        return list(match.summary()["players"])
    return [name for name, _, _ in results_of(match).rows]


def play_headless(game: str, match: Match, seats: Seats, seed: int) -> str | None:
    """Every seat a computer player, to the end (simulator/games/computer_seat.py); why
    the game stopped early (also said on stderr), or None."""
    stopped = play_on(match, seats, seed)
    if stopped is not None:
        stopped = f"the game could not go on: {stopped}"
        print(f"towersim play {game}: {stopped}", file=sys.stderr)
    return stopped


def publish(
    game: str,
    args: argparse.Namespace,
    result: dict[str, Any],
    match: Match,
    summary: Callable[[dict[str, Any], Any], None],  # (result, the game's own match)
) -> int:
    """Write the recording if asked (the match as a scenario whose expectations are the
    outcome in ``result``, its report), then print the report as JSON or as ``summary``;
    OSError if the file cannot be written (the command line makes it one line)."""
    if args.record:
        path = Path(args.record)
        recording = GAMES.get(game).load("document")(
            match,
            name=result["name"],
            description=f"Recorded by towersim play {game}.",
            expect=recorded_expect(result),
            computers=_computers(args, match),
        )
        write_scenario(path, recording)  # OSError: `towersim` says so, exit status 2
    if args.json:
        json.dump(result, sys.stdout, indent=2, allow_nan=False)
        sys.stdout.write("\n")
    else:
        summary(result, match)
    return 0


def _computers(args: argparse.Namespace, match: Match) -> dict[str, str]:
    """Every seat's bot level (a played game's seats are all computers), so a replay that
    plays on (``lab fork``) seats them again."""
    players = list(match.summary()["players"])
    seats = bot_seats(args, len(players), GAMES.get(match.kind).hand)
    assert not isinstance(seats, str)  # the game was played with them
    return {name: seats.levels[i] for i, name in enumerate(players)}
