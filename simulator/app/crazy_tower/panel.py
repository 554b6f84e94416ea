"""The Crazy Tower screen's furniture: players and their banks (blocks drawn in their
colour with its symbol), the solo challenge and its clock, the floor card in play with
what its boxes do, the moves as buttons (the game log below them is game_log.py), and
the box legend along the bottom. Pure drawing into a Hud and an Icons batch; the screen
passes what to show."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from simulator.app.crazy_tower.bank import bank_rows, pick_order
from simulator.app.crazy_tower.facts import (
    ENGINE,
    EXCHANGE,
    LAY_CARD,
    PLACING,
    SABOTEUR,
    WHITE,
    Seen,
    card_title,
    content,
    is_over,
    piece,
    seen,
    top_card,
)
from simulator.app.crazy_tower.icons import Icons, block_width
from simulator.app.crazy_tower.tips import CLOCK_TIP, box_tip, kind_tip
from simulator.app.crazy_tower.words import (
    challenge_text,
    clock_text,
    floor_name,
    named,
    todo,
)
from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.app.tally import Tally, worded
from simulator.app.widgets import Button, Hud, line_height
from simulator.app.words import computer_tag, seat_tag, sentence
from simulator.render.palette import colour

PANEL_X = 812  # logical pixels: the right panel's left edge
LEGEND_H = 52  # the box legend along the bottom of the world view
WIDTH = DESIGN_W - PANEL_X - 14
CUBE = 15  # px: a bank block's cube
GREY = (110, 110, 110)


@dataclass
class PanelView:
    """What the panel shows of a state of the engine, and besides it."""

    game: Any  # the match's state, read only through the engine
    controllers: list[str]  # per seat: "human" or a bot level
    holding: bool  # a move of the hand is in progress
    time_left: float | None = None  # a timed challenge's clock
    give: str | None = None  # exchange: the block chosen to give
    held: str | None = None  # the piece in the hand
    tally: Tally = field(default_factory=Tally)  # the scores shown, counting to new ones
    elsewhere: dict[str, str] = field(default_factory=dict)  # seats on another desk: words

    def __post_init__(self) -> None:
        self.state: Seen = seen(self.game)  # as the engine describes it


@dataclass
class PanelActions:
    pick: Callable[[str], None]  # a block of the bank clicked (place it, or exchange it)
    move: Callable[[dict[str, Any]], None]  # a discrete move or the start of a live one
    role: Callable[[], None]  # show the current player's secret role


def draw_panel(hud: Hud, icons: Icons, view: PanelView, on: PanelActions) -> None:
    state = view.state
    x, y = PANEL_X, float(DESIGN_H - 26)
    # No opaque background: the world is clipped to its view (layout.clipped), and a
    # panel-sized fill would cost a millisecond a frame on a software renderer.
    hud.rect(x - 9, 0, 1, DESIGN_H, (200, 204, 212))
    number = state["challenge"]
    mode = state["mode"] if number is None else f"solo, challenge {number}"
    hud.text(f"Crazy Tower  ·  {mode}  ·  turn {state['turn']}", x, y, 15, bold=True)
    y -= 10
    hud.text(todo(view.game), x, y, 11, width=WIDTH, anchor_y="top")
    y -= 52
    challenge = challenge_text(state)
    if challenge:
        y = _challenge(hud, challenge, view.time_left, x, y)
    y = _players(hud, icons, view, on, x, y)
    y = _card(hud, icons, state, x, y)
    _moves(hud, view, on, x, y)  # the game log takes the room below (game_log.py)


def _challenge(hud: Hud, text: str, time_left: float | None, x: float, y: float) -> float:
    hud.rect(x - 4, y - 40, WIDTH + 8, 44, (255, 244, 214))
    hud.text(text, x, y, 11, width=WIDTH - 90 if time_left is not None else WIDTH, anchor_y="top")
    if time_left is not None:
        hud.tip(x + WIDTH - 90, y - 40, 94, 44, CLOCK_TIP)
        tone = (200, 40, 30) if time_left < 15 else (30, 30, 30)
        hud.text(
            clock_text(time_left),
            x + WIDTH,
            y - 20,
            22,
            tone,
            bold=True,
            anchor_x="right",
            anchor_y="center",
        )
    return y - 62


def _players(
    hud: Hud, icons: Icons, view: PanelView, on: PanelActions, x: float, y: float
) -> float:
    state = view.state
    numbered = pick_order(view.game)
    view.tally.unbind()
    exchanging = state["phase"] == EXCHANGE
    for seat, (name, player) in enumerate(state["players"].items()):
        current = name == state["current"] and not is_over(state)
        human = view.controllers[seat] == "human"
        hud.circle(x + 7, y + 5, 7, colour(player["colours"][0]).rgb)  # their first colour
        bot = computer_tag(view.controllers[seat])
        who = seat_tag(name, human, view.controllers.count("human"), view.elsewhere.get(name, bot))
        role = " · saboteur" if state["saboteur"] == name else ""  # named once it is over
        hand = player["hand"]
        words = worded(
            f"{'▶ ' if current else ''}{name}{who}{role}  ·  ",
            f" pts · {len(hand)} block{'' if len(hand) == 1 else 's'}",
        )
        shown = view.tally.number(name, player["score"])  # counts to a new score
        view.tally.bind(name, hud.text(words(shown), x + 20, y, 12, bold=current), words)
        y -= 10
        mine = current and human and not view.holding
        for row in bank_rows(state, name):
            y -= CUBE + 14
            bx = x + 20
            for block in row:
                w = block_width(block, CUBE)
                pickable = mine and block in numbered
                choosable = exchanging and _human_turn(view)
                if block in (view.give, view.held):  # chosen to give, or in the hand
                    hud.rect(bx - 3, y - 3, w + 6, CUBE + 6, (250, 200, 40))
                icons.block(block, bx, y, CUBE, dim=mine and not pickable and not exchanging)
                number = numbered.index(block) + 1 if pickable else 0
                if 0 < number <= 9:
                    hud.text(str(number), bx + w / 2, y + CUBE + 2, 9, GREY, anchor_x="center")
                if pickable or choosable:
                    key = f" or press {number}" if 0 < number <= 9 else ""
                    what = "give or take it" if choosable and not pickable else "place it"
                    tip = sentence(f"{named(block)}: click it{key} to {what}")
                    button = Button(bx, y, w, CUBE, _bind(on.pick, block), block, tip=tip)
                    hud.buttons.append(button)
                bx += w + 9
        if not hand:
            y -= 18
            hud.text("no blocks left", x + 20, y, 11, GREY)
        y -= 24
    return y


def _human_turn(view: PanelView) -> bool:
    state = view.state
    if is_over(state) or view.holding:
        return False
    return view.controllers[list(state["players"]).index(state["current"])] == "human"


def _card(hud: Hud, icons: Icons, state: Seen, x: float, y: float) -> float:
    revealed = state["revealed"] if state["phase"] == LAY_CARD else None
    card = revealed or top_card(state)
    floor = f"Top card, {floor_name(len(state['floors']) - 1)}"
    title = "Revealed floor card" if revealed else floor
    hud.text(f"{title}: “{card_title(card)}”", x, y, 12, bold=True)
    y -= 34
    icons.card(card, x, y, 56, 26)
    boxes = piece(card)["boxes"]
    for index in range(len(boxes)):
        hud.text(str(index + 1), x + 56 * index + 3, y + 2, 8, GREY)
        hud.tip(x + 56 * index, y, 56, 26, box_tip(card, index))
    hud.text(f"{state['deck']} cards in the deck", x + WIDTH, y + 8, 11, GREY, anchor_x="right")
    y -= 6
    effects = content()["box_effects"]
    for kind in dict.fromkeys(k for k in boxes if k != WHITE):
        y -= 16
        text = effects.get(kind, kind)
        icons.box(kind, x, y - 1, 13)
        said = hud.text(text, x + 20, y + 11, 10, width=WIDTH - 20, lines=2, anchor_y="top")
        y -= said.label.content_height - line_height(10)  # the lines past the first
    return y - 30


def _moves(hud: Hud, view: PanelView, on: PanelActions, x: float, y: float) -> float:
    state = view.state
    if not _human_turn(view):
        return y
    buttons: list[tuple[str, Callable[[], None]]] = []
    moves = ENGINE.legal_moves(view.game)
    for move in moves:
        label = _move_label(move)
        if label:
            buttons.append((label, _bind(on.move, move)))
    if state["mode"] == SABOTEUR:
        buttons.append(("Show my role (R)", on.role))
    if state["phase"] == EXCHANGE:
        give = named(view.give) if view.give else "one of yours"
        hud.text(
            f"Click a block to give ({give}), then another player's block to take.",
            x,
            y,
            11,
            width=WIDTH,
            anchor_y="top",
        )
        return y - 50
    if state["phase"] in PLACING and any(m["type"] == "place_block" for m in moves):
        hud.text("Click a block of your bank (or press its number).", x, y + 5, 11)
        y -= 24
    for label, action in buttons[:7]:
        hud.button(x, y - 26, min(WIDTH, 360), 26, label, action)
        y -= 30
    return y - 14


def _move_label(move: dict[str, Any]) -> str | None:
    """A button's words for a legal move (block placements are picked from the bank)."""
    kind = move["type"]
    if kind == "reveal_card":
        return "Reveal a floor card (V)"
    if kind == "pass":
        return "Pass: nothing can be played (P)"
    if kind == "replace_piece":
        return f"Put {named(move['piece'])} back (Space)"
    if kind == "remove_block":
        return f"Pull {named(move['block'])} out (or click it in the tower)"
    if kind == "skip_removal":
        return "Decline the removal (D)"
    return None


def draw_legend(hud: Hud, icons: Icons, width: float) -> None:
    """The box kinds along the bottom of the world view, each with its tone and symbol
    (the panel quotes what the boxes of the card in play do)."""
    hud.rect(0, 0, width, LEGEND_H, (232, 226, 214))
    kinds = content()["box_kinds"]
    step = (width - 24) / len(kinds)
    for index, kind in enumerate(kinds):
        bx = 12 + index * step
        icons.box(kind, bx, 12, 28)
        hud.text(kind.capitalize(), bx + 36, 21, 12, bold=True)
        hud.tip(bx - 4, 6, step - 8, 40, kind_tip(kind))


def _bind(function: Callable[[Any], None], value: Any) -> Callable[[], None]:
    return lambda: function(value)
