"""Every text the app lays out stays inside its box and inside its panel: the three game
screens (Crazy Tower in each mode), the start screen and the help overlay, with long
names, a long verdict and many players, at several window sizes.

A label's drawn extent is worked out here from pyglet's own numbers (its anchor, its
content_width and content_height, its font's ascent), not from the widget's box."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pyglet
import pytest

from simulator.app.layout import DESIGN_H, DESIGN_W
from simulator.app.widgets import Banner, FittedText, Hud
from simulator.app.window import AppWindow
from tests.app.crazy_tower_helpers import open_ct
from tests.app.filled_in_helpers import draft_until_placing, open_filled_in
from tests.app.helpers import close, frames, send

LONG = "Bartholomew-Alexandra"
NAMES = (LONG, "Maximiliana-Theodora", "Konstantinos-Evangelos", "Wilhelmina-Josephine")
VERDICT = (
    "Refused: the block would rest on the purple cube of Bartholomew-Alexandra, which the "
    "rules do not allow; pick it up again, turn it a quarter, and lower it onto the lot or "
    "onto another block of your tower before you let go of it, or undo the move."
)
SIZES = ((1280, 800), (800, 500), (1920, 1080), (640, 400))
SLACK = 1.5  # design px: rounding of glyph advances and of type set to whole device pixels


Rect = tuple[float, float, float, float]  # left, bottom, right, top


def drawn(fitted: FittedText) -> Rect:
    """Where a label's laid-out text lies, logical pixels (a label is laid out in its
    device's pixels: simulator/app/crisp.py)."""
    label = fitted.label
    w, h = label.content_width, label.content_height
    x, y = label.x, label.y
    left = {"left": x, "center": x - w / 2, "right": x - w}[label.anchor_x]
    if label.anchor_y == "baseline":
        top = y + pyglet.font.load(label.font_name, label.font_size, weight=label.weight).ascent
    else:
        top = {"top": y, "center": y + h / 2, "bottom": y + h}[label.anchor_y]
    (x0, y0), (x1, y1) = (fitted.device.to_design(*p) for p in ((left, top - h), (left + w, top)))
    return x0, y0, x1, y1


def inside(inner: Rect, outer: Rect) -> bool:
    return (
        inner[0] >= outer[0] - SLACK
        and inner[1] >= outer[1] - SLACK
        and inner[2] <= outer[2] + SLACK
        and inner[3] <= outer[3] + SLACK
    )


def huds(page: Any) -> list[tuple[str, Hud]]:
    found = []
    view = getattr(page, "view", None)  # a thin screen's view holds its huds
    for name, value in [*vars(page).items(), *(vars(view).items() if view else ())]:
        if isinstance(value, Hud):
            found.append((name, value))
        elif isinstance(value, Banner):
            found.append((f"{name}.hud", value.hud))
    return found


def check(page: Any, panels: list[Rect], where: str, extra: list[tuple[str, Hud]] = ()) -> int:
    """Every label of the page's huds: inside its box, the box on the screen, the text
    inside one panel (never across a divider), a banner's text inside the banner."""
    screen: Rect = (0, 0, DESIGN_W, DESIGN_H)
    problems, count = [], 0
    for name, hud in [*huds(page), *extra]:
        region = panels
        if name.startswith("banner"):
            banner = getattr(page, "view", page).banner
            region = [(8, DESIGN_H - 8 - banner.height, banner.width - 8, DESIGN_H - 8)]
        for fitted in hud.texts:
            label, box = fitted.label, fitted.box
            if not label.text.strip():
                continue
            count += 1
            rect = drawn(fitted)
            outer = (box.x, box.y, box.x + box.w, box.y + box.h)
            if not inside(rect, outer):
                problems.append(f"{name}: {label.text!r} {rect} leaves its box {outer}")
            if not inside(outer, screen):
                problems.append(f"{name}: the box of {label.text!r} {outer} leaves the screen")
            if not any(inside(rect, panel) for panel in region):
                problems.append(f"{name}: {label.text!r} {rect} leaves its panel")
    assert not problems, f"{where}:\n" + "\n".join(problems)
    return count


def each_size(
    window: AppWindow,
    page: Any,
    panels: list[Rect],
    where: str,
    least: int = 6,
    view: Any = None,
) -> None:
    """``view``: what holds the page's huds, if not the page (the LOTS screen's view)."""
    for width, height in SIZES:
        send(window, "on_resize", width, height)
        page.dirty = True
        frames(window)
        assert check(view or page, panels, f"{where} at {width}x{height}") >= least


def split(divider: float) -> list[Rect]:
    """A screen's two panels: the world on the left, the game's panel on the right."""
    return [(0, 0, divider, DESIGN_H), (divider, 0, DESIGN_W, DESIGN_H)]


