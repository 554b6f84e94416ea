"""The piece catalogue: every piece's shape as cells, read from assets/pieces/.

Cells are ``(row, col)`` with row 0 at the bottom and col 0 at the left, so that rows
count floors upwards as the rules do. A plank (the Crazy Tower floor card) has no cells
but a ``box`` size instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.assets import load_asset
from rules.errors import AssetError

Cell = tuple[int, int]

PIECE_FILES = ("pieces/lots.toml", "pieces/crazy_tower.toml")


@dataclass(frozen=True)
class PieceSpec:
    id: str
    family: str
    shape: str
    cell_size: float
    material: str
    colour: str | None = None
    cells: frozenset[Cell] = frozenset()
    box: tuple[float, float] | None = None
    points: int = 0
    per_colour: int = 0
    boxes: int = 0
    edge_radius: float = 0.0  # cm: how rounded the edges are (physics only)

    @property
    def is_plank(self) -> bool:
        return self.box is not None


def parse_cells(rows: Iterable[str]) -> frozenset[Cell]:
    """Turn picture rows (top row first, ``#`` filled) into bottom-up cells."""
    rows = list(rows)
    cells = {
        (len(rows) - 1 - r, c)
        for r, line in enumerate(rows)
        for c, mark in enumerate(line)
        if mark == "#"
    }
    return frozenset(cells)


def normalise(cells: Iterable[Cell]) -> frozenset[Cell]:
    """Shift cells so that the lowest row and the leftmost column are 0."""
    cells = list(cells)
    low = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - low, c - left) for r, c in cells)


def transform_cells(cells: Iterable[Cell], quarter_turns: int, mirror: bool) -> frozenset[Cell]:
    """Mirror left-right (first), then turn counter-clockwise by quarter turns; normalised."""
    out = [(r, -c) if mirror else (r, c) for r, c in cells]
    for _ in range(quarter_turns % 4):
        # (x, y) -> (-y, x) with x = col, y = row
        out = [(c, -r) for r, c in out]
    return normalise(out)


@cache
def piece_catalogue() -> dict[str, PieceSpec]:
    catalogue: dict[str, PieceSpec] = {}
    for path in PIECE_FILES:
        data = load_asset(path)
        for entry in data.get("piece", []):
            spec = _piece_from(entry, data, path)
            if spec.id in catalogue:
                raise AssetError(f"{path}: piece id {spec.id!r} is defined twice")
            catalogue[spec.id] = spec
    return catalogue


def get_piece(piece_id: str) -> PieceSpec:
    try:
        return piece_catalogue()[piece_id]
    except KeyError:
        known = ", ".join(sorted(piece_catalogue()))
        raise KeyError(f"unknown piece {piece_id!r} (known: {known})") from None


def _piece_from(entry: dict[str, Any], family_data: dict[str, Any], path: str) -> PieceSpec:
    try:
        box = entry.get("box")
        cells = frozenset() if box else parse_cells(entry["cells"])
        if not box and not cells:
            raise AssetError(f"{path}: piece {entry['id']!r} has no cells")
        return PieceSpec(
            id=entry["id"],
            family=family_data["family"],
            shape=entry["shape"],
            cell_size=float(family_data["cell"]),
            material=entry.get("material", family_data["material"]),
            colour=entry.get("colour"),
            cells=normalise(cells) if cells else cells,
            box=(float(box[0]), float(box[1])) if box else None,
            points=int(entry.get("points", 0)),
            per_colour=int(entry.get("per_colour", 0)),
            boxes=int(entry.get("boxes", 0)),
            edge_radius=float(entry.get("edge_radius", family_data.get("edge_radius", 0.0))),
        )
    except KeyError as exc:
        raise AssetError(f"{path}: a piece lacks the key {exc}") from None


def named_piece(colour: str, shape: str) -> str:
    """A piece of ``colour`` and ``shape`` as players name it: ``the green L``, ``the
    purple cube`` (LOTS's pieces, and the pieces drawn on a Filled In sheet)."""
    return f"the {colour} {shape}"
