"""LOTS behind the engine contract (rules/engine.py), delegating to rules.lots.

The LOTS functions number seats; the engine speaks player names: its moves name the
``player`` (and a crew card's ``target``) by name, which ``apply_move`` accepts and logs
as the same seat numbers, so a game played either way is the same state.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from rules.chance import Chance
from rules.engine import (
    GameOptions,
    Move,
    Outcome,
    Parameter,
    PlanCheck,
    Preview,
    preview_by_applying,
)
from rules.footprints import footprints
from rules.lots.content import crew_cards, game_content, score_track
from rules.lots.instances import block_ids, is_cube, spec_of
from rules.lots.moves import apply_move, legal_moves, placement_choices
from rules.lots.placement import candidate_problem, piece_name
from rules.lots.playout import grid_outcome, random_move
from rules.lots.setup import LotsOptions, new_game
from rules.lots.state import LotsState
from rules.serial import unwrap, wrap

KIND = "lots"
# What a state's ``phase`` may be, in the order the environments one-hot encode them.
PHASES = ("roll", "supply", "give_crew", "place", "replace", "bonus", "steal", "over")
_CHANCE_KEY = "rng"


@cache  # read from the assets once, when first asked
def parameters() -> tuple[Parameter, ...]:
    cards = footprints()
    return (
        Parameter(
            "footprint",
            str,
            LotsOptions.footprint,
            "the footprint card and side the tower stands on",
            choices=tuple(sorted(cards)),
            menu=True,
            notes={i: f"{fp.name}, difficulty {fp.difficulty}" for i, fp in cards.items()},
            difficulty={i: fp.difficulty for i, fp in cards.items()},
        ),
        Parameter("start_player", str, None, "who starts (default: drawn by chance)"),
    )


def lots_options(options: GameOptions, seed: int | None = None) -> LotsOptions:
    """The LOTS options for ``options`` (the mode follows from the player count)."""
    options = options.with_seed(seed)
    options.check_settings(parameters(), "LOTS")
    start = options.setting("start_player")
    if start is not None:  # a name, as elsewhere in the engine contract
        if start not in options.players:
            raise ValueError(f"start_player {start!r} is not playing")
        start = options.players.index(start)
    native = LotsOptions(
        players=options.players,
        footprint=options.setting("footprint", LotsOptions.footprint),
        seed=options.seed,
        start_player=start,
    )
    if options.mode is not None and options.mode != native.mode:
        raise ValueError(
            f"{len(options.players)} player(s) play LOTS {native.mode}, not {options.mode}"
        )
    return native


def piece_locations(state: LotsState) -> dict[str, list[str]]:
    """Every block and purple cube by where it is."""
    return {
        "supply": [b for pile in state.supply.values() for b in pile],
        "banks": [b for bank in state.banks for b in bank],
        "cubes": [c for cubes in state.cubes for c in cubes],
        "tower": list(state.tower),
        "removed": list(state.removed),
        "box": list(state.box),
        "track": list(state.track_cubes.values()),
    }


@cache
def lots_content() -> dict[str, Any]:
    """Every block, purple cube and crew card by id (``Engine.content``) and the score
    track. A block's ``cells`` are its catalogue shape, bottom row first, and ``spec``
    the catalogue piece (``rules.pieces.get_piece``) the physics builds it from; its
    ``name`` is how players call it ("the green L"); a crew card has its ``text``;
    ``phases`` lists what ``describe``'s phase may be."""
    content = game_content()
    pieces: dict[str, Any] = {}
    colours = (*content.pile_order, content.cube_colour)
    counts = (*(content.blocks_per_pile,) * len(content.pile_order), content.purple_cubes)
    for colour, count in zip(colours, counts, strict=True):
        for piece in block_ids(colour, count):
            spec = spec_of(piece)
            pieces[piece] = {
                "kind": "cube" if is_cube(piece) else "block",
                "colour": colour,
                "cells": sorted([r, c] for r, c in spec.cells),
                "spec": spec.id,
                "name": piece_name(piece),
            }
    for card in crew_cards().values():
        pieces[card.id] = {
            "kind": "crew",
            "name": card.name,
            "effect": card.effect,
            "text": card.text,
        }
    track = score_track()
    return {
        "pieces": pieces,
        "phases": list(PHASES),
        "colours": list(content.pile_order),
        "track": {
            "length": track.length,
            "cube_spots": list(track.cube_spots),
            "crew_spots": list(track.crew_spots),
        },
    }


