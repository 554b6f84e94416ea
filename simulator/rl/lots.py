"""LOTS as the environments see it: the actions numbered, their mask, the arrays a seat
sees, and a placement carried out by the simulated hand.

Actions (docs/research.md lists them): ``wait`` (PettingZoo only), ``roll``, ``pass``,
``pick_supply(colour)``, ``give_crew(card)``, ``play_crew(card, target seat or block
colour)``, and the planned drops ``place(colour, col, turns, mirror, cube_col)``: the
bank's block of that colour (none: only a purple cube is put back) with its turned
bounding box's left edge at ``col``, and a purple cube at ``cube_col`` (none: no cube).
A drop is legal when the rules accept the cells it is predicted to land in, exactly the
check the match makes before the hand moves (simulator/games/lots/match.py); turns and
flips that give the same shape are listed once. The hand then carries the piece with
the seat's noise, so it may miss: the rules take what the physics decided.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import numpy as np
from gymnasium import spaces

from rules.chance import Chance
from rules.engine import GameOptions, PlanCheck
from rules.errors import IllegalMove
from rules.footprints import get_footprint
from rules.pieces import Cell, transform_cells
from simulator.bots.dexterity import Dexterity, Jitter, draw, in_model
from simulator.games.lots.bots_candidates import careful_nudge
from simulator.games.lots.bots_grid import orientations
from simulator.games.lots.bots_risk import noisy
from simulator.games.lots.landing import landing, occupied
from simulator.games.lots.match import LotsMatch
from simulator.games.lots.placement import Placement
from simulator.games.registry import GAMES
from simulator.physics.profile import PhysicsProfile
from simulator.rl.adapter import (
    WAIT,
    Catalogue,
    Entry,
    clipped,
    engine_of,
    mask_space,
    one_hot,
    scenario_match,
    unit_box,
)
from simulator.rl.errors import InvalidAction

# Rows of the footprint grid a seat sees (60 cm at 2.5 cm a cell); cells above are left
# out of the grid but every piece's pose is still in "pieces".
ROWS = 24
MAX_SEATS = 4
# Poses are given in units of this many cm from the footprint's centre and base.
POSE_SCALE = 80.0
# Crew effects whose card names a target seat, or a removed block (by colour).
TARGETED = ("setback", "steal_card")
SALVAGE = "salvage"
SEAT_FEATURES = 11
# How the hand aims a planned drop: "careful", as a careful player (and the bots) do, at
# the gap the real bodies leave (simulator/games/lots/bots_candidates.careful_nudge);
# "grid": at the column's grid position exactly.
AIMS = ("careful", "grid")
# Hand model 2: the seat's hand moves at its own pace (a hurry of 1); a bot seated here
# rehearses at the same pace.
HAND_PACE = 1.0
PIECE_FEATURES = 6


class LotsAdapter:
    """LOTS for ``players`` (1: solo, Jack of All Trades; 2-4: competitive) on
    ``footprint``, each seat placing with its own hand."""

    def __init__(
        self,
        players: tuple[str, ...],
        footprint: str,
        hands: list[Dexterity],
        profile: PhysicsProfile,
        *,
        waiting: bool,
        aim: str = "careful",
    ) -> None:
        if aim not in AIMS:
            raise ValueError(f"aim must be one of {', '.join(AIMS)}, not {aim!r}")
        self.aim = aim
        self.players = players
        self.footprint = footprint
        self.hands = hands
        self.profile = profile
        self.engine = engine_of("lots")
        # the first state refuses bad options (ValueError) here
        first = self.engine.new_game(GameOptions(players, settings={"footprint": footprint}))
        self.width = get_footprint(footprint).width
        content = self.engine.content()
        self.colours = tuple(content["colours"])
        self.phases = tuple(content["phases"])
        described = content["pieces"]
        self.cards = tuple(p for p, about in described.items() if about["kind"] == "crew")
        self._effect = {card: described[card]["effect"] for card in self.cards}
        self._colour = {p: about["colour"] for p, about in described.items() if "colour" in about}
        self._cubes = frozenset(p for p, about in described.items() if about["kind"] == "cube")
        self._cells: dict[str, frozenset[Cell]] = {
            p: frozenset((r, c) for r, c in about["cells"])
            for p, about in described.items()
            if "cells" in about
        }
        self.catalogue = Catalogue(self._entries(waiting))
        where = self.engine.inventory(first)
        self.pieces = sorted(p for found in where.values() for p in found if p in self._colour)
        self._slot = {piece: i for i, piece in enumerate(self.pieces)}
        self._pile_size = max(self.engine.describe(first)["supply"].values()) or 1
        n = len(self.catalogue)
        self.observation_space = spaces.Dict(
            {
                "grid": unit_box((ROWS, self.width)),
                "pieces": unit_box((len(self.pieces), PIECE_FEATURES)),
                "public": unit_box((self.public_size,)),
                "private": unit_box((len(self.cards),), 0.0, 1.0),
                "action_mask": mask_space(n),
            }
        )

    # -- the catalogue ----------------------------------------------------------------

    def _entries(self, waiting: bool) -> list[Entry]:
        out: list[Entry] = [WAIT] if waiting else []
        out += [("roll",), ("pass",)]
        out += [("pick_supply", c) for c in self.colours]
        out += [("give_crew", card) for card in self.cards]
        for card in self.cards:
            effect = self._effect[card]
            if effect in TARGETED:
                out += [("play_crew", card, seat) for seat in range(len(self.players))]
            elif effect == SALVAGE:
                out += [("play_crew", card, colour) for colour in self.colours]
            else:
                out.append(("play_crew", card, None))
        cubes = [None, *range(self.width)]
        for colour in self.colours:
            for turns in range(4):
                for mirror in (False, True):
                    for col in range(self.width):
                        out += [("place", colour, col, turns, mirror, c) for c in cubes]
        out += [("place", None, 0, 0, False, c) for c in range(self.width)]
        return out

    @cached_property
    def public_size(self) -> int:
        return MAX_SEATS * SEAT_FEATURES + len(self.phases) + 3 * len(self.colours) + 1 + 5

    # -- the game ---------------------------------------------------------------------

    def new_match(self, seed: int) -> LotsMatch:
        setup = {"players": list(self.players), "footprint": self.footprint}
        match = scenario_match("lots", setup, seed, self.profile)
        assert isinstance(match, LotsMatch)
        return match

    def to_act(self, match: LotsMatch) -> list[int]:
        return [self.players.index(name) for name in self.engine.to_act(match.state)]

    def scores(self, match: LotsMatch) -> list[float]:
        scores = self.engine.scores(match.state)
        return [float(scores[name]) for name in self.players]

    def legal(self, match: LotsMatch, seat: int) -> np.ndarray:
        if seat not in self.to_act(match):
            return self.catalogue.mask([])
        moves = self.engine.legal_moves(match.state)
        entries = [self._entry_of(move) for move in moves if move["type"] != "place"]
        drops = [move for move in moves if move["type"] == "place"]
        if drops:
            entries += self._drops(match, drops)
        return self.catalogue.mask(entries)

    def _entry_of(self, move: dict[str, Any]) -> Entry:
        kind = move["type"]
        if kind == "pick_supply":
            return (kind, move["colour"])
        if kind == "give_crew":
            return (kind, move["card"])
        if kind == "play_crew":
            if "target" in move:  # the catalogue numbers seats; the engine names them
                return (kind, move["card"], self.players.index(move["target"]))
            if "piece" in move:
                return (kind, move["card"], self._colour[move["piece"]])
            return (kind, move["card"], None)
        return (kind,)

    def _drops(self, match: LotsMatch, choices: list[dict[str, Any]]) -> list[Entry]:
        """Every planned drop of the physical ``choices`` the match's own pre-check
        accepts now."""
        state = match.state
        filled = occupied(self.engine.describe(state))
        out: list[Entry] = []
        seen: set[tuple[str | None, bool]] = set()
        judge = self.engine.plan_check(state)  # the match's pre-check, reading the state once
        for choice in choices:
            block, cube = choice["block"], choice["cube"]
            key = (self._colour[block] if block else None, cube is not None)
            if key in seen:  # two blocks of one colour are the same block
                continue
            seen.add(key)
            if block is None:
                assert cube is not None
                out += [
                    ("place", None, 0, 0, False, col)
                    for col in self._cube_cols(judge, cube, filled)
                ]
                continue
            # Each shape once (turns and flips that give the same one: the first), dropped
            # onto the rules' cells as the match's own pre-check drops it.
            for turns, mirror, shape in orientations(self._colour[block]):
                span = max(c for _, c in shape) + 1
                for col in range(self.width - span + 1):
                    cells = landing(shape, col, filled, self.width)
                    if judge({"type": "place", "piece": block, "cells": cells}):
                        continue
                    head = ("place", key[0], col, turns, mirror)
                    if cube is None:
                        out.append((*head, None))
                    else:
                        after = filled | cells
                        out += [(*head, c) for c in self._cube_cols(judge, cube, after)]
        return out

    def _cube_cols(self, judge: PlanCheck, cube: str, filled: set) -> list[int]:
        shape = transform_cells(self._cells[cube], 0, False)
        return [
            col
            for col in range(self.width)
            if not judge(
                {"type": "place", "piece": cube, "cells": landing(shape, col, filled, self.width)}
            )
        ]

    def perform(self, match: LotsMatch, seat: int, index: int, hand: Chance) -> None:
        entry = self.catalogue.entries[index]
        kind = entry[0]
        try:
            if kind == "place":
                match.place(self._placement(match, entry, self.hands[seat], hand))
            else:
                match.perform(self._move(match, seat, entry))
        except IllegalMove as exc:
            raise InvalidAction(
                f"{self.players[seat]}: {self.catalogue.describe(index)} was refused: {exc}"
            ) from None

    def _move(self, match: LotsMatch, seat: int, entry: Entry) -> dict[str, Any]:
        kind = entry[0]
        move: dict[str, Any] = {"type": kind, "player": self.players[seat]}
        if kind == "pick_supply":
            move["colour"] = entry[1]
        elif kind == "give_crew":
            move["card"] = entry[1]
        elif kind == "play_crew":
            move["card"] = entry[1]
            argument = entry[2]
            if isinstance(argument, int):
                move["target"] = self.players[argument]
            elif isinstance(argument, str):  # a removed block of that colour the card may take
                taken = (
                    m["piece"]
                    for m in self.engine.legal_moves(match.state)
                    if m.get("card") == entry[1]
                    and self._colour.get(m.get("piece", "")) == argument
                )
                piece = next(taken, None)
                if piece is not None:  # none: the rules refuse the move without one
                    move["piece"] = piece
        return move

    def _placement(self, match: LotsMatch, entry: Entry, dexterity: Dexterity, hand: Chance):
        _, colour, col, turns, mirror, cube_col = entry
        choices = [(c["block"], c["cube"]) for c in self.engine.physical_choices(match.state)]
        block = next((b for b, _ in choices if b and self._colour[b] == colour), None)
        cube = next((c for _, c in choices if c), None) if cube_col is not None else None
        if block is None:
            planned = Placement(block=None, col=int(cube_col), cube=cube, feel=dexterity.feel)
        else:
            nudge = 0.0
            if self.aim == "careful":
                nudge = careful_nudge(match, dexterity, block, int(col), int(turns), bool(mirror))
            planned = Placement(
                block=block,
                col=int(col),
                turns=int(turns),
                mirror=bool(mirror),
                cube=cube,
                cube_col=None if cube_col is None else int(cube_col),
                nudge=nudge,
                feel=dexterity.feel,
            )
        return noisy(planned, _drawn(match, planned, dexterity, hand))

    def entry_of_placement(self, placement: Placement) -> Entry:
        """The catalogue entry of a planned placement (a bot's, say); its noise is the
        environment's to add."""
        block = placement.block
        colour = self._colour[block] if block else None
        if block is None or colour is None:
            return ("place", None, 0, 0, False, placement.col)
        cube_col = None
        if placement.cube is not None:
            cube_col = placement.col if placement.cube_col is None else placement.cube_col
        # The first turn and flip giving the same shape: the one the mask allows.
        shape = transform_cells(self._cells[block], placement.turns, placement.mirror)
        turns, mirror = next((t, m) for t, m, s in orientations(colour) if s == shape)
        return ("place", colour, placement.col, turns, mirror, cube_col)

    def make_bot(self, level: str, seed: int, seat: int) -> Any:
        """The shipped LOTS bot at ``level`` (its ``decide(match)``), with seat's hand."""
        computers = GAMES.get("lots").load("computer")  # computer_seat.Computers
        player = computers.player(level, seed, self.players[seat], self.hands[seat])
        if hasattr(player, "aim_hand"):  # it rehearses as the hand here moves and aims
            player.hurry, player.aim_hand = HAND_PACE, self.hands[seat]
        return player

    def bot_entry(self, match: LotsMatch, decision: tuple[str, Any]) -> Entry:
        """The catalogue entry of a bot's decision: a move, or a placement whose noise
        the environment adds."""
        kind, what = decision
        return self.entry_of_placement(what) if kind == "place" else self._entry_of(what)

    # -- what a seat sees ---------------------------------------------------------------

    def observe(self, match: LotsMatch, seat: int) -> dict[str, np.ndarray]:
        state = match.state
        described = self.engine.describe(state)
        # the seat's own crew hand: the engine's inventory holds it under their name
        hand = self.engine.inventory(state)[self.players[seat]]
        return {
            "grid": self._grid(described),
            "pieces": self._pieces(match),
            "public": self._public(described, seat),
            "private": np.asarray([1.0 if c in hand else 0.0 for c in self.cards], np.float32),
        }

    def _code(self, piece: str) -> float:
        colour = self._colour[piece]
        index = len(self.colours) if piece in self._cubes else self.colours.index(colour)
        return (index + 1) / (len(self.colours) + 1)

    def _grid(self, described: dict[str, Any]) -> np.ndarray:
        grid = np.zeros((ROWS, self.width), dtype=np.float32)
        for row, col in get_footprint(described["footprint"]).ground_cells():
            if row < ROWS:
                grid[row, col] = -1.0
        for piece, cells in described["tower"].items():
            code = self._code(piece)
            for row, col in cells:
                if 0 <= row < ROWS and 0 <= col < self.width:
                    grid[row, col] = code
        return grid

    def _pieces(self, match: LotsMatch) -> np.ndarray:
        out = np.zeros((len(self.pieces), PIECE_FEATURES), dtype=np.float32)
        world, lot = match.world, match.lot
        centre = (lot.left + lot.right) / 2
        base = lot.grid.origin[1]
        for piece, slot in self._slot.items():
            out[slot, 1] = self._code(piece)
            if piece in world:
                pose = world.entry(piece).pose
                out[slot, 0] = 1.0
                out[slot, 2] = (pose.x - centre) / POSE_SCALE
                out[slot, 3] = (pose.y - base) / POSE_SCALE
                out[slot, 4] = np.cos(pose.angle)
                out[slot, 5] = np.sin(pose.angle)
        return clipped(out)

    def _public(self, described: dict[str, Any], seat: int) -> np.ndarray:
        n = len(self.players)
        target = described["target"]
        acting = described["to_act"]
        values: list[float] = []
        for k in range(MAX_SEATS):
            if k >= n:
                values += [0.0] * SEAT_FEATURES
                continue
            name = self.players[(seat + k) % n]
            other = described["players"][name]
            bank = [self._colour[b] for b in other["bank"]]
            values += [1.0, other["score"] / max(target, 1)]
            values += [bank.count(c) / 4 for c in self.colours]
            values += [len(other["cubes"]) / 4, other["crew"] / 4]
            values += [float(name in acting), float(described["current"] == name)]
        phase = described["phase"]
        values += one_hot(len(self.phases), self.phases.index(phase))
        values += [described["supply"].get(c, 0) / self._pile_size for c in self.colours]
        marker = described["marker"]
        values += one_hot(len(self.colours), self.colours.index(marker) if marker else None)
        values += [len(described["removed"]) / len(self.pieces)]
        last = self._colour[described["last_block"]] if described["last_block"] else None
        values += one_hot(len(self.colours), self.colours.index(last) if last else None)
        values += [
            min(described["turn"] / 100, 1.0),
            len(described["track_cubes"]) / 8,
            target / 50,
            float(described["mode"] == "solo"),
            float(last is not None),
        ]
        return clipped(values)


def _drawn(match: LotsMatch, planned: Placement, dexterity: Dexterity, hand: Chance) -> Jitter:
    """The seat's hand's noise for ``planned`` as the match's hand model draws it (model
    2: at the placement's reach, at the hand's own pace)."""
    try:
        reach: tuple[float, float] | None = match.reach(planned)
    except IllegalMove:  # the rules will refuse it anyway: any reach will do
        reach = None
    return draw(in_model(dexterity, match.profile.hand_model), hand, reach, HAND_PACE)
