"""Playing a game on from where it stands with computer seats, for ``lab fork``: each
game's players seated as ``towersim play`` seats them, so a continuation from action 0
with the recording's seats and seed is the game ``play`` would have played.

The seats' seeds come from the continuation's seed through ``simulator.seeds`` (the
same derivation as ``play``); the game's own chance (dice, cards) is in the match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.errors import IllegalMove
from simulator.bots.cli import Seats
from simulator.games.crazy_tower import bots as crazy_tower_bots
from simulator.games.crazy_tower import player as crazy_tower_player
from simulator.games.crazy_tower import scenario as crazy_tower_scenario
from simulator.games.filled_in import player as filled_in_player
from simulator.games.filled_in import scenario as filled_in_scenario
from simulator.games.filled_in.bots import play_seats
from simulator.games.filled_in.play import BOT_TABLE_SALT
from simulator.games.lots import bots as lots_bots
from simulator.games.lots import player as lots_player
from simulator.games.lots import scenario as lots_scenario
from simulator.games.match import Match
from simulator.lab.falls import fallen_per_seat
from simulator.seeds import seat_seed


def _lots(match: Any, seating: Seats, seed: int) -> str | None:
    players = {
        seat: lots_bots.make_player(level, seat_seed(seed, seat), seating.hands[seat])
        for seat, level in seating.levels.items()
    }
    try:
        lots_player.play_turns(match, players, lots_scenario.MAX_COMPUTER_DECISIONS)
    except IllegalMove as exc:
        return f"a player found no placement the rules accept ({exc.reason})"
    return None


def _crazy_tower(match: Any, seating: Seats, seed: int) -> str | None:
    players = {
        name: crazy_tower_bots.make_player(seating.levels[i], seat_seed(seed, i), seating.hands[i])
        for i, name in enumerate(match.state.players)
    }
    try:
        crazy_tower_player.play_turns(match, players, crazy_tower_scenario.MAX_COMPUTER_DECISIONS)
    except IllegalMove as exc:
        return f"{match.state.current_player} found no move the rules accept ({exc.reason})"
    return None


def _filled_in(match: Any, seating: Seats, seed: int) -> str | None:
    names = list(match.summary()["players"])
    if set(seating.levels.values()) == {"random"}:  # as play_game seats random players
        filled_in_player.play_turns(
            match, filled_in_player.player_chance(seed), filled_in_scenario.MAX_COMPUTER_DECISIONS
        )
        return None
    by_name = {names[seat]: level for seat, level in seating.levels.items()}
    table = filled_in_player.player_chance(seed, BOT_TABLE_SALT)
    randoms = {name: filled_in_player.player_chance(seed, 1 + i) for i, name in enumerate(names)}
    for _ in range(filled_in_scenario.MAX_COMPUTER_DECISIONS):
        if match.over:
            break
        play_seats(match.state, by_name, table, randoms, match.perform)
    return None


PLAY_ON: dict[str, Callable[[Any, Seats, int], str | None]] = {
    "lots": _lots,
    "crazy-tower": _crazy_tower,
    "filled-in": _filled_in,
}


def play_on(match: Match, seating: Seats, seed: int) -> str | None:
    """Play ``match`` to its end with ``seating``; why it stopped early, or None."""
    return PLAY_ON[match.kind](match, seating, seed)


def falls(match: Match) -> list[int] | None:
    """Pieces fallen per seat (on that seat's move), or None for a game without any."""
    players = list(match.summary()["players"])
    return fallen_per_seat(match.kind, match.state.events, players)
