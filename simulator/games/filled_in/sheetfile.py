"""What ``sheet stand`` builds: drawn towers read from a scenario or a sheet file.

A *sheet file* (docs/scenarios-filled-in.md) is a TOML or JSON file with a sheet number
and the drawn blocks and purple spaces, each block as ``shape``, ``colour`` and its
boxes (``cells``, or ``row``/``col``/``turns``/``mirror``). A filled-in *scenario* (it
has ``kind``) is replayed to its end and every player's sheet is taken from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.filled_in.config import rules_config
from rules.filled_in.placement import block_problem, box_problem
from rules.filled_in.sheets import get_sheet, tower_sheets
from rules.filled_in.tower import PURPLE_PIECE
from rules.pieces import Cell
from simulator.games.filled_in.fields import GridTable
from simulator.games.filled_in.notation import read_block_cells
from simulator.games.loaded import load_scenario
from simulator.scenario.document import read_document
from simulator.scenario.errors import ScenarioError


@dataclass(frozen=True)
class DrawnPiece:
    piece: str  # catalogue id: lots-I ... lots-S, lots-cube for a purple space
    colour: str
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class DrawnTower:
    label: str  # the player's name, or the sheet file's name
    sheet: int
    pieces: tuple[DrawnPiece, ...]  # in drawing order


def load_towers(path: str | Path, *, player: str | None = None) -> list[DrawnTower]:
    """The towers in a scenario (every player's, or ``player``'s) or a sheet file.

    Raises ScenarioError (one line) for a bad file or an unknown player."""
    doc = read_document(path)
    if isinstance(doc.data, dict) and "kind" in doc.data:
        towers = _scenario_towers(path)
    else:
        if player is not None:
            raise ScenarioError(doc.name, "--player is for scenario files; this is a sheet file")
        towers = [_sheet_file_tower(GridTable(doc, doc.data, ""), Path(path).stem)]
    if player is not None:
        towers = [t for t in towers if t.label == player]
        if not towers:
            raise ScenarioError(str(path), f"no player named {player!r} in this scenario")
    return towers


def tower_from_pieces(label: str, sheet: int, pieces: list[dict[str, Any]]) -> DrawnTower:
    """A tower from ``rules.filled_in.placed_tetrominoes`` output."""
    return DrawnTower(
        label,
        sheet,
        tuple(
            DrawnPiece(p["piece"], p["colour"], tuple((int(r), int(c)) for r, c in p["cells"]))
            for p in pieces
        ),
    )


def _scenario_towers(path: str | Path) -> list[DrawnTower]:
    loaded = load_scenario(path)
    if loaded.kind != "filled-in":
        raise ScenarioError(str(path), f"a {loaded.kind} scenario has no tower sheets")
    report = loaded.run()
    return [
        tower_from_pieces(name, report["sheets"][name], pieces)
        for name, pieces in report["towers"].items()
    ]


def _sheet_file_tower(root: GridTable, default_label: str) -> DrawnTower:
    known = sorted(tower_sheets())
    number = root.integer("sheet", minimum=1)
    if number not in known:
        root.fail(f"no tower sheet {number} (sheets: {', '.join(map(str, known))})", "sheet")
    label = root.string("name", default=default_label) or default_label
    root.string("description")
    spec = get_sheet(number)
    filled: set[Cell] = set()
    pieces: list[DrawnPiece] = []
    cfg = rules_config()
    for index, raw in enumerate(root.tables("block")):
        table = GridTable(root.doc, raw, f"block #{index + 1}", header=("block", index))
        shape = table.string("shape", required=True, choices=cfg.shape_letters)
        colour = table.string("colour", required=True, choices=cfg.colours)
        assert shape is not None and colour is not None
        cells = read_block_cells(table, shape)
        problem = block_problem(spec, frozenset(filled), shape, cells, free=True)
        if problem:
            table.fail(problem)
        table.finish()
        filled.update(cells)
        pieces.append(DrawnPiece(cfg.piece_for(shape), colour, tuple(sorted(cells))))
    for index, raw in enumerate(root.tables("purple")):
        table = GridTable(root.doc, raw, f"purple #{index + 1}", header=("purple", index))
        cell = table.cell("cell", required=True)
        assert cell is not None
        problem = box_problem(spec, frozenset(filled), cell)
        if problem:
            table.fail(problem, "cell")
        table.finish()
        filled.add(cell)
        pieces.append(DrawnPiece(PURPLE_PIECE, cfg.purple, (cell,)))
    root.finish()
    return DrawnTower(label, number, tuple(pieces))
