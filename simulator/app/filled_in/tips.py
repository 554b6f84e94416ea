"""What Filled In's components say when the mouse rests on them (tooltip.py): a box of
the sheet shown (its level, how full the level is, its tool), the score table's
columns, a die of the roll. No pyglet: the screen asks these with what it shows."""

from __future__ import annotations

from rules.pieces import Cell
from simulator.app.filled_in.content import DieFace
from simulator.app.filled_in.table import Player
from simulator.app.filled_in.words import face_name
from simulator.app.words import counted, possessive, sentence

COLUMN_TIPS = {
    "Levels": "Points for the levels completed, scored the moment a level's last box is filled in.",
    "Tri.": "Points for the triangles: a level's first finishers fill its triangle.",
    "Tools": "Points for the tools: a tool box filled in the colour it asks scores its number.",
    "Colours": "Points for the largest areas of one colour, compared across the sheets.",
    "Crane": "The crane's penalty: each purple space used costs the points under it.",
    "Total": "Everything added up: the player with the highest total wins.",
}


def cell_tip(player: Player, cell: Cell) -> str | None:
    """A box of ``player``'s sheet: its level and how full it is, what fills it, its
    tool (None: no box there)."""
    sheet = player.sheet
    if cell not in sheet.boxes:
        return None
    level = next(n for n, cells in sheet.levels.items() if cell in cells)
    boxes = sheet.levels[level]
    filled = sum(1 for box in boxes if box in player.ink)
    said = [f"Level {level}: {filled} of {counted(len(boxes), 'box', 'boxes')} filled in"]
    if level in player.level_scores:
        said[0] += f", scored {counted(player.level_scores[level], 'point')}"
    ink = player.ink.get(cell)
    if ink is not None:
        said.append(f"this box is {ink}")
    tool = sheet.tools.get(cell)
    if tool is not None:
        number, asked = tool
        if number in player.tools_done:
            said.append(f"tool {number} scored {counted(number, 'point')}")
        elif ink is not None:
            said.append(f"tool {number} is lost: it asked for {asked}")
        else:
            said.append(f"tool {number}: fill this box in {asked} to score {number}")
    return sentence("; ".join(said))


def die_tip(face: DieFace, owner: str | None, leftover: bool) -> str:
    """A die of the roll: its face and who took it."""
    what = face_name(face.label)
    if owner is not None:
        return sentence(f"{what}, drafted into {possessive(owner)} hand")
    if leftover:
        return sentence(f"{what}, the die nobody took this round")
    return sentence(f"{what}, still to be drafted")
