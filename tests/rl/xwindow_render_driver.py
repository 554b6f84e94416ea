"""Run by test_render.py under Xvfb: the human viewer on a real display.

The viewer draws a LOTS match straight into its window, then shows an offscreen frame
of the match one placement on; after each, the screen's pixels under the window are
read back from the X server (XGetImage, as a screenshot would) and kept beside the
offscreen frame of the same state. Then three frames are shown at ``fps`` 8, Filled
In's sheets are drawn (and read back likewise), and the viewer is closed. Writes what
it saw to ``result.json`` in the folder its first argument names, the pictures as .npy
beside it, and exits. Never run by pytest directly.
"""

from __future__ import annotations

import ctypes
import json
import sys
import time
from pathlib import Path

import numpy as np

from simulator.files import write_atomically
from simulator.rl.render import FrameRenderer, HumanViewer
from tests.rl.render_matches import filled_in_match, lots_match, place_first, place_second

TITLE = "towersim rl render xtest"
SIZE = (320, 240)
FPS = 8.0


def screenshot(x: int, y: int, width: int, height: int) -> np.ndarray:
    """What the X server shows in that rectangle of the screen, (H, W, 3) RGB."""
    from pyglet.libs.x11 import xlib

    display = xlib.XOpenDisplay(None)
    try:
        root = xlib.XDefaultRootWindow(display)
        image = xlib.XGetImage(display, root, x, y, width, height, 0xFFFFFFFF, xlib.ZPixmap)
        shot = image.contents
        assert shot.bits_per_pixel == 32, f"{shot.bits_per_pixel} bits a pixel"
        # pyglet types ``data`` as a C string (cut at the first zero byte): read the pointer.
        data = ctypes.c_void_p.from_address(ctypes.addressof(shot) + type(shot).data.offset)
        raw = ctypes.string_at(data.value, shot.bytes_per_line * height)
        words = np.frombuffer(raw, dtype=np.uint32).reshape(height, -1)[:, :width]
        channels = []
        for mask in (shot.red_mask, shot.green_mask, shot.blue_mask):
            shift = (mask & -mask).bit_length() - 1
            channels.append(((words & mask) >> shift).astype(np.uint8))
        return np.stack(channels, axis=-1)
    finally:
        xlib.XCloseDisplay(display)


def seen(viewer: HumanViewer) -> np.ndarray:
    time.sleep(0.3)  # let the server put the flipped frame up
    x, y = viewer._window.get_location()
    return screenshot(x, y, *SIZE)


def main(out: Path) -> None:
    match = lots_match()
    place_first(match)
    viewer = HumanViewer(*SIZE, caption=TITLE)
    viewer.draw(match)  # the first frame opens the window: this process is not headless
    drawn = seen(viewer)
    renderer = FrameRenderer(*SIZE)  # after the window, so through a hidden one on the display
    expected_drawn = renderer.frame(match)
    place_second(match)
    expected_shown = renderer.frame(match)
    viewer.show(expected_shown)
    shown = seen(viewer)

    viewer.fps = FPS
    start = time.monotonic()
    for _ in range(3):
        viewer.show(expected_shown)
    paced = time.monotonic() - start
    sheets = filled_in_match(12)
    viewer.draw(sheets)
    sheets_drawn = seen(viewer)
    expected_sheets = renderer.frame(sheets)
    was_open = viewer.is_open
    viewer.close()
    viewer.show(expected_shown)  # a closed viewer shows nothing more, and does not fail
    renderer.close()
    for name, picture in {
        "drawn": drawn,
        "expected_drawn": expected_drawn,
        "shown": shown,
        "expected_shown": expected_shown,
        "sheets_drawn": sheets_drawn,
        "expected_sheets": expected_sheets,
    }.items():
        np.save(out / f"{name}.npy", picture)
    result = {"paced": paced, "was_open": was_open, "open_after_close": viewer.is_open}
    write_atomically(out / "result.json", json.dumps(result).encode())


if __name__ == "__main__":
    main(Path(sys.argv[1]))
