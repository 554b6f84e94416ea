"""Crazy Tower behind the engine contract (rules/engine.py), delegating to
rules.crazy_tower: options become the setup dict, moves go through ``apply_action``."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict
from functools import cache
from typing import Any

from rules.assets import load_asset
from rules.chance import Chance
from rules.crazy_tower.actions import apply_action
from rules.crazy_tower.blocks import block_colours, blocks_of_colour, get_block, is_block
from rules.crazy_tower.cards import (
    BOX_KINDS,
    CARD_FILE,
    CARD_PIECE,
    card_length,
    covered_boxes,
    floor_cards,
)
from rules.crazy_tower.challenges import challenges
from rules.crazy_tower.flow import EFFECT_ORDER
from rules.crazy_tower.legal import legal_moves
from rules.crazy_tower.names import block_name, boxes_text, card_name, floor_name
from rules.crazy_tower.outcome import BlockOutcome, FloorCardOutcome, RemovalOutcome
from rules.crazy_tower.placement import block_problem, placement_problem
from rules.crazy_tower.playout import PHYSICAL, PlayoutError, RandomHand
from rules.crazy_tower.scoring import scores
from rules.crazy_tower.setup import SABOTEUR_LEFT, STARTERS, new_game, player_counts
from rules.crazy_tower.state import COMPETITIVE, MODES, SABOTEUR, SOLO, TODO, CrazyTowerState
from rules.engine import (
    GameOptions,
    Move,
    Outcome,
    Parameter,
    PlanCheck,
    Preview,
    preview_by_applying,
)
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


@cache
def crazy_tower_content() -> dict[str, Any]:
    """Every block and floor card by id (``Engine.content``), each with its shape in the
    piece catalogue (``piece``) and its name in a sentence (``named``, as the rules'
    refusals name it); the colours, the modes and the phases ``describe`` reports, how
    many players each mode is for, the solo challenges by number (their limits and hand
    handicap, as the challenge file has them), a card's length (cm), its box kinds and what
    each does (as the floor-card asset words it), and the order in which a block's box
    effects resolve."""
    pieces: dict[str, Any] = {}
    for colour in block_colours():
        for block in blocks_of_colour(colour):
            spec = get_block(block)
            pieces[block] = {
                "kind": "block",
                "colour": colour,
                "shape": spec.shape,
                "points": spec.points,
                "piece": spec.piece,
                "named": block_name(block),
            }
    for card in floor_cards().values():
        pieces[card.id] = {
            "kind": "card",
            "name": card.name,
            "boxes": list(card.boxes),
            "piece": CARD_PIECE,
            "named": card_name(card.id),
        }
    return {
        "pieces": pieces,
        "colours": list(block_colours()),
        "modes": list(MODES),
        "phases": list(TODO),  # every phase has its words for refusals
        "player_counts": {mode: list(player_counts(mode)) for mode in MODES},
        "card_length": card_length(),
        "box_kinds": list(BOX_KINDS),
        "box_effects": {
            kind: str(spec.get("effect", ""))
            for kind, spec in load_asset(CARD_FILE).get("kind", {}).items()
        },
        "effects": list(EFFECT_ORDER),
        "challenges": {str(n): _plain(asdict(c)) for n, c in sorted(challenges().items())},
    }


def _plain(value: Any) -> Any:
    """``value`` with tuples as lists, as JSON has them."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


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

    def content(self) -> Mapping[str, Any]:
        return copy.deepcopy(crazy_tower_content())

    def describe(self, state: CrazyTowerState) -> dict[str, Any]:
        """The saboteur is named only once the game is over; the deck is counted; the
        phase and the mode are among the content's ``phases`` and ``modes``."""
        left = scores(state)
        players = {
            name: {
                "score": left[name],
                "colours": list(state.colours[name]),
                "hand": list(state.hands[name]),
            }
            for name in state.players
        }
        return {
            "phase": state.phase,
            "to_act": self.to_act(state),
            "scores": left,
            "players": players,
            "mode": state.mode,
            "challenge": state.challenge,
            "turn": state.turn,
            "current": state.current_player,
            "floors": list(state.floors),
            "on_card": dict(state.on_card),
            "covers": {block: list(boxes) for block, boxes in state.covers.items()},
            "deck": len(state.deck),
            "revealed": state.revealed,
            "pending": list(state.pending),
            "extra_turn": state.extra_turn,  # a loop box was covered this turn
            "passes": state.passes,  # turns passed in a row
            "down": list(state.down),
            "lost": list(state.lost),
            "elapsed": state.elapsed,
            "saboteur": state.saboteur if state.is_over else None,
            # once over, why and who won: {"reason", "winner", "detail"}
            "result": copy.deepcopy(state.result),
        }

    # How the players count floors and boxes, as the rules' refusals word them: the one
    # place the app's sentences take them from.
    def floor_name(self, floor: int) -> str:
        """``the ground floor`` (floor 0, the starting card), ``floor 1``, ..."""
        return floor_name(floor)

    def boxes_text(self, boxes: Iterable[int]) -> str:
        """A card's boxes counted from 1 at its left end: ``box 2``, ``boxes 4 and 5``."""
        return boxes_text(boxes)

    def physical_choices(self, state: CrazyTowerState) -> list[Move]:
        return [move for move in legal_moves(state) if move["type"] in PHYSICAL]

    def plan_check(self, state: CrazyTowerState) -> PlanCheck:
        """Plans of a block (``place_block`` with ``block``, ``replace_piece`` with
        ``piece``) at ``at`` cm along its card with a shadow ``span`` cm long: the block
        may go on its card and the boxes it covers are on the card and allowed (the
        match's check before the hand moves); without ``at``, whether the block may go
        on its card at all. A card is laid anywhere; a diamonds pull needs a block open
        to it."""

        @cache
        def open_now() -> tuple[set[str], set[str]]:  # read when first needed
            choices = self.physical_choices(state)
            removable = {move["block"] for move in choices if move["type"] == "remove_block"}
            return {move["type"] for move in choices}, removable

        def check(plan: Mapping[str, Any]) -> str | None:
            kind, block = plan.get("type"), plan.get("block", plan.get("piece"))
            open_types, removable = open_now()
            if kind not in open_types:
                return f"no {kind} is open now"
            if kind == "remove_block":
                return None if block in removable else f"{block} cannot be removed now"
            if kind == "lay_card" or (kind == "replace_piece" and not is_block(str(block))):
                return None
            if "at" not in plan:
                return block_problem(state, str(block))
            at = float(plan["at"])
            boxes = covered_boxes(at, at + float(plan["span"]))
            if not boxes:
                return f"at {at:g} cm {block_name(str(block))} would miss its floor card"
            return placement_problem(state, str(block), boxes)

        return check

    def preview(self, state: CrazyTowerState, move: Mapping[str, Any]) -> Preview[CrazyTowerState]:
        return preview_by_applying(self, state, _plain_move(move))

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
