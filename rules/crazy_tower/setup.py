"""Setting up a game from options: seats, colours, the deck, the saboteur.

Options (a plain dict, as a scenario's ``[setup]`` table holds them):

- ``mode``: "competitive" (2-4 players), "saboteur" (3-4) or "solo" (1);
- ``players``: names, or tables ``{name, colours}``, in seating (clockwise) order;
  with two players each plays two colours, otherwise one; a solo player plays as
  many colours as ``colour_count`` says (default: the challenge's smallest count);
- ``challenge``: 1-20, solo only (default 1);
- ``first_player``: who starts (default: the first listed; in saboteur mode see
  ``starter``);
- ``starter`` (saboteur mode): ``"saboteur-left"`` (the default, the rulebook's: the
  player to the saboteur's left starts, which tells everyone who sees who starts who
  the saboteur is) or ``"drawn"`` (who starts is drawn apart from the saboteur, or
  pinned by ``first_player``: it tells nothing of him). Files without the key play by
  the rulebook, as they always did;
- ``saboteur``: pins the saboteur (default: drawn by chance); ``HIDDEN`` ("?"): the
  saboteur is not known to this copy of the game (network play: a player who is not
  the saboteur), so it stays None and ``first_player`` must say who starts;
- ``deck``: pins the deck order, a list of card ids (default: shuffled by chance);
- ``seed``: the seed of every chance draw (default 0).
"""

from __future__ import annotations

from typing import Any

from rules.chance import Chance
from rules.crazy_tower.blocks import block_colours, blocks_of_colour
from rules.crazy_tower.cards import deck_cards, starting_card
from rules.crazy_tower.challenges import get_challenge
from rules.crazy_tower.state import (
    COMPETITIVE,
    HIDDEN,
    MODES,
    SABOTEUR,
    SOLO,
    CrazyTowerState,
)
from rules.errors import IllegalMove

_PLAYER_COUNTS = {COMPETITIVE: (2, 3, 4), SABOTEUR: (3, 4), SOLO: (1,)}
_KNOWN_OPTIONS = {
    "mode",
    "players",
    "challenge",
    "colour_count",
    "first_player",
    "saboteur",
    "starter",
    "deck",
    "seed",
}
# Who starts a saboteur game: the rulebook's seat (the saboteur's left) or one drawn
# apart from the saboteur, so that who starts does not give him away.
SABOTEUR_LEFT, DRAWN = "saboteur-left", "drawn"
STARTERS = (SABOTEUR_LEFT, DRAWN)


def _seats(options: dict[str, Any]) -> list[dict[str, Any]]:
    seats = []
    for entry in options.get("players", []):
        seat = {"name": entry} if isinstance(entry, str) else dict(entry)
        if not isinstance(seat.get("name"), str) or not seat["name"]:
            raise IllegalMove("every player needs a name")
        seats.append(seat)
    names = [seat["name"] for seat in seats]
    if len(set(names)) != len(names):
        raise IllegalMove("player names must differ")
    return seats


def _colour_count(mode: str, players: int, options: dict[str, Any]) -> int:
    if mode != SOLO:
        return 2 if players == 2 else 1
    challenge = get_challenge(int(options.get("challenge", 1)))
    count = int(options.get("colour_count", min(challenge.colours)))
    if count not in challenge.colours:
        raise IllegalMove(
            f"challenge {challenge.number} is played with "
            + " or ".join(str(n) for n in challenge.colours)
            + f" colours, not {count}"
        )
    return count


def _assign_colours(seats: list[dict[str, Any]], per_player: int) -> dict[str, list[str]]:
    palette = list(block_colours())
    chosen = [c for seat in seats for c in seat.get("colours", [])]
    unknown = [c for c in chosen if c not in palette]
    if unknown:
        raise IllegalMove(f"unknown block colours {unknown}")
    if len(set(chosen)) != len(chosen):
        raise IllegalMove("two players cannot play the same colour")
    free = [c for c in palette if c not in chosen]
    out = {}
    for seat in seats:
        colours = list(seat.get("colours", []))
        if not colours:
            colours, free = free[:per_player], free[per_player:]
        if len(colours) != per_player:
            raise IllegalMove(f"{seat['name']} must play {per_player} colour(s)")
        out[seat["name"]] = colours
    return out


