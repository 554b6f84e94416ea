"""The Filled In screen's right panel: scores, the dice pool and draft, crafting, the
crew card, purple spaces, and the turn's buttons. Pure drawing into a Mesh and a Hud;
clicks call the turn controller (``PanelActions``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from simulator.app.filled_in.content import COLOURS, SHAPES, own_crew_card
from simulator.app.filled_in.faces import DIE, ROLLED_DIE, paint_face, paint_shape, shape_cells
from simulator.app.filled_in.sheet_view import INK, PENCIL, colour_box, frame, rect
from simulator.app.filled_in.strips import seat_tone
from simulator.app.filled_in.table import DRAFT, ENDED, PLACE, PURPLE, ROLL, Player, Table
from simulator.app.filled_in.tips import COLUMN_TIPS, die_tip
from simulator.app.filled_in.turn import PendingTurn
from simulator.app.filled_in.words import face_name, winners_text
from simulator.app.piece_pictures import paint_piece, picture_size, unit_to_fit
from simulator.app.tally import Tally, worded
from simulator.app.widgets import Button, Hud
from simulator.app.words import agree, listed, sentence
from simulator.render.mesh import Mesh
from simulator.render.palette import colour

PANEL_X = 820  # the panel's left edge (logical pixels)
PANEL_W = 1272 - PANEL_X
GREY = (110, 112, 120)
PICKED = (30, 120, 60)
COLUMNS = (
    ("Levels", 1012),
    ("Tri.", 1048),
    ("Tools", 1094),
    ("Colours", 1158),
    ("Crane", 1212),
    ("Total", 1266),
)


class PanelActions(Protocol):
    def roll(self) -> None: ...
    def draft(self, position: int) -> None: ...
    def shape_die(self, index: int) -> None: ...
    def pick_shape(self, shape: str) -> None: ...
    def pick_colour(self, name: str) -> None: ...
    def toggle_crew(self) -> None: ...
    def set_swap(self, swap: int | None) -> None: ...
    def toggle_purple(self) -> None: ...
    def confirm(self) -> None: ...
    def undo(self) -> None: ...
    def view(self, seat: int) -> None: ...


def draw_panel(
    mesh: Mesh,
    back: Hud,
    hud: Hud,
    table: Table,
    state: object,
    *,
    active: str | None,
    viewed: int,
    pending: PendingTurn | None,
    purple_mode: bool,
    actions: PanelActions,
    tally: Tally,
) -> None:
    """``back`` holds what lies under the mesh (backgrounds), ``hud`` what lies on it;
    ``tally`` counts the scores to their new values; ``state`` is the one ``table``
    describes, which the pencil turn's checks ask the rules about."""
    x = PANEL_X
    hud.column(x - 8, 1280)
    back.rect(x - 8, 0, 1280 - x + 8, 800, (246, 247, 250), layer=0)
    hud.text(f"LOTS: Filled In  ·  round {table.round}", x, 772, 16, bold=True)
    hud.text(_status(table, active), x, 750, 13, GREY if active is None else (20, 90, 40))
    y = _scores(back, hud, table, viewed, actions, tally)
    y = _dice(mesh, hud, table, active, y - 30, actions)
    if table.phase == ENDED:
        _game_over(hud, table, y - 30)
        return
    if active is None:
        return
    if table.phase == ROLL:
        hud.button(x, y - 50, 240, 34, "Roll the dice (R)", actions.roll, tone=(40, 140, 70))
    elif table.phase == DRAFT:
        hud.text("Click a die (or press its number) to draft it.", x, y - 28, 13)
    elif table.phase == PLACE and pending is not None:
        _crafting(mesh, back, hud, table, state, pending, purple_mode, y - 26, actions)


def _status(table: Table, active: str | None) -> str:
    if table.phase == ENDED:
        return "Game over."
    if table.phase == ROLL:
        who = table.roller
        return f"{agree(who, 'roll')} the dice." + ("  Your turn." if who == active else "")
    if table.phase == DRAFT:
        pick = table.picked + 1
        return f"{agree(str(table.drafter), 'draft')} (pick {pick} of {table.picks})."
    return f"Crafting and placing: {listed(table.to_act)} still to go."


