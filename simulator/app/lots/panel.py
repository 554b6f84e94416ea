"""The LOTS screen's furniture: players and banks, die, supply line, crew cards, moves,
the score track with its meeples and bonus spots. Pure drawing into a Hud."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.lots import LotsState, colour_of, legal_moves, spec_of
from rules.lots.content import get_card, score_track
from simulator.app.lots.words import phase_text, piece_name
from simulator.app.piece_pictures import paint_piece, picture_size
from simulator.app.tally import Tally, worded
from simulator.app.widgets import Button, Hud
from simulator.app.words import seat_tag
from simulator.render.mesh import Mesh
from simulator.render.palette import colour

PANEL_X = 812  # logical pixels: the right panel's left edge
TRACK_H = 96  # the score track strip at the bottom
SEAT_TONES = [(200, 60, 60), (50, 110, 200), (40, 150, 80), (150, 90, 190)]
BANK_UNIT = 11  # px: a cell of a bank piece's picture (a piece is at most 2 cells tall)
BANK_W = 458  # px: a bank row's width
NUMBER_W = 11  # px: the number key before a piece the player can pick


def move_label(state: LotsState, move: dict[str, Any]) -> str:
    kind = move["type"]
    if kind == "roll":
        return "Roll the die (R)"
    if kind == "pick_supply":
        return f"Take a {move['colour']} block"
    if kind == "give_crew":
        return f"Hand on {get_card(move['card']).name}"
    if kind == "pass":
        return "Pass (P)"
    if kind == "play_crew":
        label = f"Play {get_card(move['card']).name}"
        if move.get("target") is not None:
            label += f" on {state.players[move['target']]}"
        if move.get("piece"):
            label += f" ({piece_name(move['piece'])})"
        return label
    return kind


def draw_panel(
    hud: Hud,
    state: LotsState,
    *,
    humans: set[int],
    on_move: Callable[[dict[str, Any]], None],
    on_pick: Callable[[str], None],
    holding: bool,
    with_cube: bool,
    tally: Tally,
    elsewhere: dict[str, str] | None = None,
) -> None:
    """``elsewhere``: what follows the name of a seat played on another desk (a
    network game), instead of "computer"."""
    x, top = PANEL_X, 790
    tally.unbind()
    # No opaque background: the world is clipped to its view (layout.clipped), and a
    # panel-sized fill would cost a millisecond a frame on a software renderer.
    hud.rect(x - 9, TRACK_H, 1, 800 - TRACK_H, (200, 204, 212))
    phase = phase_text(state.phase)
    hud.text(f"LOTS  ·  turn {state.turn}  ·  {phase}", x, top - 18, 16, bold=True)
    y: float = top - 48
    for seat, name in enumerate(state.players):
        current = seat == state.to_act
        tone = SEAT_TONES[seat % len(SEAT_TONES)]
        hud.circle(x + 8, y + 6, 7, tone)
        who = seat_tag(name, seat in humans, len(humans), (elsewhere or {}).get(name, "computer"))
        marker = "▶ " if current else ""
        words = worded(
            f"{marker}{name}{who}  ",
            f" pts  cubes {len(state.cubes[seat])}  crew {len(state.crew_hands[seat])}",
        )
        points = tally.number(seat, state.scores[seat])  # counts up to a new score
        tally.bind(seat, hud.text(words(points), x + 22, y, 13, bold=current), words)
        y -= 24
        bank = state.banks[seat]
        pickable = current and seat in humans and state.phase == "place" and not holding
        y = _bank(hud, bank, x + 22, y, on_pick if pickable else None) - 30
    y -= 4
    face = next((e.get("face") for e in reversed(state.events) if e["type"] == "roll"), None)
    hud.text(f"Die: {face or '-'}", x, y, 14, bold=True)
    if state.pending and state.pending[0].get("kind") == "supply":
        hud.text("choose a pile", x + 90, y, 12, (90, 90, 90))
    y -= 26
    hud.text("Supply line", x, y, 13, bold=True)
    sx = x + 112
    for name, pile in state.supply.items():
        paint = colour(name)
        hud.rect(sx, y - 6, 54, 22, paint.rgb, layer=1)
        hud.text(
            str(len(pile)),
            sx + 27,
            y + 5,
            12,
            (255, 255, 255),
            anchor_x="center",
            anchor_y="center",
            layer=3,
        )
        sx += 60
    y -= 30
    acting = state.to_act
    if acting is not None and state.crew_hands[acting]:
        hud.text(f"Crew cards of {state.players[acting]}", x, y, 13, bold=True)
        y -= 6
        for card_id in state.crew_hands[acting]:
            card = get_card(card_id)
            hud.rect(x, y - 62, 458, 62, (255, 246, 220), layer=0)
            hud.text(card.name, x + 6, y - 15, 12, bold=True)
            hud.text(card.text, x + 6, y - 22, 10, width=446, height=38, anchor_y="top")
            y -= 68
    if acting is not None and acting in humans and not holding:
        moves = legal_moves(state)
        if moves:
            y -= 8
            hud.text("Your move", x, y, 13, bold=True)
            y -= 32
            for move in moves[:8]:
                hud.button(x, y, 458, 26, move_label(state, move), _bind(on_move, move))
                y -= 30
        if state.phase == "place":
            cubes = state.cubes[acting]
            tip = "Click a block in your bank (or press its number) to pick it up."
            if cubes:
                tip += f"  C: also place a purple cube ({'yes' if with_cube else 'no'})."
            hud.text(tip, x, y, 11, width=458, anchor_y="top")


def _bank(
    hud: Hud, bank: list[str], x: float, y: float, on_pick: Callable[[str], None] | None
) -> float:
    """A player's bank as small pictures of its pieces (numbered, and clickable, when
    the player picks from it now), wrapping onto more rows; returns the last row's y."""
    if not bank:
        hud.text("bank empty", x, y, 11, (120, 120, 120))
        return y
    bx = x
    for index, piece in enumerate(bank):
        cells = spec_of(piece).cells
        w, h = picture_size(cells, BANK_UNIT)
        number = on_pick is not None and index < 9
        slot = (NUMBER_W if number else 0) + w
        if bx > x and bx + slot > x + BANK_W:
            bx, y = x, y - 26
        if on_pick is not None:  # its label names it for the guide and the tests
            hud.rect(bx - 3, y - 7, slot + 6, 24, (226, 232, 244), layer=0)
            label = f"{index + 1}: {piece}" if number else piece
            hud.buttons.append(Button(bx - 3, y - 7, slot + 6, 24, _bind(on_pick, piece), label))
        if number:
            hud.text(str(index + 1), bx, y, 10, (90, 90, 90), bold=True)
            bx += NUMBER_W
        mesh = Mesh()
        paint_piece(mesh, cells, colour_of(piece), bx, y - 5 + (2 * BANK_UNIT - h) / 2, BANK_UNIT)
        hud.picture(mesh)
        bx += w + 12
    return y


