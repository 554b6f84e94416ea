"""The five tower sheets (assets/filled_in/sheets.toml): boxes, levels, tools, crane."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from rules.assets import load_asset
from rules.errors import AssetError
from rules.filled_in.config import rules_config
from rules.pieces import Cell

SHEETS_FILE = "filled_in/sheets.toml"
OUTSIDE = "-"
EMPTY = "."


@dataclass(frozen=True)
class SheetSpec:
    """A printed tower sheet. Cells are (row, col), row 0 on the foundation floor."""

    id: int
    name: str
    width: int
    height: int
    boxes: frozenset[Cell]
    levels: tuple[frozenset[Cell], ...]  # levels[0] is level 1, the lowest
    tools: tuple[tuple[Cell, int, str], ...]  # (box, tool number, colour it asks for)
    crane: tuple[int, ...]  # penalty under each purple space, left to right

    @property
    def level_numbers(self) -> range:
        return range(1, len(self.levels) + 1)

    def level_cells(self, level: int) -> frozenset[Cell]:
        return self.levels[level - 1]

    def level_of(self, cell: Cell) -> int:
        for number, cells in enumerate(self.levels, start=1):
            if cell in cells:
                return number
        raise KeyError(f"{cell} is not a box of sheet {self.id}")

    def tool_at(self, cell: Cell) -> tuple[int, str] | None:
        for box, number, colour in self.tools:
            if box == cell:
                return number, colour
        return None


@cache
def tower_sheets() -> dict[int, SheetSpec]:
    data = load_asset(SHEETS_FILE)
    sheets: dict[int, SheetSpec] = {}
    for entry in data.get("sheet", []):
        spec = _sheet_from(entry)
        if spec.id in sheets:
            raise AssetError(f"{SHEETS_FILE}: sheet {spec.id} is defined twice")
        sheets[spec.id] = spec
    return sheets


def get_sheet(sheet_id: int) -> SheetSpec:
    try:
        return tower_sheets()[sheet_id]
    except KeyError:
        known = ", ".join(str(s) for s in sorted(tower_sheets()))
        raise KeyError(f"unknown tower sheet {sheet_id!r} (known: {known})") from None


def _sheet_from(entry: dict[str, Any]) -> SheetSpec:
    where = f"{SHEETS_FILE}: sheet {entry.get('id')}"
    rows = [line for line in entry["picture"].splitlines() if line.strip()]
    if len({len(r) for r in rows}) != 1:
        raise AssetError(f"{where}: picture rows differ in width")
    height, width = len(rows), len(rows[0])
    boxes: set[Cell] = set()
    tool_boxes: dict[int, Cell] = {}
    for top_index, line in enumerate(rows):
        row = height - 1 - top_index
        for col, mark in enumerate(line):
            if mark == OUTSIDE:
                continue
            boxes.add((row, col))
            if mark.isdigit():
                if int(mark) in tool_boxes:
                    raise AssetError(f"{where}: tool {mark} is drawn twice")
                tool_boxes[int(mark)] = (row, col)
            elif mark != EMPTY:
                raise AssetError(f"{where}: unknown mark {mark!r} in picture")
    level_rows = [int(n) for n in entry["levels"]]
    if sum(level_rows) != height:
        raise AssetError(f"{where}: levels span {sum(level_rows)} rows, picture has {height}")
    levels, first = [], 0
    for span in level_rows:
        levels.append(frozenset(c for c in boxes if first <= c[0] < first + span))
        first += span
    colours = rules_config().colours
    asked = {int(k): str(v) for k, v in entry["tools"].items()}
    if set(asked) != set(tool_boxes) or not set(asked.values()) <= set(colours):
        raise AssetError(f"{where}: tools table and tool boxes in the picture disagree")
    crane = tuple(int(p) for p in entry["crane"])
    if len(crane) != rules_config().purple_per_game:
        raise AssetError(f"{where}: the crane needs one penalty per purple space")
    return SheetSpec(
        id=int(entry["id"]),
        name=str(entry["name"]),
        width=width,
        height=height,
        boxes=frozenset(boxes),
        levels=tuple(levels),
        tools=tuple((tool_boxes[n], n, asked[n]) for n in sorted(asked)),
        crane=crane,
    )