def _scores(
    back: Hud,
    hud: Hud,
    table: Table,
    viewed: int,
    actions: PanelActions,
    tally: Tally,
) -> float:
    """The score table, each number counting to a new value (the row glows while the
    total does); returns the baseline of its last row."""
    x, y = PANEL_X, 722
    tally.unbind()
    words = worded("")
    for title, right in COLUMNS:
        hud.text(title, right, y, 12, GREY, anchor_x="right")
        hud.tip(right - 44, y - 4, 46, 20, COLUMN_TIPS[title])
    movers = set(table.to_act)
    for seat, player in enumerate(table.players):
        y -= 24
        if seat == viewed:
            back.rect(x - 4, y - 6, PANEL_W + 4, 22, (225, 232, 245), layer=1)
        hud.circle(x + 5, y + 4, 5, seat_tone(seat))
        mark = "▶ " if player.name in movers else ""
        name = f"{mark}{_short(player.name, 14)}"
        hud.text(name, x + 14, y, 12, bold=bool(mark))
        b = player.breakdown
        for (title, right), value in zip(
            COLUMNS, (b.levels, b.triangles, b.tools, b.colours, b.crane, b.total), strict=True
        ):
            key, total = (player.name, title), right == COLUMNS[-1][1]
            shown = str(tally.number(key, value))
            text = hud.text(shown, right, y, 12, anchor_x="right", bold=total)
            tally.bind(key, text, words, (x - 4, y - 6, PANEL_W + 4, 22), glow=total)
        hud.buttons.append(Button(x - 4, y - 6, PANEL_W + 4, 22, _bind(actions.view, seat), ""))
    return y


def _dice(
    mesh: Mesh, hud: Hud, table: Table, active: str | None, y: float, actions: PanelActions
) -> float:
    """The dice in play, who drafted each, the leftover; returns the section's bottom."""
    x = PANEL_X
    hud.text("Dice", x, y, 14, bold=True)
    faces = table.faces
    if table.phase == ROLL or not faces or faces[0] is None:
        hud.text("not rolled yet", x + 50, y, 12, GREY)
        return y - 20
    owners = table.owners()
    drafting = table.phase == DRAFT and active is not None
    step = min(90.0, PANEL_W / len(faces))
    size = DIE if table.phase == PLACE else min(ROLLED_DIE, step - 6)  # crafting needs room
    top = y - 16  # the dice hang under the title
    for pos, face in enumerate(faces):
        dx = x + pos * step
        owner = owners.get(pos)
        assert face is not None  # the whole roll is rolled at once
        paint_face(mesh, hud, dx, top - size, face, dim=owner is not None, size=size)
        leftover = table.leftover == pos
        below = _short(owner, int(step / 8)) if owner else ("left" if leftover else "")
        if drafting and owner is None:
            below = str(pos + 1)
            tip = sentence(f"{face_name(face.label)}: click it or press {pos + 1} to take it")
            hud.buttons.append(
                Button(dx, top - size, size, size, _bind(actions.draft, pos), below, tip=tip)
            )
        else:
            hud.tip(dx, top - size, size, size, die_tip(face, owner, leftover))
        hud.text(
            below,
            dx + size / 2,
            top - size - 18,
            12,
            GREY,
            anchor_x="center",
            width=step - 4,
            lines=1,
        )
    return top - size - 20


def _crafting(
    mesh: Mesh,
    back: Hud,
    hud: Hud,
    table: Table,
    state: object,
    pending: PendingTurn,
    purple_mode: bool,
    y: float,
    actions: PanelActions,
) -> None:
    x = PANEL_X
    me = table.player(pending.player)
    hud.text(f"Your block, {pending.player}", x, y, 14, bold=True)
    faces = pending.faces(state)
    for index, face in enumerate(faces):
        dx = x + index * 80
        paint_face(mesh, hud, dx, y - 62, face)
        role = "shape" if index == pending.shape_die else "colour"
        hud.text(role, dx + DIE / 2, y - 80, 12, INK, bold=True, anchor_x="center")
        hud.buttons.append(Button(dx, y - 62, DIE, DIE, _bind(actions.shape_die, index), role))
    if faces[0].wild != faces[1].wild:
        hud.text('a single "?" is', x + 166, y - 30, 12, GREY)
        hud.text("always the shape die", x + 166, y - 46, 12, GREY)
    else:
        swap = _bind(actions.shape_die, 1 - pending.shape_die)
        hud.button(x + 166, y - 50, 160, 28, "Swap roles (Space)", swap)
    shape, name = pending.crafted(state)
    paint_shape(mesh, x + 350, y - 58, 14, shape, name)
    hud.text(f"{name} {shape}", x + 350, y - 80, 11, GREY)  # the picture says it first
    problem = pending.craft_problem(state)
    y -= 112
    if pending.shape_free(state):
        hud.text("Shape", x, y + 8, 13, bold=True)
        for k, letter in enumerate(SHAPES):
            bx = x + 64 + k * 50  # a picture of each shape, in the block's colour
            rect(mesh, bx, y, 44, 28, (236, 238, 244))
            frame(
                mesh,
                bx,
                y,
                44,
                28,
                3.0 if letter == shape else 1.0,
                PICKED if letter == shape else GREY,
            )
            cells = shape_cells(letter)
            unit = min(7.0, unit_to_fit(cells, 36, 22))
            w, h = picture_size(cells, unit)
            paint_piece(mesh, cells, name, bx + (44 - w) / 2, y + (28 - h) / 2, unit)
            hud.buttons.append(Button(bx, y, 44, 28, _bind(actions.pick_shape, letter), letter))
        y -= 36
    if pending.colour_free(state):
        hud.text("Colour", x, y + 8, 13, bold=True)
        for k, hue in enumerate(COLOURS):
            bx = x + 64 + k * 50
            colour_box(mesh, bx, y, 44, hue, height=28)
            if hue == name:
                frame(mesh, bx - 3, y - 3, 50, 34, 3.0, PICKED)
            hud.buttons.append(Button(bx, y, 44, 28, _bind(actions.pick_colour, hue), hue))
            hud.text(str(k + 1), bx + 22, y - 14, 12, GREY, anchor_x="center")
        y -= 50
    if problem:
        hud.text(problem, x, y + 6, 12, (190, 30, 30), width=PANEL_W, lines=2, anchor_y="top")
        y -= 30
    y = _crew(back, hud, state, me.crew_used, pending, x, y, actions)
    _purples(hud, me, pending, purple_mode, x, y, actions)
    drawn = pending.block is not None
    hud.button(
        x, 64, 210, 34, "Confirm (Enter)", actions.confirm, enabled=drawn, tone=(40, 140, 70)
    )
    hud.button(
        x + 222,
        64,
        210,
        34,
        "Undo (Backspace)",
        actions.undo,
        enabled=bool(pending.order),
        tone=(170, 70, 60),
    )
    if purple_mode:
        tip = "Click a box of your sheet to fill it in purple; P leaves purple mode."
    elif drawn:
        tip = "Drawn in pencil: Enter confirms it in ink; Backspace rubs it out."
    else:
        tip = "Move the block over your sheet, turn it (wheel, Q/E), flip it (F), click to draw."
    hud.text(tip, x, 50, 12, width=PANEL_W, lines=2, anchor_y="top")


