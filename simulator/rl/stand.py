"""Would this stand? A Gymnasium environment: one tower, one verdict, the physics's truth.

Each episode is one step. ``reset`` draws a tower of LOTS pieces on one of the Filled In
tower sheets; the action is the verdict, 0 "it falls" or 1 "it stands"; the truth is
``simulator.games.filled_in.stand.stand_tower`` (the tower built in the physics and let
settle: it stands if no piece left its drawn place), computed at the step, never before.
Reward: 1 for the right verdict, 0 for the wrong one, so the mean reward is the accuracy.

Towers (``source``), drawn from the game's seed by ``random_tower`` (in the Filled In
match package, ``simulator.games.filled_in.towers``, which holds the rules' side):
- ``"sheet"``: as a Filled In player draws: a random shape each turn at a legal place
  (touching a drawn box or the floor, so a block may hang on a side) in a random
  colour, now and then a purple space after it;
- ``"sandbox"``: tetrominoes dropped into the sheet from above, each coming to rest on
  what is below it (overhangs, but nothing hanging on a side).
With probability ``care`` a piece goes where its centre lies over the boxes it stands on
(when there is such a place); otherwise anywhere its source allows. The default care
(0.8, with 4 to 12 pieces) makes about half the towers stand: 49 % ("sheet") and 52 %
("sandbox") of seeds 0 to 299.

Observation, a flat Dict (rows x cols is the largest sheet among ``sheets``, 14 x 9 for
all five; row 0 is the one on the foundation, column 0 the sheet's left edge):
- ``grid`` float32 (rows, cols): -1 outside the sheet, 0 an empty box, k the k-th piece
  drawn (1-based, the row k-1 of ``pieces``);
- ``pieces`` float32 (the high end of ``pieces``, 9), one row per piece in drawing
  order, zeros after the last: present (1), shape (1-5: I O T L S, 6: a purple space),
  colour (1-5: red orange yellow green blue, 6: purple), lowest row, leftmost column,
  highest row, rightmost column, centre row, centre column (the centre of mass in cell
  units from the sheet's bottom-left corner: a piece in box (0, 0) alone has 0.5, 0.5);
- ``action_mask`` int8 (2,): both ones while a verdict is due, zeros after it.
``info`` at reset: the mask, the game's ``seed`` (None for a given tower), the
``sheet``; after the step also ``stands``, ``fallen`` (the ids of the pieces that left
their place, e.g. "02-L-orange", numbered as in ``grid``), ``truth`` (the right action)
and ``settled``.

``reset(options={"tower": tower})`` judges a given tower instead: a
``simulator.games.filled_in.sheetfile.DrawnTower`` or a mapping ``{"sheet": 1, "pieces":
[{"piece": "lots-I", "colour": "red", "cells": [[0, 0], ...]}, ...]}``; its pieces must be
whole shapes on free boxes of the sheet (touching is not required: the physics decides).
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from simulator.games.filled_in.sheetfile import DrawnPiece, DrawnTower, tower_from_pieces
from simulator.games.filled_in.stand import StandResult, drawn_world, settle_drawn, stand_tower
from simulator.games.filled_in.towers import (
    DEFAULT_CARE,
    DEFAULT_PIECES,
    SOURCES,
    random_tower,
    tower_problem,
)
from simulator.games.registry import GAMES
from simulator.physics.profile import PhysicsProfile
from simulator.rl.adapter import check_count, episode_seed, physics_of
from simulator.rl.episode import RENDER_FPS, RENDER_MODES
from simulator.rl.errors import InvalidAction
from simulator.rl.render import FrameRenderer, HumanViewer
from simulator.seeds import MAX_SEED

FALLS, STANDS = 0, 1  # the actions: the verdicts
VERDICTS = ("it falls", "it stands")
RIGHT, WRONG = 1.0, 0.0  # rewards
MAX_PIECES = 40  # rows of ``pieces`` at most; no sheet holds more than 27 tetrominoes
PIECE_FEATURES = (
    "present",
    "shape",
    "colour",
    "row_min",
    "col_min",
    "row_max",
    "col_max",
    "row_centre",
    "col_centre",
)
OUTSIDE, EMPTY = -1.0, 0.0  # grid values; a piece is its 1-based number


class StandEnv(gymnasium.Env[dict[str, np.ndarray], int]):
    """One tower per episode; the verdict is the only action (see the module's doc)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (gymnasium.Env's own class attribute)
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
    }

    def __init__(
        self,
        *,
        source: str = "sheet",
        sheets: Iterable[int] | None = None,
        pieces: int | tuple[int, int] = DEFAULT_PIECES,
        care: float = DEFAULT_CARE,
        physics: str = "default",
        render_mode: str | None = None,
    ) -> None:
        if source not in SOURCES:
            raise ValueError(f"source must be 'sheet' or 'sandbox', not {source!r}")
        self.source = source
        self.sheets = _sheet_ids(sheets)
        self.pieces = _piece_range(pieces)
        if not (isinstance(care, numbers.Real) and 0.0 <= float(care) <= 1.0):
            raise ValueError(f"care must be a number from 0 to 1, not {care!r}")
        self.care: float = float(care)
        self.profile: PhysicsProfile = physics_of(physics)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be None, 'rgb_array' or 'human', not {render_mode!r}"
            )
        self.render_mode = render_mode

        self.rows: int = max(_sheets()[s]["height"] for s in self.sheets)
        self.cols: int = max(_sheets()[s]["width"] for s in self.sheets)
        self.max_pieces: int = self.pieces[1]
        self.action_space = spaces.Discrete(2)
        high = [1, 6, 6, self.rows - 1, self.cols - 1, self.rows - 1, self.cols - 1]
        high += [self.rows, self.cols]
        self.observation_space = spaces.Dict(
            {
                "grid": spaces.Box(
                    OUTSIDE, self.max_pieces, (self.rows, self.cols), dtype=np.float32
                ),
                "pieces": spaces.Box(
                    0.0,
                    np.tile(np.array(high, dtype=np.float32), (self.max_pieces, 1)),
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(0, 1, (2,), dtype=np.int8),
            }
        )
        self._tower: DrawnTower | None = None
        self._seed: int | None = None
        self._result: StandResult | None = None  # the truth, once the verdict is in
        self._obs: dict[str, np.ndarray] | None = None
        self._renderer: Any = None  # made by the first render()

    # -- the episode ------------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        if seed is not None:
            check_count("seed", seed, 0, MAX_SEED)
        given = self._option_tower(options)  # checked before anything changes
        super().reset(seed=seed)
        game = episode_seed(seed, self.np_random)
        self._seed = None if given else game
        if given is None:
            given = random_tower(
                game, source=self.source, sheets=self.sheets, pieces=self.pieces, care=self.care
            )
        self._tower = given
        self._result = None
        self._obs = self._observe(self._tower, verdict_due=True)
        return _copy(self._obs), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self._tower is None:
            raise InvalidAction(f"action {action!r}: there is no tower yet; call reset() first")
        if self._result is not None:
            raise InvalidAction(
                f"action {action!r}: the verdict on this tower is in and the episode has "
                "ended; call reset() for the next tower"
            )
        verdict = _verdict(action)
        self._result = stand_tower(self._tower, self.profile)
        reward = RIGHT if verdict == self._truth() else WRONG
        self._obs = self._observe(self._tower, verdict_due=False)
        if self.render_mode == "human":
            self.render()
        return _copy(self._obs), reward, True, False, self._info()

    def _truth(self) -> int:
        assert self._result is not None
        return STANDS if self._result.stands else FALLS

    def _info(self) -> dict[str, Any]:
        assert self._obs is not None and self._tower is not None
        info: dict[str, Any] = {
            "action_mask": self._obs["action_mask"].copy(),
            "seed": self._seed,
            "sheet": self._tower.sheet,
        }
        if self._result is not None:
            info.update(
                stands=self._result.stands,
                fallen=self._result.fallen,
                truth=self._truth(),
                settled=self._result.settled,
            )
        return info

    @property
    def tower(self) -> DrawnTower | None:
        """The tower being judged (None before the first reset)."""
        return self._tower

    @property
    def result(self) -> StandResult | None:
        """What the physics said, once the verdict is in (None before)."""
        return self._result

    # -- observing --------------------------------------------------------------------------

    def _observe(self, tower: DrawnTower, *, verdict_due: bool) -> dict[str, np.ndarray]:
        grid = np.full((self.rows, self.cols), OUTSIDE, dtype=np.float32)
        for r, c in _sheets()[tower.sheet]["boxes"]:
            grid[r, c] = EMPTY
        table = np.zeros((self.max_pieces, len(PIECE_FEATURES)), dtype=np.float32)
        for index, drawn in enumerate(tower.pieces):
            rows = [r for r, _ in drawn.cells]
            cols = [c for _, c in drawn.cells]
            for cell in drawn.cells:
                grid[cell] = index + 1
            table[index] = (
                1,
                _shape_code(drawn.piece),
                _colour_code(drawn.colour),
                min(rows),
                min(cols),
                max(rows),
                max(cols),
                sum(rows) / len(rows) + 0.5,
                sum(cols) / len(cols) + 0.5,
            )
        mask = np.array([1, 1] if verdict_due else [0, 0], dtype=np.int8)
        return {"grid": grid, "pieces": table, "action_mask": mask}

    # -- options ----------------------------------------------------------------------------

    def _option_tower(self, options: Mapping[str, Any] | None) -> DrawnTower | None:
        if options is None:
            return None
        if not isinstance(options, Mapping):
            raise ValueError(f"options must be a dict, not {type(options).__name__}")
        unknown = sorted(set(options) - {"tower"})
        if unknown:
            names = ", ".join(map(repr, unknown))
            raise ValueError(f"unknown reset option(s) {names}: the only one is 'tower'")
        if "tower" not in options:
            return None
        return checked_tower(options["tower"], self.sheets, self.max_pieces)

    # -- rendering --------------------------------------------------------------------------

    def render(self) -> np.ndarray | None:
        """The tower as drawn before the verdict, as it settled after it."""
        if self.render_mode is None or self._tower is None:
            return None
        world, ids = drawn_world(self._tower, self.profile)
        if self._result is not None:
            settle_drawn(world, ids, self._tower)
        if self.render_mode == "human":
            if self._renderer is None:
                self._renderer = HumanViewer(fps=self.metadata["render_fps"])
            self._renderer.draw(world)
            return None
        if self._renderer is None:
            self._renderer = FrameRenderer()
        return self._renderer.frame(world)

    def close(self) -> None:
        if self._renderer is not None:
            self._renderer.close()
        self._renderer = None


# -- towers ---------------------------------------------------------------------------------


def checked_tower(raw: Any, sheets: Sequence[int], max_pieces: int) -> DrawnTower:
    """``raw`` (a DrawnTower or its mapping) as a tower this environment can judge, or a
    ValueError saying, in one sentence, what is wrong with it."""
    where = "options['tower']"
    if isinstance(raw, Mapping):
        unknown = sorted(set(raw) - {"sheet", "pieces", "label"})
        if unknown or "sheet" not in raw or "pieces" not in raw:
            raise ValueError(
                f"{where} needs 'sheet' and 'pieces' (and maybe 'label'), not keys {sorted(raw)}"
            )
        sheet, items = raw["sheet"], raw["pieces"]
        if not _integer(sheet):
            raise ValueError(f"{where}: the sheet must be a sheet number, not {sheet!r}")
        if not isinstance(items, Sequence) or not all(isinstance(p, Mapping) for p in items):
            raise ValueError(f"{where}: 'pieces' must be a list of {{piece, colour, cells}}")
        for index, item in enumerate(items):
            if set(item) != {"piece", "colour", "cells"} or not _cell_list(item["cells"]):
                raise ValueError(
                    f"{where}: piece {index + 1} must have exactly 'piece', 'colour' and "
                    "'cells' (a list of [row, column] pairs of integers)"
                )
        tower = tower_from_pieces(str(raw.get("label", "given")), int(sheet), list(items))
    elif isinstance(raw, DrawnTower):
        for index, drawn in enumerate(raw.pieces):
            if not (isinstance(drawn, DrawnPiece) and _cell_list(drawn.cells)):
                raise ValueError(
                    f"{where}: piece {index + 1} must be a DrawnPiece with cells as "
                    "(row, column) pairs of integers"
                )
        # the same tower with plain int cells, which the grid indexes by
        tower = tower_from_pieces(
            raw.label,
            raw.sheet,
            [{"piece": p.piece, "colour": p.colour, "cells": p.cells} for p in raw.pieces],
        )
    else:
        raise ValueError(f"{where} must be a DrawnTower or a dict, not {type(raw).__name__}")
    if tower.sheet not in sheets:
        raise ValueError(
            f"{where} is drawn on sheet {tower.sheet}; this environment's sheets are "
            + ", ".join(map(str, sheets))
        )
    if len(tower.pieces) > max_pieces:
        raise ValueError(
            f"{where} has {len(tower.pieces)} pieces; this environment observes {max_pieces} "
            "at most (its pieces=(low, high) sets high)"
        )
    problem = tower_problem(tower)
    if problem:
        raise ValueError(f"{where}: {problem}")
    return tower


# -- checks and codes -----------------------------------------------------------------------


def _sheet_ids(sheets: Iterable[int] | None) -> tuple[int, ...]:
    known = sorted(_sheets())
    if sheets is None:
        return tuple(known)
    if isinstance(sheets, str | bytes) or not isinstance(sheets, Iterable):
        raise ValueError(f"sheets must be a list of sheet numbers, not {sheets!r}")
    chosen = list(sheets)
    if not chosen or any(not _integer(s) or s not in known for s in chosen):
        raise ValueError(
            f"sheets must name one or more of the sheets {', '.join(map(str, known))}, "
            f"not {chosen!r}"
        )
    return tuple(sorted({int(s) for s in chosen}))


def _piece_range(pieces: int | tuple[int, int]) -> tuple[int, int]:
    pair = (pieces, pieces) if isinstance(pieces, numbers.Integral) else pieces
    if (
        not isinstance(pair, Sequence)
        or len(pair) != 2
        or not all(_integer(n) for n in pair)
        or not 1 <= int(pair[0]) <= int(pair[1]) <= MAX_PIECES
    ):
        raise ValueError(
            f"pieces must be a count or a (low, high) pair with 1 <= low <= high <= "
            f"{MAX_PIECES}, not {pieces!r}"
        )
    return int(pair[0]), int(pair[1])


def _verdict(action: Any) -> int:
    value = action
    if isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iu":
        value = value.item()
    if _integer(value) and value in (0, 1):
        return int(value)
    raise InvalidAction(
        f"action {action!r} is not a verdict: 0 ({VERDICTS[0]}) or 1 ({VERDICTS[1]})"
    )


@cache
def _content() -> Mapping[str, Any]:
    """The Filled In engine's fixed material (the sheets, shapes and colours), asked
    once: the engine is the environment's only door into the rules."""
    return GAMES.get("filled-in").load("engine").content()


@cache
def _sheets() -> dict[int, Mapping[str, Any]]:
    """The tower sheets as printed, by number."""
    return {sheet["id"]: sheet for sheet in _content()["sheets"]}


def _shape_code(piece: str) -> int:
    content = _content()
    if piece == content["purple"]["piece"]:
        return 6
    return 1 + [shape["piece"] for shape in content["shapes"]].index(piece)


def _colour_code(colour: str) -> int:
    content = _content()
    return 6 if colour == content["purple"]["colour"] else 1 + content["colours"].index(colour)


def _integer(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _cell_list(raw: Any) -> bool:
    return isinstance(raw, Sequence) and all(
        isinstance(cell, Sequence) and len(cell) == 2 and all(_integer(n) for n in cell)
        for cell in raw
    )


def _copy(obs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    return {key: value.copy() for key, value in obs.items()}
