"""Setting up a game of LOTS: Filled In from options."""

from __future__ import annotations

from collections.abc import Sequence

from rules.chance import Chance
from rules.filled_in.config import rules_config
from rules.filled_in.crew import crew_cards
from rules.filled_in.dice import dice_for_players
from rules.filled_in.sheets import get_sheet
from rules.filled_in.state import REMOTE, VARIANTS, GameState, PlayerState
from rules.filled_in.tower import Tower


def new_game(
    players: Sequence[str] | int = 2,
    *,
    sheet: int | Sequence[int] = 1,
    variant: str = "standard",
    seed: int = 0,
    start_player: str | int | None = None,
    host: str | None = None,
    crew: Sequence[str] | None = None,
) -> GameState:
    """A new game, ready for the first roll.

    ``players``: names in seating order (clockwise), or a count (named "Player 1"...).
    ``sheet``: one sheet number (1-5) for everybody, or one per player.
    ``start_player``: name or seat index of the first round's start player (default: the
    first seat; the rulebook's "most recently drew a building" is for the table to decide).
    ``host``: remote variant only; who rolls and hands out the dice (default: first seat).
    ``crew``: crew card ids to deal in seat order; default: shuffled and dealt by ``seed``.
    Bad options raise ValueError.
    """
    cfg = rules_config()
    names = (
        [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(players)
    )
    if len(names) not in cfg.players:
        counts = ", ".join(str(n) for n in cfg.players)
        raise ValueError(f"LOTS: Filled In is for {counts} players, not {len(names)}")
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise ValueError("player names must be distinct non-empty strings")
    sheets = [sheet] * len(names) if isinstance(sheet, int) else list(sheet)
    if len(sheets) != len(names):
        raise ValueError("give one sheet for everybody or one per player")
    for number in sheets:
        get_sheet(number)  # KeyError names the known sheets
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r} (known: {', '.join(VARIANTS)})")

    if start_player is None:
        start = 0
    elif isinstance(start_player, int):
        if not 0 <= start_player < len(names):
            raise ValueError(f"start player seat {start_player} does not exist")
        start = start_player
    elif start_player in names:
        start = names.index(start_player)
    else:
        raise ValueError(f"start player {start_player!r} is not playing")

    if variant == REMOTE:
        host = names[0] if host is None else host
        if host not in names:
            raise ValueError(f"host {host!r} is not playing")
    elif host is not None:
        raise ValueError("only the remote variant has a host")

    chance = Chance.from_seed(seed)
    if crew is None:
        dealt = chance.shuffled(list(crew_cards()))[: len(names)]
    else:
        dealt = list(crew)
        unknown = [c for c in dealt if c not in crew_cards()]
        if unknown or len(dealt) != len(names) or len(set(dealt)) != len(dealt):
            raise ValueError(
                "crew must name one distinct crew card per player "
                f"(known: {', '.join(crew_cards())})"
            )

    dice = [d.id for d in dice_for_players(len(names))]
    state = GameState(
        options={
            "players": names,
            "sheet": sheets,
            "variant": variant,
            "seed": seed,
            "start_player": names[start],
            "host": host,
            "crew": dealt,
        },
        players=[
            PlayerState(name=n, tower=Tower(sheet=s), crew=c)
            for n, s, c in zip(names, sheets, dealt, strict=True)
        ],
        chance=chance.state,
        variant=variant,
        host=host,
        start=start,
        dice=dice,
        faces=[None] * len(dice),
    )
    state.log("setup", None, players=names, sheets=sheets, variant=variant, dice=dice)
    state.log("round_start", names[start], start_player=names[start])
    return state