def _crew(
    back: Hud,
    hud: Hud,
    state: object,
    used: bool,
    pending: PendingTurn,
    x: float,
    y: float,
    actions: Any,
) -> float:
    card = own_crew_card(state, pending.player)
    top = y
    back.rect(x - 4, top - 98, PANEL_W + 4, 102, (255, 246, 220), layer=1)
    hud.text(
        f"Crew card: {card['name']}" + ("  (used)" if used else ""), x, top - 14, 13, bold=True
    )
    hud.text(card["text"], x, top - 22, 12, width=PANEL_W - 8, anchor_y="top")
    if not used:
        label = "Playing it (C: keep it)" if pending.crew else "Play it this turn (C)"
        hud.button(
            x,
            top - 94,
            190,
            26,
            label,
            actions.toggle_crew,
            tone=PICKED if pending.crew else (150, 110, 40),
        )
    if not used and pending.crew and pending.placing(state).can_swap(True):
        row = top - 132  # a row of its own under the card: which die goes (X cycles)
        hud.text("Swap a die (X):", x, row + 9, 12, bold=True)
        choices = (("keep both", None), ("die 1", 0), ("die 2", 1))
        for k, (label, swap) in enumerate(choices):
            tone = PICKED if pending.swap == swap else (70, 110, 170)
            bind = _bind(actions.set_swap, swap)
            hud.button(x + 196 + k * 86, row, 80, 26, label, bind, tone=tone)
        return top - 158
    return top - 124


def _purples(
    hud: Hud,
    me: Player,
    pending: PendingTurn,
    purple_mode: bool,
    x: float,
    y: float,
    actions: Any,
) -> None:
    used = len(me.purples) + len(pending.purples)
    crane = me.sheet.crane
    left = len(crane) - used
    words = f"Purple spaces: {left} left"
    if left:
        cost = crane[used]
        words += (
            f", the next costs {cost} point{'s' if cost != 1 else ''}"
            if cost
            else ", the next is free"
        )
    hud.text(words, x, y, 13)
    label = "Purple mode on (P)" if purple_mode else "Purple space (P)"
    tone = colour(PURPLE).rgb if purple_mode else (120, 100, 140)
    hud.button(x, y - 36, 190, 28, label, actions.toggle_purple, enabled=left > 0, tone=tone)
    if pending.purples:
        hud.text(f"{len(pending.purples)} in pencil", x + 200, y - 28, 12, PENCIL)


def _game_over(hud: Hud, table: Table, y: float) -> None:
    x = PANEL_X
    hud.text("Game over", x, y, 20, bold=True)
    hud.text(winners_text(table.winner), x, y - 30, 16, bold=True)
    hud.text(sentence(table.end_reason or ""), x, y - 50, 12, width=PANEL_W, anchor_y="top")
    best = max(p.breakdown.total for p in table.players)
    hud.text(f"Highest total: {best} points.", x, y - 100, 13)
    hud.text("Ctrl+O loads a saved game; close the window to quit.", x, y - 130, 12, GREY)


def _short(name: str, chars: int) -> str:
    return name if len(name) <= chars else name[: max(1, chars - 1)] + "."


def _bind(function: Callable[[Any], None], value: Any) -> Callable[[], None]:
    return lambda: function(value)
