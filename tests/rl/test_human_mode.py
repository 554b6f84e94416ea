"""render_mode="human" on a real (virtual) display: the environments draw into a window
as they step, and close it."""

from __future__ import annotations

from pathlib import Path

from tests.app.xvfb import needs_xvfb, real_app


@needs_xvfb
def test_environments_draw_into_a_window_as_they_step(tmp_path: Path) -> None:
    with real_app("tests.rl.xwindow_env_driver", tmp_path) as app:
        result = app.wait_for(tmp_path / "result.json", 90)
    assert result == {
        "solo_render": True,
        "solo_open": True,
        "solo_closed": True,
        "pettingzoo_open": True,
        "stand_render": True,
        "stand_open": True,
    }