def player_counts(mode: str) -> tuple[int, ...]:
    """How many players a mode is for."""
    return _PLAYER_COUNTS[mode]


def new_game(options: dict[str, Any]) -> CrazyTowerState:
    """A fresh game; raises IllegalMove for options the rules do not allow."""
    unknown = set(options) - _KNOWN_OPTIONS
    if unknown:
        raise IllegalMove(f"unknown options {sorted(unknown)}")
    mode = options.get("mode", COMPETITIVE)
    if mode not in MODES:
        raise IllegalMove(f"unknown mode {mode!r} ({', '.join(MODES)})")
    seats = _seats(options)
    if len(seats) not in _PLAYER_COUNTS[mode]:
        allowed = ", ".join(str(n) for n in _PLAYER_COUNTS[mode])
        raise IllegalMove(f"{mode} mode is for {allowed} player(s), not {len(seats)}")
    if "challenge" in options and mode != SOLO:
        raise IllegalMove("challenges are for solo mode")
    try:
        challenge = int(options.get("challenge", 1)) if mode == SOLO else None
        if challenge is not None:
            get_challenge(challenge)
    except KeyError as exc:
        raise IllegalMove(str(exc.args[0])) from None
    names = [seat["name"] for seat in seats]
    colours = _assign_colours(seats, _colour_count(mode, len(seats), options))
    seed = int(options.get("seed", 0))
    chance = Chance.from_seed(seed)

    if "deck" in options:
        deck = list(options["deck"])
        if sorted(deck) != sorted(deck_cards()):
            raise IllegalMove("a pinned deck must hold every deck card exactly once")
    else:
        deck = chance.shuffled(deck_cards())

    starter = options.get("starter", SABOTEUR_LEFT)
    if starter not in STARTERS:
        raise IllegalMove(f"unknown starter {starter!r} ({', '.join(STARTERS)})")
    if "starter" in options and mode != SABOTEUR:
        raise IllegalMove("the starter option is for saboteur mode")
    saboteur = None
    first = options.get("first_player", names[0])
    if mode == SABOTEUR and options.get("saboteur") == HIDDEN:
        if "first_player" not in options:
            raise IllegalMove("a game whose saboteur is hidden needs its first player")
    elif mode == SABOTEUR:
        saboteur = options.get("saboteur") or chance.choice(names)
        if saboteur not in names:
            raise IllegalMove(f"the saboteur {saboteur!r} is not a player")
        if starter == DRAWN:  # drawn after the saboteur, from the same stream
            first = options.get("first_player") or chance.choice(names)
        else:  # play goes clockwise: the player on the saboteur's left plays after him
            first = names[(names.index(saboteur) + 1) % len(names)]
    if first not in names:
        raise IllegalMove(f"the first player {first!r} is not a player")

    hands = {name: [b for c in colours[name] for b in blocks_of_colour(c)] for name in names}
    state = CrazyTowerState(
        mode=mode,
        players=names,
        colours=colours,
        challenge=challenge,
        seed=seed,
        chance=chance.state,
        saboteur=saboteur,
        deck=deck,
        floors=[starting_card().id],
        hands=hands,
        on_card={},
        covers={},
        total_blocks=sum(len(hand) for hand in hands.values()),
        current=names.index(first),
    )
    state.events.append(
        {
            "turn": 0,
            "player": None,
            "type": "setup",
            "mode": mode,
            "players": names,
            "colours": colours,
            "challenge": challenge,
            "seed": seed,
        }
    )
    if saboteur is not None:
        # the log is the referee's; observe() hides hidden events from other players
        state.events.append(
            {"turn": 0, "player": saboteur, "type": "saboteur_chosen", "hidden": True}
        )
    return state