def test_lots_texts_fit_with_long_names_many_players_and_a_long_verdict():
    from simulator.app.lots import session
    from simulator.app.lots.panel import PANEL_X
    from simulator.app.lots.screen import LotsScreen
    from tests.app.helpers import until_my_placement

    match = session.new_match(list(NAMES), "1A", 3)
    screen = LotsScreen(match, seed=3, humans={NAMES[0]})
    window = AppWindow(screen, visible=False, schedule=False)
    try:
        until_my_placement(window, screen)
        screen.message = VERDICT
        each_size(window, screen, split(PANEL_X - 9), "LOTS placing", view=screen.view)
    finally:
        close(window)


@pytest.mark.parametrize(
    ("mode", "seats", "challenge"),
    [
        ("competitive", tuple((n, "human") for n in NAMES), None),
        ("saboteur", tuple((n, "human") for n in NAMES), None),
        ("solo", ((LONG, "human"),), 9),
    ],
)
def test_crazy_tower_texts_fit_in_each_mode(mode, seats, challenge):
    from simulator.app.crazy_tower.panel import PANEL_X

    window, screen = open_ct(seats, seed=3, mode=mode, challenge=challenge)
    try:
        frames(window)
        if screen.turn.covers:  # the saboteur's cover, then the panel behind it
            cover = [(0, 0, DESIGN_W, DESIGN_H)]
            each_size(window, screen, cover, f"{mode} cover", 2, view=screen.view)
            screen.turn.covers.queue.clear()
            screen.view.cover_hud.clear()
        screen.message = VERDICT
        each_size(window, screen, split(PANEL_X - 9), f"Crazy Tower {mode}", view=screen.view)
    finally:
        close(window)


def test_filled_in_texts_fit_while_crafting_with_four_long_names():
    from simulator.app.filled_in.panel import PANEL_X

    seats = ((NAMES[0], "human"), *((n, "random") for n in NAMES[1:]))
    window, screen = open_filled_in(seats=seats)
    try:
        draft_until_placing(window, screen)
        screen.message = VERDICT
        each_size(window, screen, split(PANEL_X - 8), "Filled In crafting")
    finally:
        close(window)


def test_start_screen_and_help_texts_fit():
    from simulator.app.start_choices import StartChoices
    from simulator.app.start_screen import StartScreen

    choices = StartChoices()
    for _ in range(3):
        choices.add_seat()
    named = zip(choices.seats, NAMES, strict=True)
    choices.seats = [replace(seat, name=name) for seat, name in named]
    page = StartScreen(choices)
    window = AppWindow(page, visible=False, schedule=False, home=StartScreen)
    try:
        page.message = VERDICT
        each_size(window, page, [(0, 0, DESIGN_W, DESIGN_H)], "start screen")
    finally:
        close(window)


@pytest.mark.parametrize("game", ["lots", "crazy-tower", "filled-in"])
def test_the_help_overlay_fits_its_panel(game):
    from simulator.app.window import HELP_PANEL

    if game == "crazy-tower":
        window, _ = open_ct(tuple((n, "human") for n in NAMES[:2]))
    elif game == "filled-in":
        window, _ = open_filled_in()
    else:
        from tests.app.helpers import open_lots

        window, _, _ = open_lots()
    try:
        window.help_visible = True
        x, y, w, h = HELP_PANEL
        help_hud = [("help", window._help)]
        for width, height in SIZES[:2]:
            send(window, "on_resize", width, height)
            frames(window)
            assert check(_Nothing(), [(x, y, x + w, y + h)], f"{game} help", extra=help_hud) > 5
    finally:
        close(window)


class _Nothing:
    """A page without huds: the help overlay is checked alone."""


def test_a_larger_ui_scale_makes_the_texts_larger_and_they_still_fit():
    from simulator.app import settings
    from simulator.app.lots import session
    from simulator.app.lots.panel import PANEL_X
    from simulator.app.lots.screen import LotsScreen
    from tests.app.helpers import until_my_placement

    def message_size(screen: Any) -> float:
        (fitted,) = [t for t in screen.view.banner.hud.texts if t.label.text == screen.message]
        return fitted.label.font_size

    sizes = []
    for scale in (1.0, 1.5):
        settings.save(settings.Settings(ui_scale=scale))
        screen = LotsScreen(session.new_match(list(NAMES), "1A", 3), seed=3, humans={NAMES[0]})
        window = AppWindow(screen, visible=False, schedule=False)
        try:
            until_my_placement(window, screen)
            screen.message = "Your turn."
            frames(window)
            sizes.append(message_size(screen))
            screen.message = VERDICT
            each_size(
                window, screen, split(PANEL_X - 9), f"LOTS at UI scale {scale}", view=screen.view
            )
        finally:
            close(window)
    assert sizes[1] == pytest.approx(1.5 * sizes[0])
