"""The LOTS screen's furniture: players and banks, die, supply line, crew cards, moves,
the score track with its meeples and bonus spots. Pure drawing into a Hud, of what the
LOTS engine says (``describe``, ``legal_moves``, ``content``), players by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from simulator.app.lots import material
from simulator.app.lots.material import card_name, cells_of, colour_of, engine, piece_name
from simulator.app.lots.tips import (
    SOLO_TRACK_TIP,
    TRACK_TIP,
    die_tip,
    marker_tip,
    pile_tip,
    seat_tip,
    spot_tip,
)
from simulator.app.lots.words import phase_text
from simulator.app.piece_pictures import paint_piece, picture_size
from simulator.app.tally import Tally, worded
from simulator.app.widgets import Button, Hud
from simulator.app.words import computer_tag, markers, seat_tag, sentence, with_article
from simulator.render.mesh import Mesh
from simulator.render.palette import colour

PANEL_X = 812  # logical pixels: the right panel's left edge
TRACK_H = 96  # the score track strip at the bottom
SEAT_TONES = [(200, 60, 60), (50, 110, 200), (40, 150, 80), (150, 90, 190)]
BANK_UNIT = 16  # px: a cell of a bank piece's picture (a piece is at most 2 cells tall)
BANK_ROW = 2 * BANK_UNIT + 4  # px from a bank row to the next (and from the name above)
BANK_W = 458  # px: a bank row's width
NUMBER_W = 11  # px: the number key before a piece the player can pick


def move_label(move: dict[str, Any]) -> str:
    """A move (players by name) as its button says it."""
    kind = move["type"]
    if kind == "roll":
        return "Roll the die (R)"
    if kind == "pick_supply":
        return f"Take {with_article(move['colour'] + ' block')}"
    if kind == "give_crew":
        return f"Hand on {card_name(move['card'])}"
    if kind == "pass":
        return "Pass (P)"
    if kind == "play_crew":
        label = f"Play {card_name(move['card'])}"
        if move.get("target") is not None:
            label += f" on {move['target']}"
        if move.get("piece"):
            label += f" ({piece_name(move['piece'])})"
        return label
    return kind


def draw_panel(
    hud: Hud,
    state: Any,
    *,
    crew: list[str],
    humans: set[str],
    levels: dict[str, str],
    on_move: Callable[[dict[str, Any]], None],
    on_pick: Callable[[str], None],
    holding: bool,
    with_cube: bool,
    tally: Tally,
    elsewhere: dict[str, str] | None = None,
) -> None:
    """The panel of the LOTS ``state``; ``crew``: the crew cards of the player to move,
    whom the desk shows them to; ``levels``: the computer seats' levels. ``elsewhere``:
    what follows the name of a seat played on another desk (a network game), instead of
    "computer, LEVEL"."""
    x, top = PANEL_X, 790
    lots = engine()
    table = lots.describe(state)
    players, to_act, phase_now = table["players"], table["to_act"], table["phase"]
    tally.unbind()
    # No opaque background: the world is clipped to its view (layout.clipped), and a
    # panel-sized fill would cost a millisecond a frame on a software renderer.
    hud.rect(x - 9, TRACK_H, 1, 800 - TRACK_H, (200, 204, 212))
    phase = phase_text(phase_now)
    hud.text(f"LOTS  ·  turn {table['turn']}  ·  {phase}", x, top - 18, 16, bold=True)
    y: float = top - 48
    for seat, (name, player) in enumerate(players.items()):
        current = name in to_act
        tone = SEAT_TONES[seat % len(SEAT_TONES)]
        hud.circle(x + 8, y + 6, 7, tone)
        computer = (elsewhere or {}).get(name, computer_tag(levels.get(name)))
        who = seat_tag(name, name in humans, len(humans), computer)
        marker = "▶ " if current else ""
        words = worded(
            f"{marker}{name}{who}  ", f" pts  cubes {len(player['cubes'])}  crew {player['crew']}"
        )
        points = tally.number(name, player["score"])  # counts up to a new score
        tally.bind(name, hud.text(words(points), x + 22, y, 13, bold=current), words)
        hud.tip(x, y - 5, 458, 22, seat_tip(name, player))
        y -= BANK_ROW
        pickable = current and name in humans and phase_now == "place" and not holding
        y = _bank(hud, player["bank"], x + 22, y, on_pick if pickable else None) - 30
    y -= 4
    rolls = (e.get("face") for e in reversed(lots.events(state)) if e["type"] == "roll")
    face = next(rolls, None)
    hud.text(f"Die: {face or '-'}", x, y, 14, bold=True)
    hud.tip(x, y - 5, 80, 22, die_tip(face))
    if phase_now == "supply":
        hud.text("choose a pile", x + 90, y, 12, (90, 90, 90))
    y -= 26
    hud.text("Supply line", x, y, 13, bold=True)
    sx = x + 112
    for name, count in table["supply"].items():
        paint = colour(name)
        hud.rect(sx, y - 6, 54, 22, paint.rgb, layer=1)
        hud.tip(sx, y - 6, 54, 22, pile_tip(name, count))
        hud.text(
            str(count),
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
    acting = to_act[0] if to_act else None
    if acting is not None and crew:
        hud.text(f"Crew cards of {acting}", x, y, 13, bold=True)
        y -= 6
        for card_id in crew:
            card = material.piece(card_id)
            hud.rect(x, y - 62, 458, 62, (255, 246, 220), layer=0)
            hud.text(card["name"], x + 6, y - 15, 12, bold=True)
            hud.text(card["text"], x + 6, y - 22, 10, width=446, height=38, anchor_y="top")
            y -= 68
    if acting is not None and acting in humans and not holding:
        physical = lots.physical_choices(state)  # the hand's, from the bank
        moves = [move for move in lots.legal_moves(state) if move not in physical]
        if moves:
            y -= 8
            hud.text("Your move", x, y, 13, bold=True)
            y -= 32
            for move in moves[:8]:
                hud.button(x, y, 458, 26, move_label(move), _bind(on_move, move))
                y -= 30
        if phase_now == "place":
            cubes = players[acting]["cubes"]
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
        cells = cells_of(piece)
        w, h = picture_size(cells, BANK_UNIT)
        number = on_pick is not None and index < 9
        slot = (NUMBER_W if number else 0) + w
        if bx > x and bx + slot > x + BANK_W:
            bx, y = x, y - BANK_ROW
        if on_pick is None:
            hud.tip(
                bx - 3, y - 7, slot + 6, BANK_ROW - 2, sentence(f"{piece_name(piece)}, in the bank")
            )
        else:  # its label names it for the guide and the tests
            hud.rect(bx - 3, y - 7, slot + 6, BANK_ROW - 2, (226, 232, 244), layer=0)
            label = f"{index + 1}: {piece}" if number else piece
            key = f" or press {index + 1}" if number else ""
            tip = sentence(f"{piece_name(piece)}: click it{key} to pick it up")
            hud.buttons.append(
                Button(bx - 3, y - 7, slot + 6, BANK_ROW - 2, _bind(on_pick, piece), label, tip=tip)
            )
        if number:
            hud.text(str(index + 1), bx, y, 10, (90, 90, 90), bold=True)
            bx += NUMBER_W
        mesh = Mesh()
        paint_piece(mesh, cells, colour_of(piece), bx, y - 5 + (2 * BANK_UNIT - h) / 2, BANK_UNIT)
        hud.picture(mesh)
        bx += w + 12
    return y


def draw_track(hud: Hud, state: Any) -> None:
    """The score track: spots from the driveway (0) on, cube and crew spots marked,
    one meeple a player on the spot of its score."""
    track, table = material.track(), engine().describe(state)
    scores = table["scores"]
    last = max(track["length"], *scores.values())
    hud.rect(0, 0, 1280, TRACK_H, (232, 226, 214))
    solo = table["mode"] == "solo"  # the solo game has no bonuses
    hud.tip(0, 0, 1280, TRACK_H, SOLO_TRACK_TIP if solo else TRACK_TIP)
    hud.text("Score track", 10, TRACK_H - 18, 12, bold=True)
    step = (1280 - 40) / (last + 1)
    base_y = 30
    for spot in range(last + 1):
        cx = 20 + step * (spot + 0.5)
        if spot in track["cube_spots"]:
            held = str(spot) in table["track_cubes"]
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
        elif spot in track["crew_spots"]:
            hud.circle(cx, base_y, step * 0.42, (240, 200, 90))
            hud.text("C", cx, base_y, 9, anchor_x="center", anchor_y="center", layer=3)
        else:
            hud.circle(cx, base_y, step * 0.3, (255, 255, 255))
        if spot % 5 == 0:
            hud.text(str(spot), cx, 6, 9, anchor_x="center")
        said = spot_tip(spot, track, table["track_cubes"], solo)
        if said:
            hud.tip(cx - step / 2, base_y - step / 2, step, step, said)
    tags = markers(list(scores))
    for seat, (name, score) in enumerate(scores.items()):
        cx = 20 + step * (score + 0.5)
        cy = base_y + 18 + 12 * seat
        tone = SEAT_TONES[seat % len(SEAT_TONES)]
        hud.polygon([(cx - 6, cy - 6), (cx + 6, cy - 6), (cx, cy + 8)], tone, layer=2)
        hud.text(tags[seat], cx + 8, cy - 4, 9, tone, layer=3)
        hud.tip(cx - 7, cy - 7, 24, 16, marker_tip(name, score))


def _bind(function: Callable[[Any], None], value: Any) -> Callable[[], None]:
    return lambda: function(value)
