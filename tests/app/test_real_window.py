"""One real window under Xvfb: xdotool moves the real mouse to place a block, and the
rules' verdict is checked. Skipped (saying why) only where Xvfb or xdotool is missing;
CI (.ci/run) installs both."""

from __future__ import annotations

import time

from tests.app.xvfb import needs_xvfb, real_app

pytestmark = needs_xvfb


def test_the_real_mouse_places_a_block(tmp_path):
    with real_app("tests.app.xwindow_driver", tmp_path) as app:
        ready = app.wait_for(tmp_path / "ready.json", 40)
        window = app.window("towersim xtest")
        app.xdotool("mousemove", "--window", window, *map(str, ready["high"]))
        time.sleep(0.3)
        app.xdotool("key", "1")  # pick up the first block of the bank
        time.sleep(0.3)
        (hx, hy), (_lx, ly) = ready["high"], ready["low"]
        for k in range(1, 31):  # glide down to just above the tower, as a hand would
            y = hy + (ly - hy) * k / 30
            app.xdotool("mousemove", "--window", window, str(hx), str(round(y)))
            time.sleep(0.05)
        time.sleep(1.5)  # let the piece steady
        app.xdotool("click", "1")  # the real click releases it
        settled = app.wait_for(tmp_path / "settled.json", 40)
        assert settled["message"].startswith("Verdict:")
        app.xdotool("key", "Return")  # confirm
        result = app.wait_for(tmp_path / "result.json", 20)
        place = result["actions"][-1]
        assert place["type"] == "place" and place["block"] == ready["block"] and place["path"]
        events = result["events"]
        placed = [e for e in events if e["type"] == "place"][-1]
        assert placed["block"] == ready["block"] and placed["fallen"] == []
        scored = [e for e in events if e["type"] == "turn_score"][-1]
        assert scored["player"] == "You" and not scored["accident"]
