"""LOTS: Filled In as the environments see it: the actions numbered, their mask, the
arrays a seat sees, and a placement chosen in steps.

Filled In is a roll-and-write game: nothing is simulated, a placement is ink on a tower
sheet, so there is no hand (no dexterity profile, no hand noise) and no physics profile.

Actions (docs/research.md lists them): ``wait`` (PettingZoo only), ``roll``,
``draft(die)`` (a position in the roll), and a placement in steps:

1. ``craft(shape, colour, crew, swap)``: the block the two drafted dice make, with the
   seat's crew card played (``crew``) and, for the Scavenger, which die (0, 1) is
   swapped for the leftover one (``swap``, else none);
2. ``draw(shape, turn, row, col)``: where the block goes: ``turn`` indexes the shape's
   distinct turns and flips (rules.filled_in.shapes.orientations) and (row, col) is
   the sheet box of the drawing's lowest row and leftmost column;
3. ``purple(row, col)``: a purple space, as many as the rules allow this turn;
4. ``done``: the placement is handed to the rules as one ``place`` move.

The rules' ``place`` move is one decision with up to two purple spaces anywhere, too
many to number (2,394 drawings x 100 crafts x some 16,000 purple choices: about four
billion), so it is chosen in these steps, kept by the match (``FilledInTable.drawings``)
and given to the rules only when complete. Each step's mask holds exactly the choices
that some legal ``place`` move continues (the engine's ``placing(state, player)``,
rules/filled_in/steps.py, works them out): every move the rules accept is one sequence
of masked-in actions and every such sequence ends in a move they accept, a block that
only a purple space makes touch included (the rules let a block lean on the turn's
purple space). As soon as nothing can be added, the placement is drawn without asking
for ``done``.

The place phase is simultaneous at the table, so the seats the rules wait for all act in
each PettingZoo cycle, and what a seat sees of the others there is their sheets (and
what goes with them: scores, tools, levels, dice, crew cards) as the round's placing
began. The rewards and ``info["scores"]`` are the rules' scores at each step, which a
rival's new colour area can already move.

Hidden information: each seat's crew card, until it is played (the rules then reveal it),
and its placement in progress.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
from gymnasium import spaces

from rules.chance import Chance
from rules.engine import Outcome
from rules.errors import IllegalMove
from rules.filled_in.config import rules_config
from rules.filled_in.crew import crew_cards
from rules.filled_in.dice import Face, dice_count
from rules.filled_in.engine import ENGINE
from rules.filled_in.moves import drafter, roller
from rules.filled_in.options import FilledInOptions
from rules.filled_in.scoring import totals
from rules.filled_in.shapes import orientations
from rules.filled_in.sheets import SheetSpec, get_sheet, tower_sheets
from rules.filled_in.state import DRAFT, ENDED, PHASES, PLACE, REMOTE, ROLL, GameState
from rules.filled_in.steps import Placing
from rules.filled_in.turns import to_move
from rules.pieces import Cell, normalise
from simulator.games.filled_in.match import FilledInMatch
from simulator.rl.adapter import WAIT, Catalogue, Entry, clipped, mask_space, one_hot, unit_box
from simulator.rl.errors import InvalidAction

MAX_SEATS = 4
MEMOS = 4  # states whose scores, masks and arrays are kept (see _memo_of)
# Scores and rounds are brought into [-1, 1] by these (a 4-player game scores ~20-40).
SCORE_SCALE = 60.0
ROUND_SCALE = 30.0
# Channels of each sheet in "sheets": the ink, the tool boxes' asked colour, the tool
# boxes' numbers, the level of each box.
SHEET_CHANNELS = 4
FACE_FEATURES = 11  # shape one-hot, colour one-hot, wild
STAGES = ("craft", "draw", "purple")  # what a seat's placement in progress waits for
NO_SWAP = None
Craft = tuple[str, str, bool, int | None]


@cache
def sheet_grid() -> tuple[int, int]:
    """(rows, cols) of the grid every sheet is read into: the tallest and widest sheet."""
    sheets = tower_sheets().values()
    return max(s.height for s in sheets), max(s.width for s in sheets)


@dataclass(frozen=True)
class Drawing:
    """A seat's placement in progress: what it crafted, where it drew the block, and the
    purple spaces it added (in order)."""

    craft: Craft | None = None
    cells: tuple[Cell, ...] | None = None
    purples: tuple[Cell, ...] = ()

    @property
    def stage(self) -> str:
        if self.craft is None:
            return "craft"
        return "draw" if self.cells is None else "purple"


NOTHING = Drawing()


class FilledInTable(FilledInMatch):
    """A Filled In match as the environment plays it: the rules' match (its log and
    state are the match's, so scenario files and hashes are the game's own), each seat's
    placement in progress, and the state as the round's placing began (what a seat sees
    of the others while they draw)."""

    def _reset(self) -> None:
        super()._reset()
        self.drawings: list[Drawing] = [NOTHING] * len(self.options.players)
        self.placing_began: GameState | None = None
        self._outcome: tuple[GameState, Outcome] | None = None

    def outcome(self) -> Outcome:
        """The rules engine's outcome, once per state (the environments ask every step,
        and the registry's look-up of the engine costs more than the answer)."""
        if self._outcome is None or self._outcome[0] is not self._state:
            self._outcome = (self._state, ENGINE.outcome(self._state))
        return self._outcome[1]

    def _perform(self, action: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        before = self._state.phase
        out = super()._perform(action)
        if before == DRAFT and self._state.phase == PLACE:
            self.placing_began = self._state
        return out


class FilledInAdapter:
    """LOTS: Filled In for ``players`` (2-4 names, clockwise) on ``sheet`` (one number
    for everybody, or one per seat), ``variant`` "standard" or "remote" (the first seat
    hosts)."""

    def __init__(
        self,
        players: tuple[str, ...],
        *,
        sheet: int | Sequence[int] = 1,
        variant: str = "standard",
        waiting: bool,
    ) -> None:
        self.players = tuple(players)
        self.sheet = sheet if isinstance(sheet, int) else tuple(sheet)
        self.variant = variant
        try:
            self._options(0).new_game()
        except KeyError as exc:  # an unknown sheet
            raise ValueError(str(exc.args[0])) from None
        cfg = rules_config()
        self.rows, self.cols = sheet_grid()
        self.shapes = cfg.shape_letters
        self.colours = cfg.colours
        self.cards = tuple(crew_cards())
        self.max_dice = dice_count(max(cfg.players))
        self.max_levels = max(len(s.levels) for s in tower_sheets().values())
        self.tools = max(len(s.tools) for s in tower_sheets().values())
        self.catalogue = Catalogue(self._entries(waiting))
        sheets = [self.sheet] * len(players) if isinstance(self.sheet, int) else self.sheet
        # each sheet's drawings: the cells of a draw action, and the action of cells
        self._draw_cells = {n: self._drawings_of(get_sheet(n)) for n in set(sheets)}
        self._draw_index = {
            n: {cells: index for index, cells in by_index.items()}
            for n, by_index in self._draw_cells.items()
        }
        self._layout = {n: self._layout_of(get_sheet(n)) for n in set(sheets)}
        self._code = {c: (i + 1) / (len(self.colours) + 1) for i, c in enumerate(self.colours)}
        self._code[cfg.purple] = 1.0
        self._memos: list[tuple[GameState, dict[Any, Any]]] = []
        self._faces: dict[Face | None, list[float]] = {}
        self.observation_space = spaces.Dict(
            {
                "sheets": unit_box((MAX_SEATS, SHEET_CHANNELS, self.rows, self.cols)),
                "drawing": unit_box((self.rows, self.cols), 0.0, 1.0),
                "public": unit_box((self.public_size,)),
                "private": unit_box((self.private_size,), 0.0, 1.0),
                "action_mask": mask_space(len(self.catalogue)),
            }
        )

    def _options(self, seed: int) -> FilledInOptions:
        return FilledInOptions(
            players=self.players, sheet=self.sheet, variant=self.variant, seed=seed
        )

    # -- the catalogue ----------------------------------------------------------------

    def _entries(self, waiting: bool) -> list[Entry]:
        out: list[Entry] = [WAIT] if waiting else []
        out.append(("roll",))
        out += [("draft", pos) for pos in range(self.max_dice)]
        for shape in self.shapes:
            for colour in self.colours:
                out.append(("craft", shape, colour, False, NO_SWAP))
                out += [("craft", shape, colour, True, swap) for swap in (NO_SWAP, 0, 1)]
        for shape in self.shapes:
            for turn in range(len(orientations(shape))):
                for row in range(self.rows):
                    out += [("draw", shape, turn, row, col) for col in range(self.cols)]
        out += [("purple", row, col) for row in range(self.rows) for col in range(self.cols)]
        out.append(("done",))
        return out

    def _drawings_of(self, spec: SheetSpec) -> dict[int, tuple[Cell, ...]]:
        """Every drawing of every shape inside the sheet's boxes: its draw action's
        number and its cells, sorted as the rules store a block."""
        out: dict[int, tuple[Cell, ...]] = {}
        for shape in self.shapes:
            for turn, base in enumerate(orientations(shape)):
                for row in range(spec.height):
                    for col in range(spec.width):
                        cells = tuple(sorted((r + row, c + col) for r, c in base))
                        if all(cell in spec.boxes for cell in cells):
                            out[self.catalogue.index(("draw", shape, turn, row, col))] = cells
        return out

    @property
    def public_size(self) -> int:
        return MAX_SEATS * self.seat_features + self.game_features

    @property
    def seat_features(self) -> int:
        # present, score, crane, crew used, crew card shown, stuck, placed, to move,
        # start player, roller, drafter, two dice, tools, levels, triangles or marks
        return 4 + len(self.cards) + 6 + 2 * FACE_FEATURES + self.tools + 2 * self.max_levels

    @property
    def game_features(self) -> int:
        # phase, round, remote, each die (in play, face, taken, leftover), draft, levels
        return len(PHASES) + 2 + self.max_dice * (3 + FACE_FEATURES) + 1 + self.max_levels

    @property
    def private_size(self) -> int:
        # crew card, stage, crafted shape, colour, crew played, swap, purples, room
        return len(self.cards) + len(STAGES) + len(self.shapes) + len(self.colours) + 1 + 2 + 2

    # -- the game ---------------------------------------------------------------------

    def new_match(self, seed: int) -> FilledInTable:
        return FilledInTable(self._options(seed))

    def to_act(self, match: FilledInTable) -> list[int]:
        return [self.players.index(name) for name in to_move(match.state)]

    def scores(self, match: FilledInTable) -> list[float]:
        scores = self._scores_of(match.state)
        return [float(scores[name]) for name in self.players]

    def _scores_of(self, state: GameState) -> dict[str, int]:
        memo = self._memo_of(state)
        if "totals" not in memo:
            memo["totals"] = totals(state)
        return memo["totals"]

    def _memo_of(self, state: GameState) -> dict[Any, Any]:
        """What has been worked out about ``state`` (scores, masks, arrays): a state is
        never changed, every move makes a new one. The last few are kept: the state
        now, the one the round's placing began with (the others' sheets then), and
        the one before."""
        for known, memo in self._memos:
            if known is state:
                return memo
        memo = {}
        self._memos = [*self._memos[-(MEMOS - 1) :], (state, memo)]
        return memo

    # -- the mask -----------------------------------------------------------------------

    def legal(self, match: FilledInTable, seat: int) -> np.ndarray:
        state = match.state
        memo = self._memo_of(state)
        drawing = match.drawings[seat]
        key = ("mask", seat, drawing)
        if key not in memo:
            memo[key] = self.catalogue.mask(self._legal_entries(state, seat, drawing))
        return memo[key].copy()

    def _legal_entries(self, state: GameState, seat: int, drawing: Drawing) -> list[Entry]:
        name = self.players[seat]
        if name not in to_move(state):
            return []
        if state.phase == ROLL:
            return [("roll",)]
        if state.phase == DRAFT:
            taken = {pos for p in state.players for pos in p.hand}
            return [("draft", pos) for pos in range(len(state.dice)) if pos not in taken]
        placing = self._placing(state, seat)
        if drawing.craft is None:
            return [("craft", *craft) for craft in placing.crafts()]
        if drawing.cells is None:
            index = self._draw_index[placing.sheet]
            spots = placing.draws(drawing.craft)
            return [self.catalogue.entries[index[spot.cells]] for spot in spots]
        cells = placing.purples(drawing.craft, drawing.cells, drawing.purples)
        out: list[Entry] = [("purple", *cell) for cell in cells]
        if placing.complete(drawing.craft, drawing.cells, drawing.purples):
            out.append(("done",))
        return out

    def _placing(self, state: GameState, seat: int) -> Placing:
        """Seat ``seat``'s placement in steps in ``state``, read once a state."""
        memo = self._memo_of(state)
        key = ("placing", seat)
        if key not in memo:
            memo[key] = ENGINE.placing(state, self.players[seat])
        return memo[key]

    # -- carrying out -------------------------------------------------------------------

    def perform(self, match: FilledInTable, seat: int, index: int, hand: Chance) -> None:
        """Carry out action ``index`` (``hand`` is unused: nothing is simulated)."""
        entry = self.catalogue.entries[index]
        kind, name = entry[0], self.players[seat]
        drawing = match.drawings[seat]
        if kind == "roll":
            self._commit(match, seat, {"type": "roll", "player": name}, index)
        elif kind == "draft":
            self._commit(match, seat, {"type": "draft", "player": name, "die": entry[1]}, index)
        elif kind == "craft":
            _, shape, colour, crew, swap = entry
            match.drawings[seat] = Drawing(craft=(str(shape), str(colour), bool(crew), swap))
        elif kind == "draw":
            cells = self._draw_cells[match.state.players[seat].tower.sheet][index]
            self._advance(match, seat, Drawing(drawing.craft, cells), index)
        elif kind == "purple":
            purples = (*drawing.purples, (entry[1], entry[2]))
            self._advance(match, seat, Drawing(drawing.craft, drawing.cells, purples), index)
        elif kind == "done":
            self._commit(match, seat, self._move(match, seat, drawing), index)

    def _advance(self, match: FilledInTable, seat: int, drawing: Drawing, index: int) -> None:
        """Keep the placement, or draw it when nothing more can be added."""
        placing = self._placing(match.state, seat)
        assert drawing.craft is not None and drawing.cells is not None
        steps = (drawing.craft, drawing.cells, drawing.purples)
        if placing.complete(*steps) and not placing.purples(*steps):
            self._commit(match, seat, self._move(match, seat, drawing), index)
        else:
            match.drawings[seat] = drawing

    def _move(self, match: FilledInTable, seat: int, drawing: Drawing) -> dict[str, Any]:
        assert drawing.craft is not None and drawing.cells is not None
        placing = self._placing(match.state, seat)
        return placing.move(drawing.craft, drawing.cells, drawing.purples)

    def _commit(self, match: FilledInTable, seat: int, move: dict[str, Any], index: int) -> None:
        try:
            match.perform(move)
        except IllegalMove as exc:
            raise InvalidAction(
                f"{self.players[seat]}: {self.catalogue.describe(index)} was refused: {exc}"
            ) from None
        match.drawings[seat] = NOTHING

    def entries_of_move(self, move: dict[str, Any]) -> list[Entry]:
        """The actions that make a rules move (a bot's, say): one for a roll or a draft;
        craft, draw, each purple space and done for a placement (the environment draws
        it without ``done`` when nothing more could be added)."""
        kind = move["type"]
        if kind == "roll":
            return [("roll",)]
        if kind == "draft":
            return [("draft", int(move["die"]))]
        shape = move["shape"]
        cells = [tuple(c) for c in move["cells"]]
        turn = orientations(shape).index(normalise(cells))
        row, col = min(r for r, _ in cells), min(c for _, c in cells)
        out: list[Entry] = [
            ("craft", shape, move["colour"], bool(move.get("crew", False)), move.get("swap")),
            ("draw", shape, turn, row, col),
        ]
        out += [("purple", int(r), int(c)) for r, c in move.get("purples", [])]
        return [*out, ("done",)]

    # -- what a seat sees ---------------------------------------------------------------

    def observe(self, match: FilledInTable, seat: int) -> dict[str, np.ndarray]:
        memo = self._memo_of(match.state)
        key = ("seen-by", seat)
        if key not in memo:
            order = self._order(seat)
            views = [self._view(match, seat, other) for other in order]
            sheets = np.zeros((MAX_SEATS, SHEET_CHANNELS, self.rows, self.cols), np.float32)
            public = np.zeros(self.public_size, dtype=np.float32)
            width = self.seat_features
            for k, (view, other) in enumerate(zip(views, order, strict=True)):
                sheets[k] = self._sheet(view, other)
                public[k * width : (k + 1) * width] = self._seat(view, other, seat)
            public[MAX_SEATS * width :] = self._game(self._view(match, seat, -1))
            memo[key] = (sheets, public)
        sheets, public = memo[key]
        drawing = match.drawings[seat]
        return {
            "sheets": sheets.copy(),
            "drawing": self._drawing(drawing),
            "public": public.copy(),
            "private": self._private(match.state, seat, drawing),
        }

    def _view(self, match: FilledInTable, seat: int, other: int) -> GameState:
        """The state ``seat`` reads ``other`` (-1: the dice) from: while the round's
        blocks are being drawn, the others' sheets as the placing began."""
        state = match.state
        if other != seat and state.phase == PLACE and match.placing_began is not None:
            return match.placing_began
        return state

    def _order(self, seat: int) -> list[int]:
        n = len(self.players)
        return [(seat + k) % n for k in range(n)]

    def _layout_of(self, spec: SheetSpec) -> np.ndarray:
        """The printed sheet: boxes (0) and outside (-1), tools, levels."""
        out = np.zeros((SHEET_CHANNELS, self.rows, self.cols), dtype=np.float32)
        out[0] = -1.0
        for row, col in spec.boxes:
            out[0, row, col] = 0.0
            out[3, row, col] = spec.level_of((row, col)) / self.max_levels
        for (row, col), number, colour in spec.tools:
            out[1, row, col] = (self.colours.index(colour) + 1) / (len(self.colours) + 1)
            out[2, row, col] = number / self.tools
        return out

    def _sheet(self, view: GameState, other: int) -> np.ndarray:
        """Seat ``other``'s sheet in ``view``: the printed sheet with its ink."""
        memo = self._memo_of(view)
        key = ("sheet", other)
        if key not in memo:
            tower = view.players[other].tower
            out = self._layout[tower.sheet].copy()
            for (row, col), colour in tower.grid().items():
                out[0, row, col] = self._code[colour]
            memo[key] = out
        return memo[key]

    def _drawing(self, drawing: Drawing) -> np.ndarray:
        out = np.zeros((self.rows, self.cols), dtype=np.float32)
        for row, col in drawing.cells or ():
            out[row, col] = 1.0
        for row, col in drawing.purples:
            out[row, col] = 0.5
        return out

    def _face(self, face: Face | None) -> list[float]:
        if face not in self._faces:
            shape = self.shapes.index(face.shape) if face and face.shape else None
            colour = self.colours.index(face.colour) if face and face.colour else None
            wild = float(face is not None and face.wild)
            self._faces[face] = [
                *one_hot(len(self.shapes), shape),
                *one_hot(len(self.colours), colour),
                wild,
            ]
        return self._faces[face]

    def _seat(self, view: GameState, other: int, seat: int) -> np.ndarray:
        """What ``seat`` knows of seat ``other`` in ``view`` (its crew card once played,
        or its own)."""
        memo = self._memo_of(view)
        key = ("seat", other, other == seat)
        if key in memo:
            return memo[key]
        p = view.players[other]
        cfg = rules_config()
        values = [
            1.0,
            self._scores_of(view)[p.name] / SCORE_SCALE,
            p.purples_used / cfg.purple_per_game,
            float(p.crew_used),
        ]
        shown = self.cards.index(p.crew) if p.crew_used or other == seat else None
        values += one_hot(len(self.cards), shown)
        values += [
            float(p.stuck),
            float(p.placed),
            float(p.name in to_move(view)),
            float(other == view.start),
            float(view.phase == ROLL and p.name == roller(view)),
            float(p.name == drafter(view)),
        ]
        hand = [view.face(pos) for pos in p.hand]
        for i in range(2):
            values += self._face(hand[i] if i < len(hand) else None)
        values += [float(n in p.tools_done) for n in range(1, self.tools + 1)]
        colours_max = len(self.colours) + 1
        levels = range(1, self.max_levels + 1)
        values += [p.level_scores.get(lv, 0) / colours_max for lv in levels]
        corners = p.marked if view.variant == REMOTE else p.triangles
        values += [float(lv in corners) for lv in levels]
        memo[key] = clipped(values)
        return memo[key]

    def _game(self, view: GameState) -> np.ndarray:
        """The table: phase, round, variant, the dice, the draft, the levels announced."""
        memo = self._memo_of(view)
        if "game" in memo:
            return memo["game"]
        values = one_hot(len(PHASES), PHASES.index(view.phase))
        values += [min(view.round / ROUND_SCALE, 1.0), float(view.variant == REMOTE)]
        taken = {pos for p in view.players for pos in p.hand}
        for pos in range(self.max_dice):
            if pos >= len(view.dice):
                values += [0.0] * (3 + FACE_FEATURES)
                continue
            rolled = view.faces[pos] is not None
            values += [1.0, *self._face(view.face(pos) if rolled else None)]
            values += [float(pos in taken), float(pos == view.leftover)]
        order = len(view.draft_order)
        values += [view.draft_pos / order if order else 0.0]
        values += [float(lv in view.announced) for lv in range(1, self.max_levels + 1)]
        memo["game"] = clipped(values)
        return memo["game"]

    def _private(self, state: GameState, seat: int, drawing: Drawing) -> np.ndarray:
        player = state.players[seat]
        values = one_hot(len(self.cards), self.cards.index(player.crew))
        values += one_hot(len(STAGES), STAGES.index(drawing.stage))
        if state.phase == ENDED or drawing.craft is None:
            values += [0.0] * (len(self.shapes) + len(self.colours) + 5)
            return np.asarray(values, dtype=np.float32)
        shape, colour, crew, swap = drawing.craft
        _, _, room = self._placing(state, seat).terms(drawing.craft)
        values += one_hot(len(self.shapes), self.shapes.index(shape))
        values += one_hot(len(self.colours), self.colours.index(colour))
        values += [float(crew), *one_hot(2, swap)]
        values += [len(drawing.purples) / 2, (room - len(drawing.purples)) / 2]
        return np.asarray(values, dtype=np.float32)
