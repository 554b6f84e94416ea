"""The game screens' feel: scores count up to their new value (a computer's only once
its move is shown), what scored flashes where it happened and fades, and the tower's
settling is shown before the verdict."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest
from pyglet.window import key

from rules.filled_in import scores
from simulator.app.filled_in import session as filled_in_session
from simulator.app.filled_in.screen import FilledInScreen
from simulator.app.flashes import FLASH_SECONDS, GOLD, GOOD, WHITE, Flashes
from simulator.app.lots import session as lots_session
from simulator.app.lots.flashes import lots_flashes
from simulator.app.lots.screen import LotsScreen
from simulator.app.tally import COUNT_SECONDS, GLOW, GLOW_SECONDS, Tally
from simulator.app.window import AppWindow
from simulator.games.lots.match import Placement
from simulator.physics.geometry import transform
from simulator.render.bodies import CARD_DRAWN
from tests.app.crazy_tower_helpers import hover, lower_and_release, open_ct, over_card
from tests.app.helpers import (
    close,
    frames,
    open_lots,
    pixel,
    send,
    until_my_placement,
    world_to_window,
)

TICK = 1 / 60
FADED = round(FLASH_SECONDS / TICK) + 5  # frames after which every flash is gone


def _near(rgb: tuple[int, ...], other: tuple[int, ...]) -> float:
    return math.dist(rgb, other)


def _flashed(lit: tuple[int, ...], plain: tuple[int, ...], tone: tuple[int, ...]) -> bool:
    """``lit`` is ``plain`` pulled well towards the flash's ``tone``."""
    return _near(lit, tone) < _near(plain, tone) - 40


def _cut(scenario: str, before: str, tmp_path: Path, *, first: bool = False) -> Path:
    """The scenario up to (not including) the last (or ``first``) ``before``: the
    actions after it, and its [expect], gone."""
    text = Path(scenario).read_text()
    path = tmp_path / "cut.toml"
    path.write_text(text[: text.index(before) if first else text.rindex(before)])
    return path


# -- the tally ---------------------------------------------------------------------------


