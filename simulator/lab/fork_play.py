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
from simulator.games.match import Match
from simulator.lab.falls import fallen_per_seat
from simulator.seeds import seat_seed


def _lots(match: Any, seating: Seats, seed: int) -> str | None:
    from simulator.games.lots.bots import make_player
    from simulator.games.lots.player import play_turns
    from simulator.games.lots.scenario import MAX_COMPUTER_DECISIONS

    players = {
        seat: make_player(level, seat_seed(seed, seat), seating.hands[seat])
        for seat, level in seating.levels.items()
    }
    try:
        play_turns(match, players, MAX_COMPUTER_DECISIONS)
    except IllegalMove as exc:
        return f"a player found no placement the rules accept ({exc.reason})"
    return None


def _crazy_tower(match: Any, seating: Seats, seed: int) -> str | None:
    from simulator.games.crazy_tower.bots import make_player
    from simulator.games.crazy_tower.player import play_turns
    from simulator.games.crazy_tower.scenario import MAX_COMPUTER_DECISIONS

    players = {
        name: make_player(seating.levels[i], seat_seed(seed, i), seating.hands[i])
        for i, name in enumerate(match.state.players)
    }
    try:
        play_turns(match, players, MAX_COMPUTER_DECISIONS)
    except IllegalMove as exc:
        return f"{match.state.current_player} found no move the rules accept ({exc.reason})"
    return None


def _filled_in(match: Any, seating: Seats, seed: int) -> str | None:
    from simulator.games.filled_in.bots import play_seats
    from simulator.games.filled_in.play import BOT_TABLE_SALT
    from simulator.games.filled_in.player import play_turns, player_chance
    from simulator.games.filled_in.scenario import MAX_COMPUTER_DECISIONS

    names = list(match.summary()["players"])
    if set(seating.levels.values()) == {"random"}:  # as play_game seats random players
        play_turns(match, player_chance(seed), MAX_COMPUTER_DECISIONS)
        return None
    by_name = {names[seat]: level for seat, level in seating.levels.items()}
    table = player_chance(seed, BOT_TABLE_SALT)
    randoms = {name: player_chance(seed, 1 + i) for i, name in enumerate(names)}
    for _ in range(MAX_COMPUTER_DECISIONS):
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