class LotsEngine:
    kind = KIND
    modes = ("competitive", "solo")
    score_lowering = frozenset({"move_back"})  # a meeple moved back along the track

    @property
    def parameters(self) -> tuple[Parameter, ...]:
        return parameters()

    def player_counts(self, mode: str) -> tuple[int, ...]:
        if mode == "solo":
            return (1,)
        return tuple(sorted(int(n) for n in game_content().targets))

    def new_game(self, options: GameOptions, seed: int | None = None) -> LotsState:
        return new_game(lots_options(options, seed))

    def to_act(self, state: LotsState) -> list[str]:
        return [] if state.to_act is None else [state.players[state.to_act]]

    def legal_moves(self, state: LotsState) -> list[Move]:
        return [self._named(state, m) for m in legal_moves(state)] + self.physical_choices(state)

    def apply(self, state: LotsState, move: Mapping[str, Any]) -> LotsState:
        return apply_move(state, move)

    def scores(self, state: LotsState) -> dict[str, int]:
        return state.score_table()

    def outcome(self, state: LotsState) -> Outcome:
        return Outcome(state.over, tuple(state.winner_names()), state.end_reason)

    def to_dict(self, state: LotsState) -> dict[str, Any]:
        return wrap(KIND, state.to_dict(), _CHANCE_KEY)

    def from_dict(self, data: Mapping[str, Any]) -> LotsState:
        return LotsState.from_dict(unwrap(KIND, data, _CHANCE_KEY))

    def digest(self, state: LotsState) -> str:
        return state.digest()

    def clone(self, state: LotsState) -> LotsState:
        return state.copy()

    def events(self, state: LotsState) -> Sequence[Mapping[str, Any]]:
        return state.events

    def inventory(self, state: LotsState) -> dict[str, list[str]]:
        """Every piece by where it is; each player's crew hand under their name (as
        Filled In's), the undealt and discarded crew cards under "crew"."""
        hands = {
            name: list(hand) for name, hand in zip(state.players, state.crew_hands, strict=True)
        }
        crew = state.crew_deck + state.crew_discard
        return {**piece_locations(state), **hands, "crew": crew}

    def random_move(self, state: LotsState, chance: Chance) -> Move:
        return self._named(state, random_move(state, grid_outcome, chance))

    def content(self) -> Mapping[str, Any]:
        return copy.deepcopy(lots_content())

    def describe(self, state: LotsState) -> dict[str, Any]:
        """The crew cards in hand are counted, not named (a player keeps them hidden)."""
        players = {
            name: {
                "score": state.scores[seat],
                "bank": list(state.banks[seat]),
                "cubes": list(state.cubes[seat]),
                "crew": len(state.crew_hands[seat]),
            }
            for seat, name in enumerate(state.players)
        }
        return {
            "phase": state.phase,
            "to_act": self.to_act(state),
            "scores": self.scores(state),
            "players": players,
            "mode": state.mode,
            "footprint": state.footprint,
            "target": state.target,
            "turn": state.turn,
            "current": state.players[state.current],
            "supply": {colour: len(pile) for colour, pile in state.supply.items()},
            "tower": {piece: [list(c) for c in cells] for piece, cells in state.tower.items()},
            "removed": list(state.removed),
            "marker": state.marker,
            "last_block": state.last_block,
            "track_cubes": dict(state.track_cubes),  # spot (as text) -> the cube still on it
        }

    def physical_choices(self, state: LotsState) -> list[Move]:
        """Each (block, purple cube) pair that may go on the tower now, either None."""
        if state.phase not in ("place", "replace"):
            return []
        player = state.players[state.current]
        return [
            {"type": "place", "player": player, "block": block, "cube": cube}
            for block, cube in placement_choices(state)
        ]

    def plan_check(self, state: LotsState) -> PlanCheck:
        """Plans ``{"type": "place", "piece", "cells"}``: one block or cube at the grid
        cells it is predicted to land in (the match's ``check_candidate``)."""
        problem = candidate_problem(state)
        known = lots_content()["pieces"]

        def check(plan: Mapping[str, Any]) -> str | None:
            piece = str(plan.get("piece"))
            if plan.get("type") != "place":
                return f"LOTS plans only placements, not {plan.get('type')!r}"
            if piece not in known:
                return f"there is no LOTS piece {piece!r}"
            return problem(piece, plan["cells"])

        return check

    def preview(self, state: LotsState, move: Mapping[str, Any]) -> Preview[LotsState]:
        return preview_by_applying(self, state, move)

    @staticmethod
    def _named(state: LotsState, move: Move) -> Move:
        named = dict(move)
        for key in ("player", "target"):
            if isinstance(named.get(key), int):
                named[key] = state.players[named[key]]
        return named


ENGINE = LotsEngine()