@pytest.mark.parametrize(("old", "new"), [(4, 14), (42, 39)])
def test_a_count_starts_at_the_old_number_and_rolls_monotonely_to_the_new(old, new):
    tally = Tally()
    assert tally.number("Ann", old) == old  # the first value shows at once
    assert not tally.running
    assert tally.number("Ann", new) == old  # a change starts from the number shown
    seen, seconds = [tally.shown("Ann")], 0.0
    while tally.counting("Ann"):
        tally.step(TICK)
        seconds += TICK
        seen.append(tally.shown("Ann"))
    step = 1 if new > old else -1
    assert all((b - a) * step >= 0 for a, b in itertools.pairwise(seen))
    assert seen[0] == old and seen[-1] == new
    assert any(min(old, new) < n < max(old, new) for n in seen)
    assert seconds == pytest.approx(COUNT_SECONDS, abs=TICK)
    # eased out: most of the way in the first half
    halfway = seen[len(seen) // 2]
    assert abs(halfway - old) > 0.75 * abs(new - old)
    while tally.running:  # then the highlight fades, and the count is over
        tally.step(TICK)
        seconds += TICK
    assert seconds == pytest.approx(GLOW_SECONDS, abs=TICK)
    assert tally.number("Ann", new) == new and not tally.running


def test_a_new_value_mid_count_rolls_on_from_the_number_shown():
    tally = Tally()
    tally.number("Ann", 0)
    tally.number("Ann", 10)
    tally.step(COUNT_SECONDS / 3)
    midway = tally.shown("Ann")
    assert 0 < midway < 10
    assert tally.number("Ann", 20) == midway
    tally.step(COUNT_SECONDS)
    assert tally.shown("Ann") == 20
    tally.reset()
    assert tally.number("Ann", 3) == 3 and not tally.running  # a load shows at once


# -- LOTS --------------------------------------------------------------------------------


class _ScriptedBot:
    """Ben's last placement of scenarios/lots/floor-completed.toml: floors 2 and 3."""

    def decide(self, match):
        return "place", Placement(block="green-2", col=4, turns=1, cube="purple-1", cube_col=3)


def _ben_row(screen: LotsScreen) -> str:
    return next(t.label.text for t in screen.view.hud.texts if "Ben (computer" in t.label.text)


def _points(row: str) -> int:
    return int(row.split("  ")[1].split()[0])


def test_a_computers_floors_flash_once_shown_and_its_score_counts_up(tmp_path):
    cut = _cut("scenarios/lots/floor-completed.toml", "[[action]]", tmp_path)
    saved = lots_session.load_saved(cut)
    screen = LotsScreen(saved.match, seed=saved.seed, humans={"Ann"}, levels={"Ben": "random"})
    screen.turns.seats.seats["Ben"].player = _ScriptedBot()
    window = AppWindow(screen, visible=False, schedule=False)
    try:
        for _ in range(300):
            frames(window)
            if screen.playback is not None:
                break
        assert screen.playback is not None and screen.match.state.scores[1] == 14
        frames(window, 20)  # the move plays back: the panel keeps the score before it
        assert _points(_ben_row(screen)) == 4
        lot = screen.match.lot
        ox, oy = lot.grid.origin
        size = lot.grid.cell

        def at(row: int, col: int) -> tuple[int, int, int]:  # a cell, off its symbol
            x, y = ox + (col + 0.2) * size, oy + (row + 0.25) * size
            return pixel(window, *world_to_window(window, screen, x, y))

        send(window, "on_key_press", key.SPACE, 0)  # skip to the end of the move
        counted = []
        frames(window)
        assert screen.playback is None
        lit = {cell: at(*cell) for cell in ((1, 0), (2, 4), (4, 0))}
        box = screen.view.tally.label("Ben")  # the panel counts by name
        assert box is not None
        row = next(t.box for t in screen.view.hud.texts if t.label is box)
        glow_at = window.box.to_window(row.x + row.w - 6, row.y + row.h / 2)
        glowing = pixel(window, *glow_at)
        for _ in range(FADED):
            counted.append(_points(_ben_row(screen)))
            frames(window)
        # the count: from the old score to the new one, rising, over COUNT_SECONDS
        assert counted[0] == 4 and counted[-1] == 14
        assert all(a <= b for a, b in itertools.pairwise(counted))
        assert any(4 < n < 14 for n in counted)
        assert counted.index(14) <= round(COUNT_SECONDS / TICK) + 1
        # floors 2 and 3 (rows 1 and 2) flashed gold; floor 5 did not flash
        plain = {cell: at(*cell) for cell in lit}
        assert _flashed(lit[(1, 0)], plain[(1, 0)], GOLD)
        assert _flashed(lit[(2, 4)], plain[(2, 4)], GOLD)
        assert _near(lit[(4, 0)], plain[(4, 0)]) < 12
        # the row glowed while it counted
        assert _flashed(glowing, pixel(window, *glow_at), GLOW)
    finally:
        close(window)


def test_the_tower_settles_on_screen_before_the_verdict():
    window, screen, _match = open_lots()
    try:
        until_my_placement(window, screen)
        frames(window, 30)
        send(window, "on_key_press", key._1, 0)
        frames(window)
        piece = screen.live.piece
        send(window, "on_mouse_motion", *world_to_window(window, screen, 0.0, 12.0), 0, 0)
        frames(window, 90)
        send(window, "on_key_press", key.SPACE, 0)  # let go well above the tower
        heights, last = [], None
        for _ in range(600):
            frames(window)
            if screen.message.startswith("Verdict"):
                break
            last = screen.match.world.entry(piece)
            heights.append(round(last.pose.y, 2))
        assert screen.message.startswith("Verdict")
        # it fell in front of the player, a frame at a time ...
        assert len(set(heights)) >= 10 and heights[0] > heights[-1] + 3
        # ... and the verdict waited until everything still in play was still: here the
        # O fell off the tower, and once it was judged fallen where it rolled on the
        # table decided nothing (docs/physics.md, "Resting"); it leaves the world
        assert "it fell" in screen.message and piece not in screen.match.world
        world = screen.match.world
        limit = world.profile.settle_speed
        assert all(e.body.velocity.length < limit for e in world.entries if e.dynamic)
        assert last is not None
    finally:
        close(window)


# -- Crazy Tower -------------------------------------------------------------------------


def test_a_crazy_tower_box_covered_flashes_on_its_card():
    window, screen = open_ct()
    try:
        frames(window, 3)
        send(window, "on_key_press", key._1, 0)
        frames(window)
        hover(window, screen, *over_card(screen, "fc-00", 10.0, 4.0))
        lower_and_release(window, screen)  # the verdict: the flash starts
        placed = next(e for e in reversed(screen.live.after.events) if e["type"] == "block_placed")
        covered = placed["boxes"][0]
        card = screen.match.world.entry("fc-00")
        length, thickness = card.piece.box
        width = length / card.piece.boxes
        middle = thickness / 2 - CARD_DRAWN / 2  # half way down the card as drawn

        def box_pixel(index: int) -> tuple[int, int, int]:
            local = [(-length / 2 + (index + 0.25) * width, middle)]
            pose = card.pose
            (x, y), *_ = transform(local, pose.x, pose.y, pose.angle)
            return pixel(window, *world_to_window(window, screen, x, y))

        other = (covered + 2) % card.piece.boxes
        lit, unlit = box_pixel(covered), box_pixel(other)
        send(window, "on_key_press", key.RETURN, 0)  # confirmed: the flash goes on fading
        frames(window, FADED)
        assert screen.live is None
        assert _flashed(lit, box_pixel(covered), GOLD)
        assert _near(unlit, box_pixel(other)) < 12
    finally:
        close(window)


# -- Filled In ---------------------------------------------------------------------------


def test_a_filled_in_tool_flashes_on_its_sheet_and_the_total_counts_up(tmp_path):
    # Round 1 of the tools scenario, up to Ann's placement over tool 1 (row 2, column 2).
    place = '[[action]]\ntype = "place"'
    cut = _cut("scenarios/filled-in/tools-and-colours.toml", place, tmp_path, first=True)
    screen = FilledInScreen(filled_in_session.load(cut), autosave=False)
    window = AppWindow(screen, visible=False, schedule=False)
    try:
        frames(window)
        turns = screen.turns
        assert turns.pending is not None and turns.pending.player == "Ann"
        turns.shape_die(1)  # the green I gives the shape, the red I the colour
        assert turns.pending.draw_block(turns.state, ((0, 1), (1, 1), (2, 1), (3, 1))) is None
        geo = turns.geometry(0)
        x, y = geo.corner((1, 1))
        tool = window.box.to_window(x + geo.cell * 0.2, y + geo.cell * 0.2)
        screen.confirm()
        assert "completed tool 1" in screen.message
        frames(window)
        assert turns.viewed == 1  # Bob places next: his sheet shows no flash of Ann's
        bobs = pixel(window, *tool)
        turns.view(0)
        frames(window)
        lit = pixel(window, *tool)
        totals = []
        for _ in range(FADED):
            label = screen.view.tally.label(("Ann", "Total"))
            assert label is not None
            totals.append(int(label.text))
            frames(window)
        plain = pixel(window, *tool)
        assert _flashed(lit, plain, GOOD)
        assert not _flashed(bobs, plain, GOOD)
        total = scores(turns.state)["Ann"].total
        assert totals[0] == 0 and totals[-1] == total > 1
        assert all(a <= b for a, b in itertools.pairwise(totals))
        assert any(0 < n < total for n in totals)
    finally:
        close(window)


class _Recorded(Flashes):
    """Flashes that keep what they were asked to light (no GL needed)."""

    def __init__(self) -> None:
        super().__init__()
        self.lit: list[tuple[list, tuple[int, int, int]]] = []

    def add(self, fills, edges, rgb, *, tag=None, held=False) -> None:
        self.lit.append((list(fills), rgb))


def test_a_lots_colour_match_lights_the_placed_block_and_the_block_it_matches():
    saved = lots_session.load_saved(Path("scenarios/lots/colour-match.toml"))
    state, lot = saved.match.state, saved.match.lot
    events = state.events
    scored = max(i for i, e in enumerate(events) if e["type"] == "turn_score")
    placed = max(i for i in range(scored) if events[i]["type"] == "place")
    assert events[scored]["matches"] == ["blue-2"]
    flashes = _Recorded()
    lots_flashes(flashes, events[placed : scored + 1], state, lot)
    size = lot.grid.cell
    ox, oy = lot.grid.origin
    lit = {
        (round((poly[0][1] - oy) / size), round((poly[0][0] - ox) / size))
        for fills, rgb in flashes.lit
        for poly in fills
    }
    assert {rgb for _, rgb in flashes.lit} == {WHITE}
    pieces = ("blue-2", events[placed]["block"])
    assert lit == {tuple(c) for piece in pieces for c in state.tower[piece]}