def draw_track(hud: Hud, state: LotsState) -> None:
    """The score track: spots from the driveway (0) on, cube and crew spots marked,
    one meeple a player on the spot of its score."""
    track = score_track()
    last = max(track.length, *state.scores)
    hud.rect(0, 0, 1280, TRACK_H, (232, 226, 214))
    hud.text("Score track", 10, TRACK_H - 18, 12, bold=True)
    step = (1280 - 40) / (last + 1)
    base_y = 30
    for spot in range(last + 1):
        cx = 20 + step * (spot + 0.5)
        if spot in track.cube_spots:
            held = str(spot) in state.track_cubes
            hud.circle(cx, base_y, step * 0.42, colour("purple").rgb if held else (200, 190, 210))
            hud.text(
                "★" if held else "",
                cx,
                base_y,
                9,
                (255, 255, 255),
                anchor_x="center",
                anchor_y="center",
                layer=3,
            )
        elif spot in track.crew_spots:
            hud.circle(cx, base_y, step * 0.42, (240, 200, 90))
            hud.text("C", cx, base_y, 9, anchor_x="center", anchor_y="center", layer=3)
        else:
            hud.circle(cx, base_y, step * 0.3, (255, 255, 255))
        if spot % 5 == 0:
            hud.text(str(spot), cx, 6, 9, anchor_x="center")
    for seat, score in enumerate(state.scores):
        cx = 20 + step * (score + 0.5)
        cy = base_y + 18 + 12 * seat
        tone = SEAT_TONES[seat % len(SEAT_TONES)]
        hud.polygon([(cx - 6, cy - 6), (cx + 6, cy - 6), (cx, cy + 8)], tone, layer=2)
        hud.text(state.players[seat][:1], cx + 8, cy - 4, 9, tone, layer=3)


def _bind(function: Callable[[Any], None], value: Any) -> Callable[[], None]:
    return lambda: function(value)
