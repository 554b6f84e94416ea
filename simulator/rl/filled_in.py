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
   distinct turns and flips (the engine's ``content()["shapes"]``) and (row, col) is
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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

import numpy as np
from gymnasium import spaces

from rules.chance import Chance
from rules.engine import Engine, GameOptions, Outcome
from rules.errors import IllegalMove
from rules.pieces import Cell, normalise
from simulator.games.filled_in.match import FilledInMatch
from simulator.games.registry import GAMES
from simulator.rl.adapter import WAIT, Catalogue, Entry, clipped, mask_space, one_hot, unit_box
from simulator.rl.errors import InvalidAction


class FilledInRules(Engine[Any], Protocol):
    """The Filled In engine: the contract, and its own placement in steps."""

    def placing(self, state: Any, player: str) -> Any: ...


# The environment's one way into the rules; it reads a state only through it (the
# states themselves are handles it passes back).
ENGINE: FilledInRules = GAMES.get("filled-in").load("engine")
CONTENT = ENGINE.content()
PHASES = tuple(CONTENT["phases"])
ROLL, DRAFT, PLACE, ENDED = PHASES
REMOTE = "remote"  # the variant (the engine's mode) where one player rolls for all

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


SHEETS = {sheet["id"]: sheet for sheet in CONTENT["sheets"]}


@cache
def sheet_grid() -> tuple[int, int]:
    """(rows, cols) of the grid every sheet is read into: the tallest and widest sheet."""
    sheets = SHEETS.values()
    return max(s["height"] for s in sheets), max(s["width"] for s in sheets)


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
        self.placing_began: object | None = None
        self._outcome: tuple[object, Outcome] | None = None

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
        ENGINE.new_game(self._options(0))  # refuses bad options (a ValueError) here
        self.rows, self.cols = sheet_grid()
        # every distinct turn and flip of each shape, in the rules' numbering
        self._turns = {
            shape["letter"]: [frozenset(map(tuple, cells)) for cells in shape["orientations"]]
            for shape in CONTENT["shapes"]
        }
        self.shapes = tuple(self._turns)
        self.colours = tuple(CONTENT["colours"])
        pieces = CONTENT["pieces"]
        self.cards = tuple(
            key.removeprefix("crew-") for key in pieces if pieces[key]["kind"] == "crew"
        )
        self.max_dice = max(CONTENT["dice_in_play"].values())
        self.max_levels = max(len(s["levels"]) for s in SHEETS.values())
        self.tools = max(len(s["tools"]) for s in SHEETS.values())
        self._purple = CONTENT["purple"]
        self.catalogue = Catalogue(self._entries(waiting))
        sheets = [self.sheet] * len(players) if isinstance(self.sheet, int) else self.sheet
        # each sheet's drawings: the cells of a draw action, and the action of cells
        self._draw_cells = {n: self._drawings_of(SHEETS[n]) for n in set(sheets)}
        self._draw_index = {
            n: {cells: index for index, cells in by_index.items()}
            for n, by_index in self._draw_cells.items()
        }
        self._layout = {n: self._layout_of(SHEETS[n]) for n in set(sheets)}
        self._code = {c: (i + 1) / (len(self.colours) + 1) for i, c in enumerate(self.colours)}
        self._code[self._purple["colour"]] = 1.0
        self._memos: list[tuple[object, dict[Any, Any]]] = []
        self._faces: dict[str | None, list[float]] = {}  # by the face's label
        self.observation_space = spaces.Dict(
            {
                "sheets": unit_box((MAX_SEATS, SHEET_CHANNELS, self.rows, self.cols)),
                "drawing": unit_box((self.rows, self.cols), 0.0, 1.0),
                "public": unit_box((self.public_size,)),
                "private": unit_box((self.private_size,), 0.0, 1.0),
                "action_mask": mask_space(len(self.catalogue)),
            }
        )

    def _options(self, seed: int) -> GameOptions:
        sheet = self.sheet if isinstance(self.sheet, int) else list(self.sheet)
        return GameOptions(self.players, self.variant, seed, {"sheet": sheet})

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
            for turn in range(len(self._turns[shape])):
                for row in range(self.rows):
                    out += [("draw", shape, turn, row, col) for col in range(self.cols)]
        out += [("purple", row, col) for row in range(self.rows) for col in range(self.cols)]
        out.append(("done",))
        return out

    def _drawings_of(self, sheet: Mapping[str, Any]) -> dict[int, tuple[Cell, ...]]:
        """Every drawing of every shape inside the sheet's boxes: its draw action's
        number and its cells, sorted as the rules store a block."""
        boxes = {(r, c) for r, c in sheet["boxes"]}
        out: dict[int, tuple[Cell, ...]] = {}
        for shape in self.shapes:
            for turn, base in enumerate(self._turns[shape]):
                for row in range(sheet["height"]):
                    for col in range(sheet["width"]):
                        cells = tuple(sorted((r + row, c + col) for r, c in base))
                        if all(cell in boxes for cell in cells):
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
        return FilledInTable.set_up(self._options(seed))

    def to_act(self, match: FilledInTable) -> list[int]:
        return [self.players.index(name) for name in self._seen(match.state)["to_act"]]

    def scores(self, match: FilledInTable) -> list[float]:
        scores = self._seen(match.state)["scores"]
        return [float(scores[name]) for name in self.players]

    def _seen(self, state: object) -> dict[str, Any]:
        """The engine's description of ``state``, asked once a state."""
        memo = self._memo_of(state)
        if "seen" not in memo:
            memo["seen"] = ENGINE.describe(state)
        return memo["seen"]

    def _memo_of(self, state: object) -> dict[Any, Any]:
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

    def _legal_entries(self, state: object, seat: int, drawing: Drawing) -> list[Entry]:
        name, seen = self.players[seat], self._seen(state)
        if name not in seen["to_act"]:
            return []
        if seen["phase"] == ROLL:
            return [("roll",)]
        if seen["phase"] == DRAFT:
            taken = {pos for p in seen["players"].values() for pos in p["hand"]}
            return [("draft", pos) for pos in range(len(seen["dice"])) if pos not in taken]
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

    def _placing(self, state: object, seat: int) -> Any:
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
            sheet = self._seen(match.state)["players"][name]["sheet"]
            cells = self._draw_cells[sheet][index]
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
        turn = self._turns[shape].index(normalise(cells))
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

    def _view(self, match: FilledInTable, seat: int, other: int) -> object:
        """The state ``seat`` reads ``other`` (-1: the dice) from: while the round's
        blocks are being drawn, the others' sheets as the placing began."""
        state = match.state
        placing = self._seen(state)["phase"] == PLACE
        if other != seat and placing and match.placing_began is not None:
            return match.placing_began
        return state

    def _order(self, seat: int) -> list[int]:
        n = len(self.players)
        return [(seat + k) % n for k in range(n)]

    def _layout_of(self, sheet: Mapping[str, Any]) -> np.ndarray:
        """The printed sheet: boxes (0) and outside (-1), tools, levels."""
        out = np.zeros((SHEET_CHANNELS, self.rows, self.cols), dtype=np.float32)
        out[0] = -1.0
        for level, boxes in enumerate(sheet["levels"], start=1):
            for row, col in boxes:
                out[0, row, col] = 0.0
                out[3, row, col] = level / self.max_levels
        for tool in sheet["tools"]:
            row, col = tool["box"]
            out[1, row, col] = (self.colours.index(tool["colour"]) + 1) / (len(self.colours) + 1)
            out[2, row, col] = tool["number"] / self.tools
        return out

    def _sheet(self, view: object, other: int) -> np.ndarray:
        """Seat ``other``'s sheet in ``view``: the printed sheet with its ink."""
        memo = self._memo_of(view)
        key = ("sheet", other)
        if key not in memo:
            player = self._seen(view)["players"][self.players[other]]
            out = self._layout[player["sheet"]].copy()
            for row, col, colour in player["ink"]:
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

    def _face(self, label: str | None) -> list[float]:
        """A die's face (by its label; None: no face) as shape, colour and wild."""
        if label not in self._faces:
            face = CONTENT["faces"][label] if label is not None else None
            shape = self.shapes.index(face["shape"]) if face and face["shape"] else None
            colour = self.colours.index(face["colour"]) if face and face["colour"] else None
            wild = float(face is not None and face["shape"] is None)
            self._faces[label] = [
                *one_hot(len(self.shapes), shape),
                *one_hot(len(self.colours), colour),
                wild,
            ]
        return self._faces[label]

    def _own_crew(self, state: object, seat: int) -> str:
        """Seat ``seat``'s crew card, played or not: the one crew card it holds (the
        engine's inventory; its description names a card only once played)."""
        memo = self._memo_of(state)
        key = ("crew", seat)
        if key not in memo:
            held = ENGINE.inventory(state)[self.players[seat]]
            pieces = CONTENT["pieces"]
            (card,) = [piece for piece in held if pieces[piece]["kind"] == "crew"]
            memo[key] = card.removeprefix("crew-")
        return memo[key]

    def _seat(self, view: object, other: int, seat: int) -> np.ndarray:
        """What ``seat`` knows of seat ``other`` in ``view`` (its crew card once played,
        or its own)."""
        memo = self._memo_of(view)
        key = ("seat", other, other == seat)
        if key in memo:
            return memo[key]
        seen = self._seen(view)
        name = self.players[other]
        p = seen["players"][name]
        values = [
            1.0,
            seen["scores"][name] / SCORE_SCALE,
            p["purples"] / self._purple["per_game"],
            float(p["crew_used"]),
        ]
        crew = self._own_crew(view, other) if other == seat else p["crew"]
        shown = self.cards.index(crew) if p["crew_used"] or other == seat else None
        values += one_hot(len(self.cards), shown)
        values += [
            float(p["stuck"]),
            float(p["placed"]),
            float(name in seen["to_act"]),
            float(name == seen["start"]),
            float(seen["phase"] == ROLL and name == seen["roller"]),
            float(name == seen["drafter"]),
        ]
        hand = [seen["faces"][pos] for pos in p["hand"]]
        for i in range(2):
            values += self._face(hand[i] if i < len(hand) else None)
        values += [float(n in p["tools"]) for n in range(1, self.tools + 1)]
        colours_max = len(self.colours) + 1
        levels = range(1, self.max_levels + 1)
        values += [p["levels"].get(str(lv), 0) / colours_max for lv in levels]
        corners = p["marked"] if seen["variant"] == REMOTE else p["triangles"]
        values += [float(lv in corners) for lv in levels]
        memo[key] = clipped(values)
        return memo[key]

    def _game(self, view: object) -> np.ndarray:
        """The table: phase, round, variant, the dice, the draft, the levels announced."""
        memo = self._memo_of(view)
        if "game" in memo:
            return memo["game"]
        seen = self._seen(view)
        values = one_hot(len(PHASES), PHASES.index(seen["phase"]))
        values += [min(seen["round"] / ROUND_SCALE, 1.0), float(seen["variant"] == REMOTE)]
        taken = {pos for p in seen["players"].values() for pos in p["hand"]}
        for pos in range(self.max_dice):
            if pos >= len(seen["dice"]):
                values += [0.0] * (3 + FACE_FEATURES)
                continue
            values += [1.0, *self._face(seen["faces"][pos])]
            values += [float(pos in taken), float(pos == seen["leftover"])]
        draft = seen["draft"]
        values += [draft["made"] / draft["picks"] if draft["picks"] else 0.0]
        values += [float(lv in seen["announced"]) for lv in range(1, self.max_levels + 1)]
        memo["game"] = clipped(values)
        return memo["game"]

    def _private(self, state: object, seat: int, drawing: Drawing) -> np.ndarray:
        values = one_hot(len(self.cards), self.cards.index(self._own_crew(state, seat)))
        values += one_hot(len(STAGES), STAGES.index(drawing.stage))
        if self._seen(state)["phase"] == ENDED or drawing.craft is None:
            values += [0.0] * (len(self.shapes) + len(self.colours) + 5)
            return np.asarray(values, dtype=np.float32)
        shape, colour, crew, swap = drawing.craft
        _, _, room = self._placing(state, seat).terms(drawing.craft)
        values += one_hot(len(self.shapes), self.shapes.index(shape))
        values += one_hot(len(self.colours), self.colours.index(colour))
        values += [float(crew), *one_hot(2, swap)]
        values += [len(drawing.purples) / 2, (room - len(drawing.purples)) / 2]
        return np.asarray(values, dtype=np.float32)
