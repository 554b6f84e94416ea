"""Frames of a match (Gymnasium's rgb_array) drawn headless, and the human window under
Xvfb in a process of its own (a headless process cannot open a window)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from simulator.render.palette import BACKGROUND, TABLE, colour
from simulator.rl.render import FrameRenderer, HumanViewer
from tests.app.xvfb import needs_xvfb, real_app
from tests.rl.render_matches import (
    crazy_tower_match,
    filled_in_match,
    lots_match,
    place_first,
    place_second,
)


@pytest.fixture(scope="module")
def renderer():
    with FrameRenderer() as made:
        yield made


def _pixels_of(frame: np.ndarray, rgb: tuple[int, int, int]) -> int:
    return int(np.all(frame == rgb, axis=-1).sum())


def test_a_lots_frame_shows_each_placed_piece_and_the_same_state_gives_the_same_pixels(
    renderer,
) -> None:
    match = lots_match()
    before = renderer.frame(match)
    place_first(match)
    one = renderer.frame(match)
    place_second(match)
    two = renderer.frame(match)
    for frame in (before, one, two):
        assert frame.shape == (480, 480, 3) and frame.dtype == np.uint8
        assert frame.flags.writeable and frame.flags.c_contiguous
        assert _pixels_of(frame, TABLE) > 480 * 20  # the table, across the bottom
    # Top row first: the table is in the lower half, the pieces above it.
    table_rows = np.nonzero(np.all(two == TABLE, axis=-1))[0]
    blue_rows = np.nonzero(np.all(two == colour("blue").rgb, axis=-1))[0]
    assert table_rows.min() > 240 and blue_rows.max() < table_rows.min()
    blue, orange = colour("blue").rgb, colour("orange").rgb
    assert _pixels_of(before, blue) == 0 and _pixels_of(one, blue) > 1000
    assert _pixels_of(one, orange) == 0 and _pixels_of(two, orange) > 1000
    assert not np.array_equal(before, one) and not np.array_equal(one, two)
    assert np.array_equal(renderer.frame(match), two)
    with FrameRenderer() as fresh:  # a new context and scene draw it the same
        assert np.array_equal(fresh.frame(match), two)


def test_a_crazy_tower_frame_and_the_scene_made_again_for_another_world(renderer) -> None:
    lots = lots_match()
    place_first(lots)
    first = renderer.frame(lots)
    tower = renderer.frame(crazy_tower_match())
    assert tower.shape == (480, 480, 3)
    assert _pixels_of(tower, colour("red").rgb) > 500
    assert _pixels_of(tower, colour("green").rgb) > 500
    assert _pixels_of(tower, colour("blue").rgb) == 0  # no LOTS piece left over
    assert np.array_equal(renderer.frame(lots), first)


def test_a_filled_in_frame_shows_the_drawn_boxes() -> None:
    with FrameRenderer(640, 360) as renderer:
        start = renderer.frame(filled_in_match(0))
        later_match = filled_in_match(12)
        later = renderer.frame(later_match)
        assert later.shape == (360, 640, 3) and later.dtype == np.uint8
        assert not np.array_equal(start, later)
        drawn = {block.colour for p in later_match.state.players for block in p.tower.blocks}
        assert drawn
        for name in drawn:
            assert _pixels_of(start, colour(name).rgb) == 0
            assert _pixels_of(later, colour(name).rgb) > 100, name
        assert np.array_equal(renderer.frame(later_match), later)


@pytest.mark.parametrize(("width", "height"), [(16, 16), (320, 200), (200, 320)])
def test_a_frame_has_the_size_asked_for(width: int, height: int) -> None:
    match = lots_match()
    place_first(match)
    with FrameRenderer(width, height) as renderer:
        frame = renderer.frame(match)
    assert frame.shape == (height, width, 3)
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 2


@pytest.mark.parametrize(("width", "height"), [(15, 480), (480, 4097), (0, 0)])
def test_a_size_out_of_range_is_refused(width: int, height: int) -> None:
    with pytest.raises(ValueError, match="16 to 4096 pixels"):
        FrameRenderer(width, height)
    with pytest.raises(ValueError, match="16 to 4096 pixels"):
        HumanViewer(width, height)


def test_a_match_with_nothing_to_draw_is_refused(renderer) -> None:
    with pytest.raises(TypeError, match="cannot draw a object"):
        renderer.frame(object())  # type: ignore[arg-type]
    match = lots_match()  # and the renderer still works
    assert len(np.unique(renderer.frame(match).reshape(-1, 3), axis=0)) > 2


def test_the_human_window_is_refused_in_a_headless_process_with_the_reason(renderer) -> None:
    renderer.frame(lots_match())  # this process now draws headless
    viewer = HumanViewer()
    with pytest.raises(ValueError, match=r"\(H, W, 3\) uint8"):
        viewer.show(np.zeros((4, 4), np.uint8))
    with pytest.raises(RuntimeError, match="already runs headless"):
        viewer.show(np.zeros((4, 4, 3), np.uint8))
    assert not viewer.is_open
    viewer.close()


def test_a_frame_closed_renderer_opens_again_on_the_next_frame() -> None:
    renderer = FrameRenderer(64, 64)
    match = lots_match()
    first = renderer.frame(match)
    renderer.close()
    renderer.close()  # twice is harmless
    assert np.array_equal(renderer.frame(match), first)
    renderer.close()
    background = np.all(first == BACKGROUND, axis=-1)
    assert 0 < background.mean() < 1


@needs_xvfb
def test_the_human_window_shows_the_match_and_the_frames_on_the_display(tmp_path) -> None:
    with real_app("tests.rl.xwindow_render_driver", tmp_path) as app:
        result = app.wait_for(tmp_path / "result.json", 60)
    # What the X server shows in the window is exactly the offscreen frame of that state:
    # drawn straight into the window, then shown as a frame, then Filled In's sheets.
    drawn, shown = np.load(tmp_path / "drawn.npy"), np.load(tmp_path / "shown.npy")
    assert np.array_equal(drawn, np.load(tmp_path / "expected_drawn.npy"))
    assert np.array_equal(shown, np.load(tmp_path / "expected_shown.npy"))
    sheets = np.load(tmp_path / "sheets_drawn.npy")
    assert np.array_equal(sheets, np.load(tmp_path / "expected_sheets.npy"))
    assert not np.array_equal(drawn, shown)  # the second placement is on screen
    assert _pixels_of(shown, colour("orange").rgb) > 100
    assert _pixels_of(drawn, colour("orange").rgb) == 0
    assert result["was_open"] and not result["open_after_close"]
    assert result["paced"] >= 2 / 8 - 0.01, json.dumps(result)  # three frames at 8 fps
