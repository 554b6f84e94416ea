"""Every component a player may wonder about says what it is when the mouse rests on it:
the LOTS score track, its spots and markers, the supply piles, the seats, the die, the
fall-risk label and the game log; Crazy Tower's card boxes, box legend, floor cards and
clock; Filled In's sheet boxes, score columns and dice. Each is hovered for real in a
headless window and its tooltip's words are checked."""

from __future__ import annotations

from typing import Any

from pyglet.window import key

from simulator.app.lots import material
from simulator.app.lots.material import engine
from simulator.app.lots.tips import spot_tip
from simulator.app.net_start import NetworkStartScreen
from simulator.app.start_choices import StartChoices
from simulator.app.start_screen import StartScreen
from simulator.app.tooltip import DELAY
from simulator.app.window import AppWindow
from tests.app.crazy_tower_helpers import open_ct
from tests.app.filled_in_helpers import open_filled_in
from tests.app.helpers import (
    close,
    frames,
    open_lots,
    send,
    until_my_placement,
    world_to_window,
)


def hover(window: Any, x: float, y: float) -> str | None:
    """Rest the mouse on logical (x, y); the tooltip shown."""
    send(window, "on_mouse_motion", *window.box.to_window(x, y), 0, 0)
    frames(window, 3, DELAY / 2)
    return window.tooltip.shown


def tip_starting(window: Any, huds: list[Any], start: str) -> str | None:
    """Hover the middle of the first tipped component whose tip starts with ``start``."""
    tip = next(t for hud in huds for t in hud.tips if t.tip.startswith(start))
    return hover(window, tip.x + tip.w / 2, tip.y + tip.h / 2)


def test_the_lots_panel_and_track_say_what_they_are() -> None:
    window, screen, match = open_lots()
    try:
        until_my_placement(window, screen)
        frames(window, 2)
        view, table = screen.view, engine().describe(match.state)
        panel, track = view.hud, view.track_hud
        red = table["supply"]["red"]
        assert tip_starting(window, [panel], "The red pile") == (
            f"The red pile of the supply: {red} blocks left."
        )
        you = table["players"]["You"]
        said = tip_starting(window, [panel], "You have")
        assert said is not None and said.startswith(f"You have {you['score']} point")
        assert said.endswith(f"your bank below holds {len(you['bank'])} blocks.")
        assert tip_starting(window, [panel], "The die").startswith("The die shows")
        assert tip_starting(window, [track], "Spot 4") == (
            "Spot 4 holds a purple cube for the last player to reach it."
        )
        assert tip_starting(window, [track], "Spot 7") == (
            "Spot 7 gives a crew card to the last player to reach it."
        )
        score = table["scores"]["Computer 2"]
        points = f"{score} point" + ("" if score == 1 else "s")
        assert tip_starting(window, [track], "Computer 2's marker") == (
            f"Computer 2's marker: Computer 2 has {points}."
        )
        assert hover(window, 640, 60).startswith("The score track: each marker")  # a plain spot
        log = screen.game_log.hud
        assert log.tips, "the game log shows after a few moves"
        assert tip_starting(window, [log], "What happened").startswith("What happened so far")
    finally:
        close(window)


def test_the_fall_risk_label_explains_itself() -> None:
    window, screen, match = open_lots()
    try:
        until_my_placement(window, screen)
        send(window, "on_key_press", key._1, 0)  # the first block of the bank, in the hand
        frames(window)
        lot = match.lot
        send(
            window,
            "on_mouse_motion",
            *world_to_window(window, screen, (lot.left + lot.right) / 2, 14.0),
            0,
            0,
        )
        frames(window, 60)
        screen.turns.risk.wait(30)
        frames(window, 2)
        box = screen.view.ghost_label.box
        assert box is not None and screen.view.ghost_label.text.startswith("Chance of a fall")
        x, y, w, h = box
        # the label follows the piece, so the window is asked where the pointer would rest
        said = screen.tip_at(x + w / 2, y + h / 2)
        assert said is not None and said.startswith("How likely a block of your tower falls")
    finally:
        close(window)


def test_crazy_tower_card_boxes_legend_and_floor_cards_say_what_they_do() -> None:
    window, screen = open_ct()
    try:
        frames(window, 3)
        hud = screen.view.hud
        said = tip_starting(window, [hud], "Box 1 of the")
        assert said is not None and " card is a " in said and said.endswith(".")
        assert tip_starting(window, [hud], "A loop box") == (
            "A loop box: when a block covers it, the player must play again immediately."
        )
        floors = screen.turn.shown()["floors"]
        entry = screen.match.world.entry(floors[0])
        x, y = screen.view.camera().to_screen(entry.pose.x, entry.pose.y)
        said = hover(window, x, y)
        assert said is not None and said.startswith("The ground floor is the ")
    finally:
        close(window)


def test_a_timed_challenge_clock_says_what_runs_out() -> None:
    window, screen = open_ct((("Ann", "human"),), mode="solo", challenge=7)
    try:
        frames(window, 3)
        said = tip_starting(window, [screen.view.hud], "The time left")
        assert said is not None and said.endswith("when it runs out the challenge is lost.")
    finally:
        close(window)


def test_filled_in_sheet_boxes_columns_and_dice_say_what_they_are() -> None:
    window, screen = open_filled_in()
    try:
        frames(window, 3)
        turns = screen.turns
        player = turns.table.players[turns.viewed]
        geo = turns.geometry()
        (cell, (number, asked)), *_ = player.sheet.tools.items()
        level = next(n for n, cells in player.sheet.levels.items() if cell in cells)
        size = len(player.sheet.levels[level])
        said = hover(window, *geo.centre(cell))
        assert said == (
            f"Level {level}: 0 of {size} boxes filled in; tool {number}: fill this box in "
            f"{asked} to score {number}."
        )
        front = screen.view.front
        assert tip_starting(window, [front], "Points for the tools") is not None
        send(window, "on_key_press", key.R, 0)  # roll: the dice to draft show, larger
        frames(window, 3)
        die = next(b for b in front.buttons if b.tip and "to take it" in b.tip)
        assert die.w > 44  # larger than while a block is crafted: the panel has the room
        said = hover(window, die.x + die.w / 2, die.y + die.h / 2)
        assert said is not None and said.endswith("to take it.") and "press 1" in said
    finally:
        close(window)


def test_the_network_pages_table_choices_say_what_they_mean() -> None:
    page = NetworkStartScreen(StartChoices(), back=StartScreen)
    window = AppWindow(page, visible=False, schedule=False)
    try:
        frames(window, 2)
        clock = next(b for b in page.hud.buttons if b.label.startswith("Turn clock"))
        said = hover(window, clock.x + clock.w / 2, clock.y + clock.h / 2)
        assert said is not None and said.startswith("How long each move may take")
        undo = next(b for b in page.hud.buttons if b.label.startswith("Undo after"))
        said = hover(window, undo.x + undo.w / 2, undo.y + undo.h / 2)
        assert said is not None and said.startswith("Whether a player may take back a move")
    finally:
        close(window)


def test_the_solo_track_promises_no_bonus() -> None:
    track = material.track()
    spot = track["cube_spots"][0]
    assert spot_tip(spot, track, {str(spot): "purple-1"}, solo=False) is not None
    assert spot_tip(spot, track, {str(spot): "purple-1"}, solo=True) is None
