"""LOTS: Filled In behind the engine contract (rules/engine.py), delegating to
rules.filled_in. The engine's mode is the rulebook's variant ("standard", "remote")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
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
from rules.filled_in.config import rules_config
from rules.filled_in.crew import crew_cards
from rules.filled_in.dice import all_dice, dice_count
from rules.filled_in.moves import apply_move, drafter, roller
from rules.filled_in.options import FilledInOptions
from rules.filled_in.playout import random_move
from rules.filled_in.scoring import largest_areas, ranking_winners, score_breakdowns, totals
from rules.filled_in.shapes import orientations
from rules.filled_in.sheets import SheetSpec, tower_sheets
from rules.filled_in.state import PHASES, REMOTE, STANDARD, VARIANTS, GameState
from rules.filled_in.steps import Placing
from rules.filled_in.tower import PURPLE_PIECE
from rules.filled_in.turns import is_over, legal_moves, to_move
from rules.pieces import Cell
from rules.serial import digest_of, unwrap, wrap

KIND = "filled-in"
_CHANCE_KEY = "chance"


@cache  # read from the assets once, when first asked
def parameters() -> tuple[Parameter, ...]:
    sheets = tower_sheets()
    return (
        Parameter(
            "sheet",
            int,
            1,
            "the tower sheet everybody draws on",
            choices=tuple(sorted(sheets)),
            shape="one or list",
            menu=True,
        ),
        Parameter("start_player", str, None, "who starts (default: drawn by chance)"),
        Parameter("host", str, None, "who rolls for everybody", modes=(REMOTE,)),
        Parameter(
            "crew",
            str,
            None,
            "one different crew card for each player (default: dealt by chance)",
            choices=tuple(crew_cards()),
            shape="list",
        ),
    )


def filled_in_options(options: GameOptions, seed: int | None = None) -> FilledInOptions:
    """The Filled In options for ``options``."""
    options = options.with_seed(seed)
    options.check_settings(parameters(), "LOTS: Filled In")
    sheet = options.setting("sheet", 1)
    crew = options.setting("crew")
    return FilledInOptions(
        players=options.players,
        sheet=sheet if isinstance(sheet, int) else tuple(sheet),
        variant=options.mode or STANDARD,
        seed=options.seed,
        start_player=options.setting("start_player"),
        host=options.setting("host"),
        crew=None if crew is None else tuple(crew),
    )


class FilledInEngine:
    kind = KIND
    modes = VARIANTS
    # any placement may: purple spaces cost crane points, and a colour's area points
    # go to whoever has its largest area, so a rival's bigger area takes them away
    score_lowering = frozenset({"place"})

    @property
    def parameters(self) -> tuple[Parameter, ...]:
        return parameters()

    def player_counts(self, mode: str) -> tuple[int, ...]:
        return tuple(rules_config().players)

    def new_game(self, options: GameOptions, seed: int | None = None) -> GameState:
        try:
            return filled_in_options(options, seed).new_game()
        except KeyError as exc:  # an unknown sheet: one error type for bad options
            raise ValueError(str(exc.args[0])) from None

    def to_act(self, state: GameState) -> list[str]:
        return to_move(state)

    def legal_moves(self, state: GameState) -> list[Move]:
        return legal_moves(state)

    def apply(self, state: GameState, move: Mapping[str, Any]) -> GameState:
        return apply_move(state, dict(move))

    def scores(self, state: GameState) -> dict[str, int]:
        return totals(state)

    def outcome(self, state: GameState) -> Outcome:
        if not is_over(state):
            return Outcome(False)
        return Outcome(True, tuple(ranking_winners(state)), state.end_reason)

    def to_dict(self, state: GameState) -> dict[str, Any]:
        return wrap(KIND, state.to_dict(), _CHANCE_KEY)

    def from_dict(self, data: Mapping[str, Any]) -> GameState:
        return GameState.from_dict(unwrap(KIND, data, _CHANCE_KEY))

    def digest(self, state: GameState) -> str:
        return digest_of(state.to_dict())

    def clone(self, state: GameState) -> GameState:
        return state.copy()

    def events(self, state: GameState) -> Sequence[Mapping[str, Any]]:
        return state.events

    def inventory(self, state: GameState) -> dict[str, list[str]]:
        """The dice (by position in play) and the dealt crew cards."""
        held = {pos for p in state.players for pos in p.hand}
        out = {"pool": [f"die-{pos}" for pos in range(len(state.dice)) if pos not in held]}
        for p in state.players:
            out[p.name] = [f"die-{pos}" for pos in p.hand] + [f"crew-{p.crew}"]
        return out

    def content(self) -> Mapping[str, Any]:
        """Dice by position in play (the first dice of the set), each with its faces'
        labels; crew cards as ``crew-<id>``; the tower sheets as printed (``sheets``:
        each one's ``id``, ``name``, size, ``boxes`` as [row, col] with row 0 on the
        foundation, ``levels`` from the lowest, ``tools`` and the ``crane``); the shapes
        the dice craft (``shapes``: the letter, the LOTS piece, every distinct turn and
        flip as cells from (0, 0), in the order the rules number them); the colours, the
        purple spaces (colour, piece, how many a turn and a game allow) and the player
        counts, how many dice each count plays with, every face by its label and the
        phases of a round."""
        cfg = rules_config()
        dice = {
            f"die-{pos}": {"kind": "die", "faces": [face.label for face in die.faces]}
            for pos, die in enumerate(all_dice())
        }
        crew = {
            f"crew-{card.id}": {
                "kind": "crew",
                "name": card.name,
                "effect": card.effect,
                "text": card.text,
            }
            for card in crew_cards().values()
        }
        shapes = [
            {
                "letter": letter,
                "piece": piece,
                "orientations": [_cell_list(cells) for cells in orientations(letter)],
            }
            for letter, piece in cfg.shapes
        ]
        return {
            "pieces": {**dice, **crew},
            "sheets": [_sheet_data(spec) for _, spec in sorted(tower_sheets().items())],
            "shapes": shapes,
            "colours": list(cfg.colours),
            "purple": {
                "colour": cfg.purple,
                "piece": PURPLE_PIECE,
                "per_turn": cfg.purple_per_turn,
                "per_game": cfg.purple_per_game,
            },
            "players": list(cfg.players),
            "dice_in_play": {str(n): dice_count(n) for n in cfg.players},
            "faces": {
                face.label: {"shape": face.shape, "colour": face.colour}
                for die in all_dice()
                for face in die.faces
            },
            "phases": list(PHASES),
        }

    def describe(self, state: GameState) -> dict[str, Any]:
        """Every player's dice, crane and crew card once played (hidden till then), sheet
        and ink (``[row, col, colour]``), tools done and level corners (``triangles``;
        the remote variant's ``marked``); the dice in play with their faces' labels
        (``content()["faces"]`` reads them), the round's start player, roller and
        drafter, and how many of the draft's picks are made. Each player's ``blocks``
        (colour and cells, in the order drawn), ``purple_spaces`` (in the order used: the
        crane is crossed off so), score ``breakdown`` (levels, triangles, tools, colours,
        crane, total) and largest ``areas`` per colour; the game's ``end_reason``."""
        breakdowns = score_breakdowns(state)
        total = {name: b.total for name, b in breakdowns.items()}
        players = {
            p.name: {
                "score": total[p.name],
                "breakdown": breakdowns[p.name].to_dict(),
                "crew": p.crew if p.crew_used else None,
                "crew_used": p.crew_used,
                "hand": list(p.hand),
                "levels": {str(level): points for level, points in p.level_scores.items()},
                "purples": p.purples_used,
                "placed": p.placed,
                "stuck": p.stuck,
                "sheet": p.tower.sheet,
                "ink": [[r, c, colour] for (r, c), colour in sorted(p.tower.grid().items())],
                "tools": sorted(p.tools_done),
                "triangles": sorted(p.triangles),
                "marked": sorted(p.marked),
                "blocks": [
                    {"colour": b.colour, "cells": _cell_list(b.cells)} for b in p.tower.blocks
                ],
                "purple_spaces": [list(space.cell) for space in p.tower.purples],
                "areas": largest_areas(p.tower.grid()),
            }
            for p in state.players
        }
        faces = [None if f is None else state.face(pos).label for pos, f in enumerate(state.faces)]
        return {
            "phase": state.phase,
            "to_act": self.to_act(state),
            "scores": total,
            "players": players,
            "variant": state.variant,
            "host": state.host,
            "round": state.round,
            "dice": list(state.dice),
            "faces": faces,
            "leftover": state.leftover,
            "announced": list(state.announced),
            "start": state.players[state.start].name,
            "roller": roller(state),
            "drafter": drafter(state),
            "draft": {"picks": len(state.draft_order), "made": state.draft_pos},
            "end_reason": state.end_reason,
        }

    def physical_choices(self, state: GameState) -> list[Move]:
        return []  # drawn on paper: no move waits on the physics

    def plan_check(self, state: GameState) -> PlanCheck:
        return lambda plan: "LOTS: Filled In has no physical moves to plan"

    def preview(self, state: GameState, move: Mapping[str, Any]) -> Preview[GameState]:
        return preview_by_applying(self, state, move)

    def placing(self, state: GameState, player: str) -> Placing:
        """Filled In's own query: ``player``'s placement chosen in steps (the block
        crafted, where it is drawn, the purple spaces), each step offering exactly the
        choices some legal ``place`` move continues (rules/filled_in/steps.py)."""
        return Placing(state, player)

    def random_move(self, state: GameState, chance: Chance) -> Move:
        return random_move(state, chance)


def _cell_list(cells: Iterable[Cell]) -> list[list[int]]:
    return [[row, col] for row, col in sorted(cells)]


def _sheet_data(spec: SheetSpec) -> dict[str, Any]:
    return {
        "id": spec.id,
        "name": spec.name,
        "width": spec.width,
        "height": spec.height,
        "boxes": _cell_list(spec.boxes),
        "levels": [_cell_list(level) for level in spec.levels],
        "tools": [
            {"box": list(box), "number": number, "colour": colour}
            for box, number, colour in spec.tools
        ],
        "crane": list(spec.crane),
    }


ENGINE = FilledInEngine()
