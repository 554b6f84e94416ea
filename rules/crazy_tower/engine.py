"""Crazy Tower behind the engine contract (rules/engine.py), delegating to
rules.crazy_tower: options become the setup dict, moves go through ``apply_action``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from rules.chance import Chance
from rules.crazy_tower.actions import apply_action
from rules.crazy_tower.blocks import block_colours
from rules.crazy_tower.cards import floor_cards
from rules.crazy_tower.challenges import challenges
from rules.crazy_tower.legal import legal_moves
from rules.crazy_tower.outcome import BlockOutcome, FloorCardOutcome, RemovalOutcome
from rules.crazy_tower.playout import PHYSICAL, PlayoutError, RandomHand
from rules.crazy_tower.scoring import scores
from rules.crazy_tower.setup import SABOTEUR_LEFT, STARTERS, new_game, player_counts
from rules.crazy_tower.state import COMPETITIVE, MODES, SABOTEUR, SOLO, CrazyTowerState
from rules.engine import GameOptions, Move, Outcome, Parameter
from rules.errors import IllegalMove
from rules.serial import digest_of, unwrap, wrap

KIND = "crazy-tower"
_CHANCE_KEY = "chance"
_OUTCOMES = (BlockOutcome, FloorCardOutcome, RemovalOutcome)
_RETRIES = 25  # invented outcomes tried before a random move gives up (red boxes)


@cache  # read from the assets once, when first asked
def parameters() -> tuple[Parameter, ...]:
    """The options as rules.crazy_tower.setup reads them, and ``colours``."""
    solo = challenges()
    return (
        Parameter(
            "challenge",
            int,
            1,
            "the solo challenge",
            low=min(solo),
            high=max(solo),
            modes=(SOLO,),
            menu=True,
            notes={n: c.text for n, c in solo.items()},
            difficulty={n: n for n in solo},  # meant to get harder as the number grows
        ),
        Parameter(
            "colour_count",
            int,
            None,
            "how many colours the solo player plays (default: the challenge's fewest)",
            low=1,
            high=len(block_colours()),
            modes=(SOLO,),
        ),
        Parameter("first_player", str, None, "who starts (default: the first listed)"),
        Parameter(
            "saboteur",
            str,
            None,
            "who the saboteur is (default: drawn by chance)",
            modes=(SABOTEUR,),
        ),
        Parameter(
            "starter",
            str,
            SABOTEUR_LEFT,
            "who starts: the saboteur's left, as the rulebook has it, or drawn apart",
            choices=STARTERS,
            modes=(SABOTEUR,),
        ),
        Parameter(
            "deck",
            str,
            None,
            "the deck's order, card by card (default: shuffled by chance)",
            choices=tuple(floor_cards()),
            shape="list",
        ),
        # {name: [colour, ...]} pins who plays what
        Parameter("colours", dict, None, "the colours each player plays, by name"),
    )


def setup_options(options: GameOptions, seed: int | None = None) -> dict[str, Any]:
    """The setup dict of rules.crazy_tower.setup for ``options``."""
    options = options.with_seed(seed)
    options.check_settings(parameters(), "Crazy Tower")
    colours = options.setting("colours") or {}
    players = [
        {"name": name, "colours": list(colours[name])} if name in colours else name
        for name in options.players
    ]
    default_mode = SOLO if len(players) == 1 else COMPETITIVE
    setup = {"mode": options.mode or default_mode, "players": players, "seed": options.seed}
    setup.update((k, v) for k, v in options.settings.items() if k != "colours")
    return setup


def _plain_move(move: Mapping[str, Any]) -> dict[str, Any]:
    """``move`` with an outcome object as the dict ``apply_action`` reads."""
    outcome = move.get("outcome")
    if isinstance(outcome, _OUTCOMES):
        return {**move, "outcome": outcome.to_dict()}
    return dict(move)


class CrazyTowerEngine:
    kind = KIND
    modes = MODES
    # a score is the blocks still in hand: placing one lowers it (the point of the
    # game), and an exchange may hand over a cheaper block for a dearer one
    score_lowering = frozenset({"block_placed", "exchange"})

    @property
    def parameters(self) -> tuple[Parameter, ...]:
        return parameters()

    def player_counts(self, mode: str) -> tuple[int, ...]:
        return player_counts(mode)

    def new_game(self, options: GameOptions, seed: int | None = None) -> CrazyTowerState:
        return new_game(setup_options(options, seed))

    def to_act(self, state: CrazyTowerState) -> list[str]:
        return [] if state.is_over else [state.current_player]

    def legal_moves(self, state: CrazyTowerState) -> list[Move]:
        return legal_moves(state)

    def apply(self, state: CrazyTowerState, move: Mapping[str, Any]) -> CrazyTowerState:
        return apply_action(state, _plain_move(move))

    def scores(self, state: CrazyTowerState) -> dict[str, int]:
        return scores(state)

    def outcome(self, state: CrazyTowerState) -> Outcome:
        if state.result is None:
            return Outcome(False)
        winner = state.result["winner"]
        winners = () if winner is None else (winner,) if isinstance(winner, str) else winner
        return Outcome(True, tuple(winners), state.result["reason"])

    def to_dict(self, state: CrazyTowerState) -> dict[str, Any]:
        return wrap(KIND, state.to_dict(), _CHANCE_KEY)

    def from_dict(self, data: Mapping[str, Any]) -> CrazyTowerState:
        return CrazyTowerState.from_dict(unwrap(KIND, data, _CHANCE_KEY))

    def digest(self, state: CrazyTowerState) -> str:
        return digest_of(state.to_dict())

    def clone(self, state: CrazyTowerState) -> CrazyTowerState:
        return state.copy()

    def events(self, state: CrazyTowerState) -> Sequence[Mapping[str, Any]]:
        return state.events

    def inventory(self, state: CrazyTowerState) -> dict[str, list[str]]:
        return {
            "hands": [b for hand in state.hands.values() for b in hand],
            "on_cards": list(state.on_card),
            "deck": list(state.deck),
            "floors": list(state.floors),
            "revealed": [] if state.revealed is None else [state.revealed],
            "down": list(state.down),
            "lost": list(state.lost),
        }

    def random_move(self, state: CrazyTowerState, chance: Chance) -> Move:
        moves = legal_moves(state)
        if not moves:
            raise PlayoutError("the game is over")
        move = chance.choice(moves)
        if move["type"] not in PHYSICAL:
            return move
        hand = RandomHand(chance.next_u64())
        for _ in range(_RETRIES):  # as a player tries again when a red box is hit
            candidate = {**move, "outcome": hand(state, move)}
            try:
                self.apply(state, candidate)
            except IllegalMove:
                continue
            return candidate
        raise PlayoutError(f"every invented outcome for {move} was refused")


ENGINE = CrazyTowerEngine()
